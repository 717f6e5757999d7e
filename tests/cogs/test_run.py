"""``tonk run``: settings from the environment, checked before logging in, and one line per
problem (a missing or rejected token, a bad or unreachable database, a missing
--env-file)."""

from __future__ import annotations

import logging
import socket
from pathlib import Path

import discord
import pytest

from bot import serve as serving
from bot.cli import main
from bot.commands import run as run_command
from bot.config import DEFAULT_DATABASE_URL, SETTINGS, ConfigError, Settings, load_settings
from bot.i18n import text
from bot.shards import Shards
from bot.store import DatabaseUnreachable
from tests.fakediscord import FakeDiscord

TOKEN = "MTIz.secret.token"


def test_settings_come_from_the_environment_with_defaults() -> None:
    settings = load_settings({"DISCORD_TOKEN": f" {TOKEN} ", "DEV_GUILD_ID": "42"})
    assert settings == Settings(TOKEN, DEFAULT_DATABASE_URL, 42, logging.INFO)
    assert TOKEN not in repr(settings)
    other = "sqlite+aiosqlite:///data/other.db"
    debug = load_settings({"DISCORD_TOKEN": TOKEN, "LOG_LEVEL": "debug", "DATABASE_URL": other})
    assert debug.log_level == logging.DEBUG and debug.database_url == other


@pytest.mark.parametrize(
    ("environ", "sentence"),
    [
        ({}, "DISCORD_TOKEN is not set"),
        ({"DISCORD_TOKEN": TOKEN, "DEV_GUILD_ID": "casino"}, "DEV_GUILD_ID must be"),
        ({"DISCORD_TOKEN": TOKEN, "LOG_LEVEL": "loud"}, "LOG_LEVEL must be one of"),
        ({"DISCORD_TOKEN": TOKEN, "DATABASE_URL": "postgres://x"}, "DATABASE_URL must name"),
        ({"DISCORD_TOKEN": TOKEN, "DATABASE_URL": "sqlite+aiosqlite://"}, "DATABASE_URL must"),
        (
            {"DISCORD_TOKEN": TOKEN, "DATABASE_URL": "sqlite+aiosqlite:////etc/passwd/t.db"},
            "DATABASE_URL names /etc/passwd/t.db, but the bot cannot write there",
        ),
    ],
)
def test_bad_settings_are_one_line_naming_the_variable(
    environ: dict[str, str], sentence: str
) -> None:
    with pytest.raises(ConfigError, match=sentence) as refused:
        load_settings(environ)
    assert len(refused.value.problems) == 1


def test_shards_come_from_shard_count_and_shard_ids() -> None:
    def shards(**environ: str) -> Shards:
        return load_settings({"DISCORD_TOKEN": TOKEN, **environ}).shards

    assert shards() == Shards()
    assert shards(SHARD_COUNT=" 4 ") == Shards(4)
    assert shards(SHARD_COUNT="4", SHARD_IDS="3, 1") == Shards(4, (3, 1))
    assert shards(SHARD_COUNT="2", SHARD_IDS="0") == Shards(2, (0,))


@pytest.mark.parametrize(
    ("environ", "sentence"),
    [
        ({"SHARD_COUNT": "two"}, "SHARD_COUNT must be the total number of shards"),
        ({"SHARD_COUNT": "0"}, "SHARD_COUNT must be"),
        ({"SHARD_COUNT": "-1", "SHARD_IDS": "0"}, "SHARD_COUNT must be"),
        ({"SHARD_IDS": "0"}, "SHARD_IDS needs SHARD_COUNT"),
        ({"SHARD_COUNT": "2", "SHARD_IDS": "2"}, "SHARD_IDS must list .* from 0 to 1 "),
        ({"SHARD_COUNT": "2", "SHARD_IDS": "0,0"}, "SHARD_IDS must list"),
        ({"SHARD_COUNT": "2", "SHARD_IDS": "0,"}, "SHARD_IDS must list"),
        ({"SHARD_COUNT": "2", "SHARD_IDS": "one"}, "SHARD_IDS must list"),
    ],
)
def test_bad_shards_are_one_line_naming_the_variable(
    environ: dict[str, str], sentence: str
) -> None:
    with pytest.raises(ConfigError, match=sentence) as refused:
        load_settings({"DISCORD_TOKEN": TOKEN, **environ})
    assert len(refused.value.problems) == 1


def test_every_problem_is_reported_at_once_one_line_each() -> None:
    with pytest.raises(ConfigError) as refused:
        load_settings(
            {"DEV_GUILD_ID": "casino", "LOG_LEVEL": "loud", "DATABASE_URL": "x", "SHARD_IDS": "1"}
        )
    lines = str(refused.value).splitlines()
    assert [line.split()[0] for line in lines] == [
        "DISCORD_TOKEN", "DATABASE_URL", "DEV_GUILD_ID", "LOG_LEVEL", "SHARD_IDS"
    ]  # fmt: skip


def _run(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, env: str) -> int:
    for name in SETTINGS:
        monkeypatch.delenv(name, raising=False)
    (tmp_path / ".env").write_text(env, "utf-8")
    return main(["run", "--env-file", str(tmp_path / ".env")])


def test_an_env_file_that_does_not_exist_is_refused_in_one_line(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["run", "--env-file", "/nope"]) == run_command.EXIT_CONFIG
    assert capsys.readouterr().err.splitlines() == [text("cli.no_env_file", file="/nope")]


def test_a_bad_database_url_is_found_before_logging_in(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    async def never(settings: Settings) -> None:
        raise AssertionError("logged in with a bad configuration")

    monkeypatch.setattr(serving, "serve", never)
    env = f"DISCORD_TOKEN={TOKEN}\nDATABASE_URL=sqlite:///tonk.db\n"
    assert _run(tmp_path, monkeypatch, env) == run_command.EXIT_CONFIG
    [line] = capsys.readouterr().err.splitlines()
    assert line.startswith("DATABASE_URL must name an SQLite file") and TOKEN not in line


def test_a_missing_token_ends_with_one_sentence(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    assert _run(tmp_path, monkeypatch, "LOG_LEVEL=INFO\n") == run_command.EXIT_CONFIG
    err = capsys.readouterr().err
    assert err == text("run.no_token") + "\n"
    assert "DISCORD_TOKEN" in err and "Reset Token" in err and ".env" in err


def test_a_rejected_token_ends_with_one_sentence_that_does_not_show_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    async def rejected(settings: Settings) -> None:
        assert settings.token == TOKEN
        raise discord.LoginFailure("Improper token has been passed.")

    monkeypatch.setattr(serving, "serve", rejected)
    assert _run(tmp_path, monkeypatch, f"DISCORD_TOKEN={TOKEN}\n") == serving.EXIT_LOGIN
    captured = capsys.readouterr()
    assert captured.err == text("run.rejected_token") + "\n"
    assert TOKEN not in captured.out + captured.err and "Traceback" not in captured.err


async def test_the_bot_raises_login_failure_for_a_token_discord_rejects(
    fake_discord: FakeDiscord, caplog: pytest.LogCaptureFixture
) -> None:
    with caplog.at_level(logging.DEBUG), pytest.raises(discord.LoginFailure):
        await serving.serve(Settings("not-the-fake-token"))
    assert "not-the-fake-token" not in caplog.text
    fake_discord.discord_errors.clear()


def _closed_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


async def test_the_bot_raises_database_unreachable_for_a_server_that_refuses(
    fake_discord: FakeDiscord,
) -> None:
    url = f"postgresql+asyncpg://tonk:pw-{TOKEN}@127.0.0.1:{_closed_port()}/tonk"
    with pytest.raises(DatabaseUnreachable) as raised:
        await serving.serve(Settings(fake_discord.token, database_url=url))
    assert raised.value.detail.startswith("ConnectionRefusedError")
    assert TOKEN not in raised.value.detail
    fake_discord.discord_errors.clear()


def test_an_unreachable_database_ends_with_one_sentence_that_hides_the_password(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    async def unreachable(settings: Settings) -> None:
        raise DatabaseUnreachable("ConnectionRefusedError: Connect call failed")

    monkeypatch.setattr(serving, "serve", unreachable)
    url = f"postgresql+asyncpg://tonk:{TOKEN}@db.example:5432/tonk"
    env = f"DISCORD_TOKEN=abc.def.ghi\nDATABASE_URL={url}\n"
    assert _run(tmp_path, monkeypatch, env) == serving.EXIT_LOGIN
    [line] = capsys.readouterr().err.splitlines()
    assert line.startswith("Could not open the database at postgresql+asyncpg://tonk:")
    assert "db.example:5432/tonk (ConnectionRefusedError: Connect call failed)" in line
    assert TOKEN not in line and "Traceback" not in line
