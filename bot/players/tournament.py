"""Many hands between computer players, on duplicate deals, for ``tonk simulate``.

Luck is cancelled the bridge way: every deal (one shuffled pack and dealer) is played once
per rotation of the line-up around the table, so each level sits in each seat, with each
seat's cards, once per deal. Figures are per seat and per hand: a level's mean payout is
averaged over its seats and rotations within each deal, and the 95% confidence interval
comes from the spread of those per-deal means across deals (deals are independent;
rotations of one deal are not).
"""

from __future__ import annotations

import math
import random
import statistics
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field

from bot.engine import Hand, Rules
from bot.players.levels import Level
from bot.players.registry import make_player
from bot.players.scoring import seat_score
from bot.players.shape import tables_for
from bot.players.table import MAX_ACTIONS, play_hand, unique_names

Z95 = 1.959964


@dataclass(frozen=True, slots=True)
class Match:
    """What to play: the rules, the levels in seat order, how many hands, and the seed."""

    rules: Rules
    levels: tuple[Level, ...]
    hands: int
    seed: int = 0
    max_actions: int = MAX_ACTIONS

    @property
    def seats(self) -> int:
        return len(self.levels)

    @property
    def deals(self) -> int:
        """Each deal is played once per rotation; enough deals to reach ``hands``."""
        return max(1, math.ceil(self.hands / self.seats))

    def line_up(self, rotation: int) -> tuple[Level, ...]:
        """The level in each seat for one rotation: everyone moves ``rotation`` seats on."""
        n = self.seats
        return tuple(self.levels[(seat - rotation) % n] for seat in range(n))


@dataclass(frozen=True, slots=True)
class DealOutcome:
    """One deal played in every rotation: per level, score summed over its seats and
    rotations, hands won, decision times (seconds); and how many hands were capped."""

    scores: dict[Level, float]
    won: dict[Level, int]
    times: dict[Level, list[float]]
    capped: int


def deal_hand(match: Match, deal: int, rotation: int) -> Hand:
    """Deal number ``deal`` for one rotation: the same pack order and dealer in every
    rotation (the deal passes to the left from deal to deal, S4); only the seats change."""
    return Hand.deal(
        match.rules,
        unique_names(match.line_up(rotation)),
        deal % match.seats,
        rng=random.Random(f"{match.seed}:deal:{deal}"),
    )


def play_deal(match: Match, deal: int) -> DealOutcome:
    """Play deal number ``deal`` once per rotation of the seats."""
    scores = {level: 0.0 for level in match.levels}
    won = {level: 0 for level in match.levels}
    times: dict[Level, list[float]] = {level: [] for level in match.levels}
    capped = 0
    tables_for(match.rules)  # built once per process: not a decision's cost
    for rotation in range(match.seats):
        levels = match.line_up(rotation)
        hand = deal_hand(match, deal, rotation)
        players = [
            make_player(level, random.Random(f"{match.seed}:{deal}:{rotation}:{seat}"))
            for seat, level in enumerate(levels)
        ]
        played = play_hand(hand, players, match.max_actions)
        for decision in played.decisions:
            times[levels[decision.seat]].append(decision.seconds)
        if played.result is None:
            capped += 1  # scored as a dead hand: nobody pays
            continue
        for seat, level in enumerate(levels):
            scores[level] += seat_score(match.rules, played.result.payouts, seat)
            won[level] += seat in played.result.winners
    return DealOutcome(scores, won, times, capped)


def _play_deal_args(args: tuple[Match, int]) -> DealOutcome:
    return play_deal(*args)


def play_deals(match: Match, jobs: int = 1) -> Iterator[DealOutcome]:
    """Every deal of ``match``, in order, on ``jobs`` processes."""
    work = [(match, deal) for deal in range(match.deals)]
    if jobs <= 1:
        yield from map(_play_deal_args, work)
        return
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        yield from pool.map(_play_deal_args, work, chunksize=8)


@dataclass(frozen=True, slots=True)
class LevelReport:
    """One level's figures: per seat and per hand, except ``won`` (summed over seats)."""

    seats: int
    won: int
    mean_payout: float
    ci95: tuple[float, float]
    decision_ms: dict[str, float]

    def to_json(self) -> dict[str, object]:
        return {
            "seats": self.seats,
            "won": self.won,
            "mean_payout": round(self.mean_payout, 4),
            "ci95": [round(self.ci95[0], 4), round(self.ci95[1], 4)],
            "decision_ms": {k: round(v, 4) for k, v in self.decision_ms.items()},
        }


@dataclass(frozen=True, slots=True)
class MatchReport:
    """The figures of a match: hands played, capped (dead) hands, and each level's report."""

    hands: int
    capped: int
    levels: dict[Level, LevelReport] = field(default_factory=dict)

    def to_json(self) -> dict[str, object]:
        return {
            "hands": self.hands,
            "capped": self.capped,
            "levels": {level: report.to_json() for level, report in self.levels.items()},
        }


def percentile(sorted_values: Sequence[float], share: float) -> float:
    """The value below which ``share`` of ``sorted_values`` lie (nearest rank)."""
    if not sorted_values:
        return 0.0
    rank = max(0, math.ceil(share * len(sorted_values)) - 1)
    return sorted_values[rank]


def mean_with_ci(values: Sequence[float]) -> tuple[float, tuple[float, float]]:
    """The mean of ``values`` and its 95% confidence interval (normal approximation)."""
    mean = statistics.fmean(values)
    if len(values) < 2:
        return mean, (mean, mean)
    half = Z95 * statistics.stdev(values) / math.sqrt(len(values))
    return mean, (mean - half, mean + half)


def run_match(
    match: Match, jobs: int = 1, progress: Callable[[int], None] | None = None
) -> MatchReport:
    """Play every deal of ``match`` and gather the figures; ``progress(hands)`` after each.

    Ctrl-C stops the match after the deals played so far, which the figures then cover
    (``hands`` says how many); it stops the caller when no deal was played yet."""
    seats = {level: match.levels.count(level) for level in match.levels}
    per_deal: dict[Level, list[float]] = {level: [] for level in seats}
    won = dict.fromkeys(seats, 0)
    times: dict[Level, list[float]] = {level: [] for level in seats}
    capped = deals = 0
    try:
        for outcome in play_deals(match, jobs):
            for level, count in seats.items():
                per_deal[level].append(outcome.scores[level] / (count * match.seats))
                won[level] += outcome.won[level]
                times[level].extend(outcome.times[level])
            capped += outcome.capped
            deals += 1
            if progress is not None:
                progress(match.seats)
    except KeyboardInterrupt:
        if not deals:
            raise
    levels = {}
    for level, count in seats.items():
        mean, ci = mean_with_ci(per_deal[level])
        ordered = sorted(times[level])
        ms = {"p50": 1000 * percentile(ordered, 0.5), "p99": 1000 * percentile(ordered, 0.99)}
        levels[level] = LevelReport(count, won[level], mean, ci, ms)
    return MatchReport(deals * match.seats, capped, levels)
