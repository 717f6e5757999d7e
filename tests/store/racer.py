"""One of two processes racing on one database (``test_processes.py``): waits for ``go`` on
standard input, then tries every hand and every table version once, as fast as it can, and
prints what landed as JSON."""

from __future__ import annotations

import asyncio
import json
import sys

from bot.store import StaleVersion, Store, TableCommit
from tests.store.conftest import two_player_hand


async def race(url: str, channel_id: int, rounds: int) -> dict[str, list[int]]:
    async with await Store.open(url) as store:
        table = await store.get_open_table(channel_id)
        assert table is not None
        print("ready", flush=True)
        await asyncio.to_thread(sys.stdin.readline)
        hands, versions, stale = [], [], []
        for number in range(1, rounds + 1):
            if await store.record_hand(two_player_hand(table, number, 201, 202)):
                hands.append(number)
            try:
                await store.commit_table(TableCommit(table.id, number, entry={"n": number}))
            except StaleVersion:
                stale.append(number)
            else:
                versions.append(number)
        return {"hands": hands, "versions": versions, "stale": stale}


if __name__ == "__main__":
    result = asyncio.run(race(sys.argv[1], int(sys.argv[2]), int(sys.argv[3])))
    print(json.dumps(result), flush=True)
