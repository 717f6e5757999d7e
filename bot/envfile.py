"""The ``.env`` file, checked line by line before it is loaded.

python-dotenv skips a line it cannot read with a warning and loads the rest, and a setting
whose name is misspelt is simply never read: the bot would then start without it, or stop
on a problem that names the setting rather than the line. Here a line that cannot be read,
or that gives a setting a second time, is a :class:`~bot.config.ConfigError` problem naming
the file, the line and why, before anything is loaded; a name that looks like a setting
nobody set is said the same way, without stopping the bot (it may be another tool's). A
line's text is never repeated, since it may hold the token.
"""

from __future__ import annotations

import difflib
import io
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

from bot.config import SETTINGS, ConfigError
from bot.i18n import DEFAULT_LOCALE, text

DEFAULT_ENV_FILE = ".env"

CLOSE_ENOUGH = 0.8
"""How alike an unknown name must be to a setting to be taken for a misspelling of it
(``difflib``'s ratio): DISCORD_TOKN or LOGLEVEL, not an unrelated variable."""


@dataclass(frozen=True, slots=True)
class EnvFileCheck:
    """What is wrong with the lines of an env file, one sentence each: ``problems`` stop the
    bot (a line python-dotenv cannot read, a setting given twice); ``misspelt`` names look
    like a setting that neither the file nor the environment sets (``LOG_LEVL``), which may
    be a typo or another tool's variable, so they are said but do not stop it."""

    problems: tuple[str, ...] = ()
    misspelt: tuple[str, ...] = ()


def load_env_file(
    path: str, environ: Mapping[str, str], locale: str = DEFAULT_LOCALE
) -> tuple[str, ...]:
    """Load ``path`` into the environment (variables already set are kept) when it exists,
    and return the misspelt names to warn of; raise ``ConfigError`` (every line that is
    wrong), loading nothing, when a line cannot be read or gives a setting twice."""
    file = Path(path)
    if not file.is_file():
        return ()
    try:
        content = file.read_text("utf-8-sig")  # a BOM (Notepad's) is not part of a name
    except (OSError, UnicodeDecodeError) as error:
        raise ConfigError([text("cli.cannot_read", locale, file=path, reason=error)]) from error
    check = check_env_file(content, path, environ, locale)
    if check.problems:
        raise ConfigError([*check.problems, *check.misspelt])
    from dotenv import load_dotenv

    load_dotenv(stream=io.StringIO(content))
    return check.misspelt


def check_env_file(
    content: str, file: str, environ: Mapping[str, str], locale: str = DEFAULT_LOCALE
) -> EnvFileCheck:
    """The lines of ``content`` that python-dotenv cannot read or that give a setting again
    (problems), and those that set a name close to a setting's that neither ``content``
    nor ``environ`` sets (misspelt); each list in the file's order."""
    from dotenv.parser import parse_stream

    problems = []
    first: dict[str, int] = {}
    near: list[tuple[int, str, str]] = []
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
            near.append((line, name, close[0]))
    misspelt = tuple(
        text("run.env_misspelt", locale, file=file, line=line, name=name, setting=setting)
        for line, name, setting in near
        if setting not in first and not environ.get(setting, "").strip()
    )
    return EnvFileCheck(tuple(problems), misspelt)
