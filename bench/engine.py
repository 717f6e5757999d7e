"""Engine speed: random hands and actions per second, and the cost of a legal-move query.

Run: ``.venv/bin/python bench/engine.py [--seconds 5] [--presets standard,chicago,seattle]``.
One core, random legal moves, never dropping (hands end by going out or when the stock runs
out). If rlcard is installed (``pip install -e '.[bench]'``), its gin rummy raw game loop is
measured in the same run and printed beside ours as a ratio.

Targets (issue 2): at least 100,000 actions/s and 1,500 two-player hands/s, and a legal-move
query under 15 µs in the play phase.
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Callable

from bot.engine import Hand, build_rules
from bot.engine.actions import DROP, LegalMoves
from bot.engine.hand import PLAY


def random_hand(hand: Hand, rng: random.Random) -> int:
    """Play a dealt hand to its end with random legal moves, never dropping; the action count."""
    actions = 0
    while not hand.over:
        seat = hand.actor
        legal = hand.legal_moves(seat)
        size = len(legal)
        first = 1 if legal.drop else 0
        hand.act(legal.action(seat, first + rng.randrange(size - first)))
        actions += 1
    return actions


def rate(play_one: Callable[[], int], seconds: float) -> tuple[float, float]:
    """(hands per second, actions per second) of ``play_one`` over about ``seconds``."""
    hands = actions = 0
    start = time.perf_counter()
    while (elapsed := time.perf_counter() - start) < seconds:
        actions += play_one()
        hands += 1
    return hands / elapsed, actions / elapsed


def tonk_rates(preset: str, players: int, seconds: float) -> tuple[float, float]:
    rules = build_rules(preset)
    names = [f"p{i}" for i in range(players)]
    rng = random.Random(1)

    def play_one() -> int:
        return random_hand(Hand.deal(rules, names, rng.randrange(players), rng=rng), rng)

    return rate(play_one, seconds)


def play_phase_states(preset: str, count: int) -> list[Hand]:
    """``count`` hands paused in the play phase, from random play."""
    rules = build_rules(preset)
    rng = random.Random(2)
    states: list[Hand] = []
    while len(states) < count:
        hand = Hand.deal(rules, ["a", "b", "c"], 0, rng=rng)
        while not hand.over and len(states) < count:
            seat = hand.actor
            legal = hand.legal_moves(seat)
            if hand.phase == PLAY and rng.random() < 0.3:
                states.append(Hand.from_json(hand.to_json()))
            moves = [a for a in legal.actions(seat) if a.kind != DROP]
            hand.act(rng.choice(moves))
    return states


def query_time(preset: str, repeats: int = 20) -> float:
    """Mean seconds of one ``legal_moves`` call for the player to act in the play phase."""
    states = play_phase_states(preset, 2_000)
    calls: list[tuple[Callable[[int], LegalMoves], int]] = [
        (h.legal_moves, h.to_act) for h in states
    ]
    start = time.perf_counter()
    for _ in range(repeats):
        for query, seat in calls:
            query(seat)
    return (time.perf_counter() - start) / (repeats * len(calls))


def rlcard_rates(seconds: float) -> tuple[float, float] | None:
    """rlcard's gin rummy, raw game loop with random legal actions, if it is installed."""
    try:
        from rlcard.games.gin_rummy.game import GinRummyGame
    except ImportError:
        return None
    rng = random.Random(3)
    game = GinRummyGame()

    def play_one() -> int:
        game.init_game()
        actions = 0
        while not game.is_over():
            game.step(rng.choice(game.judge.get_legal_actions()))
            actions += 1
        return actions

    return rate(play_one, seconds)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=5.0, help="time per measurement")
    parser.add_argument("--presets", default="standard,chicago,seattle")
    args = parser.parse_args()
    theirs = rlcard_rates(args.seconds)
    if theirs:
        print(f"rlcard gin rummy (2 players): {theirs[0]:,.0f} hands/s, {theirs[1]:,.0f} actions/s")
    for preset in args.presets.split(","):
        for players in (2, 4):
            hands, actions = tonk_rates(preset, players, args.seconds)
            line = f"{preset:>10} {players}p: {hands:>8,.0f} hands/s {actions:>10,.0f} actions/s"
            if theirs:
                line += (
                    f"  ({hands / theirs[0]:.1f}x rlcard hands, {actions / theirs[1]:.1f}x actions)"
                )
            print(line, flush=True)
        print(f"{preset:>10} legal-move query (play phase): {query_time(preset) * 1e6:.2f} µs")


if __name__ == "__main__":
    main()
