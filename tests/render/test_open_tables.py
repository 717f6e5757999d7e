"""The list of ``/tonk tables``: newest activity first, at most 15 lines, within Discord's
limits in every language."""

from __future__ import annotations

from dataclasses import replace

from bot.i18n import LOCALES, text
from bot.render.limits import DESCRIPTION
from bot.render.open_tables import MAX_JOIN, MAX_LISTED, ListedTable, joinable, open_tables_embed

SNOWFLAKE = 1_577_728_834_260_697_091


def table(n: int, locale: str) -> ListedTable:
    """A table with the longest name Discord allows and the longest state line."""
    state = text("table.list.lobby", locale, seated=5, seats=6)
    link = f"<https://discord.com/channels/{SNOWFLAKE}/{SNOWFLAKE + n}/{SNOWFLAKE + 100 + n}>"
    return ListedTable(SNOWFLAKE + n, link, "W" * 32, state, 1_800_000_000.0 + n)


def test_the_list_keeps_the_fifteen_most_recent_and_counts_the_others() -> None:
    for locale in LOCALES:
        embed = open_tables_embed([table(n, locale) for n in range(MAX_LISTED + 5)], locale)
        lines = (embed.description or "").split("\n")
        assert len(lines) == MAX_LISTED + 1 and len(embed.description or "") <= DESCRIPTION
        assert f"{SNOWFLAKE + MAX_LISTED + 4}" in lines[0]  # the newest first
        assert lines[-1] == text("table.list.more", locale, count=5)
        assert embed.title == text("table.list.title", locale, count=MAX_LISTED + 5)


def test_join_buttons_follow_the_list_for_at_most_five_tables_one_may_sit_at() -> None:
    tables = [
        replace(table(n, "en"), table_id=n, join=f"Join #t{n}" if n % 2 else None)
        for n in range(14)
    ]
    assert joinable(tables) == [(n, f"Join #t{n}") for n in (13, 11, 9, 7, 5)]
    assert MAX_JOIN == 5 and joinable(tables[:4]) == [(3, "Join #t3"), (1, "Join #t1")]
