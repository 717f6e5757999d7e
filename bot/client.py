"""The bot: ``TonkBot`` loads the cogs and syncs the slash commands; ``TonkTree`` is the one
place where an error in a command or a component ends up (logged, apologised for).

``answer``, ``show`` and ``update`` are how the cogs reply to an interaction: each fits what
it sends into Discord's limits (``bot.render.limits``), whatever the text holds.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable, Coroutine, Sequence
from enum import Enum
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands
from discord.utils import MISSING

from bot.config import Timing
from bot.i18n import text
from bot.metrics import Metrics
from bot.render.limits import CONTENT, clip, fit_embed, fit_view
from bot.store import BrokenTable, Store
from bot.tables.dealing import Shuffler
from bot.tables.journal import StoreJournal
from bot.tables.ledger import Journal, Ledger, MemoryJournal
from bot.tables.timers import Clock, SystemClock

log = logging.getLogger(__name__)

EXTENSIONS = ("cogs.tonk", "cogs.scoreboard")


REPLY_LOCK = "tonk.reply_lock"
DEFER_AS = "tonk.defer_as"


class Defer(Enum):
    """How an interaction is deferred when its answer is slow to come."""

    UPDATE = "update"
    """A component's message will be edited (Discord shows nothing meanwhile)."""
    EPHEMERAL = "ephemeral"
    """A private answer will come ("thinking…" only the member sees)."""
    PUBLIC = "public"
    """A public answer will come ("thinking…" in the channel)."""


def locale_of(interaction: discord.Interaction) -> str:
    """The language the user reads (``en-US`` falls back to the English catalogue)."""
    return str(interaction.locale)


def defer_as(interaction: discord.Interaction, how: Defer) -> None:
    """Say how ``interaction`` is to be deferred if its answer is late (before any await)."""
    interaction.extras[DEFER_AS] = how


def _note_answer(interaction: discord.Interaction) -> None:
    """The interaction got its first answer (or deferral): count how long it waited."""
    metrics = getattr(interaction.client, "metrics", None)
    if isinstance(metrics, Metrics):
        waited = discord.utils.utcnow() - interaction.created_at
        metrics.answered(waited.total_seconds())


def _reply_lock(interaction: discord.Interaction) -> asyncio.Lock:
    """One answer at a time per interaction: the late deferral and the answer never cross."""
    lock: asyncio.Lock = interaction.extras.setdefault(REPLY_LOCK, asyncio.Lock())
    return lock


async def defer_if_unanswered(interaction: discord.Interaction) -> None:
    """Defer ``interaction`` unless it was answered: within Discord's three seconds, whatever
    its answer still waits for (a table's lock, the database)."""
    async with _reply_lock(interaction):
        if interaction.response.is_done() or interaction.is_expired():
            return
        component = interaction.type is discord.InteractionType.component
        how = interaction.extras.get(DEFER_AS, Defer.UPDATE if component else Defer.EPHEMERAL)
        if how is Defer.UPDATE:
            await interaction.response.defer()
        else:
            await interaction.response.defer(ephemeral=how is Defer.EPHEMERAL, thinking=True)
        _note_answer(interaction)
        log.info("%s deferred", _describe(interaction))


async def answer(
    interaction: discord.Interaction,
    content: str,
    *,
    ephemeral: bool = True,
    view: discord.ui.View = MISSING,
) -> None:
    """Say ``content`` (with ``view`` under it) by the interaction's response, or by a
    follow-up once the response was used (or deferred)."""
    content = clip(content, CONTENT)
    if view is not MISSING:
        view = fit_view(view)
    async with _reply_lock(interaction):
        if interaction.response.is_done():
            await interaction.followup.send(content, ephemeral=ephemeral, view=view)
        else:
            await interaction.response.send_message(content, ephemeral=ephemeral, view=view)
            _note_answer(interaction)


async def show(
    interaction: discord.Interaction,
    *,
    embed: discord.Embed,
    view: discord.ui.View = MISSING,
    ephemeral: bool,
) -> int:
    """Answer with a new message (the response, else a follow-up); the message's id."""
    embed = fit_embed(embed)
    if view is not MISSING:
        view = fit_view(view)
    async with _reply_lock(interaction):
        if interaction.response.is_done():
            message = await interaction.followup.send(
                embed=embed, view=view, ephemeral=ephemeral, wait=True
            )
            return message.id
        response = await interaction.response.send_message(
            embed=embed, view=view, ephemeral=ephemeral
        )
        _note_answer(interaction)
        return response.message_id or 0


async def update(
    interaction: discord.Interaction,
    *,
    embed: discord.Embed | None,
    view: discord.ui.View,
    content: str | None = MISSING,
) -> None:
    """Edit the message the component is on: by the response, or by the interaction's
    webhook once the response was deferred. ``content`` None clears it; left out, it stays."""
    if content:
        content = clip(content, CONTENT)
    if embed is not None:
        embed = fit_embed(embed)
    view = fit_view(view)
    async with _reply_lock(interaction):
        if interaction.response.is_done():
            await interaction.edit_original_response(content=content, embed=embed, view=view)
        else:
            await interaction.response.edit_message(content=content, embed=embed, view=view)
            _note_answer(interaction)


class TonkTree(app_commands.CommandTree):
    """Every application-command error, and every component error (the cogs send those
    here too): a refusal the checks raised is explained; anything else is logged with its
    traceback and the player gets a short apology, never the traceback."""

    async def interaction_check(self, interaction: discord.Interaction, /) -> bool:
        """Tonk is played in servers: a command from a direct message is refused here,
        whatever the client let through (an autocomplete there gets no suggestions)."""
        if interaction.guild_id is not None:
            return True
        if interaction.type is discord.InteractionType.application_command:
            await answer(interaction, text("table.refusal.guild_only", locale_of(interaction)))
        return False

    async def on_error(
        self, interaction: discord.Interaction, error: app_commands.AppCommandError | Exception
    ) -> None:
        if isinstance(error, app_commands.NoPrivateMessage):
            message = text("table.refusal.guild_only", locale_of(interaction))
        else:
            log.exception("error handling %s", _describe(interaction), exc_info=error)
            message = text("table.error", locale_of(interaction))
        try:
            await answer(interaction, message)
        except discord.HTTPException:
            log.warning("could not apologise for %s", _describe(interaction))


def _describe(interaction: discord.Interaction) -> str:
    command = interaction.command.qualified_name if interaction.command else None
    custom_id = interaction.data.get("custom_id") if interaction.data else None
    return f"interaction {interaction.id} ({command or custom_id or interaction.type.name})"


class TonkBot(commands.Bot):
    """The Tonk bot. Everything it depends on can be injected (tests use a manual clock,
    short timings and stacked decks); the defaults are for production.

    No privileged intent is used: slash commands and components arrive as interactions.
    With ``database_url`` the tables, hands and scoreboards live in that database (opened
    in ``setup_hook``, closed by ``close``); without it tables are kept in memory only.

    Every command and component interaction still unanswered after
    ``Timing.reply_patience`` seconds is deferred (``defer_if_unanswered``), so Discord
    never shows "This interaction failed" while an answer waits for a lock or the database.
    """

    def __init__(
        self,
        *,
        dev_guild_id: int | None = None,
        journal: Journal | None = None,
        clock: Clock | None = None,
        timing: Timing | None = None,
        shuffler_factory: Callable[[], Shuffler] = Shuffler,
        sync_commands: bool = True,
        database_url: str | None = None,
    ) -> None:
        super().__init__(
            command_prefix=commands.when_mentioned,
            intents=discord.Intents(guilds=True),
            tree_cls=TonkTree,
            help_command=None,
            max_messages=None,
            chunk_guilds_at_startup=False,
        )
        self.dev_guild_id = dev_guild_id
        self.journal: Journal = journal or MemoryJournal()
        self.clock: Clock = clock or SystemClock()
        self.timing = timing or Timing()
        self.new_shuffler = shuffler_factory
        self._deferrals: set[asyncio.Task[None]] = set()
        self.metrics = Metrics()
        self._sync = sync_commands
        self.database_url = database_url
        self.store: Store | None = None
        self.restored: Sequence[Ledger] = []
        self.broken_tables: list[BrokenTable] = []

    async def setup_hook(self) -> None:
        if self.database_url is not None:
            await self._open_store(self.database_url)
        for name in EXTENSIONS:
            try:
                await self.load_extension(name)
            except commands.ExtensionError:
                log.exception("could not load the extension %s", name)
        if self._sync:
            await self._sync_commands()

    async def _open_store(self, url: str) -> None:
        """Open the database and bring its open tables back (the cogs report broken ones)."""
        self.store = await Store.open(url)
        self.journal = StoreJournal(self.store, self.new_shuffler)
        self.restored, self.broken_tables = await self.journal.load()

    async def on_interaction(self, interaction: discord.Interaction) -> None:
        """Arm the deferral of every command and component interaction."""
        if interaction.type in (
            discord.InteractionType.application_command,
            discord.InteractionType.component,
        ):
            self.loop.call_later(
                self.timing.reply_patience,
                lambda: self._watch(defer_if_unanswered(interaction)),
            )

    def _watch(self, deferral: Coroutine[Any, Any, None]) -> None:
        task = asyncio.create_task(deferral)
        self._deferrals.add(task)
        task.add_done_callback(self._deferred)

    def _deferred(self, task: asyncio.Task[None]) -> None:
        self._deferrals.discard(task)
        if not task.cancelled() and task.exception() is not None:
            log.warning("could not defer an interaction", exc_info=task.exception())

    async def close(self) -> None:
        """Disconnect, then close the database once nothing can write to it any more."""
        try:
            await super().close()
        finally:
            if self.store is not None:
                await self.store.close()
                self.store = None

    async def _sync_commands(self) -> None:
        """To DEV_GUILD_ID at once when it is set, else globally (which Discord propagates)."""
        if self.dev_guild_id is not None:
            guild = discord.Object(self.dev_guild_id)
            self.tree.copy_global_to(guild=guild)
            synced = await self.tree.sync(guild=guild)
            log.info("synced %d commands to server %d", len(synced), self.dev_guild_id)
        else:
            synced = await self.tree.sync()
            log.info("synced %d commands globally", len(synced))
