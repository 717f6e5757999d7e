"""Clicks on the bot's own busy components, routed by the pattern of their ``custom_id``.

A component's ``custom_id`` says everything its click needs (which table, which move), so
the route is a pattern and a handler, registered once: a button keeps working after a
restart, on any message that carries it.

discord.py's ``DynamicItem`` does the same job, but before it calls the item it rebuilds a
``View`` of the whole message that was clicked (every button, every menu option). On the
table's buttons and panels, clicked once a second at every busy table, that was about 5% of
the bot's CPU in ``bench/bot_load.py``; a route builds nothing but the key it reads. The
rarely clicked buttons (the scoreboard's Prev and Next) stay ``DynamicItem``s.
"""

from __future__ import annotations

import re
from collections.abc import Awaitable, Callable
from typing import Any

import discord

Handler = Callable[[discord.Interaction, re.Match[str]], Awaitable[None]]
"""What a click runs: the interaction, and the route's pattern matched on its custom id."""


class ComponentRouter:
    """The routes of the bot's components, tried in the order they were added."""

    def __init__(self) -> None:
        self._routes: dict[re.Pattern[str], Handler] = {}

    def add(self, pattern: re.Pattern[str], handler: Handler) -> None:
        """Send the clicks whose whole custom id matches ``pattern`` to ``handler``."""
        if pattern in self._routes:
            raise ValueError(f"a route for {pattern.pattern!r} exists")
        self._routes[pattern] = handler

    def remove(self, pattern: re.Pattern[str]) -> None:
        """Forget the route of ``pattern`` (its clicks are then ignored)."""
        self._routes.pop(pattern, None)

    def find(self, custom_id: str) -> tuple[Handler, re.Match[str]] | None:
        """The handler of ``custom_id`` and its match, or None if no route takes it."""
        for pattern, handler in self._routes.items():
            match = pattern.fullmatch(custom_id)
            if match is not None:
                return handler, match
        return None

    async def dispatch(self, interaction: discord.Interaction) -> bool:
        """Run the handler of a component interaction; False if no route takes it."""
        data: Any = interaction.data or {}
        found = self.find(str(data.get("custom_id", "")))
        if found is None:
            return False
        handler, match = found
        await handler(interaction, match)
        return True
