"""What ``/tonk help`` shows: how a game starts, then every command the bot has, by who uses
it, each with its description in the reader's language; the welcome; and **How to play**,
the standard game step by step (pure: no Discord state)."""

from __future__ import annotations

from collections.abc import Callable, Mapping

import discord

from bot.i18n import text
from bot.i18n.mentions import command_mention
from bot.render.limits import fit_embed

SECTIONS: tuple[tuple[str, tuple[str, ...]], ...] = (
    (
        "help.section.play",
        ("join", "leave", "hand", "table", "tables", "rules", "help"),
    ),
    (
        "help.section.host",
        (
            "new",
            "practice",
            "start",
            "settings",
            "addbot",
            "removebot",
            "kick",
            "host",
            "bigone",
            "end",
        ),
    ),
    ("help.section.scoreboard", ("leaderboard", "stats", "history", "replay")),
    ("help.section.me", ("me show", "me set", "me forget")),
    (
        "help.section.managers",
        (
            "config show",
            "config set",
            "config option",
            "config channel",
            "config language",
            "config announce",
            "config season",
            "config champion",
            "export",
        ),
    ),
)
"""The sections of the command list, in order: a heading's key and the commands under it
(by their path below the ``/tonk`` group). Every command of the bot is in exactly one."""


def _mentions(group: str, command_id: int | None) -> Callable[[str], str]:
    """A command's clickable mention by its path below ``group`` (``new`` → ``</tonk
    new:ID>``; plain ``/tonk new`` while ``command_id`` is not known)."""
    return lambda path: command_mention(f"{group} {path}", command_id)


def help_embed(
    group: str, commands: Mapping[str, str], command_id: int | None, locale: str = "en"
) -> discord.Embed:
    """The help: how to start a game (and a private one), where the cards are and how to
    practise, then a field
    per section listing the ``commands`` there are (their path below ``/tonk`` → their
    description's catalogue key); a section with none of them (the scoreboard without a
    database) is left out.

    ``group`` is the commands' group (``tonk``) and ``command_id`` the id Discord gave it
    (the mentions are clickable with it).
    """

    mention = _mentions(group, command_id)
    start = text(
        "help.start",
        locale,
        new=mention("new"),
        join=mention("join"),
        addbot=mention("addbot"),
        join_button=text("table.button.join", locale),
        start_button=text("table.button.start", locale),
    )
    cards = text(
        "help.cards",
        locale,
        hand_button=text("table.button.hand", locale),
        rules=mention("rules"),
        settings=mention("settings"),
        me=mention("me set"),
    )
    practice = text(
        "help.practice",
        locale,
        practice=mention("practice"),
        hint_button=text("table.button.hint", locale),
    )
    private = text(
        "help.private",
        locale,
        new=mention("new"),
        invite_button=text("table.button.invite", locale),
        join_button=text("table.button.join", locale),
    )
    embed = discord.Embed(
        title=text("help.title", locale),
        description="\n\n".join((start, private, cards, practice)),
    )
    for heading, paths in SECTIONS:
        lines = [
            text(
                "help.line",
                locale,
                command=mention(path),
                description=text(commands[path], locale),
            )
            for path in paths
            if path in commands
        ]
        if lines:
            embed.add_field(name=text(heading, locale), value="\n".join(lines), inline=False)
    return fit_embed(embed)


def welcome_embed(
    group: str, commands: Mapping[str, str], command_id: int | None, locale: str = "en"
) -> discord.Embed:
    """What the bot posts once, when a server adds it: how to play and learn, how managers
    set it up (when the server's settings are there: the ``commands`` the bot has), and the
    languages. ``group`` and ``command_id`` as for :func:`help_embed`."""

    mention = _mentions(group, command_id)
    paragraphs = [
        text(
            "help.welcome.play",
            locale,
            new=mention("new"),
            practice=mention("practice"),
            join_button=text("table.button.join", locale),
            start_button=text("table.button.start", locale),
        ),
        text(
            "help.welcome.learn",
            locale,
            learn_button=text("help.button.learn", locale),
            help=mention("help"),
            rules=mention("rules"),
        ),
    ]
    if "config set" in commands:
        paragraphs.append(
            text(
                "help.welcome.managers",
                locale,
                config_set=mention("config set"),
                config_channel=mention("config channel"),
                config_announce=mention("config announce"),
                config_season=mention("config season"),
                config_language=mention("config language"),
            )
        )
    paragraphs.append(text("help.welcome.languages", locale, me=mention("me set")))
    embed = discord.Embed(
        title=text("help.welcome.title", locale), description="\n\n".join(paragraphs)
    )
    return fit_embed(embed)


LEARN_SECTIONS = ("cards", "turn", "spreads", "out", "drop", "stock", "more")
"""The fields of **How to play**, in order (``help.learn.NAME.title`` and ``help.learn.NAME``):
the cards and the deal (S1, S2, S5, S6), a turn (S7), spreads and hits (S8), going out (S9,
S11a-b), dropping (S11c), an empty stock (S10, S11d), and where to learn more."""


def learn_embed(group: str, command_id: int | None, locale: str = "en") -> discord.Embed:
    """**How to play**: the standard game (S1-S11) step by step, in ``locale``, its moves
    named by the labels of the buttons that make them. ``group`` and ``command_id`` as for
    :func:`help_embed`."""

    mention = _mentions(group, command_id)
    said = {
        "rules": mention("rules"),
        "help": mention("help"),
        "practice": mention("practice"),
        "drop": text("table.button.drop", locale),
        "draw": text("table.button.draw", locale),
        "take": text("table.button.take_empty", locale),
        "hand": text("table.button.hand", locale),
        "hint": text("table.button.hint", locale),
    }
    embed = discord.Embed(
        title=text("help.learn.title", locale), description=text("help.learn.intro", locale, **said)
    )
    for section in LEARN_SECTIONS:
        embed.add_field(
            name=text(f"help.learn.{section}.title", locale),
            value=text(f"help.learn.{section}", locale, **said),
            inline=False,
        )
    return fit_embed(embed)
