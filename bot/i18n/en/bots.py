"""English messages of computer players seated at a Discord table (``/tonk addbot``)."""

from bot.i18n.source import Message

MESSAGES: dict[str, Message] = {
    "bots.command.addbot": "Seat a computer player at the table (host only).",
    "bots.command.addbot.level": "How well it plays: easy, normal or hard.",
    "bots.command.removebot": "Stand a computer player up (the last one seated by default).",
    "bots.command.removebot.bot": "Which computer player, by name.",
    "bots.level.easy": "Easy",
    "bots.level.normal": "Normal",
    "bots.level.hard": "Hard",
    "bots.name": "{level} bot {number}",
    "bots.seat": "🤖 {player}",
    "bots.reply.added": "**{player}** sits at the table.",
    "bots.reply.removed": "**{player}** leaves the table.",
    "table.refusal.bot_level": "There is no computer player called {level}: choose {known}.",
    "table.refusal.no_bot": "No computer player sits at this table.",
    "table.refusal.no_bot_named": "No computer player called {name} sits at this table.",
}
