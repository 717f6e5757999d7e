"""Records kept by the fake Discord: users, guilds, roles, channels and messages.

Each record can render itself as the JSON payload Discord's API v10 would send for it.
"""

from __future__ import annotations

import enum
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any

import discord

Payload = dict[str, Any]

EPHEMERAL_FLAG = 1 << 6
LOADING_FLAG = 1 << 7
COMPONENTS_V2_FLAG = 1 << 15

TEXT_CHANNEL = 0
DM_CHANNEL = 1
VOICE_CHANNEL = 2
FORUM_CHANNEL = 15
PUBLIC_THREAD = 11

BUTTON = 2
STRING_SELECT = 3
TEXT_INPUT = 4
SELECT_TYPES = frozenset({3, 5, 6, 7, 8})
LINK_BUTTON_STYLES = frozenset({5, 6})


class Visibility(enum.StrEnum):
    """Who can see a message the bot produced."""

    CHANNEL = "channel"  # every member of the channel's guild
    EPHEMERAL = "ephemeral"  # only the user who invoked the interaction
    DM = "dm"  # only the recipient of the direct message


CONNECTION_CUT = 0
"""The ``status`` of an outage whose requests get no answer at all: the fake closes the
connection, as a network failure between the bot and Discord does."""

RATE_LIMITED = 429
"""The ``status`` of an outage whose requests are over a rate limit: Discord's 429 with a
``retry_after`` of :data:`RATE_LIMIT_WAIT` seconds, which discord.py waits out before it sends
the request again (five tries in all)."""

RATE_LIMIT_WAIT = 0.05
"""The ``retry_after`` of the fake's 429s (seconds; Discord's are often under a second)."""


class SnowflakeFactory:
    """Strictly increasing snowflakes whose embedded timestamp is "now"."""

    def __init__(self) -> None:
        self._last = 0

    def __call__(self) -> int:
        return self.at_least(discord.utils.time_snowflake(discord.utils.utcnow()))

    def at_least(self, floor: int) -> int:
        """The next snowflake, no smaller than ``floor``."""
        self._last = max(floor, self._last + 1)
        return self._last


def iso_now() -> str:
    return discord.utils.utcnow().isoformat()


def snowflake_iso(snowflake: int) -> str:
    return discord.utils.snowflake_time(snowflake).isoformat()


@dataclass
class FakeUser:
    id: int
    name: str
    bot: bool = False
    dms_open: bool = True
    locale: str = "en-US"
    """The language of this user's Discord app, sent with each of their interactions."""

    def payload(self) -> Payload:
        return {
            "id": str(self.id),
            "username": self.name,
            "discriminator": "0",
            "global_name": None if self.bot else self.name,
            "avatar": None,
            "bot": self.bot,
            "public_flags": 0,
        }

    @property
    def mention(self) -> str:
        return f"<@{self.id}>"


@dataclass
class FakeRole:
    id: int
    name: str
    permissions: int
    position: int = 0
    managed: bool = False
    mentionable: bool = False
    """Anyone may notify its members by mentioning it (else only with Mention Everyone)."""

    def payload(self) -> Payload:
        return {
            "id": str(self.id),
            "name": self.name,
            "permissions": str(self.permissions),
            "position": self.position,
            "color": 0,
            "colors": {"primary_color": 0, "secondary_color": None, "tertiary_color": None},
            "hoist": False,
            "managed": self.managed,
            "mentionable": self.mentionable,
            "icon": None,
            "unicode_emoji": None,
            "flags": 0,
        }


@dataclass
class FakeChannel:
    """A guild text channel (``guild_id`` set) or a DM channel (``recipient`` set)."""

    id: int
    name: str
    type: int = TEXT_CHANNEL
    guild_id: int | None = None
    position: int = 0
    recipient: FakeUser | None = None
    parent_id: int | None = None
    """A thread's channel (``FakeDiscord.add_thread``)."""
    owner_id: int | None = None
    """Who started a thread (the bot, for ``FakeDiscord.start_thread``)."""
    thread_members: set[int] = field(default_factory=set)
    """A thread's members, by user id (added by the bot: ``PUT …/thread-members/…``)."""
    auto_archive_duration: int = 1440
    """A thread's minutes of inactivity before Discord hides it."""
    archived: bool = False
    """An archived thread: left out of GUILD_CREATE, which lists the active ones."""
    denied: dict[int, int] = field(default_factory=dict)
    """Member overwrites: the permissions this channel takes away from a member, by user id
    (``FakeDiscord.deny``)."""

    @property
    def is_dm(self) -> bool:
        return self.type == DM_CHANNEL

    @property
    def is_thread(self) -> bool:
        return self.type == PUBLIC_THREAD

    def payload(self) -> Payload:
        if self.recipient is not None:
            return {
                "id": str(self.id),
                "type": DM_CHANNEL,
                "recipients": [self.recipient.payload()],
                "last_message_id": None,
                "flags": 0,
            }
        if self.is_thread:
            return {
                "id": str(self.id),
                "type": self.type,
                "guild_id": str(self.guild_id),
                "parent_id": str(self.parent_id),
                "owner_id": str(self.guild_id if self.owner_id is None else self.owner_id),
                "name": self.name,
                "last_message_id": None,
                "message_count": 0,
                "member_count": 0,
                "rate_limit_per_user": 0,
                "flags": 0,
                "thread_metadata": {
                    "archived": self.archived,
                    "auto_archive_duration": self.auto_archive_duration,
                    "archive_timestamp": iso_now(),
                    "locked": False,
                },
            }
        return {
            "id": str(self.id),
            "type": self.type,
            "guild_id": str(self.guild_id),
            "name": self.name,
            "position": self.position,
            "permission_overwrites": [
                {"id": str(user_id), "type": 1, "allow": "0", "deny": str(deny)}
                for user_id, deny in self.denied.items()
            ],
            "nsfw": False,
            "topic": None,
            "parent_id": None,
            "rate_limit_per_user": 0,
            "last_message_id": None,
            "flags": 0,
            **({"bitrate": 64_000, "user_limit": 0} if self.type == VOICE_CHANNEL else {}),
        }


@dataclass
class FakeMember:
    user: FakeUser
    role_ids: list[int]
    joined_at: str = field(default_factory=iso_now)

    def payload(self, *, permissions: int | None = None, with_user: bool = True) -> Payload:
        data: Payload = {
            "roles": [str(role_id) for role_id in self.role_ids],
            "joined_at": self.joined_at,
            "nick": None,
            "avatar": None,
            "deaf": False,
            "mute": False,
            "flags": 0,
            "pending": False,
            "premium_since": None,
            "communication_disabled_until": None,
        }
        if with_user:
            data["user"] = self.user.payload()
        if permissions is not None:
            data["permissions"] = str(permissions)
        return data


@dataclass
class FakeGuild:
    id: int
    name: str
    owner_id: int
    roles: dict[int, FakeRole] = field(default_factory=dict)
    channels: dict[int, FakeChannel] = field(default_factory=dict)
    members: dict[int, FakeMember] = field(default_factory=dict)
    preferred_locale: str = "en-US"
    """The server's locale (Server Settings → Community), sent as ``guild_locale``."""
    system_channel_id: int | None = None
    """Where Discord posts its own notices (Server Settings → System Messages Channel)."""
    unavailable: bool = False
    """In an outage: a bot that connects is told of it as unavailable, and receives it only
    when it is back (``FakeDiscord.guild_back``)."""

    @property
    def text_channels(self) -> list[FakeChannel]:
        return [c for c in self.channels.values() if c.type == TEXT_CHANNEL]

    def channel(self, name: str) -> FakeChannel:
        """The text channel called ``name``."""
        for channel in self.text_channels:
            if channel.name == name:
                return channel
        names = [c.name for c in self.text_channels]
        raise KeyError(f"guild {self.name!r} has no channel {name!r} (channels: {names})")

    def permissions_of(self, user_id: int) -> discord.Permissions:
        """Guild-level permissions (a channel's overwrites: :meth:`permissions_in`)."""
        if user_id == self.owner_id:
            return discord.Permissions.all()
        value = self.roles[self.id].permissions
        for role_id in self.members[user_id].role_ids:
            value |= self.roles[role_id].permissions
        permissions = discord.Permissions(value)
        return discord.Permissions.all() if permissions.administrator else permissions

    def top_position(self, user_id: int) -> int:
        """The position of the member's highest role (0: @everyone's)."""
        return max(
            (self.roles[role_id].position for role_id in self.members[user_id].role_ids), default=0
        )

    def permissions_in(self, channel: FakeChannel, user_id: int) -> discord.Permissions:
        """Permissions in ``channel``: the guild's, less what its overwrites deny the member
        (the owner and administrators keep them all)."""
        permissions = self.permissions_of(user_id)
        if permissions.administrator:
            return permissions
        if channel.parent_id is not None:  # a thread has its channel's overwrites
            channel = self.channels[channel.parent_id]
        return discord.Permissions(permissions.value & ~channel.denied.get(user_id, 0))

    def payload(self) -> Payload:
        """The GUILD_CREATE payload."""
        return {
            "id": str(self.id),
            "name": self.name,
            "owner_id": str(self.owner_id),
            "unavailable": False,
            "large": False,
            "member_count": len(self.members),
            "roles": [role.payload() for role in self.roles.values()],
            "channels": [c.payload() for c in self.channels.values() if not c.is_thread],
            "members": [member.payload() for member in self.members.values()],
            "threads": [
                c.payload() for c in self.channels.values() if c.is_thread and not c.archived
            ],
            "presences": [],
            "voice_states": [],
            "emojis": [],
            "stickers": [],
            "features": [],
            "stage_instances": [],
            "guild_scheduled_events": [],
            "soundboard_sounds": [],
            "icon": None,
            "splash": None,
            "banner": None,
            "description": None,
            "preferred_locale": self.preferred_locale,
            "verification_level": 0,
            "default_message_notifications": 0,
            "explicit_content_filter": 0,
            "mfa_level": 0,
            "nsfw_level": 0,
            "premium_tier": 0,
            "system_channel_id": None
            if self.system_channel_id is None
            else str(self.system_channel_id),
            "system_channel_flags": 0,
            "afk_channel_id": None,
            "afk_timeout": 300,
            "joined_at": iso_now(),
        }


@dataclass(frozen=True)
class Upload:
    """A file uploaded with a multipart request."""

    filename: str
    content_type: str
    data: bytes


@dataclass(frozen=True)
class FakeAttachment:
    id: int
    filename: str
    content_type: str
    data: bytes

    def payload(self) -> Payload:
        url = f"https://cdn.fakediscord.invalid/attachments/{self.id}/{self.filename}"
        return {
            "id": str(self.id),
            "filename": self.filename,
            "size": len(self.data),
            "url": url,
            "proxy_url": url,
            "content_type": self.content_type,
        }


def iter_components(components: Iterable[Payload]) -> Iterator[Payload]:
    """Every component in a (v1 or v2) component tree, depth first."""
    for component in components:
        yield component
        yield from iter_components(component.get("components", []))
        for key in ("accessory", "component"):
            if key in component:
                yield from iter_components([component[key]])


def _embed_text(embed: Payload) -> Iterator[str]:
    yield embed.get("title", "")
    yield embed.get("description", "")
    yield embed.get("author", {}).get("name", "")
    yield embed.get("footer", {}).get("text", "")
    for embed_field in embed.get("fields", []):
        yield embed_field.get("name", "")
        yield embed_field.get("value", "")


def _component_text(component: Payload) -> Iterator[str]:
    for key in ("label", "placeholder", "content", "value"):
        if isinstance(component.get(key), str):
            yield component[key]
    for option in component.get("options", []):
        yield option.get("label", "")
        yield option.get("description") or ""


@dataclass(frozen=True)
class MessageVersion:
    """One version of a message, as its audience saw it (the original or one edit)."""

    message_id: int
    channel_id: int
    visibility: Visibility
    content: str
    embeds: list[Payload]
    components: list[Payload]
    flags: int
    attachments: list[FakeAttachment]

    @property
    def embed_titles(self) -> list[str]:
        return [embed["title"] for embed in self.embeds if embed.get("title")]

    def iter_components(self) -> Iterator[Payload]:
        return iter_components(self.components)

    def text(self) -> str:
        """All human-readable text: content, embeds, component labels/options, v2 text."""
        parts = [self.content]
        for embed in self.embeds:
            parts.extend(_embed_text(embed))
        for component in self.iter_components():
            parts.extend(_component_text(component))
        parts.extend(attachment.filename for attachment in self.attachments)
        return "\n".join(part for part in parts if part)


@dataclass
class StoredMessage:
    """A message in the fake's log, with every version it ever had."""

    id: int
    channel_id: int
    guild_id: int | None
    author: FakeUser
    visibility: Visibility
    recipient_id: int | None  # the only viewer of an ephemeral message or a DM
    versions: list[MessageVersion]
    type: int = 0
    interaction_id: int | None = None
    interaction_metadata: Payload | None = None
    message_reference: Payload | None = None
    deleted: bool = False
    edited_timestamp: str | None = None
    notified: frozenset[int] = frozenset()
    """The users Discord notified of this message when it was posted (``notified``)."""

    @property
    def current(self) -> MessageVersion:
        return self.versions[-1]

    @property
    def content(self) -> str:
        return self.current.content

    @property
    def embeds(self) -> list[Payload]:
        return self.current.embeds

    @property
    def embed_titles(self) -> list[str]:
        return self.current.embed_titles

    @property
    def components(self) -> list[Payload]:
        return self.current.components

    @property
    def flags(self) -> int:
        return self.current.flags

    @property
    def attachments(self) -> list[FakeAttachment]:
        return self.current.attachments

    @property
    def ephemeral(self) -> bool:
        return self.visibility is Visibility.EPHEMERAL

    @property
    def loading(self) -> bool:
        """A deferred ("Bot is thinking...") response not yet filled in."""
        return bool(self.flags & LOADING_FLAG)

    def text(self) -> str:
        return self.current.text()

    def buttons(self) -> list[Payload]:
        return [c for c in self.current.iter_components() if c["type"] == BUTTON]

    def selects(self) -> list[Payload]:
        return [c for c in self.current.iter_components() if c["type"] in SELECT_TYPES]

    def is_visible_to(self, user_id: int, guild_member_ids: Iterable[int]) -> bool:
        if user_id == self.author.id:
            return True
        if self.visibility is Visibility.CHANNEL:
            return user_id in guild_member_ids
        return user_id == self.recipient_id

    def new_version(
        self, data: Mapping[str, Any], attachments: list[FakeAttachment] | None = None
    ) -> MessageVersion:
        """The version resulting from applying a (partial) message edit payload."""
        old = self.current
        flags = old.flags & ~LOADING_FLAG
        if "flags" in data:
            # Ephemerality is fixed when a message is created; edits cannot change it.
            flags = ((data["flags"] or 0) & ~EPHEMERAL_FLAG) | (old.flags & EPHEMERAL_FLAG)
        return MessageVersion(
            message_id=self.id,
            channel_id=self.channel_id,
            visibility=self.visibility,
            content=(data["content"] or "") if "content" in data else old.content,
            embeds=list(data["embeds"] or []) if "embeds" in data else old.embeds,
            components=(list(data["components"] or []) if "components" in data else old.components),
            flags=flags,
            attachments=old.attachments if attachments is None else attachments,
        )

    def payload(self) -> Payload:
        version = self.current
        data: Payload = {
            "id": str(self.id),
            "channel_id": str(self.channel_id),
            "author": self.author.payload(),
            "content": version.content,
            "timestamp": snowflake_iso(self.id),
            "edited_timestamp": self.edited_timestamp,
            "tts": False,
            "mention_everyone": False,
            "mentions": [],
            "mention_roles": [],
            "attachments": [attachment.payload() for attachment in version.attachments],
            "embeds": version.embeds,
            "components": version.components,
            "pinned": False,
            "type": self.type,
            "flags": version.flags,
        }
        if self.guild_id is not None:
            data["guild_id"] = str(self.guild_id)
        if self.interaction_metadata is not None:
            data["interaction_metadata"] = self.interaction_metadata
            data["webhook_id"] = str(self.author.id)
            data["application_id"] = str(self.author.id)
        if self.message_reference is not None:
            data["message_reference"] = self.message_reference
        return data
