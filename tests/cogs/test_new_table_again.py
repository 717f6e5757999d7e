"""**New table** under a closed table's message: a table opens in the same channel with the
closed one's rules, stake, seats and turn timer, hosted by whoever pressed it; after a
restart too, never beside a table already open, and never with the Big One still on."""

from __future__ import annotations

from pathlib import Path

from bot.tables.table import Table
from tests.cogs.helpers import button_labels, is_open, make_bot, open_table, quiet, table_in
from tests.fakediscord import FakeDiscord, run_bot


def setup(table: Table) -> tuple[object, ...]:
    """What a new table takes over from the closed one."""
    return (
        table.rules.preset,
        table.rules.overrides(),
        table.stake,
        table.max_seats,
        table.turn_timeout,
    )


async def test_new_table_reopens_the_closed_tables_rules_for_whoever_presses_it(
    fake_discord: FakeDiscord, sqlite_store: Path
) -> None:
    fake = fake_discord
    guild = fake.add_guild("Casino", channels=["tonk"])
    ann, bob, cat = (fake.add_member(guild, name) for name in ("ann", "bob", "cat"))
    channel = guild.channel("tonk")
    database = f"sqlite+aiosqlite:///{sqlite_store}"
    async with run_bot(fake, make_bot(database_url=database)) as bot:
        first = await open_table(ann, [bob], preset="chicago", stake=5, seats=3, turn_timeout="60")
        changed = await ann.slash("tonk", "settings", option="catch", value="alt5")
        assert not changed.ephemeral, changed.content
        before = setup(table_in(bot, channel))
        assert before[1] == {"catch": "alt5"}
        await ann.slash("tonk", "end")
        await quiet(fake, bot)
        assert not is_open(bot, channel)
        assert "**New table** opens another one here" in first.text()
        assert button_labels(first) == {"New table": True}

        again = await cat.click(first, "New table")
        assert again.message is not None and not again.ephemeral
        second = again.message
        assert second.id != first.id and "Hosted by cat. 1 of 3 seats taken" in second.text()
        assert setup(table_in(bot, channel)) == before

        taken = await bob.click(first, "New table")
        assert taken.ephemeral and taken.content.startswith("This channel already has a table: <")
        assert table_in(bot, channel).seats[0].name == "cat"

    async with run_bot(fake, make_bot(database_url=database)) as bot:
        await cat.slash("tonk", "end")
        await quiet(fake, bot)
        third = await bob.click(first, "New table")
        assert third.message is not None and "Hosted by bob." in third.message.text()
        assert setup(table_in(bot, channel)) == before


async def test_a_big_one_does_not_carry_over_and_memory_keeps_the_last_table_per_channel(
    fake_discord: FakeDiscord, sqlite_store: Path
) -> None:
    """The Big One was announced for the closed table's last hands: the new table plays at
    the ordinary stakes. A bot without a database keeps each channel's last closed table,
    and refuses an older one in words."""
    fake = fake_discord
    guild = fake.add_guild("Casino", channels=["tonk"])
    ann, bob = (fake.add_member(guild, name) for name in ("ann", "bob"))
    channel = guild.channel("tonk")
    database = f"sqlite+aiosqlite:///{sqlite_store}"
    async with run_bot(fake, make_bot(database_url=database)) as bot:
        first = await open_table(ann, [bob])
        await ann.click(first, "Start")
        announced = await ann.slash("tonk", "bigone", hands=2)
        assert not announced.ephemeral, announced.content
        assert table_in(bot, channel).big_one_left == 2
        await ann.slash("tonk", "end")
        await quiet(fake, bot)
        closed = next(m for m in fake.messages_in(channel) if "New table" in m.text())
        again = await bob.click(closed, "New table")
        assert again.message is not None
        table = table_in(bot, channel)
        assert table.big_one_left == 0 and not table.rules.big_one

    guild = fake.add_guild("Elsewhere", channels=["tonk"])
    dan, eve = (fake.add_member(guild, name) for name in ("dan", "eve"))
    elsewhere = guild.channel("tonk")
    async with run_bot(fake, make_bot()) as bot:  # no database: the journal is in memory
        older = await open_table(dan, [eve], stake=3)
        await dan.slash("tonk", "end")
        await quiet(fake, bot)
        last = (await eve.click(older, "New table")).message
        assert last is not None and table_in(bot, elsewhere).stake == 3
        await eve.slash("tonk", "end")
        await quiet(fake, bot)
        refused = await dan.click(older, "New table")  # memory keeps the channel's last one
        assert refused.ephemeral
        assert refused.content == "That button belongs to a table that is closed."
        reopened = await dan.click(last, "New table")
        assert reopened.message is not None and table_in(bot, elsewhere).stake == 3
