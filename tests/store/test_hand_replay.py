"""hand_replay: a recorded hand read back with its seats, deal and action log, per guild."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import orjson
import pytest

from bot.store import FORGOTTEN_NAME, CorruptRow, HandDeal, Store

from .conftest import DEAL, hand, open_table, player
from .raw import execute


def test_a_deal_reads_back_from_its_json_text_as_it_was() -> None:
    assert HandDeal.from_json(orjson.loads(orjson.dumps(DEAL.to_json()))) == DEAL


@pytest.mark.parametrize(
    ("value", "error"),
    [
        ([], TypeError),
        ({"dealer": 0, "stake": 1, "order": ["AS"]}, KeyError),
        ({**DEAL.to_json(), "rules": "standard"}, TypeError),
        ({**DEAL.to_json(), "dealer": "1"}, TypeError),
        ({**DEAL.to_json(), "stake": True}, TypeError),
        ({**DEAL.to_json(), "order": ["AS", 2]}, TypeError),
        ({**DEAL.to_json(), "dealer": -1}, ValueError),
        ({**DEAL.to_json(), "stake": 0}, ValueError),
        ({**DEAL.to_json(), "order": []}, ValueError),
    ],
)
def test_a_value_that_is_not_a_deal_is_refused(value: Any, error: type[Exception]) -> None:
    with pytest.raises(error):
        HandDeal.from_json(value)


async def test_a_hand_reads_back_with_its_deal_seats_in_seat_order_and_log(store: Store) -> None:
    """What was recorded comes back: the summary the channel history shows (seats in seat
    order, with names, payouts and who won), the channel, the deal and the action log."""
    table = await open_table(store, channel_id=10)
    seats = [
        player(300, -2, count=12),
        player(100, 5, won=True),
        player(-1, -3, is_bot=True, caught=True),
    ]
    recorded = hand(table, 1, seats, deal=DEAL)
    assert await store.record_hand(recorded)
    replay = await store.hand_replay(table.guild_id, recorded.hand_uid)
    assert replay is not None
    assert replay.summary == (await store.history(table.guild_id, 10))[0]
    assert [
        (seat.seat, seat.user_id, seat.name, seat.payout, seat.won, seat.is_bot, seat.caught)
        for seat in replay.summary.seats
    ] == [
        (0, 300, "user300", -2, False, False, False),
        (1, 100, "user100", 5, True, False, False),
        (2, -1, "user-1", -3, False, True, True),
    ]
    assert (replay.summary.hand_uid, replay.summary.hand_number) == (recorded.hand_uid, 1)
    assert replay.channel_id == 10
    assert replay.deal == DEAL
    assert replay.action_log == list(recorded.action_log)


async def test_a_hand_recorded_without_a_deal_reads_back_without_one(store: Store) -> None:
    table = await open_table(store)
    recorded = hand(table, 1, [player(1, 2, won=True), player(2, -2)])
    assert await store.record_hand(recorded)
    replay = await store.hand_replay(table.guild_id, recorded.hand_uid)
    assert replay is not None
    assert replay.deal is None
    assert replay.action_log == list(recorded.action_log)
    assert [seat.user_id for seat in replay.summary.seats] == [1, 2]


async def test_another_guilds_hand_and_an_unknown_uid_are_none(store: Store) -> None:
    mine = await open_table(store, guild_id=1, channel_id=10)
    theirs = await open_table(store, guild_id=2, channel_id=20)
    for table in (mine, theirs):
        assert await store.record_hand(
            hand(table, 1, [player(1, 2, won=True), player(2, -2)], deal=DEAL)
        )
    their_uid = f"{theirs.id}:1"
    assert await store.hand_replay(1, their_uid) is None
    found = await store.hand_replay(2, their_uid)
    assert found is not None and found.channel_id == 20
    assert await store.hand_replay(1, f"{mine.id}:2") is None
    assert await store.hand_replay(1, "nonsense") is None


@pytest.mark.parametrize(
    ("column", "text"),
    [
        ("deal_json", '{"rules": '),
        ("action_log_json", "[1"),
        ("action_log_json", '{"seat": 0}'),
        ("action_log_json", "[1, 2]"),
    ],
)
async def test_a_deal_or_log_that_cannot_be_read_is_a_corrupt_row(
    store: Store, store_url: str, column: str, text: str
) -> None:
    """Text that is not JSON, and a log that is not a list of objects, raise CorruptRow
    naming the hand."""
    table = await open_table(store)
    recorded = hand(table, 1, [player(1, 2, won=True), player(2, -2)], deal=DEAL)
    assert await store.record_hand(recorded)
    execute(store_url, f"UPDATE hand SET {column} = '{text}'")
    with pytest.raises(CorruptRow, match=f"hand {recorded.hand_uid}"):
        await store.hand_replay(table.guild_id, recorded.hand_uid)


@pytest.mark.parametrize(
    "text", ["[1, 2]", "null", '{"rules": {}}', '{"rules": {}, "dealer": 0, "stake": 1}']
)
async def test_a_deal_that_is_json_but_not_a_deal_reads_as_none_with_a_warning(
    store: Store, store_url: str, text: str, caplog: pytest.LogCaptureFixture
) -> None:
    """The hand still reads back, seats and log, as one recorded before deals were kept."""
    table = await open_table(store)
    recorded = hand(table, 1, [player(1, 2, won=True), player(2, -2)], deal=DEAL)
    assert await store.record_hand(recorded)
    execute(store_url, f"UPDATE hand SET deal_json = '{text}'")
    replay = await store.hand_replay(table.guild_id, recorded.hand_uid)
    assert replay is not None
    assert replay.deal is None
    assert replay.action_log == list(recorded.action_log)
    assert f"hand {recorded.hand_uid}: its stored deal is not a deal" in caplog.text


async def test_a_forgotten_members_seat_and_moves_read_back_without_them(store: Store) -> None:
    """After forget_member the replay keeps the deal and the moves, with the member's seat
    and "player" anonymised."""
    table = await open_table(store)
    log = [{"player": "412", "do": "draw"}, {"player": "7", "do": "drop"}]  # by user id
    recorded = replace(
        hand(table, 1, [player(412, -2), player(7, 2, won=True)], deal=DEAL), action_log=log
    )
    assert await store.record_hand(recorded)
    await store.forget_member(table.guild_id, 412)
    replay = await store.hand_replay(table.guild_id, recorded.hand_uid)
    assert replay is not None
    assert [(seat.user_id, seat.name) for seat in replay.summary.seats] == [
        (None, FORGOTTEN_NAME),
        (7, "user7"),
    ]
    assert replay.action_log == [{"player": None, "do": "draw"}, {"player": "7", "do": "drop"}]
    assert replay.deal == DEAL
