"""Read-only views returned by the leaderboard, stats, history, replay and forget queries."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal

from bot.store.hands import HandDeal
from bot.store.records import Season

LeaderboardOrder = Literal["chips", "wins", "win_rate", "tonks", "matches"]
"""What the leaderboard ranks by: net chips, hands won, the weighted win rate, tonks (hands
won by going out without a discard), or push-up matches won (H10)."""


LeaderboardPeriod = Literal["all", "week", "month", "season"]
"""Which hands the leaderboard counts: all of them, those finished in the last 7 or 30
days (a rolling window, the same for every time zone), or those of the server's current
season (all of them before its first season)."""

PERIOD_DAYS: dict[LeaderboardPeriod, int | None] = {"all": None, "week": 7, "month": 30}
"""How many days back each rolling period reaches (None: no limit)."""


@dataclass(frozen=True, slots=True)
class Span:
    """The hands a period counts: those finished at ``since`` or later and, for a season
    that ended, before ``until``."""

    since: float
    until: float | None = None


@dataclass(frozen=True, slots=True)
class Standing:
    """A member's figures on a leaderboard: over all their hands, or over a period's."""

    guild_id: int
    user_id: int
    display_name: str
    net_chips: int
    hands_played: int
    hands_won: int
    tonk_outs: int
    matches_won: int

    @property
    def win_rate(self) -> float:
        """Hands won over hands played (0.0 before the first hand)."""
        return self.hands_won / self.hands_played if self.hands_played else 0.0


@dataclass(frozen=True, slots=True)
class PlayerRecord(Standing):
    """A member's running totals in one guild.

    ``win_score`` is the weighted win-rate estimate the leaderboard ranks by
    (see ``models.PlayerTotals``); :attr:`win_rate` is the plain ratio, for display.
    """

    drops_won: int
    times_caught: int
    instant_wins: int
    current_streak: int
    best_streak: int
    win_score: float


@dataclass(frozen=True, slots=True)
class LeaderboardEntry:
    """One line of the leaderboard; ``rank`` counts from 1 across pages."""

    rank: int
    player: Standing


@dataclass(frozen=True, slots=True)
class SeasonsWon:
    """A member of a server's hall of fame: the seasons they won (alone or on a tie), oldest
    first, and the name the scoreboard keeps for them."""

    user_id: int
    display_name: str
    seasons: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class SeasonWinners:
    """The members who won ``season`` (the most chips in it; more than one on a tie), as
    recorded when the next season started; none if nobody was ranked in it."""

    season: int
    user_ids: frozenset[int]


@dataclass(frozen=True, slots=True)
class LeaderboardPage:
    """One page of the leaderboard, and whether a page follows it.

    Nothing counts the whole board: ``has_next`` comes from reading one row past the page.
    The next page of the all-time board is asked for with ``after=entries[-1].player.user_id``,
    the previous one with ``before=entries[0].player.user_id`` (keyset pagination); a
    period's board (``period`` ``week`` or ``month``) by page number.
    """

    by: LeaderboardOrder
    page: int
    per_page: int
    entries: list[LeaderboardEntry]
    has_next: bool
    period: LeaderboardPeriod = "all"
    season: Season | None = None
    """The season counted (``period`` ``season``; None before the server's first)."""
    crowned: SeasonWinners | None = None
    """Who won the season the board counts, if it ended; else the season that ended last
    (the server's reigning champions); None before any season ended."""


@dataclass(frozen=True, slots=True)
class RecentHand:
    """One of a member's recent hands, from their seat."""

    hand_uid: str
    channel_id: int
    hand_number: int
    preset: str
    ending: str
    payout: int
    count: int
    won: bool
    how: str
    caught: bool
    finished_at: float
    pushed_up: int | None = None
    """The push-up points of this seat (O42), None for a hand paid in chips."""
    ranked: bool = True
    """Whether the hand counts on the scoreboard (not a hand with a computer player, in a
    server that keeps those off it)."""
    won_match: bool = False
    """Whether the hand ended a push-up match that this member won (H10)."""


@dataclass(frozen=True, slots=True)
class PlayerStats:
    """A member's totals (``None`` if they never finished a hand here, or none in the
    ``period``) and recent hands.

    ``chips_rank`` is their place on the chips leaderboard (1 = top), the period's when
    ``period`` is not ``all``.
    """

    player: PlayerRecord | None
    chips_rank: int | None
    recent_hands: list[RecentHand]
    period: LeaderboardPeriod = "all"
    biggest_win: int = 0
    """The most chips the member won in one hand (of the period), 0 if they won none."""
    season: Season | None = None
    """The season counted (``period`` ``season``; None before the server's first)."""
    seasons_won: tuple[int, ...] = ()
    """The numbers of the server's seasons the member won, oldest first (whatever the
    period)."""


@dataclass(frozen=True, slots=True)
class HeadToHead:
    """Two members' hands played together (at the same table, in the period): how many, how
    many each won, and the chips each won or lost in them (net; 0 in push-up hands)."""

    hands: int
    won: int
    rival_won: int
    net_chips: int
    rival_net_chips: int


@dataclass(frozen=True, slots=True)
class HandSeat:
    """One seat of a hand in the channel history; ``user_id`` is ``None`` once forgotten."""

    seat: int
    user_id: int | None
    name: str
    is_bot: bool
    payout: int
    count: int
    won: bool
    how: str
    caught: bool
    pushed_up: int | None = None
    """The push-up points of this seat (O42), None for a hand paid in chips."""
    ranked: bool = True
    """Whether the hand counts on the scoreboard (see ``RecentHand.ranked``)."""
    won_match: bool = False
    """Whether the hand ended a push-up match that this seat won (H10)."""


@dataclass(frozen=True, slots=True)
class HandSummary:
    """A finished hand as shown in a channel's history."""

    hand_uid: str
    table_id: int
    hand_number: int
    preset: str
    ending: str
    finished_at: float
    seats: tuple[HandSeat, ...]
    channel_id: int = 0
    """The channel the hand was played in."""

    @property
    def winners(self) -> tuple[HandSeat, ...]:
        """The seats that won the hand."""
        return tuple(seat for seat in self.seats if seat.won)


@dataclass(frozen=True, slots=True)
class HandReplay:
    """A recorded hand as a replay needs it.

    ``summary`` is the hand as the channel history gives it (seats in seat order); ``deal``
    deals it again, None for a hand recorded before deals were kept (or whose stored deal
    is not one); ``action_log`` is as recorded, in ``Action.to_json``'s notation (a
    forgotten member's ``"player"`` is None).
    """

    summary: HandSummary
    channel_id: int
    deal: HandDeal | None
    action_log: list[dict[str, Any]]


@dataclass(frozen=True, slots=True)
class ForgetReport:
    """What ``Store.forget_member`` removed or anonymised."""

    totals_deleted: bool
    hands_anonymised: int
    tables_scrubbed: int
    seasons_scrubbed: int = 0
    """Seasons whose winners named the member."""
