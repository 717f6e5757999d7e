"""``/tonk me``: what a member chooses for themselves on a server (their language, their
hand by direct message, reminders that mention them, the order of their hand, the server's
role for table announcements), and forgetting them with everything else stored of them
there."""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

import discord

from bot.client import DISCORD_FAILURES, answer, command_id, locale_of, refusal_text
from bot.i18n import LOCALES, text
from bot.i18n.bounds import quote
from bot.i18n.mentions import command_mentions
from bot.i18n.refusal import Refusal
from bot.members import DEFAULT_SETTINGS, HandOrder, MemberSettings
from bot.render.members import Announced, changes_lines, settings_text
from cogs.settings import stored_settings
from cogs.tonk.open_tables import OpenTables

if TYPE_CHECKING:
    from bot.client import TonkBot

log = logging.getLogger(__name__)

AUTO_LANGUAGE = "auto"
"""The language choice that follows the member's Discord app."""
LANGUAGES = (AUTO_LANGUAGE, *LOCALES)
ORDERS = tuple(order.value for order in HandOrder)
REASON = "Tonk: the member asked for it with /tonk me set announcements"
"""What the server's audit log says of the announce role given or taken back."""


class MemberService:
    """Shows, changes and forgets the settings of the member who asks."""

    def __init__(self, bot: TonkBot, tables: OpenTables) -> None:
        self.bot = bot
        self.tables = tables

    async def show(self, interaction: discord.Interaction) -> None:
        """``/tonk me show``: the member's settings on this server, privately."""
        guild_id = interaction.guild_id or 0
        role = await self._announce_role(interaction)
        announced = (
            None if role is None else Announced(role.mention, _holds(interaction.user, role.id))
        )
        said = settings_text(
            self.bot.members.settings(guild_id, interaction.user.id),
            str(interaction.locale),
            guild_id in self.bot.quiet_guilds,
            announced,
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
        announcements: bool | None,
    ) -> None:
        """``/tonk me set``: the settings given change (stored first, when the bot has a
        database, so a failed write changes nothing); the others stay. The member's DMs
        and panel at this server's tables follow at once. ``announcements`` gives or takes
        back the server's announce role; one the bot cannot give refuses the whole set."""
        refusal = _refusal(language, dms, reminders, order, announcements)
        role = None
        if refusal is None and announcements is not None:
            role = await self._announce_role(interaction)
            refusal = _role_refusal(role)
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
        if after != before:
            if self.bot.store is not None:
                await self.bot.store.set_member_settings(guild_id, user_id, after)
            self.bot.members.keep(guild_id, user_id, after)
            self._show_at_tables(guild_id, user_id)
        locale = locale_of(interaction)
        mentions = command_mentions(command_id(interaction))
        lines = changes_lines(before, after, guild_id in self.bot.quiet_guilds, locale, mentions)
        if (
            role is not None
            and announcements is not None
            and _holds(interaction.user, role.id) != announcements
        ):
            lines.append(await self._move_role(interaction, role, announcements, locale))
        await answer(interaction, "\n".join(lines) or text("members.reply.unchanged", locale))

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

    async def _announce_role(self, interaction: discord.Interaction) -> discord.Role | None:
        """The role the server's new tables mention (``/tonk config announce``), if any."""
        guild = interaction.guild
        config = None if guild is None else await stored_settings(self.bot, guild.id)
        if guild is None or config is None or config.announce_role is None:
            return None
        return guild.get_role(config.announce_role)

    async def _move_role(
        self, interaction: discord.Interaction, role: discord.Role, give: bool, locale: str
    ) -> str:
        """Give the member ``role`` (or take it back): the line that says so, or that it
        failed."""
        move = self.bot.http.add_role if give else self.bot.http.remove_role
        guild_id, user_id = interaction.guild_id or 0, interaction.user.id
        try:
            await move(guild_id, user_id, role.id, reason=REASON)
        except DISCORD_FAILURES as error:
            log.warning("server %d: role %d for member %d: %s", guild_id, role.id, user_id, error)
            return text("members.reply.announcements_failed", locale, role=role.mention)
        key = "members.reply.announcements_on" if give else "members.reply.announcements_off"
        return text(key, locale, role=role.mention)

    def _show_at_tables(self, guild_id: int, user_id: int) -> None:
        """The member's DM and panel at each table of the server where they hold a hand
        show their settings now."""
        for runtime in self.tables:
            table = runtime.table
            if table.guild_id == guild_id and table.hand_seat(user_id) is not None:
                runtime.screens.member_changed(user_id)


def _refusal(
    language: str | None,
    dms: bool | None,
    reminders: bool | None,
    order: str | None,
    announcements: bool | None,
) -> Refusal | None:
    """Why ``/tonk me set`` with these options changes nothing (whatever the client let
    through), or None."""
    if (language, dms, reminders, order, announcements) == (None,) * 5:
        return Refusal("members.refusal.nothing_chosen")
    if language is not None and language not in LANGUAGES:
        known = ", ".join(LANGUAGES)
        return Refusal("members.refusal.bad_language", value=quote(language), known=known)
    if order is not None and order not in ORDERS:
        known = ", ".join(ORDERS)
        return Refusal("members.refusal.bad_order", value=quote(order), known=known)
    return None


def _role_refusal(role: discord.Role | None) -> Refusal | None:
    """Why the bot cannot give or take back the announce role ``role`` (None: the server
    has none), or None."""
    if role is None:
        return Refusal("members.refusal.no_announce_role")
    if not role.guild.me.guild_permissions.manage_roles or not role.is_assignable():
        return Refusal("members.refusal.announce_role_out_of_reach", role=role.mention)
    return None


def _holds(user: discord.User | discord.Member, role_id: int) -> bool:
    return isinstance(user, discord.Member) and user.get_role(role_id) is not None


def _chosen(language: str) -> str | None:
    return None if language == AUTO_LANGUAGE else language
