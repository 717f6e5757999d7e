"""Which tests a run includes: the ``slow`` ones under CI or when chosen, not by default
(``tests/conftest.py``)."""

from __future__ import annotations

from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
RANDOM_PLAY = (
    "tests/engine/test_random_play.py"
    "::test_ten_thousand_random_hands_conserve_cards_pay_zero_sum_and_end"
)


class Collected:
    """A plugin that keeps the ids of the tests a run would include."""

    def __init__(self) -> None:
        self.ids: list[str] = []

    def pytest_collection_finish(self, session: pytest.Session) -> None:
        self.ids = [item.nodeid for item in session.items]


def collected(*options: str, ci: str | None, monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The test ids a run of the random-play invariant with ``options`` would include (a
    collection by pytest in this process, through the suite's own ``conftest.py``)."""
    monkeypatch.delenv("CI", raising=False)
    if ci is not None:
        monkeypatch.setenv("CI", ci)
    monkeypatch.chdir(ROOT)
    plugin = Collected()
    status = pytest.main(
        ["--collect-only", "-q", "-n", "0", "-p", "no:cacheprovider", *options, RANDOM_PLAY],
        plugins=[plugin],
    )
    assert status == pytest.ExitCode.OK
    return plugin.ids


@pytest.mark.parametrize(
    ("options", "ci", "chunks"),
    [
        ((), None, ["0"]),
        ((), "true", [str(c) for c in range(10)]),
        (("-m", "slow"), None, [str(c) for c in range(1, 10)]),
        (("-m", "not slow"), "true", ["0"]),
    ],
    ids=["default", "ci", "chosen", "ci-with-m"],
)
def test_the_slow_random_hands_run_under_ci_or_when_chosen(
    options: tuple[str, ...], ci: str | None, chunks: list[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """A plain run plays 1,000 random hands; CI plays all 10,000; ``-m`` decides when given."""
    ids = collected(*options, ci=ci, monkeypatch=monkeypatch)
    assert ids == [f"{RANDOM_PLAY}[{c}]" for c in chunks]
