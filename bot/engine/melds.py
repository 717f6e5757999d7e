"""The pack of a table, card values, and spreads (books and runs) on bit masks.

``Pack`` holds everything about a table's cards that does not change during a hand: which
cards are in the pack (O1, O2), their values (S2, O4), which are wild (O3), the order of
ranks in a run (S8: ace low; O1: 7 next to J in the 40-card pack), and the tables that make
counting a hand and finding spreads a few lookups.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache

from bot.engine.cards import (
    FIRST_JOKER,
    HALF_BITS,
    RANK_MASKS,
    SUIT_BITS,
    card,
    card_list,
    popcount,
    rank_of,
    suit_of,
)
from bot.engine.rules import MAX_PLAYERS, Rules

PICTURE_RANKS = (10, 11, 12)
MIN_SPREAD = 3
MAX_BOOK = 4


def _suit_values(values: tuple[int, ...]) -> tuple[int, ...]:
    """For every 13-bit pattern of one suit, the sum of its cards' values."""
    table = [0] * (1 << 13)
    for pattern in range(1, 1 << 13):
        low = pattern & -pattern
        table[pattern] = table[pattern ^ low] + values[low.bit_length() - 1]
    return tuple(table)


def _compress_table(order: tuple[int, ...]) -> tuple[int, ...]:
    """For every 13-bit rank pattern, the same cards as bits of run positions."""
    position = {r: pos for pos, r in enumerate(order)}
    table = [0] * (1 << 13)
    for pattern in range(1, 1 << 13):
        low = pattern & -pattern
        rank = low.bit_length() - 1
        table[pattern] = table[pattern ^ low] | (1 << position[rank] if rank in position else 0)
    return tuple(table)


def _expand_table(order: tuple[int, ...]) -> tuple[int, ...]:
    """For every pattern of run positions, the same cards as a 13-bit rank pattern."""
    table = [0] * (1 << len(order))
    for positions in range(1, 1 << len(order)):
        low = positions & -positions
        table[positions] = table[positions ^ low] | 1 << order[low.bit_length() - 1]
    return tuple(table)


def _runs_table(expand: tuple[int, ...]) -> list[tuple[int, ...]]:
    """For every pattern of run positions, each run of 3 or more consecutive positions it
    holds, as a 13-bit rank pattern (by ``expand``), by start and then by length.

    Made run by run, each added to every pattern that holds it: a pattern at a time (the
    runs found by walking its positions) took most of the time to make a pack, and so of
    starting ``tonk scenario``.
    """
    every = len(expand) - 1  # all the positions (``expand`` covers every pattern of them)
    length = every.bit_length()
    found: list[list[int]] = [[] for _ in expand]
    for start in range(length - MIN_SPREAD + 1):
        for size in range(MIN_SPREAD, length - start + 1):
            run = ((1 << size) - 1) << start
            free = every & ~run
            others = free
            while True:  # every pattern of the positions outside the run, with the run
                found[run | others].append(expand[run])
                if not others:
                    break
                others = (others - 1) & free
    return [tuple(runs) for runs in found]


@dataclass(frozen=True)
class Pack:
    """The cards of a table and what they are worth."""

    deck: int
    jokers: int
    wild: bool
    face_values: str
    run_order: tuple[int, ...] = field(init=False)
    cards: tuple[int, ...] = field(init=False)
    mask: int = field(init=False)
    wild_mask: int = field(init=False)
    joker_mask: int = field(init=False)
    suit_value: tuple[int, ...] = field(init=False, repr=False)
    compress: tuple[int, ...] = field(init=False, repr=False)
    expand: tuple[int, ...] = field(init=False, repr=False)
    suit_runs: tuple[tuple[int, ...], ...] = field(init=False, repr=False)
    run_parts: dict[int, tuple[tuple[int, int, int], ...]] = field(
        init=False, repr=False, compare=False, default_factory=dict
    )
    sized_parts: dict[int, tuple[tuple[int, int], ...]] = field(
        init=False, repr=False, compare=False, default_factory=dict
    )

    def __post_init__(self) -> None:
        order = tuple(r for r in range(13) if self.deck == 52 or r not in (7, 8, 9))
        naturals = [card(r, s) for s in range(4) for r in order]
        jokers = [FIRST_JOKER + j for j in range(self.jokers)]
        values = tuple(
            r + 1 if r < 10 else (10 if self.face_values == "ten" else r + 1) for r in range(13)
        )
        joker_mask = sum(1 << j for j in jokers)
        wild_mask = (RANK_MASKS[1] | joker_mask) if self.wild else 0
        compress = _compress_table(order)
        set_ = object.__setattr__
        set_(self, "run_order", order)
        set_(self, "cards", tuple(naturals + jokers))
        set_(self, "mask", sum(1 << c for c in naturals + jokers))
        set_(self, "joker_mask", joker_mask)
        set_(self, "wild_mask", wild_mask)
        set_(self, "suit_value", _suit_values(values))
        set_(self, "compress", compress)
        expand = _expand_table(order)
        set_(self, "expand", expand)
        runs = _runs_table(expand)
        set_(self, "suit_runs", tuple(runs[compress[x]] for x in range(1 << 13)))

    @property
    def positions(self) -> int:
        return len(self.run_order)

    def value(self, c: int) -> int:
        """S2, O4, H4: a card's value in the hand (a joker counts 0, a wild 2 counts 2)."""
        if c >= FIRST_JOKER:
            return 0
        return self.suit_value[1 << rank_of(c)]

    def count(self, hand: int) -> int:
        """S2: the sum of the values of the cards in a hand."""
        sv = self.suit_value
        return (
            sv[hand & SUIT_BITS]
            + sv[hand >> 13 & SUIT_BITS]
            + sv[hand >> 26 & SUIT_BITS]
            + sv[hand >> 39 & SUIT_BITS]
        )

    def pictures(self, hand: int) -> int:
        """O16: how many picture cards (J, Q, K) a hand holds."""
        return sum(popcount(hand & RANK_MASKS[r]) for r in PICTURE_RANKS)

    # -- spreads -------------------------------------------------------------

    def is_book(self, cards: int) -> bool:
        """S8: three or four cards of one rank (O3/H3/H5: wilds may stand in, one natural)."""
        size = popcount(cards)
        if not MIN_SPREAD <= size <= MAX_BOOK:
            return False
        naturals = cards & ~self.wild_mask
        if not naturals:
            return False
        rank = rank_of((naturals & -naturals).bit_length() - 1)
        return naturals & ~RANK_MASKS[rank] == 0

    def is_run(self, cards: int) -> bool:
        """S8: three or more consecutive cards of one suit, ace low (O1: 7 next to J)."""
        size = popcount(cards)
        if size < MIN_SPREAD:
            return False
        naturals = cards & ~self.wild_mask
        if not naturals:
            return False
        low = (naturals & -naturals).bit_length() - 1
        if low >= FIRST_JOKER:
            return False
        suit = suit_of(low)
        if naturals & ~(SUIT_BITS << 13 * suit):
            return False
        positions = self.compress[naturals >> 13 * suit & SUIT_BITS]
        lowest = (positions & -positions).bit_length() - 1
        span = positions.bit_length() - lowest
        if naturals == cards:
            return span == size
        return span <= size <= self.positions

    def is_spread(self, cards: int) -> bool:
        return self.is_book(cards) or self.is_run(cards)

    def spreads_in(self, hand: int) -> tuple[int, ...]:
        """Every spread that can be laid from ``hand``: books of 3 and 4, every run of 3+."""
        if self.wild and hand & self.wild_mask:
            return self._spreads_with_wilds(hand)
        lower, upper = hand & HALF_BITS, hand >> 26  # one-digit ints, quicker to cut in suits
        a, b = lower & SUIT_BITS, lower >> 13
        c, d = upper & SUIT_BITS, upper >> 13 & SUIT_BITS
        runs = self.suit_runs
        found = runs[a]  # clubs need no shift; most hands hold no spread at all
        if runs[b] or runs[c] or runs[d]:
            found += tuple(run << 13 for run in runs[b])
            found += tuple(run << 26 for run in runs[c])
            found += tuple(run << 39 for run in runs[d])
        # A rank held in three suits or four is held in clubs and diamonds, or hearts and spades.
        ab, cd = a & b, c & d
        if ab or cd:
            three_or_more = (ab & (c | d)) | (cd & (a | b))
            while three_or_more:
                low = three_or_more & -three_or_more
                three_or_more ^= low
                same = hand & RANK_MASKS[low.bit_length() - 1]
                found += (same, *_drop_each(same)) if same.bit_count() == MAX_BOOK else (same,)
        return found

    def _spreads_with_wilds(self, hand: int) -> tuple[int, ...]:
        """O3, H3, H5: natural cards of one rank or one suit, completed by any of the wilds
        (``hand`` holds at least one)."""
        wilds = hand & self.wild_mask
        naturals = hand & ~self.wild_mask
        spare = wilds.bit_count()
        wild_sets = self._sized_parts(wilds, empty=True)
        found: set[int] = set()
        a, b = naturals & SUIT_BITS, naturals >> 13 & SUIT_BITS
        c, d = naturals >> 26 & SUIT_BITS, naturals >> 39 & SUIT_BITS
        ranks = (  # the ranks held often enough for the wilds to make a book of them
            a | b | c | d
            if spare >= MIN_SPREAD - 1
            else (a & (b | c | d)) | (b & (c | d)) | (c & d)
        )
        while ranks:
            low = ranks & -ranks
            ranks ^= low
            same = naturals & RANK_MASKS[low.bit_length() - 1]
            if same.bit_count() + spare >= MIN_SPREAD:
                for part, size in self._sized_parts(same):
                    if size + spare >= MIN_SPREAD:
                        for w, k in wild_sets:
                            if MIN_SPREAD <= size + k <= MAX_BOOK:
                                found.add(part | w)
        longest = self.positions
        for shift, suited in ((0, a), (13, b), (26, c), (39, d)):
            if suited.bit_count() + spare < MIN_SPREAD:
                continue
            for part, size, gaps in self._run_parts(suited):
                if size + spare < MIN_SPREAD or gaps > spare:
                    continue
                for w, k in wild_sets:
                    if k >= gaps and MIN_SPREAD <= size + k <= longest:
                        found.add(part << shift | w)
        return tuple(found)

    def _sized_parts(self, cards: int, empty: bool = False) -> tuple[tuple[int, int], ...]:
        """Every part of ``cards`` (the empty one first if ``empty``), with its size. Worked
        out once per set of cards: the wilds of a hand, or the cards it holds of one rank."""
        parts = self.sized_parts.get(cards)
        if parts is None:
            parts = tuple((part, part.bit_count()) for part in _submasks(cards))
            self.sized_parts[cards] = parts
        return parts if empty else parts[1:]

    def _run_parts(self, suited: int) -> tuple[tuple[int, int, int], ...]:
        """For a 13-bit pattern of one suit: every non-empty part of it, with its size and the
        gaps a run through it has (the wilds it needs). Worked out once per pattern."""
        parts = self.run_parts.get(suited)
        if parts is None:
            parts = tuple(
                (part, part.bit_count(), _gaps(self.compress[part], part.bit_count()))
                for part in _submasks(suited)[1:]
            )
            self.run_parts[suited] = parts
        return parts

    def hit_cards(self, spread: int, book_hits: bool = True) -> int:
        """Every card that on its own may be added to ``spread`` (S8; O20 no_fourth_to_book)."""
        if not self.wild:
            return self._natural_hit_cards(spread, book_hits)
        result = 0
        wilds = self.wild_mask & self.mask & ~spread
        if wilds and self.can_hit(spread, wilds & -wilds, book_hits):
            result = wilds  # H5: where one wild fits, any wild does
        naturals = spread & ~self.wild_mask
        if naturals == spread:  # one natural card fits a natural spread as in S8
            return result | self._natural_hit_cards(spread, book_hits) & ~self.wild_mask
        size = spread.bit_count() + 1  # with the hit
        low = (naturals & -naturals).bit_length() - 1
        rank, shift = rank_of(low), 13 * suit_of(low)
        fits = 0
        if book_hits and size <= MAX_BOOK and not naturals & ~RANK_MASKS[rank]:
            fits |= RANK_MASKS[rank]  # the book takes another card of its rank
        if size <= self.positions and not naturals & ~(SUIT_BITS << shift):
            # H5: the run, wilds and all, spans at most ``size`` positions
            held = self.compress[naturals >> shift & SUIT_BITS]
            first = max(0, held.bit_length() - size)
            last = min(self.positions, (held & -held).bit_length() - 1 + size)
            fits |= self.expand[((1 << last) - (1 << first)) & ~held] << shift
        return result | fits & self.mask & ~spread & ~self.wild_mask

    def _natural_hit_cards(self, spread: int, book_hits: bool) -> int:
        low = (spread & -spread).bit_length() - 1
        rank = rank_of(low)
        if spread & ~RANK_MASKS[rank] == 0:
            if book_hits and popcount(spread) == MIN_SPREAD:
                return RANK_MASKS[rank] & ~spread
            return 0
        shift = 13 * suit_of(low)
        positions = self.compress[spread >> shift & SUIT_BITS]
        ends = (positions << 1 | positions >> 1) & ~positions & ((1 << self.positions) - 1)
        return self.expand[ends] << shift

    def can_hit(self, spread: int, cards: int, book_hits: bool = True) -> bool:
        """S8, H5: the spread with ``cards`` added is still a book or a run."""
        union = spread | cards
        if self.is_run(union):
            return True
        return book_hits and self.is_book(union)


def _gaps(positions: int, size: int) -> int:
    """How many positions between the lowest and highest of ``positions`` are not set."""
    return positions.bit_length() - (positions & -positions).bit_length() + 1 - size


def _submasks(mask: int) -> list[int]:
    """Every subset of ``mask``, the empty set first."""
    subsets = [0]
    for c in card_list(mask):
        subsets += [s | 1 << c for s in subsets]
    return subsets


def _drop_each(cards: int) -> list[int]:
    """The sets made by removing one card each from ``cards``."""
    return [cards & ~(1 << c) for c in card_list(cards)]


def pack_for(rules: Rules) -> Pack:
    return _pack(rules.deck, rules.joker_count, rules.wilds != "none", rules.face_values)


@cache
def _pack(deck: int, jokers: int, wild: bool, face_values: str) -> Pack:
    return Pack(deck, jokers, wild, face_values)


def most_players(rules: Rules) -> int:
    """The most players ``rules`` can deal to: every hand, an upcard and a stock card (S1)."""
    return min(MAX_PLAYERS, (len(pack_for(rules).cards) - 2) // rules.hand_size)
