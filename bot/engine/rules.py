"""The rules of a table: one immutable value built from a preset plus option overrides.

Every house rule of docs/guide.md is an option with the name, values and default given there
(``OPTIONS``); every regional game is a preset (``PRESETS``). ``build_rules`` is the
only way to make a ``Rules``: it refuses unknown names, bad values and options that
conflict, with a sentence that names them.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any

from bot.i18n import render
from bot.i18n.bounds import near, quote, some_of


class RulesError(ValueError):
    """A preset, option or combination of options that cannot make a table's rules."""

    def __init__(self, key: str, **params: object) -> None:
        self.key = key
        self.params = params
        super().__init__(render(key, params))


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


INSTANT_WIN_SCHEMES = (
    "standard",
    "fifty_double",
    "low15",
    "low9_triple",
    "low9_only",
    "low13",
    "washington_dc",
    "new_jersey",
    "louisiana",
    "five_faces",
    "chicago",
    "washington_state",
    "none",
)
CATCH_SCHEMES = (
    "standard",
    "alt1",
    "alt2",
    "alt3",
    "alt4",
    "alt5",
    "indiana",
    "chicago",
    "washington_state",
)

OPTIONS: dict[str, OptionSpec] = {
    spec.name: spec
    for spec in (
        OptionSpec("deck", "O1", 52, choices=(52, 40)),
        OptionSpec("jokers", "O2", 0, minimum=0, maximum=4),
        OptionSpec("wilds", "O3", "none", choices=("none", "deuces_jokers")),
        OptionSpec("face_values", "O4", "ten", choices=("ten", "rank")),
        OptionSpec("hand_size", "O5", 5, choices=(5, 7)),
        OptionSpec("upcard", "O6", True),
        OptionSpec(
            "instant_win",
            "O7",
            "standard",
            choices=INSTANT_WIN_SCHEMES,
            value_ids=tuple(
                zip(INSTANT_WIN_SCHEMES[:-1], [f"O{i}" for i in range(7, 19)], strict=True)
            ),
        ),
        OptionSpec(
            "chicago_big50_tie", "O17b", "dead_hand", choices=("dead_hand", "first_from_dealer")
        ),
        OptionSpec("chicago_49_pays", "O17c", 1, choices=(1, 2)),
        OptionSpec("must_spread", "O19", "off", choices=("off", "on", "on_except_aces")),
        OptionSpec("no_fourth_to_book", "O20", False),
        OptionSpec("one_hit_per_turn", "O20", False),
        OptionSpec("hit_ends_turn", "O20", False),
        OptionSpec("discard_must_meld", "O20", False),
        OptionSpec(
            "tonk_out_pays", "O21", "double", choices=("double", "second_spread_only", "single")
        ),
        OptionSpec("stakes", "O22", "standard", choices=("standard", "indiana")),
        OptionSpec("first_turn_two_spreads", "O23", False),
        OptionSpec("chicago_breaking", "O24", False),
        OptionSpec(
            "catch",
            "O25",
            "standard",
            choices=CATCH_SCHEMES,
            value_ids=tuple(zip(CATCH_SCHEMES, [f"O{i}" for i in range(25, 34)], strict=True)),
        ),
        OptionSpec("stock_out", "O34", "lowest_wins", choices=("lowest_wins", "dead_hand")),
        OptionSpec("stock_out_tie", "O35", "split", choices=("split", "dead_hand")),
        OptionSpec("boobed", "O36", False),
        OptionSpec("wait_after_spread", "O37", 0, minimum=0, maximum=5),
        OptionSpec("wait_after_hit", "O38", 0, minimum=0, maximum=5),
        OptionSpec("wait_hit_once_per_round", "O39", False),
        OptionSpec("hit_blocks_going_out", "O40", False),
        OptionSpec("wait_after_own_hit", "O41", True),
        OptionSpec("scoring", "O42", "stakes", choices=("stakes", "push_up")),
        OptionSpec("push_up_limit", "H10", 100, minimum=10, maximum=1000),
        OptionSpec("slap", "O43", "off", choices=("off", "race", "next_player_priority")),
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
RANK_VALUE_SCHEMES = ("none", "low9_only", "five_faces")
MIN_PLAYERS = 2
MAX_PLAYERS = 6


@dataclass(frozen=True)
class Rules:
    """The rules in force at a table. Field names and values are docs/guide.md's option names."""

    preset: str = "standard"
    deck: int = 52
    jokers: int = 0
    wilds: str = "none"
    face_values: str = "ten"
    hand_size: int = 5
    upcard: bool = True
    instant_win: str = "standard"
    chicago_big50_tie: str = "dead_hand"
    chicago_49_pays: int = 1
    must_spread: str = "off"
    no_fourth_to_book: bool = False
    one_hit_per_turn: bool = False
    hit_ends_turn: bool = False
    discard_must_meld: bool = False
    tonk_out_pays: str = "double"
    stakes: str = "standard"
    first_turn_two_spreads: bool = False
    chicago_breaking: bool = False
    catch: str = "standard"
    stock_out: str = "lowest_wins"
    stock_out_tie: str = "split"
    boobed: bool = False
    wait_after_spread: int = 0
    wait_after_hit: int = 0
    wait_hit_once_per_round: bool = False
    hit_blocks_going_out: bool = False
    wait_after_own_hit: bool = True
    scoring: str = "stakes"
    push_up_limit: int = 100
    slap: str = "off"
    big_one: bool = False

    @property
    def joker_count(self) -> int:
        """O2, O3: deuces_jokers adds the two jokers unless more were asked for."""
        if self.wilds == "deuces_jokers":
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
    return replace(Rules(), preset=preset, **PRESETS[preset][1])


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
    if rules.face_values == "rank" and rules.instant_win not in RANK_VALUE_SCHEMES:
        raise RulesError(
            "rules.conflict_rank_values",
            scheme=rules.instant_win,
            allowed=", ".join(RANK_VALUE_SCHEMES),
        )
    if rules.hit_blocks_going_out and rules.wait_after_hit == 0:
        raise RulesError("rules.conflict_hit_blocks")
    if rules.wait_hit_once_per_round and rules.wait_after_hit == 0:
        raise RulesError("rules.conflict_once_per_round")
    if rules.stakes == "indiana" and rules.tonk_out_pays != "double":
        raise RulesError("rules.conflict_indiana_rum", value=rules.tonk_out_pays)
    if rules.boobed and rules.stock_out == "dead_hand":
        raise RulesError("rules.conflict_boobed_stock_out")
