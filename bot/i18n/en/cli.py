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
}
