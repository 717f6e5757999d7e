"""The rules summary embed and the private DM text."""

from __future__ import annotations

from bot.engine.cards import mask_of, parse_card
from bot.engine.rules import build_rules
from bot.render.dm import dm_over_text, dm_text
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


def test_the_dm_names_the_server_channel_and_hand_and_lists_the_cards_sorted() -> None:
    cards = mask_of(parse_card(c) for c in ("QS", "10H", "AC"))
    assert dm_text("Casino", "tonk", 3, cards, 21) == (
        "**Tonk** · Casino · #tonk · hand 3\nYour hand: A♣ 10♥ Q♠ (count 21)"
    )
    assert dm_over_text("Casino", "tonk", 3).endswith("the result is on the table message.")
