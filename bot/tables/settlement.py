"""Settling up a session played for stakes: who pays whom when the table closes.

The session's balances (net chips per player) become payments: the largest debt is paid to
the largest credit, then the next, so that there are at most one fewer payments than players
with a balance, and nobody both pays and is paid. Equal amounts go in the order the players
are given (the order they sat down). Balances that do not sum to zero (the people's, when a
computer player won or lost chips too) settle as far as they go. No Discord here.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Payment:
    """``payer`` owes ``payee`` ``amount`` chips."""

    payer: str
    payee: str
    amount: int


def settle_up(balances: Sequence[tuple[str, int]]) -> tuple[Payment, ...]:
    """The payments that bring each of ``balances`` (a name and its net chips) to zero."""
    owing = _largest_first([(name, -balance) for name, balance in balances if balance < 0])
    owed = _largest_first([(name, balance) for name, balance in balances if balance > 0])
    payments = []
    while owing and owed:
        (payer, debt), (payee, credit) = owing[0], owed[0]
        amount = min(debt, credit)
        payments.append(Payment(payer, payee, amount))
        owing[0], owed[0] = (payer, debt - amount), (payee, credit - amount)
        if debt == amount:
            owing.pop(0)
        if credit == amount:
            owed.pop(0)
    return tuple(payments)


def _largest_first(amounts: list[tuple[str, int]]) -> list[tuple[str, int]]:
    """``amounts`` by amount, largest first; equal ones in their given order."""
    return sorted(amounts, key=lambda named: -named[1])
