"""Fitting text into Discord's limits: cut at a line or a space, never inside a card, a
mention or markup; and quoting a short prefix of what someone typed."""

from __future__ import annotations

import discord

from bot.i18n.bounds import QUOTE_LIMIT, near, quote, some_of
from bot.render.limits import CONTENT, EMBED_TOTAL, FIELD_VALUE, FIELDS, clip, fit_embed, fit_view


def test_text_that_fits_is_left_alone() -> None:
    assert clip("4♥ 5♥ 6♥", 8) == "4♥ 5♥ 6♥"


def test_a_cut_falls_between_cards_and_ends_with_an_ellipsis() -> None:
    cards = " ".join(["10♥"] * 30)
    cut = clip(cards, 50)
    assert len(cut) <= 50 and cut.endswith("10♥…") and "1…" not in cut


def test_a_cut_prefers_a_line_end_and_leaves_no_markup_open() -> None:
    lines = "\n".join(f"**Hand {i}** · ann +2 · bob −2" for i in range(200))
    cut = clip(lines, CONTENT)
    assert len(cut) <= CONTENT and cut.endswith("−2…") and cut.count("**") % 2 == 0
    bold = clip("**" + "x " * 100 + "**", 50)
    assert "**" not in bold and len(bold) <= 50


def test_a_cut_never_splits_a_timestamp_or_a_mention() -> None:
    cut = clip("ann to play; time runs out <t:1700000000:R> " + "y" * 40, 40)
    assert "<t:" not in cut and cut.endswith("out…")


def test_an_embed_is_fitted_field_by_field_then_in_total() -> None:
    embed = discord.Embed(title="t" * 300, description="d " * 3000)
    for i in range(30):
        embed.add_field(name=f"f{i}", value="v " * 600)
    fitted = fit_embed(embed)
    assert len(fitted) <= EMBED_TOTAL and len(fitted.fields) <= FIELDS
    assert all(len(f.value or "") <= FIELD_VALUE for f in fitted.fields)
    assert fitted.title is not None and fitted.title.endswith("…")


def test_a_view_gets_button_labels_within_80_characters() -> None:
    view = discord.ui.View()
    view.add_item(discord.ui.Button(label="Hit 1: " + "10♥ " * 30))
    (button,) = fit_view(view).children
    assert isinstance(button, discord.ui.Button) and len(button.label or "") <= 80


def test_a_quote_is_a_short_prefix_on_one_line() -> None:
    assert quote("catsh") == "'catsh'" and quote(6) == "6" and quote(True) == "True"
    long = quote("x" * 6000)
    assert len(long) <= QUOTE_LIMIT + 2 and long.endswith("…'")
    assert "\n" not in quote("a\nb\n" * 100)


def test_a_list_shows_its_first_values_then_an_ellipsis() -> None:
    assert some_of(["a", "b"]) == "a, b"
    assert some_of([str(i) for i in range(100)], 3) == "0, 1, 2, …"


def test_near_suggests_the_closest_names() -> None:
    assert near("catsh", ["catch", "deck", "slap"]) == ["catch"]
    assert near("zzz", ["catch", "deck"]) == []
