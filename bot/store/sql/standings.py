"""The leaderboard of a period: each member's figures summed from the hands finished in it.

The all-time board is read off ``player_totals``; a week's or a month's is summed here from
``hand`` and ``hand_player``. The index ``ix_hand_guild_finished`` finds the period's hands
in the guild, and each hand's seats are read by its primary key, so the cost grows with the
hands of the period, not with the server's whole history. Computer players' seats are left
out (they have no totals), as are the seats of a forgotten member (which no longer name
them). Members are named as on the all-time board: their latest name.
"""

from __future__ import annotations

from typing import Any

from sqlalchemy import ColumnElement, Label, and_, case, func, select
from sqlalchemy.ext.asyncio import AsyncConnection
from sqlmodel import col

from bot.store.models import (
    WIN_RATE_PRIOR_HANDS,
    WIN_RATE_PRIOR_WINS,
    HandPlayerRow,
    HandRow,
    PlayerTotals,
)
from bot.store.reports import LeaderboardOrder, Standing
from bot.store.sql.totals import RANKED_BY

_user = col(HandPlayerRow.user_id)
_played = func.count()
_won = func.sum(case((col(HandPlayerRow.is_winner), 1), else_=0))
_score = (_won + float(WIN_RATE_PRIOR_WINS)) / (_played + float(WIN_RATE_PRIOR_HANDS))
"""The weighted win rate of ``PlayerTotals.win_score``, over the period's hands."""

_SUMS: tuple[Label[Any], ...] = (
    _user.label("user_id"),
    func.sum(col(HandPlayerRow.payout)).label("net_chips"),
    _played.label("hands_played"),
    _won.label("hands_won"),
    _score.label("win_score"),
)


def _order(columns: Any, by: LeaderboardOrder) -> tuple[ColumnElement[Any], ...]:
    """The all-time board's ordering (``totals.RANKED_BY``) on the named ``columns``."""
    first, second = RANKED_BY[by]
    return columns[first].desc(), columns[second].desc(), columns["user_id"].asc()


async def period_rows(
    connection: AsyncConnection,
    guild_id: int,
    by: LeaderboardOrder,
    min_hands: int,
    since: float,
    limit: int,
    offset: int,
) -> tuple[list[Standing], bool]:
    """``limit`` standings from ``offset`` on, over the hands finished at ``since`` or later,
    and whether more follow. ``win_rate`` ranks only members with ``min_hands`` hands in the
    period.

    The page is summed, ordered and cut first; only its rows then look up their names.
    """
    sums = (
        select(*_SUMS)
        .select_from(HandRow)
        .join(HandPlayerRow, col(HandPlayerRow.hand_id) == col(HandRow.id))
        .where(
            col(HandRow.guild_id) == guild_id,
            col(HandRow.finished_at) >= since,
            _user.is_not(None),
            col(HandPlayerRow.is_bot).is_(False),
        )
        .group_by(_user)
    )
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
        )
        for row in rows[:limit]
    ]
    return standings, len(rows) > limit
