"""The ``hard`` player: ``normal``'s play, with drops and discards weighed by Monte Carlo.

It never sees another hand: it deals many guesses at them from the unseen cards, weighs each
by how well it explains what those players did (``estimate.HandSampler``: their discards,
takes, passes, and not dropping), and then:

- drops when the expected gain of a drop, settled against every guess with the table's own
  catch scheme (``settle.settle_drop``, O25-O33), clears ``DROP_EDGE`` of what a won drop
  pays, and beats holding on a round: a guessed player low enough to drop next turn, given
  what it can guess of this seat's count, is caught if this seat holds (``hold_value``);
- lets go of the card that costs most to keep, less what it would give the next player (a
  spread with its guessed hand, or a hit), among the ``DANGER_CANDIDATES`` cheapest;
- takes the discard only when it clearly beats a blind draw (a taken card is public).

Waiting (O37-O41), must_spread (O19), the chicago 49 (O17) and slaps (O43) are played as
``HeuristicPlayer`` plays them, from the legal moves of its view.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import replace

from bot.engine import SeatView
from bot.engine.settle import DROP_CAUGHT, finish, settle_drop
from bot.players.estimate import (
    NO_DROP_CONFIDENCE,
    CountGuess,
    Guess,
    HandSampler,
    count_as_seen,
)
from bot.players.heuristic import NORMAL, HeuristicPlayer
from bot.players.knowledge import OtherHand, TableKnowledge, Turn
from bot.players.scoring import seat_score
from bot.players.shape import PackTables, cards_of

SAMPLES = 200
DROP_EDGE = 0.65
"""The expected gain, as a share of what a won drop pays, that a drop must clear."""
HOPELESS = 0.05
"""Below this rough chance of holding the lowest count, no sampling is needed."""
HOLD_COST = 0.15
"""What holding on for a round costs, as a share of a won drop: the others may improve."""
MAX_COUNT = 200
DANGER_CANDIDATES = 3
"""How many of the cheapest cards to let go are weighed for what they give the next player."""
DANGER_SAMPLES = 100
HARD = replace(NORMAL, take_margin=3.0, read_discards=True)
"""``normal``'s style, with a discard taken only when clearly better than a blind draw."""


class HardPlayer(HeuristicPlayer):
    """The strongest level (see the module docstring)."""

    def __init__(self, rng: random.Random) -> None:
        super().__init__(rng, HARD, "hard")

    def drop_wanted(self, view: SeatView, tables: PackTables, know: TableKnowledge) -> bool:
        if self.chance_lowest(view, tables, know) < HOPELESS:
            return False
        sampler = HandSampler(tables, know, count_as_seen(tables, know, view.hand))
        worlds = [
            (guess.weight, self.guessed_counts(view, tables, know, guess))
            for guess in sampler.guesses(self.rng, SAMPLES)
        ]
        drop = _mean(worlds, lambda counts: self.settle(view, counts, view.seat))
        won = _mean(worlds, lambda counts: self.settle(view, _lowest(counts, view.seat), view.seat))
        if drop < DROP_EDGE * won:
            return False
        return drop >= self.hold_value(view, tables, know, worlds, won)

    def settle(self, view: SeatView, counts: Sequence[int], dropper: int) -> float:
        """This seat's gain when ``dropper`` drops and the hands count ``counts``."""
        rules = view.rules
        ending, winners, net = settle_drop(rules, counts, dropper, view.dealer)
        multiple = 2 if ending == DROP_CAUGHT else 1
        result = finish(rules, 1, ending, winners, net, counts, multiple, dropper)
        return seat_score(rules, result.payouts, view.seat)

    def guessed_counts(
        self, view: SeatView, tables: PackTables, know: TableKnowledge, guess: Guess
    ) -> list[int]:
        """Every seat's count: this seat's own, and the guess's for the others."""
        counts = [view.count] * len(view.players)
        for other, hand in zip(know.others, guess.hands, strict=True):
            counts[other.seat] = tables.pack.count(hand)
        return counts

    def hold_value(
        self,
        view: SeatView,
        tables: PackTables,
        know: TableKnowledge,
        worlds: list[tuple[float, list[int]]],
        won: float,
    ) -> float:
        """The expected gain of holding on one more round instead of dropping.

        Each other seat, in turn order, drops at the start of its turn when its count is at
        most the threshold a sensible player would drop on (``drop_threshold``), and is
        settled against this seat's count; when nobody does, this seat drops next round,
        less ``HOLD_COST`` of a won drop.
        """
        n = len(view.players)
        order = [(view.seat + i) % n for i in range(1, n)]
        threshold = self.drop_threshold(view, tables, know)
        limits = {seat: -1 if view.waits[seat] else threshold for seat in order}

        def held(counts: list[int]) -> float:
            dropper = next((s for s in order if counts[s] <= limits[s]), view.seat)
            value = self.settle(view, counts, dropper)
            return value - HOLD_COST * won if dropper == view.seat else value

        return _mean(worlds, held)

    def drop_threshold(self, view: SeatView, tables: PackTables, know: TableKnowledge) -> int:
        """The highest count on which another player drops next turn, going by the guess it
        can make of this seat's count once this seat has discarded its highest loose card."""
        worth = self.keep_worth(tables, know, view.hand)
        shown = max(worth, key=lambda c: (worth[c], c), default=None)
        me = know.me
        if shown is not None:
            me = OtherHand(
                me.seat, me.size, me.known, (*me.turns, Turn(drew=True, discarded=shown))
            )
        seen: CountGuess = count_as_seen(tables, know, view.hand, me)
        count = -1
        while count < MAX_COUNT and seen.chance_above(count + 1) >= NO_DROP_CONFIDENCE:
            count += 1
        return count

    def discard_choice(
        self, view: SeatView, tables: PackTables, know: TableKnowledge, hand: int, allowed: int
    ) -> int:
        """The card that costs most to keep, less what it would give the next player: the
        count it cuts by taking it (a spread with its hand, or a hit) over a blind draw."""
        order = self.discard_order(tables, know, hand, allowed)
        n = len(view.players)
        following = next(i for i, o in enumerate(know.others) if o.seat == (view.seat + 1) % n)
        if len(order) == 1 or know.others[following].size == 0:
            return order[0]
        candidates = order[:DANGER_CANDIDATES]
        worth = self.keep_worth(tables, know, hand)
        sampler = HandSampler(tables, know, count_as_seen(tables, know, view.hand))
        guesses = sampler.guesses(self.rng, DANGER_SAMPLES)
        table = self.table(view)
        book_hits = not view.rules.no_fourth_to_book
        hittable = 0
        for spread in table:
            hittable |= tables.pack.hit_cards(spread, book_hits)
        weight_sum = sum(g.weight for g in guesses) or 1.0
        harm = dict.fromkeys(candidates, 0.0)
        for guess in guesses:
            their = guess.hands[following]
            for c in candidates:
                harm[c] += guess.weight * self.gift(tables, their, c, hittable)
        return max(candidates, key=lambda c: (worth[c] - harm[c] / weight_sum, c))

    def gift(self, tables: PackTables, their: int, card: int, hittable: int) -> float:
        """How much more the next player cuts its count by taking ``card`` than by drawing."""
        bit = 1 << card
        best = 0
        for spread in tables.pack.spreads_in(their | bit):
            if spread & bit:
                best = max(best, tables.pack.count(spread & ~bit))
        if best:
            return best
        if hittable & bit:
            return min(tables.values[c] for c in cards_of(their)) if their else 0
        return 0.0


def _mean(worlds: list[tuple[float, list[int]]], value: Callable[[list[int]], float]) -> float:
    """The weighted mean of ``value`` over guessed counts."""
    total = sum(weight * value(counts) for weight, counts in worlds)
    weights = sum(weight for weight, _ in worlds)
    return total / weights if weights > 0 else 0.0


def _lowest(counts: list[int], seat: int) -> list[int]:
    """``counts`` with ``seat`` strictly lowest: what a won drop would pay."""
    return [-1 if s == seat else c for s, c in enumerate(counts)]
