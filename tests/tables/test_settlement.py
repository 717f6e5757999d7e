"""Settling up a closed table's session (``bot.tables.settlement``): who pays whom."""

from __future__ import annotations

import random

import pytest

from bot.tables.settlement import Payment, settle_up


@pytest.mark.parametrize(
    ("balances", "payments"),
    [
        ([("ann", -7), ("bob", 7)], [Payment("ann", "bob", 7)]),
        (
            [("ann", 12), ("bob", -7), ("cat", -5)],
            [Payment("bob", "ann", 7), Payment("cat", "ann", 5)],
        ),
        (
            [("ann", 5), ("bob", 3), ("cat", -8)],
            [Payment("cat", "ann", 5), Payment("cat", "bob", 3)],
        ),
        (
            [("ann", -6), ("bob", 4), ("cat", -4), ("dan", 6)],
            [Payment("ann", "dan", 6), Payment("cat", "bob", 4)],
        ),
        ([("ann", 0), ("bob", 0)], []),
        ([], []),
    ],
    ids=["heads-up", "one-winner", "one-loser", "pairs", "even", "nobody"],
)
def test_S3_the_largest_debt_is_paid_to_the_largest_credit_first(
    balances: list[tuple[str, int]], payments: list[Payment]
) -> None:
    assert list(settle_up(balances)) == payments


def test_S3_equal_amounts_are_settled_in_the_order_players_sat_down() -> None:
    balances = [("ann", -5), ("bob", 5), ("cat", -5), ("dan", 5)]
    assert list(settle_up(balances)) == [Payment("ann", "bob", 5), Payment("cat", "dan", 5)]


def test_S3_random_sessions_are_settled_in_fewer_payments_than_players() -> None:
    """Seeded zero-sum sessions of 2 to 6 players: the payments bring every balance to
    zero, each is positive, nobody both pays and is paid, and there are fewer payments than
    players with a balance."""
    rng = random.Random(3)
    for _ in range(500):
        names = [f"p{seat}" for seat in range(rng.randint(2, 6))]
        chips = [rng.randint(-40, 40) for _ in names[1:]]
        balances = list(zip(names, [-sum(chips), *chips], strict=True))
        payments = settle_up(balances)
        left = dict(balances)
        for payment in payments:
            assert payment.amount > 0
            left[payment.payer] += payment.amount
            left[payment.payee] -= payment.amount
        assert set(left.values()) <= {0}
        assert not {p.payer for p in payments} & {p.payee for p in payments}
        assert len(payments) < max(2, sum(1 for _, chips in balances if chips))
