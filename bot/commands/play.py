"""``tonk play``: play Tonk in the terminal against computer players.

Moves are chosen by number from the list of legal ones; ``q``, the end of the input or
Ctrl-C quits with the final balances. It reads standard input line by line, so it can be
driven through a pipe.
"""

from __future__ import annotations

import argparse
import sys

from bot.commands import add_option_argument, parse_options, said
from bot.commands.simulate import parse_levels
from bot.engine import PRESETS, build_rules
from bot.i18n import text
from bot.players.levels import CONFIRM_DROP_ABOVE


def register(
    commands: argparse._SubParsersAction[argparse.ArgumentParser], locale: str
) -> argparse.ArgumentParser:
    parser = commands.add_parser("play", help=text("cli.help.play", locale))
    parser.add_argument("--preset", default="standard", choices=sorted(PRESETS))
    add_option_argument(parser, locale)
    parser.add_argument("--players", default="normal", help=text("cli.help.play.players", locale))
    parser.add_argument("--seed", type=int, default=None, help=text("cli.help.seed", locale))
    parser.add_argument(
        "--name",
        default=text("players.play.default_name", locale),
        help=text("cli.help.play.name", locale),
    )
    parser.add_argument(
        "--confirm-drop",
        type=int,
        default=CONFIRM_DROP_ABOVE,
        metavar="COUNT",
        help=text("cli.help.play.confirm_drop", locale, default=CONFIRM_DROP_ABOVE),
    )
    parser.set_defaults(handler=run)
    return parser


def run(args: argparse.Namespace) -> int:
    try:
        levels = parse_levels(args.players, args.locale, other_seats=1)
        rules = build_rules(args.preset, parse_options(args.option, args.locale))
    except ValueError as error:  # RulesError is a ValueError
        print(said(error, args.locale), file=sys.stderr)
        return 2
    from rich.console import Console
    from rich.markup import escape

    from bot.players.terminal import Quit, play_session

    console = Console(highlight=False)

    def read(prompt: str) -> str:
        console.print(prompt, end="")
        line = sys.stdin.readline()
        if not line:
            console.print()
            raise Quit
        return line

    play_session(
        console,
        read,
        rules,
        levels,
        escape(args.name),
        args.seed,
        args.confirm_drop,
        args.locale,
    )
    return 0
