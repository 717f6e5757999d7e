"""``tonk rules [PRESET] [--option NAME=VALUE …] [--list]``: the rules summary in the
terminal, or every option with its values and default."""

from __future__ import annotations

import argparse
import sys

from bot.commands import add_option_argument, parse_options, said
from bot.engine.rules import PRESETS, build_rules
from bot.engine.summary import option_lines, summarize
from bot.i18n import text


def register(
    commands: argparse._SubParsersAction[argparse.ArgumentParser], locale: str
) -> argparse.ArgumentParser:
    parser = commands.add_parser("rules", help=text("cli.help.rules", locale))
    parser.add_argument("preset", nargs="?", default="standard", help=", ".join(PRESETS))
    add_option_argument(parser, locale)
    parser.add_argument("--list", action="store_true", help=text("cli.help.rules.list", locale))
    parser.set_defaults(handler=run)
    return parser


def run(args: argparse.Namespace) -> int:
    if args.list:
        print("\n".join(option_lines(args.locale)))
        return 0
    try:
        rules = build_rules(args.preset, parse_options(args.option, args.locale))
    except ValueError as error:  # RulesError is a ValueError
        print(said(error, args.locale), file=sys.stderr)
        return 2
    print(summarize(rules, args.locale).to_text())
    return 0
