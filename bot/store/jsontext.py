"""JSON text columns: encoding, checked decoding, and scrubbing a member's id out of them."""

from __future__ import annotations

import logging
from typing import Any

import orjson

from bot.store.errors import CorruptRow

logger = logging.getLogger(__name__)

FORGOTTEN_NAME = "forgotten player"
"""Name that replaces a forgotten member's name and their id used as a JSON object key."""


def dumps(value: Any) -> str:
    """Encode ``value`` compactly, in UTF-8 text, with orjson (a tenth of the standard
    library's time on a table's state, which every finished hand writes).

    Integer keys become strings, as with :mod:`json`; NaN and infinities, which are not JSON,
    become ``null`` (orjson's rule; the game's state holds none). The store's values have
    string keys, and orjson's option for other keys halves its speed (13 µs against 6.5 µs
    on a finished hand's log): it is used only for a value that orjson refuses without it.
    """
    try:
        return orjson.dumps(value).decode()
    except orjson.JSONEncodeError:
        return orjson.dumps(value, option=orjson.OPT_NON_STR_KEYS).decode()


def loads_object(text: str, what: str) -> dict[str, Any]:
    """Decode a JSON object, raising :class:`CorruptRow` naming ``what`` otherwise."""
    value = loads(text, what)
    if not isinstance(value, dict):
        raise CorruptRow(what, f"expected a JSON object, got {type(value).__name__}")
    return value


def loads_list(text: str, what: str) -> list[Any]:
    """Decode a JSON array, raising :class:`CorruptRow` naming ``what`` otherwise."""
    value = loads(text, what)
    if not isinstance(value, list):
        raise CorruptRow(what, f"expected a JSON array, got {type(value).__name__}")
    return value


def loads(text: str, what: str) -> Any:
    """Decode any JSON value, raising :class:`CorruptRow` naming ``what`` for invalid JSON."""
    try:
        return orjson.loads(text)
    except (TypeError, ValueError) as exc:
        raise CorruptRow(what, f"invalid JSON ({exc})") from exc


def scrub_user_text(text: str, user_id: int, what: str) -> str:
    """Return JSON ``text`` with every mention of ``user_id`` removed (see :func:`scrub_user`).

    Text that is not valid JSON but contains the id is replaced by ``null``: anonymising wins
    over keeping a value that could not be read anyway.
    """
    try:
        value = orjson.loads(text)
    except ValueError:
        if str(user_id) not in text:
            return text
        logger.warning("%s: unreadable JSON mentioning a forgotten member replaced by null", what)
        return "null"
    return dumps(scrub_user(value, user_id))


def scrub_user(value: Any, user_id: int) -> Any:
    """Copy of a decoded JSON ``value`` with the member ``user_id`` taken out.

    Values equal to the id (as a number or a decimal string) become ``None``; object keys
    equal to it become :data:`FORGOTTEN_NAME` (suffixed if that key is taken). Display names
    are not searched: they could equal card codes or other words of the engine's state.
    """
    as_text = str(user_id)
    if isinstance(value, dict):
        scrubbed: dict[str, Any] = {}
        for key, item in value.items():
            new_key = _free_key(scrubbed, value) if key == as_text else key
            scrubbed[new_key] = scrub_user(item, user_id)
        return scrubbed
    if isinstance(value, list):
        return [scrub_user(item, user_id) for item in value]
    if isinstance(value, bool):
        return value
    if value in (user_id, as_text):
        return None
    return value


def _free_key(taken: dict[str, Any], original: dict[str, Any]) -> str:
    key = FORGOTTEN_NAME
    number = 1
    while key in taken or key in original:
        number += 1
        key = f"{FORGOTTEN_NAME} {number}"
    return key
