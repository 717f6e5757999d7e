"""Table commits as units of work, and how a writer runs several of them at once.

A table commit is a journal append (:class:`Append`) or a compaction (:class:`Compact`: the
table's snapshot rewritten and its log dropped); either may record the hand that just
finished and add it to the totals. Both writers run a run of consecutive
table commits of distinct tables as one group (:func:`groups`, :func:`run_group`): the
appends with one statement and the compactions with one statement of each kind, instead of
one to six statements per unit. On PostgreSQL each statement is a round trip to the server,
so a batch in which several hands end costs a handful of round trips, not dozens.

Within a group every unit has the outcome it would have alone: a stale or closed table is
refused with nothing written, and a hand recorded already (by another process) is not
recorded again. If a statement of the group fails, the writer runs the units one by one.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from sqlalchemy import Connection

from bot.store.hands import HandResult
from bot.store.sql import hands, settings, tables, totals

logger = logging.getLogger(__name__)

EncodedHand = tuple[HandResult, dict[str, Any], list[dict[str, Any]]]
"""A finished hand, its ``hand`` row and its ``hand_player`` rows (without the hand id)."""


def encode_hand(result: HandResult, now: float) -> EncodedHand:
    """``result`` with the rows that record it, encoded outside the writer."""
    return result, hands.encode_hand(result, now), hands.encode_seats(result)


def record(connection: Connection, hand: EncodedHand) -> bool:
    """Insert the hand, its seats and its totals; False (nothing written) if recorded already."""
    return record_many(connection, [hand]) == [True]


def record_many(connection: Connection, encoded: Sequence[EncodedHand]) -> list[bool]:
    """:func:`record` of each hand, in order, with one statement of each kind: whether each
    was recorded now (False: its ``hand_uid`` was recorded already, nothing written).

    A hand with a computer player at the table, in a server that keeps those off its
    scoreboard, is recorded with its seats unranked and added to no totals."""
    ids = hands.insert_hands(connection, [(row, result.table_id) for result, row, _ in encoded])
    ranked = _ranked(connection, [result for result, _, _ in encoded])
    recorded = [
        (hand_id, result, seats, counts)
        for (result, _, seats), hand_id, counts in zip(encoded, ids, ranked, strict=True)
        if hand_id is not None
    ]
    hands.insert_seats(
        connection,
        [
            {"hand_id": hand_id, **seat, "ranked": counts}
            for hand_id, _, seats, counts in recorded
            for seat in seats
        ],
    )
    totals.add_hands(connection, [result for _, result, _, counts in recorded if counts])
    return [hand_id is not None for hand_id in ids]


def _ranked(connection: Connection, results: Sequence[HandResult]) -> list[bool]:
    """Whether each hand counts on its server's scoreboard: unless a computer player sat at
    its table and the server keeps such hands off it (read only for those hands)."""
    with_bots = [any(player.is_bot for player in result.players) for result in results]
    guilds = {result.guild_id for result, bots in zip(results, with_bots, strict=True) if bots}
    off = settings.computer_hands_off(connection, guilds) if guilds else set()
    return [
        not (bots and result.guild_id in off)
        for result, bots in zip(results, with_bots, strict=True)
    ]


def _record_finished(connection: Connection, finished: Sequence[EncodedHand | None]) -> None:
    """Record the hands that the accepted table commits finished (None: it finished none)."""
    hands = [hand for hand in finished if hand is not None]
    if not hands:
        return
    for (result, _, _), new in zip(hands, record_many(connection, hands), strict=True):
        if not new:
            logger.info("hand %s was already recorded; the table commits alone", result.hand_uid)


@dataclass(frozen=True, slots=True)
class Append:
    """A unit of work (``bot.store.writer.Work``): append one journal entry (the table's
    log row ``version``, ``body``) if the table is open at ``version - 1``, with ``hand``
    recorded in the same transaction.

    Refused (:class:`~bot.store.StaleVersion`, :class:`~bot.store.TableNotOpen`) with
    nothing written otherwise. A hand recorded already is not recorded again; the entry is
    still appended.
    """

    table_id: int
    version: int
    body: str
    hand: EncodedHand | None = None

    def __call__(self, connection: Connection) -> None:
        if self.hand is None:
            tables.append_next(connection, self.table_id, self.version, self.body)
            return
        landed, refusal = Append.run_many(connection, [self])[0]
        if not landed:
            raise refusal

    @staticmethod
    def run_many(connection: Connection, appends: Sequence[Append]) -> list[tuple[bool, Any]]:
        """Run ``appends`` (of distinct tables) together (``tables.append_many``, then the
        accepted ones' hands with one statement of each kind); each one's outcome as the
        writer reports it, ``(True, None)`` or ``(False, error)`` for a refused one, which
        wrote nothing."""
        outcomes = tables.append_many(connection, appends)
        _record_finished(
            connection,
            [append.hand for append, (landed, _) in zip(appends, outcomes, strict=True) if landed],
        )
        return outcomes


@dataclass(frozen=True, slots=True)
class Compact:
    """A unit of work (``bot.store.writer.Work``): commit the table's snapshot as
    ``version`` (its columns ``values``, from ``tables.encode_snapshot``), dropping its log,
    with ``hand`` recorded in the same transaction.

    Refused (:class:`~bot.store.StaleVersion`, :class:`~bot.store.TableNotOpen`) with
    nothing written unless the table is open at ``version - 1``. A hand recorded already
    is not recorded again; the snapshot is still written.
    """

    table_id: int
    version: int
    values: dict[str, Any]
    hand: EncodedHand | None

    def __call__(self, connection: Connection) -> None:
        landed, refusal = Compact.run_many(connection, [self])[0]
        if not landed:
            raise refusal

    @staticmethod
    def run_many(connection: Connection, compacts: Sequence[Compact]) -> list[tuple[bool, Any]]:
        """Run ``compacts`` (of distinct tables) together; each one's outcome as the writer
        reports it, ``(True, None)`` or ``(False, error)`` for a refused one, which wrote
        nothing. The heads are read with one statement (on PostgreSQL after a second one
        locks them, see ``tables.heads``), then the accepted units' hands, seats, totals,
        snapshots and log deletions each with one."""
        heads = tables.heads(connection, [compact.table_id for compact in compacts])
        outcomes: list[tuple[bool, Any]] = []
        accepted: list[Compact] = []
        for compact in compacts:
            status, head = heads.get(compact.table_id, (None, None))
            fits = tables.follows(status, head, compact.version)
            outcomes.append(tables.judge(compact.table_id, compact.version, (status, head, fits)))
            if fits:
                accepted.append(compact)
        _record_finished(connection, [compact.hand for compact in accepted])
        tables.write_snapshots(
            connection, [(compact.table_id, compact.values) for compact in accepted]
        )
        return outcomes


TableCommitWork = Append | Compact
"""The units :func:`groups` runs together."""


def groups(works: Sequence[Any]) -> list[list[Any]]:
    """Units of work in order, each alone except runs of table commits (:class:`Append`,
    :class:`Compact`) of distinct tables, which a writer runs with :func:`run_group`."""
    grouped: list[list[Any]] = []
    tables_in_run: set[int] = set()
    for work in works:
        if (
            isinstance(work, TableCommitWork)
            and grouped
            and isinstance(grouped[-1][0], TableCommitWork)
            and work.table_id not in tables_in_run
        ):
            grouped[-1].append(work)
            tables_in_run.add(work.table_id)
            continue
        grouped.append([work])
        tables_in_run = {work.table_id} if isinstance(work, TableCommitWork) else set()
    return grouped


def hands_apart(works: Sequence[Any]) -> tuple[list[int], list[int]] | None:
    """For table commits of distinct tables (one group of :func:`groups`) of which some,
    not all, record a finished hand: the positions of those that do not, then of those that
    do. None for any other units."""
    grouped = groups(works)
    if len(grouped) != 1 or not isinstance(works[0], TableCommitWork):
        return None
    light = [index for index, work in enumerate(works) if work.hand is None]
    if not light or len(light) == len(works):
        return None
    return light, [index for index, work in enumerate(works) if work.hand is not None]


def run_group(connection: Connection, group: Sequence[TableCommitWork]) -> list[tuple[bool, Any]]:
    """The outcomes of a group of :func:`groups`, in its order: its appends run together
    (``Append.run_many``), then its compactions (``Compact.run_many``). The units touch
    distinct tables, so this order is as good as theirs."""
    appends = [work for work in group if isinstance(work, Append)]
    compacts = [work for work in group if isinstance(work, Compact)]
    outcomes = iter(Append.run_many(connection, appends) if appends else [])
    compacted = iter(Compact.run_many(connection, compacts) if compacts else [])
    return [next(outcomes if isinstance(work, Append) else compacted) for work in group]
