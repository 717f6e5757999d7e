"""Scoreboards as text: the leaderboard page, a member's stats, a channel's history (pure).

Endings are in words and amounts are written as on the table message (``+4``, ``−1``)."""

from __future__ import annotations

from bot.i18n import amount_text, has_text, text
from bot.render.links import relative_time
from bot.store import (
    GuildConfig,
    HandSummary,
    HeadToHead,
    LeaderboardPage,
    LeaderboardPeriod,
    PlayerStats,
    Standing,
)
from cogs.settings import checked_defaults


def ending_words(ending: str, locale: str) -> str:
    """How a hand ended, in words (an ending this version does not know stays as stored)."""
    key = f"scoreboard.ending.{ending}"
    return text(key, locale) if has_text(key) else ending


def _rate(player: Standing) -> int:
    return round(100 * player.win_rate)


def _of_period(key: str, period: LeaderboardPeriod) -> str:
    """The catalogue key of ``key``'s sentence for ``period``."""
    return key if period == "all" else f"{key}.{period}"


def leaderboard_text(board: LeaderboardPage, min_hands: int, locale: str) -> str:
    """The page's title (naming the period, if not all time) and one line per ranked
    member."""
    title = text(
        _of_period(f"scoreboard.leaderboard.title.{board.by}", board.period),
        locale,
        page=board.page + 1,
        min_hands=min_hands,
    )
    if not board.entries:
        return f"{title}\n{text(_of_period('scoreboard.leaderboard.empty', board.period), locale)}"
    line = (
        "scoreboard.leaderboard.line.tonks"
        if board.by == "tonks"
        else "scoreboard.leaderboard.line"
    )
    lines = [
        text(
            line,
            locale,
            rank=entry.rank,
            name=entry.player.display_name,
            chips=amount_text(entry.player.net_chips, locale),
            won=entry.player.hands_won,
            played=entry.player.hands_played,
            rate=_rate(entry.player),
            tonks=entry.player.tonk_outs,
        )
        for entry in board.entries
    ]
    return "\n".join([title, *lines])


def stats_text(
    stats: PlayerStats, name: str, locale: str, rival: tuple[str, HeadToHead] | None = None
) -> str:
    """A member's totals, the hands played with ``rival`` (their name and record), and
    recent hands (of all time or of the period), or a sentence saying they have none (and
    the hands they played that the scoreboard leaves out, if any)."""
    player = stats.player
    if player is None and not stats.recent_hands:
        return text(_of_period("scoreboard.stats.none", stats.period), locale, name=name)
    if player is None:
        lines = [text("scoreboard.stats.unranked_only", locale, name=name)]
        return "\n".join([*lines, *_recent_lines(stats, locale)])
    lines = [
        text(
            _of_period("scoreboard.stats.title", stats.period),
            locale,
            name=name,
            rank=stats.chips_rank,
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
    if rival is not None:
        lines.append(versus_text(name, *rival, locale))
    return "\n".join([*lines, *_recent_lines(stats, locale)])


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
    ending, winners and every payout."""
    if not hands:
        return text("scoreboard.history.empty", locale)
    lines = [text("scoreboard.history.title", locale)]
    for hand in hands:
        payouts = " · ".join(
            f"{seat.name} {result_text(seat.payout, seat.pushed_up, locale)}" for seat in hand.seats
        )
        lines.append(
            text(
                "scoreboard.history.hand",
                locale,
                number=hand.hand_number,
                when=relative_time(hand.finished_at),
                ending=ending_words(hand.ending, locale),
                winners=winners_text(hand, locale),
                payouts=payouts,
            )
        )
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
    )
    problems = checked_defaults(config, 0).problems
    return "\n".join([shown, *(problem.message(locale, command_id) for problem in problems)])
