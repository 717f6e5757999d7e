"""Hints (``bot.tables.hints``): offered to a person alone against computer players, for the
move they must make now; refused in words otherwise, changing nothing."""

from __future__ import annotations

import pytest

from bot.engine.actions import Kind
from bot.tables.autoplay import auto_action
from bot.tables.errors import TableError
from bot.tables.hints import hint_seat, hint_seed, hints_offered
from bot.tables.table import Table
from bot.tables.views import private_hand
from tests.players.helpers import mask
from tests.tables.fixtures import IDS, lobby, stack_deal

ANN, BOB = IDS["ann"], IDS["bob"]
BOT = -1
HANDS = {"ann": ["KC", "QD", "9S", "8C", "2D"], "Hard bot 1": ["4H", "5H", "6H", "7S", "7D"]}
SLAPPER = {"ann": ["5H", "6H", "7H", "8H", "KD"], "Hard bot 1": ["QC", "QD", "9S", "JC", "3D"]}
"""ann holds a run and the card after it: spread, then discard that card, she may slap it."""


def against_a_computer_player(
    *people: str, hands: dict[str, list[str]] = HANDS, house: dict[str, object] | None = None
) -> Table:
    """ann (and ``people``) with a hard computer player, dealt ``hands``; the computer plays
    first."""
    table = lobby("ann", *people, house=house)
    table.add_bot(ANN, "hard", now=1.0)
    hands = dict(hands, **{name: ["AS", "AD", "AH", "2S", "2H"] for name in people})
    stack_deal(table, hands, "ann", cuts=["KS", "2C", *("3C" for _ in people)])
    table.start(ANN, now=2.0)
    return table


def computer_moves(table: Table) -> None:
    """The computer seat plays until a person must act."""
    while table.to_act_id == BOT:
        hand = table.hand
        assert hand is not None and hand.actor is not None
        action = auto_action(hand, hand.actor)
        assert action is not None
        table.act(BOT, action.kind, 3.0, action.cards, action.spread)


def test_a_person_alone_against_computer_players_is_offered_hints_on_their_move() -> None:
    table = against_a_computer_player()
    assert hints_offered(table, ANN) and table.to_act_id == BOT
    with pytest.raises(TableError) as refused:
        hint_seat(table, ANN)
    assert refused.value.reason == "hint_not_your_move"
    assert str(refused.value) == "A hint is for your own move: ask again on your turn."
    panel = private_hand(table, ANN)
    assert panel is not None and not panel.hint
    computer_moves(table)
    assert hint_seat(table, ANN) == table.hand_seat(ANN)
    panel = private_hand(table, ANN)
    assert panel is not None and panel.hint


def test_no_hint_where_another_person_plays_in_the_hand() -> None:
    table = against_a_computer_player("bob")
    assert not hints_offered(table, ANN) and not hints_offered(table, BOB)
    while table.to_act_id not in (ANN, BOB):
        computer_moves(table)
    person = table.to_act_id
    assert person is not None
    before = table.to_json()
    with pytest.raises(TableError) as refused:
        hint_seat(table, person)
    assert refused.value.reason == "hint_not_alone"
    assert "another person plays in this hand" in str(refused.value)
    panel = private_hand(table, person)
    assert panel is not None and panel.my_turn and not panel.hint
    assert table.to_json() == before


def test_no_hint_for_a_player_who_left_or_is_not_in_the_hand() -> None:
    table = against_a_computer_player()
    with pytest.raises(TableError) as refused:
        hint_seat(table, BOB)
    assert refused.value.reason == "not_in_hand"
    table.join(lobby("bob").seats[0], now=3.0)  # bob sits down: he plays from the next hand
    assert not hints_offered(table, BOB) and hints_offered(table, ANN)
    table.leave(ANN, now=4.0)  # mid-hand: her seat is played automatically to its end
    assert ANN in table.leaving and not hints_offered(table, ANN)
    with pytest.raises(TableError) as refused:
        hint_seat(table, ANN)
    assert refused.value.reason == "you_left"


def test_no_hint_once_the_hand_is_over() -> None:
    table = against_a_computer_player()
    computer_moves(table)
    table.act(ANN, Kind.DROP, now=5.0)
    assert table.hand is not None and table.hand.over
    with pytest.raises(TableError) as refused:
        hint_seat(table, ANN)
    assert str(refused.value) == "No hand is being played at this table."


def test_the_advisers_seed_follows_the_table_state() -> None:
    table = against_a_computer_player()
    seed = hint_seed(table)
    assert seed == hint_seed(table) == f"{table.id}:1:{table.version}"
    computer_moves(table)
    assert hint_seed(table) != seed


def test_a_person_who_may_slap_is_offered_a_hint_while_the_computer_is_to_move() -> None:
    """O43 race: ann spread 5♥ 6♥ 7♥ and discarded 8♥; the computer player is to move, and
    ann may still slap the 8♥. A hint is for that slap (her seat); once the computer's turn
    has begun the card is dead, and a hint waits for her turn again."""
    table = against_a_computer_player(hands=SLAPPER, house={"slap": "race"})
    computer_moves(table)
    seat = table.hand_seat(ANN)
    for kind, cards in ((Kind.DRAW, ""), (Kind.SPREAD, "5H 6H 7H"), (Kind.DISCARD, "8H")):
        table.act(ANN, kind, 4.0, mask(*cards.split()))
    assert table.to_act_id == BOT
    hand = table.hand
    assert hand is not None and hand.legal_moves(seat).slaps == (0,)
    before = table.to_json()
    assert hint_seat(table, ANN) == seat
    assert table.to_json() == before
    panel = private_hand(table, ANN)
    assert panel is not None and panel.hint and not panel.my_turn
    table.act(BOT, Kind.DRAW, 5.0)
    with pytest.raises(TableError) as refused:
        hint_seat(table, ANN)
    assert refused.value.reason == "hint_not_your_move"
    panel = private_hand(table, ANN)
    assert panel is not None and not panel.hint
