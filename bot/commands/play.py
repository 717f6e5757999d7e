"""``tonk play``: play Tonk in the terminal against computer players.

Moves are chosen by number from the list of legal ones; ``q`` quits. It reads standard
input line by line, so it can be driven through a pipe.
"""

from __future__ import annotations

import argparse
import sys

from rich.console import Console

from bot.commands.simulate import parse_levels, parse_options
from bot.engine import PRESETS, RulesError, build_rules
from bot.i18n import text
from bot.players.terminal import Quit, play_session


def register(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = commands.add_parser("play", help="play in the terminal against computer players")
    parser.add_argument("--preset", default="standard", choices=sorted(PRESETS))
    parser.add_argument("--options", default="", help="option overrides: name=value,...")
    parser.add_argument(
        "--players", default="normal", help="the computer players' levels, comma-separated"
    )
    parser.add_argument("--seed", type=int, default=None, help="seed the shuffles and players")
    parser.add_argument(
        "--name", default=text("players.play.default_name"), help="your name at the table"
    )
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    try:
        levels = parse_levels(args.players, other_seats=1)
        rules = build_rules(args.preset, parse_options(args.options))
    except (ValueError, RulesError) as error:
        print(error, file=sys.stderr)
        return 2
    console = Console(highlight=False)

    def read(prompt: str) -> str:
        console.print(prompt, end="")
        line = sys.stdin.readline()
        if not line:
            console.print()
            raise Quit
        return line

    play_session(console, read, rules, levels, args.name, args.seed)
    return 0
