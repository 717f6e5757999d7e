"""``bot.store.copy``: the source is read from one snapshot, on both backends."""

from __future__ import annotations

import asyncio
from pathlib import Path

from bot.store.copy import copy_database
from tests.store.contents import contents, fill
from tests.store.raw import execute, fetch

LATE_MEMBER = (
    "INSERT INTO member_settings (guild_id, user_id, language, updated_at, dms, reminders,"
    " hand_order) VALUES (9, 909, NULL, 0, true, true, 'suit')"
)


def test_a_copy_reads_one_snapshot_while_the_source_is_written(db_url: str, tmp_path: Path) -> None:
    """A member's settings committed to the source once the copy has begun (after it
    counted the rows, before it reads that table) are not copied, and the copy, checked
    against the counts it began with, lands whole: it read the source as it was at one
    moment."""
    asyncio.run(fill(db_url))
    expected = asyncio.run(contents(db_url))
    target = f"sqlite+aiosqlite:///{tmp_path / 'copy.db'}"
    written: list[str] = []

    def write_meanwhile(table: str, _copied: int, _total: int) -> None:
        if not written:
            execute(db_url, LATE_MEMBER)
            written.append(table)

    report = asyncio.run(copy_database(db_url, target, progress=write_meanwhile))
    assert written == ["guild_settings"]  # before member_settings was read
    assert fetch(db_url, "SELECT count(*) FROM member_settings") == [(3,)]
    assert report.rows["member_settings"] == 2
    assert asyncio.run(contents(target)) == expected
