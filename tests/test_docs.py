"""The documentation a user needs is in the repository, and matches the code: the player's
guide names every preset, option and house decision with its id, values and default."""

from __future__ import annotations

import re
from pathlib import Path

from bot.engine.rules import OPTIONS, PRESETS

ROOT = Path(__file__).resolve().parents[1]
GUIDE = (ROOT / "docs/guide.md").read_text("utf-8")


def test_the_guide_has_a_row_for_every_option_with_its_id_values_and_default() -> None:
    for name, spec in OPTIONS.items():
        values = (
            f"{spec.minimum} to {spec.maximum}" if spec.is_int else ", ".join(spec.values_text())
        )
        default = str(spec.default).lower() if spec.is_bool else str(spec.default)
        row = f"| {spec.rule_id} | `{name}` | {values} | {default} |"
        assert row in GUIDE, row


def test_the_guide_has_a_row_for_every_preset_and_every_scheme() -> None:
    for preset, (rule_id, _) in PRESETS.items():
        assert f"| {rule_id} | `{preset}` |" in GUIDE
    for option in ("instant_win", "catch"):
        for value, rule_id in OPTIONS[option].value_ids:
            assert f"| {rule_id} | `{value}` |" in GUIDE


def test_the_guide_states_every_house_decision() -> None:
    decisions = GUIDE.split("## House decisions")[1]
    assert re.findall(r"^\| (H\d+) \|", decisions, re.MULTILINE) == [f"H{i}" for i in range(1, 15)]


def test_nothing_in_the_repository_points_outside_it() -> None:
    for path in [ROOT / "README.md", *ROOT.glob("docs/**/*.md"), *ROOT.glob("bot/**/*.py")]:
        assert "../shared" not in path.read_text("utf-8"), path


def test_the_links_between_the_documents_lead_to_files_that_exist() -> None:
    for path in [ROOT / "README.md", *ROOT.glob("docs/*.md")]:
        for target in re.findall(r"\]\(([^)#:]+)(?:#[^)]*)?\)", path.read_text("utf-8")):
            assert (path.parent / target).exists(), f"{path.name} links {target}"
