"""What ``/tonk me`` shows (``bot.render.members``) and a hand in either order
(``bot.render.cards``), pure: no Discord."""

from __future__ import annotations

from bot.engine.cards import parse_card
from bot.members import DEFAULT_SETTINGS, HandOrder, MemberSettings
from bot.render.cards import cards_text
from bot.render.members import Announced, changes_lines, settings_text

MENTIONS = {
    "me_set_command": "/tonk me set",
    "me_forget_command": "/tonk me forget",
    "config_set_command": "/tonk config set",
}


def test_a_hand_by_suit_keeps_runs_together_and_by_rank_sets_with_jokers_last() -> None:
    mask = sum(1 << parse_card(c) for c in ("7S", "4H", "JK1", "7D", "5H", "AC", "6H"))
    assert cards_text(mask) == "A♣ 7♦ 4♥ 5♥ 6♥ 7♠ 🃏1"
    assert cards_text(mask, HandOrder.SUIT) == cards_text(mask)
    assert cards_text(mask, HandOrder.RANK) == "A♣ 4♥ 5♥ 6♥ 7♦ 7♠ 🃏1"


def test_the_settings_say_each_choice_and_a_reminder_the_server_keeps_off() -> None:
    mine = MemberSettings(language="vi", dms=False, reminders=True, order=HandOrder.RANK)
    announced = Announced("<@&7>", held=False)
    assert settings_text(mine, "en-US", True, announced, "en", MENTIONS).splitlines() == [
        "**Your settings on this server**",
        "Language: Tiếng Việt",
        "Your hand by direct message: no (**My hand** shows it)",
        "Reminders that mention you: yes, but this server has turned them off",
        "Your hand: by rank",
        "Told when a table opens (<@&7>): no",
        "/tonk me set changes them; /tonk me forget deletes your totals and settings here.",
    ]
    said = settings_text(DEFAULT_SETTINGS, "ro-RO", False, None, "en", MENTIONS).splitlines()
    assert said[1] == "Language: your Discord app's (Română now)"
    assert not any("table opens" in line for line in said)  # the server announces to no role


def test_a_change_says_each_setting_that_changed_and_nothing_else() -> None:
    before = MemberSettings(reminders=False)
    after = MemberSettings(language="en", reminders=True)
    assert changes_lines(before, after, True, "en", MENTIONS) == [
        "Tonk now speaks English to you on this server.",
        "A table that waits for you will remind you with a mention once this server turns "
        "reminders on again (/tonk config set).",
    ]
    assert changes_lines(after, after, False, "en", MENTIONS) == []
    back = changes_lines(after, DEFAULT_SETTINGS, False, "fa", MENTIONS)
    assert back == ["تانک از این پس به زبان برنامه‌ی دیسکورد شما حرف می‌زند."]
