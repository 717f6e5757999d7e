"""English messages of ``tonk run`` for whoever runs the bot: one sentence each."""

from bot.i18n.source import Message

MESSAGES: dict[str, Message] = {
    "run.no_token": (
        "DISCORD_TOKEN is not set: create a bot in the Discord Developer Portal "
        "(Applications → your app → Bot → Reset Token) and put DISCORD_TOKEN=<token> in .env "
        "(see .env.example)."
    ),
    "run.bad_guild": (
        "DEV_GUILD_ID must be a server id (a number: right-click the server, Copy Server ID), "
        "or left empty in .env."
    ),
    "run.bad_level": "LOG_LEVEL must be one of {levels}: fix it in .env, or leave it empty.",
    "run.bad_database_url": (
        "DATABASE_URL must name an SQLite file for aiosqlite, such as {default}, or a "
        "PostgreSQL database, postgresql+asyncpg://USER:PASSWORD@HOST:PORT/DATABASE: fix it "
        "in .env, or leave it empty for that default."
    ),
    "run.unwritable_database": (
        "DATABASE_URL names {path}, but the bot cannot write there ({directory} is not a "
        "writable directory): give it write access, or point DATABASE_URL elsewhere in .env."
    ),
    "run.bad_shard_count": (
        "SHARD_COUNT must be the total number of shards, a whole number from 1 (the same in "
        "every process): fix it in .env, or leave it empty for one process serving every shard."
    ),
    "run.shard_ids_without_count": (
        "SHARD_IDS needs SHARD_COUNT: set SHARD_COUNT to the total number of shards (the same "
        "in every process) in .env, or leave SHARD_IDS empty."
    ),
    "run.bad_shard_ids": (
        "SHARD_IDS must list this process's shards, each once, as numbers from 0 to {last} "
        "separated by commas (such as 0,1): fix it in .env, or leave it empty to serve every "
        "shard."
    ),
    "run.env_unreadable": (
        "{file} line {line} cannot be read: write it as NAME=value (put a value with spaces "
        "in quotes, and close every quote; # starts a comment), or delete it."
    ),
    "run.env_misspelt": (
        "{file} line {line} sets {name}, which the bot does not read: did you mean {setting}?"
    ),
    "run.env_repeated": (
        "{file} line {line} sets {name} again (it is set on line {first}): keep one of them."
    ),
    "run.rejected_token": (
        "Discord rejected the token in DISCORD_TOKEN: copy it again from the Developer Portal "
        "(Bot → Reset Token) into .env."
    ),
    "run.unreachable": "Could not reach Discord: {error}.",
    "run.database_unreachable": (
        "Could not open the database at {url} ({error}): check DATABASE_URL in .env, and "
        "that the database server is running and reachable."
    ),
}
