"""``player_totals``: how one finished hand changes a member's row, and the leaderboard.

Counters: ``net_chips`` adds the payout; ``hands_played`` adds 1; ``hands_won`` adds 1 for a
win; ``tonk_outs``, ``drops_won`` and ``instant_wins`` add 1 for a win whose outcome is
``tonk_out``, ``drop_won`` or ``instant_win``; ``times_caught`` adds 1 for the caught dropper;
``matches_won`` adds 1 for the winner of the push-up match the hand ended (H10).

Streaks: a win adds 1 to ``current_streak`` (and ``best_streak`` keeps the maximum); a hand
lost with chips paid (not won, payout < 0) resets it to 0; a hand neither won nor paid for
(payout 0: a dead hand, a thrown-in hand, a push) leaves it as it was, since nothing was
lost.

The update is one upsert per player (``INSERT … ON CONFLICT DO UPDATE`` on both backends),
evaluated by the database against the row as it stands, so it never works from a stale read.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from sqlalchemy import ColumnElement, Connection, Row, and_, case, func, or_, select, tuple_
from sqlalchemy.ext.asyncio import AsyncConnection
from sqlmodel import col

from bot.engine.settle import Ending
from bot.store.hands import HandResult, PlayerResult
from bot.store.models import PlayerTotals
from bot.store.reports import LeaderboardOrder, PlayerRecord, Standing
from bot.store.sql.dialect import greatest, upsert
from bot.store.sql.prepared import Prepared

_COUNTED_WINS = {
    Ending.TONK_OUT: "tonk_outs",
    Ending.DROP_WON: "drops_won",
    Ending.INSTANT_WIN: "instant_wins",
}


def _totals_rows(result: HandResult) -> list[dict[str, Any]]:
    """One upsert parameter row per human player of ``result`` (bots have no totals)."""
    return [_totals_row(result.guild_id, player) for player in result.players if not player.is_bot]


def _totals_row(guild_id: int, player: PlayerResult) -> dict[str, Any]:
    won = int(player.won)
    row: dict[str, Any] = {
        "guild_id": guild_id,
        "user_id": player.user_id,
        "display_name": player.name,
        "net_chips": player.payout,
        "hands_played": 1,
        "hands_won": won,
        "times_caught": int(player.caught),
        "current_streak": won,
        "best_streak": won,
        "matches_won": int(player.won_match),
    }
    for outcome, column in _COUNTED_WINS.items():
        row[column] = int(player.won and player.how == outcome)
    return row


def _totals_upsert(dialect: str) -> Any:
    """Statement adding one hand's rows from :func:`_totals_rows` to the stored totals.

    In the ``DO UPDATE`` clause ``excluded`` is this hand's row and bare columns are the
    stored values before the update, so ``excluded.net_chips`` is the payout and
    ``excluded.hands_won`` is 1 for a win.
    """
    statement = upsert(dialect, PlayerTotals)
    hand = statement.excluded
    won = hand.hands_won == 1
    streak = col(PlayerTotals.current_streak)
    summed = (
        "net_chips",
        "hands_played",
        "hands_won",
        "tonk_outs",
        "drops_won",
        "times_caught",
        "instant_wins",
        "matches_won",
    )
    changes: dict[str, Any] = {name: getattr(PlayerTotals, name) + hand[name] for name in summed}
    changes["display_name"] = hand.display_name
    changes["current_streak"] = case((won, streak + 1), (hand.net_chips < 0, 0), else_=streak)
    changes["best_streak"] = greatest(
        dialect, col(PlayerTotals.best_streak), case((won, streak + 1), else_=0)
    )
    return statement.on_conflict_do_update(
        index_elements=[col(PlayerTotals.guild_id), col(PlayerTotals.user_id)], set_=changes
    )


_TOTALS_UPSERT = Prepared(_totals_upsert)


def add_hands(connection: Connection, results: Sequence[HandResult]) -> None:
    """Add each of ``results``, in order, to the totals of its human players (one upsert
    per player and hand, all sent as one ``executemany``)."""
    _TOTALS_UPSERT.executemany(
        connection, [row for result in results for row in _totals_rows(result)]
    )


RANKED_BY: dict[LeaderboardOrder, tuple[str, str]] = {
    "chips": ("net_chips", "hands_won"),
    "wins": ("hands_won", "net_chips"),
    "win_rate": ("win_score", "hands_played"),
    "tonks": ("tonk_outs", "hands_won"),
    "matches": ("matches_won", "hands_won"),
}
"""Each leaderboard ordering: two columns, descending, then the user id ascending; the
column list of one ``ix_player_totals_by_*`` index, which the pages are read off."""


def _ranking(by: LeaderboardOrder) -> tuple[Any, Any, Any]:
    first, second = RANKED_BY[by]
    return getattr(PlayerTotals, first), getattr(PlayerTotals, second), col(PlayerTotals.user_id)


def _order(by: LeaderboardOrder, backwards: bool) -> tuple[ColumnElement[Any], ...]:
    first, second, user = _ranking(by)
    if backwards:
        return first.asc(), second.asc(), user.desc()
    return first.desc(), second.desc(), user.asc()


async def leaderboard_rows(
    connection: AsyncConnection,
    guild_id: int,
    by: LeaderboardOrder,
    min_hands: int,
    limit: int,
    *,
    offset: int = 0,
    after: int | None = None,
    before: int | None = None,
) -> tuple[list[PlayerRecord], bool] | None:
    """``limit`` records of the board and whether more follow; None if the anchor is gone.

    With ``after`` (or ``before``), the records right after (before) that member's, read
    by seeking the ordering's index to the member's key: the cost does not grow with the
    page number. Otherwise the records from ``offset`` on. Nothing counts the board.
    """
    conditions: list[ColumnElement[bool]] = [col(PlayerTotals.guild_id) == guild_id]
    if by == "win_rate":
        conditions.append(col(PlayerTotals.hands_played) >= min_hands)
    anchor = after if after is not None else before
    if anchor is not None:
        seek = await _seek(connection, guild_id, by, anchor, forward=after is not None)
        if seek is None:
            return None
        conditions.extend(seek)
    query = select(PlayerTotals).where(*conditions).order_by(*_order(by, before is not None))
    if before is not None:
        rows = (await connection.execute(query.limit(limit))).all()
        return [_player_record(row) for row in reversed(rows)], True
    rows = (await connection.execute(query.limit(limit + 1).offset(offset))).all()
    return [_player_record(row) for row in rows[:limit]], len(rows) > limit


async def _seek(
    connection: AsyncConnection, guild_id: int, by: LeaderboardOrder, user_id: int, forward: bool
) -> list[ColumnElement[bool]] | None:
    """Conditions selecting the rows after (``forward``) or before the member's row.

    The row comparison on the two descending columns is what the index seeks to; the exact
    condition then drops the few rows that tie with the anchor on both and fall on its
    other side by user id.
    """
    first, second, user = _ranking(by)
    key = (
        await connection.execute(
            select(first, second).where(col(PlayerTotals.guild_id) == guild_id, user == user_id)
        )
    ).first()
    if key is None:
        return None
    a, b = key
    if forward:
        return [
            tuple_(first, second) <= tuple_(a, b),
            or_(
                first < a,
                and_(first == a, second < b),
                and_(first == a, second == b, user > user_id),
            ),
        ]
    return [
        tuple_(first, second) >= tuple_(a, b),
        or_(first > a, and_(first == a, second > b), and_(first == a, second == b, user < user_id)),
    ]


async def player_totals(
    connection: AsyncConnection, guild_id: int, user_id: int
) -> PlayerRecord | None:
    """The member's totals in the guild, if they finished a hand there."""
    row = (
        await connection.execute(
            select(PlayerTotals).where(
                col(PlayerTotals.guild_id) == guild_id, col(PlayerTotals.user_id) == user_id
            )
        )
    ).first()
    return None if row is None else _player_record(row)


async def chips_rank(connection: AsyncConnection, player: PlayerRecord) -> int:
    """The member's place on the chips leaderboard (same ordering, 1 = top)."""
    ahead = ahead_on_chips(
        col(PlayerTotals.net_chips), col(PlayerTotals.hands_won), col(PlayerTotals.user_id), player
    )
    count = await connection.execute(
        select(func.count())
        .select_from(PlayerTotals)
        .where(col(PlayerTotals.guild_id) == player.guild_id, ahead)
    )
    place: int = count.scalar_one() + 1
    return place


def ahead_on_chips(chips: Any, wins: Any, user: Any, player: Standing) -> ColumnElement[bool]:
    """Rows ranked above ``player`` on a chips board: more chips, then more wins, then the
    lower user id."""
    return or_(
        chips > player.net_chips,
        and_(chips == player.net_chips, wins > player.hands_won),
        and_(chips == player.net_chips, wins == player.hands_won, user < player.user_id),
    )


def _player_record(row: Row[Any]) -> PlayerRecord:
    return PlayerRecord(
        guild_id=row.guild_id,
        user_id=row.user_id,
        display_name=row.display_name,
        net_chips=row.net_chips,
        hands_played=row.hands_played,
        hands_won=row.hands_won,
        tonk_outs=row.tonk_outs,
        drops_won=row.drops_won,
        times_caught=row.times_caught,
        instant_wins=row.instant_wins,
        current_streak=row.current_streak,
        best_streak=row.best_streak,
        win_score=row.win_score,
        matches_won=row.matches_won,
    )
