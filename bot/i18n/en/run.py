"""English messages of ``tonk run`` for whoever runs the bot: one sentence each."""

MESSAGES: dict[str, str] = {
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
    "run.rejected_token": (
        "Discord rejected the token in DISCORD_TOKEN: copy it again from the Developer Portal "
        "(Bot → Reset Token) into .env."
    ),
    "run.unreachable": "Could not reach Discord: {error}.",
}
