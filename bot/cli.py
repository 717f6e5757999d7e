"""The ``tonk`` command: ``tonk scenario FILE`` and the other subcommands."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from pathlib import Path

from bot.scenario import ScenarioError, run_scenario


def _scenario(args: argparse.Namespace) -> int:
    try:
        source = sys.stdin.read() if args.file == "-" else Path(args.file).read_text("utf-8")
    except OSError as error:
        print(f"cannot read {args.file}: {error.strerror}", file=sys.stderr)
        return 2
    try:
        data = json.loads(source)
    except json.JSONDecodeError as error:
        print(f"not JSON: {error}", file=sys.stderr)
        return 2
    try:
        status, out = run_scenario(data)
    except ScenarioError as error:
        print(f"not a scenario: {error}", file=sys.stderr)
        return 2
    print(json.dumps(out, ensure_ascii=False))
    return status


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="tonk", description="Tonk, the knock-rummy card game")
    commands = parser.add_subparsers(dest="command", required=True)
    scenario = commands.add_parser("scenario", help="play a scripted hand (SCENARIO.md)")
    scenario.add_argument("file", help="the scenario JSON file, or - for standard input")
    scenario.set_defaults(handler=_scenario)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    status: int = args.handler(args)
    return status


if __name__ == "__main__":
    sys.exit(main())
