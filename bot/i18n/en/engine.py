"""English messages of the rules engine: refused actions and rules errors."""

from bot.i18n.source import Message

MESSAGES: dict[str, Message] = {
    # Refused actions (bot.engine.errors): one sentence each, saying why.
    "refusal.hand_over": "This hand is over.",
    "refusal.unknown_action": "{kind!r} is not a move in Tonk.",
    "refusal.not_your_turn": "It is not your turn.",
    "refusal.slap_discard_pending": "Wait: {player} slapped and must discard a card first.",
    "refusal.must_slap_discard": "You slapped: discard one card before anything else.",
    "refusal.no_slap_discard": "You have no extra discard to make: only a slap gives one.",
    "refusal.already_drew": "You have already drawn this turn: spread, hit or discard.",
    "refusal.empty_pile": "There is no card on the discard pile to take.",
    "refusal.take_must_meld": (
        "You may take {card} only to use it at once in a spread or a hit, and you can't here."
    ),
    "refusal.drop_at_start": "You can drop only at the very start of your turn, before drawing.",
    "refusal.drop_waiting": "You can't drop yet: you are still waiting after a spread or a hit.",
    "refusal.cannot_claim": (
        "You have no 49 to claim: it must be dealt to you, claimed at the start of your first "
        "turn, before anyone has spread."
    ),
    "refusal.must_draw_first": "Draw from the stock or take the discard first.",
    "refusal.not_in_hand": "You don't hold {cards}.",
    "refusal.must_meld_taken": "You took {card} from the pile: use it in a spread or a hit first.",
    "refusal.out_blocked": "You were hit: you can't empty your hand on this turn.",
    "refusal.invalid_spread": (
        "{cards} is not a spread: lay three or four of a rank, or three or more in a row "
        "of one suit (ace low)."
    ),
    "refusal.no_such_spread": "There is no spread number {spread} on the table.",
    "refusal.one_hit_per_turn": "Only one card per turn may be played onto spreads at this table.",
    "refusal.no_fourth_to_book": "At this table a book of three on the table can't be hit.",
    "refusal.invalid_hit": "{cards} doesn't fit spread number {spread}.",
    "refusal.must_lay_spread": "You hold a spread: lay it down before you discard.",
    "refusal.slap_off": "Slapping is not played at this table.",
    "refusal.nothing_to_slap": (
        "There is no discard to slap: the card is dead once the next turn began."
    ),
    # Rules and options (bot.engine.rules).
    "rules.bad_value": "{value} is not a value of {option}: use one of {allowed}.",
    "rules.bad_number": (
        "{value} is not a value of {option}: use a whole number from {low} to {high}."
    ),
    "rules.unknown_option": "There is no option called {option}.",
    "rules.unknown_option_near": "There is no option called {option}: did you mean {near}?",
    "rules.unknown_preset": "There is no preset called {preset}: choose one of {known}.",
    "rules.conflict_rank_values": (
        "face_values: rank conflicts with instant_win: {scheme}: with J=11, Q=12, K=13 only "
        "these instant-win schemes are allowed: {allowed}."
    ),
    "rules.conflict_hit_blocks": (
        "hit_blocks_going_out conflicts with wait_after_hit: 0: being hit blocks going out "
        "only where being hit makes you wait."
    ),
    "rules.conflict_once_per_round": (
        "wait_hit_once_per_round conflicts with wait_after_hit: 0: there is no wait to count once."
    ),
    "rules.conflict_indiana_rum": (
        "tonk_out_pays: {value} conflicts with stakes: indiana: in the Indiana game going out "
        "by any means is a rum, paid 2 by each player."
    ),
    "rules.conflict_boobed_stock_out": (
        "boobed: true conflicts with stock_out: dead_hand: when a boobed stock runs out the "
        "lowest hand wins as for a drop."
    ),
    "rules.pack_too_small": (
        "The pack of {size} cards can't deal to {players} players at this table's hand size "
        "with an upcard and a stock."
    ),
}

NOTES: dict[str, str] = {
    "refusal.unknown_action": "{kind} is what a program asked for, quoted as typed.",
    "refusal.cannot_claim": "A dealt 49: a hand whose cards count 49 as dealt (Chicago).",
    "refusal.nothing_to_slap": "Slap: playing another player's discard onto a spread at once.",
    "rules.bad_value": "{option} and {allowed} are option names and values, left untranslated.",
    "rules.conflict_rank_values": "Option names and values stay as typed in commands.",
}
