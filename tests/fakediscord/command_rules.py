"""Discord's rules for the slash commands a bot registers: a command list that breaks one is
refused as Discord refuses it (400, code 50035, "Invalid Form Body", naming the field), so
that a test fails where the real Discord would leave the bot without its commands.

Checked for each command and every locale it is translated into: names (of the command,
its subcommands and options, and their translations) match Discord's pattern
``^[-_'\\p{L}\\p{N}\\p{sc=Deva}\\p{sc=Thai}]{1,32}$`` and are lowercase where the letter has
a lowercase form; descriptions hold 1 to 100 characters; a level holds at most 25 options,
with distinct names and the required ones first; an option at most 25 choices, whose names
hold 1 to 100 characters; and the names, descriptions and choice values of a whole command
hold at most 8,000 characters in any one locale (4,000 until discord-api-docs#6668, 2024).
``/tonk``, all of whose commands are subcommands of one command, is the one that could
reach that."""

from __future__ import annotations

import unicodedata
from collections.abc import Iterator

from .errors import ApiError
from .models import Payload

NAME = 32
DESCRIPTION = 100
OPTIONS = 25
CHOICES = 25
CHOICE_NAME = 100
COMBINED = 8000
SCRIPTS = ("DEVANAGARI", "THAI")
"""Scripts whose marks (not letters to Unicode) Discord's pattern allows by script."""


def check_commands(commands: list[Payload]) -> None:
    """Refuse ``commands`` (a bulk overwrite) if one of them breaks a rule."""
    for i, command in enumerate(commands):
        path = f"{i}"
        if command.get("type", 1) != 1:
            continue  # user and message commands may have capitals and spaces
        _check_node(command, path)
        for locale in (None, *_locales(command)):
            size = _combined(command, locale)
            if size > COMBINED:
                where = locale or "default"
                raise _invalid(path, f"the command holds {size} characters in {where}")


def _check_node(node: Payload, path: str) -> None:
    _check_name(node["name"], f"{path}.name")
    for locale, name in (node.get("name_localizations") or {}).items():
        _check_name(name, f"{path}.name_localizations.{locale}")
    _check_description(node.get("description", ""), f"{path}.description")
    for locale, text in (node.get("description_localizations") or {}).items():
        _check_description(text, f"{path}.description_localizations.{locale}")
    options: list[Payload] = node.get("options") or []
    if len(options) > OPTIONS:
        raise _invalid(f"{path}.options", f"must be {OPTIONS} or fewer in length")
    names = [option["name"] for option in options]
    if len(set(names)) != len(names):
        raise _invalid(f"{path}.options", "option names must be unique")
    required = [bool(option.get("required")) for option in options]
    if required != sorted(required, reverse=True):
        raise _invalid(f"{path}.options", "required options must be placed before optional ones")
    for j, option in enumerate(options):
        _check_node(option, f"{path}.options.{j}")
        choices: list[Payload] = option.get("choices") or []
        if len(choices) > CHOICES:
            raise _invalid(f"{path}.options.{j}.choices", f"must be {CHOICES} or fewer")
        for k, choice in enumerate(choices):
            where = f"{path}.options.{j}.choices.{k}"
            for name in (choice["name"], *(choice.get("name_localizations") or {}).values()):
                if not 1 <= len(name) <= CHOICE_NAME:
                    raise _invalid(f"{where}.name", f"must be 1 to {CHOICE_NAME} long")


def _check_name(name: str, path: str) -> None:
    if not 1 <= len(name) <= NAME:
        raise _invalid(path, f"must be 1 to {NAME} long")
    for character in name:
        if not _name_character(character):
            raise _invalid(path, f"{character!r} is not allowed in a name")
        if character.lower() != character:
            raise _invalid(path, f"{character!r} must be lowercase")


def _name_character(character: str) -> bool:
    """``[-_'\\p{L}\\p{N}\\p{sc=Deva}\\p{sc=Thai}]``: a letter, a number, ``-``, ``_``,
    ``'``, or a character of Devanagari or Thai (whose vowel signs are marks)."""
    if character in "-_'" or unicodedata.category(character)[0] in "LN":
        return True
    return unicodedata.name(character, "").startswith(SCRIPTS)


def _check_description(text: str, path: str) -> None:
    if not 1 <= len(text) <= DESCRIPTION:
        raise _invalid(path, f"must be 1 to {DESCRIPTION} long")


def _locales(node: Payload) -> set[str]:
    """Every locale that the node or anything under it is translated into."""
    found = set(node.get("name_localizations") or {}) | set(
        node.get("description_localizations") or {}
    )
    for option in node.get("options") or []:
        found |= _locales(option)
        for choice in option.get("choices") or []:
            found |= set(choice.get("name_localizations") or {})
    return found


def _combined(node: Payload, locale: str | None) -> int:
    """The characters of the node's names, descriptions and choice values in ``locale``
    (its translation where it has one, else the default text)."""
    return sum(len(text) for text in _texts(node, locale))


def _texts(node: Payload, locale: str | None) -> Iterator[str]:
    yield _localized(node, "name", locale)
    yield _localized(node, "description", locale)
    for option in node.get("options") or []:
        yield from _texts(option, locale)
        for choice in option.get("choices") or []:
            yield _localized(choice, "name", locale)
            yield str(choice["value"])


def _localized(node: Payload, key: str, locale: str | None) -> str:
    translated = (node.get(f"{key}_localizations") or {}).get(locale) if locale else None
    return str(translated or node.get(key, ""))


def _invalid(path: str, why: str) -> ApiError:
    return ApiError(400, 50035, f"Invalid Form Body: {path}: {why}")
