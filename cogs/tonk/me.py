"""``/tonk me``: what a member chooses for themselves on a server (their language, their
hand by direct message, reminders that mention them, the order of their hand), and
forgetting them with everything else stored of them there."""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord

from bot.client import answer, command_id, locale_of, refusal_text
from bot.i18n import LOCALES, text
from bot.i18n.bounds import quote
from bot.i18n.mentions import command_mentions
from bot.i18n.refusal import Refusal
from bot.members import DEFAULT_SETTINGS, HandOrder, MemberSettings
from bot.render.members import changes_text, settings_text
from cogs.tonk.open_tables import OpenTables

if TYPE_CHECKING:
    from bot.client import TonkBot

AUTO_LANGUAGE = "auto"
"""The language choice that follows the member's Discord app."""
LANGUAGES = (AUTO_LANGUAGE, *LOCALES)
ORDERS = tuple(order.value for order in HandOrder)


class MemberService:
    """Shows, changes and forgets the settings of the member who asks."""

    def __init__(self, bot: TonkBot, tables: OpenTables) -> None:
        self.bot = bot
        self.tables = tables

    async def show(self, interaction: discord.Interaction) -> None:
        """``/tonk me show``: the member's settings on this server, privately."""
        guild_id = interaction.guild_id or 0
        said = settings_text(
            self.bot.members.settings(guild_id, interaction.user.id),
            str(interaction.locale),
            guild_id in self.bot.quiet_guilds,
            locale_of(interaction),
            command_mentions(command_id(interaction)),
        )
        await answer(interaction, said)

    async def change(
        self,
        interaction: discord.Interaction,
        language: str | None,
        dms: bool | None,
        reminders: bool | None,
        order: str | None,
    ) -> None:
        """``/tonk me set``: the settings given change (stored first, when the bot has a
        database, so a failed write changes nothing); the others stay. The member's DMs
        and panel at this server's tables follow at once."""
        refusal = _refusal(language, dms, reminders, order)
        if refusal is not None:
            await answer(interaction, refusal_text(refusal, interaction))
            return
        guild_id, user_id = interaction.guild_id or 0, interaction.user.id
        before = self.bot.members.settings(guild_id, user_id)
        after = MemberSettings(
            before.language if language is None else _chosen(language),
            before.dms if dms is None else dms,
            before.reminders if reminders is None else reminders,
            before.order if order is None else HandOrder(order),
        )
        if after != before and self.bot.store is not None:
            await self.bot.store.set_member_settings(guild_id, user_id, after)
        self.bot.members.keep(guild_id, user_id, after)
        self._show_at_tables(guild_id, user_id)
        said = changes_text(
            before,
            after,
            guild_id in self.bot.quiet_guilds,
            locale_of(interaction),
            command_mentions(command_id(interaction)),
        )
        await answer(interaction, said)

    async def forget(self, interaction: discord.Interaction) -> None:
        """``/tonk me forget``: the member's totals and settings on this server are deleted
        and their finished hands no longer name them (said in the language they read until
        now)."""
        guild_id, user_id = interaction.guild_id or 0, interaction.user.id
        locale = locale_of(interaction)
        hands = 0
        if self.bot.store is not None:
            hands = (await self.bot.store.forget_member(guild_id, user_id)).hands_anonymised
        self.bot.members.keep(guild_id, user_id, DEFAULT_SETTINGS)
        self._show_at_tables(guild_id, user_id)
        await answer(interaction, text("members.forget.done", locale, hands=hands))

    def _show_at_tables(self, guild_id: int, user_id: int) -> None:
        """The member's DM and panel at each table of the server where they hold a hand
        show their settings now."""
        for runtime in self.tables:
            table = runtime.table
            if table.guild_id == guild_id and table.hand_seat(user_id) is not None:
                runtime.screens.member_changed(user_id)


def _refusal(
    language: str | None, dms: bool | None, reminders: bool | None, order: str | None
) -> Refusal | None:
    """Why ``/tonk me set`` with these options changes nothing (whatever the client let
    through), or None."""
    if language is None and dms is None and reminders is None and order is None:
        return Refusal("members.refusal.nothing_chosen")
    if language is not None and language not in LANGUAGES:
        known = ", ".join(LANGUAGES)
        return Refusal("members.refusal.bad_language", value=quote(language), known=known)
    if order is not None and order not in ORDERS:
        known = ", ".join(ORDERS)
        return Refusal("members.refusal.bad_order", value=quote(order), known=known)
    return None


def _chosen(language: str) -> str | None:
    return None if language == AUTO_LANGUAGE else language
