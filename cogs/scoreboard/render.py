"""Scoreboards as text: the leaderboard page, a member's stats, a channel's history (pure).

Endings are in words and amounts are written as on the table message (``+4``, ``−1``)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import assert_never

from bot.i18n import amount_text, day_text, has_text, text, weekday_text
from bot.i18n.mentions import command_mentions
from bot.render.links import date_of, date_time_of, relative_time
from bot.render.words import names_text
from bot.store import (
    GuildConfig,
    HandSummary,
    HeadToHead,
    LeaderboardPage,
    LeaderboardPeriod,
    PlayerStats,
    Season,
    SeasonEvery,
    SeasonSchedule,
    SeasonsWon,
    Standing,
)
from cogs.settings import checked_defaults

FAME_PER_PAGE = 25
"""How many members of the hall of fame a page lists."""
NAMES_SHOWN = 10
"""How many of a season's winners (or of those whose role failed) an announcement names;
the others are counted ("ann, bob and 3 others")."""


def ending_words(ending: str, locale: str) -> str:
    """How a hand ended, in words (an ending this version does not know stays as stored)."""
    key = f"scoreboard.ending.{ending}"
    return text(key, locale) if has_text(key) else ending


def _rate(player: Standing) -> int:
    return round(100 * player.win_rate)


def of_period(key: str, period: LeaderboardPeriod, season: Season | None) -> str:
    """The catalogue key of ``key``'s sentence for ``period``: all time's for the season of a
    server that has none (its season counts every hand)."""
    if period == "all" or (period == "season" and season is None):
        return key
    return f"{key}.{period}"


def season_fields(season: Season | None, locale: str) -> dict[str, object]:
    """The ``{season}``, ``{since}`` and ``{dates}`` of a season's sentences: its number,
    the date it started, and its dates ("since 1 December 2026", or from its start to its
    end for a season that ended); nothing without a season."""
    if season is None:
        return {}
    since = date_of(season.started_at)
    return {"season": season.number, "since": since, "dates": _dates(season, locale, date_of)}


def _dates(season: Season, locale: str, date: Callable[[float], str]) -> str:
    """When ``season`` ran, its days written by ``date``: since its start (and when the next
    is due to start by itself), or from its start to its end."""
    since = date(season.started_at)
    if season.ended_at is None and season.next_start is not None:
        upcoming = relative_time(season.next_start)
        return text("scoreboard.season.since_next", locale, since=since, next=upcoming)
    if season.ended_at is None:
        return text("scoreboard.season.since", locale, since=since)
    return text("scoreboard.season.between", locale, since=since, until=date(season.ended_at))


def season_choice(season: Season, locale: str, time_zone: str | None = None) -> str:
    """A season as a choice of the ``season:`` option, which shows plain text: its number
    and its days, in ``time_zone`` (the server's season schedule's: its seasons start at
    midnight there; UTC if None)."""
    dates = _dates(season, locale, lambda moment: day_text(moment, locale, time_zone))
    return text("scoreboard.season.choice", locale, season=season.number, dates=dates)


def no_season_note(
    period: LeaderboardPeriod, season: Season | None, locale: str, command_id: int | None
) -> list[str]:
    """The line that says a server without seasons counts every hand in its season (none
    for any other period), its command clickable with ``command_id``."""
    if period != "season" or season is not None:
        return []
    return [text("scoreboard.period.no_season", locale, **command_mentions(command_id))]


def leaderboard_text(
    board: LeaderboardPage, min_hands: int, locale: str, command_id: int | None = None
) -> str:
    """The page's title (naming the period, if not all time) and one line per ranked
    member; under the season board of a server without seasons, a line saying so."""
    season = season_fields(board.season, locale)
    title = text(
        of_period(f"scoreboard.leaderboard.title.{board.by}", board.period, board.season),
        locale,
        page=board.page + 1,
        min_hands=min_hands,
        **season,
    )
    note = no_season_note(board.period, board.season, locale, command_id)
    if not board.entries:
        empty = of_period("scoreboard.leaderboard.empty", board.period, board.season)
        return "\n".join([title, text(empty, locale, **season), *note])
    crowned = frozenset() if board.crowned is None else board.crowned.user_ids
    lines = _lines(board, locale, crowned)
    if board.crowned is not None and any(e.player.user_id in crowned for e in board.entries):
        lines.append(text("scoreboard.leaderboard.crowned", locale, season=board.crowned.season))
    return "\n".join([title, *lines, *note])


LINES = {
    "tonks": "scoreboard.leaderboard.line.tonks",
    "matches": "scoreboard.leaderboard.line.matches",
}
"""The line of a board that leads with a figure of its own; the others: chips, then wins."""


def _lines(board: LeaderboardPage, locale: str, crowned: frozenset[int] = frozenset()) -> list[str]:
    """One line per ranked member of the page, a crown by the name of each of ``crowned``
    (user ids)."""
    line = LINES.get(board.by, "scoreboard.leaderboard.line")
    return [
        text(
            line,
            locale,
            rank=entry.rank,
            name=_crowned_name(entry.player, crowned),
            chips=amount_text(entry.player.net_chips, locale),
            won=entry.player.hands_won,
            played=entry.player.hands_played,
            rate=_rate(entry.player),
            tonks=entry.player.tonk_outs,
            matches=entry.player.matches_won,
        )
        for entry in board.entries
    ]


def _crowned_name(player: Standing, crowned: frozenset[int]) -> str:
    """The member's name, with a crown if they are one of ``crowned``."""
    return f"{player.display_name} 👑" if player.user_id in crowned else player.display_name


def started_by_text(season: Season, name: str, locale: str, command_id: int | None) -> str:
    """The first line of the channel's announcement when ``name`` starts ``season``."""
    return text(
        "scoreboard.season.started",
        locale,
        season=season.number,
        name=name,
        **command_mentions(command_id),
    )


def started_by_schedule_text(
    season: Season, schedule: SeasonSchedule, locale: str, command_id: int | None
) -> str:
    """The first line of the announcement of ``season``, started by itself as ``schedule``
    says (``schedule`` as it is now: with the next start)."""
    return text(
        f"scoreboard.season.started.{schedule.every}",
        locale,
        season=season.number,
        next=date_time_of(schedule.next_at),
        **_starts_on(schedule, locale),
        **command_mentions(command_id),
    )


def season_started_text(opening: str, final: LeaderboardPage, locale: str) -> str:
    """What the channel reads when a season starts: ``opening``, then the top of the board
    that decided the season that ended (``final``: its chips board, or its board of push-up
    matches; of all time before the first season), if anyone was ranked there."""
    lines = [opening]
    if final.entries:
        if final.season is None:
            lines.append(text("scoreboard.season.final_before", locale))
        else:
            lines.append(text("scoreboard.season.final", locale, season=final.season.number))
        lines.extend(_lines(final, locale))
    return "\n".join(lines)


def ends_soon_text(
    board: LeaderboardPage,
    schedule: SeasonSchedule,
    champion_role: int | None,
    locale: str,
    command_id: int | None,
) -> str:
    """What the announcement channel reads a day before ``schedule``'s next start: that the
    current season (``board``'s, the top so far of the board that decides it; of all time
    before the first season) ends then, its board, and who gets ``champion_role`` (a role
    id) if set."""
    when = {"when": relative_time(schedule.next_at), "date": date_time_of(schedule.next_at)}
    if board.season is None:
        opening = text("scoreboard.season.ends_soon_before", locale, **when)
    else:
        number = board.season.number
        said = {"season": number, "following": number + 1, **when}
        opening = text("scoreboard.season.ends_soon", locale, **said)
    lines = [opening, *_lines(board, locale)]
    lines.append(text("scoreboard.season.ends_soon_more", locale, **command_mentions(command_id)))
    if champion_role is not None:
        role = f"<@&{champion_role}>"
        lines.append(text("scoreboard.season.ends_soon_champion", locale, role=role))
    return "\n".join(lines)


def champion_lines(
    final: LeaderboardPage,
    winners: Sequence[Standing],
    failed: Sequence[int],
    role: str,
    locale: str,
) -> list[str]:
    """Who holds the champion ``role`` (its mention) now that the season of ``final`` ended
    (its ``winners``, or nobody), then the members for whom it could not be given or taken
    back (``failed``, by user id)."""
    before = "_before" if final.season is None else ""
    season = None if final.season is None else final.season.number
    said = {"role": role, "season": season}
    if winners:
        shown = [f"**{winner.display_name}**" for winner in winners]
        names = names_text(shown, locale, NAMES_SHOWN)
        key = f"scoreboard.season.champion{before}"
        lines = [text(key, locale, names=names, winners=len(winners), **said)]
    else:
        lines = [text(f"scoreboard.season.no_champion{before}", locale, **said)]
    if failed:
        mentions = names_text([f"<@{user_id}>" for user_id in failed], locale, NAMES_SHOWN)
        lines.append(text("scoreboard.season.champion_failed", locale, names=mentions, **said))
    return lines


def schedule_text(schedule: SeasonSchedule, locale: str) -> str:
    """When the server's seasons start by themselves (on which day, at what hour in which
    time zone), where they are announced, when the next one starts (in each reader's time
    zone, and from now), and, if so, that the channel is not told the day before."""
    said = text(
        f"scoreboard.schedule.{schedule.every}",
        locale,
        channel=f"<#{schedule.channel_id}>",
        zone=schedule.time_zone,
        next=date_time_of(schedule.next_at),
        when=relative_time(schedule.next_at),
        **_starts_on(schedule, locale),
    )
    if schedule.notices:
        return said
    return text("scoreboard.schedule.no_notice", locale, schedule=said)


def _starts_on(schedule: SeasonSchedule, locale: str) -> dict[str, str]:
    """The ``{weekday}`` (of a weekly schedule) or ``{day}`` (of a monthly one), and the
    ``{time}``, of a schedule's sentences: when in the week or month, and at what hour, its
    seasons start."""
    day, time = schedule.day, f"{schedule.hour:02d}:00"
    match schedule.every:
        case SeasonEvery.WEEK:
            return {"weekday": weekday_text(0 if day is None else day, locale), "time": time}
        case SeasonEvery.MONTH:
            return {"day": str(1 if day is None else day), "time": time}
        case _:
            assert_never(schedule.every)


def stats_text(
    stats: PlayerStats,
    name: str,
    locale: str,
    rival: tuple[str, HeadToHead] | None = None,
    command_id: int | None = None,
) -> str:
    """A member's totals, the push-up matches and seasons they won, the hands played with
    ``rival`` (their name and record), and recent hands (of all time or of the period), or a
    sentence saying they have none (and the hands they played that the scoreboard leaves out,
    if any); under the season stats of a server without seasons, a line saying so (its
    command clickable with ``command_id``)."""
    player = stats.player
    season = season_fields(stats.season, locale)
    note = no_season_note(stats.period, stats.season, locale, command_id)
    trophies = _trophy_lines(stats, locale)
    if player is None and not stats.recent_hands:
        none = of_period("scoreboard.stats.none", stats.period, stats.season)
        return "\n".join([text(none, locale, name=name, **season), *trophies, *note])
    if player is None:
        lines = [text("scoreboard.stats.unranked_only", locale, name=name), *trophies]
        return "\n".join([*lines, *_recent_lines(stats, locale), *note])
    lines = [
        text(
            of_period("scoreboard.stats.title", stats.period, stats.season),
            locale,
            name=name,
            rank=stats.chips_rank,
            **season,
        ),
        text(
            "scoreboard.stats.totals",
            locale,
            chips=amount_text(player.net_chips, locale),
            won=player.hands_won,
            played=player.hands_played,
            rate=_rate(player),
            tonks=player.tonk_outs,
            drops=player.drops_won,
            caught=player.times_caught,
            streak=player.best_streak,
            biggest=amount_text(stats.biggest_win, locale),
        ),
    ]
    if player.matches_won:  # H10: push-up matches, won with the lowest total
        lines.append(text("scoreboard.stats.matches_won", locale, won=player.matches_won))
    lines.extend(trophies)
    if rival is not None:
        lines.append(versus_text(name, *rival, locale))
    return "\n".join([*lines, *_recent_lines(stats, locale), *note])


def _recent_lines(stats: PlayerStats, locale: str) -> list[str]:
    """The member's recent hands under a heading (none without hands), each marked if the
    scoreboard leaves it out."""
    if not stats.recent_hands:
        return []
    return [
        text("scoreboard.stats.recent", locale),
        *(
            text(
                "scoreboard.stats.hand" if hand.ranked else "scoreboard.stats.hand_unranked",
                locale,
                number=hand.hand_number,
                when=relative_time(hand.finished_at),
                ending=ending_words(hand.ending, locale),
                payout=result_text(hand.payout, hand.pushed_up, locale),
            )
            for hand in stats.recent_hands
        ),
    ]


def _trophy_lines(stats: PlayerStats, locale: str) -> list[str]:
    """The seasons the member won, in a line (none if they won none)."""
    if not stats.seasons_won:
        return []
    seasons = _numbers(stats.seasons_won, locale)
    won = len(stats.seasons_won)
    return [text("scoreboard.stats.seasons_won", locale, seasons=seasons, won=won)]


def _numbers(seasons: Sequence[int], locale: str) -> str:
    """Season numbers as a list in words: ``1, 3 and 5``."""
    return names_text([str(number) for number in seasons], locale)


def fame_pages(fame: Sequence[SeasonsWon]) -> int:
    """How many pages the hall of fame fills (one, if empty)."""
    return max(1, -(-len(fame) // FAME_PER_PAGE))


def hall_of_fame_text(
    fame: Sequence[SeasonsWon], page: int, locale: str, command_id: int | None
) -> str:
    """Page ``page`` (from 0) of the hall of fame: :data:`FAME_PER_PAGE` members who won a
    season, ranked on from the pages before, each with the seasons they won; or a sentence
    saying no season has ended yet (its command clickable with ``command_id``)."""
    pages = fame_pages(fame)
    if pages == 1:
        title = text("scoreboard.fame.title", locale)
    else:
        title = text("scoreboard.fame.title_paged", locale, page=page + 1, pages=pages)
    if not fame:
        empty = text("scoreboard.fame.empty", locale, **command_mentions(command_id))
        return "\n".join([title, empty])
    first = page * FAME_PER_PAGE
    lines = [
        text(
            "scoreboard.fame.line",
            locale,
            rank=rank,
            name=member.display_name,
            won=len(member.seasons),
            seasons=_numbers(member.seasons, locale),
        )
        for rank, member in enumerate(fame[first : first + FAME_PER_PAGE], start=first + 1)
    ]
    return "\n".join([title, *lines])


def versus_text(name: str, rival: str, record: HeadToHead, locale: str) -> str:
    """Two members' hands played together: how many, each one's wins and net chips."""
    if not record.hands:
        return text("scoreboard.stats.versus_none", locale, rival=rival)
    return text(
        "scoreboard.stats.versus",
        locale,
        rival=rival,
        hands=record.hands,
        name=name,
        won=record.won,
        rival_won=record.rival_won,
        chips=amount_text(record.net_chips, locale),
        rival_chips=amount_text(record.rival_net_chips, locale),
    )


def result_text(payout: int, pushed_up: int | None, locale: str) -> str:
    """What a seat got from a hand: its chips (``+4``, ``−1``), or, in a push-up hand, the
    points it was pushed up by (O42: nobody pays)."""
    if pushed_up is None:
        return amount_text(payout, locale)
    return text("table.balance_points", locale, points=pushed_up)


def winners_text(hand: HandSummary, locale: str) -> str:
    """Who won ``hand``, by name (``nobody`` for a hand nobody won)."""
    winners = text("table.list.comma", locale).join(seat.name for seat in hand.winners)
    return winners or text("scoreboard.history.nobody", locale)


def history_text(hands: list[HandSummary], locale: str) -> str:
    """The channel's last hands, newest first: when each finished (as relative time), its
    ending, winners and every payout, and who won the push-up match a hand ended (H10)."""
    if not hands:
        return text("scoreboard.history.empty", locale)
    lines = [text("scoreboard.history.title", locale)]
    for hand in hands:
        payouts = " · ".join(
            f"{seat.name} {result_text(seat.payout, seat.pushed_up, locale)}" for seat in hand.seats
        )
        line = text(
            "scoreboard.history.hand",
            locale,
            number=hand.hand_number,
            when=relative_time(hand.finished_at),
            ending=ending_words(hand.ending, locale),
            winners=winners_text(hand, locale),
            payouts=payouts,
        )
        matches = [
            text("scoreboard.history.match", locale, name=s.name) for s in hand.seats if s.won_match
        ]
        lines.append(" · ".join([line, *matches]))
    return "\n".join(lines)


def config_text(config: GuildConfig, locale: str, command_id: int | None = None) -> str:
    """The server's settings in one line, then a line for each stored setting that is no
    longer valid (new tables use the default instead)."""
    if config.turn_timeout is None:
        timeout = text("scoreboard.config.timer_off", locale)
    else:
        timeout = text("scoreboard.config.timer_seconds", locale, seconds=config.turn_timeout)
    channels = ", ".join(f"<#{channel}>" for channel in config.allowed_channel_ids) or text(
        "scoreboard.config.all_channels", locale
    )
    house = ", ".join(f"{name}: {value}" for name, value in config.default_options.items())
    shown = text(
        "scoreboard.config.show",
        locale,
        preset=config.default_preset,
        stake=config.stake,
        seats=config.seats,
        timeout=timeout,
        reminders=text(
            "scoreboard.config.reminders_on"
            if config.turn_reminders
            else "scoreboard.config.reminders_off",
            locale,
        ),
        channels=channels,
        options=house or text("scoreboard.config.no_options", locale),
        announce=(
            text("scoreboard.config.no_announce", locale)
            if config.announce_role is None
            else f"<@&{config.announce_role}>"
        ),
        threads=text(
            "scoreboard.config.threads_on" if config.threads else "scoreboard.config.threads_off",
            locale,
        ),
        computer_hands=text(
            "scoreboard.config.computer_hands_on"
            if config.computer_hands
            else "scoreboard.config.computer_hands_off",
            locale,
        ),
        season=_season_config(config, locale),
    )
    problems = checked_defaults(config, 0).problems
    return "\n".join([shown, *(problem.message(locale, command_id) for problem in problems)])


def _season_config(config: GuildConfig, locale: str) -> str:
    """The server's season in ``/tonk config show``, when the next starts by itself, and the
    role its winner gets."""
    season = (
        text("scoreboard.config.no_season", locale)
        if config.season is None
        else text("scoreboard.config.season", locale, **season_fields(config.season, locale))
    )
    if config.season_schedule is not None:
        schedule = schedule_text(config.season_schedule, locale)
        season = text(
            "scoreboard.config.season_and_schedule", locale, season=season, schedule=schedule
        )
    if config.champion_role is None:
        return season
    role = f"<@&{config.champion_role}>"
    return text("scoreboard.config.with_champion", locale, season=season, role=role)
