"""English messages of the ``tonk`` command line: one line each, for whoever typed it."""

from bot.i18n.source import Message

MESSAGES: dict[str, Message] = {
    "cli.cannot_read": "cannot read {file}: {reason}",
    "cli.not_utf8": "not UTF-8 text: byte {byte} at position {position} of {file}",
    "cli.not_json": "not JSON: {error}",
    "cli.too_deep": "not a scenario: the JSON is nested too deeply",
    "cli.not_scenario": "not a scenario: {error}",
    "cli.no_env_file": "--env-file {file}: there is no such file (leave it out to read .env)",
    "cli.interrupted": "Stopped.",
    # Help (argparse): tonk --help, tonk COMMAND --help.
    "cli.help.description": "Tonk, the knock-rummy card game",
    "cli.help.version": "show the version",
    "cli.help.lang": "the language to write in: {languages} (default: from LC_ALL or LANG)",
    "cli.help.option": "change one house rule (see tonk rules --list); may be repeated",
    "cli.help.seed": "seed the shuffles and players",
    "cli.help.play": "play in the terminal against computer players",
    "cli.help.play.players": "the computer players' levels, comma-separated",
    "cli.help.play.name": "your name at the table",
    "cli.help.play.confirm_drop": (
        "ask again before a drop with a count above COUNT (default {default})"
    ),
    "cli.help.rules": "print a summary of a preset's rules",
    "cli.help.rules.list": "list every option with its values and default",
    "cli.help.run": "run the Discord bot (reads .env)",
    "cli.help.run.env_file": "the file to load (default {default})",
    "cli.help.scenario": "play a scripted hand (docs/scenarios.md)",
    "cli.help.scenario.file": "the scenario JSON file, or - for standard input",
    "cli.help.simulate": "play many hands between computer players (duplicate deals)",
    "cli.help.simulate.players": "levels in seat order, comma-separated ({levels})",
    "cli.help.simulate.hands": "hands to play, rounded up to whole rotations",
    "cli.help.simulate.jobs": "processes to use (this machine has {cpus})",
    "cli.help.simulate.json": "print one JSON object",
    "cli.help.db": "upgrade the database's schema, copy a database, or back one up",
    "cli.help.db.upgrade": "bring the database's schema up to date (the bot also does on start)",
    "cli.help.db.database": "the database (default: DATABASE_URL from the environment or .env)",
    "cli.help.db.copy": "copy everything from one database to another (SQLite, PostgreSQL)",
    "cli.help.db.from": "the database to read",
    "cli.help.db.to": "the database to write (default: DATABASE_URL from the environment or .env)",
    "cli.help.db.force": "delete whatever the target holds before copying",
    "cli.help.db.backup": "copy the database to one file, safely while the bot runs",
    "cli.help.db.backup_to": (
        "the file to write (default: backups/NAME-DATE-TIME.db beside an SQLite database, "
        "data/backups/NAME-DATE-TIME.dump for PostgreSQL, .db where pg_dump is not installed)"
    ),
    "cli.help.db.backup_force": "replace the file if it exists",
    "cli.help.db.backup_keep": (
        "then delete all but the N newest backups named NAME-DATE-TIME in the same directory"
    ),
}

NOTES: dict[str, str] = {
    "cli.help.play.confirm_drop": "COUNT is the option's placeholder as --help prints it.",
    "cli.help.option": "Leave 'tonk rules --list' as it is: it is a command to type.",
}
