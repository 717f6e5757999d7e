"""The store's JSON text: compact UTF-8, integer keys as strings, NaN as null."""

from __future__ import annotations

import json

import orjson
import pytest

from bot.store.jsontext import dumps, loads


def test_values_with_string_keys_encode_compactly_and_read_back() -> None:
    value = {"set": {"version": 3, "names": {"101": "Zoë"}}, "actions": [{"do": "draw"}]}
    text = dumps(value)
    assert text == json.dumps(value, separators=(",", ":"), ensure_ascii=False)
    assert loads(text, "entry") == value


def test_integer_keys_become_strings_as_with_json() -> None:
    value = {101: 5, "n": {7: [1, 2]}}
    assert dumps(value) == '{"101":5,"n":{"7":[1,2]}}'
    assert dumps({"x": float("nan")}) == '{"x":null}'


def test_a_value_that_is_not_json_is_refused() -> None:
    with pytest.raises(orjson.JSONEncodeError):
        dumps({"x": object()})
    with pytest.raises(orjson.JSONEncodeError):
        dumps({(1, 2): 3})
