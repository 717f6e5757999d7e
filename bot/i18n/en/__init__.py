"""English, the reference catalogue: one module per area, merged here.

Every key used anywhere must be in one of these modules, and no key in two.
"""

from bot.i18n.en import (
    bots,
    cli,
    commands,
    engine,
    help,
    members,
    players,
    replay,
    run,
    scoreboard,
    store,
    summary,
    table,
)
from bot.i18n.source import Message

AREAS = (
    engine,
    summary,
    table,
    players,
    bots,
    scoreboard,
    members,
    replay,
    run,
    cli,
    commands,
    store,
    help,
)

MESSAGES: dict[str, Message] = {
    key: value for area in AREAS for key, value in area.MESSAGES.items()
}
