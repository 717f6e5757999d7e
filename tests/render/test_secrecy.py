"""Rendering for the channel takes only public information: over many random hands, no
table message ever shows a card that is in a hand (until the hand is over)."""

from __future__ import annotations

import random

from bot.engine.actions import TAKE
from bot.engine.cards import card_list, card_symbol, mask_of
from bot.render.table import table_controls, table_embed
from bot.tables.autoplay import auto_action
from bot.tables.dealing import Shuffler
from bot.tables.views import public_table
from tests.render.test_table_render import text_of
from tests.tables.fixtures import IDS, lobby


def test_random_hands_never_show_a_held_card_on_the_table_message() -> None:
    for seed in range(30):
        rng = random.Random(seed)
        table = lobby("ann", "bob", "cat", "dan")
        table.shuffler = Shuffler(random.Random(seed))
        table.start(IDS["ann"], now=0.0)
        cut = mask_of(c for r in table.cut for c in r.cards)
        while table.hand is not None and not table.hand.over:
            hand = table.hand
            public = public_table(table)
            shown = text_of(table_embed(public)) + " ".join(
                b.label for b in table_controls(public).buttons
            )
            taken = mask_of(c for a in hand.log if a.kind == TAKE for c in card_list(a.cards))
            for held in hand.hands:
                for c in card_list(held & ~taken & ~cut):
                    assert card_symbol(c) not in shown, (seed, card_symbol(c), shown)
            legal = hand.legal_moves(hand.to_act).actions(hand.to_act)
            action = rng.choice(legal) if rng.random() < 0.5 else auto_action(hand, hand.to_act)
            assert action is not None
            table.act(table.to_act_id or 0, action.kind, 0.0, action.cards, action.spread)
