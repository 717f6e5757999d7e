"""``bot.serve.tune_gc``: the collector settings of a long-running bot."""

from __future__ import annotations

import gc
from collections.abc import Iterator
from typing import Any

import pytest

from bot.serve import YOUNG_COLLECTION_THRESHOLD, tune_gc


@pytest.fixture
def restored_gc() -> Iterator[None]:
    """Whatever the test does to the collector is undone after it."""
    threshold = gc.get_threshold()
    try:
        yield
    finally:
        gc.unfreeze()
        gc.set_threshold(*threshold)


def young_collections_while_making_cycles(cycles: int) -> int:
    """How many young collections run while ``cycles`` two-list reference cycles are made
    and dropped (garbage only the collector can free)."""
    young = 0

    def count(phase: str, info: dict[str, Any]) -> None:
        nonlocal young
        if phase == "start" and info["generation"] == 0:
            young += 1

    gc.collect()
    gc.callbacks.append(count)
    try:
        for _ in range(cycles):
            first: list[Any] = []
            second: list[Any] = [first]
            first.append(second)
    finally:
        gc.callbacks.remove(count)
    return young


def test_tune_gc_freezes_start_up_and_young_collections_come_every_ten_thousand_objects(
    restored_gc: None,
) -> None:
    """Young collections come ten times less often than CPython's default (700), so the
    objects of an interaction in flight die before they reach the oldest generation; the
    collector still runs and frees cyclic garbage."""
    older, oldest = gc.get_threshold()[1:]
    gc.set_threshold(700, older, oldest)
    default = young_collections_while_making_cycles(25_000)
    tune_gc()
    assert gc.get_freeze_count() > 0
    assert gc.get_threshold() == (YOUNG_COLLECTION_THRESHOLD, older, oldest)
    tuned = young_collections_while_making_cycles(25_000)
    assert 1 <= tuned <= 10 < default
