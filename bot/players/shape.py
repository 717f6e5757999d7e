"""The shape of a hand: card values, partial spreads, outs, and the best way to lay down.

Everything here works on card masks and a table's ``Pack``, so it serves every level:
``near_mask`` finds cards that are two towards a spread, ``outs`` finds the unseen cards
that would complete one, and ``plan_melds`` chooses the disjoint spreads and hits that take
the most count out of a hand.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache

from bot.engine.cards import FIRST_JOKER, RANK_MASKS, rank_of, suit_of
from bot.engine.melds import MIN_SPREAD, Pack, pack_for
from bot.engine.rules import Rules

RUN_REACH = 2
"""Two cards of one suit are two towards a run when at most one position lies between them."""


@dataclass(frozen=True, slots=True)
class PackTables:
    """Per-card lookups for one pack, built once: values and near neighbours, and the cards
    of each value, highest value first."""

    pack: Pack
    values: tuple[int, ...]
    neighbours: tuple[int, ...]
    by_value: tuple[tuple[int, int], ...]

    def highest(self, cards: int) -> int:
        """The highest value among ``cards`` (0 for none)."""
        for value, mask in self.by_value:
            if cards & mask:
                return value
        return 0


@cache
def tables_for(rules: Rules) -> PackTables:
    """The lookups of the table's pack (built once, read-only, so safe across threads)."""
    pack = pack_for(rules)
    size = max(pack.cards) + 1
    values = tuple(pack.value(c) for c in range(size))
    near = tuple(
        (RANK_MASKS[rank_of(c)] & ~(1 << c)) | _run_neighbours(pack, c, RUN_REACH)
        if c < FIRST_JOKER and pack.mask >> c & 1
        else 0
        for c in range(size)
    )
    masks: dict[int, int] = {}
    for c in pack.cards:
        masks[values[c]] = masks.get(values[c], 0) | 1 << c
    return PackTables(pack, values, near, tuple(sorted(masks.items(), reverse=True)))


def cards_of(mask: int) -> list[int]:
    """The cards of a mask, lowest first."""
    found = []
    while mask:
        low = mask & -mask
        found.append(low.bit_length() - 1)
        mask ^= low
    return found


def _run_neighbours(pack: Pack, c: int, reach: int) -> int:
    """The cards of ``c``'s suit within ``reach`` positions of it in run order (S8, O1)."""
    pos = pack.run_order.index(rank_of(c))
    low, high = max(0, pos - reach), min(pack.positions - 1, pos + reach)
    window = ((1 << (high - low + 1)) - 1) << low
    return pack.expand[window & ~(1 << pos)] << 13 * suit_of(c)


def near_mask(tables: PackTables, hand: int) -> int:
    """The cards of ``hand`` that are two towards a spread with another card of it.

    A pair, or two cards of a suit close enough for a run; a wild card (O3) is near any
    natural card, so with a wild in hand every card is near.
    """
    wilds = hand & tables.pack.wild_mask
    naturals = hand & ~wilds
    if wilds:
        return hand if naturals or wilds.bit_count() > 1 else 0
    neighbours = tables.neighbours
    near = 0
    rest = naturals
    while rest:  # each card, lowest first (``cards_of`` without the list: a hot loop)
        low = rest & -rest
        if neighbours[low.bit_length() - 1] & naturals:
            near |= low
        rest ^= low
    return near


def outs(tables: PackTables, hand: int, unseen: int) -> dict[int, int]:
    """For each card of ``hand``, the unseen cards that would make a 3-card spread with it
    and one other card of ``hand`` (its outs)."""
    pack = tables.pack
    wilds_in_hand = hand & pack.wild_mask
    wild_unseen = unseen & pack.wild_mask
    found: dict[int, int] = {}
    for c in cards_of(hand):
        if wilds_in_hand >> c & 1:
            partners = hand & ~wilds_in_hand
            mask = wild_unseen if partners or wilds_in_hand & ~(1 << c) else 0
            for p in cards_of(partners):
                mask |= tables.neighbours[p] & unseen
            found[c] = mask
        else:
            found[c] = _natural_outs(pack, c, hand, unseen, wild_unseen, wilds_in_hand != 0)
    return found


def _natural_outs(
    pack: Pack, c: int, hand: int, unseen: int, wild_unseen: int, wild_in_hand: bool
) -> int:
    naturals = hand & ~pack.wild_mask
    same_rank = RANK_MASKS[rank_of(c)]
    mask = 0
    if naturals & same_rank & ~(1 << c):
        mask |= unseen & same_rank | wild_unseen
    elif wild_in_hand:
        mask |= unseen & same_rank
    shift = 13 * suit_of(c)
    pos = pack.run_order.index(rank_of(c))
    held = pack.compress[naturals >> shift & 0x1FFF]
    for start in range(max(0, pos - MIN_SPREAD + 1), min(pos, pack.positions - MIN_SPREAD) + 1):
        window = 0b111 << start
        present = held & window
        missing = pack.expand[window & ~present] << shift & unseen
        if present.bit_count() == 2:
            mask |= missing | wild_unseen
        elif wild_in_hand:
            mask |= missing
    return mask


@dataclass(frozen=True, slots=True)
class MeldPlan:
    """Spreads to lay and hits to make (spread number, card), and the cards left in hand."""

    spreads: tuple[int, ...]
    hits: tuple[tuple[int, int], ...]
    left: int


def plan_melds(
    pack: Pack, hand: int, table: Sequence[int], book_hits: bool = True, hits: bool = True
) -> MeldPlan:
    """The disjoint spreads of ``hand``, then hits onto ``table``, that leave the least count.

    ``table`` holds the spreads on the table, by number. Hits chain: a card that extends a
    run can make the next card a hit too. Ties prefer laying more cards.
    """
    candidates = pack.spreads_in(hand)
    best: tuple[int, int] = (0, 0)
    best_spreads: tuple[int, ...] = ()

    def search(start: int, used: int, chosen: tuple[int, ...]) -> None:
        nonlocal best, best_spreads
        score = (pack.count(used), used.bit_count())
        if score > best:
            best, best_spreads = score, chosen
        for i in range(start, len(candidates)):
            s = candidates[i]
            if not s & used:
                search(i + 1, used | s, (*chosen, s))

    search(0, 0, ())
    left = hand
    for s in best_spreads:
        left &= ~s
    hit_list: list[tuple[int, int]] = []
    grown = list(table)
    while hits and left:
        fits = [(i, pack.hit_cards(s, book_hits) & left) for i, s in enumerate(grown)]
        chosen = next(((i, f) for i, f in fits if f), None)
        if chosen is None:
            break
        i, fit = chosen
        c = fit.bit_length() - 1
        hit_list.append((i, c))
        grown[i] |= 1 << c
        left &= ~(1 << c)
    return MeldPlan(best_spreads, tuple(hit_list), left)
