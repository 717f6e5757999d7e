"""The ``tonk`` subcommands: one module each, with ``register(commands)`` and a handler.

A module imports at its top only what building its parser needs; the handler imports the
rest when it runs, so that ``tonk rules`` and ``tonk scenario`` never load discord.py,
SQLAlchemy or rich. Every subcommand that takes house rules spells them the same way:
``--option NAME=VALUE``, repeatable.

Help and output are in the terminal's language: ``--lang`` (on every subcommand), else the
environment's (``LC_ALL``, ``LC_MESSAGES``, ``LANG``), else English. It is known before the
parser is built (``terminal_language``), so ``--help`` speaks it too; handlers find it as
``args.locale``.
"""

from __future__ import annotations

import argparse
from collections.abc import Mapping, Sequence

from bot.i18n import DEFAULT_LOCALE, LOCALES, language, text
from bot.i18n.refusal import Refusal

LANG_FLAG = "--lang"
LOCALE_VARIABLES = ("LC_ALL", "LC_MESSAGES", "LANG")


def terminal_language(argv: Sequence[str], environ: Mapping[str, str]) -> str:
    """The language to write in: the last ``--lang`` given, else the first locale variable
    set (``ro_RO.UTF-8`` reads Romanian), else English."""
    chosen = ""
    for i, arg in enumerate(argv):
        if arg == LANG_FLAG and i + 1 < len(argv):
            chosen = argv[i + 1]
        elif arg.startswith(f"{LANG_FLAG}="):
            chosen = arg.partition("=")[2]
    if not chosen:
        chosen = next((environ[v] for v in LOCALE_VARIABLES if environ.get(v)), DEFAULT_LOCALE)
    return language(chosen)


def add_language_argument(parser: argparse.ArgumentParser, locale: str) -> None:
    """``--lang en|ro|vi|fa`` (read ahead of parsing by ``terminal_language``)."""
    parser.add_argument(
        LANG_FLAG, choices=LOCALES, help=text("cli.help.lang", locale, languages=", ".join(LOCALES))
    )


def add_option_argument(parser: argparse.ArgumentParser, locale: str) -> None:
    """``--option NAME=VALUE``, repeatable: the house rules over the preset."""
    parser.add_argument(
        "--option",
        action="append",
        default=[],
        metavar="NAME=VALUE",
        help=text("cli.help.option", locale),
    )


def parse_options(items: Sequence[str], locale: str) -> dict[str, str]:
    """The ``--option`` values as a mapping (the values are checked by ``build_rules``);
    ValueError, in ``locale``, when one is not written ``NAME=VALUE``."""
    options = {}
    for item in items:
        name, sep, value = item.partition("=")
        if not sep or not name.strip():
            raise ValueError(text("players.bad_option", locale, item=item))
        options[name.strip()] = value.strip()
    return options


def said(error: ValueError, locale: str) -> str:
    """What a refused input says in ``locale``: a ``Refusal`` is rendered there; any other
    ``ValueError`` here was written in ``locale`` already."""
    return error.message(locale) if isinstance(error, Refusal) else str(error)
