"""``tonk run``: run the Discord bot, configured by ``.env`` (see ``.env.example``).

The configuration is checked before anything logs in: each problem is one line on standard
error naming the variable (or the line of ``.env``, ``bot.envfile``) and the fix, and the
exit status is 2. python-dotenv and Discord are imported by the handler, so that other
subcommands start without them.
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

from bot.config import ConfigError, load_settings
from bot.envfile import DEFAULT_ENV_FILE, load_env_file
from bot.i18n import text

EXIT_CONFIG = 2


def register(
    commands: argparse._SubParsersAction[argparse.ArgumentParser], locale: str
) -> argparse.ArgumentParser:
    parser = commands.add_parser("run", help=text("cli.help.run", locale))
    parser.add_argument(
        "--env-file", help=text("cli.help.run.env_file", locale, default=DEFAULT_ENV_FILE)
    )
    parser.set_defaults(handler=run)
    return parser


def run(args: argparse.Namespace) -> int:
    if args.env_file is not None and not Path(args.env_file).is_file():
        print(text("cli.no_env_file", args.locale, file=args.env_file), file=sys.stderr)
        return EXIT_CONFIG
    try:
        for misspelt in load_env_file(args.env_file or DEFAULT_ENV_FILE, os.environ, args.locale):
            print(misspelt, file=sys.stderr)
        settings = load_settings(os.environ, args.locale)
    except ConfigError as error:
        print(error, file=sys.stderr)
        return EXIT_CONFIG
    from bot.serve import run_bot  # discord.py, only once the configuration is good

    return run_bot(settings)
