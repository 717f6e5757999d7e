"""The tree stays clean: ruff lint and format pass, and all the code is mypy-strict."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BIN = Path(sys.executable).parent


def _run(*command: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(command, cwd=ROOT, capture_output=True, text=True, check=False)


def test_ruff_check_passes() -> None:
    result = _run(str(BIN / "ruff"), "check", ".")
    assert result.returncode == 0, result.stdout + result.stderr


def test_ruff_format_leaves_nothing_to_change() -> None:
    result = _run(str(BIN / "ruff"), "format", "--check", ".")
    assert result.returncode == 0, result.stdout + result.stderr


def test_the_code_passes_mypy_strict() -> None:
    result = _run(str(BIN / "mypy"))
    assert result.returncode == 0, result.stdout + result.stderr


def test_the_engine_imports_neither_discord_nor_the_database() -> None:
    for path in (ROOT / "bot" / "engine").rglob("*.py"):
        source = path.read_text("utf-8")
        for banned in ("discord", "sqlmodel", "sqlalchemy", "aiosqlite", "bot.store"):
            assert f"import {banned}" not in source and f"from {banned}" not in source, path
