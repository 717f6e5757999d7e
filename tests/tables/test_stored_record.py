"""The record of a finished hand for the store: who was paid what, and how to replay it."""

from __future__ import annotations

from bot.engine import Hand
from bot.engine.actions import DROP, Action
from bot.engine.cards import parse_card
from bot.tables.journal import hand_result
from tests.tables.fixtures import IDS, worked_example


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
