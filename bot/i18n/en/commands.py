"""English names of the slash commands, their options and choices, as Discord lists them.

Discord shows a command's name in the member's language when it has one: lowercase, no
spaces, at most 32 characters, and unique among its siblings in each language.
"""

from bot.i18n.source import Message

MESSAGES: dict[str, Message] = {
    "command.name.tonk": "tonk",
    "command.name.new": "new",
    "command.name.practice": "practice",
    "command.name.join": "join",
    "command.name.leave": "leave",
    "command.name.start": "start",
    "command.name.kick": "kick",
    "command.name.end": "end",
    "command.name.settings": "settings",
    "command.name.rules": "rules",
    "command.name.hand": "hand",
    "command.name.table": "table",
    "command.name.addbot": "addbot",
    "command.name.removebot": "removebot",
    "command.name.bigone": "bigone",
    "command.name.language": "language",
    "command.name.leaderboard": "leaderboard",
    "command.name.stats": "stats",
    "command.name.history": "history",
    "command.name.replay": "replay",
    "command.name.config": "config",
    "command.name.show": "show",
    "command.name.set": "set",
    "command.name.channel": "channel",
    "command.name.option": "option",
    "command.name.announce": "announce",
    "command.name.export": "export",
    "command.name.forget": "forget",
    "command.name.me": "me",
    "command.name.help": "help",
    "command.name.tables": "tables",
    "command.option.preset": "preset",
    "command.option.stake": "stake",
    "command.option.seats": "seats",
    "command.option.turn_timeout": "turn_timeout",
    "command.option.thread": "thread",
    "command.option.opponents": "opponents",
    "command.option.threads": "threads",
    "command.option.turn_reminders": "turn_reminders",
    "command.option.member": "member",
    "command.option.option": "option",
    "command.option.value": "value",
    "command.option.hands": "hands",
    "command.option.level": "level",
    "command.option.bot": "bot",
    "command.option.by": "by",
    "command.option.period": "period",
    "command.option.page": "page",
    "command.option.hand": "hand",
    "command.option.channel": "channel",
    "command.option.allowed": "allowed",
    "command.option.role": "role",
    "command.option.versus": "versus",
    "command.choice.chips": "chips",
    "command.choice.wins": "wins",
    "command.choice.win_rate": "win rate",
    "command.choice.tonks": "tonks",
    "command.choice.all": "all time",
    "command.choice.week": "last 7 days",
    "command.choice.month": "last 30 days",
}

NOTES: dict[str, str] = {
    "command.name.tonk": "The game's name: keep it as it is.",
    "command.name.bigone": "The Big One: the session's last hands at double stakes.",
    "command.option.turn_timeout": "Seconds a player has for a turn.",
    "command.option.turn_reminders": (
        "Whether a member the table waits for is reminded with a mention that notifies them."
    ),
}
