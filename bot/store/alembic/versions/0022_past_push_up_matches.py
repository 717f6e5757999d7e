"""The push-up matches ended before revision 0020 are counted.

Revision ID: 0022
Revises: 0021

Revision 0020 began to record which hand ended a push-up match (H10) and who won it, and left
every hand recorded before it with none. They are worked out here from what the hands kept,
as the table kept its totals: one total per member, to which each hand adds the member's
points (``hand_player.pushed_up``) or, for a hand paid in chips, their payout. A push-up
match ends with the first hand after which a total of one of its seats reaches the limit
(``push_up_limit`` among the hand's options, 100 if it has none); the seat with the lowest
total wins it (of equal totals, the first seat), and every total starts again at 0.

A table is followed from its first hand for as long as its totals are known. It stops at a
push-up hand without points (one recorded before revision 0009 kept none) or at a seat whose
member was forgotten (their hands can no longer be told apart); its matches ended before
are counted. A hand that already names its match's winner (recorded since revision 0020)
is kept as it is. Each match found adds 1 to its winner's ``player_totals.matches_won``
when the hand counts on the scoreboard (``ranked``) and the winner is not a computer player.
A downgrade keeps them: the matches were won.
"""

from __future__ import annotations

import json
from collections import Counter, defaultdict
from collections.abc import Iterator, Sequence
from typing import NamedTuple

import sqlalchemy as sa
from alembic import op

revision = "0022"
down_revision = "0021"
branch_labels = None
depends_on = None

PUSH_UP = "push_up"
LIMIT = 100
"""H10's limit where a hand's options do not set ``push_up_limit``."""

_hand = sa.table(
    "hand",
    sa.column("id"),
    sa.column("table_id"),
    sa.column("hand_number"),
    sa.column("preset"),
    sa.column("options_json"),
)
_seat = sa.table(
    "hand_player",
    sa.column("hand_id"),
    sa.column("seat"),
    sa.column("guild_id"),
    sa.column("user_id"),
    sa.column("is_bot"),
    sa.column("payout"),
    sa.column("pushed_up"),
    sa.column("ranked"),
    sa.column("won_match"),
)
_totals = sa.table(
    "player_totals", sa.column("guild_id"), sa.column("user_id"), sa.column("matches_won")
)


class _Seat(NamedTuple):
    seat: int
    guild_id: int
    user_id: int | None
    is_bot: bool
    payout: int
    pushed_up: int | None
    ranked: bool
    won_match: bool


class _Hand(NamedTuple):
    id: int
    limit: int | None
    """The push-up limit, or None for a hand paid in chips."""
    seats: tuple[_Seat, ...]


def upgrade() -> None:
    bind = op.get_bind()
    found = [
        (hand, winner)
        for hands in _tables_with_push_up(bind)
        for hand, winner in _matches_found(hands)
    ]
    if found:
        bind.execute(
            _seat.update()
            .where(_seat.c.hand_id == sa.bindparam("h"), _seat.c.seat == sa.bindparam("s"))
            .values(won_match=True),
            [{"h": hand.id, "s": winner.seat} for hand, winner in found],
        )
    counted = Counter(
        (winner.guild_id, winner.user_id)
        for _, winner in found
        if winner.ranked and not winner.is_bot
    )
    for (guild_id, user_id), matches in counted.items():
        bind.execute(
            _totals.update()
            .where(_totals.c.guild_id == guild_id, _totals.c.user_id == user_id)
            .values(matches_won=_totals.c.matches_won + matches)
        )


def downgrade() -> None:
    """Nothing to undo: the matches found were won."""


def _tables_with_push_up(bind: sa.Connection) -> Iterator[list[_Hand]]:
    """The hands, in order, of each table that played a push-up hand."""
    candidates = sa.or_(_hand.c.preset == PUSH_UP, _hand.c.options_json.like(f"%{PUSH_UP}%"))
    tables = sa.select(_hand.c.table_id).where(candidates).distinct()
    rows = bind.execute(
        sa.select(_hand, _seat)
        .join(_seat, _seat.c.hand_id == _hand.c.id)
        .where(_hand.c.table_id.in_(tables))
        .order_by(_hand.c.table_id, _hand.c.hand_number, _seat.c.seat)
    ).all()
    by_table: dict[int, dict[int, list[sa.Row[tuple[object, ...]]]]] = defaultdict(dict)
    for row in rows:
        by_table[row.table_id].setdefault(row.id, []).append(row)
    for hands in by_table.values():
        yield [_hand_of(seats) for seats in hands.values()]


def _hand_of(rows: Sequence[sa.Row[tuple[object, ...]]]) -> _Hand:
    first = rows[0]
    seats = tuple(
        _Seat(
            row.seat,
            row.guild_id,
            row.user_id,
            bool(row.is_bot),
            row.payout,
            row.pushed_up,
            bool(row.ranked),
            bool(row.won_match),
        )
        for row in rows
    )
    return _Hand(first.id, _push_up_limit(first.preset, first.options_json), seats)


def _push_up_limit(preset: str, options_json: str) -> int | None:
    """The limit of a hand of ``preset`` with these stored options if it was scored by
    push-up, else None."""
    try:
        options = json.loads(options_json)
    except ValueError:
        options = {}
    if not isinstance(options, dict):
        options = {}
    scoring = options.get("scoring") or (PUSH_UP if preset == PUSH_UP else "stakes")
    if scoring != PUSH_UP:
        return None
    limit = options.get("push_up_limit", LIMIT)
    return limit if isinstance(limit, int) else LIMIT


def _matches_found(hands: Sequence[_Hand]) -> Iterator[tuple[_Hand, _Seat]]:
    """Each hand of one table (in order) that ended a push-up match no hand names, with the
    seat that won it; up to the first hand whose totals are not known."""
    totals: dict[int, int] = defaultdict(int)
    for hand in hands:
        points = _points(hand)
        if points is None:
            return
        for user_id, added in points:
            totals[user_id] += added
        named = any(s.won_match for s in hand.seats)
        over = hand.limit is not None and max(totals[u] for u, _ in points) >= hand.limit
        if over and not named:
            winner = min(range(len(points)), key=lambda i: totals[points[i][0]])
            yield hand, hand.seats[winner]
        if over or named:
            totals.clear()


def _points(hand: _Hand) -> list[tuple[int, int]] | None:
    """Each seat's member and what the hand added to their total, in seat order; None if a
    member was forgotten or a push-up hand kept no points."""
    points = []
    for seat in hand.seats:
        added = seat.payout if hand.limit is None else seat.pushed_up
        if seat.user_id is None or added is None:
            return None
        points.append((seat.user_id, added))
    return points
