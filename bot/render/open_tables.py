"""What ``/tonk tables`` shows: the server's open tables, the most recently active first,
each with its channel, host, state and a link to its table message, and a **Join** button
for each of the first tables where the member may take a seat (pure: no Discord state)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import discord

from bot.i18n import text
from bot.i18n.mentions import command_mentions
from bot.render.limits import fit_embed
from bot.render.links import message_link, relative_time
from bot.tables.table import LOBBY, PLAYING, Table

MAX_LISTED = 15
"""Tables listed at most; the others are counted."""
MAX_JOIN = 5
"""Join buttons at most: one row of the list's message."""


@dataclass(frozen=True, slots=True)
class ListedTable:
    """One open table as the list shows it."""

    channel_id: int
    link: str
    host: str
    state: str
    last_activity: float
    table_id: int = 0
    join: str | None = None
    """The label of its Join button, for a table where the member reading may sit down."""


def listed(table: Table, locale: str, reader: int = 0, place: str = "") -> ListedTable:
    """``table`` as a line of the list: whether it waits in its lobby, plays a hand or waits
    for the next one; with a Join button (naming the channel ``place``) if ``reader`` may
    take a seat there (a seat is free, they do not sit there, and the table is not private
    or invited them)."""
    if table.status == LOBBY:
        state = text("table.list.lobby", locale, seated=len(table.seats), seats=table.max_seats)
    elif table.status == PLAYING:
        state = text("table.list.playing", locale, number=table.hand_number)
    else:
        state = text("table.list.between", locale, number=table.hand_number)
    if table.private:
        state = text("table.list.private", locale, state=state)
    free = len(table.seats) < table.max_seats
    may_join = free and not table.is_seated(reader) and table.may_sit(reader)
    return ListedTable(
        table.channel_id,
        message_link(table.guild_id, table.channel_id, table.message_id),
        table.name_of(table.host_id),
        state,
        table.last_activity,
        table.id,
        text("table.list.join", locale, place=place) if may_join else None,
    )


def joinable(tables: Sequence[ListedTable]) -> list[tuple[int, str]]:
    """The Join buttons under the list, (table id, label): the first ``MAX_JOIN`` tables
    listed where the member may sit down."""
    return [(t.table_id, t.join) for t in _in_order(tables)[:MAX_LISTED] if t.join][:MAX_JOIN]


def _in_order(tables: Sequence[ListedTable]) -> list[ListedTable]:
    return sorted(tables, key=lambda t: t.last_activity, reverse=True)


def open_tables_embed(
    tables: Sequence[ListedTable], locale: str = "en", command_id: int | None = None
) -> discord.Embed:
    """The list: one line per table, newest activity first, at most ``MAX_LISTED`` (with the
    longest names and links, 15 lines fill most of an embed's description)."""
    ordered = _in_order(tables)
    lines = [
        text(
            "table.list.line",
            locale,
            channel=f"<#{t.channel_id}>",
            host=t.host,
            state=t.state,
            time=relative_time(t.last_activity),
            link=t.link,
        )
        for t in ordered[:MAX_LISTED]
    ]
    if len(ordered) > MAX_LISTED:
        lines.append(text("table.list.more", locale, count=len(ordered) - MAX_LISTED))
    description = (
        "\n".join(lines)
        if lines
        else text("table.list.none", locale, **command_mentions(command_id))
    )
    embed = discord.Embed(
        title=text("table.list.title", locale, count=len(ordered)), description=description
    )
    return fit_embed(embed)
