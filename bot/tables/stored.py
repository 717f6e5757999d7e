"""``StoredRegistry``: the ``TableRegistry`` backed by ``bot.store``, so tables survive restarts.

Open tables stay in memory as ``Table`` objects (the messages and timers keep them by
reference: one object per open table for the life of the process); every ``save`` commits
the table's JSON before the caller replies. A save that finishes a hand records the hand,
its seats and the totals it changes in the same transaction (``Store.record_hand``), once
per hand.

The store counts its own versions (one per save); ``Table.version`` may move on by more than
one between two saves, so the registry keeps the store's version of each table.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Any

from bot.engine.settle import DROP_CAUGHT
from bot.store import (
    BrokenTable,
    HandResult,
    OpenTable,
    PlayerResult,
    Store,
    TableAlreadyOpen,
    TableRules,
    TableSave,
    TableStatus,
)
from bot.tables.dealing import Shuffler
from bot.tables.errors import TableError
from bot.tables.registry import OpenTables
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
            how=result.ending,
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


class StoredRegistry(OpenTables):
    """``TableRegistry`` over a :class:`Store`. Call :meth:`load` once before use."""

    def __init__(self, store: Store, shuffler_factory: Callable[[], Shuffler] = Shuffler) -> None:
        super().__init__()
        self.store = store
        self._new_shuffler = shuffler_factory
        self._versions: dict[int, int] = {}
        self._committed: dict[int, dict[str, Any]] = {}
        self._recorded: dict[int, int] = {}

    async def load(self) -> list[BrokenTable]:
        """Bring every open table back into memory; the tables that could not be read.

        A stored state that ``Table.from_json`` refuses counts as broken too. Broken tables
        are left open in the store: the caller tells their channel, then closes them.
        """
        loaded = await self.store.load_open_tables()
        broken = list(loaded.broken)
        for stored in loaded.tables:
            try:
                table = Table.from_json(stored.state, self._new_shuffler())
            except ValueError as error:
                log.warning("table %d cannot be restored: %s", stored.id, error)
                reason = str(error)
                broken.append(BrokenTable(stored.id, stored.guild_id, stored.channel_id, reason))
                continue
            self._keep_stored(table, stored)
        return broken

    async def create(self, make: Callable[[int], Table]) -> Table:
        table = make(0)
        self._claim_channel(table)
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
        self._keep_stored(table, stored)
        await self.save(table)
        return table

    async def save(self, table: Table) -> None:
        """Commit the table (with the hand it just finished, if any); forget it once closed.

        When the commit fails, the table is put back as it was last committed (the same
        object, so messages and timers keep it) and the error goes on to the caller.
        """
        try:
            await self._commit(table)
        except Exception:
            committed = self._committed.get(table.id)
            if committed is not None:
                table.__dict__.update(Table.from_json(committed, table.shuffler).__dict__)
            raise

    async def _commit(self, table: Table) -> None:
        version = self._versions[table.id] + 1
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
        if finished > self._recorded[table.id]:
            recorded = await self.store.record_hand(hand_result(table), table_update=save)
            if not recorded:
                await self.store.save_table(save.table_id, save.state, version, **save.update)
            self._recorded[table.id] = finished
        else:
            await self.store.save_table(save.table_id, save.state, version, **save.update)
        self._versions[table.id] = version
        self._committed[table.id] = dict(save.state)
        if table.status == CLOSED:
            await self.store.close_table(table.id, CLOSED_REASON)
            self._forget(table)

    def _keep_stored(self, table: Table, stored: OpenTable) -> None:
        self._keep(table)
        self._versions[table.id] = stored.version
        if stored.state:
            self._committed[table.id] = dict(stored.state)
        self._recorded[table.id] = table.last_hand.number if table.last_hand else 0

    def _forget(self, table: Table) -> None:
        super()._forget(table)
        self._versions.pop(table.id, None)
        self._committed.pop(table.id, None)
        self._recorded.pop(table.id, None)
