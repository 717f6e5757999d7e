"""The record of a finished hand for the store: who was paid what, how to replay it, and
the deal that deals it again."""

from __future__ import annotations

import pytest

from bot.engine import Hand
from bot.engine.actions import DROP, Action
from bot.engine.cards import parse_card
from bot.engine.rules import rules_from_json
from bot.tables.journal import hand_result
from bot.tables.table import Table
from tests.tables.fixtures import IDS, WORKED_CUT, WORKED_HANDS, lobby, stack_deal, worked_example


def test_a_recorded_hand_keeps_its_payouts_pack_order_and_action_log_to_replay_it() -> None:
    """Issue 5: a hand row holds the seed (here the stacked pack order) and the action log;
    replaying them through the engine gives the same result (S11c's worked example)."""
    table = worked_example()
    table.act(IDS["dan"], DROP, now=1.0)
    record = hand_result(table)
    payouts = {p.name: p.payout for p in record.players}
    assert payouts == {"ann": 4, "bob": 1, "cat": -1, "dan": -4}
    assert record.ending == "drop_caught"
    assert record.action_log == [{"player": str(IDS["dan"]), "do": "drop"}]  # seats by user id
    last = table.last_hand
    assert last is not None
    order = [parse_card(c) for c in str(record.seed).split()]
    names = tuple(str(u) for u in last.players)
    replay = Hand.deal(table.rules, names, last.dealer, top=order)
    for move in record.action_log:
        replay.act(Action.from_json(dict(move), names))
    assert replay.result == last.result


def test_O42_a_push_up_hand_is_recorded_paying_no_chips() -> None:
    """In push-up nobody pays: every seat's payout on the scoreboard is 0 chips, while the
    hand still counts as won by its winner; the points each loser is pushed up are recorded
    as the engine's, for the history, the stats and the export to show."""
    table = lobby("ann", "bob", "cat", "dan", preset="push_up")
    stack_deal(table, WORKED_HANDS, "cat", cuts=WORKED_CUT)
    table.start(IDS["ann"], now=0.0)
    table.act(IDS["dan"], DROP, now=1.0)
    record = hand_result(table)
    assert {p.name: p.payout for p in record.players} == dict.fromkeys(
        ("ann", "bob", "cat", "dan"), 0
    )
    assert [p.name for p in record.players if p.won] == ["ann"]
    assert table.last_hand is not None
    pushed = dict(
        zip((p.name for p in record.players), table.last_hand.result.payouts, strict=True)
    )
    assert pushed == {"ann": 0, "bob": 18, "cat": 30, "dan": 20}
    assert {p.name: p.pushed_up for p in record.players} == pushed


def test_a_hand_paid_in_chips_records_no_push_up_points() -> None:
    """S3, S11: a hand played for stakes pays chips and has no push-up points (O42 only)."""
    table = lobby("ann", "bob", "cat", "dan")
    stack_deal(table, WORKED_HANDS, "cat", cuts=WORKED_CUT)
    table.start(IDS["ann"], now=0.0)
    table.act(IDS["dan"], DROP, now=1.0)
    record = hand_result(table)
    assert [p.pushed_up for p in record.players] == [None] * 4
    assert sum(abs(p.payout) for p in record.players) > 0


@pytest.mark.parametrize("big_one", [False, True])
def test_a_recorded_hand_keeps_the_deal_that_deals_it_again(big_one: bool) -> None:
    """The record's deal (the hand's rules, dealer, stake and pack order) deals the very hand
    that was played: the same cards to every seat, and its log replayed on it settles the
    same. A Big One hand (O44) keeps its own rules, which differ from the table's; the deal
    is the same after the table is saved and restored."""
    table = worked_example(stake=3)
    if big_one:
        table.announce_big_one(IDS["ann"], 1, now=1.0)
        table.act(IDS["dan"], DROP, now=2.0)  # dealt before the announcement
        table.next_hand(now=3.0, by=IDS["ann"])
    hand = table.hand
    assert hand is not None
    table.act(table.hand_players[hand.to_act], DROP, now=4.0)
    record, last = hand_result(table), table.last_hand
    deal = record.deal
    assert deal is not None and last is not None
    rules = rules_from_json(deal.rules)
    assert (rules, rules.big_one, deal.dealer, deal.stake) == (hand.rules, big_one, last.dealer, 3)
    assert not table.rules.big_one
    names = [str(user_id) for user_id in last.players]
    again = Hand(rules, names, deal.dealer, [parse_card(card) for card in deal.order], deal.stake)
    assert again.dealt == hand.dealt
    for move in record.action_log:
        again.act(Action.from_json(dict(move), names))
    assert again.result == last.result
    assert hand_result(Table.from_json(table.to_json())) == record


def test_a_saved_table_keeps_a_finished_hands_moves_only_while_it_is_the_hand_in_play() -> None:
    """The store records a finished hand's deal and moves with the hand's row; the table
    saves them only as its hand in play. Restored before the next deal, its record is the
    same; once the next hand is dealt, the saved record holds the result alone, and asking
    for the hand's moves again is refused in words. A state saved with the ``replay`` that
    earlier releases kept still loads."""
    table = worked_example()
    table.act(IDS["dan"], DROP, now=1.0)
    record = hand_result(table)
    saved = table.to_json()
    assert set(saved["last_hand"]) == {
        "number", "players", "dealer", "result", "hands", "balances", "match_winner"
    }  # fmt: skip
    assert hand_result(Table.from_json(saved)) == record

    table.next_hand(now=2.0, by=IDS["ann"])
    dealt = table.to_json()
    assert dealt["last_hand"] == saved["last_hand"]
    restored = Table.from_json(dealt)
    assert restored.last_hand == table.last_hand
    with pytest.raises(ValueError, match=r"hand 1 of table \d+ is no longer known"):
        hand_result(restored)

    earlier = {**dealt, "last_hand": {**dealt["last_hand"], "replay": {"log": []}}}
    assert Table.from_json(earlier).to_json() == dealt
