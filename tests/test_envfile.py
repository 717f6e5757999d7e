"""``.env`` checked line by line before it is loaded (``bot.envfile``): a line python-dotenv
cannot read, a misspelt setting and a setting set twice are each one problem naming the
file and the line, and nothing is loaded; the line's text, which may hold the token, is
never repeated."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from bot.cli import main
from bot.commands import run as run_command
from bot.config import SETTINGS, ConfigError
from bot.envfile import env_file_problems, load_env_file

TOKEN = "MTIz.secret.token"


@pytest.fixture
def clean_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    for name in (*SETTINGS, "OTHER_TOOL"):
        monkeypatch.delenv(name, raising=False)


def test_a_good_file_has_no_problems_whatever_else_it_sets() -> None:
    content = (
        "# the bot\n"
        f"DISCORD_TOKEN={TOKEN}\n"
        "\n"
        'DATABASE_URL="sqlite+aiosqlite:///data/tonk.db"  # the default\n'
        "export LOG_LEVEL=debug\n"
        "DEV_GUILD_ID=\n"
        "COMPOSE_PROJECT_NAME=casino\n"  # another tool's: not close to any setting
    )
    assert env_file_problems(content, ".env") == []


def test_each_bad_line_is_named_with_why_and_its_text_is_not_repeated() -> None:
    content = (
        f"DISCORD_TOKEN={TOKEN}\n"
        f"my token is {TOKEN}\n"
        "\n"
        "\n"
        "LOG_LEVL=INFO\n"
        "discord_token=x\n"
        f"DISCORD_TOKEN={TOKEN}\n"
        'DATABASE_URL="sqlite+aiosqlite:///data/tonk.db\n'
    )
    assert env_file_problems(content, "prod.env") == [
        "prod.env line 2 cannot be read: write it as NAME=value (put a value with spaces in "
        "quotes, and close every quote; # starts a comment), or delete it.",
        "prod.env line 5 sets LOG_LEVL, which the bot does not read: did you mean LOG_LEVEL?",
        "prod.env line 6 sets discord_token, which the bot does not read: did you mean "
        "DISCORD_TOKEN?",
        "prod.env line 7 sets DISCORD_TOKEN again (it is set on line 1): keep one of them.",
        "prod.env line 8 cannot be read: write it as NAME=value (put a value with spaces in "
        "quotes, and close every quote; # starts a comment), or delete it.",
    ]


def test_the_problems_are_in_the_language_asked_for() -> None:
    (problem,) = env_file_problems("LOG_LEVL=INFO\n", ".env", "ro")
    assert "LOG_LEVL" in problem and "LOG_LEVEL" in problem and "line" not in problem


@pytest.mark.usefixtures("clean_environment")
def test_a_file_with_a_bad_line_loads_nothing(tmp_path: Path) -> None:
    env = tmp_path / ".env"
    env.write_text(f"DISCORD_TOKEN={TOKEN}\nOTHER_TOOL=1\nLOGLEVEL=debug\n", "utf-8")
    with pytest.raises(ConfigError) as refused:
        load_env_file(str(env))
    assert len(refused.value.problems) == 1 and "line 3 sets LOGLEVEL" in str(refused.value)
    assert "DISCORD_TOKEN" not in os.environ and "OTHER_TOOL" not in os.environ


@pytest.mark.usefixtures("clean_environment")
def test_a_good_file_loads_and_keeps_what_the_environment_set(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    env = tmp_path / ".env"
    env.write_text(f"\ufeffDISCORD_TOKEN={TOKEN}\nLOG_LEVEL=debug\n", "utf-8")  # with a BOM
    monkeypatch.setenv("LOG_LEVEL", "warning")
    load_env_file(str(env))
    assert os.environ["DISCORD_TOKEN"] == TOKEN and os.environ["LOG_LEVEL"] == "warning"
    load_env_file(str(tmp_path / "missing.env"))  # no file: nothing to load, nothing wrong


@pytest.mark.usefixtures("clean_environment")
def test_tonk_run_stops_on_the_bad_lines_before_anything_else(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    env = tmp_path / ".env"
    env.write_text(f"DISCORD_TOKEN {TOKEN}\nDATABSE_URL=sqlite:///x\n", "utf-8")
    assert main(["run", "--env-file", str(env)]) == run_command.EXIT_CONFIG
    captured = capsys.readouterr()
    assert captured.err.splitlines() == [
        f"{env} line 1 cannot be read: write it as NAME=value (put a value with spaces in "
        "quotes, and close every quote; # starts a comment), or delete it.",
        f"{env} line 2 sets DATABSE_URL, which the bot does not read: did you mean DATABASE_URL?",
    ]
    assert TOKEN not in captured.out + captured.err


@pytest.mark.usefixtures("clean_environment")
def test_tonk_db_reads_the_same_env_file_and_stops_on_its_bad_lines(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / ".env").write_text("DATABASE_URL=sqlite+aiosqlite:///a.db\nDATABASE_URL=x\n")
    assert main(["db", "upgrade"]) == 2
    assert capsys.readouterr().err.splitlines() == [
        ".env line 2 sets DATABASE_URL again (it is set on line 1): keep one of them."
    ]
    assert not (tmp_path / "a.db").exists()
