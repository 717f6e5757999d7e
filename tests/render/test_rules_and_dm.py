"""The rules summary embed and the private DM text."""

from __future__ import annotations

from bot.engine.cards import mask_of, parse_card
from bot.engine.rules import PRESETS, build_rules
from bot.render.dm import dm_over_text, dm_text
from bot.render.limits import DESCRIPTION, EMBED_TOTAL, FIELD_VALUE
from bot.render.links import message_link
from bot.render.rules import rules_embed


def test_the_rules_embed_puts_differences_first_and_every_section_after() -> None:
    embed = rules_embed(build_rules("louisiana"), stake=2).to_dict()
    assert embed["title"] == "Louisiana (P4)"
    assert embed["description"].startswith("Different from the standard game:\n• A 40-card")
    assert embed["description"].endswith("Basic stake: 2.")
    names = [f["name"] for f in embed["fields"]]
    assert names[0] == "Deck and deal" and names[-1].startswith("House decisions")
    standard = rules_embed(build_rules()).to_dict()
    assert standard["description"].startswith("This is the standard game")
    assert embed["footer"]["text"] == "How to play, below: the standard game step by step."


def test_the_rules_embed_fits_discords_limits_with_many_options_changed() -> None:
    """Every preset, and the Chicago game with a dozen more options changed."""
    many = {
        "jokers": 2, "must_spread": "on", "no_fourth_to_book": True, "one_hit_per_turn": True,
        "hit_ends_turn": True, "discard_must_meld": True, "tonk_out_pays": "single",
        "stock_out": "dead_hand", "wait_after_spread": 5, "wait_after_hit": 5,
        "hit_blocks_going_out": True, "scoring": "push_up", "slap": "race", "big_one": True,
    }  # fmt: skip
    for rules in [*(build_rules(p) for p in PRESETS), build_rules("chicago", many)]:
        embed = rules_embed(rules, stake=1_000_000)
        assert len(embed) <= EMBED_TOTAL
        assert all(len(f.value or "") <= FIELD_VALUE for f in embed.fields)
        assert len(embed.description or "") <= DESCRIPTION


def test_the_dm_names_the_server_channel_and_hand_and_lists_the_cards_sorted() -> None:
    cards = mask_of(parse_card(c) for c in ("QS", "10H", "AC"))
    assert dm_text("Casino", "tonk", 3, cards, 21) == (
        "**Tonk** · Casino · #tonk · hand 3\nYour hand: A♣ 10♥ Q♠ (count 21)\n"
        "-# /tonk me set dms:False stops these messages; order:rank sorts your hand by rank."
    )
    link = message_link(1, 2, 3)
    said = dm_over_text("Casino", "tonk", 3, link)
    assert said.endswith("the result is on the table message, <https://discord.com/channels/1/2/3>")


def test_a_link_in_a_right_to_left_sentence_keeps_the_isolation_marks_outside_it() -> None:
    """Discord ends a link at whitespace or ``>``: a Persian sentence's isolation marks
    around a bare address would become part of it."""
    link = message_link(1, 2, 3)
    said = dm_over_text("Casino", "tonk", 3, link, "fa")
    assert f"\N{FIRST STRONG ISOLATE}{link}\N{POP DIRECTIONAL ISOLATE}" in said
