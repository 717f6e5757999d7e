"""The rule-of-thumb players, ``easy`` and ``normal``: one set of heuristics, two styles.

A turn (S7) is three decisions, each a small method a stronger player may refine:

- at the start: claim a chicago 49 (O17); drop when the count is low against what the
  others are likely to hold (``drop_wanted``); take the discard when it helps more than a
  blind draw would (``take_wanted``); else draw;
- then lay the spreads and hits of the best meld plan (``shape.plan_melds``): always when
  that goes out, otherwise as the style allows (``lay_wanted``);
- then discard the card that costs least to lose: the highest count, less a bonus for every
  unseen card that could still make it part of a spread (``discard_choice``).

``easy`` misses some chances at random and drops on a simple count. ``normal`` counts cards:
it guesses each other count from the cards that player is known to hold (taken from the pile),
its number of cards, and the cards still unseen (every discard and spread is out of play), and
drops when its chance of holding the lowest count is high enough.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from bot.engine import Action, SeatView
from bot.engine.actions import CLAIM, DISCARD, DRAW, DROP, HIT, SLAP, SLAP_DISCARD, SPREAD, TAKE
from bot.engine.hand import START
from bot.players.estimate import count_guess
from bot.players.knowledge import TableKnowledge, read_table
from bot.players.shape import PackTables, cards_of, outs, plan_melds, tables_for


@dataclass(frozen=True, slots=True)
class Style:
    """How a heuristic level plays.

    ``miss``: chance of overlooking a spread, hit, slap or a good discard to take.
    ``drop_confidence``: the chance of holding the lowest count it wants before dropping;
    ``drop_count``: when set, drop on this count or less instead (no reading of the others).
    ``out_value``: what one live out adds to the worth of keeping a card.
    ``take_margin``: how many points better than a blind draw the discard must be to take it.
    ``read_discards``: guess that a player's cards are no higher than its last discard.
    """

    miss: float
    drop_confidence: float
    drop_count: int | None
    out_value: float
    take_margin: float
    read_discards: bool = True


EASY = Style(miss=0.25, drop_confidence=1.0, drop_count=7, out_value=0.5, take_margin=0.5)
NORMAL = Style(
    miss=0.0,
    drop_confidence=0.85,
    drop_count=None,
    out_value=1.2,
    take_margin=0.5,
    read_discards=False,
)


class HeuristicPlayer:
    """A player that decides by rules of thumb (see the module docstring)."""

    def __init__(self, rng: random.Random, style: Style, level: str) -> None:
        self.rng = rng
        self.style = style
        self.level = level

    # -- the protocol -----------------------------------------------------------

    def choose(self, view: SeatView) -> Action:
        legal, seat = view.legal, view.seat
        tables = tables_for(view.rules)
        know = read_table(view)
        if legal.slap_discards:
            card = self.discard_choice(view, tables, know, view.hand, legal.slap_discards)
            return Action(SLAP_DISCARD, seat, 1 << card)
        if view.phase == START:
            return self.start_move(view, tables, know)
        return self.play_move(view, tables, know)

    def slap(self, view: SeatView) -> Action | None:
        """Slap when it wins an extra discard (O43), unless the style misses it."""
        if self.missed() or not self.slap_pays(view):
            return None
        return Action(SLAP, view.seat, 0, view.legal.slaps[0])

    # -- decisions ----------------------------------------------------------------

    def missed(self) -> bool:
        return self.style.miss > 0 and self.rng.random() < self.style.miss

    def slap_pays(self, view: SeatView) -> bool:
        """O43: the slapper discards an extra card, except the discarder and a next player
        who has priority."""
        if view.rules.slap == "next_player_priority" and view.seat == view.to_act:
            return False
        discarder = view.moves[-1].seat if view.moves else -1
        return view.seat != discarder and view.card_counts[view.seat] > 0

    def start_move(self, view: SeatView, tables: PackTables, know: TableKnowledge) -> Action:
        legal, seat = view.legal, view.seat
        if legal.claim:
            return Action(CLAIM, seat)
        if view.stock_size == 0 and view.rules.stock_out == "lowest_wins":
            # S10, S11d: drawing ends the hand and pays the lowest count without a catch,
            # which is never worse than dropping.
            return self.empty_stock_move(view, tables, know)
        if legal.drop and self.drop_wanted(view, tables, know):
            return Action(DROP, seat)
        if view.stock_size == 0:
            return self.empty_stock_move(view, tables, know)
        if legal.take and not self.missed() and self.take_wanted(view, tables, know):
            return Action(TAKE, seat)
        return Action(DRAW, seat)

    def empty_stock_move(self, view: SeatView, tables: PackTables, know: TableKnowledge) -> Action:
        """S10: drawing now ends the hand (S11d); take only to cut the count, so it ends."""
        top = view.top_discard
        if view.legal.take and top is not None:
            left = plan_melds(tables.pack, view.hand | 1 << top, self.table(view)).left
            best_discard = tables.highest(left)
            if tables.pack.count(left) - best_discard < view.count:
                return Action(TAKE, view.seat)
        return Action(DRAW, view.seat)

    def chance_lowest(self, view: SeatView, tables: PackTables, know: TableKnowledge) -> float:
        """The chance every other count is above ``view.count`` (independent guesses)."""
        chance = 1.0
        for other in know.others:
            guess = count_guess(tables, know, other, self.style.read_discards)
            chance *= guess.chance_above(view.count)
        return chance

    def drop_wanted(self, view: SeatView, tables: PackTables, know: TableKnowledge) -> bool:
        if self.style.drop_count is not None:
            return view.count <= self.style.drop_count
        return self.chance_lowest(view, tables, know) >= self.style.drop_confidence

    def take_wanted(self, view: SeatView, tables: PackTables, know: TableKnowledge) -> bool:
        """Take when the discard makes a spread or hit, or, kept in place of the card it
        would push out, gains more than a blind draw is expected to."""
        top = view.top_discard
        assert top is not None
        hand, table = view.hand, self.table(view)
        with_top = plan_melds(tables.pack, hand | 1 << top, table)
        if not with_top.left >> top & 1:
            return True
        worth = self.keep_worth(tables, know, with_top.left)
        pushed_out = max(worth, key=lambda c: (worth[c], c))
        if pushed_out == top:
            return False
        gain_take = worth[pushed_out] - worth[top]
        highest = max((worth[c] for c in cards_of(with_top.left & ~(1 << top))), default=0.0)
        draws = cards_of(know.unseen)
        gain_draw = sum(max(highest - tables.values[c], 0) for c in draws) / max(len(draws), 1)
        return gain_take > gain_draw + self.style.take_margin

    def keep_worth(self, tables: PackTables, know: TableKnowledge, hand: int) -> dict[int, float]:
        """How much each card of ``hand`` costs to keep: its value less its live outs."""
        live = outs(tables, hand, know.unseen)
        return {
            c: tables.values[c] - self.style.out_value * min(live[c].bit_count(), 4)
            for c in cards_of(hand)
        }

    def table(self, view: SeatView) -> list[int]:
        return [cards for _, cards in view.spreads]

    def play_move(self, view: SeatView, tables: PackTables, know: TableKnowledge) -> Action:
        legal, seat, rules = view.legal, view.seat, view.rules
        plan = plan_melds(
            tables.pack, view.hand, self.table(view), not rules.no_fourth_to_book, bool(legal.hits)
        )
        going_out = plan.left.bit_count() <= (0 if rules.hit_ends_turn else 1)
        if going_out or self.lay_wanted(view):
            for spread in plan.spreads:
                if spread in legal.spreads:
                    return Action(SPREAD, seat, spread)
            for spread_index, card in plan.hits:
                if (spread_index, card) in legal.hits and self.hit_wanted(view, tables, card):
                    return Action(HIT, seat, 1 << card, spread_index)
        if legal.discards:
            card = self.discard_choice(view, tables, know, view.hand, legal.discards)
            return Action(DISCARD, seat, 1 << card)
        return legal.action(seat, 0)  # a rule forces a spread or hit (O19, O20)

    def lay_wanted(self, view: SeatView) -> bool:
        return not self.missed()

    def hit_wanted(self, view: SeatView, tables: PackTables, card: int) -> bool:
        """O20 ``hit_ends_turn``: a hit takes the discard's place, so hit only a high card."""
        if not view.rules.hit_ends_turn:
            return True
        return tables.values[card] >= tables.highest(view.legal.discards or view.hand)

    def discard_choice(
        self, view: SeatView, tables: PackTables, know: TableKnowledge, hand: int, allowed: int
    ) -> int:
        """The allowed card that costs most to keep."""
        return self.discard_order(tables, know, hand, allowed)[0]

    def discard_order(
        self, tables: PackTables, know: TableKnowledge, hand: int, allowed: int
    ) -> list[int]:
        """The allowed cards, the one that costs most to keep first."""
        worth = self.keep_worth(tables, know, hand)
        return sorted(
            cards_of(allowed), key=lambda c: (worth[c], tables.values[c], c), reverse=True
        )
