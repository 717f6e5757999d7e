"""The message catalogue: one place for every sentence, each key defined once."""

from __future__ import annotations

import pkgutil
import re
import string
from pathlib import Path

import bot.i18n.en as english
from bot.engine.rules import OPTIONS, PRESETS
from bot.engine.summary import describe
from bot.i18n import render, text

ROOT = Path(__file__).resolve().parents[2]


def test_every_area_module_is_merged_and_no_key_is_defined_twice() -> None:
    modules = {m.name for m in pkgutil.iter_modules(english.__path__)}
    assert modules == {area.__name__.rsplit(".", 1)[1] for area in english.AREAS}
    total = sum(len(area.MESSAGES) for area in english.AREAS)
    assert total == len(english.MESSAGES), "a key is defined in two areas"


def test_every_text_key_used_in_the_code_exists() -> None:
    used: set[str] = set()
    pattern = re.compile(r"""\btext\(\s*["']([a-z_]+\.[a-z0-9_.]+)["']""")
    for path in [*(ROOT / "bot").rglob("*.py"), *(ROOT / "cogs").rglob("*.py")]:
        used.update(pattern.findall(path.read_text("utf-8")))
    missing = sorted(k for k in used if k not in english.MESSAGES)
    assert not missing


def test_every_option_value_and_preset_has_a_sentence() -> None:
    for name, spec in OPTIONS.items():
        for value in spec.values_text():
            assert describe(name, spec.coerce(value))
    for preset in PRESETS:
        assert text(f"preset.{preset}")


def test_templates_are_well_formed_and_an_unknown_locale_falls_back_to_english() -> None:
    for key, template in english.MESSAGES.items():
        list(string.Formatter().parse(template))
        assert template.strip(), key
    assert render("refusal.not_your_turn", {}, "fa") == "It is not your turn."
