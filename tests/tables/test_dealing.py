"""The cut for deal (S4, H1) and the packs, from an injected random or stacked."""

from __future__ import annotations

import random

from bot.engine.cards import is_joker, parse_card
from bot.engine.hand import pack_order
from bot.engine.rules import build_rules
from bot.tables.dealing import Shuffler, cut_for_deal
from bot.tables.table import Seat, Table


def test_the_highest_card_deals_and_the_others_sit_by_decreasing_cut() -> None:
    shuffler = Shuffler(cuts=[[parse_card(c) for c in ("5C", "QD", "AS", "9H")]])
    order, rounds = cut_for_deal([1, 2, 3, 4], build_rules(), shuffler)
    assert order == [2, 4, 1, 3] and len(rounds) == 1


def test_ties_for_highest_re_cut_and_ties_below_keep_the_joining_order() -> None:
    cuts = [["KC", "5D", "KH", "5S"], ["2C", "2D"], ["3C", "JD"]]
    shuffler = Shuffler(cuts=[[parse_card(c) for c in cut] for cut in cuts])
    order, rounds = cut_for_deal([1, 2, 3, 4], build_rules(), shuffler)
    assert order == [3, 1, 2, 4]
    assert [r.players for r in rounds] == [(1, 2, 3, 4), (1, 3), (1, 3)]


def test_a_seeded_shuffler_is_reproducible_and_cuts_no_jokers() -> None:
    rules = build_rules("chicago")
    one, two = Shuffler(random.Random(3)), Shuffler(random.Random(3))
    assert one.pack(rules) == two.pack(rules) and len(one.pack(rules)) == 54
    for _ in range(50):
        assert not any(is_joker(c) for c in one.cut_cards(rules, 6))


def test_stacked_packs_come_first_then_the_random_ones() -> None:
    rules = build_rules()
    shuffler = Shuffler(random.Random(1), packs=[[parse_card("AS")]])
    assert shuffler.pack(rules)[0] == parse_card("AS")
    assert shuffler.pack(rules) == Shuffler(random.Random(1)).pack(rules)


def test_without_an_injected_random_the_shuffles_come_from_the_systems_secure_source() -> None:
    """Finished hands show their whole pack order (``/tonk replay``, its scenario file): the
    packs still to come must not follow from them, as a Mersenne Twister's would. A table
    opened or loaded without a shuffler (the bot's, ``TonkBot`` and the journal) gets one
    that draws from ``random.SystemRandom``."""
    rules = build_rules()
    shuffler = Shuffler()
    assert isinstance(shuffler.rng, random.SystemRandom)
    packs = [shuffler.pack(rules) for _ in range(20)]
    assert all(sorted(pack) == sorted(pack_order(rules)) for pack in packs)
    assert len({tuple(pack) for pack in packs}) == 20
    table = Table.open(1, 2, 3, Seat(4, "ann"), rules, now=0.0)
    assert isinstance(table.shuffler.rng, random.SystemRandom)
    assert isinstance(Table.from_json(table.to_json()).shuffler.rng, random.SystemRandom)
