"""``/tonk export``: a server's finished hands as a spreadsheet (CSV), one row per seat.

Servers that play for stakes settle up outside Discord; this is their ledger. The columns
(:data:`COLUMNS`) are a stable data format, not prose: their names and the ending codes
stay in English whatever the server's language. Text a member chose (a display name) that
a spreadsheet would take for a formula is quoted, so that opening the file runs nothing.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Iterable, Iterator, Sequence
from datetime import UTC, datetime

from bot.store import HandSummary

COLUMNS = (
    "finished_at",
    "channel_id",
    "table_id",
    "hand",
    "preset",
    "ending",
    "seat",
    "player",
    "user_id",
    "computer_player",
    "payout",
    "count",
    "won",
    "how",
    "caught",
    "pushed_up",
    "ranked",
    "won_match",
)
"""The CSV's header: when the hand finished (UTC, ISO 8601), where, which hand, how it
ended; then the seat's player (``user_id`` empty once forgotten), what it was paid (net,
in chips: 0 in a push-up hand, where nobody pays), its count, how it won or lost, and in a
push-up hand the points it was pushed up by (empty for a hand paid in chips, and for push-up
hands recorded before the bot kept them); last, whether the hand counts on the scoreboard (no
for a hand with a computer player in a server that keeps those off it), and whether the hand
ended a push-up match that the seat won (no for hands recorded before the bot kept it)."""

FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")
"""What makes a spreadsheet read a cell as a formula."""


ENCODING = "utf-8-sig"
"""UTF-8 with a byte-order mark: spreadsheets then read the file as UTF-8."""


def ledger_file(hands: Sequence[HandSummary], max_bytes: int) -> tuple[bytes, int]:
    """``hands`` (newest first, as the store gives them) as the CSV file's bytes, oldest
    first, and how many hands it holds: the newest whose rows fit in ``max_bytes`` (the
    largest file Discord takes there), all of them if they fit."""
    header = _lines([COLUMNS]).encode(ENCODING)
    budget = max_bytes - len(header)
    kept: list[bytes] = []
    for hand in hands:
        rows = _lines(_rows(hand)).encode()
        budget -= len(rows)
        if budget < 0:
            break
        kept.append(rows)
    return header + b"".join(reversed(kept)), len(kept)


def _lines(rows: Iterable[Sequence[object]]) -> str:
    out = io.StringIO()
    csv.writer(out, lineterminator="\n").writerows(rows)
    return out.getvalue()


def _rows(hand: HandSummary) -> Iterator[tuple[object, ...]]:
    """The hand's rows, one per seat."""
    finished = datetime.fromtimestamp(hand.finished_at, UTC).isoformat(timespec="seconds")
    for seat in hand.seats:
        yield (
            finished,
            hand.channel_id,
            hand.table_id,
            hand.hand_number,
            hand.preset,
            hand.ending,
            seat.seat,
            _text(seat.name),
            "" if seat.user_id is None else seat.user_id,
            _yes(seat.is_bot),
            seat.payout,
            seat.count,
            _yes(seat.won),
            seat.how,
            _yes(seat.caught),
            "" if seat.pushed_up is None else seat.pushed_up,
            _yes(seat.ranked),
            _yes(seat.won_match),
        )


def _text(value: str) -> str:
    """A member's text, quoted with ``'`` where a spreadsheet would run it as a formula."""
    return f"'{value}" if value.startswith(FORMULA_STARTS) else value


def _yes(value: bool) -> str:
    return "yes" if value else "no"
