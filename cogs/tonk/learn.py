"""**How to play**: the button under ``/tonk help``, ``/tonk rules`` and the welcome shows
whoever presses it the standard game step by step (``bot.render.help.learn_embed``),
privately and in their own language. Its custom id is the same everywhere (``LEARN_ID``),
so every such button keeps working after a restart."""

from __future__ import annotations

import re

import discord

from bot.client import command_id, guarded, locale_of, show
from bot.i18n import text
from bot.i18n.mentions import GROUP
from bot.render.help import learn_embed
from cogs.tonk.components import LEARN_ID
from cogs.tonk.views import Rows, learn_view

PATTERN = re.compile(re.escape(LEARN_ID))
"""What reads back the custom id of a **How to play** button."""


def learn_button(locale: str) -> Rows:
    """The **How to play** button, its label in ``locale``."""
    return learn_view(text("help.button.learn", locale))


async def show_learn(interaction: discord.Interaction, _match: re.Match[str]) -> None:
    """A click on **How to play**: the standard game, privately, in the member's language."""

    async def answer_it() -> None:
        embed = learn_embed(GROUP, command_id(interaction), locale_of(interaction))
        await show(interaction, embed=embed, ephemeral=True)

    await guarded(interaction, answer_it)
