"""Computer seats at a ``Table``: seating, names and ids, turn timers, leaving, saving."""

from __future__ import annotations

import pytest

from bot.players.levels import Level
from bot.tables.autoplay import auto_action
from bot.tables.errors import TableError
from bot.tables.table import (
    BETWEEN,
    CLOSED,
    DEFAULT_TURN_TIMEOUT,
    PLAYING,
    Departure,
    Table,
)
from bot.tables.views import public_table
from cogs.tonk.bots import next_bot_turn
from tests.tables.fixtures import IDS, lobby, stack_deal

ANN, BOB = IDS["ann"], IDS["bob"]
HANDS = {"ann": ["KC", "QD", "9S", "8C", "2D"], "Hard bot 1": ["4H", "5H", "6H", "7S", "7D"]}


def with_bot() -> Table:
    """ann hosts, with a hard computer player, who plays first (ann cuts high and deals)."""
    table = lobby("ann")
    table.add_bot(ANN, "hard", now=1.0)
    stack_deal(table, HANDS, "ann", cuts=["KS", "2C"])
    return table


def test_the_host_seats_computer_players_with_numbered_names_and_ids_never_reused() -> None:
    table = lobby("ann", "bob", max_seats=4)
    easy = table.add_bot(ANN, "easy", now=1.0)
    hard = table.add_bot(ANN, "hard", now=2.0)
    assert (easy.user_id, easy.name, easy.level) == (-1, "Easy bot 1", "easy")
    assert (hard.user_id, hard.name) == (-2, "Hard bot 2") and hard.is_bot
    assert table.is_bot(-2) and not table.is_bot(BOB) and table.bot_level(-1) == "easy"
    assert table.remove_bot(ANN, None, False, now=3.0) == "Hard bot 2"  # the last one seated
    assert table.add_bot(ANN, "normal", now=4.0).user_id == -3
    assert table.remove_bot(ANN, "easy BOT 1", False, now=5.0) == "Easy bot 1"
    assert [s.name for s in table.seats] == ["ann", "bob", "Normal bot 3"]
    assert [s.bot for s in public_table(table).seats] == [False, False, True]


@pytest.mark.parametrize(
    ("by", "level", "key"),
    [(BOB, "hard", "host_only"), (ANN, "random", "bot_level"), (ANN, "baseline", "bot_level")],
)
def test_only_the_host_seats_a_bot_of_an_offered_level(by: int, level: str, key: str) -> None:
    table = lobby("ann", "bob")
    with pytest.raises(TableError) as refused:
        table.add_bot(by, level, now=1.0)
    assert refused.value.reason == key and len(table.seats) == 2


def test_a_full_table_refuses_a_bot_and_removebot_needs_one() -> None:
    table = lobby("ann", "bob", max_seats=2)
    with pytest.raises(TableError) as full:
        table.add_bot(ANN, "hard", now=1.0)
    assert full.value.reason == "table_full"
    for name, key in ((None, "no_bot"), ("Hard bot 1", "no_bot_named")):
        with pytest.raises(TableError) as none:
            table.remove_bot(ANN, name, False, now=1.0)
        assert none.value.reason == key
    with pytest.raises(TableError) as not_host:
        table.remove_bot(BOB, None, False, now=1.0)
    assert not_host.value.reason == "host_or_manager"


def test_a_bot_may_sit_down_mid_hand_and_plays_from_the_next_one() -> None:
    table = lobby("ann", "bob")
    table.start(ANN, now=1.0)
    added = table.add_bot(ANN, "easy", now=2.0)
    assert table.status == PLAYING and added.user_id not in table.hand_players


def test_no_turn_timer_for_a_computer_seat_and_the_driver_asks_it() -> None:
    table = with_bot()
    table.start(ANN, now=10.0)
    assert table.to_act_id == -1 and table.turn_deadline is None
    turn = next_bot_turn(table)
    assert turn is not None and (turn.user_id, turn.slap) == (-1, False)
    hand = table.hand
    assert hand is not None
    while table.to_act_id == -1:
        action = auto_action(hand, 1)
        assert action is not None
        table.act(-1, action.kind, now=12.0, cards=action.cards, spread=action.spread)
    assert table.to_act_id == ANN and table.turn_deadline == 12.0 + DEFAULT_TURN_TIMEOUT
    assert next_bot_turn(table) is None


def test_when_the_last_person_leaves_a_table_of_bots_closes() -> None:
    table = with_bot()
    table.start(ANN, now=10.0)
    assert table.leave(ANN, now=11.0) == Departure.TABLE_EMPTY and table.status == CLOSED
    lobby_only = lobby("ann", "bob")
    lobby_only.add_bot(ANN, "hard", now=1.0)
    lobby_only.leave(ANN, now=2.0)
    assert lobby_only.host_id == BOB  # the host passes to a person, not to a bot
    assert lobby_only.leave(BOB, now=3.0) == Departure.TABLE_EMPTY and lobby_only.status == CLOSED


def test_when_every_person_has_left_mid_hand_the_table_closes_at_once() -> None:
    table = lobby("ann", "bob")
    table.add_bot(ANN, "hard", now=1.0)
    table.start(ANN, now=2.0)
    assert (
        table.leave(ANN, now=3.0) == Departure.LEAVING
        and table.leave(BOB, now=4.0) == Departure.TABLE_EMPTY
    )
    assert table.status == CLOSED


def test_a_person_out_for_missed_turns_leaves_the_bot_alone_and_the_table_closes() -> None:
    table = with_bot()
    table.start(ANN, now=10.0)
    for _ in range(1000):
        if table.status != PLAYING:
            if table.status != BETWEEN:
                break
            table.next_hand(now=20.0)
        turn, hand = table.turn_id, table.hand
        assert turn is not None and hand is not None
        if table.to_act_id == ANN:
            table.expire_turn(turn, now=20.0)
        else:
            action = auto_action(hand, hand.to_act)
            assert action is not None
            table.act(-1, action.kind, now=20.0, cards=action.cards, spread=action.spread)
    assert table.status == CLOSED and [s.name for s in table.seats] == ["Hard bot 1"]


def test_a_bot_removed_mid_hand_is_played_automatically_and_stands_up_after_it() -> None:
    table = lobby("ann", "bob")
    table.add_bot(ANN, "hard", now=1.0)
    table.start(ANN, now=2.0)
    assert table.remove_bot(ANN, None, False, now=3.0) == "Hard bot 1"
    assert table.to_act_id != -1 and next_bot_turn(table) is None
    while table.status == PLAYING:
        hand, user = table.hand, table.to_act_id
        assert hand is not None and user is not None
        action = auto_action(hand, hand.to_act)
        assert action is not None
        table.act(user, action.kind, now=4.0, cards=action.cards, spread=action.spread)
    assert table.status == BETWEEN and not table.is_seated(-1)


def test_computer_seats_survive_the_json_round_trip() -> None:
    table = with_bot()
    table.start(ANN, now=10.0)
    again = Table.from_json(table.to_json())
    assert again.seats == table.seats and again.seats[1].level is Level.HARD
    assert again.to_json() == table.to_json()
    old = table.to_json()
    old["seats"] = [[ANN, "ann"]]  # a table saved before computer seats existed
    assert Table.from_json(old).seats[0].level is None
