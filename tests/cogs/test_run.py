"""``tonk run``: settings from the environment, and a clear sentence when the token is bad."""

from __future__ import annotations

import argparse
import logging
from pathlib import Path

import discord
import pytest

from bot.commands import run as run_command
from bot.config import DEFAULT_DATABASE_URL, ConfigError, Settings, load_settings
from bot.i18n import text
from tests.fakediscord import FakeDiscord

TOKEN = "MTIz.secret.token"


def test_settings_come_from_the_environment_with_defaults() -> None:
    settings = load_settings({"DISCORD_TOKEN": f" {TOKEN} ", "DEV_GUILD_ID": "42"})
    assert settings == Settings(TOKEN, DEFAULT_DATABASE_URL, 42, logging.INFO)
    assert TOKEN not in repr(settings)
    debug = load_settings({"DISCORD_TOKEN": TOKEN, "LOG_LEVEL": "debug", "DATABASE_URL": "x"})
    assert debug.log_level == logging.DEBUG and debug.database_url == "x"


@pytest.mark.parametrize(
    ("environ", "sentence"),
    [
        ({}, "DISCORD_TOKEN is not set"),
        ({"DISCORD_TOKEN": TOKEN, "DEV_GUILD_ID": "casino"}, "DEV_GUILD_ID must be"),
        ({"DISCORD_TOKEN": TOKEN, "LOG_LEVEL": "loud"}, "LOG_LEVEL must be one of"),
    ],
)
def test_bad_settings_are_one_sentence(environ: dict[str, str], sentence: str) -> None:
    with pytest.raises(ConfigError, match=sentence):
        load_settings(environ)


def _run(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, env: str) -> int:
    monkeypatch.setenv("DISCORD_TOKEN", "")  # restored (unset) after the test
    monkeypatch.delenv("DISCORD_TOKEN")
    (tmp_path / ".env").write_text(env, "utf-8")
    return run_command.run(argparse.Namespace(env_file=str(tmp_path / ".env")))


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

    monkeypatch.setattr(run_command, "serve", rejected)
    assert _run(tmp_path, monkeypatch, f"DISCORD_TOKEN={TOKEN}\n") == run_command.EXIT_LOGIN
    captured = capsys.readouterr()
    assert captured.err == text("run.rejected_token") + "\n"
    assert TOKEN not in captured.out + captured.err and "Traceback" not in captured.err


async def test_the_bot_raises_login_failure_for_a_token_discord_rejects(
    fake_discord: FakeDiscord, caplog: pytest.LogCaptureFixture
) -> None:
    with caplog.at_level(logging.DEBUG), pytest.raises(discord.LoginFailure):
        await run_command.serve(Settings("not-the-fake-token"))
    assert "not-the-fake-token" not in caplog.text
    fake_discord.discord_errors.clear()
