"""English messages of the Discord tables: commands, the table message, hands and notices."""

from bot.i18n.source import Message, Plural

MESSAGES: dict[str, Message] = {
    # Refusals of table operations (bot.tables.errors.TableError and the cogs).
    "table.refusal.bad_seats": "A table seats {low} to {high} players.",
    "table.refusal.bad_stake": "The stake is a whole number from {low} to {high}.",
    "table.refusal.bad_page": "Pages are numbered from 1 to {high}.",
    "table.refusal.bad_order": "The leaderboard ranks by one of {orders}.",
    "table.refusal.bad_period": "The leaderboard counts the hands of one of {periods}.",
    "table.refusal.bad_time_zone": (
        "That is not a time zone I know: start typing a city (Bucharest, Tehran, Ho Chi Minh) "
        "and choose one from the list."
    ),
    "table.refusal.bad_season_weekday": (
        "A weekly season starts on a day of the week: choose one from the list."
    ),
    "table.refusal.bad_season_day": (
        "A monthly season starts on a day from 1 to {most}, which every month has: choose one "
        "from the list."
    ),
    "table.refusal.bad_season_every": (
        "Seasons start by themselves every week or every month, or not at all: choose one "
        "of {choices}."
    ),
    "table.refusal.bad_timeout": "The turn timer is {low} to {high} seconds, or off.",
    "table.refusal.already_seated": "You already sit at this table.",
    "table.refusal.private_table": (
        "This table is private: only the members its host, {host}, invites can join. Ask "
        "them for an invitation."
    ),
    "table.refusal.invite_not_seated": "Only a player sitting at this table can invite to it.",
    "table.refusal.invite_self": "You sit here already: invite another member.",
    "table.refusal.invite_bot": (
        "{player} is a bot: to fill a seat with a computer player, use {addbot_command}."
    ),
    "table.refusal.invite_seated": "{player} already sits at this table.",
    "table.refusal.already_invited": "{player} is invited already.",
    "table.refusal.invite_limit": (
        "This table may invite no more members: it invited as many as it may ({most})."
    ),
    "table.refusal.table_full": "This table is full: it seats {seats}.",
    "table.refusal.not_seated": "You don't sit at this table.",
    "table.refusal.not_seated_other": "{player} doesn't sit at this table.",
    "table.refusal.host_or_manager": "Only the host or a member with Manage Server can do that.",
    "table.refusal.host_only": "Only the host can do that.",
    "table.refusal.kick_self": "You can't remove yourself: use {leave_command}.",
    "table.refusal.already_host": "{player} already hosts this table.",
    "table.refusal.host_must_stay": (
        "{player} can't host: a computer player, or a player leaving at the end of this hand, "
        "never hosts."
    ),
    "table.refusal.settings_locked": (
        "A table's rules and stake can be changed only before the first deal; its seats, "
        "turn timer and privacy at any time."
    ),
    "table.refusal.settings_nothing": (
        "Say what to change: a preset, a house rule (option and value), the stake, the seats or "
        "the turn timer."
    ),
    "table.refusal.settings_option_value": "A house rule is changed with both option and value.",
    "table.refusal.seats_taken": (
        "{players} players sit at this table: it needs {players} seats, and rules that deal to "
        "as many."
    ),
    "table.refusal.already_started": "The game has already started.",
    "table.refusal.no_next_hand": "There is no hand waiting to be dealt.",
    "table.refusal.need_players": "At least {low} players must sit at the table to deal.",
    "table.refusal.not_in_hand": "You don't play in this hand.",
    "table.refusal.you_left": "You left this table: your seat is played automatically.",
    "table.refusal.table_closed": "This table is closed.",
    "table.refusal.no_hand": "No hand is being played at this table.",
    "table.refusal.channel_taken": "This channel already has a table.",
    "table.refusal.channel_taken_link": "This channel already has a table: {link}",
    "table.refusal.channel_taken_thread": (
        "This channel already has a table: {link}. To play another at the same time, open it "
        "in a thread: {new_command} with thread: True."
    ),
    "table.refusal.thread_needs_text_channel": (
        "I can start a thread for a table only in a text channel: open the table here "
        "without thread, or in a text channel."
    ),
    "table.refusal.not_opened": (
        "The table could not be saved, so it was not opened. Please try again in a moment."
    ),
    "table.refusal.thread_failed": (
        "Discord did not let me start a thread here, so no table was opened. Try again, or "
        "open the table here without thread."
    ),
    "table.refusal.bot_cannot_post": (
        "I cannot run a table in this channel without {permissions} here: a member with "
        "Manage Server or Manage Channels can allow me that in the channel's settings."
    ),
    "table.refusal.no_table": "There is no table in this channel: open one with {new_command}.",
    "table.refusal.stale": "That button is out of date: the table has moved on. Look again.",
    "table.refusal.served_elsewhere": (
        "Another instance of the bot saved this table first, so your move was not saved "
        "here: that instance runs the table now. Try again in a moment."
    ),
    "table.refusal.not_saved": (
        "Your move could not be saved, so nothing changed. Please try again in a moment."
    ),
    "table.refusal.old_hand": "That button belongs to hand {number}, which is over.",
    "table.refusal.hint_not_alone": (
        "Hints are only for a player alone against computer players: another person plays "
        "in this hand."
    ),
    "table.refusal.hint_not_your_move": "A hint is for your own move: ask again on your turn.",
    "table.refusal.old_table": "That button belongs to a table that is closed.",
    "table.refusal.channel_hidden": "That table is in a channel you cannot see.",
    "table.refusal.old_message": "That table message is out of date: use the current one, {link}",
    "table.refusal.not_member": "That member is not on this server.",
    "table.refusal.guild_only": "Tonk is played in a server channel.",
    "table.error": "Sorry, something went wrong on our side. It has been logged; please try again.",
    "table.error_discord": (
        "Discord is not answering the bot just now. Please try again in a moment."
    ),
    "table.error_not_saved": (
        "That could not be saved just now (the database is busy or unreachable), so nothing "
        "changed. Please try again in a moment."
    ),
    "table.error_not_read": (
        "I could not look that up just now (the database is busy or unreachable), so nothing "
        "changed. Please try again in a moment."
    ),
    # Lists and moves in words (bot.render.words).
    "table.list": "{rest} and {last}",
    "table.list.comma": ", ",
    "table.list.others": Plural("{count} other", "{count} others", "count"),
    "table.with_count": "{player} with {count}",
    "table.move.draw": "{player} drew from the stock",
    "table.move.take": "{player} took {cards} from the discard pile",
    "table.move.spread": "{player} spread {cards}",
    "table.move.hit": "{player} hit spread {spread} with {cards}",
    "table.move.discard": "{player} discarded {cards}",
    "table.move.drop": "{player} dropped",
    "table.move.claim": "{player} claimed a dealt 49",
    "table.move.slap": "{player} slapped the discard onto spread {spread}",
    "table.move.slap_discard": "{player} discarded {cards} after slapping",
    "table.move.auto": "{move} (automatic)",
    "table.ending.drop_caught": "{dropper} dropped with {count} and was caught by {catchers}.",
    "table.ending.drop_won": "{dropper} dropped with {count}, the lowest count, and wins.",
    "table.ending.tonk_out": "{winners} went out without a discard: tonk! Paid ×{multiple}.",
    "table.ending.out_by_discard": "{winners} went out by discarding the last card.",
    "table.ending.stock_out": "The stock ran out: {winners} had the lowest count, {count}.",
    "table.ending.instant_win": "{winners} won on the deal with {count}. Paid ×{multiple}.",
    "table.ending.thrown_in": "Several players won on the deal: the hand is thrown in, no payment.",
    "table.ending.dead_hand": "A dead hand: nobody is paid.",
    # The table message (bot.render.table).
    "table.title": "Tonk · {preset} ({rule_id}) · stake {stake}",
    "table.footer": "Table {id}",
    "table.footer_private": "Table {id} · 🔒 private",
    "table.private_invited": "Invited, not yet seated: {names}.",
    "table.closed": (
        "This table is closed. **New table** opens another one here with the same rules, "
        "stake, seats and turn timer."
    ),
    "table.lobby": (
        "Hosted by {host}. {seated} of {seats} seats taken: press **Join** to sit down; "
        "the host presses **Start**."
    ),
    "table.lobby_private": (
        "Hosted by {host}. {seated} of {seats} seats taken: the members invited press **Join** "
        "to sit down; the host presses **Start**."
    ),
    "table.lobby_full": (
        "Hosted by {host}. All {seats} seats are taken: the host presses **Start**."
    ),
    "table.timer": Plural(
        "Turn timer: {seconds} second.", "Turn timer: {seconds} seconds.", "seconds"
    ),
    "table.timer_off": "Turn timer: off.",
    "table.hand_number": "**Hand {number}**",
    "table.to_act": "**{player}** to play.",
    "table.to_act_until": "**{player}** to play; time runs out {time}.",
    "table.pile": "discard pile **{card}**",
    "table.pile_empty": "discard pile empty",
    "table.pile_and_stock": Plural(
        "Top of the {pile} · stock {stock} card", "Top of the {pile} · stock {stock} cards", "stock"
    ),
    "table.seats": "Seats ({seated}/{seats})",
    "table.no_players": "Nobody yet.",
    "table.mark.host": "host",
    "table.mark.dealer": "dealer",
    "table.seat_marked": "{player} ({marks})",
    "table.card_count": Plural("{cards} card", "{cards} cards", "cards"),
    "table.next_hand_seat": "plays from the next hand",
    "table.balance": "balance {balance}",
    "table.balance_points": "{points} points against",
    "table.waits": "waits {waits}",
    "table.leaving": "left: played automatically",
    "table.turn_mark": "▶ {line}",
    "table.spreads": "Spreads",
    "table.spread": "{number}. {owner}: {cards}",
    "table.no_spreads": "None yet.",
    "table.moves": "Last moves",
    "table.cut": "Cut for deal",
    "table.cut_card": "{player} {card}",
    "table.deals": "{player} deals.",
    "table.hand_over": "**Hand {number} is over.**",
    "table.match_over": "{winner} wins the push-up match: the scores start again at 0.",
    "table.next_soon": "The next hand deals in a moment, or when the host presses **Next hand**.",
    "table.too_few": "Too few players to go on: **Join**, then the host presses **Start**.",
    "table.hands": "Hands",
    "table.shown_hand": "{player}: {cards} (count {count})",
    "table.no_cards": "no cards",
    "table.payments": "Payments",
    "table.points": "Points against",
    "table.session": "Session",
    "table.settle_up": "Settle up",
    "table.settle_up.payment": "{payer} pays {payee} {amount}",
    "table.session_points": "Session, points against (lowest wins)",
    "table.button.join": "Join",
    "table.button.invite": "Invite",
    "table.button.leave": "Leave",
    "table.button.start": "Start",
    "table.button.next": "Next hand",
    "table.button.again": "New table",
    "table.button.hand": "My hand",
    "table.button.draw": "Draw",
    "table.button.take": "Take {card}",
    "table.button.take_empty": "Take",
    "table.button.drop": "Drop",
    "table.button.drop_count": "Drop with {count}",
    "table.button.claim": "Claim 49",
    "table.button.spread": "Spread",
    "table.button.discard": "Discard",
    "table.button.discard_card": "Discard {card}",
    "table.button.hit": "Hit {number}: {cards}",
    "table.button.slap": "Slap {card} on {number}",
    "table.button.refresh": "Refresh",
    "table.button.hint": "Hint",
    # The private panel (bot.render.panel).
    "table.panel.title": "Your hand · hand {number}",
    "table.panel.count": Plural(
        "Count {count} · {cards} card", "Count {count} · {cards} cards", "cards"
    ),
    "table.panel.selected": "Picked: {cards}",
    "table.panel.table": "On the table",
    "table.panel.pick": "Pick cards to spread, hit or discard",
    "table.panel.over": "This hand is over.",
    "table.panel.expired": (
        "This panel has expired (Discord lets it live 15 minutes): press **My hand** for a "
        "fresh one."
    ),
    "table.panel.slap_discard": "You slapped: pick one card and discard it.",
    "table.panel.waiting": "Waiting for {player}.",
    "table.panel.start": "Your turn: draw, take the discard, or drop.",
    "table.panel.start_barred": "Your turn: draw or take the discard (you can't drop yet).",
    "table.panel.play": "Pick cards, then spread, hit a spread, or discard one card.",
    "table.panel.timer": "⏱ Time runs out {time}: then the timer plays a safe move for you.",
    "table.confirm_drop": (
        "⚠️ Your count is {count}, high for a drop. To drop anyway, press **{button}** below; "
        "to play on, draw or take the discard."
    ),
    # Hints, for a player alone against computer players (bot.tables.hints).
    "table.hint.draw": "💡 Hint: draw from the stock.",
    "table.hint.take": "💡 Hint: take {cards} from the discard pile.",
    "table.hint.spread": "💡 Hint: spread {cards} (picked below).",
    "table.hint.hit": "💡 Hint: hit spread {spread} with {cards} (picked below).",
    "table.hint.discard": "💡 Hint: discard {cards} (picked below).",
    "table.hint.drop": "💡 Hint: drop with your count of {count}.",
    "table.hint.claim": "💡 Hint: claim your dealt 49.",
    "table.hint.slap": "💡 Hint: slap the discard onto spread {spread}.",
    "table.hint.let_go": ("💡 Hint: let {card} go: slapping it would earn you no extra discard."),
    # Direct messages (bot.render.dm).
    "table.dm.heading": "**Tonk** · {guild} · #{channel} · hand {number}",
    "table.dm.hand": "Your hand: {cards} (count {count})",
    "table.dm.settings": (
        "-# /tonk me set dms:False stops these messages; order:rank sorts your hand by rank."
    ),
    "table.dm.over": "This hand is over: the result is on the table message, {link}",
    # Slash commands (cogs.tonk.commands).
    "table.command.tonk": "Tonk tables: one per channel.",
    "table.command.new": "Open a Tonk table in this channel, or in a thread of it; you host it.",
    "table.command.new.preset": "The regional game to play (default: standard).",
    "table.command.new.stake": "The basic stake of every payment (default 1).",
    "table.command.new.seats": "How many players may sit (2 to 6; default: the server's, or 4).",
    "table.command.new.turn_timeout": "Seconds per turn before an automatic move, or off.",
    "table.command.practice": "Practise against computer players: a table of yours, dealt at once.",
    "table.command.practice.opponents": "How many computer players (default 1).",
    "table.command.new.thread": (
        "Open the table in a new thread of this channel (default: the server's choice)."
    ),
    "table.command.join": "Sit down at this channel's table.",
    "table.command.leave": "Leave this channel's table.",
    "table.command.start": "Deal the first hand (host).",
    "table.command.kick": "Remove a player from the table (host or Manage Server).",
    "table.command.kick.member": "The player to remove.",
    "table.command.host": "Make another player the table's host (host or Manage Server).",
    "table.command.host.member": "The player who hosts from now on.",
    "table.command.end": "Close the table; a hand in play is abandoned without payments.",
    "table.command.settings.private": (
        "True: only members you invite (Invite, under the table) may join; False: anyone."
    ),
    "table.command.new.private": (
        "Only members you invite (Invite, under the table) may join (default: anyone)."
    ),
    "table.command.settings": (
        "Host: the rules or stake before the first deal; the seats, timer or privacy any time."
    ),
    "table.command.settings.option": "The house rule to change (see /tonk rules).",
    "table.command.settings.value": "Its new value.",
    "table.command.settings.preset": "Another regional game to play, with its rules.",
    "table.command.settings.stake": "The new basic stake of every payment.",
    "table.command.settings.seats": "How many players may sit (2 to 6).",
    "table.command.rules": "The rules of this table, or of a preset.",
    "table.command.rules.preset": "A preset to read about instead of this table's rules.",
    "table.command.hand": "Your hand, privately, with your moves.",
    "table.command.table": "Post the table message again at the bottom of the channel.",
    "table.command.help": "How to play here, and every Tonk command.",
    "table.command.tables": "The open tables of this server, with links.",
    "table.list.title": Plural("{count} open table", "{count} open tables", "count"),
    "table.list.line": "{channel} · hosted by **{host}** · {state} · last move {time} · {link}",
    "table.list.lobby": "in the lobby, {seated} of {seats} seats taken",
    "table.list.playing": "playing hand {number}",
    "table.list.between": "hand {number} is over",
    "table.list.private": "🔒 private, {state}",
    "table.list.more": Plural("…and {count} more.", "…and {count} more.", "count"),
    "table.list.join": "Join {place}",
    "table.list.none": "No table is open in a channel you can see: open one with {new_command}.",
    # Replies to commands (cogs.tonk.service).
    "table.reply.joined": "You sat down at the table.",
    "table.reply.left": "You left the table.",
    "table.reply.leaving": (
        "You left the table: your seat is played automatically until this hand ends."
    ),
    "table.reply.started": "The cards are dealt: use **My hand** on the table message.",
    "table.reply.kicked": "{player} is removed from the table.",
    "table.reply.uninvited": "{player} is no longer invited to this table.",
    "table.reply.host": "{by} made {player} the host of this table.",
    "table.reply.private": (
        "🔒 The table is private now: only the members the host invites (**Invite**, under "
        "it) can join; the players seated here are invited."
    ),
    "table.reply.public": "The table is open to everyone now: anyone may press **Join**.",
    "table.reply.invited": Plural(
        "{players} is invited: the channel mentions them.",
        "{players} are invited: the channel mentions them.",
        "invited",
    ),
    "table.notice.invited": Plural(
        "✉️ {players}, {by} invites you to this table: press **Join** on {link}",
        "✉️ {players}, {by} invites you to this table: press **Join** on {link}",
        "invited",
    ),
    "table.invite.pick": Plural(
        "Choose who to invite (up to {most} member): the channel will mention them.",
        "Choose who to invite (up to {most} members): the channel will mention them.",
        "most",
    ),
    "table.invite.placeholder": "Members to invite",
    "table.private": (
        "🔒 A private table: only the members the host invites (**Invite**, below) can join."
    ),
    "table.reply.closed": "{player} closed the table.",
    "table.reply.option": "The host set {option} to {value}: {rule}",
    "table.reply.preset": (
        "The host chose {preset}: the table plays its rules now, with the server's house rules."
    ),
    "table.reply.preset.dropped": (
        "Not kept from the table's rules before: {rules} ({settings_command} sets a house rule "
        "again)."
    ),
    "table.reply.rule": "{option} {value}",
    "table.reply.stake": "The host set the stake to {stake}.",
    "table.reply.seats": "The table seats {seats} players now.",
    "table.reply.joined_there": "You have a seat at {host}'s table in {channel}: {link}",
    "table.reply.timer": Plural(
        "The host set the turn timer to {seconds} second.",
        "The host set the turn timer to {seconds} seconds.",
        "seconds",
    ),
    "table.reply.timer_off": "The host turned the turn timer off.",
    # Notices to the channel (never a card of a hand in play).
    "table.notice.dm_failed": (
        "{player}, I can't send you direct messages: use **My hand** on the table message "
        "to see your cards."
    ),
    "table.notice.nudge": "⏳ {player}, the table is waiting for you: {link}",
    "table.notice.announce": Plural(
        "🃏 {role}: {host} opened a table, {preset} at stake {stake}, for up to {seats} "
        "player. Press **Join** to play: {link}",
        "🃏 {role}: {host} opened a table, {preset} at stake {stake}, for up to {seats} "
        "players. Press **Join** to play: {link}",
        "seats",
    ),
    "table.thread.opened_private": Plural(
        "🔒 {host} opened a private table in a thread, {preset} at stake {stake}, for up to "
        "{seats} player: only the members {host} invites can join.",
        "🔒 {host} opened a private table in a thread, {preset} at stake {stake}, for up to "
        "{seats} players: only the members {host} invites can join.",
        "seats",
    ),
    "table.thread.opened": Plural(
        "🃏 {host} opened a table in a thread, {preset} at stake {stake}, for up to {seats} "
        "player: open the thread under this message and press **Join** to play.",
        "🃏 {host} opened a table in a thread, {preset} at stake {stake}, for up to {seats} "
        "players: open the thread under this message and press **Join** to play.",
        "seats",
    ),
    "table.thread.started": (
        "🃏 {host}'s table, {preset} at stake {stake}, is playing in the thread under this message."
    ),
    "table.thread.closed": (
        "🃏 {host}'s table, {preset} at stake {stake}, has closed: its hands are in the "
        "thread under this message."
    ),
    "table.thread.name": "Tonk: {host}'s table",
    "table.thread.not_opened": (
        "No table opened in this thread: it could not be saved. Open one with {new_command}."
    ),
    "table.notice.announce_started": "🃏 {host}'s table has started: {link}",
    "table.notice.announce_closed": "🃏 {host}'s table closed before it started.",
    "table.notice.announce_private": (
        "🔒 {host}'s table is private now: only the members {host} invites can join. {link}"
    ),
    "table.notice.timeout": "⏰ {player}'s time ran out, so they played automatically: {moves}.",
    "table.notice.missed_out": (
        "{player} missed three turns in a row and leaves the table at the end of this hand."
    ),
    "table.notice.left": "{player} left: their seat is played automatically until this hand ends.",
    "table.notice.kicked": "{player} was removed from the table.",
    "table.notice.kicked_leaving": (
        "{player} was removed from the table: their seat is played automatically until this "
        "hand ends."
    ),
    "table.notice.empty": "Everybody left, so the table is closed.",
    "table.notice.idle": Plural(
        "This table closed after {minutes} minute without activity.",
        "This table closed after {minutes} minutes without activity.",
        "minutes",
    ),
    "table.refusal.big_one_hands": "The Big One covers 1 to {most} hands.",
    "table.command.bigone": "Announce The Big One: the last hands of the session at double stakes.",
    "table.command.bigone.hands": "How many last hands (1 to 10).",
    # Languages (/tonk me set language, /tonk config language): each in its own words.
    "language.auto": "auto",
    "language.en": "English",
    "language.ro": "Română",
    "language.vi": "Tiếng Việt",
    "language.fa": "فارسی",
    "table.notice.big_one": Plural(
        "📣 The Big One! {player} announces that the last hand of this session is played for "
        "double stakes; then the table closes.",
        "📣 The Big One! {player} announces that the last {hands} hands of this session are "
        "played for double stakes; then the table closes.",
        "hands",
    ),
}

NOTES: dict[str, str] = {
    "table.settle_up.payment": (
        "One line under Settle up on a closed table's message: {payer} owes {payee} {amount} "
        "chips from the session's balances."
    ),
    "table.notice.announce": (
        "Posted in the channel when a table opens, for the role the server chose with /tonk "
        "config announce: {role} is that role's mention (it notifies its members), {preset} "
        "a preset's name (preset.*), {link} the address of the table message."
    ),
    "table.thread.opened": (
        "The answer to /tonk new thread:True, in the channel: the table is in the thread that "
        "Discord shows under this message. {preset} is a preset's name (preset.*)."
    ),
    "table.thread.name": (
        "The name of the thread a table opens in (at most 100 characters); {host} is the "
        "host's display name."
    ),
    "table.refusal.channel_taken_thread": (
        "'thread: True' is how Discord writes the command's option thread (command.option."
        "thread) set to True; keep True in English, as Discord shows it."
    ),
    "table.notice.invited": (
        "Posted in the channel when the host invites members (the Invite button): {players} "
        "are their mentions, joined with and (it notifies them), {by} the name of who invited "
        "them, {link} the address of the table message; **Join** is the button's label "
        "(table.button.join)."
    ),
    "table.private": "In a private table's lobby; **Invite** is the label of table.button.invite.",
    "table.notice.nudge": (
        "Posted in the channel when a member has not moved for a while: {player} is their "
        "mention (it notifies them), {link} the address of the table message."
    ),
    "language.en": "A language's own name: the same in every catalogue.",
    "language.ro": "A language's own name: the same in every catalogue.",
    "language.vi": "A language's own name: the same in every catalogue.",
    "language.fa": "A language's own name: the same in every catalogue.",
    "language.auto": "A choice of /tonk me set language: follow the Discord app's language.",
    "table.refusal.bot_cannot_post": (
        "{permissions} lists Discord permissions by their English names (View Channel, Send "
        "Messages, Send Messages in Threads, Create Public Threads, Embed Links), joined with "
        "table.list; like "
        "Manage Server and Manage Channels, they stay in English."
    ),
    "table.list": "Joins names: {rest} is already comma-separated, {last} is the last name.",
    "table.list.comma": "What separates names or words in a list, space included.",
    "table.list.others": (
        "Ends a list of names cut short (table.list's {last}): how many more members it "
        "holds, e.g. 'ann, bob and 3 others'."
    ),
    "table.with_count": "{count} is the count: the total value of the cards in a hand.",
    "table.move.auto": "{move} is a move in words (table.move.*), made by the timer.",
    "table.button.hint": "A button of the private panel: the move the strongest computer "
    "player would make now, shown to this player only.",
    "table.hint.hit": "{spread} is the spread's number on the table.",
    "table.hint.drop": "{count} is the count: the total value of the cards in the hand.",
    "table.ending.tonk_out": "A tonk: going out without a final discard.",
    "table.title": "{rule_id} is a code such as O1; {preset} a preset name (preset.*).",
    "table.pile_and_stock": "{pile} is table.pile or table.pile_empty.",
    "table.seat_marked": "{marks} are table.mark.* words joined by commas.",
    "table.turn_mark": "▶ marks the seat whose turn it is; {line} is that seat's line.",
    "table.spread": "{number} is the spread's number on the table, {owner} who laid it.",
    "table.cut_card": "In the cut for deal: a player and the card they cut.",
    "table.match_over": "Push-up: a match scored in points against, lowest wins.",
    "table.to_act_until": "{time} is a Discord timestamp such as 'in 30 seconds'.",
    "table.panel.timer": "{time} is a Discord timestamp such as 'in 30 seconds'.",
    "table.confirm_drop": (
        "Above a player's private panel when they pressed Drop on the table message with a "
        "high count; {button} is the panel's button table.button.drop_count."
    ),
    "table.dm.heading": "{guild} is the server's name, {channel} the channel's.",
    "table.dm.settings": (
        "The last line of the hand's direct message, in Discord's small print ('-# ' starts "
        "it: keep it). '/tonk me set dms:False' and 'order:rank' are typed as they are: keep "
        "them."
    ),
    "table.notice.big_one": "The Big One: the session's last hands, at double stakes.",
}
