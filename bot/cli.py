"""The ``tonk`` command. Each subcommand lives in ``bot.commands`` and registers itself.

Whatever the subcommand, a reader that goes away (``tonk rules | head``) ends it quietly,
and so does Ctrl-C where the subcommand has nothing of its own to say.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence
from typing import Any

from bot.commands import (
    add_language_argument,
    db,
    play,
    rules,
    run,
    scenario,
    simulate,
    terminal_language,
)
from bot.i18n import DEFAULT_LOCALE, text

SUBCOMMANDS = (scenario, rules, simulate, play, run, db)
DISTRIBUTION = "tonk-bot"
EXIT_INTERRUPTED = 130  # as a shell reports a command ended by SIGINT
EXIT_BROKEN_PIPE = 141  # and one ended by SIGPIPE


class ShowVersion(argparse.Action):
    """``--version``: the installed version, looked up only when asked (reading the package
    metadata costs more than starting ``tonk rules``)."""

    def __init__(self, option_strings: Sequence[str], dest: str, **kwargs: Any) -> None:
        super().__init__(option_strings, argparse.SUPPRESS, nargs=0, help=kwargs.get("help"))

    def __call__(self, parser: argparse.ArgumentParser, *args: object) -> None:
        from importlib.metadata import version

        print(f"tonk {version(DISTRIBUTION)}")
        parser.exit()


def build_parser(locale: str = DEFAULT_LOCALE) -> argparse.ArgumentParser:
    """The ``tonk`` parser, its help in ``locale``; every subcommand takes ``--lang`` and
    its handler finds the language as ``args.locale``."""
    parser = argparse.ArgumentParser(prog="tonk", description=text("cli.help.description", locale))
    parser.add_argument("--version", action=ShowVersion, help=text("cli.help.version", locale))
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    for module in SUBCOMMANDS:
        add_language_argument(module.register(commands, locale), locale)
    parser.set_defaults(locale=locale)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    arguments = sys.argv[1:] if argv is None else list(argv)
    locale = terminal_language(arguments, os.environ)
    args = build_parser(locale).parse_args(arguments)
    try:
        status: int = args.handler(args)
        sys.stdout.flush()
    except BrokenPipeError:
        _silence_stdout()
        return EXIT_BROKEN_PIPE
    except KeyboardInterrupt:
        print(text("cli.interrupted", locale), file=sys.stderr)
        return EXIT_INTERRUPTED
    return status


def _silence_stdout() -> None:
    """Point standard output at /dev/null, so that Python's last flush at exit finds no
    closed pipe to complain about."""
    try:
        descriptor = sys.stdout.fileno()
    except (AttributeError, OSError, ValueError):
        return  # not a real file (a test's capture)
    null = os.open(os.devnull, os.O_WRONLY)
    os.dup2(null, descriptor)
    os.close(null)


if __name__ == "__main__":
    sys.exit(main())
