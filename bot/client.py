"""The bot: ``TonkBot`` loads the cogs and syncs the slash commands; ``TonkTree`` is the one
place where an error in a command or a component ends up (logged, apologised for).

``answer``, ``show`` and ``update`` are how the cogs reply to an interaction: each fits what
it sends into Discord's limits (``bot.render.limits``), whatever the text holds.
"""

from __future__ import annotations

import asyncio
import contextlib
import importlib
import logging
from collections.abc import Awaitable, Callable, Coroutine, Mapping, Sequence
from enum import Enum
from http import HTTPStatus
from types import ModuleType
from typing import Any, TypeGuard

import aiohttp
import discord
from discord import InteractionResponseType, app_commands
from discord.ext import commands
from discord.http import Route, handle_message_parameters
from discord.utils import MISSING
from discord.webhook.async_ import async_context, interaction_message_response_params
from sqlalchemy.exc import DBAPIError

from bot.config import Timing
from bot.i18n import DEFAULT_LOCALE, has_text, text
from bot.i18n.en import MESSAGES
from bot.i18n.mentions import GROUP
from bot.i18n.refusal import Refusal
from bot.members import DEFAULT_SETTINGS, Members, MemberSettings
from bot.metrics import Metrics
from bot.render.limits import CONTENT, clip, fit_embed, fit_view
from bot.routing import ComponentRouter
from bot.shards import Shards
from bot.store import (
    BrokenTable,
    DatabaseUnreachable,
    ReadUnavailable,
    Store,
    StoreUnavailable,
)
from bot.store.errors import driver_detail
from bot.tables.dealing import Shuffler
from bot.tables.journal import StoreJournal
from bot.tables.ledger import Journal, Ledger, MemoryJournal
from bot.tables.timers import Clock, SystemClock

log = logging.getLogger(__name__)

EXTENSIONS = ("cogs.tonk", "cogs.scoreboard")
"""The bot's parts: packages with ``setup(bot)`` and ``teardown(bot)`` coroutines, set up in
this order when the bot starts and torn down in the reverse order when it closes."""


REPLY_LOCK = "tonk.reply_lock"
DEFER_AS = "tonk.defer_as"
DEFERRAL = "tonk.deferral"
LATE_DEFERRAL = "tonk.late_deferral"
ANSWERED = "tonk.answered"

UNKNOWN_INTERACTION = 10062
"""Discord's error code for an answer to an interaction it no longer takes: one that came
after its three seconds (the member was shown that the interaction failed)."""

RESPONSE_SLOT = "_cs_response"
"""Where discord.py keeps an interaction's ``InteractionResponse`` once it was asked for.

The response points back at its interaction, so every answered interaction is a reference
cycle, which only the garbage collector frees, with the member, user and dicts it holds. A
player's panel keeps its interaction (its token edits the panel) until the next click, a
second or more: long enough for all of it to reach the collector's oldest generation. So
once an interaction is answered (:func:`_note_answer`) its response is dropped, and
:func:`_answered` asks ``extras`` instead. At 300 busy tables of ``bench/bot_load.py`` (a
30 s run) the full collections had freed 77,000 objects, nearly all of them interactions'
(8 collections, the longest 104 ms, 1.5 s in all collections); with the response dropped
they free about 500 (5 to 7 collections, the longest 52-80 ms, 0.5-1.4 s in all of them:
what remains is the objects that live long for good reasons, a hand's actions and views)."""


class Defer(Enum):
    """How an interaction is deferred when its answer is slow to come."""

    UPDATE = "update"
    """A component's message will be edited (Discord shows nothing meanwhile)."""
    EPHEMERAL = "ephemeral"
    """A private answer will come ("thinking…" only the member sees)."""
    PUBLIC = "public"
    """A public answer will come ("thinking…" in the channel)."""


def locale_of(interaction: discord.Interaction) -> str:
    """The language the member reads: the one they chose in this server with
    ``/tonk me set``, else the one their Discord client sends with this interaction
    (``en-US`` reads the English catalogue), even if another one of theirs came first."""
    client_locale = str(interaction.locale)
    members = getattr(interaction.client, "members", None)
    if interaction.guild_id is None or not isinstance(members, Members):
        return client_locale
    return members.chosen(interaction.guild_id, interaction.user.id) or client_locale


def member_locale(client: discord.Client, guild_id: int, user_id: int, fallback: str) -> str:
    """The language a member reads where no interaction says it (their direct messages):
    chosen, else the one their client last sent, else ``fallback``."""
    members = getattr(client, "members", None)
    if not isinstance(members, Members):
        return fallback
    return members.locale(guild_id, user_id, fallback)


def member_settings(client: discord.Client, guild_id: int, user_id: int) -> MemberSettings:
    """What the member chose for themselves in the server (``/tonk me set``)."""
    members = getattr(client, "members", None)
    if not isinstance(members, Members):
        return DEFAULT_SETTINGS
    return members.settings(guild_id, user_id)


def server_locale(interaction: discord.Interaction, chosen: str) -> str:
    """The language of a server's public messages: ``chosen`` with ``/tonk config
    language``, else the server's Discord locale, else English."""
    return chosen or str(interaction.guild_locale or DEFAULT_LOCALE)


def defer_as(interaction: discord.Interaction, how: Defer) -> None:
    """Say how ``interaction`` is to be deferred if its answer is late (before any await)."""
    interaction.extras[DEFER_AS] = how


def _note_answer(interaction: discord.Interaction) -> None:
    """The interaction got its first answer (or deferral): count how long it waited, and
    drop its deferral timer, which would keep the interaction's objects alive for two
    seconds (long enough for them to reach the collector's oldest generation, whose full
    collections then pause the bot), and its response (see :data:`RESPONSE_SLOT`): what
    answers it from now on is a follow-up or an edit, through its token."""
    deferral = interaction.extras.pop(DEFERRAL, None)
    if deferral is not None:
        deferral.cancel()
    interaction.extras[ANSWERED] = True
    with contextlib.suppress(AttributeError):
        delattr(interaction, RESPONSE_SLOT)
    metrics = getattr(interaction.client, "metrics", None)
    if isinstance(metrics, Metrics):
        metrics.answered(age_of(interaction))


DISCORD_FAILURES = (discord.HTTPException, aiohttp.ClientConnectionError)
"""What a request to Discord raises when it fails: Discord's answer (an outage's 5xx, a
refusal), or no answer at all (a connection refused, reset or cut, which discord.py does not
try again on Linux)."""


def failure_text(error: discord.HTTPException | aiohttp.ClientConnectionError) -> str:
    """A failed request to Discord, for a log line: Discord's status, or how the connection
    failed."""
    if isinstance(error, discord.HTTPException):
        return str(error.status)
    return type(error).__name__


def discord_busy(error: BaseException | None) -> TypeGuard[discord.HTTPException]:
    """Whether Discord failed a request for want of room, not for anything in it: an
    outage's 5xx, or the 429 (over a rate limit) it kept answering past discord.py's five
    tries. Such a request may succeed as it is a moment later."""
    if isinstance(error, discord.DiscordServerError):
        return True
    return isinstance(error, discord.HTTPException) and error.status == HTTPStatus.TOO_MANY_REQUESTS


def age_of(interaction: discord.Interaction) -> float:
    """Seconds since Discord made ``interaction`` (the time in its id), by this host's clock."""
    return (discord.utils.utcnow() - interaction.created_at).total_seconds()


def patience_left(patience: float, age: float) -> float:
    """How much longer an interaction that Discord made ``age`` seconds ago may wait for its
    answer before it is deferred: the rest of ``patience``; none once that is spent (it
    reached the bot late: a busy process, a slow gateway); never more than ``patience`` (a
    host clock behind Discord's)."""
    return max(0.0, min(patience, patience - age))


def _answered(interaction: discord.Interaction) -> bool:
    """Whether the interaction got its first answer (or deferral)."""
    return bool(interaction.extras.get(ANSWERED)) or interaction.response.is_done()


def _reply_lock(interaction: discord.Interaction) -> asyncio.Lock:
    """One answer at a time per interaction: the late deferral and the answer never cross."""
    lock: asyncio.Lock = interaction.extras.setdefault(REPLY_LOCK, asyncio.Lock())
    return lock


async def defer_if_unanswered(interaction: discord.Interaction) -> None:
    """Defer ``interaction`` unless it was answered: within Discord's three seconds, whatever
    its answer still waits for (a table's lock, the database)."""
    async with _reply_lock(interaction):
        if _answered(interaction) or interaction.is_expired():
            return
        component = interaction.type is discord.InteractionType.component
        how = interaction.extras.get(DEFER_AS, Defer.UPDATE if component else Defer.EPHEMERAL)
        if how is Defer.UPDATE:
            await interaction.response.defer()
        else:
            await interaction.response.defer(ephemeral=how is Defer.EPHEMERAL, thinking=True)
        _note_answer(interaction)
        log.info("%s deferred", _describe(interaction))


def too_late(error: BaseException | None) -> bool:
    """Whether ``error`` is Discord's refusal of an answer that came after its three seconds
    (10062 Unknown interaction)."""
    return isinstance(error, discord.NotFound) and error.code == UNKNOWN_INTERACTION


async def gone(interaction: discord.Interaction) -> bool:
    """Whether Discord gave up on ``interaction`` before the bot could answer it.

    An interaction that reaches the bot with its patience spent (``Timing.reply_patience``
    after the time in its id: a slow gateway, a busy process) is deferred at once, by
    whichever asks first (the command tree's check, or the bot as it routes a click; the
    other waits for the same deferral). Only Discord's 10062 Unknown interaction to that
    deferral says it gave up: the member was shown "This interaction failed", so nothing is
    to be done for it, and doing it would play a move the member saw fail. The host's clock
    alone never drops an interaction; one that runs ahead of Discord's only defers sooner."""
    timing = getattr(interaction.client, "timing", None)
    patience = timing.reply_patience if isinstance(timing, Timing) else Timing().reply_patience
    if patience_left(patience, age_of(interaction)) > 0:
        return False
    deferral = interaction.extras.get(LATE_DEFERRAL)
    if deferral is None:
        deferral = interaction.extras[LATE_DEFERRAL] = asyncio.ensure_future(
            _defer_late(interaction)
        )
    done: bool = await asyncio.shield(deferral)
    return done


async def _defer_late(interaction: discord.Interaction) -> bool:
    """Defer an interaction that came late; whether Discord said it gave up on it."""
    try:
        await defer_if_unanswered(interaction)
    except DISCORD_FAILURES as error:
        if too_late(error):
            log.warning(
                "%s reached the bot %.1f s after it was made, too late for Discord to take an "
                "answer: the member was shown that it failed, and nothing is done for it",
                _describe(interaction),
                age_of(interaction),
            )
            metrics = getattr(interaction.client, "metrics", None)
            if isinstance(metrics, Metrics):
                metrics.gone()
            return True
        log.warning("could not defer %s (%s)", _describe(interaction), failure_text(error))
    return False


async def guarded(interaction: discord.Interaction, work: Callable[[], Awaitable[None]]) -> None:
    """Answer a click with ``work``; any error goes to the command tree's one error path
    (logged, and an apology to the player)."""
    client: Any = interaction.client
    try:
        await work()
    except Exception as error:
        await client.tree.on_error(interaction, error)


class GuardedItem:
    """What the bot's ``DynamicItem``s share (first among their bases; each implements
    ``run``, not ``callback``): a click Discord gave up on before the bot could answer it is
    not run (:func:`gone`), and an error in ``run`` goes to the command tree's one error path
    (:func:`guarded`), where discord.py would only log it and leave the member unanswered."""

    async def interaction_check(self, interaction: discord.Interaction, /) -> bool:
        return not await gone(interaction)

    async def callback(self, interaction: discord.Interaction) -> None:
        await guarded(interaction, lambda: self.run(interaction))

    async def run(self, interaction: discord.Interaction) -> None:
        """What a click on the item does."""
        raise NotImplementedError


async def answer(
    interaction: discord.Interaction,
    content: str,
    *,
    ephemeral: bool = True,
    view: discord.ui.View = MISSING,
    file: discord.File = MISSING,
) -> None:
    """Say ``content`` (with ``view`` under it, ``file`` attached) by the interaction's
    response, or by a follow-up once the response was used (or deferred)."""
    content = clip(content, CONTENT)
    if view is not MISSING:
        view = fit_view(view)
    async with _reply_lock(interaction):
        if _answered(interaction):
            await interaction.followup.send(content, ephemeral=ephemeral, view=view, file=file)
        else:
            await interaction.response.send_message(
                content, ephemeral=ephemeral, view=view, file=file
            )
            _note_answer(interaction)


async def show(
    interaction: discord.Interaction,
    *,
    embed: discord.Embed = MISSING,
    content: str = MISSING,
    view: discord.ui.View = MISSING,
    ephemeral: bool,
) -> int:
    """Answer with a new message, ``embed`` or ``content`` (the response, else a
    follow-up); the message's id."""
    if embed is not MISSING:
        embed = fit_embed(embed)
    if content is not MISSING:
        content = clip(content, CONTENT)
    if view is not MISSING:
        view = fit_view(view)
    async with _reply_lock(interaction):
        if _answered(interaction):
            message = await interaction.followup.send(
                content, embed=embed, view=view, ephemeral=ephemeral, wait=True
            )
            return message.id
        response = await interaction.response.send_message(
            content, embed=embed, view=view, ephemeral=ephemeral
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
        if _answered(interaction):
            await edit_original(interaction, content=content, embed=embed, view=view)
            return
        params = interaction_message_response_params(
            type=InteractionResponseType.message_update.value,
            content=content,
            embed=embed,
            view=view,
            previous_allowed_mentions=interaction.client.allowed_mentions,
        )
        await _token_request(
            interaction,
            "POST",
            "/interactions/{webhook_id}/{webhook_token}/callback",
            interaction.id,
            params.payload,
        )
        _note_answer(interaction)


async def edit_original(
    interaction: discord.Interaction,
    *,
    content: str | None = MISSING,
    embed: discord.Embed | None = MISSING,
    view: discord.ui.View | None = MISSING,
) -> None:
    """Edit the interaction's own message through its token (a deferred answer, or a panel
    brought up to date later); ``None`` clears a part, left out it stays. The caller fits
    what it sends into Discord's limits."""
    with handle_message_parameters(
        content=content,
        embed=embed,
        view=view,
        previous_allowed_mentions=interaction.client.allowed_mentions,
    ) as params:
        await _token_request(
            interaction,
            "PATCH",
            "/webhooks/{webhook_id}/{webhook_token}/messages/@original",
            interaction.application_id,
            params.payload,
        )


async def _token_request(
    interaction: discord.Interaction,
    method: str,
    path: str,
    webhook_id: int,
    payload: dict[str, Any] | None,
) -> None:
    """Send a request to ``path`` (with ``webhook_id`` and the interaction's token in it),
    and read nothing of the answer.

    discord.py's ``InteractionResponse.edit_message`` asks Discord to send the edited message
    back and ``Interaction.edit_original_response`` parses it, each into a ``Message`` (its
    embeds, every button and menu option) that nothing here reads, and each stores the view,
    which the bot never needs: every click is routed by its custom id (``bot.routing``). So
    ``update`` and ``edit_original`` send the same request without them, as ``edit_message``
    does for channel messages.
    """
    http = interaction.client.http
    route = Route(method, path, webhook_id=webhook_id, webhook_token=interaction.token)
    await async_context.get().request(
        route,
        session=interaction._session,
        proxy=http.proxy,
        proxy_auth=http.proxy_auth,
        payload=payload,
    )


async def edit_message(
    client: discord.Client,
    channel_id: int,
    message_id: int,
    *,
    content: str | None = MISSING,
    embed: discord.Embed | None = MISSING,
    view: discord.ui.View | None = MISSING,
) -> None:
    """Edit a message the bot sent in a channel or a DM (raises ``discord.NotFound`` when it
    is gone). ``content`` None clears it; left out, it stays; and so for the others.

    Unlike ``PartialMessage.edit`` it makes no ``Message`` of Discord's answer, which nothing
    here reads (that parse took about a fifth of a table-message edit's CPU time in
    ``bench/bot_load.py``), and it does not store the view: the clicks on every component
    the bot sends are routed by their custom id (``bot.routing``, or a ``DynamicItem``),
    registered once with the client.
    """
    if content:
        content = clip(content, CONTENT)
    with handle_message_parameters(
        content=content,
        embed=embed,
        view=view,
        previous_allowed_mentions=client.allowed_mentions,
    ) as params:
        await client.http.edit_message(channel_id, message_id, params=params)


COMMAND_LOCALES = {discord.Locale.romanian: "ro", discord.Locale.vietnamese: "vi"}
"""The Discord locales the slash commands are listed in besides English (Discord has no
Persian: a Persian reader chooses it with ``/tonk me set language:``)."""

DESCRIPTIONS = {
    message: key
    for key, message in MESSAGES.items()
    if ".command." in key and isinstance(message, str)
}
"""Every command, group and option description's key, by its English text."""


def command_id(interaction: discord.Interaction) -> int | None:
    """The id Discord gave ``/tonk``: as synced at start, else as the slash command the
    interaction ran says (None for a click when the commands were not synced)."""
    known = getattr(interaction.client, "command_id", None)
    if isinstance(known, int):
        return known
    data: Mapping[str, object] = interaction.data or {}
    value = data.get("id")
    return int(value) if isinstance(value, str | int) else None


def refusal_text(refusal: Refusal, interaction: discord.Interaction) -> str:
    """Why ``refusal`` refused, in the member's language, its commands clickable."""
    return refusal.message(locale_of(interaction), command_id(interaction))


def command_descriptions(group: app_commands.Group) -> dict[str, str]:
    """Every command under ``group``, by its path below it (``config show``): the catalogue
    key of its description."""
    return {
        command.qualified_name.removeprefix(f"{group.name} "): DESCRIPTIONS[command.description]
        for command in group.walk_commands()
        if isinstance(command, app_commands.Command)
    }


CHOICE_KEYS = ("preset.{}", "bots.level.{}", "language.{}", "command.choice.{}")
"""Where a choice's name is found, by its value: the first of these keys that exists."""


class CatalogueTranslator(app_commands.Translator):
    """Lists the slash commands in Romanian and Vietnamese from the catalogue: names
    (``command.name.*``, ``command.option.*``), descriptions (their ``*.command.*`` keys)
    and choices (by value). Anything else, and any other locale, stays English."""

    async def translate(
        self,
        string: app_commands.locale_str,
        locale: discord.Locale,
        context: app_commands.TranslationContextTypes,
    ) -> str | None:
        language = COMMAND_LOCALES.get(locale)
        key = _command_key(string.message, context) if language else None
        return text(key, language) if key is not None and language else None


def _command_key(message: str, context: app_commands.TranslationContextTypes) -> str | None:
    where = app_commands.TranslationContextLocation
    if context.location in (where.command_name, where.group_name):
        key = f"command.name.{message}"
    elif context.location is where.parameter_name:
        key = f"command.option.{message}"
    elif context.location is where.choice_name and isinstance(context.data, app_commands.Choice):
        keys = (form.format(context.data.value) for form in CHOICE_KEYS)
        key = next((k for k in keys if has_text(k)), "")
    else:
        key = DESCRIPTIONS.get(message, "")
    return key if has_text(key) else None


class TonkTree(app_commands.CommandTree):
    """Every application-command error, and every component error (the cogs send those
    here too): a refusal the checks raised is explained; a write the database could not
    take (``StoreUnavailable``: nothing of it landed) or a read it could not answer
    (``ReadUnavailable``) is said as such, to try again; a request Discord itself failed
    after discord.py's own retries (``discord_busy``: an outage, or a rate limit, not a fault
    of the bot) or a connection to Discord that failed (``aiohttp.ClientConnectionError``:
    refused, reset, cut) is a warning without a traceback, and the player is told to try
    again in a moment; anything else is logged with its traceback and the player gets a
    short apology, never the traceback."""

    async def interaction_check(self, interaction: discord.Interaction, /) -> bool:
        """A command Discord gave up on before the bot could answer it is not run
        (``gone``). Tonk is played in servers: a command from a direct message is refused
        here, whatever the client let through (an autocomplete there gets no suggestions)."""
        command = interaction.type is discord.InteractionType.application_command
        if command and await gone(interaction):
            return False
        if interaction.guild_id is not None:
            return True
        if command:
            await answer(interaction, text("table.refusal.guild_only", locale_of(interaction)))
        return False

    async def on_error(
        self, interaction: discord.Interaction, error: app_commands.AppCommandError | Exception
    ) -> None:
        cause = error.original if isinstance(error, app_commands.CommandInvokeError) else error
        if isinstance(error, app_commands.NoPrivateMessage):
            message = text("table.refusal.guild_only", locale_of(interaction))
        elif isinstance(cause, StoreUnavailable):
            log.warning("could not save for %s: %s", _describe(interaction), cause.detail)
            message = text("table.error_not_saved", locale_of(interaction))
        elif isinstance(cause, ReadUnavailable):
            log.warning("could not read for %s: %s", _describe(interaction), cause.detail)
            message = text("table.error_not_read", locale_of(interaction))
        elif too_late(cause):
            log.warning(
                "the answer to %s came too late for Discord (%.1f s after the interaction): "
                "the member was shown that it failed",
                _describe(interaction),
                age_of(interaction),
            )
            return  # an apology would come too late as well
        elif discord_busy(cause):
            log.warning(
                "Discord failed a request for %s (%s): %s",
                _describe(interaction),
                cause.status,
                cause.text or "no detail",
            )
            message = text("table.error_discord", locale_of(interaction))
        elif isinstance(cause, aiohttp.ClientConnectionError):
            log.warning("Discord could not be reached for %s: %r", _describe(interaction), cause)
            message = text("table.error_discord", locale_of(interaction))
        else:
            log.exception("error handling %s", _describe(interaction), exc_info=error)
            message = text("table.error", locale_of(interaction))
        try:
            await answer(interaction, message)
        except DISCORD_FAILURES:
            log.warning("could not apologise for %s", _describe(interaction))


def _describe(interaction: discord.Interaction) -> str:
    command = interaction.command.qualified_name if interaction.command else None
    custom_id = interaction.data.get("custom_id") if interaction.data else None
    return f"interaction {interaction.id} ({command or custom_id or interaction.type.name})"


class TonkBot(commands.AutoShardedBot):
    """The Tonk bot. Everything it depends on can be injected (tests use a manual clock,
    short timings and stacked decks); the defaults are for production.

    It connects the gateway shards ``shards`` names (by default as many as Discord
    recommends, all in this process) and serves only the guilds on them: it restores only
    their tables, and an interaction from any other guild is ignored (Discord sends none;
    another process serves it), so no table is run by two processes.

    No privileged intent is used: slash commands and components arrive as interactions.
    Nothing the bot posts notifies anyone (``AllowedMentions.none()``: a member named
    ``@everyone`` pings nobody) except a turn reminder, which mentions its one member.
    With ``database_url`` the tables, hands and scoreboards live in that database (opened
    in ``setup_hook``, closed by ``close``); without it tables are kept in memory only.

    Every command and component interaction still unanswered ``Timing.reply_patience``
    seconds after Discord made it is deferred (``defer_if_unanswered``), so Discord never
    shows "This interaction failed" while an answer waits for a lock or the database; one
    that reached the bot later than that is deferred at once.
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
        shards: Shards | None = None,
    ) -> None:
        self.own_shards = shards or Shards()
        super().__init__(
            command_prefix=commands.when_mentioned,
            intents=discord.Intents(guilds=True),
            tree_cls=TonkTree,
            help_command=None,
            allowed_mentions=discord.AllowedMentions.none(),
            max_messages=None,
            chunk_guilds_at_startup=False,
            shard_count=self.own_shards.count,
        )
        if self.own_shards.ids is not None:
            self.shard_ids = list(self.own_shards.ids)
        self._serve_only_our_guilds()
        self.dev_guild_id = dev_guild_id
        self.journal: Journal = journal or MemoryJournal()
        self.clock: Clock = clock or SystemClock()
        self.timing = timing or Timing()
        self.new_shuffler = shuffler_factory
        self._deferrals: set[asyncio.Task[None]] = set()
        self.components = ComponentRouter()
        """The routes of the table's buttons and menus (``bot.routing``); the cogs add them."""
        self.metrics = Metrics()
        self._sync = sync_commands
        self.command_id: int | None = None
        """The id Discord gave ``/tonk`` when the commands were synced at start: with it, a
        sentence that names a command makes it a clickable mention."""
        self.database_url = database_url
        self.store: Store | None = None
        self.restored: Sequence[Ledger] = []
        self.broken_tables: list[BrokenTable] = []
        self.members = Members()
        self._parts: list[ModuleType] = []
        """The parts of :data:`EXTENSIONS` set up, in order."""
        self.quiet_guilds: set[int] = set()
        """The servers that turned turn reminders off (``/tonk config set``): read once at
        start, then kept by the command; a server is served by one process, which is the
        one its commands reach."""

    async def setup_hook(self) -> None:
        await self.tree.set_translator(CatalogueTranslator())
        if self.database_url is not None:
            await self._open_store(self.database_url)
        await self._set_up_parts()
        if self._sync:
            await self._sync_commands()

    async def _set_up_parts(self) -> None:
        """Set up each of :data:`EXTENSIONS`; one that fails is logged and undone, and the
        bot runs without it.

        Not discord.py's ``load_extension``: the ``unload_extension`` that goes with it (at
        every close) drops the package's modules from ``sys.modules``, so every bot started
        in the same process ran them all again (about 18 ms; the tests start hundreds), and
        a module imported before a close was no longer the running bot's."""
        for name in EXTENSIONS:
            try:
                part = importlib.import_module(name)
            except Exception:
                log.exception("could not import %s: the bot runs without it", name)
                continue
            try:
                await part.setup(self)
            except Exception:
                log.exception("could not set up %s: the bot runs without it", name)
                await self._drop_part(part)
            else:
                self._parts.append(part)

    async def _drop_part(self, part: ModuleType) -> None:
        """Undo a part's setup: its ``teardown``, then the removal of its cogs (each one's
        ``cog_unload``); a failure is logged, and the rest goes on."""
        try:
            await part.teardown(self)
        except Exception:
            log.exception("could not tear down %s", part.__name__)
        for name, cog in list(self.cogs.items()):
            if cog.__module__.startswith(f"{part.__name__}."):
                try:
                    await self.remove_cog(name)
                except Exception:
                    log.exception("could not remove the cog %s", name)

    async def _open_store(self, url: str) -> None:
        """Open the database, read what the members chose for themselves and bring the open tables
        back (the cogs report broken ones). :class:`DatabaseUnreachable` if it cannot be
        opened."""
        try:
            self.store = await Store.open(url)
        except (OSError, DBAPIError) as error:
            raise DatabaseUnreachable(f"{type(error).__name__}: {driver_detail(error)}") from error
        self.members = Members(await self.store.member_settings())
        self.quiet_guilds = await self.store.quiet_guilds()
        self.journal = StoreJournal(self.store, self.new_shuffler)
        self.restored, self.broken_tables = await self.journal.load(self.own_shards.owns)

    def _serve_only_our_guilds(self) -> None:
        """Drop every interaction from a guild on another process's shards before discord.py
        reads it (no command, component, modal or deferral runs for it); of a routed click,
        discord.py reads the clicked message without what the route never reads
        (``ComponentRouter.lighten``)."""
        parsers = self._connection.parsers
        parse = parsers["INTERACTION_CREATE"]

        def parse_ours(data: dict[str, Any]) -> None:
            guild = data.get("guild_id")
            if self.own_shards.owns(None if guild is None else int(guild)):
                self.components.lighten(data)
                parse(data)
            else:
                log.warning(
                    "ignored interaction %s: server %s is not on our shards", data.get("id"), guild
                )

        parsers["INTERACTION_CREATE"] = parse_ours

    async def on_interaction(self, interaction: discord.Interaction) -> None:
        """Remember the member's Discord language (for their DMs), arm the deferral of every
        command and component interaction (or defer one that came late at once), and run a
        click's route (``components``) unless Discord gave up on it (``gone``)."""
        if interaction.guild_id is not None:
            self.members.seen(interaction.guild_id, interaction.user.id, str(interaction.locale))
        if interaction.type in (
            discord.InteractionType.application_command,
            discord.InteractionType.component,
        ):
            left = patience_left(self.timing.reply_patience, age_of(interaction))
            if left > 0:
                interaction.extras[DEFERRAL] = self.loop.call_later(
                    left, lambda: self._watch(defer_if_unanswered(interaction))
                )
            elif await gone(interaction):
                return
        if interaction.type is discord.InteractionType.component:
            await self.components.dispatch(interaction)

    def _watch(self, deferral: Coroutine[Any, Any, None]) -> None:
        task = asyncio.create_task(deferral)
        self._deferrals.add(task)
        task.add_done_callback(self._deferred)

    def _deferred(self, task: asyncio.Task[None]) -> None:
        self._deferrals.discard(task)
        error = None if task.cancelled() else task.exception()
        if isinstance(error, DISCORD_FAILURES):
            log.warning("could not defer an interaction (%s)", failure_text(error))
        elif error is not None:
            log.warning("could not defer an interaction", exc_info=error)

    async def close(self) -> None:
        """Tear the parts down, disconnect, then close the database once nothing can write to
        it any more."""
        try:
            while self._parts:
                await self._drop_part(self._parts.pop())
            await super().close()
        finally:
            store, self.store = self.store, None  # a second close (SIGTERM's) finds none
            if store is not None:
                await store.close()

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
        self.command_id = next((command.id for command in synced if command.name == GROUP), None)
