"""What renderers may see of a table: the public snapshot and one player's private hand.

``public_table`` is the only input of everything shown in a channel. It is built from the
engine's ``seat_view`` and keeps no card of any hand while the hand is on; once the hand is
over every hand is shown (S7, S11c). ``private_hand`` is for one player's eyes only.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from bot.engine.actions import DISCARD, SLAP_DISCARD, SPREAD, Action, LegalMoves
from bot.engine.actions import PublicMove as EngineMove
from bot.engine.hand import OVER, START, Hand
from bot.engine.rules import Rules
from bot.engine.settle import Result
from bot.engine.view import SeatView, seat_view
from bot.tables.hints import advisable, hints_offered
from bot.tables.table import PLAYING, Status, Table

RECENT_MOVES = 5


@dataclass(frozen=True, slots=True)
class PublicSeat:
    """A seat as everyone sees it; ``cards`` is None for a player not in the hand, ``bot``
    marks a computer player."""

    name: str
    cards: int | None
    balance: int
    waits: int
    host: bool
    dealer: bool
    to_act: bool
    leaving: bool
    bot: bool = False


@dataclass(frozen=True, slots=True)
class PublicMove:
    """A move in words: ``cards`` is 0 for a card drawn from the stock (it stays hidden)."""

    kind: str
    player: str
    cards: int
    spread: int | None
    auto: bool


@dataclass(frozen=True, slots=True)
class PublicSpread:
    """A spread on the table, numbered from 1 as players see it."""

    number: int
    owner: str
    cards: int


@dataclass(frozen=True, slots=True)
class StartMoves:
    """The start-of-turn moves the table message offers to the player to act."""

    draw: bool = False
    take: bool = False
    drop: bool = False


@dataclass(frozen=True, slots=True)
class HandOutcome:
    """A finished hand: per player (in seat order) the hand shown, its count and payout."""

    number: int
    names: tuple[str, ...]
    result: Result
    hands: tuple[int, ...]
    balances: tuple[int, ...]
    match_winner: str | None


@dataclass(frozen=True, slots=True)
class CutView:
    """One round of the cut for deal, by name."""

    cuts: tuple[tuple[str, int], ...]


@dataclass(frozen=True, slots=True)
class PublicTable:
    """Everything the channel may see of a table."""

    table_id: int
    version: int
    status: Status
    host: str
    rules: Rules
    stake: int
    max_seats: int
    turn_timeout: float | None
    hand_number: int
    seats: tuple[PublicSeat, ...]
    spreads: tuple[PublicSpread, ...]
    top_discard: int | None
    stock_size: int
    moves: tuple[PublicMove, ...]
    turn_deadline: float | None
    start_moves: StartMoves
    to_act: str | None
    cut: tuple[CutView, ...]
    outcome: HandOutcome | None
    session: tuple[tuple[str, int], ...] = ()
    """The people who played this session, in the order they sat down, with their balance
    (computer players left out: nobody settles up with one)."""
    private: bool = False
    """Whether only the members the host invites may join (``Table.private``)."""
    invited: tuple[str, ...] = ()
    """The names of the members invited who do not sit at the table, in the order invited."""


@dataclass(frozen=True, slots=True)
class PrivateHand:
    """One player's own view: their cards, legal moves and what the selected cards allow."""

    table: PublicTable
    hand_number: int
    cards: int
    count: int
    legal: LegalMoves
    my_turn: bool
    drop_barred: bool
    selection: int = 0
    can_spread: bool = False
    can_discard: bool = False
    can_slap_discard: bool = False
    hit_targets: tuple[int, ...] = ()
    hint: bool = False
    """Whether the player may ask for a hint now (``bot.tables.hints``)."""


def public_table(table: Table) -> PublicTable:
    """The public snapshot of ``table`` (no hand's cards while the hand is on)."""
    hand = table.hand
    view = seat_view(hand, hand.to_act) if hand is not None else None
    live = view is not None and table.status == PLAYING and view.phase != OVER
    return PublicTable(
        table_id=table.id,
        version=table.version,
        status=table.status,
        host=table.name_of(table.host_id),
        rules=table.rules,
        stake=table.stake,
        max_seats=table.max_seats,
        turn_timeout=table.turn_timeout,
        hand_number=table.hand_number,
        seats=_seats(table, view),
        spreads=_spreads(table, view),
        top_discard=view.top_discard if view else None,
        stock_size=view.stock_size if view else 0,
        moves=_moves(table, view),
        turn_deadline=table.turn_deadline if live else None,
        start_moves=_start_moves(view) if live and view is not None else StartMoves(),
        to_act=table.name_of(table.to_act_id) if table.to_act_id is not None else None,
        cut=tuple(
            CutView(tuple(zip((table.name_of(p) for p in r.players), r.cards, strict=True)))
            for r in table.cut
        ),
        outcome=_outcome(table) if view is not None and view.phase == OVER else None,
        session=tuple(
            (table.name_of(user), chips)
            for user, chips in table.balances.items()
            if not table.is_bot(user)
        ),
        private=table.private,
        invited=tuple(name for user, name in table.invited.items() if not table.is_seated(user)),
    )


def private_hand(
    table: Table, user_id: int, selection: int = 0, public: PublicTable | None = None
) -> PrivateHand | None:
    """``user_id``'s own hand in the hand in play, or None when they are not playing in it.

    ``selection`` (a mask of cards the player picked) is asked of the engine: may it be
    laid as a spread, discarded, or added to which spreads (numbered from 0)? ``public`` is
    the table's public snapshot when the caller has it already.
    """
    hand = table.hand
    seat = table.hand_seat(user_id)
    if hand is None or seat is None:
        return None
    view = seat_view(hand, seat)
    selection &= view.hand
    single = selection.bit_count() == 1
    return PrivateHand(
        table=public or public_table(table),
        hand_number=table.hand_number,
        cards=view.hand,
        count=view.count,
        legal=view.legal,
        my_turn=table.to_act_id == user_id,
        drop_barred=view.drop_barred,
        selection=selection,
        can_spread=bool(selection) and hand.can(Action(SPREAD, seat, selection)),
        can_discard=single and hand.can(Action(DISCARD, seat, selection)),
        can_slap_discard=single and hand.can(Action(SLAP_DISCARD, seat, selection)),
        hit_targets=tuple(hand.hit_targets(seat, selection)),
        hint=hints_offered(table, user_id) and advisable(table, user_id, view.legal),
    )


def hand_key(table: Table, user_id: int) -> tuple[object, ...]:
    """What a player's DM shows, in short: the hand number, their cards, whether it is over."""
    hand = table.hand
    seat = table.hand_seat(user_id)
    if hand is None or seat is None:
        return (table.hand_number,)
    return (table.hand_number, hand.hands[seat], hand.over)


def private_key(table: Table, user_id: int) -> tuple[object, ...]:
    """What a player's private views (DM, panel) show, in short: it changes when their cards
    change, when their turn begins, moves on or ends, and when a hand ends or is dealt. With
    slapping on, every move may offer a slap, so it changes with every move."""
    hand = table.hand
    seat = table.hand_seat(user_id)
    if hand is None or seat is None:
        return (table.hand_number,)
    mine = hand.to_act == seat and not hand.over
    key: tuple[object, ...] = (
        table.hand_number,
        hand.hands[seat],
        hand.phase if mine else "",
        mine,
        hand.over,
        hand.owes == seat,
    )
    if table.rules.slap != "off":
        key += (hand.version,)
    return key


def _seats(table: Table, view: SeatView | None) -> tuple[PublicSeat, ...]:
    players = table.hand_players if view is not None else ()
    live = view is not None and table.status == PLAYING
    seated = [s.user_id for s in table.seats]
    order = [*players, *(u for u in seated if u not in players)] if live else seated
    seats = []
    for user_id in order:
        seat = players.index(user_id) if live and user_id in players else None
        seats.append(
            PublicSeat(
                name=table.name_of(user_id),
                cards=view.card_counts[seat] if view is not None and seat is not None else None,
                balance=table.balances.get(user_id, 0),
                waits=view.waits[seat] if view is not None and seat is not None else 0,
                host=user_id == table.host_id,
                dealer=user_id == table.dealer_id,
                to_act=user_id == table.to_act_id,
                leaving=user_id in table.leaving,
                bot=table.is_bot(user_id),
            )
        )
    return tuple(seats)


def _spreads(table: Table, view: SeatView | None) -> tuple[PublicSpread, ...]:
    if view is None:
        return ()
    players = table.hand_players
    return tuple(
        PublicSpread(i + 1, table.name_of(players[owner]), cards)
        for i, (owner, cards) in enumerate(view.spreads)
    )


def moves_since(table: Table, hand: Hand, first: int) -> tuple[PublicMove, ...]:
    """The public record of ``hand``'s moves from the ``first``-th on, in names (the engine's
    ``public_moves``: a card drawn from the stock stays hidden)."""
    return _named(table, hand, hand.public_moves()[first:], first)


def _moves(table: Table, view: SeatView | None) -> tuple[PublicMove, ...]:
    if view is None or table.hand is None:
        return ()
    first = max(0, len(view.moves) - RECENT_MOVES)
    return _named(table, table.hand, view.moves[first:], first)


def _named(
    table: Table, hand: Hand, moves: Sequence[EngineMove], first: int
) -> tuple[PublicMove, ...]:
    """Moves with the player's name, and whether each was played automatically."""
    return tuple(
        PublicMove(
            m.kind,
            table.name_of(int(hand.players[m.seat])),
            m.cards,
            m.spread,
            first + i in table.auto_moves,
        )
        for i, m in enumerate(moves)
    )


def _start_moves(view: SeatView) -> StartMoves:
    """Draw, take and drop for the player to act. Taking is offered whenever the pile has a
    card: with ``discard_must_meld`` whether it may be taken depends on the hand, which the
    channel must not learn (the engine refuses it with a sentence)."""
    if view.phase == OVER or view.legal.phase != START:
        return StartMoves()
    return StartMoves(draw=view.legal.draw, take=view.top_discard is not None, drop=view.legal.drop)


def _outcome(table: Table) -> HandOutcome | None:
    record = table.last_hand
    if record is None or record.number != table.hand_number:
        return None
    return HandOutcome(
        number=record.number,
        names=tuple(table.name_of(u) for u in record.players),
        result=record.result,
        hands=record.hands,
        balances=record.balances,
        match_winner=table.name_of(record.match_winner) if record.match_winner else None,
    )
