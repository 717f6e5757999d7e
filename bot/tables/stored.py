"""``StoredJournal``: the ``Journal`` backed by ``bot.store``, so tables survive restarts.

Every ``commit`` writes the table's JSON before it returns. A commit that finishes a hand
records the hand, its seats and the totals it changes in the same transaction
(``Store.record_hand``), once per hand.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Mapping
from typing import Any

from bot.engine.settle import DROP_CAUGHT
from bot.store import (
    BrokenTable,
    HandResult,
    Outcome,
    PlayerResult,
    Store,
    TableAlreadyOpen,
    TableRules,
    TableSave,
    TableStatus,
)
from bot.tables.dealing import Shuffler
from bot.tables.errors import TableError
from bot.tables.ledger import Ledger
from bot.tables.table import CLOSED, LOBBY, HandRecord, Table

log = logging.getLogger(__name__)

CLOSED_REASON = "closed"


def hand_result(table: Table) -> HandResult:
    """The store's record of the table's last finished hand (``table.last_hand``)."""
    record = table.last_hand
    assert record is not None, "the table has not finished a hand"
    result = record.result
    players = [
        PlayerResult(
            user_id=user_id,
            name=table.name_of(user_id),
            payout=result.payouts[seat],
            count=result.counts[seat],
            won=seat in result.winners,
            how=Outcome(result.ending),
            caught=result.ending == DROP_CAUGHT and seat == result.dropper,
            is_bot=_is_bot(table, user_id),
        )
        for seat, user_id in enumerate(record.players)
    ]
    return HandResult(
        guild_id=table.guild_id,
        channel_id=table.channel_id,
        table_id=table.id,
        hand_number=record.number,
        preset=table.rules.preset,
        seed=_seed(record),
        ending=result.ending,
        players=players,
        options=table.rules.overrides(),
        action_log=record.replay.get("log", []),
    )


def _seed(record: HandRecord) -> int | str:
    """The hand's shuffle seed, or else its pack order: with the log it replays the hand."""
    seed = record.replay.get("seed")
    if isinstance(seed, int):
        return seed
    return " ".join(record.replay.get("order", [])) or f"hand {record.number}"


def _is_bot(table: Table, user_id: int) -> bool:
    """Whether a computer player played the seat (computer players have negative ids, which
    also tells for one removed before the hand was recorded)."""
    seat = next((s for s in table.seats if s.user_id == user_id), None)
    return seat.is_bot if seat is not None else user_id < 0


def _status(table: Table) -> TableStatus:
    return TableStatus.LOBBY if table.status == LOBBY else TableStatus.PLAYING


class StoredJournal:
    """``Journal`` over a :class:`Store`: every commit is in the database before it returns."""

    def __init__(self, store: Store, shuffler_factory: Callable[[], Shuffler] = Shuffler) -> None:
        self.store = store
        self._new_shuffler = shuffler_factory

    async def load(self) -> tuple[list[Ledger], list[BrokenTable]]:
        """Every open table as last committed; a stored state that ``Table.from_json``
        refuses counts as broken (left open in the store: the caller tells its channel,
        then closes it)."""
        loaded = await self.store.load_open_tables()
        broken = list(loaded.broken)
        ledgers: list[Ledger] = []
        for stored in loaded.tables:
            try:
                table = Table.from_json(stored.state, self._new_shuffler())
            except ValueError as error:
                log.warning("table %d cannot be restored: %s", stored.id, error)
                reason = str(error)
                broken.append(BrokenTable(stored.id, stored.guild_id, stored.channel_id, reason))
                continue
            ledgers.append(StoredLedger(self.store, table, stored.version, stored.state))
        return ledgers, broken

    async def create(self, table: Table) -> Ledger:
        try:
            stored = await self.store.create_table(
                guild_id=table.guild_id,
                channel_id=table.channel_id,
                host_id=table.host_id,
                rules=TableRules(table.rules.preset, table.rules.overrides(), table.stake),
                state={},
            )
        except TableAlreadyOpen as error:
            raise TableError("channel_taken") from error
        table.id = stored.id
        ledger = StoredLedger(self.store, table, stored.version, None)
        await ledger.commit()
        return ledger


class StoredLedger:
    """``Ledger`` of one table in the store. The store counts its own versions (one per
    commit); ``Table.version`` may move on by more than one between two commits."""

    def __init__(
        self, store: Store, table: Table, version: int, committed: Mapping[str, Any] | None
    ) -> None:
        self.store = store
        self.table = table
        self._version = version
        self._committed = dict(committed) if committed else table.to_json()
        self._recorded = table.last_hand.number if table.last_hand else 0

    async def commit(self) -> None:
        """Commit the table, with the hand it just finished (once), and close it for good
        once it is closed."""
        table = self.table
        version = self._version + 1
        save = TableSave(
            table.id,
            table.to_json(),
            version,
            {
                "status": _status(table),
                "host_id": table.host_id,
                "balances": table.balances,
                "table_message_id": table.message_id,
                "turn_deadline": table.turn_deadline,
            },
        )
        finished = table.last_hand.number if table.last_hand else 0
        if finished > self._recorded:
            recorded = await self.store.record_hand(hand_result(table), table_update=save)
            if not recorded:
                await self.store.save_table(save.table_id, save.state, version, **save.update)
            self._recorded = finished
        else:
            await self.store.save_table(save.table_id, save.state, version, **save.update)
        self._version = version
        self._committed = dict(save.state)
        if table.status == CLOSED:
            await self.store.close_table(table.id, CLOSED_REASON)

    def rollback(self) -> Table:
        self.table = Table.from_json(self._committed, self.table.shuffler)
        return self.table
