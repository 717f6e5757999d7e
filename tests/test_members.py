"""What a member chose for themselves (``bot.members``): per server, defaults when nothing is
chosen, and which language they read (chosen, else last seen, else the caller's fallback)."""

from __future__ import annotations

from bot.members import DEFAULT_SETTINGS, HandOrder, Members, MemberSettings


def test_a_choice_beats_the_discord_language_which_beats_the_fallback() -> None:
    members = Members({(1, 10): MemberSettings(language="fa")})
    assert members.locale(1, 10, "en") == "fa"
    assert members.locale(1, 20, "ro") == "ro"
    members.seen(1, 20, "vi")
    assert members.locale(1, 20, "ro") == "vi"
    members.keep(1, 20, MemberSettings(language="fa-IR"))
    assert members.locale(1, 20, "ro") == "fa"
    assert members.chosen(1, 20) == "fa"
    members.keep(1, 20, MemberSettings(language=None))
    assert members.locale(1, 20, "ro") == "vi"


def test_settings_hold_on_one_server_only_and_default_when_unchosen() -> None:
    mine = MemberSettings(language="fa", dms=False, reminders=False, order=HandOrder.RANK)
    members = Members({(1, 10): mine})
    assert members.settings(1, 10) == mine
    assert members.locale(2, 10, "en") == "en"
    assert members.settings(2, 10) == DEFAULT_SETTINGS
    assert MemberSettings(None, True, True, HandOrder.SUIT) == DEFAULT_SETTINGS


def test_settings_set_back_to_the_defaults_are_the_defaults_again() -> None:
    members = Members()
    members.keep(1, 10, MemberSettings(dms=False))
    assert members.settings(1, 10).dms is False
    members.keep(1, 10, DEFAULT_SETTINGS)
    assert members.settings(1, 10) is DEFAULT_SETTINGS
