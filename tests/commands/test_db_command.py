"""``tonk db upgrade`` and ``tonk db copy`` against real databases of both backends."""

from __future__ import annotations

import asyncio
import re
import subprocess
import sys
from pathlib import Path

import pytest
from sqlalchemy import inspect, make_url

from bot.cli import main
from bot.members import HandOrder, MemberSettings
from bot.store import Store, backup
from bot.store.connection import create_engine_for
from bot.store.copy import COPY_ORDER
from bot.store.migrations import head, upgrade
from tests.postgres import PASSWORD, PostgresServer
from tests.store.conftest import DEAL, open_table
from tests.store.contents import contents, fill
from tests.store.raw import fetch

ROOT = Path(__file__).parents[2]


def _copy(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    status = main(["db", "copy", *args])
    out, err = capsys.readouterr()
    return status, out, err


def test_copy_to_postgresql_and_back_keeps_everything(
    tmp_path: Path, postgres_server: PostgresServer, capsys: pytest.CaptureFixture[str]
) -> None:
    """SQLite → PostgreSQL → SQLite: the store serves the same from all three, the progress
    and the report never show the password, and new ids follow the copied ones."""
    source = f"sqlite+aiosqlite:///{tmp_path / 'source.db'}"
    middle = postgres_server.create_database()
    back = f"sqlite+aiosqlite:///{tmp_path / 'back.db'}"
    asyncio.run(fill(source))
    expected = asyncio.run(contents(source))
    settings = expected["settings"][0]
    assert (settings.stake, settings.allowed_channel_ids) == (5, (10, 11))
    assert expected["members"] == {
        (1, 201): MemberSettings(language="ro"),
        (2, 301): MemberSettings(dms=False, order=HandOrder.RANK),
    }
    assert [replay.deal for replay in expected["replays"]] == [DEAL, None, None]
    assert [season.number for season in expected["seasons"][0]] == [2, 1]
    assert expected["unwelcomed"] == [1]  # server 2 was welcomed, for the same join

    status, out, err = _copy(capsys, "--from", source, "--to", middle)
    assert (status, err) == (0, "")
    copied = "Copied 27 rows"  # what fill() wrote, and the welcome_since its migrations wrote
    assert copied in out and "counts and totals match" in out
    assert "Copying hand_player" in out
    assert PASSWORD not in out and "tonk:***@127.0.0.1" in out
    assert asyncio.run(contents(middle)) == expected

    status, out, err = _copy(capsys, "--from", middle, "--to", back)
    assert (status, err) == (0, "")
    assert asyncio.run(contents(back)) == expected

    async def new_ids(url: str) -> int:
        async with await Store.open(url) as store:
            return (await open_table(store, channel_id=99)).id

    assert asyncio.run(new_ids(middle)) == asyncio.run(new_ids(back)) == 4


def test_copy_refuses_a_non_empty_target_unless_forced(
    tmp_path: Path, postgres_url: str, capsys: pytest.CaptureFixture[str]
) -> None:
    source = f"sqlite+aiosqlite:///{tmp_path / 'source.db'}"
    asyncio.run(fill(source))
    assert _copy(capsys, "--from", source, "--to", postgres_url)[0] == 0
    status, out, err = _copy(capsys, "--from", source, "--to", postgres_url)
    assert status == 1
    assert "already holds 26 rows" in err and "--force" in err
    assert PASSWORD not in err + out
    status, out, err = _copy(capsys, "--from", source, "--to", postgres_url, "--force")
    assert (status, err) == (0, "")
    assert asyncio.run(contents(postgres_url)) == asyncio.run(contents(source))


def test_copy_refuses_bad_and_identical_urls(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    url = f"sqlite+aiosqlite:///{tmp_path / 'a.db'}"
    status, _, err = _copy(capsys, "--from", "mysql://u:hunter2@h/db", "--to", url)
    assert status == 2 and "mysql://u:***@h/db is not a database URL" in err
    assert "hunter2" not in err
    status, _, err = _copy(capsys, "--from", url, "--to", url)
    assert status == 2 and f"both name {url}: nothing to copy" in err


def test_copy_writes_to_the_bots_database_when_no_target_is_given(
    tmp_path: Path,
    postgres_url: str,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    """Without --to, the copy goes to DATABASE_URL (the step after setting it in .env); a
    DATABASE_URL still naming the source is refused with what to do, and copies nothing."""
    source = f"sqlite+aiosqlite:///{tmp_path / 'source.db'}"
    asyncio.run(fill(source))
    monkeypatch.setenv("DATABASE_URL", source)
    status, _, err = _copy(capsys, "--from", source)
    assert status == 2
    assert f"both name {source}: nothing to copy" in err and "--to" in err
    monkeypatch.setenv("DATABASE_URL", postgres_url)
    status, out, err = _copy(capsys, "--from", source)
    assert (status, err) == (0, "")
    assert "Copied 27 rows" in out and PASSWORD not in out  # fill()'s, and welcome_since
    assert asyncio.run(contents(postgres_url)) == asyncio.run(contents(source))


def test_copy_moves_every_table_the_migrations_build(db_url: str) -> None:
    """Whatever table a revision adds is copied: the copy's tables are the schema's."""

    async def tables() -> set[str]:
        await upgrade(db_url)
        engine = create_engine_for(db_url)
        try:
            async with engine.connect() as connection:
                return set(await connection.run_sync(lambda sync: inspect(sync).get_table_names()))
        finally:
            await engine.dispose()

    assert asyncio.run(tables()) - {"alembic_version"} == set(COPY_ORDER)


@pytest.mark.parametrize("backend", ["sqlite", "postgresql"])
def test_upgrade_migrates_and_says_the_revision(
    backend: str, request: pytest.FixtureRequest, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    url = (
        f"sqlite+aiosqlite:///{tmp_path / 'tonk.db'}"
        if backend == "sqlite"
        else request.getfixturevalue("postgres_url")
    )
    assert main(["db", "upgrade", "--database", url]) == 0
    out = capsys.readouterr().out
    assert f"at revision {head()}" in out
    assert PASSWORD not in out


def _without_asyncpg(code: str) -> subprocess.CompletedProcess[str]:
    """Run ``code`` in a fresh interpreter where ``import asyncpg`` fails, as it does
    where the postgres extra is not installed."""
    return subprocess.run(
        [sys.executable, "-c", f"import sys\nsys.modules['asyncpg'] = None\n{code}"],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=60,
    )


def test_a_postgresql_url_without_asyncpg_is_one_line_naming_the_extra() -> None:
    """``tonk db``, the settings and the store each say it in the same line."""
    url = "postgresql+asyncpg://tonk:hunter2@127.0.0.1:5432/tonk"
    expected = (
        "postgresql+asyncpg://tonk:***@127.0.0.1:5432/tonk is a PostgreSQL database, but its "
        "driver asyncpg is not installed: install the postgres extra "
        "(pip install 'tonk-bot[postgres]').\n"
    )
    done = _without_asyncpg(
        "import asyncio\n"
        "from bot.cli import main\n"
        "from bot.config import ConfigError, load_settings\n"
        "from bot.store import Store\n"
        "from bot.store.errors import MissingDriver\n"
        f"status = main(['db', 'upgrade', '--database', {url!r}])\n"
        "try:\n"
        f"    load_settings({{'DISCORD_TOKEN': 't', 'DATABASE_URL': {url!r}}})\n"
        "except ConfigError as error:\n"
        "    print(error)\n"
        "try:\n"
        f"    asyncio.run(Store.open({url!r}))\n"
        "except MissingDriver as error:\n"
        "    print(error)\n"
        "sys.exit(status)\n"
    )
    assert (done.returncode, done.stderr) == (2, expected)
    assert done.stdout == expected * 2


def _backup(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    status = main(["db", "backup", *args])
    out, err = capsys.readouterr()
    return status, out, err


def test_a_backup_made_while_a_store_writes_holds_everything_in_one_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The backup of a database that an open store keeps writing (its WAL not checkpointed)
    serves what the store served when the backup was made, from one file."""
    source = f"sqlite+aiosqlite:///{tmp_path / 'tonk.db'}"
    asyncio.run(fill(source))
    expected = asyncio.run(contents(source))
    target = tmp_path / "copy" / "saved.db"

    async def back_up_while_open() -> tuple[int, str, str]:
        async with await Store.open(source) as store:
            await store.set_member_settings(3, 401, MemberSettings(dms=False))  # in the WAL
            done = _backup(capsys, "--database", source, "--to", str(target))
            await store.set_member_settings(3, 402, MemberSettings(dms=False))  # after it
            return done

    status, out, err = asyncio.run(back_up_while_open())
    assert (status, err) == (0, "")
    assert out.startswith(f"Backed up {tmp_path / 'tonk.db'} to {target} (")
    assert "3 finished hands, 2 open tables); the copy passed SQLite's integrity check." in out
    assert not target.with_name("saved.db-wal").exists()
    saved = asyncio.run(contents(f"sqlite+aiosqlite:///{target}"))
    assert saved["members"] == {**expected["members"], (3, 401): MemberSettings(dms=False)}
    assert {k: v for k, v in saved.items() if k != "members"} == {
        k: v for k, v in expected.items() if k != "members"
    }


def test_a_backup_goes_beside_the_database_replaces_a_file_only_when_forced_and_restores(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("DATABASE_URL", "sqlite+aiosqlite:///data/tonk.db")
    missing = _backup(capsys)
    assert missing == (
        1,
        "",
        "data/tonk.db does not exist: there is no database to back up there.\n",
    )
    assert not (tmp_path / "data").exists()  # refused, it made nothing
    asyncio.run(fill("sqlite+aiosqlite:///data/tonk.db"))
    status, out, _ = _backup(capsys)
    (made,) = (tmp_path / "data" / "backups").iterdir()
    assert status == 0 and re.fullmatch(r"tonk-\d{8}-\d{6}\.db", made.name)
    assert out.startswith(f"Backed up data/tonk.db to data/backups/{made.name} (")
    status, _, err = _backup(capsys, "--to", str(made))
    assert status == 1 and err == (
        f"{made} exists already: name another file with --to, or add --force.\n"
    )
    assert _backup(capsys, "--to", str(made), "--force")[0] == 0

    async def later_change() -> None:  # a change after the backup, which a restore undoes
        async with await Store.open("sqlite+aiosqlite:///data/tonk.db") as store:
            await store.forget_member(1, 201)

    saved = asyncio.run(contents(f"sqlite+aiosqlite:///{made}"))
    asyncio.run(later_change())
    assert asyncio.run(contents("sqlite+aiosqlite:///data/tonk.db")) != saved
    restored = main(["db", "copy", "--from", f"sqlite+aiosqlite:///{made}", "--force"])
    assert restored == 0 and asyncio.run(contents("sqlite+aiosqlite:///data/tonk.db")) == saved


def test_keep_leaves_the_newest_backups_named_by_default_and_touches_no_other_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """--keep N: once the new backup is made and checked, only the N newest of the files
    named as backups of this database (NAME-DATE-TIME.db) stay in its directory."""
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("DATABASE_URL", "sqlite+aiosqlite:///data/tonk.db")
    asyncio.run(fill("sqlite+aiosqlite:///data/tonk.db"))
    backups = tmp_path / "data" / "backups"
    for day in ("01", "02", "03"):
        assert _backup(capsys, "--to", f"data/backups/tonk-202501{day}-040000.db")[0] == 0
    others = {"notes.txt", "tonk-before-the-upgrade.db", "games-20250101-040000.db"}
    for name in others:
        (backups / name).write_text("not ours to delete")
    status, out, err = _backup(capsys, "--keep", "2")
    assert (status, err) == (0, "")
    made = out.split(" to data/backups/")[1].split(" (")[0]
    assert out.splitlines()[1] == (
        "Deleted 2 older backups: tonk-20250101-040000.db, tonk-20250102-040000.db."
    )
    assert {path.name for path in backups.iterdir()} == {made, "tonk-20250103-040000.db", *others}
    status, out, _ = _backup(capsys, "--to", "data/backups/tonk-20250104-040000.db", "--keep", "3")
    assert status == 0 and len(out.splitlines()) == 1  # three of ours: nothing to delete


@pytest.mark.parametrize("keep", ["0", "-1", "two"])
def test_keep_below_one_is_refused_in_words_before_anything_is_backed_up(
    keep: str, tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("DATABASE_URL", "sqlite+aiosqlite:///data/tonk.db")
    asyncio.run(fill("sqlite+aiosqlite:///data/tonk.db"))
    with pytest.raises(SystemExit) as refused:
        main(["db", "backup", f"--keep={keep}"])
    assert refused.value.code == 2
    assert capsys.readouterr().err.endswith(
        f"argument --keep: {keep} is not a number of backups to keep: give 1 or more.\n"
    )
    assert not (tmp_path / "data" / "backups").exists()


def test_a_postgresql_database_is_dumped_with_pg_dump_and_restores_whole(
    tmp_path: Path, postgres_server: PostgresServer, capsys: pytest.CaptureFixture[str]
) -> None:
    """pg_dump's file, checked with pg_restore --list, restores as the message says into an
    empty database that then serves the same; a dump that fails (a wrong password) says
    pg_dump's reason, leaves no file and never shows a password."""
    source = postgres_server.create_database()
    asyncio.run(fill(source))
    expected = asyncio.run(contents(source))
    target = tmp_path / "tonk.dump"
    status, out, err = _backup(capsys, "--database", source, "--to", str(target))
    assert (status, err) == (0, "")
    assert out.startswith("Backed up postgresql+asyncpg://tonk:***@127.0.0.1:")
    assert f" to {target} (" in out and "with pg_dump; pg_restore reads it back." in out
    assert PASSWORD not in out
    empty = make_url(postgres_server.create_database())
    subprocess.run(
        [
            str(postgres_server.bindir / "pg_restore"),
            "--clean",
            "--if-exists",
            "--no-owner",
            f"--dbname={empty.set(drivername='postgresql').render_as_string(False)}",
            str(target),
        ],
        check=True,
        capture_output=True,
    )
    assert asyncio.run(contents(empty.render_as_string(False))) == expected

    wrong = make_url(source).set(password="not-the-password").render_as_string(False)
    failed = tmp_path / "failed.dump"
    status, out, err = _backup(capsys, "--database", wrong, "--to", str(failed))
    assert (status, out) == (1, "") and "pg_dump: " in err and "password" in err
    assert "not-the-password" not in err and PASSWORD not in err
    assert not failed.exists() and not failed.with_name("failed.dump.part").exists()


def test_without_pg_dump_a_postgresql_database_is_backed_up_as_an_sqlite_copy_that_restores(
    tmp_path: Path,
    postgres_server: PostgresServer,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """No pg_dump or pg_restore on the machine: the backup says so, and is an SQLite file
    named NAME-DATE-TIME.db, checked as an SQLite backup is, that restores as its message
    says into an empty database that then serves the same; --keep prunes those files. A
    wrong password is one line; a database not at the newest schema is refused, and left as
    it was (no migration)."""
    monkeypatch.setattr(backup, "_find", lambda name: None)  # neither program is installed
    monkeypatch.chdir(tmp_path)
    source = postgres_server.create_database()
    name = make_url(source).database
    asyncio.run(fill(source))
    expected = asyncio.run(contents(source))
    backups = tmp_path / "data" / "backups"
    old = backups / f"{name}-20250101-040000.db"
    assert _backup(capsys, "--database", source, "--to", str(old))[0] == 0

    status, out, err = _backup(capsys, "--database", source, "--keep", "1")
    assert status == 0 and err == (
        "pg_dump is not installed (apt-get install postgresql-client installs it): the "
        "backup is an SQLite copy of the database instead.\n"
    )
    (made,) = backups.iterdir()
    assert re.fullmatch(rf"{name}-\d{{8}}-\d{{6}}\.db", made.name)
    said = out.splitlines()
    assert said[0].startswith("Backed up postgresql+asyncpg://tonk:***@127.0.0.1:")
    assert said[0].endswith(
        "3 finished hands, 2 open tables); the copy passed SQLite's integrity check."
    )
    restore = f"sqlite+aiosqlite:///data/backups/{made.name}"
    assert said[1] == (
        f"Restore it with: tonk db copy --from {restore} --force (into DATABASE_URL, with the "
        "bot stopped)"
    )
    assert said[2] == f"Deleted 1 older backup: {old.name}."
    assert PASSWORD not in out + err
    assert {path.name for path in backups.iterdir()} == {made.name}  # no copy left beside it

    empty = postgres_server.create_database()
    assert main(["db", "copy", "--from", restore, "--to", empty, "--force"]) == 0
    assert asyncio.run(contents(empty)) == expected
    capsys.readouterr()

    wrong = make_url(source).set(password="not-the-password").render_as_string(False)
    status, out, err = _backup(capsys, "--database", wrong, "--to", "data/wrong.db")
    assert (status, out) == (1, "") and err.count("postgresql+asyncpg://") == 1
    assert err.endswith(': password authentication failed for user "tonk"\n')
    assert "not-the-password" not in err and not (tmp_path / "data" / "wrong.db").exists()

    never_migrated = postgres_server.create_database()
    status, out, err = _backup(capsys, "--database", never_migrated, "--to", "data/new.db")
    assert (status, out) == (1, "") and err.count("postgresql+asyncpg://") == 1
    assert err.endswith(
        f"at schema revision none, not {head()}: run tonk db upgrade (or start the bot) first\n"
    )
    assert not (tmp_path / "data" / "new.db").exists()
    tables = "SELECT count(*) FROM pg_tables WHERE schemaname = 'public'"
    assert fetch(never_migrated, tables) == [(0,)]  # a backup changes nothing it backs up


def test_a_wrong_password_is_one_line_naming_the_driver_s_reason_never_a_traceback(
    tmp_path: Path, postgres_server: PostgresServer, capsys: pytest.CaptureFixture[str]
) -> None:
    """``db upgrade``, ``db copy`` from and ``db copy`` to a PostgreSQL URL whose password is
    wrong: exit status 1 and one line, the URL masked, the server's reason, nothing else."""
    wrong = make_url(postgres_server.create_database()).set(password="not-the-password")
    url = wrong.render_as_string(False)
    sqlite = f"sqlite+aiosqlite:///{tmp_path / 'tonk.db'}"
    asyncio.run(upgrade(sqlite))
    for argv in (
        ["db", "upgrade", "--database", url],
        ["db", "copy", "--from", url, "--to", sqlite],
        ["db", "copy", "--from", sqlite, "--to", url],
    ):
        status = main(argv)
        out, err = capsys.readouterr()
        assert (status, out) == (1, ""), argv
        assert err.endswith(': password authentication failed for user "tonk"\n'), argv
        assert err.count("\n") == 1 and err.startswith("postgresql+asyncpg://tonk:***@"), argv
        assert "not-the-password" not in err and PASSWORD not in err


def test_a_mistyped_sqlite_source_is_refused_and_never_copied_over_the_target(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """``--force`` deletes what the target holds: a source path with a typo must not be
    made into an empty database and copied over the bot's own. It is refused before anything
    is made, and the bot's database keeps everything."""
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("DATABASE_URL", "sqlite+aiosqlite:///data/tonk.db")
    asyncio.run(fill("sqlite+aiosqlite:///data/tonk.db"))
    kept = asyncio.run(contents("sqlite+aiosqlite:///data/tonk.db"))
    typo = "sqlite+aiosqlite:///data/bakups/tonk.db"
    status, out, err = _copy(capsys, "--from", typo, "--force")
    assert (status, out) == (1, "")
    assert err == (
        f"{typo} does not exist: there is nothing to copy from there (is the path right?). "
        "Nothing was changed.\n"
    )
    assert not (tmp_path / "data" / "bakups").exists()
    assert asyncio.run(contents("sqlite+aiosqlite:///data/tonk.db")) == kept


def test_a_backup_that_cannot_take_its_name_leaves_no_partial_copy(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """``--to`` names a directory (``--force`` given): the checked copy cannot be renamed
    to it. One line says why, and the copy written beside it (``NAME.part``) is gone."""
    monkeypatch.chdir(tmp_path)
    asyncio.run(fill("sqlite+aiosqlite:///data/tonk.db"))
    (tmp_path / "saved").mkdir()
    status, out, err = _backup(
        capsys, "--database", "sqlite+aiosqlite:///data/tonk.db", "--to", "saved", "--force"
    )
    assert (status, out) == (1, "")
    assert err == "sqlite+aiosqlite:///data/tonk.db: cannot write saved: Is a directory\n"
    assert sorted(path.name for path in tmp_path.iterdir()) == ["data", "saved"]
    assert not any((tmp_path / "saved").iterdir())
