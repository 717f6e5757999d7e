"""Building the ``data`` of slash-command and select interactions from Python values.

The shape and types come from the command definitions the bot synced, and values are checked
the way Discord's client would (choices, ranges, required options, permissions).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from discord import AppCommandOptionType as OptionType

from .errors import FakeDiscordError
from .models import FakeChannel, FakeGuild, FakeRole, FakeUser, Payload

if TYPE_CHECKING:
    from .fake import FakeDiscord
    from .member import SimulatedMember

SUBCOMMAND_TYPES = frozenset({OptionType.subcommand.value, OptionType.subcommand_group.value})
# Options whose value is the id of something described in the interaction's ``resolved`` map.
REFERENCE_TYPES = frozenset(
    {OptionType.user, OptionType.channel, OptionType.role, OptionType.mentionable}
)


class Resolved:
    """The ``resolved`` map of an interaction: full objects for the ids it mentions."""

    def __init__(self, guild: FakeGuild | None) -> None:
        self._guild = guild
        self._data: dict[str, dict[str, Payload]] = {}

    def payload(self) -> dict[str, dict[str, Payload]]:
        return self._data

    def add(self, value: Any) -> str:
        """Record a member/user, role or channel; return its id as Discord sends it."""
        value = getattr(value, "user", value)  # a SimulatedMember or FakeMember
        if isinstance(value, FakeUser):
            self._data.setdefault("users", {})[str(value.id)] = value.payload()
            if self._guild is not None and value.id in self._guild.members:
                member = self._guild.members[value.id]
                permissions = self._guild.permissions_of(value.id).value
                self._data.setdefault("members", {})[str(value.id)] = member.payload(
                    permissions=permissions, with_user=False
                )
        elif isinstance(value, FakeRole):
            self._data.setdefault("roles", {})[str(value.id)] = value.payload()
        elif isinstance(value, FakeChannel):
            channel = {**value.payload(), "permissions": str(self._channel_permissions())}
            self._data.setdefault("channels", {})[str(value.id)] = channel
        else:
            raise FakeDiscordError(f"expected a member, role or channel, got {value!r}")
        return str(value.id)

    def _channel_permissions(self) -> int:
        return 0 if self._guild is None else self._guild.roles[self._guild.id].permissions


def find_command(fake: FakeDiscord, guild: FakeGuild | None, name: str) -> Payload:
    """A synced chat-input command: guild commands first, then global ones."""
    candidates = [*([] if guild is None else fake.commands(guild)), *fake.commands()]
    for command in candidates:
        if command["name"] == name and command.get("type", 1) == 1:
            return command
    synced = sorted({command["name"] for command in candidates})
    raise FakeDiscordError(f"/{name} is not a synced command (synced: {synced})")


def check_permissions(member: SimulatedMember, command: Payload) -> None:
    required = command.get("default_member_permissions")
    if required is None or member.guild is None:
        return
    if int(required) & ~member.permissions.value:
        raise FakeDiscordError(
            f"{member.name} cannot use /{command['name']}: it requires permissions {required}"
        )


def command_data(
    command: Payload,
    path: Sequence[str],
    options: Mapping[str, Any],
    resolved: Resolved,
    *,
    focused: str | None = None,
    forged: bool = False,
) -> Payload:
    """``data`` of an APPLICATION_COMMAND (or, with ``focused``, AUTOCOMPLETE) interaction.

    ``forged``: values outside the options' choices and ranges go through, as from a client
    that skips Discord's checks."""
    data: Payload = {"id": command["id"], "name": command["name"], "type": 1, "options": []}
    if "guild_id" in command:
        data["guild_id"] = command["guild_id"]
    container: list[Payload] = data["options"]
    schema: list[Payload] = command.get("options", [])
    trail = [command["name"]]
    for name in path:
        sub = next((o for o in schema if o["name"] == name and o["type"] in SUBCOMMAND_TYPES), None)
        if sub is None:
            raise FakeDiscordError(
                f"/{' '.join(trail)} has no subcommand {name!r} "
                f"(choose from {[o['name'] for o in schema if o['type'] in SUBCOMMAND_TYPES]})"
            )
        entry: Payload = {"name": name, "type": sub["type"], "options": []}
        container.append(entry)
        container, schema = entry["options"], sub.get("options", [])
        trail.append(name)
    if any(o["type"] in SUBCOMMAND_TYPES for o in schema):
        raise FakeDiscordError(
            f"/{' '.join(trail)} needs a subcommand (choose from {[o['name'] for o in schema]})"
        )
    by_name = {o["name"]: o for o in schema}
    for name, value in options.items():
        if name not in by_name:
            raise FakeDiscordError(
                f"/{' '.join(trail)} has no option {name!r} (options: {list(by_name)})"
            )
        container.append(
            option_entry(by_name[name], value, resolved, focused=name == focused, forged=forged)
        )
    missing = [o["name"] for o in schema if o.get("required") and o["name"] not in options]
    if missing and focused is None:
        raise FakeDiscordError(f"/{' '.join(trail)} is missing required options {missing}")
    if resolved.payload():
        data["resolved"] = resolved.payload()
    return data


def option_entry(
    spec: Payload, value: Any, resolved: Resolved, *, focused: bool, forged: bool = False
) -> Payload:
    option_type = OptionType(spec["type"])
    entry: Payload = {"name": spec["name"], "type": option_type.value}
    if focused:
        # While typing, Discord sends the raw text of the focused option.
        return entry | {"value": str(value), "focused": True}
    if spec.get("choices") and not forged:
        value = _choice_value(spec, value)
    if option_type in REFERENCE_TYPES:
        return entry | {"value": resolved.add(value)}
    expected: dict[OptionType, tuple[type, ...]] = {
        OptionType.string: (str,),
        OptionType.integer: (int,),
        OptionType.number: (int, float),
        OptionType.boolean: (bool,),
    }
    if option_type not in expected:
        raise FakeDiscordError(f"option type {option_type.name} is not supported by the fake")
    wrong_bool = isinstance(value, bool) and option_type is not OptionType.boolean
    if wrong_bool or not isinstance(value, expected[option_type]):
        raise FakeDiscordError(
            f"option {spec['name']!r} wants a value of type {option_type.name}, got {value!r}"
        )
    if not forged:
        _check_range(spec, value)
    return entry | {"value": value}


def _choice_value(spec: Payload, value: Any) -> Any:
    for choice in spec["choices"]:
        if value in (choice["value"], choice["name"]):
            return choice["value"]
    choices = [choice["value"] for choice in spec["choices"]]
    raise FakeDiscordError(f"option {spec['name']!r} must be one of {choices}, got {value!r}")


def _check_range(spec: Payload, value: Any) -> None:
    size = len(value) if isinstance(value, str) else value
    low = spec.get("min_length" if isinstance(value, str) else "min_value")
    high = spec.get("max_length" if isinstance(value, str) else "max_value")
    if (low is not None and size < low) or (high is not None and size > high):
        raise FakeDiscordError(f"option {spec['name']!r}={value!r} is outside [{low}, {high}]")


def select_data(component: Payload, values: Sequence[Any], resolved: Resolved) -> Payload:
    """``data`` of a MESSAGE_COMPONENT interaction choosing ``values`` in a select menu."""
    low, high = component.get("min_values", 1), component.get("max_values", 1)
    if not low <= len(values) <= high:
        raise FakeDiscordError(
            f"select {component['custom_id']!r} takes {low}..{high} values, got {len(values)}"
        )
    data: Payload = {"custom_id": component["custom_id"], "component_type": component["type"]}
    if component["type"] == 3:
        allowed = [option["value"] for option in component.get("options", [])]
        unknown = [value for value in values if value not in allowed]
        if unknown:
            raise FakeDiscordError(
                f"select {component['custom_id']!r} has no options {unknown} (options: {allowed})"
            )
        return data | {"values": list(values)}
    ids = [resolved.add(value) for value in values]
    return data | {"values": ids, "resolved": resolved.payload()}
