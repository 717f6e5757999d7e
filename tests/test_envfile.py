"""``.env`` checked line by line before it is loaded (``bot.envfile``): a line python-dotenv
cannot read and a setting given twice stop the bot, each named with its file and line, and
nothing is loaded; a name that looks like a setting nobody set is said the same way without
stopping it; the line's text, which may hold the token, is never repeated."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from bot.cli import main
from bot.commands import run as run_command
from bot.config import SETTINGS, ConfigError
from bot.envfile import EnvFileCheck, check_env_file, load_env_file

TOKEN = "MTIz.secret.token"
UNREADABLE = (
    "cannot be read: write it as NAME=value (put a value with spaces in quotes, and close "
    "every quote; # starts a comment), or delete it."
)


@pytest.fixture
def clean_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    for name in (*SETTINGS, "OTHER_TOOL"):
        monkeypatch.delenv(name, raising=False)


def test_a_good_file_has_nothing_to_say_whatever_else_it_sets() -> None:
    content = (
        "# the bot\n"
        f"DISCORD_TOKEN={TOKEN}\n"
        "\n"
        'DATABASE_URL="sqlite+aiosqlite:///data/tonk.db"  # the default\n'
        "export LOG_LEVEL=debug\n"
        "DEV_GUILD_ID=\n"
        "COMPOSE_PROJECT_NAME=casino\n"  # another tool's: not close to any setting
        "DISCORD_TOKEN_OLD=x\n"  # close to DISCORD_TOKEN, which the file sets: not a typo
    )
    assert check_env_file(content, ".env", {}) == EnvFileCheck()


def test_each_bad_line_is_named_with_why_and_its_text_is_not_repeated() -> None:
    content = (
        f"DISCORD_TOKEN={TOKEN}\n"
        f"my token is {TOKEN}\n"
        "\n"
        "\n"
        "LOG_LEVL=INFO\n"
        "dev_guild_id=1\n"
        f"DISCORD_TOKEN={TOKEN}\n"
        'DATABASE_URL="sqlite+aiosqlite:///data/tonk.db\n'
    )
    check = check_env_file(content, "prod.env", {})
    assert check.problems == (
        f"prod.env line 2 {UNREADABLE}",
        "prod.env line 7 sets DISCORD_TOKEN again (it is set on line 1): keep one of them.",
        f"prod.env line 8 {UNREADABLE}",
    )
    assert check.misspelt == (
        "prod.env line 5 sets LOG_LEVL, which the bot does not read: did you mean LOG_LEVEL?",
        "prod.env line 6 sets dev_guild_id, which the bot does not read: did you mean "
        "DEV_GUILD_ID?",
    )
    assert not any(TOKEN in line for line in (*check.problems, *check.misspelt))


def test_a_name_like_a_setting_that_the_environment_sets_is_not_a_typo() -> None:
    check = check_env_file("LOG_LEVL=INFO\n", ".env", {"LOG_LEVEL": "debug"})
    assert check == EnvFileCheck()


def test_the_lines_are_in_the_language_asked_for() -> None:
    (line,) = check_env_file("LOG_LEVL=INFO\n", ".env", {}, "ro").misspelt
    assert line.startswith("Linia 1 din .env setează LOG_LEVL") and "LOG_LEVEL?" in line


@pytest.mark.usefixtures("clean_environment")
def test_a_file_with_a_bad_line_loads_nothing_and_names_every_line(tmp_path: Path) -> None:
    env = tmp_path / ".env"
    env.write_text(f"DISCORD_TOKEN={TOKEN}\nOTHER_TOOL=1\nLOGLEVEL=debug\ntoken {TOKEN}\n", "utf-8")
    with pytest.raises(ConfigError) as refused:
        load_env_file(str(env), os.environ)
    assert refused.value.problems == [
        f"{env} line 4 {UNREADABLE}",
        f"{env} line 3 sets LOGLEVEL, which the bot does not read: did you mean LOG_LEVEL?",
    ]
    assert "DISCORD_TOKEN" not in os.environ and "OTHER_TOOL" not in os.environ


@pytest.mark.usefixtures("clean_environment")
def test_a_good_file_loads_keeps_what_the_environment_set_and_returns_the_misspelt(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    env = tmp_path / ".env"
    env.write_text(f"\ufeffDISCORD_TOKEN={TOKEN}\nLOG_LEVEL=debug\nSHARDS=2\n", "utf-8")  # a BOM
    monkeypatch.setenv("LOG_LEVEL", "warning")
    assert load_env_file(str(env), os.environ) == (
        f"{env} line 3 sets SHARDS, which the bot does not read: did you mean SHARD_IDS?",
    )
    assert os.environ["DISCORD_TOKEN"] == TOKEN and os.environ["LOG_LEVEL"] == "warning"
    assert load_env_file(str(tmp_path / "missing.env"), os.environ) == ()  # nothing to load


@pytest.mark.usefixtures("clean_environment")
def test_tonk_run_stops_on_the_bad_lines_before_anything_else(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    env = tmp_path / ".env"
    env.write_text(f"DISCORD_TOKEN {TOKEN}\nDATABSE_URL=sqlite:///x\n", "utf-8")
    assert main(["run", "--env-file", str(env)]) == run_command.EXIT_CONFIG
    captured = capsys.readouterr()
    assert captured.err.splitlines() == [
        f"{env} line 1 {UNREADABLE}",
        f"{env} line 2 sets DATABSE_URL, which the bot does not read: did you mean DATABASE_URL?",
    ]
    assert TOKEN not in captured.out + captured.err


@pytest.mark.usefixtures("clean_environment")
def test_tonk_run_says_a_misspelt_token_before_saying_it_is_missing(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    env = tmp_path / ".env"
    env.write_text(f"DISCORD_TOKN={TOKEN}\n", "utf-8")
    assert main(["run", "--env-file", str(env)]) == run_command.EXIT_CONFIG
    captured = capsys.readouterr()
    first, second = captured.err.splitlines()
    assert first == (
        f"{env} line 1 sets DISCORD_TOKN, which the bot does not read: did you mean DISCORD_TOKEN?"
    )
    assert second.startswith("DISCORD_TOKEN is not set")
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
