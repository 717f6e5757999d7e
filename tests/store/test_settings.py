"""Guild settings: defaults, partial updates, validation, persistence, guild isolation."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from bot.members import DEFAULT_SETTINGS, HandOrder, MemberSettings
from bot.store import Store


async def test_guild_without_settings_gets_defaults(store: Store) -> None:
    """An unknown guild reads the documented defaults and nothing is written."""
    config = await store.get_guild_settings(42)
    assert (config.default_preset, config.stake, config.turn_timeout, config.locale) == (
        "standard",
        1,
        120,
        "",
    )
    assert config.default_options == {}
    assert config.allowed_channel_ids == ()
    assert config.allows_channel(123)
    assert config.turn_reminders
    assert config.announce_role is None
    assert not config.threads
    assert config.seats == 4


async def test_update_changes_only_given_fields_and_persists(store: Store, store_url: str) -> None:
    """A partial update keeps the other settings, and the result survives a reopen."""
    await store.update_guild_settings(1, stake=5, default_options={"knock": False})
    updated = await store.update_guild_settings(
        1,
        turn_timeout=None,
        allowed_channel_ids=[7, 8],
        locale="fr",
        turn_reminders=False,
        threads=True,
        seats=6,
    )
    assert updated.stake == 5 and updated.threads and updated.seats == 6
    assert updated.default_options == {"knock": False}
    assert updated.turn_timeout is None
    assert not updated.turn_reminders
    await store.update_guild_settings(2, turn_reminders=True)
    assert await store.quiet_guilds() == {1}  # the bot reads these at start
    assert updated.allows_channel(7)
    assert not updated.allows_channel(9)
    assert updated.allows_channel(9, parent_id=8)  # a thread of an allowed channel
    assert not updated.allows_channel(9, parent_id=10)
    reopened = await Store.open(store_url)
    try:
        assert await reopened.get_guild_settings(1) == updated
    finally:
        await reopened.close()


async def test_the_announce_role_is_kept_until_it_is_turned_off(
    store: Store, store_url: str
) -> None:
    """``/tonk config announce``: a role id (64 bits) kept with the other settings, and None
    again when the server turns announcements off."""
    role = 1_577_926_009_221_545_987
    await store.update_guild_settings(1, stake=4)
    assert (await store.update_guild_settings(1, announce_role=role)).announce_role == role
    async with await Store.open(store_url) as reopened:
        kept = await reopened.get_guild_settings(1)
    assert (kept.announce_role, kept.stake) == (role, 4)
    assert (await store.update_guild_settings(1, stake=6)).announce_role == role
    assert (await store.update_guild_settings(1, announce_role=None)).announce_role is None
    assert (await store.get_guild_settings(2)).announce_role is None


async def test_settings_are_per_guild(store: Store) -> None:
    """Changing one guild's settings leaves every other guild on its own values."""
    await store.update_guild_settings(1, stake=10, default_preset="house")
    other = await store.get_guild_settings(2)
    assert (other.stake, other.default_preset) == (1, "standard")


@pytest.mark.parametrize(
    ("changes", "error"),
    [
        ({"stake": 0}, ValueError),
        ({"turn_timeout": 0}, ValueError),
        ({"seats": 1}, ValueError),
        ({"colour": "red"}, TypeError),
    ],
)
async def test_invalid_updates_are_refused_and_nothing_changes(
    store: Store, changes: dict[str, Any], error: type[Exception]
) -> None:
    """A bad value or an unknown setting raises and leaves the stored settings as they were."""
    before = await store.update_guild_settings(1, stake=3)
    with pytest.raises(error):
        await store.update_guild_settings(1, **changes)
    assert await store.get_guild_settings(1) == before


async def test_a_members_settings_are_stored_per_server_and_the_defaults_leave_nothing(
    store: Store,
) -> None:
    mine = MemberSettings(language="fa", dms=False, reminders=False, order=HandOrder.RANK)
    await store.set_member_settings(1, 10, mine)
    await store.set_member_settings(2, 10, MemberSettings(language="ro"))
    await store.set_member_settings(3, 10, MemberSettings(dms=False))
    await store.set_member_settings(1, 10, replace(mine, language="vi"))
    assert await store.member_settings() == {
        (1, 10): replace(mine, language="vi"),
        (2, 10): MemberSettings(language="ro"),
        (3, 10): MemberSettings(dms=False),
    }
    await store.set_member_settings(2, 10, DEFAULT_SETTINGS)
    await store.forget_member(1, 10)
    assert await store.member_settings() == {(3, 10): MemberSettings(dms=False)}
