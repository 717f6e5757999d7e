"""The ``tonk`` command. Each subcommand lives in ``bot.commands`` and registers itself."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

from bot.commands import play, rules, run, scenario, simulate

SUBCOMMANDS = (scenario, rules, simulate, play, run)


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="tonk", description="Tonk, the knock-rummy card game")
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    for module in SUBCOMMANDS:
        module.register(commands)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    status: int = args.handler(args)
    return status


if __name__ == "__main__":
    sys.exit(main())
