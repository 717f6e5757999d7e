"""The servers the bot welcomed (``welcomed_guild``, revision 0021), on both backends: a
server that added the bot after the bot began to keep its welcomes is welcomed once for each
join; one it joined before then, never at a start."""

from __future__ import annotations

import asyncio

from bot.store import Store

from .raw import fetch


async def test_each_join_since_the_welcomes_are_kept_is_welcomed_once(
    store: Store, store_url: str
) -> None:
    [(since,)] = fetch(store_url, "SELECT since FROM welcome_since")
    before, after, later = since - 60.0, since + 60.0, since + 120.0
    joined = {1: before, 2: after, 3: after}
    assert await store.unwelcomed(joined) == [2, 3]  # server 1 had the bot before
    assert await store.claim_welcome(2, after)
    assert not await store.claim_welcome(2, after)  # taken: nobody posts it twice
    assert await store.unwelcomed(joined) == [3]
    joined[2] = later  # server 2 removed the bot and added it again
    assert await store.unwelcomed(joined) == [2, 3]
    assert await store.claim_welcome(2, later)
    assert not await store.claim_welcome(2, after)  # an older join changes nothing
    assert fetch(store_url, "SELECT guild_id, joined_at FROM welcomed_guild") == [(2, later)]


async def test_two_processes_claiming_one_welcome_take_it_once(store_url: str) -> None:
    """Two stores (as two shard processes would) claim the same server's welcome at once:
    exactly one takes it."""
    [(since,)] = fetch(store_url, "SELECT since FROM welcome_since")
    first, second = await Store.open(store_url), await Store.open(store_url)
    try:
        claims = [store.claim_welcome(7, since + 1.0) for store in (first, second) * 4]
        assert sorted(await asyncio.gather(*claims)) == [False] * 7 + [True]
    finally:
        await first.close()
        await second.close()
