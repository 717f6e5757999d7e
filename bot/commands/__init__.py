"""The ``tonk`` subcommands: one module each, with ``register(commands)`` and a handler.

A module imports at its top only what building its parser needs; the handler imports the
rest when it runs, so that ``tonk rules`` and ``tonk scenario`` never load discord.py,
SQLAlchemy or rich. Every subcommand that takes house rules spells them the same way:
``--option NAME=VALUE``, repeatable.
"""

from __future__ import annotations

import argparse
from collections.abc import Sequence

from bot.i18n import text


def add_option_argument(parser: argparse.ArgumentParser) -> None:
    """``--option NAME=VALUE``, repeatable: the house rules over the preset."""
    parser.add_argument(
        "--option",
        action="append",
        default=[],
        metavar="NAME=VALUE",
        help="change one house rule (see tonk rules --list); may be repeated",
    )


def parse_options(items: Sequence[str]) -> dict[str, str]:
    """The ``--option`` values as a mapping (the values are checked by ``build_rules``);
    ValueError when one is not written ``NAME=VALUE``."""
    options = {}
    for item in items:
        name, sep, value = item.partition("=")
        if not sep or not name.strip():
            raise ValueError(text("players.bad_option", item=item))
        options[name.strip()] = value.strip()
    return options
