"""The fake refuses a command list that Discord would refuse (``command_rules``): names,
descriptions, options, choices and the size of a whole command, in every locale."""

from __future__ import annotations

from typing import Any

import pytest

from tests.fakediscord.command_rules import check_commands
from tests.fakediscord.errors import ApiError


def command(**changes: Any) -> dict[str, Any]:
    """A valid ``/tonk new`` with one option, changed by ``changes``."""
    option = {"type": 3, "name": "preset", "description": "The rules.", "required": False}
    return {"type": 1, "name": "new", "description": "Open a table.", "options": [option]} | (
        changes
    )


def test_translated_names_in_any_script_pass() -> None:
    """Letters with diacritics, Persian with its joiner-free letters, Devanagari marks."""
    names = {"ro": "nouă", "vi": "mở-bàn", "hi": "नया", "th": "ใหม่"}
    check_commands([command(name_localizations=names)])


@pytest.mark.parametrize(
    ("changes", "field"),
    [
        ({"name": "New"}, "0.name: 'N' must be lowercase"),
        ({"name": "new table"}, "0.name: ' ' is not allowed"),
        ({"name": "n" * 33}, "0.name: must be 1 to 32 long"),
        ({"name_localizations": {"ro": "Nouă"}}, "0.name_localizations.ro"),
        ({"description": ""}, "0.description: must be 1 to 100 long"),
        ({"description_localizations": {"vi": "x" * 101}}, "0.description_localizations.vi"),
        (
            {"options": [{"type": 3, "name": f"o{i}", "description": "d"} for i in range(26)]},
            "0.options: must be 25 or fewer",
        ),
        (
            {
                "options": [
                    {"type": 3, "name": "a", "description": "d"},
                    {"type": 3, "name": "b", "description": "d", "required": True},
                ]
            },
            "required options must be placed before optional ones",
        ),
        (
            {
                "options": [
                    {"type": 3, "name": "a", "description": "d"},
                    {"type": 3, "name": "a", "description": "d"},
                ]
            },
            "option names must be unique",
        ),
        (
            {
                "options": [
                    {
                        "type": 3,
                        "name": "preset",
                        "description": "d",
                        "choices": [{"name": "", "value": "x"}],
                    }
                ]
            },
            "0.options.0.choices.0.name",
        ),
    ],
)
def test_a_command_discord_would_refuse_is_refused_naming_the_field(
    changes: dict[str, Any], field: str
) -> None:
    with pytest.raises(ApiError) as refused:
        check_commands([command(**changes)])
    assert refused.value.status == 400 and refused.value.code == 50035
    assert field in str(refused.value)


def test_a_command_too_long_in_one_language_is_refused() -> None:
    """8,000 characters of names, descriptions and choice values, counted per locale: the
    Romanian texts break it (16 + 25 × 417) where the English ones do not (16 + 25 × 257)."""

    def described(kind: int, name: str) -> dict[str, Any]:
        long = {"ro": "y" * 100}
        return {"type": kind, "name": name, "description": "x" * 60} | {
            "description_localizations": long
        }

    subcommands = [
        described(1, f"sub{i:02}") | {"options": [described(3, f"o{i:02}{j}") for j in "abc"]}
        for i in range(25)
    ]
    check_commands([command(options=subcommands[:15])])  # 16 + 15 × 417 in Romanian: fine
    with pytest.raises(ApiError) as refused:
        check_commands([command(options=subcommands)])
    assert "holds 10441 characters in ro" in str(refused.value)
