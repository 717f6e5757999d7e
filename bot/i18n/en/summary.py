"""English text of the rules summary (``tonk rules``, ``/tonk rules``): one sentence per
option value, section titles, preset names. Keys: ``option.NAME.VALUE`` (``{n}`` for numbers).
"""

from bot.i18n.source import Message, Plural

MESSAGES: dict[str, Message] = {
    "summary.title": "{name} ({preset_id})",
    "summary.differences": "Different from the standard game:",
    "summary.no_differences": "This is the standard game (pagat's typical version).",
    "summary.house": "House decisions where the sources are silent:",
    "summary.guide": (
        "Every preset, house rule and house decision is explained in the player's guide: "
        "docs/guide.md in the bot's repository."
    ),
    "summary.learn": "{learn_button}, below: the standard game step by step.",
    "summary.option": "{name} ({rule_id}): {values}; default {default}",
    "summary.range": "{low} to {high}",
    "summary.stake": "Basic stake: {stake}.",
    "section.deck": "Deck and deal",
    "section.instant": "Instant wins on the deal",
    "section.spreads": "Spreads and hits",
    "section.going_out": "Going out and stakes",
    "section.catch": "Catching a dropper",
    "section.stock": "When the stock runs out",
    "section.waiting": "Waiting",
    "section.scoring": "Scoring",
    "section.extras": "Extras",
    "preset.standard": "Standard",
    "preset.washington_dc": "Washington DC",
    "preset.new_jersey": "New Jersey",
    "preset.louisiana": "Louisiana",
    "preset.indiana": "Indiana (Rushville)",
    "preset.chicago": "Chicago",
    "preset.washington_state": "Washington state",
    "preset.push_up": "Push-up",
    "preset.seattle": "Seattle (seven cards)",
    "preset.seven_card_40": "Seven cards, 40-card pack",
    "preset.waiting": "Waiting",
    "option.deck.52": "A 52-card pack, no jokers unless added; ace counts 1, pictures 10.",
    "option.deck.40": "A 40-card pack without 8s, 9s and 10s; 7 is next to the jack in runs.",
    "option.jokers.0": "No jokers.",
    "option.jokers.n": Plural(
        "{n} joker added; a joker counts 0.", "{n} jokers added; a joker counts 0.", "n"
    ),
    "option.wilds.none": "No wild cards.",
    "option.wilds.deuces_jokers": (
        "The four 2s and two jokers are wild in spreads; a spread needs one natural card; "
        "in the hand a wild 2 counts 2 and a joker 0."
    ),
    "option.face_values.ten": "Jacks, queens and kings count 10.",
    "option.face_values.rank": "Jack counts 11, queen 12, king 13.",
    "option.hand_size.n": Plural(
        "{n} card each, dealt one at a time from the dealer's left.",
        "{n} cards each, dealt one at a time from the dealer's left.",
        "n",
    ),
    "option.upcard.true": "One card is turned up to start the discard pile.",
    "option.upcard.false": "No upcard: the first player must draw from the stock.",
    "option.instant_win.standard": (
        "A dealt 49 or 50 wins at once, paid double by everyone; two or more: thrown in."
    ),
    "option.instant_win.fifty_double": (
        "A dealt 50 wins double, 49 single; 50 beats 49; equal best totals: a draw."
    ),
    "option.instant_win.low15": (
        "A dealt 49, 50 or 15-or-less wins double; if anyone else also has one, thrown in."
    ),
    "option.instant_win.low9_triple": (
        "A dealt 49 or 50 wins double, 9 or less triple; two or more: thrown in."
    ),
    "option.instant_win.low9_only": (
        "Only a dealt 9 or less wins at once, double; several: thrown in."
    ),
    "option.instant_win.low13": "A dealt 49, 50 or 13-or-less wins double; several: thrown in.",
    "option.instant_win.washington_dc": (
        "A dealt 49, 50 or 11-or-less wins double; only the best is paid (11-or-less beats 50 "
        "beats 49, lowest of the lows best); equal best: thrown in."
    ),
    "option.instant_win.new_jersey": (
        "A dealt 50, 49 or 13-or-less wins double: 50 beats 49 beats 13-or-less, lowest of the "
        "lows best, an exact tie to the player nearest the dealer's left."
    ),
    "option.instant_win.louisiana": (
        "Only a dealt 47 or 50 wins at once, double; several: thrown in."
    ),
    "option.instant_win.five_faces": (
        "Five picture cards dealt (J, Q, K) are an automatic rum: everyone pays 2; no count "
        "wins on the deal."
    ),
    "option.instant_win.chicago": (
        "A dealt big 50 wins double; else the lowest hand of 13 or less wins double (a tie: "
        "thrown in); a dealt 49 may be claimed at the start of your first turn, before anyone "
        "has spread."
    ),
    "option.instant_win.washington_state": (
        "A dealt 50, 49 or 14-or-less is a double tonk: 2 from each player without one; "
        "several are all paid."
    ),
    "option.instant_win.none": "No instant wins on the deal.",
    "option.chicago_big50_tie.dead_hand": "Several big 50s: a dead hand.",
    "option.chicago_big50_tie.first_from_dealer": (
        "Several big 50s: the one nearest the dealer's left wins double."
    ),
    "option.chicago_49_pays.n": "A claimed 49 is paid {n} by each player.",
    "option.must_spread.off": "You may hold spreads in your hand.",
    "option.must_spread.on": "A spread in your hand must be laid before you discard.",
    "option.must_spread.on_except_aces": (
        "A spread in your hand must be laid before you discard, except three aces."
    ),
    "option.no_fourth_to_book.true": "A book of three on the table can't be hit.",
    "option.no_fourth_to_book.false": "A book of three takes the fourth card.",
    "option.one_hit_per_turn.true": "At most one card per turn onto spreads on the table.",
    "option.one_hit_per_turn.false": "Hit as many cards as you like on your turn.",
    "option.hit_ends_turn.true": "Hitting a spread ends your turn with no discard.",
    "option.hit_ends_turn.false": "Hitting doesn't end your turn.",
    "option.discard_must_meld.true": (
        "A card taken from the discard pile must be used at once in a spread or a hit."
    ),
    "option.discard_must_meld.false": (
        "A card taken from the pile may be kept, or even discarded again (H13)."
    ),
    "option.tonk_out_pays.double": "Going out without a final discard (a tonk) pays double.",
    "option.tonk_out_pays.second_spread_only": (
        "Going out by laying your second spread pays double; going out by hitting, or with "
        "your first and only spread, pays single."
    ),
    "option.tonk_out_pays.single": "Going out always pays single.",
    "option.stakes.standard": "A drop or going out by discarding pays the basic stake.",
    "option.stakes.indiana": (
        "Nickel/dime stakes: a successful drop pays 1 from each, going out (a rum) 2 from each."
    ),
    "option.first_turn_two_spreads.true": (
        "Going out on your first turn with two spreads of your own pays quadruple."
    ),
    "option.first_turn_two_spreads.false": "No special payment for two spreads on the first turn.",
    "option.chicago_breaking.true": (
        "Once you have hit a spread you can only go out for single; a double spread out pays "
        "double only on your first turn."
    ),
    "option.chicago_breaking.false": "Hitting doesn't change what going out pays.",
    "option.catch.standard": (
        "A caught dropper pays double to everyone with an equal or lower count; the lowest also "
        "gets the basic stake from each other player (tied lowest are each paid so)."
    ),
    "option.catch.alt1": (
        "A caught dropper pays double to the lowest only; the lowest also gets the basic stake "
        "from each other player."
    ),
    "option.catch.alt2": "A caught dropper pays the lowest one stake for every other player.",
    "option.catch.alt3": (
        "A caught dropper pays the basic stake to everyone with an equal or lower count; the "
        "lowest also gets the basic stake from every other player."
    ),
    "option.catch.alt4": "A caught dropper pays double to every other player.",
    "option.catch.alt5": (
        "A caught dropper pays 5 stakes to the lowest (a tie: the one nearest the dealer's "
        "left); nobody else pays."
    ),
    "option.catch.indiana": (
        "A caught dropper pays a double rum (4) to each player with an equal or lower count; "
        "nobody else pays."
    ),
    "option.catch.chicago": (
        "A caught dropper pays double to each player with an equal or lower count; nobody else "
        "pays."
    ),
    "option.catch.washington_state": (
        "A caught dropper pays 2 per player in the game to the lowest (to each tied lowest)."
    ),
    "option.stock_out.lowest_wins": (
        "When someone wants to draw from the empty stock the hand ends: the lowest count is "
        "paid the basic stake by each."
    ),
    "option.stock_out.dead_hand": "When the stock runs out the hand is dead: no payment.",
    "option.stock_out_tie.split": "Tied lowest at stock-out are each paid by the others (H2).",
    "option.stock_out_tie.dead_hand": "A tie for lowest at stock-out is a dead hand.",
    "option.boobed.true": (
        "When the stock holds no more cards than players, nobody can go out: an emptied hand "
        "counts 0 and must drop on its next turn."
    ),
    "option.boobed.false": "You may go out until the stock runs out.",
    "option.wait_after_spread.n": Plural(
        "Laying a spread stops you dropping on your next turn.",
        "Laying a spread stops you dropping on your next {n} turns.",
        "n",
    ),
    "option.wait_after_spread.0": "Laying a spread doesn't make you wait.",
    "option.wait_after_hit.n": Plural(
        "When your spread is hit you can't drop on your next turn, for each card added.",
        "When your spread is hit you can't drop on your next {n} turns, for each card added.",
        "n",
    ),
    "option.wait_after_hit.0": "Being hit doesn't make you wait.",
    "option.wait_hit_once_per_round.true": "Several hits between two of your turns cost one wait.",
    "option.wait_hit_once_per_round.false": "Every hit adds its wait.",
    "option.hit_blocks_going_out.true": ("Being hit also stops you going out on your next turn."),
    "option.hit_blocks_going_out.false": "Waiting never stops you going out.",
    "option.wait_after_own_hit.true": "Hitting your own spread makes you wait too.",
    "option.wait_after_own_hit.false": "Hitting your own spread doesn't make you wait.",
    "option.scoring.stakes": "Each hand is paid in stakes.",
    "option.scoring.push_up": (
        "Push-up: losers are pushed up by their count (double after a tonk or instant win); "
        "the winner scores nothing; lowest total wins the match."
    ),
    "option.push_up_limit.n": "A push-up match ends when a player reaches {n} (H10).",
    "option.slap.off": "No slapping.",
    "option.slap.race": (
        "Slap: the first to slap a playable discard plays it on a spread and discards an extra "
        "card (not the discarder)."
    ),
    "option.slap.next_player_priority": (
        "Slap, with the next player first: their slap gets no extra discard; others' slaps do."
    ),
    "option.big_one.true": "The Big One: every payment of this hand is doubled.",
    "option.big_one.false": "Normal stakes.",
    "house.H1": "H1: ties in the cut for deal re-cut between the tied players.",
    "house.H2": "H2: players tied for lowest when the stock runs out are each paid by the rest.",
    "house.H3": "H3: a spread with wild cards must hold at least one natural card.",
    "house.H4": "H4: in the hand a wild 2 counts 2 and a joker 0.",
    "house.H5": "H5: a spread or hit with wilds is good when some assignment of the wilds works.",
    "house.H6": "H6: several instant wins on the deal throw the hand in without payment.",
    "house.H7": "H7: several double tonks are each paid 2 by every player without one.",
    "house.H8": "H8: 'pays everybody's stake' is one basic stake per other player.",
    "house.H9": "H9: everyone with an equal or lower count caught the dropper and is paid double.",
    "house.H10": "H10: a push-up match ends when a player reaches the limit.",
    "house.H11": "H11: a slapped card counts as a hit for the waiting rules.",
    "house.H12": "H12: seven-card games change only the deal; every other rule stands.",
    "house.H13": "H13: you may discard the card you just took from the pile.",
    "house.H14": "H14: players tied for lowest after a catch are each paid as the lowest.",
}

NOTES: dict[str, str] = {
    "summary.learn": (
        "The footer of /tonk rules (plain text): {learn_button} is the label of the How to "
        "play button under it (help.button.learn)."
    ),
    "summary.option": "{rule_id} is a code such as O1; {values} the values one may type.",
    "option.catch.standard": "A caught dropper: one who dropped without the lowest count.",
    "option.stakes.indiana": "A rum: going out; nickel/dime are the small American stakes.",
    "house.H8": "The H codes name the bot's house decisions in the player's guide.",
}
