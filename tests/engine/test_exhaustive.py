"""The closed sets are checked by mypy: a scheme, an ending, an action kind or a computer
player's level left out of a ``match`` is a type error (``assert_never``), not a silent "no
instant win", "nobody pays" or "no player".

Each case copies a module (the engine's, or the computer players' registry) with one ``case``
removed and runs ``mypy --strict`` on the copy, which must name the value that is no longer
handled.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

# (module, the case left out, the value mypy must report as unhandled)
MISSING = [
    ("bot/engine/instant.py", "case InstantWin.LOUISIANA:", "Literal[InstantWin.LOUISIANA]"),
    ("bot/engine/settle.py", "case Catch.ALT5:", "Literal[Catch.ALT5]"),
    ("bot/engine/settle.py", "case Scoring.PUSH_UP:", "Literal[Scoring.PUSH_UP]"),
    (
        "bot/engine/settle.py",
        "case Ending.THROWN_IN | Ending.DEAD_HAND:",
        "Literal[Ending.THROWN_IN, Ending.DEAD_HAND]",
    ),
    ("bot/engine/hand.py", "case Kind.CLAIM:", "Literal[Kind.CLAIM]"),
    ("bot/engine/hand.py", "case TonkOutPays.SINGLE:", "Literal[TonkOutPays.SINGLE]"),
    ("bot/players/registry.py", "case Level.HARD:", "Literal[Level.HARD]"),
]


def without_case(source: str, header: str) -> str:
    """``source`` without the ``case`` line ``header`` and the block under it."""
    lines = source.splitlines(keepends=True)
    start = next(i for i, line in enumerate(lines) if line.strip().startswith(header))
    indent = len(lines[start]) - len(lines[start].lstrip())
    end = start + 1
    while end < len(lines) and len(lines[end]) - len(lines[end].lstrip()) > indent:
        end += 1
    return "".join(lines[:start] + lines[end:])


def test_mypy_refuses_a_match_that_leaves_out_a_scheme_an_ending_a_kind_or_a_level(
    tmp_path: Path,
) -> None:
    copies = []
    for number, (module, header, _) in enumerate(MISSING):
        copy = tmp_path / f"missing_{number}.py"
        copy.write_text(without_case((ROOT / module).read_text(), header))
        copies.append(copy)
    command = [sys.executable, "-m", "mypy", "--strict", "--no-error-summary"]
    run = subprocess.run(
        [*command, "--cache-dir", str(tmp_path / "cache"), *map(str, copies)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
    )
    for copy, (module, header, value) in zip(copies, MISSING, strict=True):
        errors = [line for line in run.stdout.splitlines() if line.startswith(str(copy))]
        assert len(errors) == 1, f"{module} without {header!r}: {errors or run.stdout}"
        assert '"assert_never"' in errors[0] and value in errors[0]
