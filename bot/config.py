"""Settings from the environment (``.env`` is loaded by ``tonk run``), and the bot's timings.

``load_settings`` reads ``DISCORD_TOKEN`` (required), ``DATABASE_URL``, ``DEV_GUILD_ID``,
``LOG_LEVEL``, ``SHARD_COUNT`` and ``SHARD_IDS`` (see ``bot.shards``), and checks that the
database's directory can be written, all before anything logs in; whatever is wrong raises
``ConfigError`` with one line per problem, each naming the variable and the fix.
Nothing here imports Discord or SQLAlchemy.
"""

from __future__ import annotations

import logging
import os
from collections.abc import Mapping
from dataclasses import dataclass, field
from importlib.util import find_spec
from pathlib import Path

from bot.dburl import SQLITE_PREFIX as SQLITE_URL
from bot.dburl import is_postgres, masked
from bot.i18n import DEFAULT_LOCALE, text
from bot.shards import Shards

DEFAULT_DATABASE_URL = f"{SQLITE_URL}data/tonk.db"
LOG_LEVELS = ("DEBUG", "INFO", "WARNING", "ERROR", "CRITICAL")
SETTINGS = (
    "DISCORD_TOKEN",
    "DATABASE_URL",
    "DEV_GUILD_ID",
    "LOG_LEVEL",
    "SHARD_COUNT",
    "SHARD_IDS",
)
"""Every variable the bot reads (``load_settings``)."""


class ConfigError(Exception):
    """The environment does not configure a runnable bot: one line per problem."""

    def __init__(self, problems: list[str]) -> None:
        super().__init__("\n".join(problems))
        self.problems = problems


@dataclass(frozen=True)
class Settings:
    """What ``tonk run`` needs. ``repr`` hides the token so that it is never logged."""

    token: str
    database_url: str = DEFAULT_DATABASE_URL
    dev_guild_id: int | None = None
    log_level: int = logging.INFO
    shards: Shards = field(default_factory=Shards)

    def __repr__(self) -> str:
        return (
            f"Settings(token=<hidden>, database_url={masked(self.database_url)!r}, "
            f"dev_guild_id={self.dev_guild_id!r}, log_level={self.log_level!r}, "
            f"shards={self.shards!r})"
        )


@dataclass(frozen=True)
class Timing:
    """How long the bot waits for things; tests make these short.

    ``edit_interval``: at most one edit of each DM and open panel per interval.
    ``table_edit_interval``: at most one edit of a table message per interval (Discord lets a
    bot edit a channel's messages about five times in five seconds, and the channel also
    gets notices). ``next_hand_delay``: the pause before the next hand deals.
    ``idle_timeout``: a table without activity for this long closes itself.
    ``reply_patience``: how long after Discord made an interaction it may wait for its
    answer before it is deferred (Discord allows three seconds).
    ``bot_pause``: about how long a computer player waits before each move, so that people
    can follow its moves in the table message. ``retry_delay``: when a timer's or computer
    player's change could not be saved, how long before the table tries again.
    ``message_retry``: the first pause before a failed table-message update is tried again.
    ``nudge_after``: how long a member whose turn it is may wait before the channel reminds
    them with a mention (at most half the turn timer).
    ``channel_requests_per_s``: the table-message and DM edits (and DMs sent) of all tables
    together, per second: Discord allows a bot 50 requests a second besides its replies to
    interactions, and the rest is kept for new table messages, notices and commands. Shard
    processes share it (each takes its shards' part).
    """

    edit_interval: float = 1.0
    table_edit_interval: float = 1.5
    next_hand_delay: float = 10.0
    idle_timeout: float = 30 * 60.0
    reply_patience: float = 2.0
    bot_pause: float = 1.5
    retry_delay: float = 5.0
    message_retry: float = 1.0
    nudge_after: float = 45.0
    channel_requests_per_s: float = 40.0


def load_settings(environ: Mapping[str, str], locale: str = DEFAULT_LOCALE) -> Settings:
    """The settings in ``environ``, or ConfigError naming each variable to fix (in
    ``locale``)."""
    problems = []
    token = environ.get("DISCORD_TOKEN", "").strip()
    if not token:
        problems.append(text("run.no_token", locale))
    database_url = environ.get("DATABASE_URL", "").strip() or DEFAULT_DATABASE_URL
    problems.extend(database_problems(database_url, locale))
    guild = environ.get("DEV_GUILD_ID", "").strip()
    if guild and not _is_number(guild):
        problems.append(text("run.bad_guild", locale))
    level = environ.get("LOG_LEVEL", "INFO").strip().upper() or "INFO"
    if level not in LOG_LEVELS:
        problems.append(text("run.bad_level", locale, levels=", ".join(LOG_LEVELS)))
    shards, shard_problems = load_shards(environ, locale)
    problems.extend(shard_problems)
    if problems:
        raise ConfigError(problems)
    return Settings(
        token=token,
        database_url=database_url,
        dev_guild_id=int(guild) if guild else None,
        log_level=logging.getLevelNamesMapping()[level],
        shards=shards,
    )


def load_shards(
    environ: Mapping[str, str], locale: str = DEFAULT_LOCALE
) -> tuple[Shards, list[str]]:
    """The shards ``SHARD_COUNT`` and ``SHARD_IDS`` give this process, and what is wrong
    with them (one line each; the shards are then every shard)."""
    count_text = environ.get("SHARD_COUNT", "").strip()
    ids_text = environ.get("SHARD_IDS", "").strip()
    if not count_text:
        return Shards(), [text("run.shard_ids_without_count", locale)] if ids_text else []
    if not _is_number(count_text) or int(count_text) < 1:
        return Shards(), [text("run.bad_shard_count", locale)]
    count = int(count_text)
    if not ids_text:
        return Shards(count), []
    items = [item.strip() for item in ids_text.split(",")]
    ids = tuple(int(item) for item in items if _is_number(item))
    if len(ids) < len(items) or len(set(ids)) < len(ids) or max(ids) >= count:
        return Shards(), [text("run.bad_shard_ids", locale, last=count - 1)]
    return Shards(count, ids), []


def _is_number(value: str) -> bool:
    """Whether ``value`` is a whole number written in ASCII digits."""
    return value.isascii() and value.isdecimal()


def database_problems(url: str, locale: str = DEFAULT_LOCALE) -> list[str]:
    """What keeps ``url`` from being a database the bot can use: for SQLite, a file it can
    create and write; for PostgreSQL, the asyncpg driver (the server is reached at start)."""
    if is_postgres(url):
        if find_spec("asyncpg") is None:
            return [text("store.no_asyncpg", locale, url=masked(url))]
        return []
    path = url.removeprefix(SQLITE_URL).split("?")[0]
    if not url.startswith(SQLITE_URL) or path in ("", ":memory:"):
        return [text("run.bad_database_url", locale, default=DEFAULT_DATABASE_URL)]
    file = Path(path)
    directory = next(p for p in (file.parent, *file.parent.parents) if p.exists())
    writable = directory.is_dir() and os.access(directory, os.W_OK | os.X_OK)
    if not writable or (file.exists() and not os.access(file, os.R_OK | os.W_OK)):
        return [text("run.unwritable_database", locale, path=path, directory=directory)]
    return []
