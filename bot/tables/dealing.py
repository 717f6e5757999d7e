"""Where a table's cards come from: the cut for deal (S4, H1) and the pack for each hand.

A ``Shuffler`` wraps an injected ``random.Random``; tests may queue stacked cuts and packs,
which are used first, so that a whole session's deals are known in advance. Without one it
draws from the operating system's secure source (``random.SystemRandom``): every finished
hand's pack order can be seen (``/tonk replay``, its scenario file), and the Mersenne
Twister of a plain ``random.Random`` can be worked out from enough of its output, which
would tell the cards of the hands still to come.
"""

from __future__ import annotations

import random
from collections import deque
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from bot.engine.cards import is_joker, rank_of
from bot.engine.hand import pack_order
from bot.engine.rules import Rules


@dataclass(frozen=True, slots=True)
class CutRound:
    """One round of the cut: each player in ``players`` turned up the card at the same index."""

    players: tuple[int, ...]
    cards: tuple[int, ...]


class Shuffler:
    """Shuffles with ``rng`` (the system's secure source if none is given); ``cuts`` and
    ``packs`` (top cards first) are used before it."""

    def __init__(
        self,
        rng: random.Random | None = None,
        *,
        cuts: Iterable[Sequence[int]] = (),
        packs: Iterable[Sequence[int]] = (),
    ) -> None:
        self.rng = rng or random.SystemRandom()
        self._cuts = deque(list(c) for c in cuts)
        self._packs = deque(list(p) for p in packs)

    def stack(
        self, *, cuts: Iterable[Sequence[int]] = (), packs: Iterable[Sequence[int]] = ()
    ) -> None:
        """Queue more stacked cuts and packs (for tests)."""
        self._cuts.extend(list(c) for c in cuts)
        self._packs.extend(list(p) for p in packs)

    def pack(self, rules: Rules) -> list[int]:
        """The order of the next hand's pack, top card first."""
        if self._packs:
            return pack_order(rules, self._packs.popleft())
        return pack_order(rules, rng=self.rng)

    def cut_cards(self, rules: Rules, count: int) -> list[int]:
        """``count`` different cards cut from the pack (jokers are put aside for the cut)."""
        if self._cuts:
            return self._cuts.popleft()[:count]
        naturals = [c for c in pack_order(rules) if not is_joker(c)]
        return self.rng.sample(naturals, count)


def cut_for_deal(
    players: Sequence[int], rules: Rules, shuffler: Shuffler
) -> tuple[list[int], tuple[CutRound, ...]]:
    """S4, H1: the seating after the cut, dealer first, and every round of the cut.

    The highest card deals (ace low); a tie for highest re-cuts between the tied players.
    The others sit clockwise from the dealer's left by decreasing cut (equal cuts keep the
    order in which the players joined).
    """
    rounds: list[CutRound] = []
    first = _cut(players, rules, shuffler, rounds)
    contenders = list(players)
    cards = first
    while True:
        best = max(rank_of(cards[p]) for p in contenders)
        tied = [p for p in contenders if rank_of(cards[p]) == best]
        if len(tied) == 1:
            break
        contenders = tied
        cards = _cut(tied, rules, shuffler, rounds)
    dealer = tied[0]
    others = sorted((p for p in players if p != dealer), key=lambda p: -rank_of(first[p]))
    return [dealer, *others], tuple(rounds)


def _cut(
    players: Sequence[int], rules: Rules, shuffler: Shuffler, rounds: list[CutRound]
) -> dict[int, int]:
    cards = shuffler.cut_cards(rules, len(players))
    rounds.append(CutRound(tuple(players), tuple(cards)))
    return dict(zip(players, cards, strict=True))
