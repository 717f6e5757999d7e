"""Discord's size limits on what a bot sends: an oversize message is refused as Discord
refuses it (400, code 50035, "Invalid Form Body"), so that a test sending one fails."""

from __future__ import annotations

from collections.abc import Iterator

from .errors import ApiError
from .models import Payload, iter_components

CONTENT = 2000
EMBEDS = 10
TITLE = 256
DESCRIPTION = 4096
FIELDS = 25
FIELD_NAME = 256
FIELD_VALUE = 1024
FOOTER = 2048
AUTHOR = 256
EMBED_TOTAL = 6000
BUTTON_LABEL = 80
CUSTOM_ID = 100
PLACEHOLDER = 150
OPTIONS = 25
OPTION_LABEL = 100
OPTION_VALUE = 100
OPTION_DESCRIPTION = 100
ROWS = 5
CHOICES = 25
CHOICE_NAME = 100
ROW_BUTTONS = 5
ACTION_ROW, BUTTON = 1, 2


def invalid(path: str, limit: int) -> ApiError:
    return ApiError(400, 50035, f"Invalid Form Body: {path}: Must be {limit} or fewer in length.")


def check_message(data: Payload) -> None:
    """Refuse a message body (new or edited) that breaks one of Discord's limits, or whose
    components Discord would refuse (see :func:`check_components`)."""
    for path, size, limit in _sizes(data):
        if size > limit:
            raise invalid(path, limit)
    check_components(data.get("components") or [])


def check_components(rows: list[Payload]) -> None:
    """Refuse what Discord refuses in a message's components: more than 5 buttons in a row,
    or a select menu sharing its row; two components with one ``custom_id``; a select menu
    whose options repeat a value, or whose ``min_values``/``max_values`` ask for more
    options than it has."""
    seen: set[str] = set()
    for i, row in enumerate(rows):
        inner = row.get("components") or []
        if row.get("type") == ACTION_ROW and (
            len(inner) > ROW_BUTTONS or (len(inner) > 1 and any(c["type"] != BUTTON for c in inner))
        ):
            raise _refused(f"components.{i}", "a row holds 5 buttons, or one select menu")
    for component in iter_components(rows):
        custom_id = component.get("custom_id")
        if custom_id is not None:
            if custom_id in seen:
                raise _refused(custom_id, "Component custom id cannot be duplicated")
            seen.add(custom_id)
        options = component.get("options") or []
        values = [option.get("value") for option in options]
        if len(set(values)) != len(values):
            raise _refused(f"{custom_id}.options", "option values must be unique")
        if options and max(component.get("min_values", 1), component.get("max_values", 1)) > len(
            options
        ):
            raise _refused(f"{custom_id}.max_values", "more values than options")


def _refused(path: str, why: str) -> ApiError:
    return ApiError(400, 50035, f"Invalid Form Body: {path}: {why}")


def check_choices(choices: list[Payload]) -> None:
    """Refuse autocomplete choices beyond 25, or with a name or value over 100 characters."""
    if len(choices) > CHOICES:
        raise invalid("choices", CHOICES)
    for i, choice in enumerate(choices):
        for key in ("name", "value"):
            if len(str(choice.get(key, ""))) > CHOICE_NAME:
                raise invalid(f"choices.{i}.{key}", CHOICE_NAME)


def _sizes(data: Payload) -> Iterator[tuple[str, int, int]]:
    yield "content", len(data.get("content") or ""), CONTENT
    embeds = data.get("embeds") or []
    yield "embeds", len(embeds), EMBEDS
    total = 0
    for i, embed in enumerate(embeds):
        parts = {
            "title": (embed.get("title") or "", TITLE),
            "description": (embed.get("description") or "", DESCRIPTION),
            "footer.text": ((embed.get("footer") or {}).get("text") or "", FOOTER),
            "author.name": ((embed.get("author") or {}).get("name") or "", AUTHOR),
        }
        for j, field in enumerate(embed.get("fields") or []):
            parts[f"fields.{j}.name"] = (field.get("name") or "", FIELD_NAME)
            parts[f"fields.{j}.value"] = (field.get("value") or "", FIELD_VALUE)
        yield f"embeds.{i}.fields", len(embed.get("fields") or []), FIELDS
        for name, (value, limit) in parts.items():
            yield f"embeds.{i}.{name}", len(value), limit
            total += len(value)
    yield "embeds", total, EMBED_TOTAL
    rows = data.get("components") or []
    yield "components", len(rows), ROWS
    for component in iter_components(rows):
        yield from _component_sizes(component)


def _component_sizes(component: Payload) -> Iterator[tuple[str, int, int]]:
    name = component.get("custom_id") or component.get("label") or "component"
    yield f"{name}.custom_id", len(component.get("custom_id") or ""), CUSTOM_ID
    yield f"{name}.label", len(component.get("label") or ""), BUTTON_LABEL
    yield f"{name}.placeholder", len(component.get("placeholder") or ""), PLACEHOLDER
    options = component.get("options") or []
    yield f"{name}.options", len(options), OPTIONS
    for i, option in enumerate(options):
        yield f"{name}.options.{i}.label", len(option.get("label") or ""), OPTION_LABEL
        yield f"{name}.options.{i}.value", len(option.get("value") or ""), OPTION_VALUE
        yield (
            f"{name}.options.{i}.description",
            len(option.get("description") or ""),
            OPTION_DESCRIPTION,
        )
