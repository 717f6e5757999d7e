"""Actions a player can take, as frozen records, the phases of a hand, and the legal moves.

``Kind`` and ``Phase`` are closed sets (StrEnums whose values are the words of
docs/scenarios.md). The module-level names ``DRAW``, ``START``… (``OWES`` for
``Phase.SLAP_DISCARD``) are their members, for the engine's hot path, where looking a member
up on its enum class costs several times a global lookup.
"""

from __future__ import annotations

from enum import StrEnum
from typing import Any, NamedTuple

from bot.engine.cards import FIRST_JOKER, card_text, cards_in, mask_of, nth_card, parse_card
from bot.engine.rules import MAX_JOKERS, MAX_PLAYERS


class Kind(StrEnum):
    """What an action does (``do`` in docs/scenarios.md)."""

    DRAW = "draw"
    TAKE = "take"
    SPREAD = "spread"
    HIT = "hit"
    DISCARD = "discard"
    DROP = "drop"
    CLAIM = "claim"
    SLAP = "slap"
    SLAP_DISCARD = "slap_discard"


class Phase(StrEnum):
    """Where a hand stands (S7, O43).

    ``start``: the player to act may drop, draw or take (or claim a chicago 49); ``play``: they
    have drawn and may spread, hit and discard; ``slap_discard``: a slapper owes the extra
    discard of O43 before the player to act starts the turn; ``over``: the hand has ended.
    """

    START = "start"
    PLAY = "play"
    SLAP_DISCARD = "slap_discard"
    OVER = "over"


DRAW = Kind.DRAW
TAKE = Kind.TAKE
SPREAD = Kind.SPREAD
HIT = Kind.HIT
DISCARD = Kind.DISCARD
DROP = Kind.DROP
CLAIM = Kind.CLAIM
SLAP = Kind.SLAP
SLAP_DISCARD = Kind.SLAP_DISCARD
_SEVERAL_CARDS = frozenset({SPREAD, HIT})
_ONE_CARD = frozenset({DISCARD, SLAP_DISCARD, TAKE, SLAP})
_ONTO_SPREAD = frozenset({HIT, SLAP})
_NOTATION = {
    kind: (kind.value, kind in _SEVERAL_CARDS, kind in _ONE_CARD, kind in _ONTO_SPREAD)
    for kind in Kind
}
"""Each kind's ``do`` word, whether it names several cards, one card, a spread: what
``Action.to_json`` writes, looked up once per action (a finished hand's log is converted
whole when it is recorded)."""
_CARD_TEXTS = tuple(card_text(card) for card in range(FIRST_JOKER + MAX_JOKERS))
START = Phase.START
PLAY = Phase.PLAY
OWES = Phase.SLAP_DISCARD
OVER = Phase.OVER


class Action(NamedTuple):
    """One move by the player in ``seat``: ``cards`` is a mask; ``spread`` is the number of the
    spread a hit or a slap goes onto (None for every other kind).

    A named tuple: immutable, and cheap to make on the engine's hot path. Reading a field is
    not (a generic attribute lookup, several times a slot's): the hot path reads each once.
    """

    kind: Kind
    seat: int
    cards: int = 0
    spread: int | None = None

    def to_json(self, players: tuple[str, ...]) -> dict[str, Any]:
        kind, seat, cards, spread = self
        do, several, one, onto = _NOTATION[kind]
        data: dict[str, Any] = {"player": players[seat], "do": do}
        if several:
            data["cards"] = [_CARD_TEXTS[card] for card in cards_in(cards)]
        elif cards and one:
            data["card"] = _CARD_TEXTS[(cards & -cards).bit_length() - 1]
        if onto:
            data["spread"] = spread
        return data

    @staticmethod
    def from_json(data: dict[str, Any], players: tuple[str, ...]) -> Action:
        """An action from docs/scenarios.md's notation; ValueError when it is not one."""
        try:
            kind = Kind(str(data.get("do")))
        except ValueError:
            raise ValueError(f"unknown action {data.get('do')!r}") from None
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
        spread = None
        if kind in (HIT, SLAP):
            if not isinstance(data.get("spread"), int) or isinstance(data.get("spread"), bool):
                raise ValueError(f"{kind} needs a spread number")
            spread = data["spread"]
        return Action.of(kind, players.index(player), cards, spread)

    @staticmethod
    def of(kind: Kind, seat: int, cards: int = 0, spread: int | None = None) -> Action:
        """This action as the one value the process keeps for it, when it keeps one: the
        whole-hand moves, and a discard or take of one card, of each seat (an Action is
        immutable, so every hand's log can hold the same value: a logged draw or discard
        costs a hand one reference, not a new record). Any other action is made anew."""
        if spread is None and 0 <= seat < MAX_PLAYERS:
            if not cards:
                whole = _WHOLE_HAND.get(kind)
                if whole is not None:
                    return whole[seat]
            elif not cards & (cards - 1) and (by_seat := _CARD_ACTIONS.get(kind)) is not None:
                card = cards.bit_length() - 1
                if card < len(by_seat[seat]):
                    return by_seat[seat][card]
        return Action(kind, seat, cards, spread)


PublicMove = Action
"""A move as the table saw it (``Hand.public_moves``): the action itself, except that a
card drawn from the stock stays hidden (S7: a draw's ``cards`` is 0)."""


def public_move(action: Action) -> PublicMove:
    """``action`` as everyone saw it: the action, or the seat's draw with its card hidden."""
    return _WHOLE_HAND[DRAW][action.seat] if action.kind == DRAW else action


tuple_new = tuple.__new__
"""Makes a named tuple from all its fields at C speed (a named tuple's ``__new__`` is Python)."""

# The whole-hand moves on offer, in ``actions`` order, for each combination of the four flags.
_FLAGS: tuple[tuple[Kind, ...], ...] = tuple(
    tuple(k for k, bit in ((DROP, 1), (CLAIM, 2), (DRAW, 4), (TAKE, 8)) if bits & bit)
    for bits in range(16)
)


# Ready-made actions for the moves ``LegalMoves.action`` hands out and hands log most (an
# Action is immutable, so one value serves every hand): the whole-hand moves, and the
# one-card discards and takes (a take is logged with the card it took), by kind, seat and
# card. ``Action.of`` hands them out too.
_WHOLE_HAND = {
    kind: tuple(Action(kind, seat) for seat in range(MAX_PLAYERS))
    for kind in (DROP, CLAIM, DRAW, TAKE)
}
_CARD_ACTIONS = {
    kind: tuple(
        tuple(Action(kind, seat, 1 << c) for c in range(FIRST_JOKER + MAX_JOKERS))
        for seat in range(MAX_PLAYERS)
    )
    for kind in (DISCARD, SLAP_DISCARD, TAKE)
}
_DISCARDS = _CARD_ACTIONS[DISCARD]
_SLAP_DISCARDS = _CARD_ACTIONS[SLAP_DISCARD]
TAKES = _CARD_ACTIONS[TAKE]
"""The take of each card by each seat as a hand logs it (``TAKES[seat][card]``)."""


class LegalMoves(NamedTuple):
    """What one seat may do now, from the engine's own checks.

    In the start phase: ``drop``, ``draw``, ``take`` and ``claim``. In the play phase:
    ``spreads`` (every spread that can be laid, as masks), ``hits`` (every single card that
    can be added to a spread, as (spread number, card)), ``discards`` (a mask).
    ``slaps`` are the spreads the top discard can be slapped onto, out of turn;
    ``slap_discards`` the cards the seat that slapped may discard now. ``flags`` are the
    whole-hand moves on offer and ``size`` the number of actions: ``len`` gives it (not the
    number of fields). Make one with ``of``. Immutable: the engine hands the same value to
    several queries.
    """

    phase: Phase
    drop: bool
    draw: bool
    take: bool
    claim: bool
    spreads: tuple[int, ...]
    hits: tuple[tuple[int, int], ...]
    discards: int
    slaps: tuple[int, ...]
    slap_discards: int
    flags: tuple[Kind, ...]
    size: int

    @classmethod
    def of(
        cls,
        phase: Phase,
        drop: bool = False,
        draw: bool = False,
        take: bool = False,
        claim: bool = False,
        spreads: tuple[int, ...] = (),
        hits: tuple[tuple[int, int], ...] = (),
        discards: int = 0,
        slaps: tuple[int, ...] = (),
        slap_discards: int = 0,
    ) -> LegalMoves:
        """The legal moves with these parts, ``flags`` and ``size`` worked out."""
        flags = _FLAGS[drop | claim << 1 | draw << 2 | take << 3]
        size = (
            len(flags)
            + len(spreads)
            + len(hits)
            + discards.bit_count()
            + len(slaps)
            + slap_discards.bit_count()
        )
        parts = (phase, drop, draw, take, claim, spreads, hits, discards, slaps, slap_discards)
        return tuple_new(cls, (*parts, flags, size))

    def __len__(self) -> int:
        """How many actions ``actions`` lists."""
        return self.size

    def action(self, seat: int, index: int) -> Action:
        """``actions(seat)[index]``, without building the list (for fast random play)."""
        if flags := self.flags:
            if index < len(flags):
                return _WHOLE_HAND[flags[index]][seat]
            index -= len(flags)
        if spreads := self.spreads:
            if index < len(spreads):
                return tuple_new(Action, (SPREAD, seat, spreads[index], None))
            index -= len(spreads)
        if hits := self.hits:
            if index < len(hits):
                spread, c = hits[index]
                return tuple_new(Action, (HIT, seat, 1 << c, spread))
            index -= len(hits)
        if discards := self.discards:
            count = discards.bit_count()
            if index < count:
                return _DISCARDS[seat][nth_card(discards, index)]
            index -= count
        if slaps := self.slaps:
            if index < len(slaps):
                return tuple_new(Action, (SLAP, seat, 0, slaps[index]))
            index -= len(slaps)
        if index < (cards := self.slap_discards).bit_count():
            return _SLAP_DISCARDS[seat][nth_card(cards, index)]
        raise IndexError(index)

    def actions(self, seat: int) -> list[Action]:
        """Every action these legal moves offer (single-card hits, one discard per card)."""
        return [self.action(seat, i) for i in range(self.size)]

    def __bool__(self) -> bool:
        return self.size > 0


NO_MOVES = {phase: LegalMoves.of(phase) for phase in Phase}
"""The empty legal moves of each phase (shared: a query that finds nothing allocates nothing)."""

START_MOVES = tuple(LegalMoves.of(START, bool(bits & 1), True, bool(bits & 2)) for bits in range(4))
"""The start-phase moves without a claim or a slap, by ``drop | take << 1`` (shared)."""
