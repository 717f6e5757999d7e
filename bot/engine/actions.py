"""Actions a player can take, as frozen records, and the legal-move summary of a seat."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, NamedTuple

from bot.engine.cards import card_list, card_text, mask_of, parse_card

DRAW = "draw"
TAKE = "take"
SPREAD = "spread"
HIT = "hit"
DISCARD = "discard"
DROP = "drop"
CLAIM = "claim"
SLAP = "slap"
SLAP_DISCARD = "slap_discard"
KINDS = (DRAW, TAKE, SPREAD, HIT, DISCARD, DROP, CLAIM, SLAP, SLAP_DISCARD)


class Action(NamedTuple):
    """One move by the player in ``seat``: ``cards`` is a mask, ``spread`` a spread number.

    A named tuple: immutable, and cheap to make on the engine's hot path.
    """

    kind: str
    seat: int
    cards: int = 0
    spread: int = -1

    def to_json(self, players: tuple[str, ...]) -> dict[str, Any]:
        data: dict[str, Any] = {"player": players[self.seat], "do": self.kind}
        if self.kind in (SPREAD, HIT):
            data["cards"] = [card_text(c) for c in card_list(self.cards)]
        if self.kind in (DISCARD, SLAP_DISCARD) or (self.kind in (TAKE, SLAP) and self.cards):
            data["card"] = card_text(card_list(self.cards)[0])
        if self.kind in (HIT, SLAP):
            data["spread"] = self.spread
        return data

    @staticmethod
    def from_json(data: dict[str, Any], players: tuple[str, ...]) -> Action:
        """An action from docs/scenarios.md's notation; ValueError when it is not one."""
        kind = data.get("do")
        if kind not in KINDS:
            raise ValueError(f"unknown action {kind!r}")
        player = data.get("player")
        if player not in players:
            raise ValueError(f"unknown player {player!r}")
        cards = 0
        if kind in (SPREAD, HIT):
            names = data.get("cards")
            if not isinstance(names, list) or not names:
                raise ValueError(f"{kind} needs a list of cards")
            parsed = [parse_card(str(n)) for n in names]
            if len(set(parsed)) != len(parsed):
                raise ValueError(f"{kind} names a card twice")
            cards = mask_of(parsed)
        if kind in (DISCARD, SLAP_DISCARD):
            if not isinstance(data.get("card"), str):
                raise ValueError(f"{kind} needs a card")
            cards = 1 << parse_card(data["card"])
        if kind in (TAKE, SLAP) and isinstance(data.get("card"), str):  # a saved log names it
            cards = 1 << parse_card(data["card"])
        spread = -1
        if kind in (HIT, SLAP):
            if not isinstance(data.get("spread"), int) or isinstance(data.get("spread"), bool):
                raise ValueError(f"{kind} needs a spread number")
            spread = data["spread"]
        return Action(kind, players.index(player), cards, spread)


@dataclass(slots=True)
class LegalMoves:
    """What one seat may do now, from the engine's own checks.

    In the start phase: ``drop``, ``draw``, ``take`` and ``claim``. In the play phase:
    ``spreads`` (every spread that can be laid, as masks), ``hits`` (every single card that
    can be added to a spread, as (spread number, card)), ``discards`` (a mask).
    ``slaps`` are the spreads the top discard can be slapped onto, out of turn.
    A fresh value on every query (not frozen, because it is made on the hot path).
    """

    phase: str
    drop: bool = False
    draw: bool = False
    take: bool = False
    claim: bool = False
    spreads: tuple[int, ...] = ()
    hits: tuple[tuple[int, int], ...] = ()
    discards: int = 0
    slaps: tuple[int, ...] = ()
    slap_discards: int = 0
    flags: tuple[str, ...] = field(init=False, repr=False, compare=False)
    size: int = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        flags: tuple[str, ...] = (DROP,) if self.drop else ()
        if self.claim:
            flags += (CLAIM,)
        if self.draw:
            flags += (DRAW,)
        if self.take:
            flags += (TAKE,)
        self.flags = flags
        self.size = (
            len(flags)
            + len(self.spreads)
            + len(self.hits)
            + self.discards.bit_count()
            + len(self.slaps)
            + self.slap_discards.bit_count()
        )

    def __len__(self) -> int:
        """How many actions ``actions`` lists."""
        return self.size

    def action(self, seat: int, index: int) -> Action:
        """``actions(seat)[index]``, without building the list (for fast random play)."""
        flags = self.flags
        if index < len(flags):
            return Action(flags[index], seat)
        index -= len(flags)
        if index < len(self.spreads):
            return Action(SPREAD, seat, self.spreads[index])
        index -= len(self.spreads)
        if index < len(self.hits):
            spread, c = self.hits[index]
            return Action(HIT, seat, 1 << c, spread)
        index -= len(self.hits)
        discards = self.discards.bit_count()
        if index < discards:
            return Action(DISCARD, seat, _nth_bit(self.discards, index))
        index -= discards
        if index < len(self.slaps):
            return Action(SLAP, seat, 0, self.slaps[index])
        index -= len(self.slaps)
        if index < self.slap_discards.bit_count():
            return Action(SLAP_DISCARD, seat, _nth_bit(self.slap_discards, index))
        raise IndexError(index)

    def actions(self, seat: int) -> list[Action]:
        """Every action these legal moves offer (single-card hits, one discard per card)."""
        return [self.action(seat, i) for i in range(len(self))]

    def __bool__(self) -> bool:
        return len(self) > 0


def _nth_bit(mask: int, index: int) -> int:
    """The mask of the ``index``-th lowest set bit of ``mask``."""
    for _ in range(index):
        mask &= mask - 1
    return mask & -mask
