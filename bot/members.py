"""What each member chose for themselves, per server (``/tonk me set``), and which language
they read.

A member's settings hold in one server only: the language they read there, whether the bot
sends them their hand by direct message, whether a turn reminder mentions them, and the
order their own hand is shown in (the panel, the direct message, ``/tonk hand``). A member
who chose nothing has :data:`DEFAULT_SETTINGS`.

A member reads the language they chose in that server, else the one their Discord client
last sent with an interaction there (remembered so that their direct messages, which come
with no interaction, follow it too), else the caller's fallback.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from enum import StrEnum

from bot.i18n import language

Member = tuple[int, int]
"""A member: (guild id, user id)."""


class HandOrder(StrEnum):
    """How a member's own hand is sorted."""

    SUIT = "suit"
    """By suit, then rank within a suit (runs side by side): ``4♥ 5♥ 6♥ 9♠``."""
    RANK = "rank"
    """By rank, then suit (sets side by side): ``4♥ 4♠ 4♦ 9♠``."""


@dataclass(frozen=True, slots=True)
class MemberSettings:
    """One member's choices in one server."""

    language: str | None = None
    """The catalogue they read; None: their Discord app's."""
    dms: bool = True
    """Whether the bot sends them their hand by direct message."""
    reminders: bool = True
    """Whether a turn reminder mentions them (when the server has reminders on)."""
    order: HandOrder = HandOrder.SUIT


DEFAULT_SETTINGS = MemberSettings()


class Members:
    """Every member's settings (as stored) and the language each one's client last sent."""

    def __init__(self, settings: Mapping[Member, MemberSettings] | None = None) -> None:
        self._settings: dict[Member, MemberSettings] = dict(settings or {})
        self._seen: dict[Member, str] = {}

    def settings(self, guild_id: int, user_id: int) -> MemberSettings:
        return self._settings.get((guild_id, user_id), DEFAULT_SETTINGS)

    def keep(self, guild_id: int, user_id: int, settings: MemberSettings) -> None:
        """The member's settings from now on (their language read as a catalogue's)."""
        chosen = None if settings.language is None else language(settings.language)
        settings = replace(settings, language=chosen)
        if settings == DEFAULT_SETTINGS:
            self._settings.pop((guild_id, user_id), None)
        else:
            self._settings[(guild_id, user_id)] = settings

    def seen(self, guild_id: int, user_id: int, locale: str) -> None:
        """The member's Discord client sent ``locale`` with an interaction in the server."""
        self._seen[(guild_id, user_id)] = locale

    def chosen(self, guild_id: int, user_id: int) -> str | None:
        """The language the member chose in the server; None: they follow Discord."""
        return self.settings(guild_id, user_id).language

    def locale(self, guild_id: int, user_id: int, fallback: str) -> str:
        """The language the member reads in the server: chosen, else last seen, else
        ``fallback``."""
        member = (guild_id, user_id)
        return self.chosen(guild_id, user_id) or self._seen.get(member) or fallback
