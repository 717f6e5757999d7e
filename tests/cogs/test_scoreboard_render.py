"""The scoreboard's texts for a season, rendered without Discord, in another language."""

from __future__ import annotations

from dataclasses import replace

from bot.i18n import LOCALES
from bot.store import (
    LeaderboardEntry,
    LeaderboardOrder,
    LeaderboardPage,
    PlayerRecord,
    Season,
    SeasonsWon,
    SeasonWinners,
)
from cogs.scoreboard.champions import season_winners
from cogs.scoreboard.render import (
    champion_lines,
    hall_of_fame_text,
    leaderboard_text,
    season_started_text,
    started_by_text,
)

STARTED = 1_764_806_400.0
"""1 December 2025, 00:00 UTC."""


def _page(season: Season | None) -> LeaderboardPage:
    ann = PlayerRecord(1, 7, "ann", 12, 4, 3, 1, 0, 0, 0, 0, 0, 0, 0.0)
    return LeaderboardPage("chips", 0, 10, [LeaderboardEntry(1, ann)], False, "season", season)


def test_a_season_board_names_its_season_and_start_in_romanian() -> None:
    """The title names the season and its start as a Discord date, in the reader's
    language; the new season's announcement gives the last one's top in the same words."""
    board = _page(Season(3, STARTED))
    assert leaderboard_text(board, 10, "ro").splitlines() == [
        "**Clasament: jetoane, sezonul 3** (din <t:1764806400:D>, pagina 1)",
        "1. **ann**: +12 jetoane · 3 câștigate din 4 (75%)",
    ]
    opening = started_by_text(Season(4, STARTED + 1), "bob", "ro", 42)
    said = season_started_text(opening, board, "ro")
    assert said.splitlines() == [
        "**Sezonul 4 începe acum**, început de bob: </tonk leaderboard:42> și statisticile "
        "numără de aici mâinile acestui sezon (cu perioada dintotdeauna, toate mâinile, ca "
        "înainte).",
        "Cum s-a încheiat sezonul 3:",
        "1. **ann**: +12 jetoane · 3 câștigate din 4 (75%)",
    ]


def test_a_season_that_ended_gives_its_start_and_end_in_each_language() -> None:
    """A season that ended is titled with both its dates, in the reader's words (in
    Persian each value isolated from the right-to-left text around it)."""
    board = _page(Season(3, STARTED, STARTED + 86_400))
    dates = "<t:1764806400:D>", "<t:1764892800:D>"
    titles = {locale: leaderboard_text(board, 10, locale).splitlines()[0] for locale in LOCALES}
    assert titles == {
        "en": "**Leaderboard: chips, season 3** ({} to {}, page 1)".format(*dates),
        "ro": "**Clasament: jetoane, sezonul 3** (de la {} la {}, pagina 1)".format(*dates),
        "vi": "**Bảng xếp hạng: chip, mùa giải 3** (từ {} đến {}, trang 1)".format(*dates),
        "fa": "**رده‌بندی: ژتون، فصل {}** ({}، صفحه‌ی {})".format(
            _isolated("3"), _isolated("از {} تا {}".format(*map(_isolated, dates))), _isolated("1")
        ),
    }


def _isolated(value: str) -> str:
    """``value`` as a right-to-left text holds a placeholder's value: isolated (FSI … PDI)."""
    return f"\u2068{value}\u2069"


def test_the_season_board_of_a_server_without_seasons_is_all_time_and_says_so() -> None:
    lines = leaderboard_text(_page(None), 10, "en", 42).splitlines()
    assert lines[0] == "**Leaderboard: chips** (page 1)"
    assert lines[-1] == (
        "This server has not started a season, so this counts every hand. A member with "
        "Manage Server starts one with </tonk config season:42>."
    )


def test_a_season_nobody_ended_ahead_crowns_nobody_and_a_failure_names_the_members() -> None:
    """The champion lines: nobody with more than no chips is nobody's win (a board of
    losses and evens); ties crown each of the leaders; a role the bot could not give or
    take back names those members, in the reader's language."""
    even = PlayerRecord(1, 7, "ann", 0, 4, 2, 1, 0, 0, 0, 0, 0, 0, 0.0)
    down = PlayerRecord(1, 8, "bob", -3, 4, 2, 1, 0, 0, 0, 0, 0, 0, 0.0)
    ended = Season(3, STARTED, STARTED + 86_400)
    board = LeaderboardPage(
        "chips",
        0,
        3,
        [LeaderboardEntry(1, even), LeaderboardEntry(2, down)],
        False,
        "season",
        ended,
    )
    assert season_winners(board) == []
    assert champion_lines(board, [], [8], "<@&5>", "en") == [
        "Nobody ended season 3 ahead, so nobody holds <@&5> until the next one ends.",
        "I could not give or take back <@&5> for <@8>: I need Manage Roles, and my own role "
        "above <@&5>.",
    ]
    ahead = [replace(even, net_chips=4), replace(down, user_id=9, net_chips=4)]
    tied = replace(board, entries=[LeaderboardEntry(1, player) for player in ahead])
    assert season_winners(tied) == ahead
    assert champion_lines(tied, ahead, [], "<@&5>", "ro") == [
        "👑 **ann** și **bob** au împărțit câștigul sezonului 3 și au <@&5> până se încheie "
        "sezonul următor."
    ]


def test_a_board_where_nobody_won_or_lost_a_chip_crowns_the_most_hands_won() -> None:
    """O42: on a board of push-up hands (no chips either way) the members with the most
    hands won are ahead, each of them on a tie; nobody is, without a hand won. A chip won
    or lost anywhere on the board makes chips decide again."""
    ann = PlayerRecord(1, 7, "ann", 0, 5, 3, 1, 0, 0, 0, 0, 0, 0, 0.0)
    bob = PlayerRecord(1, 8, "bob", 0, 5, 1, 0, 0, 0, 0, 0, 0, 0, 0.0)
    cat = replace(bob, user_id=9, display_name="cat", hands_won=3)
    assert season_winners(ranked("chips", ann, bob)) == [ann]
    assert season_winners(ranked("chips", ann, cat, bob)) == [ann, cat]
    nobody = ranked("chips", replace(ann, hands_won=0), replace(bob, hands_won=0))
    assert season_winners(nobody) == []
    chips = replace(bob, net_chips=1)
    assert season_winners(ranked("chips", chips, ann)) == [chips]


def test_a_board_of_push_up_matches_crowns_the_most_matches_won() -> None:
    """H10: on the board of push-up matches that decides a season of push-up hands, the
    members with the most matches won are ahead, whatever their hands won; each on a tie."""
    ann = PlayerRecord(1, 7, "ann", 0, 9, 1, 0, 2, 0, 0, 0, 0, 0, 0.0)
    bob = replace(ann, user_id=8, display_name="bob", hands_won=6, matches_won=1)
    cat = replace(ann, user_id=9, display_name="cat", hands_won=2)
    assert season_winners(ranked("matches", ann, bob)) == [ann]
    assert season_winners(ranked("matches", ann, cat, bob)) == [ann, cat]


def ranked(by: LeaderboardOrder, *players: PlayerRecord) -> LeaderboardPage:
    """The first page of the board ``by``, ranking ``players`` in the order given."""
    entries = [LeaderboardEntry(rank, player) for rank, player in enumerate(players, 1)]
    return LeaderboardPage(by, 0, 10, entries, False, "all", None)


def test_the_board_crowns_the_winners_it_carries_and_says_of_which_season() -> None:
    """A member of the board's crowned winners has a crown by their name, and a last line
    says which season they won, in the reader's language; a page without any of them has
    neither, nor has the announcement of a season, which reads its own board."""
    ann = PlayerRecord(1, 7, "ann", 12, 4, 3, 1, 0, 0, 0, 0, 0, 0, 0.0)
    bob = PlayerRecord(1, 8, "bob", 2, 4, 1, 1, 0, 0, 0, 0, 0, 0, 0.0)
    entries = [LeaderboardEntry(1, ann), LeaderboardEntry(2, bob)]
    board = LeaderboardPage(
        "chips", 0, 10, entries, False, "all", crowned=SeasonWinners(2, frozenset({8}))
    )
    assert leaderboard_text(board, 10, "en").splitlines()[1:] == [
        "1. **ann**: +12 chips · 3 won of 4 (75%)",
        "2. **bob 👑**: +2 chips · 1 won of 4 (25%)",
        "👑 won season 2.",
    ]
    assert leaderboard_text(board, 10, "vi").splitlines()[-1] == "👑 vô địch mùa giải 2."
    elsewhere = replace(board, crowned=SeasonWinners(2, frozenset({9})))
    assert "👑" not in leaderboard_text(elsewhere, 10, "en")
    opening = started_by_text(Season(3, STARTED), "boss", "en", 42)
    assert "👑" not in season_started_text(opening, board, "en")


def test_the_hall_of_fame_lists_25_winners_a_page_ranked_on_from_page_to_page() -> None:
    """Pages of 25: each winner with their seasons in the reader's words, ranked on from the
    page before, the title counting the pages; with no season ended, how one ends
    (clickable)."""
    fame = [SeasonsWon(100 + n, f"m{n}", (n, n + 30) if n < 3 else (n,)) for n in range(1, 28)]
    lines = hall_of_fame_text(fame, 0, "en", 42).splitlines()
    assert lines[:3] == [
        "**Hall of fame: seasons won** (page 1 of 2)",
        "1. **m1**: 👑 2 seasons (1 and 31)",
        "2. **m2**: 👑 2 seasons (2 and 32)",
    ]
    assert lines[3] == "3. **m3**: 👑 1 season (3)"
    assert len(lines) == 26 and lines[-1] == "25. **m25**: 👑 1 season (25)"
    assert hall_of_fame_text(fame, 1, "en", 42).splitlines() == [
        "**Hall of fame: seasons won** (page 2 of 2)",
        "26. **m26**: 👑 1 season (26)",
        "27. **m27**: 👑 1 season (27)",
    ]
    assert hall_of_fame_text(fame[:1], 0, "ro", 42).splitlines() == [
        "**Galeria campionilor: sezoane câștigate**",
        "1. **m1**: 👑 2 sezoane (1 și 31)",
    ]
    assert hall_of_fame_text([], 0, "en", 42).splitlines()[1] == (
        "No season has ended on this server yet: each season's winner joins the hall of fame "
        "when the next starts (</tonk config season:42>)."
    )
