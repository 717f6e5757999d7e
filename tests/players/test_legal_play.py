"""Every level plays only legal moves, on every preset and the options that change turns.

``play_hand`` applies each move with ``Hand.act``, which raises ``IllegalAction`` on anything
the rules refuse, so a hand that finishes is a hand of legal moves only.
"""

from __future__ import annotations

import random

import pytest

from bot.engine import PRESETS, Hand, build_rules
from bot.players import Level
from bot.players.registry import make_player
from bot.players.table import play_hand

ALL_LEVELS = tuple(Level)


def _play(preset: str, options: dict[str, object], levels: tuple[str, ...], seed: int) -> None:
    rules = build_rules(preset, options)
    rng = random.Random(seed)
    for number in range(len(levels)):
        line_up = levels[number:] + levels[:number]
        names = [f"p{i}" for i in range(len(line_up))]
        hand = Hand.deal(rules, names, number % len(names), rng=rng)
        players = [make_player(level, random.Random(rng.random())) for level in line_up]
        played = play_hand(hand, players)
        assert played.capped or hand.over


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_every_level_plays_legal_moves_on_every_preset(preset: str) -> None:
    """P1-P11: all five levels at one table, each in every seat once, for a few deals."""
    for seed in range(2):
        _play(preset, {}, ALL_LEVELS, seed)


@pytest.mark.parametrize("level", ALL_LEVELS)
def test_every_level_plays_legal_moves_heads_up(level: str) -> None:
    """S1: two players, against each other level."""
    for opponent in ALL_LEVELS:
        _play("standard", {}, (level, opponent), seed=len(opponent))


@pytest.mark.parametrize(
    "options",
    [
        {"slap": "race"},
        {"slap": "next_player_priority"},
        {"must_spread": "on"},
        {"must_spread": "on_except_aces"},
        {"discard_must_meld": True},
        {"hit_ends_turn": True, "one_hit_per_turn": True},
        {"no_fourth_to_book": True},
        {"wait_after_hit": 3, "hit_blocks_going_out": True, "wait_hit_once_per_round": True},
        {"upcard": False, "jokers": 2},
        {"stock_out": "dead_hand", "tonk_out_pays": "second_spread_only"},
        {"catch": "alt5", "instant_win": "none"},
    ],
    ids=lambda options: ",".join(options),
)
def test_every_level_plays_legal_moves_under_the_options_that_change_a_turn(
    options: dict[str, object],
) -> None:
    """O19, O20, O36-O43 and others: the moves the engine allows change; players follow."""
    _play("standard", options, ALL_LEVELS, seed=7)
