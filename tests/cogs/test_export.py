"""``/tonk export``: a server's finished hands as CSV, one row per seat (``cogs.scoreboard
.ledger``), for Manage Server only; through the fake Discord."""

from __future__ import annotations

import csv
import io
from pathlib import Path

import discord

from bot.client import TonkBot
from bot.store import Ending, HandResult, HandSeat, HandSummary, PlayerResult
from cogs.scoreboard.ledger import COLUMNS, ledger_file
from tests.cogs.helpers import make_bot
from tests.fakediscord import FakeDiscord, run_bot

MANAGER = discord.Permissions(manage_guild=True)


def seat(
    number: int,
    user_id: int | None,
    name: str,
    payout: int,
    won: bool,
    pushed_up: int | None = None,
    ranked: bool = True,
    won_match: bool = False,
) -> HandSeat:
    count = 0 if won else 30
    return HandSeat(
        number,
        user_id,
        name,
        False,
        payout,
        count,
        won,
        "tonk_out",
        False,
        pushed_up,
        ranked,
        won_match,
    )


def test_the_ledger_is_one_row_per_seat_oldest_hand_first_with_formulas_quoted() -> None:
    """A display name a spreadsheet would run (``=``, ``+``, ``-``, ``@``) is quoted; a
    forgotten member has no user id; the times are UTC; a push-up hand pays 0 and gives each
    seat's points (O42), which a hand paid in chips leaves empty, and whether the seat won the
    push-up match the hand ended (H10)."""
    newer = HandSummary(
        "7:2",
        7,
        2,
        "standard",
        "tonk_out",
        86_400.0,
        (seat(0, 1, "=cmd|' /C calc'!A0", 2, True), seat(1, None, "a forgotten member", -2, False)),
        channel_id=30,
    )
    older = HandSummary(
        "7:1",
        7,
        1,
        "chicago",
        "drop_won",
        60.0,
        (seat(0, 1, "ann", -1, False, ranked=False),),
        channel_id=30,
    )
    pushed = HandSummary(
        "8:1",
        8,
        1,
        "push_up",
        "tonk_out",
        90_000.0,
        (seat(0, 1, "ann", 0, True, 0, won_match=True), seat(1, 2, "bob", 0, False, 30)),
        channel_id=30,
    )
    data, kept = ledger_file([pushed, newer, older], 10 * 1_048_576)
    assert kept == 3 and data.startswith(b"\xef\xbb\xbf")  # a BOM: spreadsheets read UTF-8
    rows = list(csv.reader(io.StringIO(data.decode("utf-8-sig"))))
    assert rows == [
        list(COLUMNS),
        ["1970-01-01T00:01:00+00:00", "30", "7", "1", "chicago", "drop_won", "0", "ann", "1",
         "no", "-1", "30", "no", "tonk_out", "no", "", "no", "no"],
        ["1970-01-02T00:00:00+00:00", "30", "7", "2", "standard", "tonk_out", "0",
         "'=cmd|' /C calc'!A0", "1", "no", "2", "0", "yes", "tonk_out", "no", "", "yes", "no"],
        ["1970-01-02T00:00:00+00:00", "30", "7", "2", "standard", "tonk_out", "1",
         "a forgotten member", "", "no", "-2", "30", "no", "tonk_out", "no", "", "yes", "no"],
        ["1970-01-02T01:00:00+00:00", "30", "8", "1", "push_up", "tonk_out", "0", "ann", "1",
         "no", "0", "0", "yes", "tonk_out", "no", "0", "yes", "yes"],
        ["1970-01-02T01:00:00+00:00", "30", "8", "1", "push_up", "tonk_out", "1", "bob", "2",
         "no", "0", "30", "no", "tonk_out", "no", "30", "yes", "no"],
    ]  # fmt: skip


async def record(bot: TonkBot, guild_id: int, channel_id: int, number: int) -> None:
    """Hand ``number`` of the table open in ``channel_id``: ann goes out (a tonk) and bob
    pays 2."""
    assert bot.store is not None
    table = await bot.store.get_open_table(channel_id)
    assert table is not None
    await bot.store.record_hand(
        HandResult(
            guild_id=guild_id,
            channel_id=channel_id,
            table_id=table.id,
            hand_number=number,
            preset="standard",
            seed=number,
            ending=Ending.TONK_OUT,
            players=[
                PlayerResult(11, "ann", 2, 0, True, Ending.TONK_OUT),
                PlayerResult(22, "bob", -2, 30, False, Ending.TONK_OUT),
            ],
        )
    )


async def test_a_manager_gets_every_channels_hands_privately_as_a_csv_file(
    fake_discord: FakeDiscord, sqlite_store: Path
) -> None:
    fake = fake_discord
    guild = fake.add_guild("Casino", channels=["tonk", "backroom"])
    other = fake.add_guild("Elsewhere", channels=["tonk"])
    mod = fake.add_member(guild, "mod", permissions=MANAGER)
    bob = fake.add_member(guild, "bob")
    stranger = fake.add_member(other, "stranger")
    tonk, backroom = guild.channel("tonk"), guild.channel("backroom")
    bot = make_bot(database_url=f"sqlite+aiosqlite:///{sqlite_store}")
    async with run_bot(fake, bot):
        empty = await mod.slash("tonk", "export")
        assert empty.ephemeral and empty.content == "No hand has been finished on this server yet."
        for member, channel in ((mod, tonk), (mod, backroom), (stranger, other.channel("tonk"))):
            await member.at(channel).slash("tonk", "new")
        await record(bot, guild.id, tonk.id, 1)
        await record(bot, guild.id, backroom.id, 1)
        await record(bot, other.id, other.channel("tonk").id, 1)

        refused = await bob.slash("tonk", "export")
        assert refused.ephemeral and refused.content.startswith(
            "Only a member with Manage Server can export the server's hands"
        )
        assert refused.message is not None and not refused.message.attachments

        sent = await mod.slash("tonk", "export", period="week")
        name = f"tonk-hands-{guild.id}-week.csv"
        assert sent.ephemeral and sent.content == (
            f"2 hands of this server, one row per seat, in {name} (times in UTC)."
        )
        assert sent.message is not None
        (attached,) = sent.message.attachments
        assert attached.filename == name and attached.data.startswith(b"\xef\xbb\xbf")  # BOM
        rows = list(csv.DictReader(io.StringIO(attached.data.decode("utf-8-sig"))))
        assert [(row["channel_id"], row["player"], row["payout"]) for row in rows] == [
            (str(tonk.id), "ann", "2"),
            (str(tonk.id), "bob", "-2"),
            (str(backroom.id), "ann", "2"),
            (str(backroom.id), "bob", "-2"),
        ]  # the private #backroom too, and nothing of the other server
        assert not bob.has_seen(name)


async def test_hands_beyond_the_largest_file_discord_takes_are_left_out_and_said(
    fake_discord: FakeDiscord, sqlite_store: Path
) -> None:
    """A server whose hands would make a file larger than Discord takes there (10 MiB on an
    unboosted server; 1 KiB here) gets the newest that fit, and is told so."""
    fake = fake_discord
    fake.attachment_size_limit = 1024
    guild = fake.add_guild("Casino", channels=["tonk"])
    mod = fake.add_member(guild, "mod", permissions=MANAGER)
    tonk = guild.channel("tonk")
    async with run_bot(fake, make_bot(database_url=f"sqlite+aiosqlite:///{sqlite_store}")) as bot:
        await mod.at(tonk).slash("tonk", "new")
        for number in range(1, 21):
            await record(bot, guild.id, tonk.id, number)
        sent = await mod.slash("tonk", "export")
    assert sent.message is not None
    (attached,) = sent.message.attachments
    assert len(attached.data) <= 1024
    rows = list(csv.DictReader(io.StringIO(attached.data.decode("utf-8-sig"))))
    kept = sorted({int(row["hand"]) for row in rows})
    assert kept == list(range(21 - len(kept), 21)) and 1 < len(kept) < 20  # the newest
    assert sent.content == (
        f"{len(kept)} hands of this server, one row per seat, in tonk-hands-{guild.id}-all.csv "
        "(times in UTC).\nOnly the last hands are in it: with all of them the file would pass "
        "the 1 KB that Discord lets me send here. Choose a shorter period for the others."
    )
