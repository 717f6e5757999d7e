"""Private tables (``/tonk new private:True``): only the host and the members invited may
take a seat; the host invites (**Invite**), a kicked player is no longer invited, and a
refused invitation or join changes nothing. Any seated player may invite to a table that
is not private, where it changes who may join in nothing."""

from __future__ import annotations

from dataclasses import replace

import pytest

from bot.tables.errors import TableError
from bot.tables.table import MAX_INVITED, Departure, Table
from tests.tables.fixtures import IDS, lobby, seat

ANN, BOB, CAT, DAN = (IDS[n] for n in ("ann", "bob", "cat", "dan"))


def _refused(table: Table, move: object, reason: str) -> TableError:
    """``move`` (a call on ``table``) is refused for ``reason`` and changes nothing."""
    before = table.to_json()
    with pytest.raises(TableError) as refused:
        assert callable(move)
        move()
    assert refused.value.reason == reason
    assert table.to_json() == before
    return refused.value


def test_only_the_host_and_the_members_invited_may_sit_at_a_private_table() -> None:
    table = lobby("ann", private=True)
    assert table.private and table.invited == {ANN: "ann"}
    refusal = _refused(table, lambda: table.join(seat("bob"), now=1.0), "private_table")
    assert refusal.message() == (
        "This table is private: only the members its host, ann, invites can join. Ask them "
        "for an invitation."
    )
    table.invite(ANN, [(BOB, "bob"), (CAT, "cat")], now=2.0)
    assert table.invited == {ANN: "ann", BOB: "bob", CAT: "cat"}
    assert table.last_activity == 2.0
    table.join(seat("bob"), now=3.0)
    table.add_bot(ANN, "easy", now=4.0)  # a computer player needs no invitation
    assert [s.name for s in table.seats] == ["ann", "bob", "Easy bot 1"]
    assert table.leave(BOB, now=5.0) == Departure.REMOVED
    table.join(seat("bob"), now=6.0)  # who left of their own accord may come back


def test_a_player_kicked_from_a_private_table_is_no_longer_invited() -> None:
    table = lobby("ann", private=True)
    table.invite(ANN, [(BOB, "bob")], now=1.0)
    table.join(seat("bob"), now=2.0)
    table.kick(ANN, BOB, manage_server=False, now=3.0)
    assert BOB not in table.invited
    _refused(table, lambda: table.join(seat("bob"), now=4.0), "private_table")


def test_at_a_private_table_only_the_host_invites_and_only_while_a_seat_is_free() -> None:
    table = lobby("ann", private=True, max_seats=3)
    _refused(table, lambda: table.invite(DAN, [(BOB, "bob")], now=1.0), "invite_not_seated")
    table.invite(ANN, [(BOB, "bob")], now=1.0)
    table.join(seat("bob"), now=1.0)
    _refused(table, lambda: table.check_inviter(BOB), "host_only")
    _refused(table, lambda: table.invite(BOB, [(CAT, "cat")], now=2.0), "host_only")
    table.invite(ANN, [(CAT, "cat")], now=2.0)
    table.join(seat("cat"), now=2.0)
    _refused(table, lambda: table.invite(ANN, [(DAN, "dan")], now=3.0), "table_full")


def test_an_invitation_of_oneself_a_player_seated_or_one_invited_invites_nobody() -> None:
    table = lobby("ann", "bob")
    table.invite(BOB, [(CAT, "cat")], now=1.0)  # not private: any player seated invites
    for members, reason in (
        ([(DAN, "dan"), (BOB, "bob")], "invite_self"),
        ([(DAN, "dan"), (ANN, "ann")], "invite_seated"),
        ([(DAN, "dan"), (CAT, "cat")], "already_invited"),
    ):
        refusal = _refused(table, lambda m=members: table.invite(BOB, m, now=2.0), reason)
    assert refusal.message() == "cat is invited already."
    assert table.invited == {CAT: "cat"}
    table.join(seat("dan"), now=3.0)  # not private: anyone sits, invited or not


def test_a_table_invites_at_most_max_invited_members() -> None:
    table = lobby("ann", private=True)
    table.invite(ANN, [(1000 + n, f"m{n}") for n in range(MAX_INVITED - 2)], now=1.0)
    assert len(table.invited) == MAX_INVITED - 1
    two = [(2000, "x"), (2001, "y")]
    _refused(table, lambda: table.invite(ANN, two, now=2.0), "invite_limit")
    table.invite(ANN, two[:1], now=2.0)
    _refused(table, lambda: table.check_inviter(ANN), "invite_limit")


def test_privacy_and_invitations_are_saved_and_an_older_save_is_a_table_open_to_all() -> None:
    table = lobby("ann", private=True)
    table.invite(ANN, [(BOB, "bob")], now=1.0)
    restored = Table.from_json(table.to_json())
    assert (restored.private, restored.invited) == (True, {ANN: "ann", BOB: "bob"})
    older = {k: v for k, v in table.to_json().items() if k not in ("private", "invited")}
    opened = Table.from_json(older)
    assert (opened.private, opened.invited) == (False, {})
    opened.join(seat("cat"), now=2.0)


def test_the_host_makes_a_table_private_before_the_first_deal_inviting_those_seated() -> None:
    """``/tonk settings private:True``: the people seated are invited (a computer player
    needs no invitation), nobody else may join; ``private:False`` opens it to all again."""
    table = lobby("ann", "bob")
    table.add_bot(ANN, "easy", now=0.0)
    setup = table.change_setup(ANN, lambda s: replace(s, private=True), now=1.0)
    assert setup.private and table.private and table.invited == {ANN: "ann", BOB: "bob"}
    _refused(table, lambda: table.join(seat("cat"), now=2.0), "private_table")
    table.change_setup(ANN, lambda s: replace(s, private=False), now=3.0)
    table.join(seat("cat"), now=4.0)
    _refused(
        table, lambda: table.change_setup(BOB, lambda s: replace(s, private=True), 5.0), "host_only"
    )


def test_kicking_a_member_invited_to_a_private_table_withdraws_the_invitation() -> None:
    """Before they sit down, ``/tonk kick`` takes an invitation back; a member neither
    seated nor invited is refused, and so is one invited to an open table (by name)."""
    table = lobby("ann", private=True)
    table.invite(ANN, [(BOB, "bob")], now=1.0)
    assert table.kick(ANN, BOB, manage_server=False, now=2.0) == Departure.UNINVITED
    assert table.invited == {ANN: "ann"} and table.last_activity == 2.0
    _refused(table, lambda: table.join(seat("bob"), now=3.0), "private_table")
    _refused(table, lambda: table.kick(ANN, BOB, manage_server=False, now=4.0), "not_seated_other")
    table.invite(ANN, [(CAT, "cat")], now=5.0)
    _refused(table, lambda: table.kick(CAT, ANN, manage_server=False, now=6.0), "host_or_manager")
    table.change_setup(ANN, lambda s: replace(s, private=False), now=7.0)
    refusal = _refused(
        table, lambda: table.kick(ANN, CAT, manage_server=False, now=8.0), "not_seated_other"
    )
    assert refusal.message() == "cat doesn't sit at this table."
