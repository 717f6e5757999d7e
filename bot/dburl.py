"""Database URLs as the bot takes them, without importing SQLAlchemy (``bot.config`` and the
command line check them before anything heavy loads).

The store takes ``sqlite+aiosqlite:///PATH`` (the default) and
``postgresql+asyncpg://USER:PASSWORD@HOST:PORT/DATABASE``. A URL is never logged or shown
with its password: :func:`masked` replaces it with ``***``.
"""

from __future__ import annotations

import re

SQLITE_PREFIX = "sqlite+aiosqlite:///"
POSTGRES_PREFIX = "postgresql+asyncpg://"

_PASSWORD = re.compile(r"^(?P<head>[^:/?#]+://[^:/?#@]*:)[^@/]*@")


def masked(url: str) -> str:
    """``url`` with the password of its user (if any) replaced by ``***``."""
    return _PASSWORD.sub(lambda match: f"{match['head']}***@", url, count=1)


def is_postgres(url: str) -> bool:
    """Whether ``url`` names a PostgreSQL database through asyncpg."""
    return url.startswith(POSTGRES_PREFIX)


def is_sqlite(url: str) -> bool:
    """Whether ``url`` names an SQLite database through aiosqlite."""
    return url.startswith(SQLITE_PREFIX)
