"""``tonk simulate``: duplicate deals with the seats rotated, and its JSON report."""

from __future__ import annotations

import json

import pytest

from bot.cli import main
from bot.engine import build_rules
from bot.players.tournament import Match, deal_hand, mean_with_ci, percentile, run_match


def test_each_deal_is_played_once_per_rotation_with_the_same_cards() -> None:
    """Duplicate deals: every rotation gets the same pack and dealer; each level sits in
    each seat once, so it plays every seat's cards."""
    match = Match(build_rules("standard"), ("hard", "normal", "baseline"), hands=9, seed=4)
    assert match.deals == 3
    for deal in range(match.deals):
        hands = [deal_hand(match, deal, r) for r in range(match.seats)]
        assert all(h.hands == hands[0].hands and h.dealer == deal % 3 for h in hands)
        assert all(h.stock == hands[0].stock for h in hands)
        seats_of = {
            level: {match.line_up(r).index(level) for r in range(match.seats)}
            for level in match.levels
        }
        assert all(seats == {0, 1, 2} for seats in seats_of.values())


def test_the_report_is_per_seat_and_zero_sum() -> None:
    """Two seats of one level: ``won`` is summed over its seats, the mean is per seat."""
    match = Match(build_rules("standard"), ("normal", "baseline", "baseline"), hands=12, seed=1)
    report = run_match(match)
    assert report.hands == 12
    normal, baseline = report.levels["normal"], report.levels["baseline"]
    assert (normal.seats, baseline.seats) == (1, 2)
    assert normal.mean_payout + 2 * baseline.mean_payout == pytest.approx(0, abs=1e-9)
    assert normal.ci95[0] <= normal.mean_payout <= normal.ci95[1]


def test_simulate_prints_one_json_object(capsys: pytest.CaptureFixture[str]) -> None:
    """--json: {"hands", "capped", "levels": {level: {seats, won, mean_payout, ci95,
    decision_ms: {p50, p99}}}}."""
    status = main(["simulate", "--players", "normal,random", "--hands", "6", "--json"])
    out = json.loads(capsys.readouterr().out)
    assert status == 0
    assert out["hands"] == 6 and out["capped"] == 0
    assert set(out["levels"]) == {"normal", "random"}
    for figures in out["levels"].values():
        assert set(figures) == {"seats", "won", "mean_payout", "ci95", "decision_ms"}
        assert figures["seats"] == 1 and len(figures["ci95"]) == 2
        assert set(figures["decision_ms"]) == {"p50", "p99"}
    assert sum(f["won"] for f in out["levels"].values()) <= 6


def test_simulate_prints_a_table_and_refuses_bad_input(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "--players", "easy,baseline", "--hands", "2"]) == 0
    assert "mean payout" in capsys.readouterr().out
    assert main(["simulate", "--players", "easy,wizard", "--hands", "2"]) == 2
    assert "wizard" in capsys.readouterr().err
    assert main(["simulate", "--players", "easy", "--hands", "2"]) == 2
    assert main(["simulate", "--option", "nonsense=1", "--hands", "2"]) == 2
    assert main(["simulate", "--option", "slap", "--hands", "2"]) == 2


def test_capped_hands_are_dead_hands_and_counted() -> None:
    """The cap on actions ends a hand that would go on forever; it pays nobody."""
    match = Match(build_rules("standard"), ("random", "random"), hands=4, seed=2, max_actions=5)
    report = run_match(match)
    assert report.capped == 4
    assert all(level.mean_payout == 0 for level in report.levels.values())


def test_statistics_helpers() -> None:
    assert percentile([1.0, 2.0, 3.0, 4.0], 0.5) == 2.0
    assert percentile([1.0, 2.0, 3.0, 4.0], 0.99) == 4.0
    mean, (low, high) = mean_with_ci([1.0, 3.0])
    assert mean == 2.0 and low < 2.0 < high


def test_ctrl_c_stops_the_match_with_the_figures_of_the_deals_played() -> None:
    match = Match(build_rules("standard"), ("easy", "normal"), hands=20, seed=1)
    played: list[int] = []

    def progress(hands: int) -> None:
        played.append(hands)
        if len(played) == 3:
            raise KeyboardInterrupt

    report = run_match(match, progress=progress)
    assert report.hands == 3 * match.seats < 20
    assert sum(level.seats for level in report.levels.values()) == 2


def test_ctrl_c_before_any_deal_ends_with_one_line(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    def interrupted(*args: object) -> object:
        raise KeyboardInterrupt

    monkeypatch.setattr("bot.players.tournament.play_deals", interrupted)
    assert main(["simulate", "--hands", "2"]) == 130
    assert capsys.readouterr().err.splitlines()[-1] == "Stopped."
