"""Cards as small integers, and sets of cards as bit masks.

A card is ``suit * 13 + rank`` with suits C, D, H, S (0-3) and ranks A..K (0-12);
jokers follow from 52 (``JK1`` is 52). A set of cards is an int whose bit ``c`` is set
when card ``c`` is in it, so hands, decks and spreads are cheap to copy and compare.
The textual notation is docs/scenarios.md's: ``AC``, ``10H`` (``T`` accepted), ``JK1``.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator

SUITS = "CDHS"
SUIT_SYMBOLS = {"C": "♣", "D": "♦", "H": "♥", "S": "♠"}
RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
FIRST_JOKER = 52
SUIT_BITS = (1 << 13) - 1
HALF_BITS = (1 << 26) - 1


class CardError(ValueError):
    """Text that is not a card."""


def card(rank: int, suit: int) -> int:
    return suit * 13 + rank


def rank_of(c: int) -> int:
    return c % 13


def suit_of(c: int) -> int:
    return c // 13


def is_joker(c: int) -> bool:
    return c >= FIRST_JOKER


def bit(c: int) -> int:
    return 1 << c


def mask_of(cards: Iterable[int]) -> int:
    m = 0
    for c in cards:
        m |= 1 << c
    return m


def cards_in(mask: int) -> Iterator[int]:
    """The cards of a mask in canonical order."""
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


def _bit_positions() -> tuple[tuple[int, ...], ...]:
    """For every 13-bit pattern, the positions of its set bits, lowest first."""
    table: list[tuple[int, ...]] = [()]
    for pattern in range(1, 1 << 13):
        low = pattern & -pattern
        table.append((low.bit_length() - 1, *table[pattern ^ low]))
    return tuple(table)


_POSITIONS = _bit_positions()


def nth_card(mask: int, index: int) -> int:
    """The ``index``-th card of ``mask`` in canonical order (0 first): first which half of the
    pack holds it (clubs and diamonds, or the rest), then a suit at a time.

    ``index`` must be below ``popcount(mask)``.
    """
    shift = 0
    if index >= (size := (mask & HALF_BITS).bit_count()):
        index -= size
        mask >>= 26
        shift = 26
    while index >= (size := (part := mask & SUIT_BITS).bit_count()):
        index -= size
        mask >>= 13
        shift += 13
    return shift + _POSITIONS[part][index]


def card_list(mask: int) -> list[int]:
    return list(cards_in(mask))


def popcount(mask: int) -> int:
    return mask.bit_count()


def parse_card(text: str) -> int:
    """Parse ``10H``, ``th``, ``QS`` or ``JK2`` into a card number.

    The canonical spelling (``card_text``, as saved states and logs hold it) is one lookup:
    a restart replays every open hand from those spellings."""
    canonical = _BY_TEXT.get(text)
    if canonical is not None:
        return canonical
    t = text.strip().upper()
    if t.startswith("JK"):
        digits = t[2:]
        if digits.isdigit() and int(digits) >= 1:
            return FIRST_JOKER + int(digits) - 1
        raise CardError(f"{text!r} is not a card")
    if len(t) < 2 or t[-1] not in SUITS:
        raise CardError(f"{text!r} is not a card")
    rank_text = "10" if t[:-1] == "T" else t[:-1]
    if rank_text not in RANKS:
        raise CardError(f"{text!r} is not a card")
    return card(RANKS.index(rank_text), SUITS.index(t[-1]))


_NATURAL_TEXTS = tuple(RANKS[rank_of(c)] + SUITS[suit_of(c)] for c in range(FIRST_JOKER))
_BY_TEXT = {text: c for c, text in enumerate(_NATURAL_TEXTS)}


def card_text(c: int) -> str:
    """The canonical spelling of a card: ``10H``, ``AC``, ``JK1``."""
    if c < FIRST_JOKER:
        return _NATURAL_TEXTS[c]
    return f"JK{c - FIRST_JOKER + 1}"


def card_symbol(c: int) -> str:
    """A card for people: ``10♥``, ``Q♠``, ``🃏1``."""
    if is_joker(c):
        return f"🃏{c - FIRST_JOKER + 1}"
    return RANKS[rank_of(c)] + SUIT_SYMBOLS[SUITS[suit_of(c)]]


def rank_mask(rank: int) -> int:
    """The four cards of one rank."""
    return sum(1 << card(rank, s) for s in range(4))


RANK_MASKS = tuple(rank_mask(r) for r in range(13))
