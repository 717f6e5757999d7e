"""The fake Discord's state (guilds, members, the bot's messages) and ways to query and await it."""

from __future__ import annotations

import asyncio
import logging
import re
import secrets
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Protocol, TypeVar

import discord

from bot.shards import shard_of

from .errors import ApiError, FakeDiscordTimeout, unknown_channel, unknown_message
from .gateway import DIRECT_MESSAGES_INTENT, GUILD_MESSAGES_INTENT, Gateway
from .limits import check_message
from .member import SimulatedMember
from .models import (
    DM_CHANNEL,
    EPHEMERAL_FLAG,
    PUBLIC_THREAD,
    TEXT_CHANNEL,
    FakeAttachment,
    FakeChannel,
    FakeGuild,
    FakeMember,
    FakeRole,
    FakeUser,
    MessageVersion,
    Payload,
    SnowflakeFactory,
    StoredMessage,
    Upload,
    Visibility,
    iso_now,
)
from .server import FakeServer

if TYPE_CHECKING:
    from .interactions import InteractionResult

T = TypeVar("T")

GATEWAY_PATH = "/gateway-ws"

DEFAULT_EVERYONE_PERMISSIONS = discord.Permissions(
    view_channel=True,
    send_messages=True,
    read_message_history=True,
    embed_links=True,
    attach_files=True,
    add_reactions=True,
    use_external_emojis=True,
    use_application_commands=True,
)
DEFAULT_BOT_PERMISSIONS = discord.Permissions.text() | DEFAULT_EVERYONE_PERMISSIONS
BOT_JOINED_LONG_AGO = "2015-05-13T00:00:00+00:00"
"""When the bot joined a guild made before it started, unless a test says: before it kept
its welcomes, so that it welcomes none of them at its start."""
ATTACHMENT_SIZE_LIMIT = 10 * 1024 * 1024

USER_MENTION = re.compile(r"<@!?(\d+)>")
ROLE_MENTION = re.compile(r"<@&(\d+)>")
EVERYONE_MENTION = re.compile(r"@(?:everyone|here)\b")

# Names discord.py gives the tasks that run interaction handlers (see ``settle``).
HANDLER_TASK_PREFIXES = (
    "CommandTree-invoker",
    "discord-ui-view-dispatch-",
    "discord-ui-dynamic-item-",
    "discord-ui-modal-dispatch-",
    "discord.py: on_interaction",
    "discord.py: on_app_command",
)


class HasId(Protocol):
    @property
    def id(self) -> int: ...


def id_of(obj: int | HasId) -> int:
    return obj if isinstance(obj, int) else obj.id


class _ErrorCollector(logging.Handler):
    """Collects discord.py's ERROR records and wakes the fake's waiters (from any thread)."""

    def __init__(self, fake: FakeDiscord, loop: asyncio.AbstractEventLoop) -> None:
        super().__init__(logging.ERROR)
        self._fake = fake
        self._loop = loop

    def emit(self, record: logging.LogRecord) -> None:
        self._fake.discord_errors.append(record)
        self._loop.call_soon_threadsafe(self._fake.notify)


@dataclass
class Outage:
    """Requests the fake fails on purpose: ``times`` more ``method`` requests to paths
    containing ``path_part`` get ``status`` (:data:`CONNECTION_CUT`: none)."""

    method: str
    path_part: str
    status: int
    times: int


class FakeDiscord:
    """An in-process Discord: REST API v10 + gateway on 127.0.0.1, plus the state behind them.

    Configure guilds, channels and members *before* starting a bot: the fake sends them in
    GUILD_CREATE and does not dispatch later changes to them. Public state: ``bot_user`` (its id
    is also the application id), ``app_owner`` (the application's owner, for ``is_owner``),
    ``bot_permissions`` (the bot's role in guilds added afterwards), ``timeout`` (default for
    every wait), ``guilds``, ``channels``, ``users``, ``messages`` (by id, in creation order),
    ``interactions``, ``discord_errors`` (discord.py ERROR log records) and
    ``unhandled_requests`` (calls to routes the fake lacks), ``oversize`` (messages refused
    for breaking Discord's size limits), ``requests`` (REST requests served, counted by
    method and route, e.g. ``"PATCH /channels/{channel_id}/messages/{message_id}"``).
    """

    def __init__(
        self, *, bot_name: str = "FakeBot", timeout: float = 5.0, shard_count: int = 1
    ) -> None:
        self.shard_count = shard_count
        self.new_id = SnowflakeFactory()
        self.token = f"fake-token-{secrets.token_hex(8)}"
        self.bot_user = FakeUser(self.new_id(), bot_name, bot=True)
        self.app_owner = FakeUser(self.new_id(), "app-owner")
        self.bot_permissions = DEFAULT_BOT_PERMISSIONS
        self.attachment_size_limit = ATTACHMENT_SIZE_LIMIT
        """The most bytes of files one message may carry (what interactions say, and what
        an upload is refused beyond): 10 MiB, an unboosted server's."""
        self.timeout = timeout
        self.answer_window: float | None = None
        """Seconds after an interaction is made within which Discord takes its first answer
        (3 on Discord); a later one gets 404 10062 Unknown interaction, and the member is
        shown that the interaction failed. None (the default): any time, so that a test on a
        loaded machine does not fail for the machine's sake."""
        self.users: dict[int, FakeUser] = {self.bot_user.id: self.bot_user}
        self.guilds: dict[int, FakeGuild] = {}
        self.channels: dict[int, FakeChannel] = {}
        self.messages: dict[int, StoredMessage] = {}
        self.global_commands: list[Payload] = []
        self.guild_commands: dict[int, list[Payload]] = {}
        self.interactions: dict[int, InteractionResult] = {}
        self._by_token: dict[str, InteractionResult] = {}
        self.unhandled_requests: list[str] = []
        self.requests: Counter[str] = Counter()
        self.outages: list[Outage] = []
        self.oversize: list[str] = []
        self.discord_errors: list[logging.LogRecord] = []
        self.gateway = Gateway(self)
        self._server = FakeServer(self)
        self._error_collector: _ErrorCollector | None = None
        self._changed = asyncio.Event()
        self._edited: dict[int, asyncio.Event] = {}
        self.url = ""

    def fail_requests(
        self, method: str, path_part: str, *, status: int = 503, times: int = 1
    ) -> None:
        """Answer the next ``times`` ``method`` requests whose path contains ``path_part``
        with ``status``, as Discord does during an outage; with :data:`CONNECTION_CUT`, cut
        their connections instead of answering; with :data:`RATE_LIMITED`, answer that they
        are over a rate limit."""
        self.outages.append(Outage(method, path_part, status, times))

    def outage_for(self, method: str, path: str) -> int | None:
        """The status to fail this request with, if an outage covers it (counted down)."""
        for outage in self.outages:
            if outage.method == method and outage.path_part in path and outage.times > 0:
                outage.times -= 1
                return outage.status
        return None

    @property
    def application_id(self) -> int:
        return self.bot_user.id

    @property
    def api_url(self) -> str:
        return f"{self.url}/api/v10"

    @property
    def gateway_url(self) -> str:
        return self.url.replace("http://", "ws://", 1) + GATEWAY_PATH

    # -- lifecycle -------------------------------------------------------------------------

    async def start(self) -> None:
        """Start serving on a random free port and start collecting discord.py ERROR logs."""
        self.url = await self._server.start(GATEWAY_PATH)
        self._error_collector = _ErrorCollector(self, asyncio.get_running_loop())
        logging.getLogger("discord").addHandler(self._error_collector)

    async def close(self) -> None:
        if self._error_collector is not None:
            logging.getLogger("discord").removeHandler(self._error_collector)
        await self.gateway.close()
        await self._server.close()

    # -- setup -----------------------------------------------------------------------------

    def add_guild(
        self,
        name: str = "Fake Guild",
        *,
        channels: Sequence[str] = ("general",),
        everyone_permissions: discord.Permissions = DEFAULT_EVERYONE_PERMISSIONS,
        shard: int | None = None,
        bot_joined_at: str = BOT_JOINED_LONG_AGO,
    ) -> FakeGuild:
        """A guild (owned by a user who is not a member) with the bot in it and text channels;
        with ``shard``, one whose id puts it on that shard of ``shard_count``. The bot joined
        it at ``bot_joined_at`` (ISO 8601): long ago unless a test says (a server that added
        the bot while it was not running: :func:`iso_now`), and now if :meth:`invite_bot`
        adds it."""
        guild_id = self.new_id()
        if shard is not None:
            step = (shard - shard_of(guild_id, self.shard_count)) % self.shard_count
            if step:
                guild_id = self.new_id.at_least(((guild_id >> 22) + step) << 22)
        guild = FakeGuild(id=guild_id, name=name, owner_id=self.new_id())
        guild.roles[guild.id] = FakeRole(guild.id, "@everyone", everyone_permissions.value)
        bot_role = self.add_role(guild, self.bot_user.name, self.bot_permissions, managed=True)
        guild.members[self.bot_user.id] = FakeMember(self.bot_user, [bot_role.id], bot_joined_at)
        self.guilds[guild.id] = guild
        for channel_name in channels:
            self.add_text_channel(guild, channel_name)
        return guild

    async def invite_bot(self, guild: FakeGuild) -> None:
        """A server adds the running bot (``guild``, made with :meth:`add_guild` after the
        bot started): the bot is sent its GUILD_CREATE, which discord.py reads as joining
        (``on_guild_join``: the payload has no ``unavailable``, which marks a server that
        comes back)."""
        guild.members[self.bot_user.id].joined_at = iso_now()
        payload = guild.payload()
        del payload["unavailable"]
        await self.gateway.dispatch_required("GUILD_CREATE", payload, guild_id=guild.id)
        self.notify()

    async def guild_back(self, guild: FakeGuild) -> None:
        """``guild``'s outage (``FakeGuild.unavailable``) ends: the bot is sent its
        GUILD_CREATE, which discord.py reads as the server coming back
        (``on_guild_available``)."""
        guild.unavailable = False
        await self.gateway.dispatch_required("GUILD_CREATE", guild.payload(), guild_id=guild.id)
        self.notify()

    def add_text_channel(
        self, guild: FakeGuild, name: str, channel_type: int = TEXT_CHANNEL
    ) -> FakeChannel:
        """A channel of ``guild``: a text channel, or (``VOICE_CHANNEL``) a voice channel
        with its text chat, where members run commands and the bot posts too, or
        (``FORUM_CHANNEL``) a forum, whose posts are threads (``add_thread``) and where
        nobody posts a message directly."""
        channel = FakeChannel(
            id=self.new_id(),
            name=name,
            type=channel_type,
            guild_id=guild.id,
            position=len(guild.channels),
        )
        guild.channels[channel.id] = channel
        self.channels[channel.id] = channel
        return channel

    async def deny(
        self, channel: FakeChannel, user_id: int, permissions: discord.Permissions
    ) -> None:
        """Take ``permissions`` away from a member (the bot too) in ``channel``, as a member
        overwrite does; a running bot is sent CHANNEL_UPDATE. The bot's requests in the
        channel then fail as on Discord: 403 / 50001 without View Channel, 403 / 50013 for a
        new message without Send Messages (or with embeds, without Embed Links); an edit
        without Embed Links loses its embeds."""
        channel.denied[user_id] = channel.denied.get(user_id, 0) | permissions.value
        await self.gateway.dispatch("CHANNEL_UPDATE", channel.payload(), guild_id=channel.guild_id)
        self.notify()

    def add_thread(self, parent: FakeChannel, name: str) -> FakeChannel:
        """A public thread of the text channel ``parent`` (it has the channel's overwrites;
        the bot posts in it with Send Messages in Threads)."""
        assert parent.guild_id is not None and not parent.is_thread
        thread = FakeChannel(
            id=self.new_id(),
            name=name,
            type=PUBLIC_THREAD,
            guild_id=parent.guild_id,
            parent_id=parent.id,
        )
        self.guilds[parent.guild_id].channels[thread.id] = thread
        self.channels[thread.id] = thread
        return thread

    async def start_thread(
        self, message: StoredMessage, name: str, auto_archive_duration: int
    ) -> FakeChannel:
        """The bot starts a public thread from ``message`` (whose id the thread takes, as on
        Discord): a running bot is sent THREAD_CREATE."""
        parent = self.channel(message.channel_id)
        if parent.is_thread or parent.guild_id is None:
            raise ApiError(400, 50024, "Cannot execute action on this channel type")
        if message.id in self.channels:
            raise ApiError(400, 160004, "A thread has already been created for this message")
        thread = FakeChannel(
            id=message.id,
            name=name,
            type=PUBLIC_THREAD,
            guild_id=parent.guild_id,
            parent_id=parent.id,
            owner_id=self.bot_user.id,
            auto_archive_duration=auto_archive_duration,
        )
        self.guilds[parent.guild_id].channels[thread.id] = thread
        self.channels[thread.id] = thread
        data = {**thread.payload(), "newly_created": True}
        await self.gateway.dispatch("THREAD_CREATE", data, guild_id=thread.guild_id)
        self.notify()
        return thread

    async def delete_channel(self, channel: FakeChannel) -> None:
        """Delete a guild channel or thread: a running bot is sent CHANNEL_DELETE (a thread:
        THREAD_DELETE), and the REST API answers 404 / 10003 (Unknown Channel) for it."""
        assert channel.guild_id is not None, "only guild channels can be deleted"
        del self.guilds[channel.guild_id].channels[channel.id]
        del self.channels[channel.id]
        if channel.is_thread:
            event, data = (
                "THREAD_DELETE",
                {
                    "id": str(channel.id),
                    "guild_id": str(channel.guild_id),
                    "parent_id": str(channel.parent_id),
                    "type": channel.type,
                },
            )
        else:
            event, data = "CHANNEL_DELETE", channel.payload()
        await self.gateway.dispatch(event, data, guild_id=channel.guild_id)
        self.notify()

    async def remove_bot(self, guild: FakeGuild) -> None:
        """Remove the bot from ``guild`` (kicked, or the server deleted): a running bot is sent
        GUILD_DELETE, and the REST API answers 403 / 50001 (Missing Access) in its channels."""
        del guild.members[self.bot_user.id]
        await self.gateway.dispatch("GUILD_DELETE", {"id": str(guild.id)}, guild_id=guild.id)
        self.notify()

    async def delete_role(self, guild: FakeGuild, role: FakeRole) -> None:
        """Delete a role of ``guild``: its members lose it, and a running bot is sent
        GUILD_ROLE_DELETE."""
        del guild.roles[role.id]
        for member in guild.members.values():
            if role.id in member.role_ids:
                member.role_ids.remove(role.id)
        data = {"guild_id": str(guild.id), "role_id": str(role.id)}
        await self.gateway.dispatch("GUILD_ROLE_DELETE", data, guild_id=guild.id)
        self.notify()

    async def update_role(self, guild: FakeGuild, role: FakeRole) -> None:
        """A role of ``guild`` was changed (its permissions, its position): a running bot is
        sent GUILD_ROLE_UPDATE."""
        data = {"guild_id": str(guild.id), "role": role.payload()}
        await self.gateway.dispatch("GUILD_ROLE_UPDATE", data, guild_id=guild.id)
        self.notify()

    def add_role(
        self,
        guild: FakeGuild,
        name: str,
        permissions: discord.Permissions,
        *,
        managed: bool = False,
        mentionable: bool = False,
    ) -> FakeRole:
        role = FakeRole(
            self.new_id(),
            name,
            permissions.value,
            position=len(guild.roles),
            managed=managed,
            mentionable=mentionable,
        )
        guild.roles[role.id] = role
        return role

    def bot_role(self, guild: FakeGuild) -> FakeRole:
        """The bot's own role in ``guild`` (managed: it came with the bot); change its
        ``permissions`` or ``position`` before the bot starts, or tell the running bot with
        :meth:`update_role`."""
        return next(
            role
            for role in guild.roles.values()
            if role.managed and role.name == self.bot_user.name
        )

    def add_member(
        self,
        guild: FakeGuild,
        user: str | FakeUser,
        *,
        dms_open: bool = True,
        permissions: discord.Permissions | None = None,
        roles: Iterable[FakeRole] = (),
    ) -> SimulatedMember:
        """Add a member (a new user, or an existing one joining another guild).

        ``permissions`` are granted through a role created for this member; ``dms_open=False``
        makes the bot's DMs to them fail with 403 / code 50007.
        """
        if isinstance(user, str):
            user = FakeUser(self.new_id(), user, dms_open=dms_open)
            self.users[user.id] = user
        role_ids = [role.id for role in roles]
        if permissions is not None:
            role_ids.append(self.add_role(guild, f"{user.name} permissions", permissions).id)
        guild.members[user.id] = FakeMember(user, role_ids)
        return SimulatedMember(self, guild, user)

    # -- lookups used by the REST API --------------------------------------------------------

    def channel(self, channel_id: int) -> FakeChannel:
        try:
            return self.channels[channel_id]
        except KeyError:
            raise unknown_channel() from None

    def user(self, user_id: int) -> FakeUser:
        try:
            return self.users[user_id]
        except KeyError:
            raise ApiError(404, 10013, "Unknown User") from None

    def open_dm(self, user_id: int) -> FakeChannel:
        recipient = self.user(user_id)
        for channel in self.channels.values():
            if channel.recipient is recipient:
                return channel
        channel = FakeChannel(id=self.new_id(), name="", type=DM_CHANNEL, recipient=recipient)
        self.channels[channel.id] = channel
        return channel

    def add_interaction(self, interaction: InteractionResult) -> None:
        """Record an interaction a simulated member is about to send."""
        self.interactions[interaction.id] = interaction
        self._by_token[interaction.token] = interaction
        self.notify()

    def interaction(self, token: str) -> InteractionResult:
        interaction = self._by_token.get(token)
        if interaction is None or interaction.expired:
            raise ApiError(404, 10015, "Unknown Webhook")
        return interaction

    def commands(self, guild: FakeGuild | None = None) -> list[Payload]:
        """The commands the bot synced, globally or (``guild``) for one guild."""
        return self.global_commands if guild is None else self.guild_commands.get(guild.id, [])

    def sync_commands(self, payloads: list[Payload], guild_id: int | None) -> list[Payload]:
        """Bulk-overwrite commands; a command keeps its id when its name and type are unchanged."""
        old = self.global_commands if guild_id is None else self.guild_commands.get(guild_id, [])
        old_ids = {(c["name"], c.get("type", 1)): c["id"] for c in old}
        synced = []
        for payload in payloads:
            command = {
                "type": 1,
                "description": "",
                "options": [],
                "default_member_permissions": None,
                "nsfw": False,
                **payload,
                "application_id": str(self.application_id),
                "version": str(self.new_id()),
            }
            command["id"] = old_ids.get((command["name"], command["type"])) or str(self.new_id())
            if command["default_member_permissions"] is not None:  # Discord answers a string
                command["default_member_permissions"] = str(command["default_member_permissions"])
            if guild_id is not None:
                command["guild_id"] = str(guild_id)
            synced.append(command)
        if guild_id is None:
            self.global_commands = synced
        else:
            self.guild_commands[guild_id] = synced
        self.notify()
        return synced

    # -- messages ----------------------------------------------------------------------------

    def _attachments(
        self, data: Payload, uploads: Sequence[Upload], existing: Sequence[FakeAttachment]
    ) -> list[FakeAttachment]:
        kept = {str(attachment.id): attachment for attachment in existing}
        specs = data.get("attachments")
        if specs is None:
            specs = [{"id": index} for index in range(len(uploads))]
        attachments = []
        for spec in specs:
            key = str(spec["id"])
            if key in kept:
                attachments.append(kept[key])
                continue
            if not key.isdigit() or int(key) >= len(uploads):
                raise ApiError(400, 50035, f"Invalid Form Body: no attachment or file {key}")
            upload = uploads[int(key)]
            attachments.append(
                FakeAttachment(
                    id=self.new_id(),
                    filename=spec.get("filename") or upload.filename,
                    content_type=upload.content_type,
                    data=upload.data,
                )
            )
        return attachments

    def check_limits(self, data: Payload) -> None:
        """Refuse ``data`` as Discord would if it is over a size limit, and remember it in
        ``oversize`` (the test then fails at teardown)."""
        try:
            check_message(data)
        except ApiError as error:
            self.oversize.append(error.message)
            raise

    async def post_message(
        self,
        channel: FakeChannel,
        data: Payload,
        uploads: Sequence[Upload] = (),
        *,
        ephemeral_for: FakeUser | None = None,
        interaction: InteractionResult | None = None,
        message_type: int = 0,
        mention_everyone: bool = False,
    ) -> StoredMessage:
        """Store a new message from the bot and dispatch MESSAGE_CREATE (refused as Discord
        refuses a message over its size limits). ``mention_everyone``: the bot has that
        permission in ``channel`` (see :func:`notified`)."""
        self.check_limits(data)
        if ephemeral_for is not None:
            visibility, recipient_id = Visibility.EPHEMERAL, ephemeral_for.id
        elif channel.recipient is not None:
            visibility, recipient_id = Visibility.DM, channel.recipient.id
        else:
            visibility, recipient_id = Visibility.CHANNEL, None
        message_id = self.new_id()
        flags = data.get("flags") or 0
        flags = (flags | EPHEMERAL_FLAG) if ephemeral_for else (flags & ~EPHEMERAL_FLAG)
        version = MessageVersion(
            message_id=message_id,
            channel_id=channel.id,
            visibility=visibility,
            content=data.get("content") or "",
            embeds=list(data.get("embeds") or []),
            components=list(data.get("components") or []),
            flags=flags,
            attachments=self._attachments(data, uploads, ()),
        )
        message = StoredMessage(
            id=message_id,
            channel_id=channel.id,
            guild_id=channel.guild_id,
            author=self.bot_user,
            visibility=visibility,
            recipient_id=recipient_id,
            versions=[version],
            type=message_type,
            interaction_id=None if interaction is None else interaction.id,
            interaction_metadata=None if interaction is None else interaction.metadata(),
            message_reference=data.get("message_reference"),
            notified=notified(
                self.guilds.get(channel.guild_id or 0),
                version.content,
                data.get("allowed_mentions"),
                mention_everyone=mention_everyone,
            )
            - {self.bot_user.id},
        )
        self.messages[message.id] = message
        self.notify()
        await self._dispatch_message_event("MESSAGE_CREATE", message, message.payload())
        return message

    async def edit_message(
        self, message: StoredMessage, data: Payload, uploads: Sequence[Upload] = ()
    ) -> StoredMessage:
        """Apply a partial edit (only the keys present change) and dispatch MESSAGE_UPDATE."""
        self.check_limits(data)
        attachments = None
        if "attachments" in data or uploads:
            attachments = self._attachments(data, uploads, message.attachments)
        message.versions.append(message.new_version(data, attachments))
        message.edited_timestamp = iso_now()
        self._message_changed(message)
        await self._dispatch_message_event("MESSAGE_UPDATE", message, message.payload())
        return message

    async def delete_message(self, message: StoredMessage) -> None:
        message.deleted = True
        self._message_changed(message)
        data = {"id": str(message.id), "channel_id": str(message.channel_id)}
        if message.guild_id is not None:
            data["guild_id"] = str(message.guild_id)
        await self._dispatch_message_event("MESSAGE_DELETE", message, data)

    async def _dispatch_message_event(
        self, event: str, message: StoredMessage, data: Payload
    ) -> None:
        if message.visibility is Visibility.EPHEMERAL:
            return
        intent = GUILD_MESSAGES_INTENT if message.guild_id else DIRECT_MESSAGES_INTENT
        await self.gateway.dispatch(event, data, guild_id=message.guild_id, intent=intent)

    def bot_message(self, channel_id: int, message_id: int) -> StoredMessage:
        """A non-ephemeral, undeleted message in a channel, as the REST API can reach it."""
        message = self.messages.get(message_id)
        if (
            message is None
            or message.deleted
            or message.channel_id != channel_id
            or message.visibility is Visibility.EPHEMERAL
        ):
            raise unknown_message()
        return message

    # -- queries ---------------------------------------------------------------------------

    def messages_in(
        self, channel: int | HasId, *, include_deleted: bool = False
    ) -> list[StoredMessage]:
        """The channel's non-ephemeral messages, oldest first."""
        channel_id = id_of(channel)
        return [
            m
            for m in self.messages.values()
            if m.channel_id == channel_id
            and m.visibility is not Visibility.EPHEMERAL
            and (include_deleted or not m.deleted)
        ]

    def visible_to(self, user: int | HasId) -> list[MessageVersion]:
        """Every version of every message ``user`` could ever see (deleted ones included)."""
        user_id = id_of(user)
        return [
            version
            for message in self.messages.values()
            if message.is_visible_to(user_id, self._guild_member_ids(message.guild_id))
            for version in message.versions
        ]

    def dms_of(self, user: int | HasId) -> list[StoredMessage]:
        user_id = id_of(user)
        return [
            m
            for m in self.messages.values()
            if m.visibility is Visibility.DM and m.recipient_id == user_id
        ]

    def ephemerals_of(self, user: int | HasId) -> list[StoredMessage]:
        user_id = id_of(user)
        return [
            m
            for m in self.messages.values()
            if m.visibility is Visibility.EPHEMERAL and m.recipient_id == user_id
        ]

    def latest(
        self,
        *,
        title: str | None = None,
        contains: str | None = None,
        channel: int | HasId | None = None,
        visible_to: int | HasId | None = None,
    ) -> StoredMessage | None:
        """The newest undeleted message matching every given filter.

        ``title`` must equal one of the embed titles; ``contains`` is searched in the message's
        whole text (see :meth:`MessageVersion.text`).
        """
        for message in reversed(self.messages.values()):
            if message.deleted:
                continue
            if title is not None and title not in message.embed_titles:
                continue
            if contains is not None and contains not in message.text():
                continue
            if channel is not None and message.channel_id != id_of(channel):
                continue
            if visible_to is not None and not message.is_visible_to(
                id_of(visible_to), self._guild_member_ids(message.guild_id)
            ):
                continue
            return message
        return None

    def _guild_member_ids(self, guild_id: int | None) -> Iterable[int]:
        return () if guild_id is None else self.guilds[guild_id].members.keys()

    # -- waiting ---------------------------------------------------------------------------

    def notify(self) -> None:
        """Wake every ``wait_for``: called on each change to the fake's state."""
        changed, self._changed = self._changed, asyncio.Event()
        changed.set()

    async def wait_for(
        self, predicate: Callable[[], T], timeout: float | None = None, *, what: str = ""
    ) -> T:
        """Wait until ``predicate()`` is truthy and return its value.

        The predicate is re-checked after every change to the fake's state (each REST call and
        gateway connection), not by polling.
        """
        timeout = self.timeout if timeout is None else timeout
        try:
            async with asyncio.timeout(timeout):
                while True:
                    changed = self._changed
                    result = predicate()
                    if result:
                        return result
                    await changed.wait()
        except TimeoutError:
            description = what or getattr(predicate, "__name__", repr(predicate))
            raise FakeDiscordTimeout(
                f"still waiting for {description} after {timeout}s{self.error_report()}"
            ) from None

    async def wait_for_edit(
        self, message: StoredMessage, seen: int, timeout: float | None = None
    ) -> StoredMessage:
        """Wait until ``message`` has more than ``seen`` versions (or was deleted).

        Unlike :meth:`wait_for` this wakes only when that message changes, so that many
        simulated members can each watch their own message cheaply (for load tests).
        """
        timeout = self.timeout if timeout is None else timeout
        try:
            async with asyncio.timeout(timeout):
                while len(message.versions) <= seen and not message.deleted:
                    await self._edited.setdefault(message.id, asyncio.Event()).wait()
        except TimeoutError:
            raise FakeDiscordTimeout(
                f"message {message.id} was not edited after {timeout}s{self.error_report()}"
            ) from None
        return message

    def _message_changed(self, message: StoredMessage) -> None:
        self.notify()
        edited = self._edited.pop(message.id, None)
        if edited is not None:
            edited.set()

    async def settle(
        self,
        timeout: float | None = None,
        *,
        task_prefixes: tuple[str, ...] = HANDLER_TASK_PREFIXES,
    ) -> None:
        """Wait until discord.py runs no interaction handler (command callbacks, view and
        dynamic item callbacks, modal submits, ``on_interaction`` listeners): tasks named with
        one of ``task_prefixes``.

        Work a handler hands off to its own tasks is not awaited: use :meth:`wait_for` for that.
        """
        timeout = self.timeout if timeout is None else timeout
        current = asyncio.current_task()
        pending: list[asyncio.Task[object]] = []
        try:
            async with asyncio.timeout(timeout):
                while pending := [
                    task
                    for task in asyncio.all_tasks()
                    if task is not current
                    and not task.done()
                    and task.get_name().startswith(task_prefixes)
                ]:
                    await asyncio.wait(pending)
        except TimeoutError:
            names = sorted(task.get_name() for task in pending)
            raise FakeDiscordTimeout(
                f"bot tasks still running after {timeout}s: {names} (if a handler waits for "
                f"further input, call the simulated member with settle=False){self.error_report()}"
            ) from None

    def error_report(self) -> str:
        """The discord.py errors logged so far, formatted to append to a failure message."""
        if not self.discord_errors:
            return ""
        formatter = logging.Formatter("%(name)s: %(message)s")
        return "\ndiscord.py logged:\n" + "\n".join(map(formatter.format, self.discord_errors))


def notified(
    guild: FakeGuild | None, content: str, allowed: Payload | None, *, mention_everyone: bool
) -> frozenset[int]:
    """The users a new message notifies, as Discord decides it: the users its content
    mentions (``<@id>``), the members of the roles it mentions (``<@&id>``) and, for
    ``@everyone`` or ``@here``, every member of the guild; each kind only as far as the
    message's ``allowed_mentions`` lets it through (every kind without it: its ``parse``
    names whole kinds, its ``users`` and ``roles`` lists single ids). A role that is not
    mentionable, and everyone, also need the author's Mention Everyone permission. Edits
    notify nobody, and the author is not notified of its own message (``post_message``)."""
    kinds = {"users", "roles", "everyone"} if allowed is None else set(allowed.get("parse") or ())
    users = {int(user) for user in (allowed or {}).get("users") or ()}
    roles = {int(role) for role in (allowed or {}).get("roles") or ()}
    members = guild.members if guild is not None else {}
    pinged = {
        int(user)
        for user in USER_MENTION.findall(content)
        if "users" in kinds or int(user) in users
    }
    for role in map(int, ROLE_MENTION.findall(content)):
        mentionable = guild is not None and role in guild.roles and guild.roles[role].mentionable
        if ("roles" in kinds or role in roles) and (mention_everyone or mentionable):
            pinged |= {uid for uid, member in members.items() if role in member.role_ids}
    if mention_everyone and "everyone" in kinds and EVERYONE_MENTION.search(content):
        pinged |= set(members)
    return frozenset(pinged)
