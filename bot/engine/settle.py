"""Who is paid what when a hand ends (docs/guide.md: S6, S11 and the options).

Settlement works in multiples of the basic stake: a list with one net amount per seat that
sums to zero. ``finish`` turns it into the hand's ``Result``: scaled by the table's stake
and The Big One (O44), or turned into push-up points (O42).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import assert_never

from bot.engine.rules import Catch, Rules, Scoring, StockOut, StockOutTie


class Ending(StrEnum):
    """How a hand ended (``ending`` in docs/scenarios.md); the store records the same values."""

    INSTANT_WIN = "instant_win"
    THROWN_IN = "thrown_in"
    TONK_OUT = "tonk_out"
    OUT_BY_DISCARD = "out_by_discard"
    DROP_WON = "drop_won"
    DROP_CAUGHT = "drop_caught"
    STOCK_OUT = "stock_out"
    DEAD_HAND = "dead_hand"


TONK_OUT = Ending.TONK_OUT
OUT_BY_DISCARD = Ending.OUT_BY_DISCARD
DROP_WON = Ending.DROP_WON
DROP_CAUGHT = Ending.DROP_CAUGHT
STOCK_OUT = Ending.STOCK_OUT
INSTANT_WIN = Ending.INSTANT_WIN
THROWN_IN = Ending.THROWN_IN
DEAD_HAND = Ending.DEAD_HAND


@dataclass(frozen=True, slots=True)
class Result:
    """How a hand ended: ``payouts`` and ``counts`` have one entry per seat."""

    ending: Ending
    winners: tuple[int, ...]
    payouts: tuple[int, ...]
    counts: tuple[int, ...]
    multiple: int = 0
    dropper: int | None = None

    def to_json(self) -> dict[str, object]:
        return {
            "ending": str(self.ending),
            "winners": list(self.winners),
            "payouts": list(self.payouts),
            "counts": list(self.counts),
            "multiple": self.multiple,
            "dropper": self.dropper,
        }

    @staticmethod
    def from_json(data: dict[str, object]) -> Result:
        """The result saved by ``to_json`` (an older save wrote -1 for "no dropper")."""
        dropper = data["dropper"]
        return Result(
            Ending(str(data["ending"])),
            tuple(data["winners"]),  # type: ignore[arg-type]
            tuple(data["payouts"]),  # type: ignore[arg-type]
            tuple(data["counts"]),  # type: ignore[arg-type]
            int(data["multiple"]),  # type: ignore[call-overload]
            None if dropper is None or dropper == -1 else int(dropper),  # type: ignore[call-overload]
        )


def each_pays(n: int, winners: Sequence[int], amount: int) -> list[int]:
    """Every player who is not a winner pays ``amount`` to each winner (S6, S11a/b/d, H7)."""
    net = [0] * n
    losers = [s for s in range(n) if s not in winners]
    for w in winners:
        for loser in losers:
            net[loser] -= amount
            net[w] += amount
    return net


def _pay(net: list[int], payer: int, payee: int, amount: int) -> None:
    net[payer] -= amount
    net[payee] += amount


def first_from_dealer(seats: Sequence[int], dealer: int, n: int) -> int:
    """The seat of ``seats`` nearest the dealer's left (O14, O17b, O30)."""
    return min(seats, key=lambda s: (s - dealer - 1) % n)


def settle_drop(
    rules: Rules, counts: Sequence[int], dropper: int, dealer: int
) -> tuple[Ending, tuple[int, ...], list[int]]:
    """S11c and the catch schemes O25-O33: (ending, winners, net multiples)."""
    n = len(counts)
    mine = counts[dropper]
    others = [s for s in range(n) if s != dropper]
    lowest = min(counts[s] for s in others)
    if mine < lowest:
        # S11c: strictly lowest; O22 indiana pays a successful drop 1 as well.
        return DROP_WON, (dropper,), each_pays(n, (dropper,), 1)
    # Caught: the dropper loses all ties (S11c).
    beaters = [s for s in others if counts[s] <= mine]
    lows = [s for s in others if counts[s] == lowest]
    rest = [s for s in others if s not in lows]
    net = [0] * n
    match rules.catch:
        case Catch.STANDARD:  # O25 / S11c
            for s in beaters:
                _pay(net, dropper, s, 2)
            _lows_collect_from(net, lows, rest, 1)
        case Catch.ALT1:  # O26, H14
            for s in lows:
                _pay(net, dropper, s, 2)
            _lows_collect_from(net, lows, rest, 1)
        case Catch.ALT2:  # O27, H8, H14
            for s in lows:
                _pay(net, dropper, s, n - 1)
        case Catch.ALT3:  # O28, H14
            for s in beaters:
                _pay(net, dropper, s, 1)
            _lows_collect_from(net, lows, [*rest, dropper], 1)
        case Catch.ALT4:  # O29
            for s in others:
                _pay(net, dropper, s, 2)
        case Catch.ALT5:  # O30: one payee, nearest the dealer's left among tied lows
            lows = [first_from_dealer(lows, dealer, n)]
            _pay(net, dropper, lows[0], 5)
        case Catch.INDIANA:  # O31: a double rum to each who hit the head
            for s in beaters:
                _pay(net, dropper, s, 4)
        case Catch.CHICAGO:  # O32, H9
            for s in beaters:
                _pay(net, dropper, s, 2)
        case Catch.WASHINGTON_STATE:  # O33
            for s in lows:
                _pay(net, dropper, s, 2 * n)
        case unhandled:
            assert_never(unhandled)
    return DROP_CAUGHT, tuple(lows), net


def _lows_collect_from(
    net: list[int], lows: Sequence[int], payers: Sequence[int], amount: int
) -> None:
    for low in lows:
        for payer in payers:
            _pay(net, payer, low, amount)


def settle_stock_out(
    rules: Rules, counts: Sequence[int]
) -> tuple[Ending, tuple[int, ...], list[int]]:
    """S11d, H2, O34, O35: the lowest count when a player draws from the empty stock."""
    n = len(counts)
    if rules.stock_out == StockOut.DEAD_HAND:
        return DEAD_HAND, (), [0] * n
    lowest = min(counts)
    lows = tuple(s for s in range(n) if counts[s] == lowest)
    if len(lows) > 1 and rules.stock_out_tie == StockOutTie.DEAD_HAND:
        return DEAD_HAND, (), [0] * n
    return STOCK_OUT, lows, each_pays(n, lows, 1)


def push_multiple(ending: Ending) -> int:
    """O42: how many times their count each loser is pushed up, by how the hand ended.

    A double win (out without a final discard, or any instant win) pushes twice whatever the
    options pay for it in stakes; a hand nobody won pushes nobody.
    """
    match ending:
        case Ending.TONK_OUT | Ending.INSTANT_WIN:
            return 2
        case Ending.OUT_BY_DISCARD | Ending.DROP_WON | Ending.DROP_CAUGHT | Ending.STOCK_OUT:
            return 1
        case Ending.THROWN_IN | Ending.DEAD_HAND:
            return 0
        case unhandled:
            assert_never(unhandled)


def finish(
    rules: Rules,
    stake: int,
    ending: Ending,
    winners: Sequence[int],
    net: Sequence[int],
    counts: Sequence[int],
    multiple: int = 0,
    dropper: int | None = None,
) -> Result:
    """The hand's result: stakes scaled by the basic stake and O44, or O42 push-up points."""
    factor = 2 if rules.big_one else 1
    match rules.scoring:
        case Scoring.STAKES:
            payouts = [v * stake * factor for v in net]
        case Scoring.PUSH_UP:  # O42: losers are pushed up by their count; winners score 0
            push = push_multiple(ending) * factor
            payouts = [0 if s in winners else c * push for s, c in enumerate(counts)]
        case unhandled:
            assert_never(unhandled)
    return Result(ending, tuple(winners), tuple(payouts), tuple(counts), multiple, dropper)


def push_up_match_over(totals: Sequence[int], rules: Rules) -> bool:
    """H10: a push-up match ends when a player's total reaches ``push_up_limit``."""
    return rules.scoring == Scoring.PUSH_UP and max(totals, default=0) >= rules.push_up_limit
