"""The Alembic revisions (``bot.store.migrations``) on both backends, and the translation of
databases from before Alembic."""

from __future__ import annotations

import json
import random
import sqlite3
from collections.abc import Callable
from dataclasses import replace
from functools import partial
from pathlib import Path

import pytest
from alembic import command
from alembic.config import Config
from sqlalchemy import Connection

from bot.engine.rules import build_rules
from bot.members import HandOrder, MemberSettings
from bot.store import SchemaTooNew, Season, SeasonEvery, SeasonSchedule, Store, UnknownSeason
from bot.store.connection import create_engine_for
from bot.store.migrations import alembic_config, head, upgrade
from bot.store.models import METADATA
from bot.tables.dealing import Shuffler
from bot.tables.journal import StoreJournal
from bot.tables.table import CLOSED, PLAYING, Seat, Table
from tests.tables.randomtable import random_step

from .conftest import DEAL, hand, open_table, player, two_player_hand
from .raw import execute, fetch

FIXTURE = Path(__file__).parent / "fixtures" / "release_0_1.sql"


_SQLITE_SCHEMA = (
    "SELECT m.name, p.* FROM sqlite_master m, pragma_table_info(m.name) p"
    " WHERE m.type = 'table' AND m.name != 'alembic_version' ORDER BY 1, 2",
    "SELECT m.name, p.* FROM sqlite_master m, pragma_table_xinfo(m.name) p"
    " WHERE m.type = 'table' AND m.name != 'alembic_version' ORDER BY 1, 2",
    "SELECT m.name, p.* FROM sqlite_master m, pragma_foreign_key_list(m.name) p"
    " WHERE m.type = 'table' ORDER BY 1, 2",
    'SELECT m.name, i.name, i."unique", i.partial, x.seqno, x.name, x.desc'
    " FROM sqlite_master m, pragma_index_list(m.name) i, pragma_index_xinfo(i.name) x"
    " WHERE m.type = 'table' AND m.name != 'alembic_version' AND x.key ORDER BY 1, 2, 5",
    "SELECT name, sql LIKE '%AUTOINCREMENT%', sql LIKE '%WITHOUT ROWID%', sql LIKE '%GENERATED%'"
    " FROM sqlite_master WHERE type = 'table' AND name != 'alembic_version' ORDER BY 1",
)
_POSTGRES_SCHEMA = (
    "SELECT table_name, column_name, data_type, is_nullable, column_default,"
    " is_generated, generation_expression FROM information_schema.columns"
    " WHERE table_schema = 'public' AND table_name != 'alembic_version' ORDER BY 1, 2",
    "SELECT tablename, indexname, indexdef FROM pg_indexes WHERE schemaname = 'public'"
    " AND tablename != 'alembic_version' ORDER BY 1, 2",
    "SELECT conrelid::regclass::text, conname, pg_get_constraintdef(oid) FROM pg_constraint"
    " WHERE connamespace = 'public'::regnamespace AND conrelid::regclass::text"
    " != 'alembic_version' ORDER BY 1, 2",
)


def _schema(url: str) -> list[list[tuple[object, ...]]]:
    queries = _SQLITE_SCHEMA if url.startswith("sqlite") else _POSTGRES_SCHEMA
    return [fetch(url, query) for query in queries]


async def _create_all(url: str) -> None:
    engine = create_engine_for(url)
    try:
        async with engine.begin() as connection:
            await connection.run_sync(METADATA.create_all)
    finally:
        await engine.dispose()


@pytest.mark.filterwarnings("ignore:Computed column player_totals.win_score")
async def test_the_revisions_build_exactly_the_models(
    db_url: str, request: pytest.FixtureRequest, tmp_path: Path
) -> None:
    """Upgrading an empty database yields the very schema that create_all builds from the
    models: columns, types, defaults, generated columns, keys and indexes."""
    assert await upgrade(db_url) == head()
    if db_url.startswith("sqlite"):
        reference = f"sqlite+aiosqlite:///{tmp_path / 'reference.db'}"
    else:
        reference = request.getfixturevalue("postgres_server").create_database()
    await _create_all(reference)
    migrated, created = _schema(db_url), _schema(reference)
    assert all(migrated)
    assert migrated == created
    assert fetch(db_url, "SELECT version_num FROM alembic_version") == [(head(),)]


async def test_upgrading_twice_changes_nothing(db_url: str) -> None:
    """A database at the head is left alone, data and all."""
    async with await Store.open(db_url) as store:
        table = await open_table(store)
        assert await store.record_hand(two_player_hand(table, 1, 201, 202))
    assert await upgrade(db_url) == head()
    async with await Store.open(db_url) as store:
        assert (await store.leaderboard(1)).entries[0].player.user_id == 201


async def test_a_revision_this_code_does_not_know_is_refused(db_url: str) -> None:
    """A database migrated by newer code raises SchemaTooNew instead of being guessed at."""
    await upgrade(db_url)
    execute(db_url, "UPDATE alembic_version SET version_num = 'fffffffff'")
    with pytest.raises(SchemaTooNew) as caught:
        await Store.open(db_url)
    assert (caught.value.found, caught.value.supported) == ("fffffffff", head())


async def _upgrade_to(
    url: str, revision: str, move: Callable[[Config, str], None] = command.upgrade
) -> None:
    """Run the revisions up to ``revision`` only, as an older release did (with ``move``
    ``command.downgrade``, undo those after it)."""
    engine = create_engine_for(url)
    try:
        async with engine.begin() as connection:
            await connection.run_sync(partial(_alembic, revision=revision, move=move))
    finally:
        await engine.dispose()


def _alembic(
    connection: Connection, revision: str, move: Callable[[Config, str], None] = command.upgrade
) -> None:
    """Upgrade (or with ``move`` ``command.downgrade``, downgrade) to ``revision``."""
    config = alembic_config()
    config.attributes["connection"] = connection
    move(config, revision)


_CLOSED_TABLE = """
INSERT INTO tonk_table (guild_id, channel_id, host_id, status, rules_json, state_json,
    seats_json, balances_json, version, created_at, updated_at)
VALUES (1, 10, 100, 'closed', '{}', '{}', '[]', '{}', 0, 0, 0);
"""
"""Table 1 of guild 1, closed, for the hands of the fixtures below."""

_HAND_OF_0004 = (
    _CLOSED_TABLE
    + """
INSERT INTO hand (hand_uid, guild_id, channel_id, table_id, hand_number, preset, options_json,
    seed, action_log_json, ending, winners_json, finished_at)
VALUES ('1:1', 1, 10, 1, 1, 'standard', '{}', '7', '[{"player": "100", "do": "drop"}]',
    'drop_won', '[100]', 0);
INSERT INTO hand_player (hand_id, seat, guild_id, user_id, name, is_bot, payout, count,
    is_winner, how, caught)
VALUES (1, 0, 1, 100, 'ann', false, 1, 3, true, 'drop_won', false),
    (1, 1, 1, 101, 'bob', false, -1, 9, false, 'drop_won', false);
"""
)
"""A table and one finished hand of two seats, as revision 0004's schema holds them."""


async def test_revision_0005_keeps_the_hands_recorded_before_it_without_a_deal(
    db_url: str,
) -> None:
    """Upgrading a database of revision 0004 that holds a hand: the hand reads back with its
    seats and moves and no deal, and a hand recorded afterwards keeps its deal."""
    await _upgrade_to(db_url, "0004")
    execute(db_url, _HAND_OF_0004)
    async with await Store.open(db_url) as store:
        old = await store.hand_replay(1, "1:1")
        assert old is not None and old.deal is None
        assert old.action_log == [{"player": "100", "do": "drop"}]
        assert [(seat.name, seat.payout) for seat in old.summary.seats] == [("ann", 1), ("bob", -1)]
        table = await open_table(store)
        assert await store.record_hand(
            hand(table, 1, [player(201, 2, won=True), player(202, -2)], deal=DEAL)
        )
        new = await store.hand_replay(1, f"{table.id}:1")
        assert new is not None and new.deal == DEAL


_PUSH_UP_HANDS_OF_0006 = (
    _CLOSED_TABLE
    + """
INSERT INTO hand (hand_uid, guild_id, channel_id, table_id, hand_number, preset, options_json,
    seed, action_log_json, ending, winners_json, finished_at)
VALUES ('1:1', 1, 10, 1, 1, 'push_up', '{}', '1', '[]', 'drop_won', '[100]', 0),
    ('1:2', 1, 10, 1, 2, 'standard', '{"scoring": "push_up"}', '2', '[]', 'tonk_out',
     '[101]', 0),
    ('1:3', 1, 10, 1, 3, 'standard', '{}', '3', '[]', 'tonk_out', '[100]', 0),
    ('1:4', 1, 10, 1, 4, 'push_up', '{"scoring": "stakes"}', '4', '[]', 'drop_won',
     '[100]', 0);
INSERT INTO hand_player (hand_id, seat, guild_id, user_id, name, is_bot, payout, count,
    is_winner, how, caught)
VALUES (1, 0, 1, 100, 'ann', false, 0, 3, true, 'drop_won', false),
    (1, 1, 1, 101, 'bob', false, 18, 18, false, 'drop_won', false),
    (1, 2, 1, -1, 'Easy bot 1', true, 30, 30, false, 'drop_won', false),
    (2, 0, 1, 100, 'ann', false, 5, 5, false, 'tonk_out', false),
    (2, 1, 1, 101, 'bob', false, 0, 0, true, 'tonk_out', false),
    (3, 0, 1, 100, 'ann', false, 2, 0, true, 'tonk_out', false),
    (3, 1, 1, 101, 'bob', false, -2, 30, false, 'tonk_out', false),
    (4, 0, 1, 100, 'ann', false, 1, 3, true, 'drop_won', false),
    (4, 1, 1, 101, 'bob', false, -1, 9, false, 'drop_won', false);
INSERT INTO player_totals (guild_id, user_id, display_name, net_chips, hands_played,
    hands_won, tonk_outs, drops_won, times_caught, instant_wins, current_streak, best_streak)
VALUES (1, 100, 'ann', 8, 4, 3, 1, 2, 0, 0, 2, 2),
    (1, 101, 'bob', 15, 4, 1, 1, 0, 0, 0, 0, 1);
"""
)
"""Four hands as revision 0006 recorded them: two push-up ones (by preset, and by option)
whose points against were taken for chips, and two paid in chips (one of them a push-up
preset played for stakes)."""


async def test_revision_0007_takes_push_up_points_back_off_the_chips(db_url: str) -> None:
    """O42: a push-up hand pays no chips. Its seats' payouts become 0 and the points that
    were counted as chips leave the members' net chips; hands paid in chips, and every
    count, win and streak, stay as they were."""
    await _upgrade_to(db_url, "0006")
    execute(db_url, _PUSH_UP_HANDS_OF_0006)
    await upgrade(db_url)
    seats = "SELECT hand_id, user_id, payout, count FROM hand_player ORDER BY hand_id, seat"
    assert fetch(db_url, seats) == [
        (1, 100, 0, 3),
        (1, 101, 0, 18),
        (1, -1, 0, 30),
        (2, 100, 0, 5),
        (2, 101, 0, 0),
        (3, 100, 2, 0),
        (3, 101, -2, 30),
        (4, 100, 1, 3),
        (4, 101, -1, 9),
    ]
    totals = (
        "SELECT user_id, net_chips, hands_played, hands_won, current_streak, best_streak"
        " FROM player_totals ORDER BY user_id"
    )
    assert fetch(db_url, totals) == [(100, 3, 4, 3, 2, 2), (101, -3, 4, 1, 0, 1)]


_SEASONS_OF_0013 = """
INSERT INTO guild_settings (guild_id, default_preset, default_options_json, stake,
    turn_timeout, allowed_channel_ids_json, locale, updated_at, season, season_started_at)
VALUES (1, 'standard', '{}', 2, 120, '[]', '', 5.0, 3, 1000.0),
    (2, 'standard', '{}', 1, 120, '[]', '', 5.0, 0, NULL);
"""
"""Two servers as revision 0013 kept them: one in its third season, one without seasons."""


async def test_revision_0014_keeps_each_servers_current_season_and_can_go_back(
    db_url: str,
) -> None:
    """The current season moves from the settings to the ``season`` table, with its number
    and start, and stays the current one; the seasons before it had no start kept, so they
    cannot be shown. Going back to 0013 puts the last season back in the settings, a server
    that has seasons but no settings row included."""
    await _upgrade_to(db_url, "0013")
    execute(db_url, _SEASONS_OF_0013)
    await upgrade(db_url)
    assert fetch(db_url, "SELECT guild_id, number, started_at FROM season") == [(1, 3, 1000.0)]
    async with await Store.open(db_url) as store:
        config = await store.get_guild_settings(1)
        assert (config.season, config.stake) == (Season(3, 1000.0), 2)
        assert (await store.get_guild_settings(2)).season is None
        with pytest.raises(UnknownSeason) as earlier:
            await store.leaderboard(1, "chips", period="season", season=2)
        assert earlier.value.known == (3, 3)
        await store.start_season(3, now=2000.0)
    await _upgrade_to(db_url, "0013", move=command.downgrade)
    settings = "SELECT guild_id, stake, season, season_started_at FROM guild_settings ORDER BY 1"
    assert fetch(db_url, settings) == [(1, 2, 3, 1000.0), (2, 1, 0, None), (3, 1, 1, 2000.0)]


_SETTINGS_OF_0014 = """
INSERT INTO guild_settings (guild_id, default_preset, default_options_json, stake,
    turn_timeout, allowed_channel_ids_json, locale, updated_at)
VALUES (1, 'standard', '{}', 2, 120, '[]', 'ro', 5.0);
INSERT INTO season (guild_id, number, started_at) VALUES (1, 1, 1000.0);
"""
"""A server as revision 0014 kept it: its settings and its first season."""


async def test_revision_0015_gives_every_server_no_season_schedule_and_can_go_back(
    db_url: str,
) -> None:
    """After 0015 a server's settings and season are as they were, its seasons start only
    when a manager starts one, no role crowns their winners and no season has recorded
    winners; a schedule set afterwards goes with a downgrade to 0014, the rest stays."""
    await _upgrade_to(db_url, "0014")
    execute(db_url, _SETTINGS_OF_0014)
    await upgrade(db_url)
    schedule = SeasonSchedule(SeasonEvery.WEEK, 10, 2000.0)
    async with await Store.open(db_url) as store:
        config = await store.get_guild_settings(1)
        assert (config.stake, config.locale, config.season) == (2, "ro", Season(1, 1000.0))
        assert (config.season_schedule, config.champion_role, config.champions) == (None, None, ())
        assert (await store.stats(1, 7)).seasons_won == ()
        assert fetch(db_url, "SELECT winners_json FROM season") == [("[]",)]
        await store.update_guild_settings(
            1, season_schedule=schedule, champion_role=5, champions=[7]
        )
    await _upgrade_to(db_url, "0014", move=command.downgrade)
    assert fetch(db_url, "SELECT guild_id, stake, locale FROM guild_settings") == [(1, 2, "ro")]
    assert fetch(db_url, "SELECT guild_id, number, started_at FROM season") == [(1, 1, 1000.0)]


_SCHEDULES_OF_0015 = """
INSERT INTO guild_settings (guild_id, default_preset, default_options_json, stake,
    turn_timeout, allowed_channel_ids_json, locale, updated_at, season_every,
    season_channel_id, season_next_at, season_time_zone)
VALUES (1, 'standard', '{}', 2, 120, '[]', '', 5.0, 'weekly', 10, 900000.0, 'Asia/Tehran'),
    (2, 'standard', '{}', 1, 120, '[]', '', 5.0, NULL, NULL, NULL, NULL);
"""
"""Two servers as revision 0015 kept them: one whose seasons start every week, one whose
seasons start only when a manager starts one."""


async def test_revision_0016_tells_a_scheduled_server_a_day_before_its_next_start(
    db_url: str,
) -> None:
    """After 0016 a server whose seasons start by themselves is due the notice that its
    season ends a day before its next start, its schedule otherwise as it was; a server
    without a schedule has none. Going back to 0015 keeps the schedules."""
    await _upgrade_to(db_url, "0015")
    execute(db_url, _SCHEDULES_OF_0015)
    await upgrade(db_url)
    async with await Store.open(db_url) as store:
        assert (await store.get_guild_settings(1)).season_schedule == SeasonSchedule(
            SeasonEvery.WEEK, 10, 900_000.0, "Asia/Tehran", 900_000.0 - 86_400
        )
        assert (await store.get_guild_settings(2)).season_schedule is None
        assert await store.due_season_notices(900_000.0 - 86_400) == [
            (1, (await store.get_guild_settings(1)).season_schedule)
        ]
    await _upgrade_to(db_url, "0015", move=command.downgrade)
    kept = "SELECT guild_id, season_every, season_next_at FROM guild_settings ORDER BY 1"
    assert fetch(db_url, kept) == [(1, "weekly", 900_000.0), (2, None, None)]


async def test_revision_0017_keeps_each_schedule_on_monday_or_the_1st_at_midnight(
    db_url: str,
) -> None:
    """A schedule kept before 0017 starts on Monday (or the 1st) at midnight, as it did; a
    day and hour chosen afterwards go with a downgrade to 0016, the schedule stays."""
    await _upgrade_to(db_url, "0016")
    execute(db_url, _SCHEDULES_OF_0015)
    await upgrade(db_url)
    async with await Store.open(db_url) as store:
        schedule = (await store.get_guild_settings(1)).season_schedule
        assert schedule is not None and (schedule.day, schedule.hour) == (None, 0)
        assert schedule.notices  # revision 0018: every schedule kept its notices
        chosen = replace(schedule, day=4, hour=20)
        await store.update_guild_settings(1, season_schedule=chosen)
        assert (await store.get_guild_settings(1)).season_schedule == chosen
    await _upgrade_to(db_url, "0016", move=command.downgrade)
    kept = "SELECT guild_id, season_every, season_next_at FROM guild_settings ORDER BY 1"
    assert fetch(db_url, kept) == [(1, "weekly", 900_000.0), (2, None, None)]


async def test_revision_0019_keeps_each_members_language_and_gives_them_the_other_defaults(
    db_url: str,
) -> None:
    """A language chosen before 0019 is kept, with DMs, reminders and the hand by suit (as
    every member had); going back keeps the members who chose a language, and only that."""
    await _upgrade_to(db_url, "0018")
    execute(db_url, "INSERT INTO member_language VALUES (1, 10, 'fa', 5.0), (2, 10, 'ro', 6.0);")
    await upgrade(db_url)
    async with await Store.open(db_url) as store:
        assert await store.member_settings() == {
            (1, 10): MemberSettings(language="fa"),
            (2, 10): MemberSettings(language="ro"),
        }
        await store.set_member_settings(1, 10, MemberSettings("fa", order=HandOrder.RANK))
        await store.set_member_settings(3, 10, MemberSettings(dms=False))
    await _upgrade_to(db_url, "0018", move=command.downgrade)
    kept = "SELECT guild_id, user_id, language FROM member_language ORDER BY 1"
    assert fetch(db_url, kept) == [(1, 10, "fa"), (2, 10, "ro")]


_PUSH_UP_HISTORY: list[tuple[int, str, str, list[tuple[int | None, int | None, str]]]] = [
    # table, preset, options, seats: (member, points or chips, flags: b bot, u unranked, w won)
    (1, "push_up", "{}", [(100, 0, ""), (101, 60, ""), (-1, 30, "b")]),
    (1, "push_up", "{}", [(100, 20, ""), (101, 50, ""), (-1, 0, "b")]),  # 101 at 110: 100 won
    (1, "standard", "{}", [(100, 2, ""), (101, -2, "")]),  # chips: 100 at 2, 101 at -2
    (1, "standard", '{"scoring": "push_up", "push_up_limit": 10}', [(100, 12, "u"), (101, 0, "u")]),
    (1, "push_up", '{"push_up_limit": 20}', [(101, 20, ""), (100, 20, "")]),  # a tie: seat 0
    (1, "push_up", "{}", [(100, 100, ""), (101, 0, "w")]),  # recorded since 0020
    (1, "push_up", "{}", [(100, 40, ""), (-1, 70, "b")]),
    (1, "push_up", "{}", [(100, 70, ""), (-1, 0, "b")]),  # 100 at 110: the computer won
    (2, "push_up", "{}", [(100, None, ""), (101, None, "")]),  # before 0009: no points
    (2, "push_up", "{}", [(100, 0, ""), (101, 120, "")]),
    (3, "push_up", "{}", [(100, 0, ""), (101, 150, "")]),  # 100 won
    (3, "push_up", "{}", [(100, 0, ""), (None, 100, "")]),  # a member since forgotten
    (3, "push_up", "{}", [(100, 0, ""), (101, 200, "")]),
]
"""Hands of three tables as revisions 0009 to 0021 recorded them (one since 0020)."""


def _push_up_history_sql() -> str:
    tables = sorted({table for table, *_ in _PUSH_UP_HISTORY})
    statements = [
        "INSERT INTO tonk_table (guild_id, channel_id, host_id, status, rules_json, state_json,"
        " seats_json, balances_json, version, created_at, updated_at)"
        f" VALUES (1, {10 + table}, 100, 'closed', '{{}}', '{{}}', '[]', '{{}}', 0, 0, 0);"
        for table in tables
    ]
    numbers = {table: 0 for table in tables}
    for hand_id, (table, preset, options, seats) in enumerate(_PUSH_UP_HISTORY, start=1):
        numbers[table] += 1
        statements.append(
            "INSERT INTO hand (hand_uid, guild_id, channel_id, table_id, hand_number, preset,"
            " options_json, seed, action_log_json, ending, winners_json, finished_at) VALUES"
            f" ('{table}:{numbers[table]}', 1, {10 + table}, {table}, {numbers[table]},"
            f" '{preset}', '{options}', '1', '[]', 'tonk_out', '[]', 0);"
        )
        chips = "push_up" not in preset + options
        for seat, (user, points, flags) in enumerate(seats):
            user_id = "NULL" if user is None else user
            payout, pushed = (
                (points, "NULL") if chips else (0, "NULL" if points is None else points)
            )
            statements.append(
                "INSERT INTO hand_player (hand_id, seat, guild_id, user_id, name, is_bot, payout,"
                " count, is_winner, how, caught, pushed_up, ranked, won_match) VALUES"
                f" ({hand_id}, {seat}, 1, {user_id}, 'm', {'b' in flags}, {payout}, 0, false,"
                f" 'tonk_out', false, {pushed}, {'u' not in flags}, {'w' in flags});"
            )
    statements.append(
        "INSERT INTO player_totals (guild_id, user_id, display_name, net_chips, hands_played,"
        " hands_won, tonk_outs, drops_won, times_caught, instant_wins, current_streak,"
        " best_streak, matches_won) VALUES (1, 100, 'ann', 2, 10, 0, 0, 0, 0, 0, 0, 0, 0),"
        " (1, 101, 'bob', -2, 10, 0, 0, 0, 0, 0, 0, 0, 1);"
    )
    return "\n".join(statements)


_WON_MATCHES = (
    "SELECT h.hand_uid, p.seat FROM hand_player p JOIN hand h ON h.id = p.hand_id"
    " WHERE p.won_match ORDER BY h.id, p.seat"
)
_MATCHES_WON = "SELECT user_id, matches_won FROM player_totals ORDER BY user_id"


async def test_revision_0022_counts_the_push_up_matches_ended_before_0020(db_url: str) -> None:
    """H10: a match ends with the first hand after which a total of one of its seats
    reaches the limit (100, or the hand's ``push_up_limit``), and the lowest total wins (of
    equal ones, the first seat). Revision 0022 finds the matches the hands before 0020 ended
    from each member's points (and chips, from hands paid in chips), keeps the one a hand
    names, and counts each on its winner's scoreboard unless the hand was off it or the
    winner a computer player; a table whose points are not known from some hand on (kept
    before 0009, or a member forgotten) has only the matches it ended before counted."""
    await _upgrade_to(db_url, "0021")
    execute(db_url, _push_up_history_sql())
    await upgrade(db_url)
    assert fetch(db_url, _WON_MATCHES) == [
        ("1:2", 0),
        ("1:4", 1),
        ("1:5", 0),
        ("1:6", 1),
        ("1:8", 1),
        ("3:1", 0),
    ]
    assert fetch(db_url, _MATCHES_WON) == [(100, 2), (101, 2)]
    await _upgrade_to(db_url, "0021", move=command.downgrade)
    assert fetch(db_url, _MATCHES_WON) == [(100, 2), (101, 2)]


async def test_revision_0022_finds_the_matches_random_play_at_a_table_ended(
    db_url: str,
) -> None:
    """Push-up hands played at a table (joins, leaves, timeouts) and recorded as the bot
    records them: with the matches' winners and counts taken off, revision 0022 finds the
    same winners and counts (H10), so nothing it adds differs from what the table did."""
    rules = build_rules("push_up").with_option("push_up_limit", 30)
    rng = random.Random(1)  # 23 hands, 17 of them ending a match
    async with await Store.open(db_url) as store:
        table = Table.open(0, 1, 10, Seat(100, "ann"), rules, now=0.0, shuffler=Shuffler(rng))
        table.join(Seat(101, "bob"), now=0.0)
        ledger = await StoreJournal(store).create(table)
        for step in range(1, 4000):
            random_step(ledger.table, rng, now=float(step))
            if ledger.table.status != PLAYING or step % 50 == 0:
                await ledger.commit()
            if ledger.table.status == CLOSED:
                break
        else:
            await ledger.commit()
    won, counted = fetch(db_url, _WON_MATCHES), fetch(db_url, _MATCHES_WON)
    assert len(won) >= 10 and sum(matches for _, matches in counted) == len(won)
    execute(
        db_url,
        "UPDATE hand_player SET won_match = false; UPDATE player_totals SET matches_won = 0;",
    )
    await _upgrade_to(db_url, "0021", move=command.downgrade)
    await upgrade(db_url)
    assert (fetch(db_url, _WON_MATCHES), fetch(db_url, _MATCHES_WON)) == (won, counted)


def _release_0_1(path: Path) -> None:
    with sqlite3.connect(path) as raw:
        raw.executescript(FIXTURE.read_text())


KEPT = {
    "guild_settings": (
        "SELECT guild_id, default_preset, default_options_json, stake, turn_timeout,"
        " allowed_channel_ids_json, updated_at FROM guild_settings ORDER BY 1"
    ),
    **{
        name: f"SELECT * FROM {name} ORDER BY 1, 2"
        for name in ("tonk_table", "table_log", "hand", "hand_player")
    },
}
"""What migrating keeps row for row (a server's language alone is reset by revision 0002)."""
ADDED = {"hand": (None,), "hand_player": (None, 1, 0)}
"""What later revisions add to every kept row: revision 0005's hand deal and revision 0009's
push-up points, unknown (NULL), revision 0011's ranked seat (every hand counted: 1) and
revision 0020's push-up match won (no hand said so: 0)."""


async def test_a_schema_version_2_database_is_stamped_with_nothing_else_changed(
    tmp_path: Path,
) -> None:
    """A database that the hand-written steps brought to version 2 (release 0.1 plus
    ``table_log``) is stamped ``0001``, then revision 0002 adds members' languages; every row
    stays, but for the server language that nobody could choose, which becomes unset. Its
    hands read back for a replay with their seats and moves but no deal, which they did not
    keep (revision 0005), and its server has no announce role (revision 0006)."""
    path = tmp_path / "tonk.db"
    _release_0_1(path)
    with sqlite3.connect(path) as raw:
        raw.executescript(
            "CREATE TABLE table_log (table_id INTEGER NOT NULL, version INTEGER NOT NULL,"
            " body_json TEXT NOT NULL, PRIMARY KEY (table_id, version),"
            " FOREIGN KEY(table_id) REFERENCES tonk_table (id)) WITHOUT ROWID;"
            "INSERT INTO table_log VALUES (1, 99, '{}');"
            "INSERT INTO guild_settings VALUES (7, 'standard', '{}', 3, 120, '[]', 'en', 0);"
            "INSERT INTO schema_version VALUES (2, 'table_log', 0);"
        )
        before = {name: raw.execute(query).fetchall() for name, query in KEPT.items()}
    url = f"sqlite+aiosqlite:///{path}"
    assert await upgrade(url) == head()
    with sqlite3.connect(path) as raw:
        for name, rows in before.items():
            assert raw.execute(KEPT[name]).fetchall() == [
                (*row, *ADDED.get(name, ())) for row in rows
            ]
        names = {row[0] for row in raw.execute("SELECT name FROM sqlite_master")}
        locales = {row[0] for row in raw.execute("SELECT locale FROM guild_settings")}
    assert "schema_version" not in names and "member_settings" in names
    assert locales == {""}  # revision 0002: servers follow their Discord locale
    assert fetch(url, "SELECT version_num FROM alembic_version") == [(head(),)]
    hands = fetch(url, "SELECT id, guild_id, hand_uid, action_log_json FROM hand")
    assert len(hands) == 4
    async with await Store.open(url) as store:
        for hand_id, guild_id, hand_uid, log in hands:
            replay = await store.hand_replay(guild_id, hand_uid)
            assert replay is not None and replay.deal is None
            assert replay.action_log == json.loads(log)
            assert [seat.name for seat in replay.summary.seats] == [
                name
                for (name,) in fetch(
                    url, f"SELECT name FROM hand_player WHERE hand_id = {hand_id} ORDER BY seat"
                )
            ]
        kept = await store.get_guild_settings(7)
        assert (kept.stake, kept.announce_role) == (3, None)  # revision 0006: no role yet


async def test_a_schema_version_above_2_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "tonk.db"
    _release_0_1(path)
    with sqlite3.connect(path) as raw:
        raw.execute("INSERT INTO schema_version VALUES (3, 'future', 0)")
    with pytest.raises(SchemaTooNew):
        await upgrade(f"sqlite+aiosqlite:///{path}")
    with sqlite3.connect(path) as raw:
        assert raw.execute("SELECT max(version) FROM schema_version").fetchone() == (3,)


async def test_revision_0023_gives_sqlites_log_row_ids_and_back_keeping_every_row(
    sqlite_url: str,
) -> None:
    """Revision 0023 makes SQLite's ``table_log`` a table with row ids (rows in the order
    they were written) instead of ``WITHOUT ROWID``; its downgrade makes it one again. The
    rows stay as they were both ways, and the log keeps its key."""
    kind = "SELECT sql LIKE '%WITHOUT ROWID%' FROM sqlite_master WHERE name = 'table_log'"
    log = "SELECT table_id, version, body_json FROM table_log ORDER BY 1, 2"
    await _upgrade_to(sqlite_url, "0022")
    execute(sqlite_url, _CLOSED_TABLE.replace("'closed'", "'playing'"))
    execute(
        sqlite_url,
        "INSERT INTO table_log VALUES (1, 2, '{\"n\": 2}'), (1, 1, '{\"n\": 1}')",
    )
    assert fetch(sqlite_url, kind) == [(1,)]
    rows = fetch(sqlite_url, log)
    await upgrade(sqlite_url)
    assert fetch(sqlite_url, kind) == [(0,)]
    assert fetch(sqlite_url, log) == rows
    with pytest.raises(sqlite3.IntegrityError):
        execute(sqlite_url, "INSERT INTO table_log VALUES (1, 2, '{}')")
    await _upgrade_to(sqlite_url, "0022", move=command.downgrade)
    assert fetch(sqlite_url, kind) == [(1,)]
    assert fetch(sqlite_url, log) == rows
