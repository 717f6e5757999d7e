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

COMPONENT = discord.InteractionType.component.value


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

    def lighten(self, payload: dict[str, Any]) -> None:
        """Empty the embeds and components of the clicked message in a click's gateway
        ``payload`` (INTERACTION_CREATE) when a route takes the click.

        A route reads only the clicked message's id, but discord.py makes a ``Message`` of
        what Discord sends (every embed, button and menu option of the panel or table
        message) before anything runs: a third of the 190 µs discord.py takes to read a
        click on a panel, near 2% of the bot's CPU per interaction in ``bench/bot_load.py``.
        Clicks no route takes (the scoreboard's ``DynamicItem``s, which rebuild the message's
        view) keep the whole message.
        """
        message = payload.get("message")
        if payload.get("type") != COMPONENT or not message:
            return
        data = payload.get("data") or {}
        if self.find(str(data.get("custom_id", ""))) is not None:
            payload["message"] = {**message, "embeds": [], "components": []}

    async def dispatch(self, interaction: discord.Interaction) -> bool:
        """Run the handler of a component interaction; False if no route takes it."""
        data: Any = interaction.data or {}
        found = self.find(str(data.get("custom_id", "")))
        if found is None:
            return False
        handler, match = found
        await handler(interaction, match)
        return True
