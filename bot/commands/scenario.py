"""``tonk scenario FILE``: play a scripted hand and print the outcome (docs/scenarios.md).

Input that is not a scenario (unreadable, not UTF-8, not JSON, not the format) is exit
status 2 with one line on standard error and nothing on standard output.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from bot.i18n import text
from bot.scenario import ScenarioError, run_scenario

EXIT_BAD_INPUT = 2


class BadInput(Exception):
    """The input is not JSON text; the message is the line to print."""


def register(
    commands: argparse._SubParsersAction[argparse.ArgumentParser], locale: str
) -> argparse.ArgumentParser:
    parser = commands.add_parser("scenario", help=text("cli.help.scenario", locale))
    parser.add_argument("file", help=text("cli.help.scenario.file", locale))
    parser.set_defaults(handler=run)
    return parser


def run(args: argparse.Namespace) -> int:
    try:
        status, out = run_scenario(read_json(args.file, args.locale))
    except BadInput as error:
        print(error, file=sys.stderr)
        return EXIT_BAD_INPUT
    except ScenarioError as error:
        print(text("cli.not_scenario", args.locale, error=error), file=sys.stderr)
        return EXIT_BAD_INPUT
    print(json.dumps(out, ensure_ascii=False))
    return status


def read_json(file: str, locale: str) -> object:
    """The JSON value in ``file`` (``-``: standard input), or BadInput saying why not (in
    ``locale``)."""
    try:
        source = sys.stdin.buffer.read() if file == "-" else Path(file).read_bytes()
    except OSError as error:
        raise BadInput(text("cli.cannot_read", locale, file=file, reason=error.strerror)) from None
    try:
        return json.loads(source.decode("utf-8"))
    except UnicodeDecodeError as error:
        byte = f"0x{source[error.start]:02x}"
        raise BadInput(
            text("cli.not_utf8", locale, byte=byte, position=error.start, file=file)
        ) from None
    except json.JSONDecodeError as error:
        raise BadInput(text("cli.not_json", locale, error=error)) from None
    except RecursionError:
        raise BadInput(text("cli.too_deep", locale)) from None
