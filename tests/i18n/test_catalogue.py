"""The message catalogue: one place for every sentence, each key defined once."""

from __future__ import annotations

import pkgutil
import re
import string
from pathlib import Path

import bot.i18n.en as english
from bot.engine.rules import OPTIONS, PRESETS
from bot.engine.summary import describe
from bot.i18n import amount_text, render, text
from bot.i18n.catalogs import merged
from bot.i18n.source import Message, Plural
from bot.render.limits import CONTENT

ROOT = Path(__file__).resolve().parents[2]


def forms(message: Message) -> tuple[str, ...]:
    return (message.one, message.other) if isinstance(message, Plural) else (message,)


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
    for key, message in english.MESSAGES.items():
        for template in forms(message):
            list(string.Formatter().parse(template))
            assert template.strip(), key
    assert render("refusal.not_your_turn", {}, "de-DE") == "It is not your turn."


def test_the_checked_in_template_and_catalogues_are_current() -> None:
    """``python -m bot.i18n`` would change nothing: the .pot holds every English message
    as it is now, and every .po has been merged from it."""
    for path, content in merged().items():
        assert path.read_bytes() == content, f"{path.name} is stale: run python -m bot.i18n"


def test_an_english_plural_message_picks_its_form_by_the_count() -> None:
    assert text("table.card_count", cards=1) == "1 card"
    assert text("table.card_count", cards=0) == "0 cards"
    assert text("option.jokers.n", n=2) == "2 jokers added; a joker counts 0."


def test_amounts_take_the_signs_and_digits_of_the_locale() -> None:
    assert [amount_text(n) for n in (4, 0, -1)] == ["+4", "0", "\N{MINUS SIGN}1"]
    assert amount_text(4, "fa") == "\N{LEFT-TO-RIGHT MARK}+4"
    assert amount_text(-12, "ro") == "\N{MINUS SIGN}12"


def test_every_refusal_fits_a_discord_message_with_its_values_at_their_longest() -> None:
    """Values in refusals are bounded where they are made (a quoted prefix of what was typed
    is at most ``QUOTE_LIMIT`` characters, a name at most 32, a link about 100): with each
    value at 100 characters every refusal still fits in one message."""
    refusals = [
        k for k in english.MESSAGES if ".refusal." in k or k.startswith(("refusal.", "rules."))
    ]
    assert len(refusals) > 50
    for key in refusals:
        source = english.MESSAGES[key]
        fields = {f for t in forms(source) for _, f, _, _ in string.Formatter().parse(t) if f}
        said = render(key, {f.split("!")[0]: "x" * 100 for f in fields})
        assert len(said) <= CONTENT, key
