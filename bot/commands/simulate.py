"""``tonk simulate``: many hands between computer players, on duplicate deals.

The figures per level are hands won, the mean payout per hand with its 95% confidence
interval, and decision times; ``--json`` prints them as one JSON object instead. Hands that
reach the cap on actions (see ``bot.players.table``) are dead hands and are counted. Under
push-up scoring (O42) a payout is the seat's gain in points (``bot.players.scoring``).
Ctrl-C stops the match: the figures of the deals played so far are printed.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from typing import TYPE_CHECKING

from bot.commands import add_option_argument, parse_options, said
from bot.engine import PRESETS, build_rules
from bot.engine.rules import MAX_PLAYERS, MIN_PLAYERS
from bot.i18n import text
from bot.players import Level

if TYPE_CHECKING:
    from rich.table import Table

    from bot.players.tournament import Match, MatchReport


def register(
    commands: argparse._SubParsersAction[argparse.ArgumentParser], locale: str
) -> argparse.ArgumentParser:
    parser = commands.add_parser("simulate", help=text("cli.help.simulate", locale))
    parser.add_argument(
        "--players",
        default="hard,normal",
        help=text("cli.help.simulate.players", locale, levels=", ".join(Level)),
    )
    parser.add_argument("--preset", default="standard", choices=sorted(PRESETS))
    add_option_argument(parser, locale)
    parser.add_argument(
        "--hands", type=int, default=1000, help=text("cli.help.simulate.hands", locale)
    )
    parser.add_argument("--seed", type=int, default=0, help=text("cli.help.seed", locale))
    parser.add_argument(
        "--jobs",
        type=int,
        default=1,
        help=text("cli.help.simulate.jobs", locale, cpus=os.cpu_count() or 1),
    )
    parser.add_argument("--json", action="store_true", help=text("cli.help.simulate.json", locale))
    parser.set_defaults(handler=run)
    return parser


def parse_levels(spec: str, locale: str, other_seats: int = 0) -> tuple[Level, ...]:
    """The levels named in ``spec``; ``other_seats`` more seats will sit at the table.
    ValueError, in ``locale``, names a level that does not exist or a wrong seat count."""
    names = tuple(part.strip() for part in spec.split(",") if part.strip())
    known = {level.value: level for level in Level}
    unknown = [name for name in names if name not in known]
    if unknown:
        raise ValueError(
            text("players.unknown_level", locale, level=unknown[0], known=", ".join(known))
        )
    levels = tuple(known[name] for name in names)
    if not MIN_PLAYERS <= len(levels) + other_seats <= MAX_PLAYERS:
        raise ValueError(text("players.seat_count", locale, low=MIN_PLAYERS, high=MAX_PLAYERS))
    return levels


def run(args: argparse.Namespace) -> int:
    locale = args.locale
    try:
        levels = parse_levels(args.players, locale)
        rules = build_rules(args.preset, parse_options(args.option, locale))
    except ValueError as error:  # RulesError is a ValueError
        print(said(error, locale), file=sys.stderr)
        return 2
    if args.hands < 1:
        print(text("players.simulate.bad_hands", locale), file=sys.stderr)
        return 2
    from rich.console import Console
    from rich.progress import (
        BarColumn,
        MofNCompleteColumn,
        Progress,
        TextColumn,
        TimeRemainingColumn,
    )

    from bot.players.tournament import Match, run_match

    match = Match(rules, levels, args.hands, args.seed)
    console = Console(stderr=True)
    with Progress(
        TextColumn(text("players.simulate.progress", locale)),
        BarColumn(),
        MofNCompleteColumn(),
        TimeRemainingColumn(),
        console=console,
        transient=True,
    ) as progress:
        task = progress.add_task("", total=match.deals * match.seats)
        report = run_match(match, args.jobs, lambda hands: progress.advance(task, hands))
    if report.hands < match.deals * match.seats:
        console.print(text("players.simulate.stopped", locale, hands=report.hands))
    if args.json:
        print(json.dumps(report.to_json()))
    else:
        Console().print(report_table(match, report, locale))
    return 0


def report_table(match: Match, report: MatchReport, locale: str) -> Table:
    """The figures as a table, one row per level, its words in ``locale``."""
    from rich.table import Table

    table = Table(
        title=text(
            "players.simulate.title",
            locale,
            hands=report.hands,
            preset=match.rules.preset,
            players=", ".join(match.levels),
        ),
        caption=text("players.simulate.capped", locale, capped=report.capped),
    )
    for key in ("level", "seats", "won", "mean", "ci", "p50", "p99"):
        table.add_column(text(f"players.simulate.column.{key}", locale), justify="right")
    for level, figures in report.levels.items():
        hands = report.hands * figures.seats
        table.add_row(
            level,
            str(figures.seats),
            f"{figures.won} ({100 * figures.won / hands:.1f}%)",
            f"{figures.mean_payout:+.3f}",
            f"[{figures.ci95[0]:+.3f}, {figures.ci95[1]:+.3f}]",
            f"{figures.decision_ms['p50']:.2f}",
            f"{figures.decision_ms['p99']:.2f}",
        )
    return table
