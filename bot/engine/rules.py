"""The rules of a table: one immutable value built from a preset plus option overrides.

Every house rule of docs/guide.md is an option with the name, values and default given there
(``OPTIONS``); every regional game is a preset (``PRESETS``). ``build_rules`` is the
only way to make a ``Rules``: it refuses unknown names, bad values and options that
conflict, with a sentence that names them. The values of every option with a closed set of
words are a ``StrEnum`` (``InstantWin``, ``Catch``…) whose values are the words docs/guide.md gives.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping
from dataclasses import dataclass, replace
from enum import StrEnum
from typing import Any

from bot.i18n.bounds import near, quote, some_of
from bot.i18n.refusal import Refusal


class RulesError(Refusal, ValueError):
    """A preset, option or combination of options that cannot make a table's rules (``key``
    is its sentence's, ``rules.*``)."""


MAX_JOKERS = 4  # O2


@dataclass(frozen=True)
class OptionSpec:
    """One house rule: its name, rule id, allowed values (or integer range) and default."""

    name: str
    rule_id: str
    default: Any
    choices: tuple[Any, ...] = ()
    minimum: int | None = None
    maximum: int | None = None
    value_ids: tuple[tuple[str, str], ...] = ()

    @property
    def is_bool(self) -> bool:
        return isinstance(self.default, bool)

    @property
    def is_int(self) -> bool:
        return isinstance(self.default, int) and not self.is_bool and not self.choices

    def rule_id_of(self, value: object) -> str:
        """The rule id of one value: instant-win and catch schemes have one each (O7-O33)."""
        return dict(self.value_ids).get(str(value), self.rule_id)

    def values_text(self) -> list[str]:
        """The values a player may type, as text."""
        if self.is_bool:
            return ["true", "false"]
        if self.is_int:
            return [str(v) for v in range(self.minimum or 0, (self.maximum or 0) + 1)]
        return [str(v) for v in self.choices]

    def coerce(self, value: object) -> Any:
        """The option's value from JSON or typed text; raises RulesError when it is not one."""
        if self.is_bool:
            if isinstance(value, bool):
                return value
            if isinstance(value, str) and value.lower() in (
                "true",
                "on",
                "yes",
                "false",
                "off",
                "no",
            ):
                return value.lower() in ("true", "on", "yes")
        elif self.is_int:
            number = _as_int(value)
            low, high = self.minimum or 0, self.maximum or 0
            if number is not None and low <= number <= high:
                return number
        else:
            for choice in self.choices:
                if value == choice or (isinstance(value, str) and value.lower() == str(choice)):
                    return choice
                if isinstance(choice, int) and _as_int(value) == choice:
                    return choice
        if self.is_int:
            raise RulesError(
                "rules.bad_number",
                option=self.name,
                value=quote(value),
                low=self.minimum or 0,
                high=self.maximum or 0,
            )
        raise RulesError(
            "rules.bad_value",
            option=self.name,
            value=quote(value),
            allowed=some_of(self.values_text()),
        )


def _as_int(value: object) -> int | None:
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return value
    if isinstance(value, str) and value.strip().lstrip("-").isdigit():
        return int(value)
    return None


class Wilds(StrEnum):
    """O3: which cards are wild."""

    NONE = "none"
    DEUCES_JOKERS = "deuces_jokers"


class FaceValues(StrEnum):
    """O4: what J, Q and K count."""

    TEN = "ten"
    RANK = "rank"


class InstantWin(StrEnum):
    """The instant-win schemes on the deal, S6 and O7-O18 (one per table)."""

    STANDARD = "standard"
    FIFTY_DOUBLE = "fifty_double"
    LOW15 = "low15"
    LOW9_TRIPLE = "low9_triple"
    LOW9_ONLY = "low9_only"
    LOW13 = "low13"
    WASHINGTON_DC = "washington_dc"
    NEW_JERSEY = "new_jersey"
    LOUISIANA = "louisiana"
    FIVE_FACES = "five_faces"
    CHICAGO = "chicago"
    WASHINGTON_STATE = "washington_state"
    NONE = "none"


class Big50Tie(StrEnum):
    """O17b: several chicago big 50s."""

    DEAD_HAND = "dead_hand"
    FIRST_FROM_DEALER = "first_from_dealer"


class MustSpread(StrEnum):
    """O19: whether a spread held in hand must be laid before discarding."""

    OFF = "off"
    ON = "on"
    ON_EXCEPT_ACES = "on_except_aces"


class TonkOutPays(StrEnum):
    """O21: what going out without a final discard pays."""

    DOUBLE = "double"
    SECOND_SPREAD_ONLY = "second_spread_only"
    SINGLE = "single"


class Stakes(StrEnum):
    """O22: the standard stakes, or Indiana's nickel/dime game."""

    STANDARD = "standard"
    INDIANA = "indiana"


class Catch(StrEnum):
    """The schemes for a caught dropper, S11c and O25-O33 (one per table)."""

    STANDARD = "standard"
    ALT1 = "alt1"
    ALT2 = "alt2"
    ALT3 = "alt3"
    ALT4 = "alt4"
    ALT5 = "alt5"
    INDIANA = "indiana"
    CHICAGO = "chicago"
    WASHINGTON_STATE = "washington_state"


class StockOut(StrEnum):
    """O34: what happens when a player draws from the empty stock."""

    LOWEST_WINS = "lowest_wins"
    DEAD_HAND = "dead_hand"


class StockOutTie(StrEnum):
    """O35: several players tied lowest when the stock runs out."""

    SPLIT = "split"
    DEAD_HAND = "dead_hand"


class Scoring(StrEnum):
    """O42: stakes paid each hand, or push-up points."""

    STAKES = "stakes"
    PUSH_UP = "push_up"


class Slap(StrEnum):
    """O43: slapping a playable discard onto a spread."""

    OFF = "off"
    RACE = "race"
    NEXT_PLAYER_PRIORITY = "next_player_priority"


OPTIONS: dict[str, OptionSpec] = {
    spec.name: spec
    for spec in (
        OptionSpec("deck", "O1", 52, choices=(52, 40)),
        OptionSpec("jokers", "O2", 0, minimum=0, maximum=MAX_JOKERS),
        OptionSpec("wilds", "O3", Wilds.NONE, choices=tuple(Wilds)),
        OptionSpec("face_values", "O4", FaceValues.TEN, choices=tuple(FaceValues)),
        OptionSpec("hand_size", "O5", 5, choices=(5, 7)),
        OptionSpec("upcard", "O6", True),
        OptionSpec(
            "instant_win",
            "O7",
            InstantWin.STANDARD,
            choices=tuple(InstantWin),
            value_ids=tuple(
                zip(list(InstantWin)[:-1], [f"O{i}" for i in range(7, 19)], strict=True)
            ),
        ),
        OptionSpec("chicago_big50_tie", "O17b", Big50Tie.DEAD_HAND, choices=tuple(Big50Tie)),
        OptionSpec("chicago_49_pays", "O17c", 1, choices=(1, 2)),
        OptionSpec("must_spread", "O19", MustSpread.OFF, choices=tuple(MustSpread)),
        OptionSpec("no_fourth_to_book", "O20", False),
        OptionSpec("one_hit_per_turn", "O20", False),
        OptionSpec("hit_ends_turn", "O20", False),
        OptionSpec("discard_must_meld", "O20", False),
        OptionSpec("tonk_out_pays", "O21", TonkOutPays.DOUBLE, choices=tuple(TonkOutPays)),
        OptionSpec("stakes", "O22", Stakes.STANDARD, choices=tuple(Stakes)),
        OptionSpec("first_turn_two_spreads", "O23", False),
        OptionSpec("chicago_breaking", "O24", False),
        OptionSpec(
            "catch",
            "O25",
            Catch.STANDARD,
            choices=tuple(Catch),
            value_ids=tuple(zip(Catch, [f"O{i}" for i in range(25, 34)], strict=True)),
        ),
        OptionSpec("stock_out", "O34", StockOut.LOWEST_WINS, choices=tuple(StockOut)),
        OptionSpec("stock_out_tie", "O35", StockOutTie.SPLIT, choices=tuple(StockOutTie)),
        OptionSpec("boobed", "O36", False),
        OptionSpec("wait_after_spread", "O37", 0, minimum=0, maximum=5),
        OptionSpec("wait_after_hit", "O38", 0, minimum=0, maximum=5),
        OptionSpec("wait_hit_once_per_round", "O39", False),
        OptionSpec("hit_blocks_going_out", "O40", False),
        OptionSpec("wait_after_own_hit", "O41", True),
        OptionSpec("scoring", "O42", Scoring.STAKES, choices=tuple(Scoring)),
        OptionSpec("push_up_limit", "H10", 100, minimum=10, maximum=1000),
        OptionSpec("slap", "O43", Slap.OFF, choices=tuple(Slap)),
        OptionSpec("big_one", "O44", False),
    )
}

PRESETS: dict[str, tuple[str, dict[str, Any]]] = {
    "standard": ("P1", {}),
    "washington_dc": ("P2", {"instant_win": "washington_dc"}),
    "new_jersey": ("P3", {"instant_win": "new_jersey", "first_turn_two_spreads": True}),
    "louisiana": ("P4", {"deck": 40, "instant_win": "louisiana"}),
    "indiana": (
        "P5",
        {
            "instant_win": "five_faces",
            "stakes": "indiana",
            "catch": "indiana",
            "boobed": True,
            "stock_out_tie": "dead_hand",
        },
    ),
    "chicago": (
        "P6",
        {
            "wilds": "deuces_jokers",
            "instant_win": "chicago",
            "upcard": False,
            "chicago_breaking": True,
            "catch": "chicago",
        },
    ),
    "washington_state": (
        "P7",
        {
            "instant_win": "washington_state",
            "wait_after_hit": 1,
            "wait_after_own_hit": False,
            "catch": "washington_state",
        },
    ),
    "push_up": ("P8", {"scoring": "push_up"}),
    "seattle": ("P9", {"hand_size": 7}),
    "seven_card_40": ("P10", {"hand_size": 7, "deck": 40}),
    "waiting": ("P11", {"wait_after_spread": 3, "wait_after_hit": 1}),
}

# O4: with J=11, Q=12, K=13 the 49 and 50 instant wins are not allowed.
RANK_VALUE_SCHEMES = (InstantWin.NONE, InstantWin.LOW9_ONLY, InstantWin.FIVE_FACES)
MIN_PLAYERS = 2
MAX_PLAYERS = 6


@dataclass(frozen=True)
class Rules:
    """The rules in force at a table. Field names and values are docs/guide.md's option names."""

    preset: str = "standard"
    deck: int = 52
    jokers: int = 0
    wilds: Wilds = Wilds.NONE
    face_values: FaceValues = FaceValues.TEN
    hand_size: int = 5
    upcard: bool = True
    instant_win: InstantWin = InstantWin.STANDARD
    chicago_big50_tie: Big50Tie = Big50Tie.DEAD_HAND
    chicago_49_pays: int = 1
    must_spread: MustSpread = MustSpread.OFF
    no_fourth_to_book: bool = False
    one_hit_per_turn: bool = False
    hit_ends_turn: bool = False
    discard_must_meld: bool = False
    tonk_out_pays: TonkOutPays = TonkOutPays.DOUBLE
    stakes: Stakes = Stakes.STANDARD
    first_turn_two_spreads: bool = False
    chicago_breaking: bool = False
    catch: Catch = Catch.STANDARD
    stock_out: StockOut = StockOut.LOWEST_WINS
    stock_out_tie: StockOutTie = StockOutTie.SPLIT
    boobed: bool = False
    wait_after_spread: int = 0
    wait_after_hit: int = 0
    wait_hit_once_per_round: bool = False
    hit_blocks_going_out: bool = False
    wait_after_own_hit: bool = True
    scoring: Scoring = Scoring.STAKES
    push_up_limit: int = 100
    slap: Slap = Slap.OFF
    big_one: bool = False

    @property
    def joker_count(self) -> int:
        """O2, O3: deuces_jokers adds the two jokers unless more were asked for."""
        if self.wilds == Wilds.DEUCES_JOKERS:
            return max(self.jokers, 2)
        return self.jokers

    @property
    def waiting(self) -> bool:
        return self.wait_after_spread > 0 or self.wait_after_hit > 0

    def options(self) -> dict[str, Any]:
        """Every option with its value."""
        return {name: getattr(self, name) for name in OPTIONS}

    def overrides(self) -> dict[str, Any]:
        """The options that differ from the preset this table started from (a new dict)."""
        return dict(self._overrides)

    @functools.cached_property
    def _overrides(self) -> dict[str, Any]:
        """Computed once per (frozen) rules value: every save of a table asks for them."""
        base = preset_rules(self.preset)
        return {k: v for k, v in self.options().items() if getattr(base, k) != v}

    def differences_from_standard(self) -> dict[str, Any]:
        return {k: v for k, v in self.options().items() if OPTIONS[k].default != v}

    def to_json(self) -> dict[str, Any]:
        return {"preset": self.preset, "options": self.overrides()}

    def with_option(self, name: str, value: object) -> Rules:
        """These rules with one option changed (checked as ``build_rules`` checks)."""
        return build_rules(self.preset, {**self.overrides(), name: value})


@functools.cache
def preset_rules(preset: str) -> Rules:
    """The rules of ``preset`` (one shared frozen value per preset: ``overrides`` and
    ``to_json`` compare against it on every save)."""
    if preset not in PRESETS:
        raise RulesError("rules.unknown_preset", preset=quote(preset), known=", ".join(PRESETS))
    options = PRESETS[preset][1]
    return replace(Rules(), preset=preset, **{k: OPTIONS[k].coerce(v) for k, v in options.items()})


def build_rules(preset: str = "standard", options: Mapping[str, object] | None = None) -> Rules:
    """The rules of ``preset`` with ``options`` applied, or RulesError saying what is wrong."""
    base = preset_rules(preset)
    changes: dict[str, Any] = {}
    for name, value in (options or {}).items():
        spec = OPTIONS.get(name)
        if spec is None:
            raise unknown_option(name)
        changes[name] = spec.coerce(value)
    rules = replace(base, **changes)
    check_conflicts(rules)
    return rules


def unknown_option(name: str) -> RulesError:
    """The refusal of an option name that does not exist, suggesting the nearest one."""
    close = near(name, list(OPTIONS))
    if close:
        return RulesError("rules.unknown_option_near", option=quote(name), near=close[0])
    return RulesError("rules.unknown_option", option=quote(name))


def rules_from_json(data: Mapping[str, Any]) -> Rules:
    return build_rules(str(data.get("preset", "standard")), data.get("options") or {})


def check_conflicts(rules: Rules) -> None:
    """Refuse options that cannot be played together, naming both."""
    if rules.face_values == FaceValues.RANK and rules.instant_win not in RANK_VALUE_SCHEMES:
        raise RulesError(
            "rules.conflict_rank_values",
            scheme=rules.instant_win,
            allowed=", ".join(RANK_VALUE_SCHEMES),
        )
    if rules.hit_blocks_going_out and rules.wait_after_hit == 0:
        raise RulesError("rules.conflict_hit_blocks")
    if rules.wait_hit_once_per_round and rules.wait_after_hit == 0:
        raise RulesError("rules.conflict_once_per_round")
    if rules.stakes == Stakes.INDIANA and rules.tonk_out_pays != TonkOutPays.DOUBLE:
        raise RulesError("rules.conflict_indiana_rum", value=rules.tonk_out_pays)
    if rules.boobed and rules.stock_out == StockOut.DEAD_HAND:
        raise RulesError("rules.conflict_boobed_stock_out")
