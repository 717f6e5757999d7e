"""Who reads which language: each member's own, per server.

A member reads the language they chose in that server (``/tonk language``), else the one
their Discord client last sent with an interaction there (remembered so that their direct
messages, which come with no interaction, follow it too), else the caller's fallback.
"""

from __future__ import annotations

from collections.abc import Mapping

from bot.i18n import language

Member = tuple[int, int]
"""A member: (guild id, user id)."""


class Readers:
    """The members' languages: the chosen ones (as stored) and the last ones seen."""

    def __init__(self, chosen: Mapping[Member, str] | None = None) -> None:
        self._chosen: dict[Member, str] = dict(chosen or {})
        self._seen: dict[Member, str] = {}

    def seen(self, guild_id: int, user_id: int, locale: str) -> None:
        """The member's Discord client sent ``locale`` with an interaction in the server."""
        self._seen[(guild_id, user_id)] = locale

    def choose(self, guild_id: int, user_id: int, chosen: str | None) -> None:
        """The member chose a language in the server; None: follow Discord again."""
        if chosen is None:
            self._chosen.pop((guild_id, user_id), None)
        else:
            self._chosen[(guild_id, user_id)] = language(chosen)

    def chosen(self, guild_id: int, user_id: int) -> str | None:
        """The language the member chose in the server; None: they follow Discord."""
        return self._chosen.get((guild_id, user_id))

    def locale(self, guild_id: int, user_id: int, fallback: str) -> str:
        """The language the member reads in the server: chosen, else last seen, else
        ``fallback``."""
        member = (guild_id, user_id)
        return self._chosen.get(member) or self._seen.get(member) or fallback
