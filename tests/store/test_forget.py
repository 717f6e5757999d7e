"""forget_member: totals gone, hand records anonymised, other guilds untouched."""

from __future__ import annotations

import json

from bot.store import FORGOTTEN_NAME, HandResult, Seat, Store, TableRules
from bot.store.jsontext import scrub_user, scrub_user_text

from .conftest import open_table, player
from .raw import fetch

MEMBER = 412345678901234567
OTHER = 498765432109876543


def _hand_with_log(table_id: int, guild_id: int, channel_id: int, number: int) -> HandResult:
    return HandResult(
        guild_id=guild_id,
        channel_id=channel_id,
        table_id=table_id,
        hand_number=number,
        preset="standard",
        seed=7,
        ending="tonk_out",
        players=[player(MEMBER, 3, won=True), player(OTHER, -3)],
        action_log=[{"user": MEMBER, "card": "AS"}, {"user": str(OTHER), "card": "2H"}],
    )


async def test_forget_removes_totals_and_anonymises_hands_in_that_guild_only(
    store: Store, store_url: str
) -> None:
    """The member's totals and identity vanish from one guild; the other guild keeps both."""
    here = await open_table(store, guild_id=1, channel_id=10)
    there = await open_table(store, guild_id=2, channel_id=20)
    await store.record_hand(_hand_with_log(here.id, 1, 10, 1))
    await store.record_hand(_hand_with_log(here.id, 1, 10, 2))
    await store.record_hand(_hand_with_log(there.id, 2, 20, 1))

    report = await store.forget_member(1, MEMBER)
    assert (report.totals_deleted, report.hands_anonymised) == (True, 2)

    assert (await store.stats(1, MEMBER)).player is None
    assert [e.player.user_id for e in (await store.leaderboard(1)).entries] == [OTHER]
    for summary in await store.history(1, 10):
        assert [(s.user_id, s.name) for s in summary.seats] == [
            (None, FORGOTTEN_NAME),
            (OTHER, f"user{OTHER}"),
        ]
        assert summary.seats[0].payout == 3
    rows = fetch(store_url, "SELECT guild_id, winners_json, action_log_json FROM hand ORDER BY id")
    for guild_id, winners, log in rows:
        if guild_id == 1:
            assert json.loads(winners) == [None]
            assert str(MEMBER) not in log
            assert json.loads(log)[1] == {"user": str(OTHER), "card": "2H"}
        else:
            assert json.loads(winners) == [MEMBER]
            assert str(MEMBER) in log

    kept = await store.stats(2, MEMBER)
    assert kept.player is not None and kept.player.display_name == f"user{MEMBER}"
    assert [s.user_id for s in (await store.history(2, 20))[0].seats] == [MEMBER, OTHER]


async def test_forget_scrubs_closed_tables_and_leaves_open_ones(
    store: Store, store_url: str
) -> None:
    """A closed table of the guild loses the member's id; an open game is not rewritten."""
    seats = [Seat(MEMBER, "Mia"), Seat(OTHER, "Oz")]
    closed = await store.create_table(
        guild_id=1,
        channel_id=10,
        host_id=MEMBER,
        rules=TableRules("standard"),
        state={"hands": {str(MEMBER): ["AS"], str(OTHER): ["2H"]}, "turn": MEMBER},
        seats=seats,
        balances={MEMBER: 5, OTHER: -5},
    )
    await store.close_table(closed.id, "done")
    live = await store.create_table(
        guild_id=1,
        channel_id=11,
        host_id=OTHER,
        rules=TableRules("standard"),
        state={"turn": MEMBER},
        seats=seats,
    )
    report = await store.forget_member(1, MEMBER)
    assert (report.totals_deleted, report.hands_anonymised, report.tables_scrubbed) == (
        False,
        0,
        1,
    )
    ((state, seat_json, balances),) = fetch(
        store_url,
        f"SELECT state_json, seats_json, balances_json FROM tonk_table WHERE id = {closed.id}",
    )
    assert str(MEMBER) not in state + seat_json + balances
    assert json.loads(state) == {
        "hands": {FORGOTTEN_NAME: ["AS"], str(OTHER): ["2H"]},
        "turn": None,
    }
    assert json.loads(balances) == {FORGOTTEN_NAME: 5, str(OTHER): -5}
    assert (await store.get_open_table(11)) == live


async def test_forgetting_a_stranger_changes_nothing(store: Store) -> None:
    """Forgetting someone with no records reports nothing removed."""
    report = await store.forget_member(1, MEMBER)
    assert (report.totals_deleted, report.hands_anonymised, report.tables_scrubbed) == (
        False,
        0,
        0,
    )


def test_scrub_replaces_ids_in_values_and_keys_but_keeps_everything_else() -> None:
    """Numbers and strings equal to the id become null; id keys get distinct placeholders."""
    value = {
        str(MEMBER): 1,
        FORGOTTEN_NAME: 2,
        "list": [MEMBER, str(MEMBER), OTHER, True, 1.5, None, "AS"],
    }
    assert scrub_user(value, MEMBER) == {
        f"{FORGOTTEN_NAME} 2": 1,
        FORGOTTEN_NAME: 2,
        "list": [None, None, OTHER, True, 1.5, None, "AS"],
    }


def test_scrub_of_unreadable_json_drops_it_only_if_it_mentions_the_member() -> None:
    """Corrupt text naming the member becomes null; other corrupt text is left as is."""
    assert scrub_user_text(f"{{bad {MEMBER}", MEMBER, "test") == "null"
    assert scrub_user_text("{bad", MEMBER, "test") == "{bad"
