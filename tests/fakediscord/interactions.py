"""Interactions: the INTERACTION_CREATE payloads the fake sends and what the bot answered."""

from __future__ import annotations

import secrets
from collections.abc import Sequence
from typing import TYPE_CHECKING

from discord import InteractionResponseType, InteractionType
from discord.utils import snowflake_time, utcnow

from .errors import ApiError, FakeDiscordError, unknown_message
from .limits import check_choices
from .models import (
    EPHEMERAL_FLAG,
    LOADING_FLAG,
    FakeChannel,
    FakeGuild,
    FakeUser,
    Payload,
    StoredMessage,
    Upload,
)

if TYPE_CHECKING:
    from .fake import FakeDiscord

CHAT_INPUT_COMMAND_MESSAGE = 20
GUILD_CONTEXT, BOT_DM_CONTEXT = 0, 1

# Which callbacks Discord accepts for each kind of interaction.
ALLOWED_CALLBACKS: dict[InteractionType, frozenset[InteractionResponseType]] = {
    InteractionType.application_command: frozenset(
        {
            InteractionResponseType.channel_message,
            InteractionResponseType.deferred_channel_message,
            InteractionResponseType.modal,
        }
    ),
    InteractionType.component: frozenset(
        {
            InteractionResponseType.channel_message,
            InteractionResponseType.deferred_channel_message,
            InteractionResponseType.deferred_message_update,
            InteractionResponseType.message_update,
            InteractionResponseType.modal,
        }
    ),
    InteractionType.autocomplete: frozenset({InteractionResponseType.autocomplete_result}),
    InteractionType.modal_submit: frozenset(
        {
            InteractionResponseType.channel_message,
            InteractionResponseType.deferred_channel_message,
            InteractionResponseType.deferred_message_update,
            InteractionResponseType.message_update,
        }
    ),
}
UPDATE_CALLBACKS = frozenset(
    {InteractionResponseType.deferred_message_update, InteractionResponseType.message_update}
)
MESSAGE_CALLBACKS = frozenset(
    {
        InteractionResponseType.channel_message,
        InteractionResponseType.deferred_channel_message,
        InteractionResponseType.message_update,
    }
)


class InteractionResult:
    """One interaction a simulated member performed, and what the bot answered.

    The object stays live: followups and edits the bot makes later show up in it.
    """

    def __init__(
        self,
        fake: FakeDiscord,
        *,
        kind: InteractionType,
        user: FakeUser,
        guild: FakeGuild | None,
        channel: FakeChannel,
        data: Payload,
        source_message: StoredMessage | None = None,
        name: str = "",
    ) -> None:
        self._fake = fake
        self.id = fake.new_id()
        self.token = secrets.token_urlsafe(32)
        self.kind = kind
        self.user = user
        self.guild = guild
        self.channel = channel
        self.data = data
        self.source_message_id = None if source_message is None else source_message.id
        self.name = name
        self.type: InteractionResponseType | None = None
        self.callback_data: Payload = {}
        self.message_id: int | None = None
        self.followup_ids: list[int] = []
        self.expired = False
        self.failed = False
        """Discord refused the bot's first answer as too late (``FakeDiscord.answer_window``):
        the member was shown "This interaction failed"."""

    def __repr__(self) -> str:
        return (
            f"<InteractionResult {self.kind.name} {self.name!r} by {self.user.name} -> {self.type}>"
        )

    def expire(self) -> None:
        """Let the token run out, as Discord does 15 minutes after the interaction: from now
        on its webhook calls (follow-ups, editing or fetching its messages) fail with 10015
        Unknown Webhook."""
        self.expired = True

    # -- what the bot answered ----------------------------------------------------------

    @property
    def responded(self) -> bool:
        return self.type is not None

    @property
    def deferred(self) -> bool:
        return self.type in (
            InteractionResponseType.deferred_channel_message,
            InteractionResponseType.deferred_message_update,
        )

    @property
    def message(self) -> StoredMessage | None:
        """The response message: the one created (4, 5) or the component's message (6, 7)."""
        return None if self.message_id is None else self._fake.messages[self.message_id]

    @property
    def followups(self) -> list[StoredMessage]:
        return [self._fake.messages[message_id] for message_id in self.followup_ids]

    @property
    def ephemeral(self) -> bool:
        message = self.message
        if message is not None:
            return message.ephemeral
        return bool((self.callback_data.get("flags") or 0) & EPHEMERAL_FLAG)

    @property
    def content(self) -> str:
        return "" if self.message is None else self.message.content

    @property
    def embeds(self) -> list[Payload]:
        return [] if self.message is None else self.message.embeds

    @property
    def embed_titles(self) -> list[str]:
        return [] if self.message is None else self.message.embed_titles

    @property
    def components(self) -> list[Payload]:
        return [] if self.message is None else self.message.components

    @property
    def modal(self) -> Payload | None:
        """The modal the bot opened (``custom_id``, ``title``, ``components``), if any."""
        return self.callback_data if self.type is InteractionResponseType.modal else None

    @property
    def choices(self) -> list[Payload] | None:
        """The autocomplete choices the bot offered, if this was an autocomplete interaction."""
        if self.type is not InteractionResponseType.autocomplete_result:
            return None
        choices: list[Payload] = self.callback_data.get("choices", [])
        return choices

    def age(self) -> float:
        """Seconds since Discord made the interaction (the time in its id)."""
        return (utcnow() - snowflake_time(self.id)).total_seconds()

    async def wait_for_response(self, timeout: float) -> None:
        """Wait for the bot's callback, or for Discord to refuse it as too late
        (``failed``); fail at once if discord.py logs an error meanwhile."""
        fake = self._fake
        errors_before = len(fake.discord_errors)
        await fake.wait_for(
            lambda: self.responded or self.failed or len(fake.discord_errors) > errors_before,
            timeout,
            what=f"the bot to respond to {self!r}",
        )
        if not self.responded and not self.failed:
            raise FakeDiscordError(f"the bot failed handling {self!r}{fake.error_report()}")

    # -- payloads sent to the bot --------------------------------------------------------

    def payload(self) -> Payload:
        """The INTERACTION_CREATE payload."""
        fake = self._fake
        data: Payload = {
            "id": str(self.id),
            "application_id": str(fake.application_id),
            "type": self.kind.value,
            "token": self.token,
            "version": 1,
            "data": self.data,
            "channel_id": str(self.channel.id),
            "channel": self.channel.payload(),
            "locale": self.user.locale,
            "entitlements": [],
            "entitlement_sku_ids": [],
            "attachment_size_limit": fake.attachment_size_limit,
        }
        if self.guild is not None:
            permissions = self.guild.permissions_in(self.channel, self.user.id).value
            app_permissions = self.guild.permissions_in(self.channel, fake.bot_user.id).value
            data |= {
                "guild_id": str(self.guild.id),
                "guild_locale": self.guild.preferred_locale,
                "member": self.guild.members[self.user.id].payload(permissions=permissions),
                "app_permissions": str(app_permissions),
                "authorizing_integration_owners": {"0": str(self.guild.id)},
                "context": GUILD_CONTEXT,
            }
        else:
            data |= {
                "user": self.user.payload(),
                "app_permissions": str(fake.bot_permissions.value),
                "authorizing_integration_owners": {"0": "0"},
                "context": BOT_DM_CONTEXT,
            }
        if self.source_message_id is not None:
            data["message"] = fake.messages[self.source_message_id].payload()
        return data

    def metadata(self) -> Payload:
        """``interaction_metadata`` of the messages this interaction produced."""
        owners = {"0": str(self.guild.id)} if self.guild is not None else {"0": "0"}
        data: Payload = {
            "id": str(self.id),
            "type": self.kind.value,
            "user": self.user.payload(),
            "authorizing_integration_owners": owners,
        }
        if self.source_message_id is not None:
            data["interacted_message_id"] = str(self.source_message_id)
        return data

    # -- the bot's REST calls ------------------------------------------------------------

    async def respond(self, body: Payload, uploads: Sequence[Upload]) -> Payload:
        """Handle ``POST /interactions/{id}/{token}/callback?with_response=1``."""
        if self.type is not None:
            raise ApiError(400, 40060, "Interaction has already been acknowledged.")
        window = self._fake.answer_window
        if window is not None and self.age() > window:
            self.failed = True
            self._fake.notify()
            raise ApiError(404, 10062, "Unknown interaction")
        try:
            callback_type = InteractionResponseType(body["type"])
        except (KeyError, ValueError):
            raise ApiError(400, 50035, "Invalid Form Body: unknown callback type") from None
        if callback_type not in ALLOWED_CALLBACKS[self.kind] or (
            callback_type in UPDATE_CALLBACKS and self.source_message_id is None
        ):
            raise ApiError(
                400, 50035, f"Invalid Form Body: callback {callback_type} for {self.kind}"
            )
        data: Payload = body.get("data") or {}
        if callback_type is InteractionResponseType.autocomplete_result:
            try:
                check_choices(data.get("choices") or [])
            except ApiError as error:
                self._fake.oversize.append(error.message)
                raise
        await self._apply_callback(callback_type, data, uploads)
        self.type = callback_type
        self.callback_data = data
        self._fake.notify()
        response: Payload = {
            "interaction": {
                "id": str(self.id),
                "type": self.kind.value,
                "response_message_loading": (
                    callback_type is InteractionResponseType.deferred_channel_message
                ),
                "response_message_ephemeral": self.ephemeral,
            }
        }
        message = self.message
        if callback_type in MESSAGE_CALLBACKS and message is not None:
            response["interaction"]["response_message_id"] = str(message.id)
            response["resource"] = {"type": callback_type.value, "message": message.payload()}
        return response

    async def _apply_callback(
        self, callback_type: InteractionResponseType, data: Payload, uploads: Sequence[Upload]
    ) -> None:
        fake = self._fake
        if callback_type is InteractionResponseType.channel_message:
            self.message_id = (await self._post(data, uploads)).id
        elif callback_type is InteractionResponseType.deferred_channel_message:
            placeholder = {"content": "", "flags": (data.get("flags") or 0) | LOADING_FLAG}
            self.message_id = (await self._post(placeholder, ())).id
        elif callback_type is InteractionResponseType.deferred_message_update:
            self.message_id = self.source_message_id
        elif callback_type is InteractionResponseType.message_update:
            assert self.source_message_id is not None
            self.message_id = self.source_message_id
            await fake.edit_message(fake.messages[self.message_id], data, uploads)

    async def _post(self, data: Payload, uploads: Sequence[Upload]) -> StoredMessage:
        ephemeral = bool((data.get("flags") or 0) & EPHEMERAL_FLAG)
        return await self._fake.post_message(
            self.channel,
            data,
            uploads,
            ephemeral_for=self.user if ephemeral else None,
            interaction=self,
            message_type=(
                CHAT_INPUT_COMMAND_MESSAGE
                if self.kind is InteractionType.application_command
                else 0
            ),
        )

    async def followup(self, data: Payload, uploads: Sequence[Upload]) -> StoredMessage:
        """Handle ``POST /webhooks/{application_id}/{token}``.

        As on Discord, the first followup after a "thinking" defer fills in the deferred
        message (keeping its ephemerality) instead of creating a new one.
        """
        if self.type is None:
            raise ApiError(404, 10015, "Unknown Webhook")
        original = self.message
        deferred = self.type is InteractionResponseType.deferred_channel_message
        if deferred and original is not None and original.loading:
            return await self._fake.edit_message(original, data, uploads)
        message = await self._post(data, uploads)
        self.followup_ids.append(message.id)
        return message

    def webhook_message(self, reference: str) -> StoredMessage:
        """The message ``/webhooks/{application_id}/{token}/messages/{reference}`` names."""
        if reference == "@original":
            message_id = self.message_id
        elif reference.isdigit() and int(reference) in (self.message_id, *self.followup_ids):
            message_id = int(reference)
        else:
            message_id = None
        message = None if message_id is None else self._fake.messages.get(message_id)
        if message is None or message.deleted:
            raise unknown_message()
        return message
