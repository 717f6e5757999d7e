"""The replay's embed (``bot.render.replay``): every hand shown, the move in words, the end."""

from __future__ import annotations

import discord
import pytest

from bot.render.replay import Turn, replay_embed, replay_target
from bot.tables.replay import replay_step
from tests.tables.replays import played, recorded


def shown(embed: discord.Embed) -> str:
    fields = "\n".join(f"{field.name}\n{field.value}" for field in embed.fields)
    return f"{embed.title}\n{embed.description}\n{fields}\n{embed.footer.text}"


def test_the_deal_shows_who_deals_and_every_hand_with_its_count() -> None:
    page = shown(replay_embed(replay_step(recorded(played()), 0), "en"))
    assert "Replay · hand 1 · Standard (P1)" in page
    assert "The deal, by ann: 7 moves follow." in page
    assert "**ann** (dealer): 8♣ K♣ 2♦ Q♦ 9♠ (count 39)" in page
    assert "▶ **bob**: 7♦ 4♥ 5♥ 6♥ 7♠ (count 29)" in page  # S5: bob plays first
    assert "Top of the discard pile **J♣** · stock 41 cards" in page
    assert "Spreads\nNone yet." in page and "Payments" not in page
    assert "Table 5 · hand 1" in page


def test_a_draw_names_the_card_it_took_from_the_stock() -> None:
    page = shown(replay_embed(replay_step(recorded(played()), 1), "en"))
    assert "Move 1 of 7: bob drew 3♣ from the stock." in page  # S7 hid it at the table
    assert "**bob**: 3♣ 7♦ 4♥ 5♥ 6♥ 7♠ (count 32)" in page


def test_the_end_says_how_the_hand_ended_and_what_it_paid() -> None:
    page = shown(replay_embed(replay_step(recorded(played()), 7), "en"))
    assert "Move 7 of 7: bob spread 7♣ 7♦ 7♠." in page
    assert "bob went out without a discard: tonk! Paid ×2." in page  # S11a
    assert "1. bob: 4♥ 5♥ 6♥\n2. bob: 7♣ 7♦ 7♠" in page
    assert "Payments\nann −2 · bob +2" in page
    assert "stock" not in page


def test_the_replay_speaks_the_reader_s_language() -> None:
    page = shown(replay_embed(replay_step(recorded(played()), 1), "ro"))
    assert "3♣" in page and "drew" not in page


@pytest.mark.parametrize(
    ("turn", "step", "target"),
    [
        (Turn.FIRST, 4, 0),
        (Turn.PREV, 4, 3),
        (Turn.PREV, 0, 0),
        (Turn.NEXT, 4, 5),
        (Turn.NEXT, 7, 7),
        (Turn.LAST, 4, 7),
    ],
)
def test_each_button_goes_where_it_says_and_no_further(turn: Turn, step: int, target: int) -> None:
    assert replay_target(turn, step, 7) == target
