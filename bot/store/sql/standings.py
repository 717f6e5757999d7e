"""The leaderboard of a period: each member's figures summed from the hands finished in it.

The all-time board is read off ``player_totals``; a week's or a month's is summed here from
``hand`` and ``hand_player``. The index ``ix_hand_guild_finished`` finds the period's hands
in the guild, and each hand's seats are read by its primary key, so the cost grows with the
hands of the period, not with the server's whole history. Computer players' seats are left
out (they have no totals), as are the seats of a forgotten member (which no longer name
them). Members are named as on the all-time board: their latest name.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from sqlalchemy import (
    BindParameter,
    ColumnElement,
    Label,
    Select,
    and_,
    bindparam,
    case,
    func,
    select,
)
from sqlalchemy.ext.asyncio import AsyncConnection
from sqlmodel import col

from bot.engine.settle import Ending
from bot.store.models import (
    WIN_RATE_PRIOR_HANDS,
    WIN_RATE_PRIOR_WINS,
    HandPlayerRow,
    HandRow,
    PlayerTotals,
)
from bot.store.reports import LeaderboardOrder, PlayerRecord, RecentHand, Span, Standing
from bot.store.sql.hands import finished_in
from bot.store.sql.totals import RANKED_BY, ahead_on_chips

_user = col(HandPlayerRow.user_id)
_played = func.count()
_won = func.sum(case((col(HandPlayerRow.is_winner), 1), else_=0))
_score = (_won + float(WIN_RATE_PRIOR_WINS)) / (_played + float(WIN_RATE_PRIOR_HANDS))
"""The weighted win rate of ``PlayerTotals.win_score``, over the period's hands."""
_tonks = func.sum(
    case(
        (and_(col(HandPlayerRow.is_winner), col(HandPlayerRow.how) == Ending.TONK_OUT), 1),
        else_=0,
    )
)
"""Hands won by a tonk (``PlayerTotals.tonk_outs``), over the period's hands."""
_matches = func.sum(case((col(HandPlayerRow.won_match), 1), else_=0))
"""Push-up matches won (``PlayerTotals.matches_won``), over the period's hands."""

_SUMS: tuple[Label[Any], ...] = (
    _user.label("user_id"),
    func.sum(col(HandPlayerRow.payout)).label("net_chips"),
    _played.label("hands_played"),
    _won.label("hands_won"),
    _score.label("win_score"),
    _tonks.label("tonk_outs"),
    _matches.label("matches_won"),
)


def _order(columns: Any, by: LeaderboardOrder) -> tuple[ColumnElement[Any], ...]:
    """The all-time board's ordering (``totals.RANKED_BY``) on the named ``columns``."""
    first, second = RANKED_BY[by]
    return columns[first].desc(), columns[second].desc(), columns["user_id"].asc()


async def _sums(connection: AsyncConnection, guild_id: int, span: Span) -> Select[Any] | None:
    """Each member's sums over the guild's hands that ``span`` counts; None if there are
    none.

    The seats are also bounded below by the first of those hands' id, found first and
    written into the statement (not sent as a parameter, which a prepared statement's
    generic plan could not see): PostgreSQL's planner then reads the period's seats by the
    primary key of ``hand_player`` instead of scanning the whole table (a week's board at
    100,000 hands: 13 ms instead of 88 ms). The first id is the minimum of ``id + 0``: over
    ``id`` itself PostgreSQL would walk the primary key from the oldest hand until one falls
    in the period, instead of reading the period's few hands off ``ix_hand_guild_finished``.
    """
    in_period = (col(HandRow.guild_id) == guild_id, *finished_in(span))
    first = (
        await connection.execute(select(func.min(col(HandRow.id) + 0)).where(*in_period))
    ).scalar_one()
    if first is None:
        return None
    bound: BindParameter[int] = bindparam("first_hand", int(first), literal_execute=True)
    return (
        select(*_SUMS)
        .select_from(HandRow)
        .join(HandPlayerRow, col(HandPlayerRow.hand_id) == col(HandRow.id))
        .where(
            *in_period,
            col(HandPlayerRow.hand_id) >= bound,
            _user.is_not(None),
            col(HandPlayerRow.is_bot).is_(False),
            col(HandPlayerRow.ranked).is_(True),
        )
        .group_by(_user)
    )


async def period_rows(
    connection: AsyncConnection,
    guild_id: int,
    by: LeaderboardOrder,
    min_hands: int,
    span: Span,
    limit: int,
    offset: int,
) -> tuple[list[Standing], bool]:
    """``limit`` standings from ``offset`` on, over the hands ``span`` counts, and whether
    more follow. ``win_rate`` ranks only members with ``min_hands`` hands in the
    period.

    The page is summed, ordered and cut first; only its rows then look up their names.
    """
    sums = await _sums(connection, guild_id, span)
    if sums is None:
        return [], False
    if by == "win_rate":
        sums = sums.having(_played >= min_hands)
    named = {column.name: column for column in _SUMS}
    page = sums.order_by(*_order(named, by)).limit(limit + 1).offset(offset).subquery()
    query = (
        select(page, col(PlayerTotals.display_name))
        .join(
            PlayerTotals,
            and_(
                col(PlayerTotals.guild_id) == guild_id,
                col(PlayerTotals.user_id) == page.c.user_id,
            ),
        )
        .order_by(*_order(page.c, by))
    )
    rows = (await connection.execute(query)).all()
    standings = [
        Standing(
            guild_id=guild_id,
            user_id=row.user_id,
            display_name=row.display_name,
            net_chips=int(row.net_chips),
            hands_played=int(row.hands_played),
            hands_won=int(row.hands_won),
            tonk_outs=int(row.tonk_outs),
            matches_won=int(row.matches_won),
        )
        for row in rows[:limit]
    ]
    return standings, len(rows) > limit


def period_record(
    guild_id: int, user_id: int, name: str, hands: Sequence[RecentHand]
) -> PlayerRecord:
    """The member's totals over ``hands`` (their period's ranked hands, newest first),
    counted as ``player_totals`` counts them (see ``totals``): a win adds to the streak, a
    hand lost with chips paid ends it, a hand neither won nor paid for leaves it."""
    streak = best = 0
    for hand in reversed(hands):
        if hand.won:
            streak += 1
            best = max(best, streak)
        elif hand.payout < 0:
            streak = 0
    won = sum(hand.won for hand in hands)
    return PlayerRecord(
        guild_id=guild_id,
        user_id=user_id,
        display_name=name,
        net_chips=sum(hand.payout for hand in hands),
        hands_played=len(hands),
        hands_won=won,
        tonk_outs=_wins_by(hands, Ending.TONK_OUT),
        drops_won=_wins_by(hands, Ending.DROP_WON),
        times_caught=sum(hand.caught for hand in hands),
        instant_wins=_wins_by(hands, Ending.INSTANT_WIN),
        current_streak=streak,
        best_streak=best,
        win_score=(won + WIN_RATE_PRIOR_WINS) / (len(hands) + WIN_RATE_PRIOR_HANDS),
        matches_won=sum(hand.won_match for hand in hands),
    )


def _wins_by(hands: Sequence[RecentHand], ending: Ending) -> int:
    return sum(hand.won and hand.how == ending for hand in hands)


async def period_chips_rank(connection: AsyncConnection, span: Span, player: PlayerRecord) -> int:
    """The place on the period's chips board (1 = top, as :func:`period_rows` orders it)
    of a member with hands in the period."""
    summed = await _sums(connection, player.guild_id, span)
    assert summed is not None, "the member has hands in the period"
    sums = summed.subquery()
    ahead = ahead_on_chips(sums.c.net_chips, sums.c.hands_won, sums.c.user_id, player)
    count = await connection.execute(select(func.count()).select_from(sums).where(ahead))
    place: int = count.scalar_one() + 1
    return place
