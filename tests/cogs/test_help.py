"""``/tonk help``: how a game starts and every command, clickable, in the reader's language."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

from bot.client import command_descriptions
from bot.i18n import LOCALES
from bot.i18n.bounds import ELLIPSIS
from bot.i18n.mentions import GROUP
from bot.render.help import SECTIONS, help_embed
from bot.render.limits import DESCRIPTION, EMBED_TOTAL, FIELD_VALUE
from cogs.group import tonk_group
from tests.cogs.helpers import make_bot
from tests.fakediscord import FakeDiscord, run_bot
from tests.fakediscord.models import Payload

MENTION = re.compile(r"</tonk ([a-z ]+):(\d+)>")
SUBCOMMAND, SUBCOMMAND_GROUP = 1, 2


def command_paths(options: list[Payload], prefix: str = "") -> Iterator[str]:
    """The paths below ``/tonk`` of the commands the bot synced (``config show``)."""
    for option in options:
        if option["type"] == SUBCOMMAND:
            yield prefix + option["name"]
        elif option["type"] == SUBCOMMAND_GROUP:
            yield from command_paths(option["options"], f"{prefix}{option['name']} ")


async def test_help_lists_every_command_clickable_under_who_uses_it(
    fake_discord: FakeDiscord, sqlite_store: Path
) -> None:
    guild = fake_discord.add_guild("Casino", channels=["tonk"])
    ann = fake_discord.add_member(guild, "ann")
    bot = make_bot(database_url=f"sqlite+aiosqlite:///{sqlite_store}")
    async with run_bot(fake_discord, bot):
        (tonk,) = fake_discord.commands()
        shown = await ann.slash("tonk", "help")
    assert shown.ephemeral and shown.embed_titles == ["Tonk on Discord"]
    (embed,) = shown.embeds
    assert embed["description"].startswith(
        f"**Start a game:** </tonk new:{tonk['id']}> opens a table in this channel"
    )
    assert "press **Join**" in embed["description"] and "**My hand**" in embed["description"]
    assert (
        f"(</tonk me set:{tonk['id']}> chooses your language, whether the direct messages come "
        "and how your hand is sorted)"
    ) in embed["description"]
    assert (
        f"\n\n**Among friends?** </tonk new:{tonk['id']}> with private: True opens a table "
        "that only the members you invite may join: press **Invite** under it and pick them; "
        "the others' **Join** is refused.\n\n"
    ) in embed["description"]
    assert embed["description"].endswith(
        f"**Learning?** </tonk practice:{tonk['id']}> deals you a table against computer "
        "players at once. Alone against them, your panel has **Hint**: the move a strong "
        "player would make on your turn."
    )
    assert [f["name"] for f in embed["fields"]] == [
        "At a table",
        "Hosting a table",
        "Scoreboard",
        "Your settings",
        "For server managers (Manage Server)",
    ]
    listed = [
        MENTION.match(line) for field in embed["fields"] for line in field["value"].split("\n")
    ]
    assert all(match is not None and match[2] == tonk["id"] for match in listed)
    paths = [match[1] for match in listed if match is not None]
    assert sorted(paths) == sorted(command_paths(tonk["options"]))  # each once, none missing
    lines = {match[1]: match.string for match in listed if match is not None}
    assert lines["join"].endswith(": Sit down at this channel's table.")
    assert lines["config language"].startswith(f"</tonk config language:{tonk['id']}>: ")


async def test_help_speaks_the_readers_language_and_leaves_out_what_is_not_there(
    fake_discord: FakeDiscord,
) -> None:
    """In Romanian; and without a database the scoreboard and server settings, which need
    one, are not listed."""
    guild = fake_discord.add_guild("Casino", channels=["tonk"])
    ana = fake_discord.add_member(guild, "ana")
    ana.user.locale = "ro"
    async with run_bot(fake_discord, make_bot()):
        shown = await ana.slash("tonk", "help")
    assert shown.ephemeral and shown.embed_titles == ["Tonk pe Discord"]
    (embed,) = shown.embeds
    assert "apasă **Începe**" in embed["description"]
    assert [f["name"] for f in embed["fields"]] == [
        "La masă",
        "Găzduirea unei mese",
        "Setările tale",
    ]
    assert (
        "Deschide o masă de Tonk în acest canal, sau într-un fir al lui; tu ești gazda."
        in embed["fields"][1]["value"]
    )


async def test_every_command_is_in_one_section_and_the_help_fits_in_every_language(
    fake_discord: FakeDiscord, sqlite_store: Path
) -> None:
    """A new command must be given a section (else help would not show it), and no
    language's help is cut to fit Discord's limits."""
    fake_discord.add_guild("Casino")
    bot = make_bot(database_url=f"sqlite+aiosqlite:///{sqlite_store}")
    async with run_bot(fake_discord, bot):
        group = tonk_group(bot)
        assert group is not None
        described = command_descriptions(group)
    placed = [path for _, paths in SECTIONS for path in paths]
    assert sorted(placed) == sorted(described)
    for locale in LOCALES:
        embed = help_embed(GROUP, described, 1_234_567_890_123_456_789, locale)
        assert len(embed) <= EMBED_TOTAL and len(embed.description or "") <= DESCRIPTION
        for field in embed.fields:
            assert len(field.value or "") <= FIELD_VALUE
            assert not (field.value or "").endswith(ELLIPSIS), (locale, field.name)
