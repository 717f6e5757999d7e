"""Seasons: ``/tonk config season`` starts the server's next season now, or with ``every:``
makes them start by themselves, every week or every month (``bot.store.schedule``); the
season clock, one per bot process, starts the seasons that are due in the servers that
process has (its shards) and announces each in the channel chosen."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import Awaitable
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

import discord

from bot.client import (
    DISCORD_FAILURES,
    Defer,
    answer,
    command_id,
    defer_as,
    locale_of,
    refusal_text,
)
from bot.i18n import text
from bot.i18n.mentions import command_mentions
from bot.render.words import names_text
from bot.store import (
    LeaderboardPage,
    SeasonSchedule,
    SeasonWithoutHands,
    Standing,
    Store,
    next_start,
    notice_at,
)
from bot.tables.errors import TableError
from cogs.inputs import check_season_day, check_season_every, check_time_zone
from cogs.scoreboard.champions import crown, season_winners
from cogs.scoreboard.render import (
    ends_soon_text,
    schedule_text,
    season_started_text,
    started_by_schedule_text,
    started_by_text,
)
from cogs.settings import guild_language, server_language

if TYPE_CHECKING:
    from bot.client import TonkBot

log = logging.getLogger(__name__)
FINAL_PLACES = 3
"""How many members of the season that ended the channel reads when a new one starts."""
WINNERS_READ = 25
"""How many members of the season that ended are read at a time to find its winners: pages
of this many until one ends below the winners (a tie for the most chips may run past the
top three shown, and past any page)."""
CLOCK_SECONDS = 60.0
"""How often the season clock looks for seasons due to start."""
ANNOUNCE_PERMISSIONS = (("view_channel", "View Channel"), ("send_messages", "Send Messages"))
"""What the bot needs in the channel where seasons are announced, by ``discord.Permissions``
flag and by Discord's name."""


async def start_season_now(bot: TonkBot, store: Store, interaction: discord.Interaction) -> None:
    """Start the server's next season for the member who asked: the channel reads that it
    starts and the top of the board of the season that ended; a season without a finished
    hand is not started again (the member is told why)."""
    defer_as(interaction, Defer.PUBLIC)
    guild_id = interaction.guild_id or 0
    final = await final_board(store, guild_id)
    winners = season_winners(final)
    try:
        season = await store.start_season(guild_id, winners=_ids(winners))
    except SeasonWithoutHands as empty:
        said = text(
            "scoreboard.refusal.season_without_hands", locale_of(interaction), season=empty.season
        )
        await answer(interaction, said)
        return
    locale = await server_language(bot, interaction)
    opening = started_by_text(
        season, interaction.user.display_name, locale, command_id(interaction)
    )
    assert interaction.guild is not None  # a command of a server
    crowned = await crown(bot, store, interaction.guild, final, winners, locale)
    await answer(interaction, _announcement(opening, final, crowned, locale), ephemeral=False)


async def deciding_board(
    store: Store, guild_id: int, places: int = WINNERS_READ
) -> LeaderboardPage:
    """The board that decides the current season (of all time, before the first season), its
    first ``places``: the chips board; where nobody won or lost a chip on it (a season of
    push-up hands, which pay nobody: O42), the board of push-up matches won, if anyone won
    one (H10). ``season_winners`` reads who is ahead on it."""
    chips = await store.leaderboard(guild_id, "chips", 0, places, period="season")
    if any(entry.player.net_chips for entry in chips.entries):
        return chips
    matches = await store.leaderboard(guild_id, "matches", 0, places, period="season")
    return matches if any(entry.player.matches_won for entry in matches.entries) else chips


async def final_board(store: Store, guild_id: int) -> LeaderboardPage:
    """The board that decides the season that ends (:func:`deciding_board`) as far down as
    its winners go: every member tied for the lead is on it, however many there are."""
    board = await deciding_board(store, guild_id)
    page = 0
    while board.has_next and _last_wins(board):
        page += 1
        more = await store.leaderboard(guild_id, board.by, page, WINNERS_READ, period="season")
        board = replace(board, entries=board.entries + more.entries, has_next=more.has_next)
    return board


def _last_wins(board: LeaderboardPage) -> bool:
    """Whether the last member read on ``board`` is one of its winners (the next member
    may be too)."""
    last = board.entries[-1].player.user_id
    return any(winner.user_id == last for winner in season_winners(board))


def _ids(members: list[Standing]) -> list[int]:
    return [member.user_id for member in members]


def _announcement(opening: str, final: LeaderboardPage, crowned: list[str], locale: str) -> str:
    """What the channel reads when a season starts: ``opening``, the top of ``final`` (the
    season that ended) and who holds the champion role now (``crowned``)."""
    top = replace(final, entries=final.entries[:FINAL_PLACES])
    return "\n".join([season_started_text(opening, top, locale), *crowned])


@dataclass(frozen=True, slots=True)
class SeasonAsked:
    """Where and when ``/tonk config season`` asks seasons that start by themselves to be
    announced and start, as typed: the channel, the time zone, day and hour, and whether
    the channel is told a day before each start."""

    channel: discord.abc.GuildChannel | None = None
    time_zone: str | None = None
    day: str | None = None
    hour: int | None = None
    notice: bool | None = None

    @property
    def when_or_where(self) -> bool:
        """Whether it says anything: only ``every:`` may go with it."""
        asked = (self.channel, self.time_zone, self.day, self.hour, self.notice)
        return any(value is not None for value in asked)


async def schedule_seasons(
    bot: TonkBot, store: Store, interaction: discord.Interaction, every: str, asked: SeasonAsked
) -> None:
    """Make the server's seasons start by themselves ``every`` week or month as ``asked``:
    on its day at its hour in its time zone (each, if not given, as the schedule had it,
    else Monday or the 1st, midnight, UTC), announced in its channel (the channel of the
    command, or its parent for a thread, if not given), the channel told a day before each
    start unless asked not to (as the schedule had it, if not asked), or, with ``off``,
    only when a manager starts one. A time zone or day that does not exist, or a channel
    where the bot cannot post, is refused, changing nothing. The channel reads the new
    schedule."""
    locale = locale_of(interaction)
    guild_id = interaction.guild_id or 0
    try:
        chosen = check_season_every(every)
        zone = None if asked.time_zone is None else check_time_zone(asked.time_zone)
        day = (
            None
            if asked.day is None or chosen is None
            else check_season_day(chosen, asked.day, locale)
        )
    except TableError as refusal:
        await answer(interaction, refusal_text(refusal, interaction))
        return
    if chosen is None:
        if asked.when_or_where:
            await answer(interaction, text("scoreboard.refusal.season_channel_alone", locale))
            return
        await store.update_guild_settings(guild_id, season_schedule=None)
        said = text(
            "scoreboard.config.schedule_off",
            await server_language(bot, interaction),
            **command_mentions(command_id(interaction)),
        )
        await answer(interaction, said, ephemeral=False)
        return
    where = _announcement_channel(interaction, asked.channel)
    missing = _missing_permissions(interaction, where)
    if missing:
        said = text(
            "scoreboard.refusal.season_channel_closed",
            locale,
            channel=f"<#{where}>",
            permissions=names_text(missing, locale),
        )
        await answer(interaction, said)
        return
    current = (await store.get_guild_settings(guild_id)).season_schedule
    kept = SeasonSchedule(chosen, where, 0.0) if current is None else current
    zone = kept.time_zone if zone is None else zone
    if day is None and kept.every is chosen:
        day = kept.day
    hour = kept.hour if asked.hour is None else asked.hour
    notices = kept.notices if asked.notice is None else asked.notice
    now = time.time()
    upcoming = next_start(chosen, now, zone, day, hour)
    notice = notice_at(upcoming, now) if notices else None
    schedule = SeasonSchedule(chosen, where, upcoming, zone, notice, day, hour, notices)
    await store.update_guild_settings(guild_id, season_schedule=schedule)
    public = await server_language(bot, interaction)
    key = "scoreboard.config.schedule_set" if notices else "scoreboard.config.schedule_set_quiet"
    said = text(key, public, schedule=schedule_text(schedule, public))
    await answer(interaction, said, ephemeral=False)


def _announcement_channel(
    interaction: discord.Interaction, channel: discord.abc.GuildChannel | None
) -> int:
    """The id of the channel chosen, else of the command's channel (of its parent, for a
    thread: a table's thread is archived when its table closes)."""
    if channel is not None:
        return channel.id
    here = interaction.channel
    if isinstance(here, discord.Thread) and here.parent_id is not None:
        return here.parent_id
    return interaction.channel_id or 0


def _missing_permissions(interaction: discord.Interaction, channel_id: int) -> list[str]:
    """Discord's names of the permissions to announce seasons that the bot lacks in the
    channel (none known missing when the channel or the bot is not in the cache)."""
    if channel_id == interaction.channel_id:
        granted = interaction.app_permissions
    else:
        guild = interaction.guild
        channel = None if guild is None else guild.get_channel(channel_id)
        if guild is None or channel is None or guild.me is None:
            return []
        granted = channel.permissions_for(guild.me)
    return [name for flag, name in ANNOUNCE_PERMISSIONS if not getattr(granted, flag)]


class SeasonClock:
    """Once a minute, starts the seasons due by their servers' schedules in the servers this
    process has, each announced in its channel, and a day before each such start tells that
    channel the current season ends, with the board so far. Another process (shard) has the
    other servers; a season two processes both find due starts once
    (``Store.start_scheduled_season``), and its channel is told once that it ends
    (``Store.claim_season_notice``)."""

    def __init__(self, bot: TonkBot, store: Store, interval: float = CLOCK_SECONDS) -> None:
        self.bot = bot
        self.store = store
        self.interval = interval
        self._task: asyncio.Task[None] | None = None

    def start(self) -> None:
        self._task = asyncio.create_task(self._run(), name="season clock")

    async def stop(self) -> None:
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task
            self._task = None

    async def _run(self) -> None:
        await self.bot.wait_until_ready()
        while True:
            try:
                await self.tick()
            except Exception:
                log.exception("the season clock could not look for seasons due to start")
            await asyncio.sleep(self.interval)

    async def tick(self, now: float | None = None) -> None:
        """Start every season due by ``now`` (default: the current time) in a server of
        this process, then tell the channels due to be told that a season ends; one
        server's failure is logged and leaves the others to go on."""
        moment = time.time() if now is None else now
        for guild_id, _ in await self.store.due_seasons(moment):
            await self._in_guild(guild_id, self._start(guild_id, moment), "start its season")
        for guild_id, _ in await self.store.due_season_notices(moment):
            await self._in_guild(guild_id, self._notify(guild_id, moment), "say its season ends")

    async def _in_guild(self, guild_id: int, work: Awaitable[None], what: str) -> None:
        """Run ``work`` for a server; its failure is logged, saying it could not do ``what``."""
        try:
            await work
        except Exception:
            log.exception("server %d: the season clock could not %s", guild_id, what)

    async def _start(self, guild_id: int, moment: float) -> None:
        guild = self.bot.get_guild(guild_id)
        if guild is None:
            return
        final = await final_board(self.store, guild.id)
        winners = season_winners(final)
        scheduled = await self.store.start_scheduled_season(
            guild.id, now=moment, winners=_ids(winners)
        )
        if scheduled is None or scheduled.season is None:
            return
        season, schedule = scheduled.season, scheduled.schedule
        locale = await guild_language(self.bot, guild)
        crowned = await crown(self.bot, self.store, guild, final, winners, locale)
        opening = started_by_schedule_text(season, schedule, locale, self.bot.command_id)
        said = _announcement(opening, final, crowned, locale)
        await _post(guild, schedule.channel_id, said, f"started season {season.number}")

    async def _notify(self, guild_id: int, moment: float) -> None:
        """Tell the server's announcement channel that the current season ends at the
        next start, with the top of its board so far, and who gets the champion role. A
        season nobody is ranked in yet is not told (without a finished hand it does not
        end): the clock looks again, until the start."""
        guild = self.bot.get_guild(guild_id)
        if guild is None:
            return
        board = await deciding_board(self.store, guild_id, FINAL_PLACES)
        if not board.entries:
            return
        schedule = await self.store.claim_season_notice(guild_id, now=moment)
        if schedule is None:
            return
        config = await self.store.get_guild_settings(guild_id)
        locale = await guild_language(self.bot, guild)
        said = ends_soon_text(board, schedule, config.champion_role, locale, self.bot.command_id)
        await _post(guild, schedule.channel_id, said, "was to say its season ends")


async def _post(guild: discord.Guild, channel_id: int, said: str, done: str) -> None:
    """Send ``said`` to the server's announcement channel; a channel that is gone, or where
    sending fails, is logged (saying what the clock ``done`` in that server), and nothing
    else happens."""
    channel = guild.get_channel_or_thread(channel_id)
    if not isinstance(channel, discord.abc.Messageable):
        log.warning(
            "server %d %s, but its announcement channel %d is gone", guild.id, done, channel_id
        )
        return
    try:
        await channel.send(said)
    except DISCORD_FAILURES as error:
        log.warning(
            "server %d %s, but could not post in its announcement channel %d: %s",
            guild.id,
            done,
            channel_id,
            error,
        )
