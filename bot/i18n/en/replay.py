"""English messages of ``/tonk replay``: a finished hand played again, move by move."""

from bot.i18n.source import Message, Plural

MESSAGES: dict[str, Message] = {
    "replay.choice": "Hand {number} · table {table} · {ending} · won by {winners}",
    "replay.title": "Replay · hand {number} · {preset} ({rule_id})",
    "replay.footer": "Table {table} · hand {hand}",
    "replay.deal": Plural(
        "The deal, by {dealer}: {steps} move follows.",
        "The deal, by {dealer}: {steps} moves follow.",
        "steps",
    ),
    "replay.move": "Move {step} of {steps}: {move}.",
    "replay.move.draw": "{player} drew {cards} from the stock",
    "replay.button.first": "Deal",
    "replay.button.prev": "Back",
    "replay.button.next": "Next",
    "replay.button.last": "End",
    "replay.button.watch": "Replay",
    "replay.pick": "Replay a hand…",
    "replay.button.scenario": "Scenario file",
    "replay.scenario": (
        "Hand {number} as a scripted hand: `tonk scenario {file}` plays it again, move by "
        "move, to the same end."
    ),
    "table.refusal.nothing_to_replay": (
        "No hand has been finished in this channel yet: there is nothing to replay."
    ),
    "table.refusal.replay_unknown": (
        "That is not a finished hand of this channel: pick one from the list."
    ),
    "table.refusal.replay_unkept": (
        "Hand {number} was finished before the bot kept what replays need: it cannot be replayed."
    ),
    "table.refusal.replay_unreadable": "Hand {number}'s record cannot be played back.",
}

NOTES: dict[str, str] = {
    "replay.choice": (
        "A line of the /tonk replay hand list (at most 100 characters): {ending} is a "
        "scoreboard.ending.* phrase, {winners} names joined with table.list."
    ),
    "replay.title": "{rule_id} is a code such as O1; {preset} a preset name (preset.*).",
    "replay.move": "{move} is a move in words (table.move.* or replay.move.draw).",
    "replay.move.draw": "In a replay the hand is over, so the card drawn is named.",
    "replay.button.first": "Replay button: back to the deal.",
    "replay.button.last": "Replay button: on to the end of the hand.",
    "replay.button.scenario": (
        "A replay's button that sends the hand as a JSON file for the tonk scenario command."
    ),
    "replay.scenario": "{file} is the file's name; keep `tonk scenario` as it is: a command.",
    "replay.pick": "The placeholder of the menu of hands under a page of /tonk history.",
    "replay.button.watch": (
        "The button under a finished hand's table message: shows the clicker that hand's "
        "replay, privately (as /tonk replay does)."
    ),
}
