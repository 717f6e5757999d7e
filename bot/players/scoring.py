"""A seat's score for a finished hand, higher is better, under either kind of scoring."""

from __future__ import annotations

from collections.abc import Sequence

from bot.engine import Rules


def seat_score(rules: Rules, payouts: Sequence[int], seat: int) -> float:
    """The seat's gain from a hand's payouts.

    With stakes (the default) it is the payout. With push-up scoring (O42) the payouts are
    points added to losers and lower is better, so the gain is how far the others were
    pushed up on average, less this seat's own push; it sums to zero like stakes do.
    """
    if rules.scoring != "push_up":
        return float(payouts[seat])
    others = [p for s, p in enumerate(payouts) if s != seat]
    return sum(others) / len(others) - payouts[seat]
