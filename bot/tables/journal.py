"""The table journal: open tables kept as a snapshot plus one small entry per commit.

One :class:`StoreJournal` per process, over a :class:`~bot.store.Store`; one :class:`TableLedger`
per open table, owned by that table's runtime object, which changes the table only through
it: change ``ledger.table``, then ``await ledger.commit()``; if the commit raises, take the
last committed table back with ``ledger.rollback()``.

What a commit writes (``Store.commit_table``, one group-committed transaction):

* **An entry** (most commits): ``{"set": {...}, "actions": [...]}`` holding only what
  changed since the last commit: ``set`` the top-level fields of ``Table.to_json()`` that
  differ (always ``version`` and the turn fields, the seats, names, balances or rules only
  when they changed; found by comparing the table's :class:`~bot.tables.table.Saved`
  fields with the last commit's, so the fields that did not change are not even encoded)
  and ``actions`` the engine actions appended to the hand's log. A move costs a few
  hundred bytes, whatever the length of the hand. The entry that finishes a hand carries
  the hand's record and totals, in the same transaction (so a hand is recorded exactly
  once). The entry that deals a hand holds its ``deal`` (its rules, stake, seed, side
  bets, players, dealer and pack order: about 500 bytes) and its ``actions`` from the
  first.
* **A snapshot** (compaction): the whole ``Table.to_json()``, which replaces the stored
  snapshot and drops the table's entries, with the store's columns (seats, balances,
  status...) where they changed since the last snapshot. Written by the deal that comes
  once the log holds :data:`COMPACT_AT_DEAL` entries, when the table closes (the table is
  closed in that transaction), and after :data:`COMPACT_AFTER` entries in a row. So the
  log holds a few hands' entries at most, and bytes per hand are linear in its length,
  not quadratic. A snapshot written at a deal holds the hand as an entry would, with
  ``"hand": null``, its ``deal`` and the ``actions`` played since, not the whole
  ``Hand.to_json()``. Most deals are entries: a snapshot rewrites the table's row, where
  an entry appends a small one beside the other tables' (``bench/store.py``, 50 tables
  dealt at once).

A restart rebuilds every open table from its snapshot and the entries after it
(:func:`rebuild_state`): actions are replayed through the engine's own ``Hand.act``, so the
rebuilt table's ``to_json()`` equals that of the table that was committed; a ``deal`` is
dealt again from its pack order.

``Table.message_id`` (the table's Discord message) is a field of the table like any other:
set it, commit, and it is back after a restart.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Iterable, Mapping
from functools import partial
from typing import Any, cast

from bot.engine.actions import Action
from bot.engine.cards import parse_card
from bot.engine.errors import IllegalAction
from bot.engine.hand import Hand
from bot.engine.rules import Scoring, rules_from_json
from bot.engine.settle import DROP_CAUGHT
from bot.engine.sidebets import SideBets
from bot.store import (
    BrokenTable,
    CorruptRow,
    HandDeal,
    HandResult,
    PlayerResult,
    Store,
    TableAlreadyOpen,
    TableCommit,
    TableRules,
    TableStatus,
    TableUpdate,
)
from bot.store import Seat as StoredSeat
from bot.tables.dealing import Shuffler
from bot.tables.errors import TableError
from bot.tables.table import CLOSED, LOBBY, HandRecord, Saved, Table

log = logging.getLogger(__name__)

COMPACT_AT_DEAL = 100
"""Entries after which the next deal rewrites the snapshot instead of appending an entry."""

COMPACT_AFTER = 200
"""Entries after which the next commit rewrites the snapshot, deal or not."""

CLOSED_REASON = "closed"
"""``close_reason`` of a table that closed itself (host, last player, Big One, idle)."""

_UNREADABLE = (ValueError, KeyError, TypeError, IndexError, AttributeError, IllegalAction)
"""What rebuilding a table raises when its snapshot or entries are not what was written."""


class TableLedger:
    """One open table and its last commit. Commit and roll back one at a time (hold the
    table's lock).

    ``table`` is the live table; after a failed :meth:`commit`, :meth:`rollback` replaces it
    with a new object equal to the last committed state. The ledger keeps that state as
    the table's :class:`~bot.tables.table.Saved` fields, where its hand started (the hand as
    the last snapshot saved it) and how far the hand's log was committed (its actions are
    immutable and shared with the log), so a commit encodes only what changed.
    """

    def __init__(
        self,
        store: Store,
        table: Table,
        version: int,
        entries: int,
        columns: TableUpdate | None = None,
    ) -> None:
        """Used by :class:`StoreJournal`: ``table`` is as committed at ``version``, after
        ``entries`` entries since its snapshot, which wrote the store's ``columns`` (None:
        not known, the next snapshot writes them all)."""
        self.table = table
        self._store = store
        self._version = version
        self._entries = entries
        self._columns = columns
        self._saved = table.saved()
        self._hand_number = table.hand_number
        self._finished = _number(table.last_hand)
        self._start = _saved_start(table.hand.to_json() if table.hand else None)
        self._hand = table.hand
        self._played = len(table.hand.log) if table.hand else 0
        self._base = self._played

    @property
    def version(self) -> int:
        """The store version of the last commit (one per commit, from 0 at creation)."""
        return self._version

    async def commit(self) -> None:
        """Commit ``self.table`` as it is now: an entry, or a snapshot (see the module doc).

        A finished hand is recorded with its totals, and a closed table closed, in the same
        transaction. Raises :class:`~bot.store.StoreUnavailable` (database locked past the
        store's lock timeout, or failing), :class:`~bot.store.StaleVersion` (another commit
        of this table got there first) or :class:`~bot.store.TableNotOpen`; then nothing
        was written and the ledger's committed view is unchanged, so :meth:`rollback` gives
        the last committed table. A commit whose caller is cancelled still lands, and the
        ledger still takes it as committed.
        """
        table = self.table
        saved = table.saved(self._saved)
        hand = table.hand
        version = self._version + 1
        played = len(hand.log) if hand else 0
        finished = hand_result(table) if _number(table.last_hand) > self._finished else None
        dealt = hand is not None and (self._start is None or table.hand_number != self._hand_number)
        columns = self._columns
        if (
            table.status == CLOSED
            or self._entries >= COMPACT_AFTER
            or (dealt and self._entries >= COMPACT_AT_DEAL)
        ):
            columns = _columns(table)
            state, start, base = _snapshot(saved, hand, played, dealt=dealt)
            commit = TableCommit(
                table.id,
                version,
                snapshot=state,
                update=_changed_columns(columns, self._columns),
                hand=finished,
                close_reason=CLOSED_REASON if table.status == CLOSED else None,
            )
        else:
            entry = self._entry(saved, None if dealt else hand, played)
            start, base = self._start, self._base
            if dealt:
                assert hand is not None
                dealing = _dealing(hand, played)
                entry.update(dealing)
                start, base = partial(_deal, dealing["deal"]), 0
            commit = TableCommit(table.id, version, entry=entry, hand=finished)
        landed = partial(
            self._landed,
            version=version,
            saved=saved,
            columns=columns,
            numbers=(table.hand_number, _number(table.last_hand)),
            start=start,
            hand=hand,
            base=base,
            played=played,
            snapshot=commit.snapshot is not None,
        )
        await self._store.commit_table(commit, landed)

    def rollback(self) -> Table:
        """A new ``Table`` equal to the last committed state; it becomes ``self.table``.

        It is rebuilt from the committed fields and the hand's start and actions; it keeps
        the current table's shuffler (the next deal does not repeat the last one).
        """
        hand = None
        if self._start is not None and self._hand is not None:
            hand = _play(self._start(), self._hand.log[self._base : self._played])
        state = {**self._saved.to_json(), "hand": hand.to_json() if hand else None}
        self.table = Table.from_json(state, self.table.shuffler)
        return self.table

    def _entry(self, saved: Saved, hand: Hand | None, played: int) -> dict[str, Any]:
        """The entry holding what changed since the last commit, with the actions that
        ``hand``, the hand of the last commit, played since (None: a hand was dealt)."""
        entry: dict[str, Any] = {}
        changed = saved.changed(self._saved)
        if changed:
            entry["set"] = changed
        if hand is not None and played > self._played:
            entry["actions"] = hand.log_json(self._played, played)
        return entry

    def _landed(
        self,
        ok: bool,
        _outcome: object,
        *,
        version: int,
        saved: Saved,
        columns: TableUpdate | None,
        numbers: tuple[int, int],
        start: Callable[[], Hand] | None,
        hand: Hand | None,
        base: int,
        played: int,
        snapshot: bool,
    ) -> None:
        if not ok:
            return
        self._version = version
        self._saved = saved
        self._columns = columns
        self._hand_number, self._finished = numbers
        self._start = start
        self._hand = hand
        self._base = base
        self._played = played
        self._entries = 0 if snapshot else self._entries + 1


class StoreJournal:
    """Creates and loads the open tables' ledgers over one store (one per process)."""

    def __init__(self, store: Store, shuffler_factory: Callable[[], Shuffler] = Shuffler) -> None:
        """``shuffler_factory`` gives each loaded table its shuffler (seeded ones in tests)."""
        self._store = store
        self._new_shuffler = shuffler_factory

    async def load(
        self, serves: Callable[[int], bool] = lambda guild_id: True
    ) -> tuple[list[TableLedger], list[BrokenTable]]:
        """Every open table of a guild this process ``serves`` (by guild id; all by default),
        rebuilt from its snapshot and entries, and those that could not be. The other
        guilds' tables, broken or not, are left alone: another process serves them.

        Broken tables are left open in the store: the caller tells their channel, then
        closes them with ``Store.close_table``.
        """
        loaded = await self._store.load_open_tables()
        ledgers: list[TableLedger] = []
        broken = [table for table in loaded.broken if serves(table.guild_id)]
        for stored in loaded.tables:
            if not serves(stored.guild_id):
                continue
            try:
                state = rebuild_state(stored.state, stored.log)
                state["id"] = stored.id
                table = Table.from_json(state, self._new_shuffler())
            except _UNREADABLE as error:
                log.warning("table %d cannot be restored: %r", stored.id, error)
                broken.append(
                    BrokenTable(stored.id, stored.guild_id, stored.channel_id, repr(error))
                )
                continue
            ledgers.append(TableLedger(self._store, table, stored.version, len(stored.log)))
        return ledgers, broken

    async def create(self, table: Table) -> TableLedger:
        """Open ``table`` in the store at version 0 and give it its id (``table.id``).

        Raises ``TableError("channel_taken")`` if its channel has an open table.
        """
        if table.status == CLOSED:
            raise ValueError("a closed table cannot be created")
        state = table.to_json()
        columns = _columns(table)
        try:
            stored = await self._store.create_table(
                guild_id=table.guild_id,
                channel_id=table.channel_id,
                host_id=table.host_id,
                rules=columns["rules"],
                state=state,
                seats=columns["seats"],
                balances=columns["balances"],
                status=columns["status"],
                table_message_id=table.message_id,
                turn_deadline=table.turn_deadline,
            )
        except TableAlreadyOpen as error:
            raise TableError("channel_taken") from error
        table.id = stored.id
        return TableLedger(self._store, table, 0, 0, columns)

    async def closed(self, table_id: int) -> Table | None:
        """The table ``table_id`` as it closed; None if it is open, unknown or unreadable
        (logged)."""
        try:
            stored = await self._store.get_table(table_id)
            if stored is None or stored.status is not TableStatus.CLOSED:
                return None
            state = rebuild_state(stored.state, ())
            return Table.from_json({**state, "id": stored.id}, self._new_shuffler())
        except (CorruptRow, *_UNREADABLE) as error:
            log.warning("closed table %d cannot be read: %r", table_id, error)
            return None


def rebuild_state(
    snapshot: Mapping[str, Any], entries: Iterable[Mapping[str, Any]]
) -> dict[str, Any]:
    """The ``Table.to_json()`` that ``entries`` (oldest first) make of ``snapshot``.

    Raises ``ValueError``, ``KeyError``, ``TypeError``, ``IndexError`` or ``IllegalAction``
    when they are not a snapshot and entries written by :class:`TableLedger`.
    """
    state = dict(snapshot)
    dealt = {"deal": state.pop("deal", None), "actions": state.pop("actions", ())}
    hand = Hand.from_json(state["hand"]) if state.get("hand") else None
    for entry in (dealt, *entries):
        state.update(entry.get("set", {}))
        deal = entry.get("deal")
        if deal is not None:
            hand = _deal(deal)
        actions = entry.get("actions", ())
        if actions:
            if hand is None:
                raise ValueError("an entry plays actions with no hand dealt")
            _play(hand, (Action.from_json(dict(action), hand.players) for action in actions))
    state["hand"] = hand.to_json() if hand is not None else None
    return state


def _snapshot(
    saved: Saved, hand: Hand | None, played: int, *, dealt: bool
) -> tuple[dict[str, Any], Callable[[], Hand] | None, int]:
    """The snapshot of a table with fields ``saved`` and ``hand`` (``played`` actions in),
    where a replay of the hand starts, and from which of its actions.

    A snapshot written as the hand is ``dealt`` holds it as an entry would: its deal and
    the actions played since (``rebuild_state``), not the whole ``Hand.to_json()``.
    """
    state = saved.to_json()
    if hand is not None and dealt:
        dealing = _dealing(hand, played)
        state.update(hand=None, **dealing)
        return state, partial(_deal, dealing["deal"]), 0
    whole = hand.to_json() if hand else None
    state["hand"] = whole
    return state, _saved_start(whole), played


def _dealing(hand: Hand, played: int) -> dict[str, Any]:
    """What deals ``hand`` again and plays its first ``played`` actions, in an entry (or a
    snapshot) that :func:`rebuild_state` reads: its ``deal``, and its ``actions`` if any."""
    dealing: dict[str, Any] = {"deal": hand.deal_json()}
    if played:
        dealing["actions"] = hand.log_json(0, played)
    return dealing


def _changed_columns(columns: TableUpdate, written: TableUpdate | None) -> TableUpdate:
    """The store columns of ``columns`` that differ from those ``written`` last (all of
    them if those are not known)."""
    if written is None:
        return columns
    return cast(
        TableUpdate, {key: value for key, value in columns.items() if written.get(key) != value}
    )


def _play(hand: Hand, actions: Iterable[Action]) -> Hand:
    """``hand`` after ``actions`` went through ``Hand.act``, in order."""
    for action in actions:
        hand.act(action)
    return hand


def _saved_start(saved: dict[str, Any] | None) -> Callable[[], Hand] | None:
    """Where a replay of a hand saved as ``saved`` (``Hand.to_json()``) starts."""
    return None if saved is None else partial(Hand.from_json, saved)


def _deal(deal: Mapping[str, Any]) -> Hand:
    players = tuple(str(player) for player in deal["players"])
    bets = deal["side_bets"]
    return Hand(
        rules_from_json(deal["rules"]),
        players,
        int(deal["dealer"]),
        [parse_card(card) for card in deal["order"]],
        int(deal["stake"]),
        deal["seed"],
        SideBets.from_json(bets, players) if bets else None,
    )


def _number(record: HandRecord | None) -> int:
    """The number of the table's last finished hand (0 before the first)."""
    return record.number if record else 0


def stored_status(table: Table) -> TableStatus:
    """The store's status column of an open table: in the lobby, or playing a session."""
    return TableStatus.LOBBY if table.status == LOBBY else TableStatus.PLAYING


def _columns(table: Table) -> TableUpdate:
    """The table's store columns, written with each snapshot."""
    return TableUpdate(
        status=stored_status(table),
        host_id=table.host_id,
        rules=TableRules(table.rules.preset, table.rules.overrides(), table.stake),
        seats=[StoredSeat(s.user_id, s.name, s.is_bot, s.level) for s in table.seats],
        balances=dict(table.balances),
        table_message_id=table.message_id,
        turn_deadline=table.turn_deadline,
    )


def hand_result(table: Table) -> HandResult:
    """The store's record of the table's last finished hand (``table.last_hand``): its
    players' results, and its deal and moves to replay it.

    Its payouts are chips: in a push-up hand nobody pays (O42), so each seat's is 0, and
    the engine's payouts there, the points each loser is pushed up, are its ``pushed_up``.
    Raises ``ValueError`` if the table no longer has that hand (restored after the next
    deal: ``HandRecord.hand``); the ledger asks at the commit that finishes it.
    """
    record = table.last_hand
    assert record is not None, "the table has not finished a hand"
    hand = record.hand
    if hand is None:
        raise ValueError(f"hand {record.number} of table {table.id} is no longer known")
    result = record.result
    stakes = table.rules.scoring is Scoring.STAKES
    chips = result.payouts if stakes else (0,) * len(record.players)
    players = [
        PlayerResult(
            user_id=user_id,
            name=table.name_of(user_id),
            payout=chips[seat],
            count=result.counts[seat],
            won=seat in result.winners,
            how=result.ending,
            caught=result.ending == DROP_CAUGHT and seat == result.dropper,
            is_bot=_is_bot(table, user_id),
            pushed_up=None if stakes else result.payouts[seat],
            won_match=user_id == record.match_winner,
        )
        for seat, user_id in enumerate(record.players)
    ]
    deal = hand.deal_json()
    order = deal["order"]
    return HandResult(
        guild_id=table.guild_id,
        channel_id=table.channel_id,
        table_id=table.id,
        hand_number=record.number,
        preset=table.rules.preset,
        seed=hand.seed if isinstance(hand.seed, int) else " ".join(order),
        ending=result.ending,
        players=players,
        options=table.rules.overrides(),
        action_log=hand.log_json(),
        deal=HandDeal(
            rules=deal["rules"], dealer=hand.dealer, stake=hand.stake, order=tuple(order)
        ),
    )


def _is_bot(table: Table, user_id: int) -> bool:
    """Whether a computer player played the seat (computer players have negative ids, which
    also tells for one removed before the hand was recorded)."""
    seat = next((s for s in table.seats if s.user_id == user_id), None)
    return seat.is_bot if seat is not None else user_id < 0
