"""``tonk rules [PRESET] [--option NAME=VALUE …] [--list]``: the rules summary in the
terminal, or every option with its values and default."""

from __future__ import annotations

import argparse
import sys

from bot.commands import add_option_argument, parse_options
from bot.engine.rules import PRESETS, build_rules
from bot.engine.summary import option_lines, summarize


def register(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = commands.add_parser("rules", help="print a summary of a preset's rules")
    parser.add_argument("preset", nargs="?", default="standard", help=", ".join(PRESETS))
    add_option_argument(parser)
    parser.add_argument(
        "--list", action="store_true", help="list every option with its values and default"
    )
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    if args.list:
        print("\n".join(option_lines()))
        return 0
    try:
        rules = build_rules(args.preset, parse_options(args.option))
    except ValueError as error:  # RulesError is a ValueError
        print(error, file=sys.stderr)
        return 2
    print(summarize(rules).to_text())
    return 0
