"""Simulated members: drive the bot the way people do, and see what they were shown."""

from __future__ import annotations

import asyncio
import copy
from collections.abc import Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

import discord
from discord import InteractionType

from .errors import FakeDiscordError
from .interactions import InteractionResult
from .models import (
    BUTTON,
    LINK_BUTTON_STYLES,
    SELECT_TYPES,
    TEXT_INPUT,
    FakeChannel,
    FakeGuild,
    FakeUser,
    MessageVersion,
    Payload,
    StoredMessage,
    iter_components,
)
from .options import Resolved, check_permissions, command_data, find_command, select_data

if TYPE_CHECKING:
    from .fake import FakeDiscord

MessageRef = StoredMessage | InteractionResult | int


class SimulatedMember:
    """A member of one guild. Interaction methods return once the bot has answered and (unless
    ``settle=False``) its handlers have finished; they raise :class:`FakeDiscordTimeout` if it
    does not answer in time, and :class:`FakeDiscordError` for things a person could not do."""

    def __init__(
        self,
        fake: FakeDiscord,
        guild: FakeGuild,
        user: FakeUser,
        channel: FakeChannel | None = None,
    ) -> None:
        self.fake = fake
        self.guild = guild
        self.user = user
        self.channel = channel or next(iter(guild.text_channels), None)

    def __repr__(self) -> str:
        return f"<SimulatedMember {self.name} in {self.guild.name!r}>"

    @property
    def id(self) -> int:
        return self.user.id

    @property
    def name(self) -> str:
        return self.user.name

    @property
    def mention(self) -> str:
        return self.user.mention

    @property
    def permissions(self) -> discord.Permissions:
        return self.guild.permissions_of(self.id)

    def at(self, channel: FakeChannel) -> SimulatedMember:
        """The same member, typing commands in another channel."""
        return SimulatedMember(self.fake, self.guild, self.user, channel)

    # -- what this member was shown --------------------------------------------------------

    def dms(self) -> list[StoredMessage]:
        return self.fake.dms_of(self)

    def ephemerals(self) -> list[StoredMessage]:
        return self.fake.ephemerals_of(self)

    def visible(self) -> list[MessageVersion]:
        return self.fake.visible_to(self)

    def has_seen(self, text: str) -> bool:
        """Whether ``text`` appeared in any version of any message this member could see."""
        return any(text in version.text() for version in self.visible())

    # -- slash commands ----------------------------------------------------------------------

    async def slash(self, *path: str, **options: Any) -> InteractionResult:
        """Run ``/path[0] path[1:]... option=value...`` in :attr:`channel`.

        ``await alice.slash("tonk", "new", preset="standard", stake=1)``. Members, roles and
        channels may be passed for user/role/channel options.
        """
        if not path:
            raise FakeDiscordError("slash() needs at least the command name")
        return await self.invoke_slash(path[0], path[1:], options)

    async def forge_slash(self, *path: str, **options: Any) -> InteractionResult:
        """:meth:`slash` from a client that skips Discord's checks: values outside an
        option's choices and range reach the bot, as do guild-only commands typed in a DM."""
        return await self._command(
            InteractionType.application_command,
            path[0],
            path[1:],
            options,
            settle=True,
            timeout=None,
            forged=True,
        )

    async def invoke_slash(
        self,
        command: str,
        subcommands: Sequence[str] = (),
        options: Mapping[str, Any] | None = None,
        *,
        channel: FakeChannel | None = None,
        settle: bool = True,
        timeout: float | None = None,
        delivered_after: float = 0.0,
    ) -> InteractionResult:
        """:meth:`slash` with explicit arguments (for options named like ``channel``), and
        ``delivered_after`` as :meth:`click` takes it."""
        return await self._command(
            InteractionType.application_command,
            command,
            subcommands,
            options or {},
            channel=channel,
            settle=settle,
            timeout=timeout,
            delivered_after=delivered_after,
        )

    async def autocomplete(
        self, *path: str, focused: str, timeout: float | None = None, **options: Any
    ) -> list[Payload]:
        """The choices the bot suggests while this member types option ``focused``."""
        if not path:
            raise FakeDiscordError("autocomplete() needs at least the command name")
        result = await self._command(
            InteractionType.autocomplete,
            path[0],
            path[1:],
            options,
            focused=focused,
            settle=True,
            timeout=timeout,
        )
        return result.choices or []

    async def _command(
        self,
        kind: InteractionType,
        name: str,
        subcommands: Sequence[str],
        options: Mapping[str, Any],
        *,
        channel: FakeChannel | None = None,
        focused: str | None = None,
        settle: bool,
        timeout: float | None,
        forged: bool = False,
        delivered_after: float = 0.0,
    ) -> InteractionResult:
        channel = channel or self.channel
        if channel is None:
            raise FakeDiscordError(f"{self.guild.name!r} has no text channel to type commands in")
        guild = None if channel.is_dm else self.guild
        command = find_command(self.fake, guild, name)
        check_permissions(self, command)
        data = command_data(
            command, subcommands, options, Resolved(guild), focused=focused, forged=forged
        )
        result = InteractionResult(
            self.fake,
            kind=kind,
            user=self.user,
            guild=guild,
            channel=channel,
            data=data,
            name=" ".join([name, *subcommands]),
        )
        return await self._send(
            result, settle=settle, timeout=timeout, delivered_after=delivered_after
        )

    # -- components -----------------------------------------------------------------------

    async def click(
        self,
        message: MessageRef,
        label: str | None = None,
        *,
        custom_id: str | None = None,
        settle: bool = True,
        timeout: float | None = None,
        delivered_after: float = 0.0,
    ) -> InteractionResult:
        """Click the button with this ``label`` (or ``custom_id``) on the message as it is now.

        With ``delivered_after``, the interaction reaches the bot that many seconds after
        Discord made it (a slow gateway, or a bot too busy to read it sooner)."""
        if label is None and custom_id is None:
            raise FakeDiscordError("click() needs a label or a custom_id")
        stored = self._visible_message(message)
        button = _find_component(
            stored, {BUTTON}, "button", label=label, custom_id=custom_id, key="label"
        )
        if button.get("style") in LINK_BUTTON_STYLES:
            raise FakeDiscordError(f"button {_describe(button)} is a link, not an interaction")
        data = {"custom_id": button["custom_id"], "component_type": BUTTON}
        return await self._component(
            stored, data, settle=settle, timeout=timeout, delivered_after=delivered_after
        )

    async def forge_click(self, message: MessageRef, custom_id: str) -> InteractionResult:
        """A click, from a client that skips Discord's checks, on a button of ``message``
        that is not there: ``custom_id`` reaches the bot as it is."""
        data = {"custom_id": custom_id, "component_type": BUTTON}
        return await self._component(
            self._visible_message(message), data, settle=True, timeout=None
        )

    async def select(
        self,
        message: MessageRef,
        select: str,
        values: Sequence[Any],
        *,
        settle: bool = True,
        timeout: float | None = None,
    ) -> InteractionResult:
        """Pick ``values`` in the select menu whose custom_id or placeholder is ``select``.

        String selects take option values; user/role/channel selects take members, roles or
        channels."""
        stored = self._visible_message(message)
        component = _find_component(
            stored, SELECT_TYPES, "select", label=select, custom_id=select, key="placeholder"
        )
        data = select_data(component, values, Resolved(self._guild_of(stored)))
        return await self._component(stored, data, settle=settle, timeout=timeout)

    async def _component(
        self,
        message: StoredMessage,
        data: Payload,
        *,
        settle: bool,
        timeout: float | None,
        delivered_after: float = 0.0,
    ) -> InteractionResult:
        result = InteractionResult(
            self.fake,
            kind=InteractionType.component,
            user=self.user,
            guild=self._guild_of(message),
            channel=self.fake.channels[message.channel_id],
            data=data,
            source_message=message,
            name=data["custom_id"],
        )
        return await self._send(
            result, settle=settle, timeout=timeout, delivered_after=delivered_after
        )

    # -- modals -------------------------------------------------------------------------

    async def submit_modal(
        self,
        opened: InteractionResult,
        values: Mapping[str, str | Sequence[str]],
        *,
        settle: bool = True,
        timeout: float | None = None,
    ) -> InteractionResult:
        """Fill in and submit the modal the bot opened in answer to ``opened``.

        ``values`` maps text input custom_ids to text (select custom_ids to lists of values);
        text inputs left out keep their pre-filled value."""
        modal = opened.modal
        if modal is None:
            raise FakeDiscordError(f"{opened!r} did not open a modal")
        inputs = {c["custom_id"] for c in iter_components(modal["components"]) if "custom_id" in c}
        unknown = set(values) - inputs
        if unknown:
            raise FakeDiscordError(f"modal has no inputs {sorted(unknown)} (inputs: {inputs})")
        source = opened.source_message_id
        result = InteractionResult(
            self.fake,
            kind=InteractionType.modal_submit,
            user=self.user,
            guild=opened.guild,
            channel=opened.channel,
            data={
                "custom_id": modal["custom_id"],
                "components": [_submitted(c, values) for c in modal["components"]],
            },
            source_message=None if source is None else self.fake.messages[source],
            name=modal["custom_id"],
        )
        return await self._send(result, settle=settle, timeout=timeout)

    # -- plumbing -----------------------------------------------------------------------

    async def _send(
        self,
        result: InteractionResult,
        *,
        settle: bool,
        timeout: float | None,
        delivered_after: float = 0.0,
    ) -> InteractionResult:
        fake = self.fake
        timeout = fake.timeout if timeout is None else timeout
        fake.add_interaction(result)
        if delivered_after:  # the interaction's id holds the time Discord made it: now
            await asyncio.sleep(delivered_after)
        guild_id = None if result.guild is None else result.guild.id
        await fake.gateway.dispatch_required(
            "INTERACTION_CREATE", result.payload(), guild_id=guild_id
        )
        await result.wait_for_response(timeout)
        if settle:
            await fake.settle(timeout)
        return result

    def _visible_message(self, ref: MessageRef) -> StoredMessage:
        if isinstance(ref, InteractionResult):
            if ref.message is None:
                raise FakeDiscordError(f"{ref!r} produced no message")
            message = ref.message
        else:
            message = self.fake.messages[ref if isinstance(ref, int) else ref.id]
        if message.deleted:
            raise FakeDiscordError(f"message {message.id} was deleted")
        if not message.is_visible_to(self.id, self._guild_member_ids(message)):
            raise FakeDiscordError(f"{self.name} cannot see message {message.id}")
        return message

    def _guild_member_ids(self, message: StoredMessage) -> Iterable[int]:
        guild = self._guild_of(message)
        return () if guild is None else guild.members.keys()

    def _guild_of(self, message: StoredMessage) -> FakeGuild | None:
        return None if message.guild_id is None else self.fake.guilds[message.guild_id]


def _describe(component: Payload) -> str:
    name = component.get("label") or component.get("placeholder")
    return f"{name!r} ({component.get('custom_id') or component.get('url')})"


def _find_component(
    message: StoredMessage,
    types: Iterable[int],
    kind: str,
    *,
    label: str | None,
    custom_id: str | None,
    key: str,
) -> Payload:
    """The enabled component of one of ``types`` whose ``key`` is ``label`` or custom_id matches."""
    candidates = [c for c in message.current.iter_components() if c["type"] in types]
    for component in candidates:
        if (label is not None and component.get(key) == label) or (
            custom_id is not None and component.get("custom_id") == custom_id
        ):
            if component.get("disabled"):
                raise FakeDiscordError(f"{kind} {_describe(component)} is disabled")
            return component
    available = ", ".join(_describe(c) for c in candidates) or "none"
    wanted = label if label is not None else custom_id
    raise FakeDiscordError(f"message {message.id} has no {kind} {wanted!r} (it has: {available})")


def _submitted(component: Payload, values: Mapping[str, str | Sequence[str]]) -> Payload:
    """What Discord sends back for one modal component once the user filled it in."""
    submitted = copy.deepcopy(component)
    if component["type"] == TEXT_INPUT:
        value = values.get(component["custom_id"], component.get("value") or "")
        if component.get("required", True) and not value:
            raise FakeDiscordError(f"text input {component['custom_id']!r} is required")
        return {"type": TEXT_INPUT, "custom_id": component["custom_id"], "value": value}
    if component["type"] in SELECT_TYPES:
        chosen = values.get(component["custom_id"], [])
        chosen = [chosen] if isinstance(chosen, str) else list(chosen)
        return {"type": component["type"], "custom_id": component["custom_id"], "values": chosen}
    if "components" in component:
        submitted["components"] = [_submitted(c, values) for c in component["components"]]
    if "component" in component:
        submitted["component"] = _submitted(component["component"], values)
    return submitted
