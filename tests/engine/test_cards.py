"""Card spellings (``bot/engine/cards.py``): the notation saved states, logs and scenarios use."""

import pytest

from bot.engine.cards import FIRST_JOKER, CardError, card, card_text, parse_card


def test_every_canonical_spelling_parses_back_to_its_card() -> None:
    """What ``card_text`` writes (saved hands, the move log) reads back exactly, jokers too."""
    for c in range(FIRST_JOKER + 4):
        assert parse_card(card_text(c)) == c, card_text(c)


@pytest.mark.parametrize(
    ("text", "expected"),
    [("th", card(9, 2)), (" 10h ", card(9, 2)), ("qs", card(11, 3)), ("jk2", FIRST_JOKER + 1)],
)
def test_other_spellings_a_player_may_type_still_parse(text: str, expected: int) -> None:
    """``T`` for ten, lower case and spaces, as docs/scenarios.md allows."""
    assert parse_card(text) == expected


@pytest.mark.parametrize("text", ["", "1H", "10X", "JK0", "JK", "HH", "10 H"])
def test_a_spelling_that_is_no_card_is_refused_in_words(text: str) -> None:
    with pytest.raises(CardError, match="is not a card"):
        parse_card(text)
