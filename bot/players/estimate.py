"""What the other hands are likely to count, from public information only.

Two estimates, a cheap one and a careful one:

- ``count_guess``: a mean and variance per other seat: its known cards (taken from the pile)
  as they are, its unknown cards drawn from the unseen ones. Reading discards, a sensible
  player discards its highest loose card, so the cards it keeps are mostly no higher than
  its last discard (``CEILING_TRUST``).
- ``HandSampler``: whole guesses at the other hands, dealt from the unseen cards and
  weighed by how well they explain each seat's recent turns (a particle filter), for the
  ``hard`` player's Monte Carlo.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass

from bot.players.knowledge import OtherHand, TableKnowledge, Turn
from bot.players.shape import PackTables, cards_of, near_mask

CEILING_TRUST = 0.75
"""How far a player's last discard is believed to cap the cards it keeps."""
ABOVE_CEILING_WEIGHT = (1 - CEILING_TRUST) / CEILING_TRUST
REPLAY_TURNS = 6
"""How many of a seat's latest turns a guess is played back through."""
DISCARD_SHARPNESS = 1.0
"""How sharply a sensible player prefers letting its highest card go."""
NEAR_KEEP = 2.0
"""How many points a card near another is worth keeping, to that player."""
DISCARD_FLOOR = 0.01
"""The least likelihood of any discard: how far the guess allows for an odd player."""
TAKE_SHARPNESS = 1.0
"""How sharply a sensible player takes a discard as it gains more over a blind draw."""
TAKE_FLOOR = 0.1
"""The least chance of taking, and of passing over, any discard."""
SPREAD_TAKE = 0.8
"""The chance a sensible player takes a discard that makes a spread with its hand."""
NO_DROP_CONFIDENCE = 0.85
"""The chance of holding the lowest count at which a sensible player drops."""
NO_DROP_SHARPNESS = 12.0
NO_DROP_FLOOR = 0.2
"""The least chance that a player who could be confident of the lowest count holds on."""


@dataclass(frozen=True, slots=True)
class CountGuess:
    """Another seat's count: known part plus a mean and variance for its unknown cards."""

    seat: int
    mean: float
    variance: float

    def chance_above(self, count: int) -> float:
        """The chance that this seat's count is strictly above ``count`` (normal approx.)."""
        if self.variance <= 0:
            return 1.0 if self.mean > count else 0.0
        z = (self.mean - count - 0.5) / math.sqrt(self.variance)
        return 0.5 * (1 + math.erf(z / math.sqrt(2)))


def count_guess(
    tables: PackTables, know: TableKnowledge, other: OtherHand, read_discards: bool = True
) -> CountGuess:
    """The mean and variance of ``other``'s count, its cards drawn independently (cheap).

    With ``read_discards`` false, its last discard is not taken to cap what it keeps: its
    unknown cards are just any of the unseen cards (card counting, no reading)."""
    return _guess(tables, know.unseen, other, read_discards)


def count_as_seen(
    tables: PackTables, know: TableKnowledge, hand: int, me: OtherHand | None = None
) -> CountGuess:
    """The guess the others can make of this seat's count (``me``: what is public about it,
    by default as it stands): to them, its unknown cards come from the unseen cards and its
    own."""
    return _guess(tables, know.unseen | hand & ~know.me.known, me or know.me)


def _guess(
    tables: PackTables, unseen: int, other: OtherHand, read_discards: bool = True
) -> CountGuess:
    known = tables.pack.count(other.known)
    ceiling = other.last_discard if read_discards else None
    cap = tables.values[ceiling] if ceiling is not None else None
    weighted = [
        (tables.values[c], 1.0 if cap is None or tables.values[c] <= cap else ABOVE_CEILING_WEIGHT)
        for c in cards_of(unseen)
    ]
    total = sum(w for _, w in weighted)
    if other.unknown <= 0 or total <= 0:
        return CountGuess(other.seat, known, 0.0)
    mean = sum(v * w for v, w in weighted) / total
    square = sum(v * v * w for v, w in weighted) / total
    return CountGuess(
        other.seat, known + other.unknown * mean, other.unknown * max(square - mean**2, 0.0)
    )


@dataclass(frozen=True, slots=True)
class Guess:
    """One guess at the hidden cards: each other seat's whole hand, and how likely it is."""

    weight: float
    hands: tuple[int, ...]


class HandSampler:
    """Guesses the other hands: deals their unknown cards from the unseen ones, then weighs
    each guess by how well it explains what they did.

    For each other seat, the guess is played backwards through its last ``REPLAY_TURNS``
    turns (taking back each discard and lay, and the card drawn, chosen at random among the
    cards that could have come from the stock), and weighed by how likely a sensible player
    holding those cards was to play as it did: to let that card go (a softmax of value,
    less a bonus for cards near another), to take or pass over the top discard (taking
    what makes a spread, or what is enough lower than its highest card), and, when ``seen``
    (the guess it could make of this seat's count) is given, not to drop at the start of its
    last turn. Each part has a floor, so a player who plays otherwise (at random, say) only
    flattens the weights.
    """

    def __init__(
        self, tables: PackTables, know: TableKnowledge, seen: CountGuess | None = None
    ) -> None:
        self.tables = tables
        self.seen = seen
        self.others = know.others
        self.pool = cards_of(know.unseen)
        self.taken = [_taken_cards(other) for other in know.others]
        values = [tables.values[c] for c in self.pool] or [0]
        # The count a blind draw is expected to cut when the highest card is worth ``h``.
        self.draw_gain = [
            sum(max(h - v, 0) for v in values) / len(values) for h in range(max(values) + 12)
        ]
        # Each card's discard score (see ``discard_likelihood``), alone and near another.
        self.loose_score = [math.exp(DISCARD_SHARPNESS * v) for v in tables.values]
        self.near_score = [math.exp(DISCARD_SHARPNESS * (v - NEAR_KEEP)) for v in tables.values]
        self.no_drop: dict[int, float] = {}
        """``no_drop_likelihood`` by count, as worked out."""

    def deal(self, rng: random.Random) -> tuple[int, ...]:
        """The other hands, their unknown cards dealt at random from the unseen cards."""
        need = sum(other.unknown for other in self.others)
        picked = rng.sample(self.pool, min(need, len(self.pool)))
        hands = []
        at = 0
        for other in self.others:
            hidden = 0
            for c in picked[at : at + other.unknown]:
                hidden |= 1 << c
            at += other.unknown
            hands.append(other.known | hidden)
        return tuple(hands)

    def guesses(self, rng: random.Random, size: int) -> list[Guess]:
        """``size`` weighted guesses."""
        found = []
        for _ in range(size):
            hands = self.deal(rng)
            weight = 1.0
            for other, taken, hand in zip(self.others, self.taken, hands, strict=True):
                weight *= self.likelihood(rng, other.turns[-REPLAY_TURNS:], taken, hand)
            found.append(Guess(weight, hands))
        return found

    def likelihood(
        self, rng: random.Random, turns: tuple[Turn, ...], taken: int, hand: int
    ) -> float:
        """How well ``hand`` explains ``turns`` (the seat's latest), played backwards."""
        weight = 1.0
        last = len(turns) - 1
        for index in range(last, -1, -1):
            turn = turns[index]
            if turn.discarded is not None:
                weight *= self.discard_likelihood(hand, turn.discarded)
                hand |= 1 << turn.discarded
            hand |= turn.laid
            if turn.took:
                hand &= ~turn.took
                weight *= self.take_likelihood(hand, turn.took, took=True)
                if index == last:
                    weight *= self.no_drop_likelihood(self.tables.pack.count(hand))
            elif turn.drew:
                drawn = cards_of(hand & ~taken)
                if index == last and drawn:
                    count = self.tables.pack.count(hand)
                    weight *= sum(
                        self.no_drop_likelihood(count - self.tables.values[c]) for c in drawn
                    ) / len(drawn)
                if drawn:
                    hand &= ~(1 << rng.choice(drawn))
                if turn.passed:
                    weight *= self.take_likelihood(hand, turn.passed, took=False)
        return weight

    def discard_likelihood(self, kept: int, card: int) -> float:
        """How likely a sensible player holding ``kept`` and ``card`` was to let ``card`` go:
        a softmax of each card's value, less a bonus for cards near another."""
        before = kept | 1 << card
        near = near_mask(self.tables, before)
        loose, kept_near = self.loose_score, self.near_score
        total = 0.0
        rest = before
        while rest:  # each card, lowest first (``cards_of`` without the list: a hot loop)
            low = rest & -rest
            c = low.bit_length() - 1
            total += kept_near[c] if near & low else loose[c]
            rest ^= low
        mine = kept_near[card] if near >> card & 1 else loose[card]
        return DISCARD_FLOOR + (1 - DISCARD_FLOOR) * mine / total

    def no_drop_likelihood(self, count: int) -> float:
        """How likely a sensible player with ``count`` at the start of its turn was not to
        drop, given what it could guess of this seat's count (``seen``)."""
        if self.seen is None:
            return 1.0
        if (known := self.no_drop.get(count)) is not None:
            return known
        lowest = self.seen.chance_above(count)
        wants = 1 / (1 + math.exp(-NO_DROP_SHARPNESS * (lowest - NO_DROP_CONFIDENCE)))
        self.no_drop[count] = likelihood = NO_DROP_FLOOR + (1 - NO_DROP_FLOOR) * (1 - wants)
        return likelihood

    def take_likelihood(self, hand: int, top: int, took: bool) -> float:
        """How likely a sensible player holding ``hand`` was to take (or pass over) ``top``:
        it takes what makes a spread, or what beats a blind draw by enough."""
        tables = self.tables
        if any(spread & top for spread in tables.pack.spreads_in(hand | top)):
            chance = SPREAD_TAKE
        else:
            loose = hand & ~near_mask(tables, hand)
            highest = tables.highest(loose)
            gain = highest - tables.values[top.bit_length() - 1] - self.draw_gain[highest]
            chance = 1 / (1 + math.exp(-TAKE_SHARPNESS * gain))
        chance = TAKE_FLOOR + (1 - 2 * TAKE_FLOOR) * chance
        return chance if took else 1 - chance


def _taken_cards(other: OtherHand) -> int:
    """The cards ``other`` took from the pile: they did not come from the stock."""
    taken = 0
    for turn in other.turns:
        taken |= turn.took
    return taken
