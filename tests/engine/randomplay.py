"""Seeded random play through the legal-move queries, checking the engine's invariants."""

from __future__ import annotations

import random

from bot.engine import Hand, IllegalAction, Rules
from bot.engine.actions import OVER, OWES, Action

MAX_ACTIONS = 5_000


def check_conservation(hand: Hand) -> None:
    """Hands + spreads + pile + stock are the pack, each card exactly once: every card of
    the pack is in one of them, and they hold as many cards as the pack (so none twice)."""
    seen = 0
    total = len(hand.pile) + len(hand.stock)
    for mask in (*hand.hands, *hand.spreads):
        seen |= mask
        total += mask.bit_count()
    for c in (*hand.pile, *hand.stock):
        seen |= 1 << c
    assert seen == hand.pack.mask, "a card of the pack is missing, or one not in it is held"
    assert total == len(hand.pack.cards), "a card is in two places"


def check_actor(hand: Hand) -> None:
    """The seat the hand keeps as the one that must act is the one its state says: the
    slapper who owes a discard (O43), else the player to act; nobody once the hand is over."""
    expected = None if hand.phase is OVER else hand.owes if hand.phase is OWES else hand.to_act
    assert hand.actor == expected, "the seat to act is out of date"


def random_hand(rules: Rules, players: int, rng: random.Random, drop_chance: float = 0.03) -> Hand:
    """Play one hand with random legal moves of whichever seat may act.

    A drop, when legal, is chosen with ``drop_chance``; otherwise moves are uniform.
    """
    names = [f"p{i}" for i in range(players)]
    hand = Hand.deal(rules, names, rng.randrange(players), rng=rng)
    for _ in range(MAX_ACTIONS):
        if hand.over:
            return hand
        movers = [(s, m) for s in range(players) if (m := hand.legal_moves(s))]
        assert movers, "a hand in play where nobody may act"
        seat, legal = rng.choice(movers)
        drops = rng.random() < drop_chance
        # A drop, when offered, is the first action (``LegalMoves.actions``' order).
        skip = 1 if legal.drop and not drops and len(legal) > 1 else 0
        hand.act(legal.action(seat, skip + rng.randrange(len(legal) - skip)))
        check_conservation(hand)
        check_actor(hand)
    raise AssertionError("the hand did not end")


def try_illegal(hand: Hand, rng: random.Random) -> None:
    """A random action the rules refuse leaves the hand exactly as it was."""
    kinds = ("draw", "take", "drop", "discard", "spread", "hit")
    seat = rng.randrange(hand.n)
    action = Action(rng.choice(kinds), seat, 1 << rng.randrange(52), rng.randrange(-1, 3))
    before = hand.to_json()
    try:
        hand.check(action)
    except IllegalAction as refusal:
        try:
            hand.act(action)
        except IllegalAction as again:
            assert again.code == refusal.code
        assert hand.to_json() == before
