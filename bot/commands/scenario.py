"""``tonk scenario FILE``: play a scripted hand and print the outcome (SCENARIO.md)."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from bot.scenario import ScenarioError, run_scenario


def register(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = commands.add_parser("scenario", help="play a scripted hand (SCENARIO.md)")
    parser.add_argument("file", help="the scenario JSON file, or - for standard input")
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
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
