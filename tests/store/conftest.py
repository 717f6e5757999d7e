"""Fixtures for the store tests: a fresh database per test, on SQLite and on PostgreSQL, and
small builders."""

from __future__ import annotations

from collections.abc import AsyncIterator, Sequence

import pytest

from bot.store import Ending, HandDeal, HandResult, OpenTable, PlayerResult, Store, TableRules

DEAL = HandDeal(
    rules={"preset": "standard", "options": {"spread_bonus": True}},
    dealer=1,
    stake=2,
    order=("10H", "AS", "QC", "2D", "7S", "JH", "3C", "9D", "KS", "4H", "5C", "8D"),
)
"""A deal as a hand records it (a short pack: the store keeps it as it is given)."""


@pytest.fixture
async def store(store_url: str) -> AsyncIterator[Store]:
    """An open store on a fresh database file, closed after the test."""
    opened = await Store.open(store_url)
    yield opened
    await opened.close()


async def open_table(
    store: Store, guild_id: int = 1, channel_id: int = 10, host_id: int = 100
) -> OpenTable:
    """Create a table with a small engine-like state."""
    return await store.create_table(
        guild_id=guild_id,
        channel_id=channel_id,
        host_id=host_id,
        rules=TableRules("standard", {"spread_bonus": True}, 2),
        state={"deck": ["AS", "2H"], "turn": 0},
    )


def player(
    user_id: int,
    payout: int,
    *,
    won: bool = False,
    how: Ending = Ending.TONK_OUT,
    caught: bool = False,
    is_bot: bool = False,
    count: int = 0,
) -> PlayerResult:
    """One seat's result, named after its user id."""
    return PlayerResult(
        user_id=user_id,
        name=f"user{user_id}",
        payout=payout,
        count=count,
        won=won,
        how=how,
        caught=caught,
        is_bot=is_bot,
    )


def hand(
    table: OpenTable,
    hand_number: int,
    players: Sequence[PlayerResult],
    ending: str = "tonk_out",
    deal: HandDeal | None = None,
) -> HandResult:
    """A finished hand at ``table``, dealt by ``deal`` if given."""
    return HandResult(
        guild_id=table.guild_id,
        channel_id=table.channel_id,
        table_id=table.id,
        hand_number=hand_number,
        preset="standard",
        seed=1234567890123456789012,
        ending=ending,
        players=list(players),
        options={"spread_bonus": True},
        action_log=[{"seat": 0, "action": "draw"}, {"seat": 1, "action": "drop"}],
        deal=deal,
    )


def two_player_hand(table: OpenTable, hand_number: int, winner: int, loser: int) -> HandResult:
    """A tonk-out won by ``winner`` paying 2 chips from ``loser``."""
    return hand(
        table,
        hand_number,
        [player(winner, 2, won=True), player(loser, -2, count=15)],
    )
