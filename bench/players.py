"""The computer players against their targets (issue 6), on duplicate deals.

Run: ``.venv/bin/python bench/players.py [--hands 4000] [--jobs 2] [--seed 1] [--only TEXT]``.
Each line is one ``tonk simulate`` match (the same figures as
``tonk simulate --players A,B --preset P --hands N --seed S --jobs J --json``), checked against
its target:

- heads-up, under ``standard``, ``waiting`` and ``chicago``: ``normal`` beats ``random`` in at
  least 90% of hands; ``hard`` beats ``baseline`` in at least 60% of hands with a mean payout
  whose 95% interval is above zero; ``hard`` against ``normal`` has a mean payout whose
  interval is above zero; ``easy`` clearly loses to ``normal`` (interval below zero);
- three and four players, each level against two or three ``baseline``: ``hard`` and
  ``normal`` win money (interval above zero), ``easy`` less than ``normal``;
- decision times over all matches: ``normal`` p99 under 1 ms, ``hard`` p99 under 150 ms.
"""

from __future__ import annotations

import argparse
import json
import time
from collections.abc import Callable
from dataclasses import dataclass

from bot.engine import build_rules
from bot.players.tournament import LevelReport, Match, MatchReport, run_match

HEADS_UP_PRESETS = ("standard", "waiting", "chicago")


@dataclass(frozen=True)
class Target:
    """One match and what its first level must achieve."""

    preset: str
    levels: tuple[str, ...]
    goal: str
    check: Callable[[LevelReport, MatchReport], bool]

    @property
    def name(self) -> str:
        return f"{self.preset}: {','.join(self.levels)}"


def _win_share(level: LevelReport, report: MatchReport) -> float:
    return level.won / (report.hands * level.seats)


def targets() -> list[Target]:
    found = []
    for preset in HEADS_UP_PRESETS:
        found += [
            Target(
                preset,
                ("normal", "random"),
                "wins >= 90% of hands",
                lambda lv, rep: _win_share(lv, rep) >= 0.9,
            ),
            Target(
                preset,
                ("hard", "baseline"),
                "wins >= 60%, CI above 0",
                lambda lv, rep: _win_share(lv, rep) >= 0.6 and lv.ci95[0] > 0,
            ),
            Target(preset, ("hard", "normal"), "CI above 0", lambda lv, rep: lv.ci95[0] > 0),
            Target(preset, ("easy", "normal"), "CI below 0", lambda lv, rep: lv.ci95[1] < 0),
        ]
    for others in (2, 3):
        for level in ("hard", "normal", "easy"):
            goal = "CI above 0" if level != "easy" else "report (vs normal's figure)"
            found.append(
                Target(
                    "standard",
                    (level, *("baseline",) * others),
                    goal,
                    (lambda lv, rep: lv.ci95[0] > 0) if level != "easy" else (lambda lv, rep: True),
                )
            )
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=4000)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--only", default="", help="run the matches whose name contains this")
    parser.add_argument("--json", action="store_true", help="one JSON line per match")
    args = parser.parse_args()
    p99: dict[str, float] = {}
    for target in targets():
        if args.only not in target.name:
            continue
        match = Match(build_rules(target.preset), target.levels, args.hands, args.seed)
        started = time.perf_counter()
        report = run_match(match, args.jobs)
        seconds = time.perf_counter() - started
        first = report.levels[target.levels[0]]
        verdict = "PASS" if target.check(first, report) else "FAIL"
        for name, figures in report.levels.items():
            p99[name] = max(p99.get(name, 0.0), figures.decision_ms["p99"])
        if args.json:
            print(json.dumps({"match": target.name, "verdict": verdict, **report.to_json()}))
        else:
            print(
                f"{verdict} {target.name:<40} {target.goal:<28} "
                f"won {100 * _win_share(first, report):5.1f}%  "
                f"mean {first.mean_payout:+.3f} [{first.ci95[0]:+.3f}, {first.ci95[1]:+.3f}]  "
                f"p99 {first.decision_ms['p99']:.2f} ms  capped {report.capped}  {seconds:.0f}s",
                flush=True,
            )
    for name, limit in (("normal", 1.0), ("hard", 150.0)):
        if name in p99:
            verdict = "PASS" if p99[name] < limit else "FAIL"
            print(f"{verdict} decision time {name}: worst p99 {p99[name]:.2f} ms < {limit} ms")


if __name__ == "__main__":
    main()
