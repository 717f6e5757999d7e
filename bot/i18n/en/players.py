"""English messages of the computer players and the terminal commands that use them."""

from bot.i18n.source import Message, Plural

MESSAGES: dict[str, Message] = {
    # Both commands.
    "players.unknown_level": "There is no player level called {level}: choose from {known}.",
    "players.seat_count": "A table seats {low} to {high} players.",
    # tonk simulate.
    "players.bad_option": "--option {item!r}: write it as NAME=VALUE.",
    "players.simulate.bad_hands": "--hands must be at least 1.",
    "players.simulate.progress": "Playing hands",
    "players.simulate.stopped": Plural(
        "Stopped: the figures cover the {hands} hand played.",
        "Stopped: the figures cover the {hands} hands played.",
        "hands",
    ),
    "players.simulate.title": Plural(
        "{hands} hand of {preset}: {players}", "{hands} hands of {preset}: {players}", "hands"
    ),
    "players.simulate.capped": (
        "{capped} hands reached the cap on actions and were scored as dead hands."
    ),
    "players.simulate.column.level": "level",
    "players.simulate.column.seats": "seats",
    "players.simulate.column.won": "hands won",
    "players.simulate.column.mean": "mean payout",
    "players.simulate.column.ci": "95% interval",
    "players.simulate.column.p50": "p50 ms",
    "players.simulate.column.p99": "p99 ms",
    # tonk play: moves made, in words (a card drawn from the stock is never named).
    "players.move.draw": "{player} drew from the stock.",
    "players.move.take": "{player} took {cards} from the discard pile.",
    "players.move.spread": "{player} laid {cards}.",
    "players.move.hit": "{player} hit {cards} onto spread {number} ({spread}).",
    "players.move.discard": "{player} discarded {cards}.",
    "players.move.drop": "{player} dropped.",
    "players.move.claim": "{player} claimed a dealt 49.",
    "players.move.slap": "{player} slapped the discard onto spread {number}.",
    "players.move.slap_discard": "{player} discarded {cards} after slapping.",
    # tonk play: the moves on offer.
    "players.choice.draw": "Draw from the stock",
    "players.choice.take": "Take {card} from the discard pile",
    "players.choice.spread": "Lay {cards}",
    "players.choice.hit": "Hit {card} onto spread {number} ({spread})",
    "players.choice.discard": "Discard {cards}",
    "players.choice.drop": "Drop: lay down your hand and count {count}",
    "players.choice.claim": "Claim your dealt 49",
    "players.choice.slap": "Slap {card} onto spread {number} ({spread})",
    "players.choice.slap_discard": "Discard {cards} (the extra discard of your slap)",
    "players.choice.pass": "Let it go",
    # tonk play: the table.
    "players.play.hand": "Hand {number}: {dealer} deals",
    "players.play.title": "Tonk · {preset}",
    "players.play.column.seat": "player",
    "players.play.column.cards": "cards",
    "players.play.column.balance": "session",
    "players.play.column.points": "points against",
    "players.play.column.notes": "status",
    "players.play.note.dealer": "dealer",
    "players.play.note.to_act": "to play",
    "players.play.note.waits": Plural(
        "can't drop for {turns} turn", "can't drop for {turns} turns", "turns"
    ),
    "players.play.you": "{name} (you)",
    "players.play.spreads": "Spreads:",
    "players.play.no_spreads": "none yet",
    "players.play.spread": "{number}. {cards} ({owner})",
    "players.play.pile": Plural(
        "Discard pile: {card} · stock: {stock} card",
        "Discard pile: {card} · stock: {stock} cards",
        "stock",
    ),
    "players.play.pile_empty": "empty",
    "players.play.your_hand": "Your hand: {cards} · count {count}",
    "players.play.you_drew": "You drew {card}.",
    "players.play.no_cards": "no cards",
    "players.play.drop_barred": "You are waiting: you can't drop this turn.",
    "players.play.last_moves": "Since your last look:",
    "players.play.slap_offer": "{card} was discarded and fits a spread: slap it?",
    "players.play.choose": "Your move:",
    "players.play.prompt": "Number (q to quit): ",
    "players.play.bad_choice": "Type a number from {low} to {high}, or q to quit.",
    "players.play.prompt_hint": "Number (h for a hint, q to quit): ",
    "players.play.bad_choice_hint": (
        "Type a number from {low} to {high}, h for a hint, or q to quit."
    ),
    "players.play.hint": "💡 Hint: {number}. {move}",
    # tonk play: the end of a hand.
    "players.ending.tonk_out": "{winners} went out without a discard: tonk! Paid ×{multiple}.",
    "players.ending.out_by_discard": "{winners} went out by discarding the last card.",
    "players.ending.drop_won": "{dropper} dropped with {count}, the lowest count, and wins.",
    "players.ending.drop_caught": "{dropper} dropped with {count} and was caught by {winners}.",
    "players.ending.stock_out": "The stock ran out: {winners} had the lowest count.",
    "players.ending.instant_win": "{winners} won on the deal. Paid ×{multiple}.",
    "players.ending.thrown_in": "Several players won on the deal: thrown in, no payment.",
    "players.ending.dead_hand": "A dead hand: nobody is paid.",
    "players.play.shown_hand": "  {player}: {cards} (count {count})",
    "players.play.this_hand": "This hand:",
    "players.play.this_hand_points": "This hand, points against (lowest wins the match):",
    "players.play.payment": "  {player} {amount}",
    "players.play.session": "Session: {balances}",
    "players.play.session_points": "Session, points against: {balances}",
    "players.play.confirm_drop": "Drop with a count of {count}? y to drop, Enter to choose again: ",
    "players.play.capped": "The hand went on too long and is a dead hand: nobody is paid.",
    "players.play.next": "Enter for the next hand, q to quit: ",
    "players.play.goodbye": "Final balances: {balances}",
    "players.play.goodbye_points": "Final points against (lowest wins): {balances}",
    "players.play.default_name": "Player",
}
