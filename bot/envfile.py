"""The ``.env`` file, checked line by line before it is loaded.

python-dotenv skips a line it cannot read with a warning and loads the rest, and a setting
whose name is misspelt is simply never read: the bot would then start without it, or stop
on a problem that names the setting rather than the line. Here each such line is a
:class:`~bot.config.ConfigError` problem naming the file, the line and why, before
anything is loaded. A line's text is never repeated, since it may hold the token.
"""

from __future__ import annotations

import difflib
import io
from pathlib import Path

from bot.config import SETTINGS, ConfigError
from bot.i18n import DEFAULT_LOCALE, text

DEFAULT_ENV_FILE = ".env"

CLOSE_ENOUGH = 0.8
"""How alike an unknown name must be to a setting to be taken for a misspelling of it
(``difflib``'s ratio): DISCORD_TOKN or LOGLEVEL, not an unrelated variable."""


def load_env_file(path: str, locale: str = DEFAULT_LOCALE) -> None:
    """Load ``path`` into the environment (variables already set are kept) when it exists
    and every line is right; else raise ``ConfigError``, loading nothing."""
    file = Path(path)
    if not file.is_file():
        return
    try:
        content = file.read_text("utf-8-sig")  # a BOM (Notepad's) is not part of a name
    except (OSError, UnicodeDecodeError) as error:
        raise ConfigError([text("cli.cannot_read", locale, file=path, reason=error)]) from error
    problems = env_file_problems(content, path, locale)
    if problems:
        raise ConfigError(problems)
    from dotenv import load_dotenv

    load_dotenv(stream=io.StringIO(content))


def env_file_problems(content: str, file: str, locale: str = DEFAULT_LOCALE) -> list[str]:
    """One line per line of ``content`` that python-dotenv cannot read, that sets a name
    close to a setting's but not it, or that sets a setting again."""
    from dotenv.parser import parse_stream

    problems = []
    first: dict[str, int] = {}
    for binding in parse_stream(io.StringIO(content)):
        original = binding.original.string
        blank = original[: len(original) - len(original.lstrip())]
        line = binding.original.line + blank.count("\n")
        name = binding.key
        if binding.error:
            problems.append(text("run.env_unreadable", locale, file=file, line=line))
        elif name is None:
            continue
        elif name in first:
            problems.append(
                text("run.env_repeated", locale, file=file, line=line, name=name, first=first[name])
            )
        elif name in SETTINGS:
            first[name] = line
        elif close := difflib.get_close_matches(name.upper(), SETTINGS, 1, CLOSE_ENOUGH):
            problems.append(
                text("run.env_misspelt", locale, file=file, line=line, name=name, setting=close[0])
            )
    return problems
