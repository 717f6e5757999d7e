"""The table message: embed text and buttons in each state of a table."""

from __future__ import annotations

from bot.engine.actions import DRAW, DROP
from bot.render.controls import Style
from bot.render.table import (
    TableButton,
    final_controls,
    table_controls,
    table_embed,
)
from bot.tables.views import public_table
from tests.tables.fixtures import (
    IDS,
    WORKED_CUT,
    WORKED_HANDS,
    lobby,
    stack_deal,
    worked_example,
)

DAN = IDS["dan"]


def text_of(embed) -> str:  # type: ignore[no-untyped-def]
    data = embed.to_dict()
    parts = [data.get("title", ""), data.get("description", "")]
    parts += [f"{f['name']}\n{f['value']}" for f in data.get("fields", [])]
    return "\n".join(parts)


def buttons(table) -> dict[str, bool]:  # type: ignore[no-untyped-def]
    return {b.label: not b.disabled for b in table_controls(public_table(table)).buttons}


def test_the_lobby_lists_seats_and_offers_join_leave_start() -> None:
    table = lobby("ann")
    shown = text_of(table_embed(public_table(table)))
    assert "Tonk · Standard (P1) · stake 1" in shown
    assert "Hosted by ann. 1 of 4 seats taken" in shown and "**ann** (host)" in shown
    assert "Turn timer: 120 seconds." in shown
    assert buttons(table) == {"Join": True, "Leave": True, "Start": False, "How to play": True}
    table.join(lobby("bob").seats[0], now=0.0)
    assert buttons(table)["Start"]


def test_a_hand_in_play_shows_turn_deadline_pile_stock_seats_and_cut() -> None:
    table = worked_example()
    shown = text_of(table_embed(public_table(table)))
    assert "**Hand 1**" in shown and "**dan** to play; time runs out <t:120:R>." in shown
    assert "Top of the discard pile **4♣** · stock 31 cards" in shown
    assert "**cat** (dealer) · 5 cards" in shown and "▶ **dan** · 5 cards" in shown
    assert "**ann** (host) · 5 cards · balance 0" in shown
    assert "Spreads\nNone yet." in shown and "waits" not in shown
    assert "ann J♠, bob 10♠, cat K♠ and dan Q♠\ncat deals." in shown
    assert buttons(table) == {"My hand": True, "Draw": True, "Take 4♣": True, "Drop": True}
    table.act(DAN, DRAW, now=1.0)
    assert buttons(table) == {"My hand": True, "Draw": False, "Take 4♣": False, "Drop": False}
    assert "Last moves\ndan drew from the stock" in text_of(table_embed(public_table(table)))


def test_waiting_counters_appear_when_those_rules_are_on() -> None:
    table = worked_example()
    table.rules = table.rules.with_option("wait_after_spread", 3)
    assert "5 cards · balance 0 · waits 0" in text_of(table_embed(public_table(table)))


def test_the_end_of_a_hand_shows_hands_ending_payments_and_session() -> None:
    table = worked_example()
    table.act(DAN, DROP, now=1.0)
    shown = text_of(table_embed(public_table(table)))
    assert "**Hand 1 is over.**\ndan dropped with 20 and was caught by ann with 12." in shown
    assert "dan: 2♣ 6♣ 3♦ 4♥ 5♠ (count 20)" in shown
    assert "Payments\ncat −1 · dan −4 · ann +4 · bob +1" in shown
    assert "Session\ncat −1 · dan −4 · ann +4 · bob +1" in shown
    assert "The next hand deals in a moment" in shown
    assert "The next hand deals" not in text_of(table_embed(public_table(table), final=True))
    (next_hand,) = table_controls(public_table(table)).buttons
    assert (next_hand.label, next_hand.style) == ("Next hand", Style.SUCCESS)


def test_a_closed_table_offers_only_a_new_table() -> None:
    table = worked_example()
    table.close(IDS["ann"], manage_server=False)
    assert "This table is closed. **New table** opens" in text_of(table_embed(public_table(table)))
    assert [(b.action, b.label) for b in table_controls(public_table(table)).buttons] == [
        (TableButton.AGAIN, "New table")
    ]


def test_a_finished_hand_offers_replay_where_hands_are_recorded() -> None:
    """Next hand and Replay while the next hand waits; Replay alone on the message the
    finished hand keeps; none where hands are not recorded, or before any hand ends."""
    table = worked_example()
    assert TableButton.REPLAY not in [
        b.action for b in table_controls(public_table(table), replays=True).buttons
    ]
    table.act(DAN, DROP, now=1.0)
    public = public_table(table)
    assert [(b.action, b.label) for b in table_controls(public, replays=True).buttons] == [
        (TableButton.NEXT, "Next hand"),
        (TableButton.REPLAY, "Replay"),
    ]
    assert [b.action for b in table_controls(public).buttons] == [TableButton.NEXT]
    assert [(b.action, b.label) for b in final_controls(public, "ro", replays=True).buttons] == [
        (TableButton.REPLAY, "Reluare")
    ]
    assert final_controls(public).buttons == ()
    table.close(IDS["ann"], manage_server=False)
    closed = table_controls(public_table(table), replays=True).buttons
    assert [b.action for b in closed] == [
        TableButton.AGAIN,
        TableButton.REPLAY,
    ]  # its last hand, still on show
    assert TableButton.REPLAY not in [
        b.action for b in table_controls(public_table(lobby("ann")), replays=True).buttons
    ]


def test_the_final_message_of_a_hand_keeps_the_spreads_and_the_last_moves() -> None:
    table = worked_example()
    table.act(DAN, DROP, now=1.0)
    final = text_of(table_embed(public_table(table), final=True))
    assert "Spreads\nNone yet." in final and "Last moves\ndan dropped" in final
    assert final.index("Session") < final.index("Spreads")  # the result first


def test_push_up_points_read_as_points_against_without_a_sign() -> None:
    table = lobby("ann", "bob", "cat", "dan", preset="push_up")
    stack_deal(table, WORKED_HANDS, "cat", cuts=WORKED_CUT)
    table.start(IDS["ann"], now=0.0)
    table.act(DAN, DROP, now=1.0)
    shown = text_of(table_embed(public_table(table)))
    assert "Points against\ncat 30 · dan 20 · ann 0 · bob 18" in shown
    assert "Session, points against (lowest wins)\ncat 30 · dan 20 · ann 0 · bob 18" in shown
    assert "+" not in shown.split("Points against")[1]


def test_a_private_table_says_so_and_offers_invite_in_the_lobby_in_play_and_between() -> None:
    """Only a private table has **Invite** (greyed out once every seat is taken, like
    Join), and its lobby says who may join and who was invited but is not seated; a table
    open to all has neither."""
    table = lobby("ann", private=True, max_seats=2)
    shown = text_of(table_embed(public_table(table)))
    assert "🔒 A private table: only the members the host invites (**Invite**, below) can " in shown
    assert "1 of 2 seats taken: the members invited press **Join** to sit down;" in shown
    assert buttons(table) == {
        "Join": True,
        "Leave": True,
        "Start": False,
        "Invite": True,
        "How to play": True,
    }
    table.invite(IDS["ann"], [(IDS["bob"], "bob")], now=1.0)
    assert "Invited, not yet seated: **bob**." in text_of(table_embed(public_table(table)))
    table.join(lobby("bob").seats[0], now=1.0)
    assert "Invited" not in text_of(table_embed(public_table(table)))
    assert buttons(table) == {
        "Join": False,
        "Leave": True,
        "Start": True,
        "Invite": False,
        "How to play": True,
    }
    assert table_embed(public_table(table)).footer.text == "Table 1 · 🔒 private"
    assert "🔒" not in text_of(table_embed(public_table(lobby("ann"))))
    assert table_embed(public_table(lobby("ann"))).footer.text == "Table 1"
    assert "Invite" not in buttons(lobby("ann"))

    between = worked_example()
    between.private = True
    assert table_controls(public_table(between)).buttons[-1].action == TableButton.INVITE  # in play
    between.act(DAN, DROP, now=1.0)
    assert [b.action for b in table_controls(public_table(between), replays=True).buttons] == [
        TableButton.NEXT,
        TableButton.INVITE,
        TableButton.REPLAY,
    ]
