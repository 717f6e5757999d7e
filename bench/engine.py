"""Engine speed: random hands and actions per second, and the cost of a legal-move query.

Run: ``.venv/bin/python bench/engine.py [--seconds 5] [--presets standard,chicago,seattle]
[--json]``. One core, random legal moves, never dropping (hands end by going out or when the
stock runs out). If rlcard is installed (``pip install -e '.[bench]'``), its gin rummy raw
game loop is measured in the same run and the ratios are printed. Every measurement is taken
in ``--rounds`` slices that alternate with the others, so that a machine whose load changes
during the run weighs on all of them alike.

Targets: standard 2 players at least 6x rlcard's hands/s and 8x its actions/s; Chicago
actions/s at least 0.6x standard's (2 players).
"""

from __future__ import annotations

import argparse
import json
import random
import time
from collections.abc import Callable
from dataclasses import dataclass

from bot.engine import Hand, build_rules
from bot.engine.actions import DROP, LegalMoves
from bot.engine.hand import PLAY


def random_hand(hand: Hand, rng: random.Random) -> int:
    """Play a dealt hand to its end with random legal moves, never dropping; the action count."""
    actions = 0
    while (seat := hand.actor) is not None:
        legal = hand.legal_moves(seat)
        first = 1 if legal.drop else 0
        hand.act(legal.action(seat, first + rng.randrange(len(legal) - first)))
        actions += 1
    return actions


@dataclass
class Meter:
    """Hands and actions of one game loop, over all the slices it was run for."""

    play_one: Callable[[], int]
    hands: int = 0
    actions: int = 0
    elapsed: float = 0.0

    def run(self, seconds: float) -> None:
        start = time.perf_counter()
        while (elapsed := time.perf_counter() - start) < seconds:
            self.actions += self.play_one()
            self.hands += 1
        self.elapsed += elapsed

    def rates(self) -> dict[str, float]:
        return {
            "hands_per_s": round(self.hands / self.elapsed, 1),
            "actions_per_s": round(self.actions / self.elapsed),
        }


def tonk_meter(preset: str, players: int) -> Meter:
    rules = build_rules(preset)
    names = [f"p{i}" for i in range(players)]
    rng = random.Random(1)

    def play_one() -> int:
        return random_hand(Hand.deal(rules, names, rng.randrange(players), rng=rng), rng)

    return Meter(play_one)


def rlcard_meter() -> Meter | None:
    """rlcard's gin rummy, raw game loop with random legal actions, if it is installed."""
    try:
        from rlcard.games.gin_rummy.game import GinRummyGame  # type: ignore[import-untyped]
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

    return Meter(play_one)


def play_phase_states(preset: str, count: int) -> list[Hand]:
    """``count`` hands paused in the play phase, from random play."""
    rules = build_rules(preset)
    rng = random.Random(2)
    states: list[Hand] = []
    while len(states) < count:
        hand = Hand.deal(rules, ["a", "b", "c"], 0, rng=rng)
        while (seat := hand.actor) is not None and len(states) < count:
            legal = hand.legal_moves(seat)
            if hand.phase is PLAY and rng.random() < 0.3:
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


def measure(presets: list[str], seconds: float, rounds: int) -> dict[str, object]:
    """The figures of one run, as the JSON object ``--json`` prints."""
    theirs = rlcard_meter()
    ours = {(p, n): tonk_meter(p, n) for p in presets for n in (2, 4)}
    meters = [*([theirs] if theirs else []), *ours.values()]
    for _ in range(rounds):
        for meter in meters:
            meter.run(seconds / rounds)
    standard = ours.get(("standard", 2))
    report: dict[str, object] = {
        "seconds": seconds,
        "rounds": rounds,
        "rlcard": theirs.rates() if theirs else None,
    }
    for preset in presets:
        entry: dict[str, object] = {"query_us": round(query_time(preset) * 1e6, 2)}
        for players in (2, 4):
            meter = ours[preset, players]
            figures: dict[str, object] = dict(meter.rates())
            if theirs:
                figures["vs_rlcard"] = {
                    "hands": round(_rate(meter, "hands") / _rate(theirs, "hands"), 2),
                    "actions": round(_rate(meter, "actions") / _rate(theirs, "actions"), 2),
                }
            if standard is not None and players == 2:
                figures["actions_vs_standard"] = round(
                    _rate(meter, "actions") / _rate(standard, "actions"), 2
                )
            entry[str(players)] = figures
        report[preset] = entry
    return report


def _rate(meter: Meter, what: str) -> float:
    return (meter.hands if what == "hands" else meter.actions) / meter.elapsed


def print_text(report: dict[str, object], presets: list[str]) -> None:
    theirs = report["rlcard"]
    if isinstance(theirs, dict):
        print(
            f"rlcard gin rummy (2 players): {theirs['hands_per_s']:,.0f} hands/s, "
            f"{theirs['actions_per_s']:,.0f} actions/s"
        )
    for preset in presets:
        entry = report[preset]
        assert isinstance(entry, dict)
        for players in ("2", "4"):
            figures = entry[players]
            line = (
                f"{preset:>13} {players}p: {figures['hands_per_s']:>8,.0f} hands/s "
                f"{figures['actions_per_s']:>10,.0f} actions/s"
            )
            if "vs_rlcard" in figures:
                ratios = figures["vs_rlcard"]
                line += f"  ({ratios['hands']:.1f}x rlcard hands, {ratios['actions']:.1f}x actions)"
            if "actions_vs_standard" in figures and preset != "standard":
                line += f"  ({figures['actions_vs_standard']:.2f}x standard actions)"
            print(line)
        print(f"{preset:>13} legal-move query (play phase): {entry['query_us']:.2f} µs")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=5.0, help="time per measurement")
    parser.add_argument("--rounds", type=int, default=5, help="slices each measurement takes")
    parser.add_argument("--presets", default="standard,chicago,seattle")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    args = parser.parse_args()
    presets = args.presets.split(",")
    report = measure(presets, args.seconds, args.rounds)
    if args.json:
        print(json.dumps(report))
    else:
        print_text(report, presets)


if __name__ == "__main__":
    main()
