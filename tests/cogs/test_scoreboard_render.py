"""The scoreboard's texts for a season, rendered without Discord, in another language."""

from __future__ import annotations

from bot.store import LeaderboardEntry, LeaderboardPage, PlayerRecord, Season
from cogs.scoreboard.render import leaderboard_text, season_started_text

STARTED = 1_764_806_400.0
"""1 December 2025, 00:00 UTC."""


def _page(season: Season | None) -> LeaderboardPage:
    ann = PlayerRecord(1, 7, "ann", 12, 4, 3, 1, 0, 0, 0, 0, 0, 0.0)
    return LeaderboardPage("chips", 0, 10, [LeaderboardEntry(1, ann)], False, "season", season)


def test_a_season_board_names_its_season_and_start_in_romanian() -> None:
    """The title names the season and its start as a Discord date, in the reader's
    language; the new season's announcement gives the last one's top in the same words."""
    board = _page(Season(3, STARTED))
    assert leaderboard_text(board, 10, "ro").splitlines() == [
        "**Clasament: jetoane, sezonul 3** (din <t:1764806400:D>, pagina 1)",
        "1. **ann**: +12 jetoane · 3 câștigate din 4 (75%)",
    ]
    said = season_started_text(Season(4, STARTED + 1), board, "bob", "ro", 42)
    assert said.splitlines() == [
        "**Sezonul 4 începe acum**, început de bob: </tonk leaderboard:42> și statisticile "
        "numără de aici mâinile acestui sezon (cu perioada dintotdeauna, toate mâinile, ca "
        "înainte).",
        "Cum s-a încheiat sezonul 3:",
        "1. **ann**: +12 jetoane · 3 câștigate din 4 (75%)",
    ]


def test_the_season_board_of_a_server_without_seasons_is_all_time_and_says_so() -> None:
    lines = leaderboard_text(_page(None), 10, "en", 42).splitlines()
    assert lines[0] == "**Leaderboard: chips** (page 1)"
    assert lines[-1] == (
        "This server has not started a season, so this counts every hand. A member with "
        "Manage Server starts one with </tonk config season:42>."
    )
