"""Bounded pieces of sentences: what a refusal may quote of someone's input, and how it
lists the allowed values. A sentence built from these stays short however long the input.
"""

from __future__ import annotations

import difflib
from collections.abc import Iterable, Sequence

QUOTE_LIMIT = 40
LIST_LIMIT = 15
ELLIPSIS = "…"


def quote(value: object, limit: int = QUOTE_LIMIT) -> str:
    """``value`` as a sentence quotes it (``'abc'``, ``6``, ``True``): at most ``limit``
    characters of it, on one line, with ``…`` where it was cut."""
    shown = " ".join(value.split()) if isinstance(value, str) else value
    if isinstance(shown, str) and len(shown) > limit:
        return repr(shown[: limit - 1] + ELLIPSIS)
    written = repr(shown)
    return written if len(written) <= limit else written[: limit - 1] + ELLIPSIS


def some_of(values: Iterable[str], limit: int = LIST_LIMIT) -> str:
    """The first ``limit`` values, comma-separated, then ``…`` if there are more."""
    items = list(values)
    shown = ", ".join(items[:limit])
    return f"{shown}, {ELLIPSIS}" if len(items) > limit else shown


def near(typed: str, names: Sequence[str], most: int = 3) -> list[str]:
    """The names closest to what was typed (a typo's likely meaning), best first."""
    return difflib.get_close_matches(typed.strip().lower()[:QUOTE_LIMIT], names, n=most, cutoff=0.6)
