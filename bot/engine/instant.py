"""Instant wins on the deal: S6 and the schemes O7-O18 (``instant_win``).

``judge_deal`` looks at the dealt hands and says whether the hand is over before anyone
plays: an instant win (who, and for what multiple), a thrown-in hand or a dead hand, or
nothing (play on). The chicago 49 is not judged here: it is claimed in turn (O17).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import assert_never

from bot.engine.melds import Pack
from bot.engine.rules import Big50Tie, InstantWin, Rules
from bot.engine.settle import (
    DEAD_HAND,
    INSTANT_WIN,
    THROWN_IN,
    Ending,
    each_pays,
    first_from_dealer,
)

FIVE_FACES = 5
CHICAGO_49 = 49


@dataclass(frozen=True, slots=True)
class DealOutcome:
    """A hand ended on the deal: the ending, its winners and each seat's net multiple."""

    ending: Ending
    winners: tuple[int, ...]
    net: list[int]
    multiple: int


def _no_payment(ending: Ending, n: int) -> DealOutcome:
    return DealOutcome(ending, (), [0] * n, 0)


def _paid(winners: Sequence[int], n: int, multiple: int) -> DealOutcome:
    return DealOutcome(INSTANT_WIN, tuple(winners), each_pays(n, winners, multiple), multiple)


def _single_or_thrown(holders: Sequence[int], n: int, multiple: int) -> DealOutcome | None:
    """S6, H6: one holder is paid; several throw the hand in."""
    if not holders:
        return None
    if len(holders) > 1:
        return _no_payment(THROWN_IN, n)
    return _paid(holders, n, multiple)


def _best_or_thrown(
    keys: Mapping[int, tuple[int, ...]], n: int, multiple: int
) -> DealOutcome | None:
    """The best instant win is paid; equal best totals throw the hand in (O8, O13, H6)."""
    if not keys:
        return None
    best = max(keys.values())
    return _single_or_thrown([s for s, k in keys.items() if k == best], n, multiple)


def judge_deal(rules: Rules, pack: Pack, hands: Sequence[int], dealer: int) -> DealOutcome | None:
    """The outcome of the deal under the table's scheme, or None when play begins."""
    counts = [pack.count(h) for h in hands]
    n = len(counts)
    seats = range(n)
    fifty = [s for s in seats if counts[s] in (49, 50)]
    match rules.instant_win:
        case InstantWin.STANDARD:  # S6, O7
            return _single_or_thrown(fifty, n, 2)
        case InstantWin.FIFTY_DOUBLE:  # O8: 50 double, 49 single; 50 beats 49
            outcome = _best_or_thrown({s: (counts[s],) for s in fifty}, n, 2)
            if outcome and outcome.ending == INSTANT_WIN and counts[outcome.winners[0]] == 49:
                return _paid(outcome.winners, n, 1)
            return outcome
        case InstantWin.LOW15:  # O9
            return _single_or_thrown([s for s in seats if s in fifty or counts[s] <= 15], n, 2)
        case InstantWin.LOW9_TRIPLE:  # O10, H6
            holders = [s for s in seats if s in fifty or counts[s] <= 9]
            if len(holders) == 1 and counts[holders[0]] <= 9:
                return _paid(holders, n, 3)
            return _single_or_thrown(holders, n, 2)
        case InstantWin.LOW9_ONLY:  # O11, H6
            return _single_or_thrown([s for s in seats if counts[s] <= 9], n, 2)
        case InstantWin.LOW13:  # O12, H6
            return _single_or_thrown([s for s in seats if s in fifty or counts[s] <= 13], n, 2)
        case InstantWin.WASHINGTON_DC:  # O13: 11-or-less beats 50 beats 49; lowest of the lows
            keys = {s: _dc_key(counts[s]) for s in seats if s in fifty or counts[s] <= 11}
            return _best_or_thrown(keys, n, 2)
        case InstantWin.NEW_JERSEY:  # O14: 50 > 49 > 13-or-less; exact tie to the dealer's left
            keys = {s: _nj_key(counts[s]) for s in seats if s in fifty or counts[s] <= 13}
            if not keys:
                return None
            best = max(keys.values())
            tied = [s for s, k in keys.items() if k == best]
            return _paid([first_from_dealer(tied, dealer, n)], n, 2)
        case InstantWin.LOUISIANA:  # O15, H6
            return _single_or_thrown([s for s in seats if counts[s] in (47, 50)], n, 2)
        case InstantWin.FIVE_FACES:  # O16: an automatic rum, paid 2
            faces = [s for s in seats if pack.pictures(hands[s]) >= FIVE_FACES]
            return _single_or_thrown(faces, n, 2)
        case InstantWin.CHICAGO:  # O17
            return _chicago(rules, counts, dealer)
        case InstantWin.WASHINGTON_STATE:  # O18, H7: every double tonk is paid by those without
            holders = [s for s in seats if s in fifty or counts[s] <= 14]
            return _paid(holders, n, 2) if holders else None
        case InstantWin.NONE:
            return None
        case unhandled:
            assert_never(unhandled)


def _dc_key(count: int) -> tuple[int, ...]:
    return (2, -count) if count <= 11 else (1 if count == 50 else 0, 0)


def _nj_key(count: int) -> tuple[int, ...]:
    if count == 50:
        return (3, 0)
    if count == 49:
        return (2, 0)
    return (1, -count)


def _chicago(rules: Rules, counts: Sequence[int], dealer: int) -> DealOutcome | None:
    n = len(counts)
    big = [s for s in range(n) if counts[s] == 50]
    if len(big) == 1:
        return _paid(big, n, 2)
    if big:  # O17b
        if rules.chicago_big50_tie == Big50Tie.FIRST_FROM_DEALER:
            return _paid([first_from_dealer(big, dealer, n)], n, 2)
        return _no_payment(DEAD_HAND, n)
    low = [s for s in range(n) if counts[s] <= 13]
    if not low:
        return None
    lowest = min(counts[s] for s in low)
    return _single_or_thrown([s for s in low if counts[s] == lowest], n, 2)


def may_claim_49(rules: Rules, dealt_count: int, first_turn: bool, spreads_on_table: int) -> bool:
    """O17: a dealt 49 is claimed at the start of the holder's first turn, before any spread."""
    return (
        rules.instant_win == InstantWin.CHICAGO
        and dealt_count == CHICAGO_49
        and first_turn
        and spreads_on_table == 0
    )
