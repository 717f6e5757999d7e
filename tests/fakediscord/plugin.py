"""pytest fixtures for the fake Discord.

Use them from another directory's ``conftest.py`` with ``from tests.fakediscord.plugin import
fake_discord`` (or ``pytest_plugins = ["tests.fakediscord.plugin"]`` in the root conftest).
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from typing import TYPE_CHECKING

import pytest_asyncio

if TYPE_CHECKING:
    from .fake import FakeDiscord


@pytest_asyncio.fixture
async def fake_discord() -> AsyncIterator[FakeDiscord]:
    """A started fake Discord with discord.py patched to use it.

    At teardown it fails the test if discord.py logged an ERROR (clear ``fake.discord_errors``
    in a test that expects one), if the bot called a route the fake does not serve, or if it
    sent a message over Discord's size limits (``fake.oversize``).
    """
    from .harness import open_fake_discord  # here: the xdist controller loads this module too

    async with open_fake_discord() as fake:
        yield fake
        assert not fake.unhandled_requests, f"routes the fake lacks: {fake.unhandled_requests}"
        assert not fake.oversize, f"messages over Discord's limits: {fake.oversize}"
        assert not fake.discord_errors, fake.error_report()
