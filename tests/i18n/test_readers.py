"""Which language a member reads: chosen, else last seen, else the caller's fallback."""

from __future__ import annotations

from bot.i18n.readers import Readers


def test_a_choice_beats_the_discord_language_which_beats_the_fallback() -> None:
    readers = Readers({(1, 10): "fa"})
    assert readers.locale(1, 10, "en") == "fa"
    assert readers.locale(1, 20, "ro") == "ro"
    readers.seen(1, 20, "vi")
    assert readers.locale(1, 20, "ro") == "vi"
    readers.choose(1, 20, "fa-IR")
    assert readers.locale(1, 20, "ro") == "fa"
    readers.choose(1, 20, None)
    assert readers.locale(1, 20, "ro") == "vi"


def test_a_choice_holds_on_one_server_only() -> None:
    readers = Readers({(1, 10): "fa"})
    assert readers.locale(2, 10, "en") == "en"
