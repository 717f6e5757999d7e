"""The translated catalogues: complete, faithful to the English placeholders, every plural
form present, and every message within Discord's limits in every language."""

from __future__ import annotations

import string
from dataclasses import replace

import pytest
from babel.messages.pofile import read_po

from bot.engine.actions import DRAW, DROP
from bot.engine.rules import PRESETS, build_rules
from bot.i18n import LOCALES, amount_text, text
from bot.i18n.bounds import ELLIPSIS
from bot.i18n.catalogs import TRANSLATED, catalogue_path
from bot.i18n.en import MESSAGES
from bot.i18n.mentions import GROUP
from bot.i18n.source import Plural
from bot.render.help import LEARN_SECTIONS, learn_embed
from bot.render.limits import BUTTON_LABEL, CONTENT, DESCRIPTION, EMBED_TOTAL, FIELD_VALUE
from bot.render.panel import panel_embed
from bot.render.rules import rules_embed
from bot.render.table import table_embed
from bot.tables.table import Table
from bot.tables.views import PublicTable, private_hand, public_table
from tests.tables.fixtures import IDS, worked_example

PLURAL_FORMS = {"ro": 3, "fa": 2, "vi": 1}
COMMAND_DESCRIPTION = 100
LONGEST_NAME = "W" * 32


def fields(template: str) -> set[str]:
    return {f for _, f, _, _ in string.Formatter().parse(template) if f}


def english_fields(key: str) -> set[str]:
    source = MESSAGES[key]
    if isinstance(source, Plural):
        return fields(source.one) | fields(source.other) | {source.count}
    return fields(source)


def entries(locale: str) -> dict[str, tuple[str, ...]]:
    """Every entry of a .po file as translators left it, fuzzy or empty ones included."""
    with catalogue_path(locale).open("rb") as po:
        catalog = read_po(po, locale=locale)
    assert catalog.num_plurals == PLURAL_FORMS[locale]
    found: dict[str, tuple[str, ...]] = {}
    for message in catalog:
        if not message.id:
            continue
        assert not message.fuzzy, f"{locale}: {message.id} is fuzzy"
        key = message.id[0] if isinstance(message.id, tuple | list) else message.id
        strings = message.string if isinstance(message.string, tuple | list) else [message.string]
        found[str(key)] = tuple(str(s) for s in strings)
    return found


@pytest.mark.parametrize("locale", TRANSLATED)
def test_every_key_is_translated_and_no_other(locale: str) -> None:
    found = entries(locale)
    assert set(found) == set(MESSAGES)
    assert not [k for k, forms in found.items() if not all(f.strip() for f in forms)]


@pytest.mark.parametrize("locale", TRANSLATED)
def test_every_translation_keeps_the_english_placeholders(locale: str) -> None:
    for key, forms in entries(locale).items():
        source = MESSAGES[key]
        used = set().union(*(fields(f) for f in forms))
        if isinstance(source, Plural):
            assert len(forms) == PLURAL_FORMS[locale], key
            assert used | {source.count} == english_fields(key), key
        else:
            assert len(forms) == 1 and used == english_fields(key), key


def test_romanian_has_three_plural_forms_vietnamese_one_persian_two() -> None:
    cards = [text("table.card_count", "ro", cards=n) for n in (1, 5, 25)]
    assert cards == ["1 carte", "5 cărți", "25 de cărți"]
    assert [text("table.card_count", "vi", cards=n) for n in (1, 5)] == ["1 lá", "5 lá"]
    assert text("table.notice.big_one", "fa", player="x", hands=1) != text(
        "table.notice.big_one", "fa", player="x", hands=3
    )


def test_a_persian_sentence_isolates_its_cards_and_amounts() -> None:
    """Cards and a signed amount inside Persian text each sit in FSI … PDI, so the bidi
    algorithm keeps ``A♠ 10♥`` and ``+4`` in their own order."""
    said = text("players.play.payment", "fa", player="Ann", amount=amount_text(4, "fa"))
    assert said == "  \u2068Ann\u2069 \u2068\u200e+4\u2069"
    refusal = text("refusal.not_in_hand", "fa", cards="A♠ 10♥")
    assert refusal == "\u2068A♠ 10♥\u2069 در دست شما نیست."


def test_the_locale_of_a_discord_user_picks_its_catalogue() -> None:
    assert text("refusal.not_your_turn", "ro") == "Nu este rândul tău."
    assert text("refusal.not_your_turn", "vi") == "Chưa đến lượt bạn."
    assert text("refusal.not_your_turn", "en-GB") == "It is not your turn."
    assert text("refusal.not_your_turn", "pt-BR") == "It is not your turn."


@pytest.mark.parametrize("locale", LOCALES)
def test_every_sentence_with_its_values_at_their_longest_fits_a_message(locale: str) -> None:
    for key, source in MESSAGES.items():
        params: dict[str, object] = {f.split("!")[0]: "x" * 100 for f in english_fields(key)}
        if isinstance(source, Plural):
            params[source.count] = 1_000_000
        said = text(key, locale, **params)
        assert len(said) <= CONTENT, key
        if ".command." in key:
            assert len(said) <= COMMAND_DESCRIPTION, key
        if ".button." in key and not english_fields(key):
            assert len(said) <= BUTTON_LABEL, key


def longest_names(table: Table) -> PublicTable:
    """The public table with every player's name at Discord's longest, 32 characters."""
    shown = public_table(table)
    seats = tuple(replace(s, name=f"{i}" + LONGEST_NAME[1:]) for i, s in enumerate(shown.seats))
    outcome = shown.outcome and replace(shown.outcome, names=tuple(s.name for s in seats))
    return replace(shown, seats=seats, outcome=outcome)


@pytest.mark.parametrize("locale", LOCALES)
def test_the_table_panel_and_rules_fit_discord_in_every_language(locale: str) -> None:
    playing = worked_example()
    playing.act(IDS["dan"], DRAW, now=1.0)
    ended = worked_example()
    ended.act(IDS["dan"], DROP, now=1.0)
    embeds = [
        table_embed(longest_names(playing), locale),
        table_embed(longest_names(ended), locale),
        panel_embed(private_hand(playing, IDS["dan"]), locale),
        *(rules_embed(build_rules(p), locale, stake=1_000_000) for p in PRESETS),
    ]
    for embed in embeds:
        assert len(embed) <= EMBED_TOTAL
        assert len(embed.description or "") <= DESCRIPTION
        assert all(len(f.value or "") <= FIELD_VALUE for f in embed.fields)


@pytest.mark.parametrize("locale", LOCALES)
def test_how_to_play_fits_discord_uncut_in_every_language(locale: str) -> None:
    """How to play (S1-S11) is one embed, nothing of it cut to fit, its commands' mentions
    at their longest (a 19-digit command id)."""
    embed = learn_embed(GROUP, 2**63 - 1, locale)
    parts = [embed.description or "", *(f"{f.name} {f.value}" for f in embed.fields)]
    assert len(embed.fields) == len(LEARN_SECTIONS)
    assert not any(ELLIPSIS in part for part in parts)
    assert len(embed) <= EMBED_TOTAL
    assert all(len(f.value or "") <= FIELD_VALUE for f in embed.fields)
