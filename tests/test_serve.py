"""``bot.serve``: the collector settings and the open-file limit of a long-running bot."""

from __future__ import annotations

import gc
import logging
import sys
from collections.abc import Iterator
from typing import Any

import pytest

from bot.serve import OPEN_FILES_WANTED, YOUNG_COLLECTION_THRESHOLD, raise_open_file_limit, tune_gc

if sys.platform != "win32":
    import resource

posix_only = pytest.mark.skipif(sys.platform == "win32", reason="no open-file limits on Windows")


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


@pytest.fixture
def restored_file_limit() -> Iterator[tuple[int, int]]:
    """The open-file limits before the test (soft, hard), restored after it."""
    limits = resource.getrlimit(resource.RLIMIT_NOFILE)
    try:
        yield limits
    finally:
        resource.setrlimit(resource.RLIMIT_NOFILE, limits)


@posix_only
def test_a_low_soft_limit_of_open_files_is_raised_within_the_hard_limit(
    restored_file_limit: tuple[int, int], caplog: pytest.LogCaptureFixture
) -> None:
    """A service started with a low soft limit (systemd's 1,024) gets room for a busy
    bot's sockets: the soft limit goes up to 10,240 or the hard limit, whichever is lower,
    and the log says so; the hard limit is left alone."""
    hard = restored_file_limit[1]
    resource.setrlimit(resource.RLIMIT_NOFILE, (256, hard))
    with caplog.at_level(logging.INFO, logger="bot.serve"):
        raise_open_file_limit()
    wanted = OPEN_FILES_WANTED if hard == resource.RLIM_INFINITY else min(hard, OPEN_FILES_WANTED)
    assert resource.getrlimit(resource.RLIMIT_NOFILE) == (wanted, hard)
    assert f"raised from 256 to {wanted}" in caplog.text


@posix_only
def test_a_soft_limit_of_open_files_above_the_wanted_one_is_never_lowered(
    restored_file_limit: tuple[int, int],
) -> None:
    hard = restored_file_limit[1]
    if hard != resource.RLIM_INFINITY and hard <= OPEN_FILES_WANTED:
        pytest.skip(f"the hard limit ({hard}) leaves no room above {OPEN_FILES_WANTED}")
    higher = OPEN_FILES_WANTED + 1
    resource.setrlimit(resource.RLIMIT_NOFILE, (higher, hard))
    raise_open_file_limit()
    assert resource.getrlimit(resource.RLIMIT_NOFILE) == (higher, hard)
