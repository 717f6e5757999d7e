"""Discord's shard rule, and which guilds a process with some shards serves."""

from __future__ import annotations

import pytest

from bot.shards import Shards, shard_of

MS = 1 << 22
"""A snowflake's timestamp starts at bit 22: the low bits never choose the shard."""


def test_the_shard_of_a_guild_is_its_timestamp_modulo_the_shard_count() -> None:
    assert shard_of(12_345 * MS, 10) == 5
    assert shard_of(12_345 * MS + MS - 1, 10) == 5
    assert shard_of(12_346 * MS, 10) == 6
    assert shard_of(197_038_439_483_310_086, 1) == 0
    assert shard_of(197_038_439_483_310_086, 2) == (197_038_439_483_310_086 >> 22) % 2


def test_a_process_with_some_shards_serves_only_their_guilds() -> None:
    shards = Shards(count=3, ids=(0, 2))
    assert [shards.owns(n * MS) for n in range(6)] == [True, False, True, True, False, True]


def test_direct_messages_travel_on_shard_zero() -> None:
    assert Shards(count=2, ids=(0,)).owns(None)
    assert not Shards(count=2, ids=(1,)).owns(None)


def test_without_shard_ids_a_process_serves_every_guild() -> None:
    assert all(Shards().owns(n * MS) for n in range(4))
    assert all(Shards(count=4).owns(n * MS) for n in range(4))


def test_a_process_takes_its_shards_part_of_the_request_budget() -> None:
    assert Shards().share == 1.0
    assert Shards(count=4).share == 1.0
    assert Shards(count=4, ids=(0, 2)).share == 0.5
    assert Shards(count=3, ids=(1,)).share == pytest.approx(1 / 3)
