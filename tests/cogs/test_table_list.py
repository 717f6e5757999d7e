"""``/tonk tables``: the server's open tables, in the channels the member can see."""

from __future__ import annotations

import discord

from bot.i18n import text
from tests.cogs.helpers import (
    button_labels,
    clock,
    make_bot,
    open_table,
    quiet,
    table_in,
    table_message,
)
from tests.fakediscord import FakeDiscord, run_bot


async def test_the_list_shows_this_servers_tables_that_the_member_can_see(
    fake_discord: FakeDiscord,
) -> None:
    fake = fake_discord
    casino = fake.add_guild("Casino", channels=["tonk", "poker", "secret"])
    other = fake.add_guild("Other", channels=["tonk"])
    tonk, poker, secret = (casino.channel(n) for n in ("tonk", "poker", "secret"))
    ann, bob, cat, dan = (fake.add_member(casino, n) for n in ("ann", "bob", "cat", "dan"))
    zed = fake.add_member(other, "zed")
    async with run_bot(fake, make_bot()) as bot:
        empty = await dan.slash("tonk", "tables")
        assert empty.ephemeral and empty.embed_titles == ["0 open tables"]
        assert "No table is open in a channel you can see" in empty.embeds[0]["description"]

        lobby = await open_table(ann, [])
        clock(bot).advance(60)  # the most recently active table comes first
        played = await open_table(bob.at(poker), [cat])
        await bob.at(poker).click(played, "Start")
        await open_table(ann.at(secret), [])
        await open_table(zed, [])
        await fake.deny(secret, dan.user.id, discord.Permissions(view_channel=True))
        await quiet(fake, bot)

        shown = await dan.slash("tonk", "tables")
        assert shown.ephemeral and shown.embed_titles == ["2 open tables"]
        lines = shown.embeds[0]["description"].split("\n")
        assert lines[0].startswith(f"<#{poker.id}> · hosted by **bob** · playing hand 1 · ")
        assert lines[1].startswith(
            f"<#{tonk.id}> · hosted by **ann** · in the lobby, 1 of 4 seats taken · last move <t:"
        )
        assert lines[1].endswith(f"/{casino.id}/{tonk.id}/{lobby.id}>")
        everything = await ann.slash("tonk", "tables")
        assert everything.embed_titles == ["3 open tables"]
        assert f"<#{secret.id}>" in everything.embeds[0]["description"]
        assert f"<#{other.channel('tonk').id}>" not in everything.embeds[0]["description"]


async def test_a_member_joins_a_listed_table_from_the_list_wherever_they_are(
    fake_discord: FakeDiscord,
) -> None:
    """The list has a Join button for each table where the member may sit down: not a
    private table that did not invite them, not a full one, not one they sit at. It seats
    them there and says where, privately; the list stays as it was."""
    fake = fake_discord
    casino = fake.add_guild("Casino", channels=["tonk", "poker", "lounge", "bar"])
    tonk, poker, lounge, bar = (casino.channel(n) for n in ("tonk", "poker", "lounge", "bar"))
    ann, bob, cat, dan, eve = (
        fake.add_member(casino, n) for n in ("ann", "bob", "cat", "dan", "eve")
    )
    async with run_bot(fake, make_bot()) as bot:
        await open_table(ann, [])
        await open_table(bob.at(poker), [], private=True)
        await open_table(cat.at(lounge), [dan.at(lounge)], seats=2)
        await quiet(fake, bot)
        shown = await eve.at(bar).slash("tonk", "tables")
        assert shown.message is not None and button_labels(shown.message) == {"Join #tonk": True}
        assert button_labels((await ann.slash("tonk", "tables")).message) == {}  # type: ignore[arg-type]

        joined = await eve.at(bar).click(shown.message, "Join #tonk")
        table = table_in(bot, tonk)
        assert joined.ephemeral and joined.content == (
            f"You have a seat at ann's table in <#{tonk.id}>: "
            f"<https://discord.com/channels/{casino.id}/{tonk.id}/{table.message_id}>"
        )
        assert [seat.name for seat in table.seats] == ["ann", "eve"]
        assert button_labels(shown.message) == {"Join #tonk": True}  # the list as it was
        again = await eve.at(bar).click(shown.message, "Join #tonk")
        assert again.ephemeral and again.content == text("table.refusal.already_seated")
        await quiet(fake, bot)
        assert "2 of 4 seats taken" in table_message(fake, bot, tonk).text()

        await ann.slash("tonk", "end")
        closed = await eve.at(bar).click(shown.message, "Join #tonk")
        assert closed.content == "That button belongs to a table that is closed."
