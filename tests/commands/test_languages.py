"""The terminal speaks ``--lang``, else the environment's language (``LC_ALL``, then
``LC_MESSAGES``, then ``LANG``), else English: output, refusals and ``--help`` alike."""

from __future__ import annotations

import io

import pytest

from bot.cli import main
from bot.commands import terminal_language


def test_lang_wins_over_the_environment_which_falls_back_to_english() -> None:
    assert terminal_language(["rules", "--lang", "vi"], {"LANG": "ro_RO.UTF-8"}) == "vi"
    assert terminal_language(["rules", "--lang=fa"], {}) == "fa"
    assert terminal_language(["rules"], {"LANG": "ro_RO.UTF-8"}) == "ro"
    assert terminal_language(["rules"], {"LC_ALL": "fa_IR.UTF-8", "LANG": "ro_RO"}) == "fa"
    assert terminal_language(["rules"], {"LANG": "C.UTF-8"}) == "en"
    assert terminal_language(["rules"], {"LANG": "de_DE.UTF-8"}) == "en"


def test_tonk_rules_prints_the_summary_in_romanian(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("LANG", "ro_RO.UTF-8")
    assert main(["rules", "louisiana"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == "Louisiana (P4)" and lines[2] == "Diferit de jocul standard:"
    assert lines[-1].startswith("Fiecare preset, regulă a casei")


def test_a_refused_option_is_said_in_the_readers_language(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["rules", "--option", "jokers=9", "--lang", "vi"]) == 2
    assert "không phải là một giá trị của" in capsys.readouterr().err
    assert main(["rules", "--option", "nonsense", "--lang", "vi"]) == 2
    assert capsys.readouterr().err.strip() == (
        "--option 'nonsense': hãy viết theo dạng TÊN=GIÁ_TRỊ."
    )


def test_help_is_written_in_persian(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["rules", "--help", "--lang", "fa"])
    out = capsys.readouterr().out
    assert "فهرست همه‌ی گزینه‌ها با مقدارها و پیش‌فرضشان" in out


def test_tonk_play_asks_in_vietnamese(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("sys.stdin", io.StringIO("q\n"))
    assert main(["play", "--seed", "1", "--lang", "vi"]) == 0
    out = capsys.readouterr().out
    assert "Nước đi của bạn:" in out and "Số (h để xem gợi ý, q để thoát):" in out
    assert "Số dư cuối cùng: Người chơi 0, normal 0" in out
