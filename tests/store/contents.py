"""A store filled with one of everything (``fill``), and what a store serves, as values
that compare (``contents``): a copy, a backup or a restore serves the same as its source."""

from __future__ import annotations

from typing import Any

from bot.members import HandOrder, MemberSettings
from bot.store import Store, TableCommit
from tests.store.conftest import DEAL, hand, open_table, player, two_player_hand

JOINED = 4_000_000_000.0
"""When the bot joined servers 1 and 2 (in 2096: after any database here began to keep its
welcomes); ``fill`` welcomes server 2."""


async def fill(url: str) -> None:
    """Settings, two members' settings, two seasons, a closed table, two open tables (one
    with a log), three hands (one with its deal), a server welcomed."""
    async with await Store.open(url) as store:
        await store.update_guild_settings(1, stake=5, allowed_channel_ids=[10, 11])
        await store.set_member_settings(1, 201, MemberSettings(language="ro"))
        await store.set_member_settings(2, 301, MemberSettings(dms=False, order=HandOrder.RANK))
        table = await open_table(store, channel_id=10)
        await store.start_season(1, now=1_000.0)
        assert await store.record_hand(two_player_hand(table, 1, 201, 202))
        await store.start_season(1)
        assert await store.record_hand(
            hand(table, 2, [player(202, 3, won=True), player(201, -2), player(203, -1)], deal=DEAL)
        )
        await store.close_table(table.id, "done")
        other = await open_table(store, channel_id=11)
        await store.commit_table(TableCommit(other.id, 1, entry={"moves": [1]}))
        await store.commit_table(TableCommit(other.id, 2, entry={"moves": [2]}))
        third = await open_table(store, guild_id=2, channel_id=20)
        assert await store.record_hand(two_player_hand(third, 1, 301, 302))
        assert await store.claim_welcome(2, JOINED)


async def contents(url: str) -> dict[str, Any]:
    """What the store serves from ``url``, as comparable values."""
    async with await Store.open(url) as store:
        loaded = await store.load_open_tables()
        return {
            "settings": [await store.get_guild_settings(g) for g in (1, 2)],
            "members": await store.member_settings(),
            "tables": [(t.id, t.channel_id, t.version, t.state, t.log) for t in loaded.tables],
            "boards": [await store.leaderboard(g) for g in (1, 2)],
            "seasons": [await store.seasons(g) for g in (1, 2)],
            "unwelcomed": await store.unwelcomed(dict.fromkeys((1, 2), JOINED)),
            "history": [await store.history(1, 10), await store.history(2, 20)],
            "replays": [
                await store.hand_replay(guild_id, summary.hand_uid)
                for guild_id, channel_id in ((1, 10), (2, 20))
                for summary in await store.history(guild_id, channel_id)
            ],
        }
