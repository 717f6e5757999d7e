"""What renderers may see: the public table hides every hand until the hand is over; the
private hand answers the engine's legal-move questions about the picked cards."""

from __future__ import annotations

from bot.engine.actions import DRAW, DROP
from bot.engine.cards import mask_of, parse_card
from bot.tables.settlement import Payment, settle_up
from bot.tables.views import private_hand, public_table
from tests.tables.fixtures import IDS, lobby, worked_example

DAN, ANN = IDS["dan"], IDS["ann"]


def cards(*names: str) -> int:
    return mask_of(parse_card(n) for n in names)


def test_the_public_table_has_counts_not_cards_while_the_hand_is_on() -> None:
    table = worked_example()
    public = public_table(table)
    assert [s.name for s in public.seats] == ["cat", "dan", "ann", "bob"]
    assert [s.cards for s in public.seats] == [5, 5, 5, 5]
    assert public.to_act == "dan" and public.seats[0].dealer and public.seats[1].to_act
    assert public.outcome is None and public.turn_deadline == 120.0
    assert public.start_moves.draw and public.start_moves.take and public.start_moves.drop
    assert not hasattr(public, "hands") and not hasattr(public.seats[0], "hand")
    assert public.cut[0].cuts[2] == ("cat", parse_card("KS"))


def test_the_public_table_shows_every_hand_once_the_hand_is_over() -> None:
    table = worked_example()
    table.act(DAN, DROP, now=1.0)
    public = public_table(table)
    assert public.outcome is not None and public.outcome.names == ("cat", "dan", "ann", "bob")
    assert public.outcome.hands[1] == cards("2C", "3D", "4H", "5S", "6C")
    assert public.outcome.balances == (-1, -4, 4, 1)
    assert public.start_moves.draw is False and public.turn_deadline is None


def test_moves_are_public_with_the_drawn_card_hidden() -> None:
    table = worked_example()
    table.act(DAN, DRAW, now=1.0)
    (move,) = public_table(table).moves
    assert (move.kind, move.player, move.cards, move.auto) == ("draw", "dan", 0, False)


def test_the_private_hand_asks_the_engine_about_the_picked_cards() -> None:
    table = worked_example()
    assert private_hand(table, 999) is None
    mine = private_hand(table, DAN, selection=cards("2C", "9S"))
    assert mine is not None and mine.my_turn and mine.selection == cards("2C")  # 9S isn't his
    assert mine.cards == cards("2C", "3D", "4H", "5S", "6C") and mine.count == 20
    assert not mine.can_discard  # he must draw first
    table.act(DAN, DRAW, now=1.0)
    mine = private_hand(table, DAN, selection=cards("2C"))
    assert mine is not None and mine.can_discard and not mine.can_spread
    others = private_hand(table, ANN)
    assert others is not None and not others.my_turn and others.legal.phase == "play"


def test_S3_the_session_to_settle_up_is_the_peoples_balances_in_seat_order() -> None:
    """A computer player's balance is left out of the session a closed table settles:
    nobody pays a computer player, or is paid by one."""
    table = lobby("ann", "bob", "cat")
    bot = table.add_bot(IDS["ann"], "hard", now=0.0)
    table.balances.update({IDS["ann"]: 6, IDS["bob"]: -2, IDS["cat"]: 0, bot.user_id: -4})
    session = public_table(table).session
    assert session == (("ann", 6), ("bob", -2), ("cat", 0))
    assert settle_up(session) == (Payment("bob", "ann", 2),)
