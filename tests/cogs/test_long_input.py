"""Every refusal the bot gives, to the longest input a client can send (6,000 characters in
a text option), fits Discord's limits and quotes at most a short prefix of the input. The
fake Discord refuses an oversize message (400, code 50035), which fails the test."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import discord
import pytest

from bot.i18n.bounds import QUOTE_LIMIT
from tests.cogs.helpers import make_bot, open_table
from tests.fakediscord import FakeDiscord, InteractionResult, run_bot

LONGEST = 6000  # the most characters Discord accepts in a text option
TYPED = "push_up_limit" + "x" * (LONGEST - len("push_up_limit"))
MANAGER = discord.Permissions(manage_guild=True)

# (the command's path, its options): each answered with a refusal.
REFUSED: list[tuple[tuple[str, ...], dict[str, Any]]] = [
    (("settings",), {"option": "push_up_limit", "value": "5"}),
    (("settings",), {"option": "push_up_limit", "value": TYPED}),
    (("settings",), {"option": "catch", "value": TYPED}),
    (("settings",), {"option": TYPED, "value": TYPED}),
    (("config", "option"), {"option": "push_up_limit", "value": "5"}),
    (("config", "option"), {"option": TYPED, "value": TYPED}),
    (("config", "option"), {"option": "instant_win", "value": TYPED}),
    (("config", "set"), {"preset": TYPED}),
    (("config", "set"), {"turn_timeout": TYPED}),
    (("new",), {"preset": TYPED}),
    (("new",), {"turn_timeout": TYPED}),
    (("addbot",), {"level": TYPED}),
    (("removebot",), {"bot": TYPED}),
    (("rules",), {"preset": TYPED}),
    (("leaderboard",), {"by": TYPED}),
]


def assert_short_refusal(result: InteractionResult) -> None:
    said = result.content
    assert result.ephemeral and 0 < len(said) <= 2000, said[:100]
    assert "went wrong" not in said, said
    assert "x" * QUOTE_LIMIT not in said, said[:200]


@pytest.mark.parametrize(("path", "options"), REFUSED, ids=lambda v: "-".join(map(str, v))[:40])
async def test_a_refusal_of_the_longest_input_is_short_and_quotes_a_prefix(
    fake_discord: FakeDiscord, sqlite_store: Path, path: tuple[str, ...], options: dict[str, Any]
) -> None:
    guild = fake_discord.add_guild("Casino", channels=["tonk", "lobby"])
    host = fake_discord.add_member(guild, "host", permissions=MANAGER)
    bot = make_bot(database_url=f"sqlite+aiosqlite:///{sqlite_store}")
    async with run_bot(fake_discord, bot):
        await open_table(host, [])
        await host.slash("tonk", "addbot")
        member = host if path[0] != "new" else host.at(guild.channel("lobby"))
        assert_short_refusal(await member.forge_slash("tonk", *path, **options))
    assert not fake_discord.oversize


async def test_the_option_suggestions_for_the_longest_typed_name_fit(
    fake_discord: FakeDiscord,
) -> None:
    guild = fake_discord.add_guild("Casino", channels=["tonk"])
    host = fake_discord.add_member(guild, "host")
    async with run_bot(fake_discord, make_bot()):
        await open_table(host, [])
        for typed in ("", "a", TYPED):
            await host.autocomplete("tonk", "settings", focused="option", option=typed)
            await host.autocomplete(
                "tonk", "settings", focused="value", option="push_up_limit", value=typed
            )
    assert not fake_discord.oversize
