"""Players are safe to run in worker threads (``asyncio.to_thread``): no shared state.

Each instance owns its ``random.Random``; the only module-level caches are read-only tables.
Deciding the same views in many threads at once gives the same moves as one by one.
"""

from __future__ import annotations

import random
from concurrent.futures import ThreadPoolExecutor

from bot.engine import Hand, SeatView, build_rules, seat_view
from bot.players import Level
from bot.players.registry import make_player
from bot.players.table import play_hand


def _views() -> list[SeatView]:
    rules = build_rules("standard")
    views = []
    for seed in range(12):
        hand = Hand.deal(rules, ["a", "b", "c"], seed % 3, rng=random.Random(seed))
        players = [make_player(Level.NORMAL, random.Random(s)) for s in range(3)]
        play_hand(hand, players, max_actions=seed % 7 + 1)
        if not hand.over:
            views.append(seat_view(hand, hand.actor))
    return views


def test_concurrent_decisions_match_sequential_ones() -> None:
    views = _views()
    for level in (Level.NORMAL, Level.HARD):

        def decide(view: SeatView, level: Level = level) -> object:
            return make_player(level, random.Random(view.version)).choose(view)

        alone = [decide(v) for v in views]
        with ThreadPoolExecutor(max_workers=8) as pool:
            together = list(pool.map(decide, views * 4))
        assert together == alone * 4
