"""``tonk rules [PRESET] [--option NAME=VALUE …]``: the rules summary in the terminal."""

from __future__ import annotations

import argparse
import sys

from bot.engine.rules import PRESETS, RulesError, build_rules
from bot.engine.summary import summarize


def register(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = commands.add_parser("rules", help="print a summary of a preset's rules")
    parser.add_argument("preset", nargs="?", default="standard", help=", ".join(PRESETS))
    parser.add_argument(
        "--option",
        action="append",
        default=[],
        metavar="NAME=VALUE",
        help="override one option (RULES.md §2); may be repeated",
    )
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    options: dict[str, object] = {}
    for item in args.option:
        name, sep, value = item.partition("=")
        if not sep:
            print(f"--option {item!r}: write it as NAME=VALUE", file=sys.stderr)
            return 2
        options[name.strip()] = value.strip()
    try:
        rules = build_rules(args.preset, options)
    except RulesError as error:
        print(error, file=sys.stderr)
        return 2
    print(summarize(rules).to_text())
    return 0
