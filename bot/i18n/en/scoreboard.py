"""English messages of the scoreboards, server settings, forgetting, and restarts."""

from bot.i18n.source import Message, Plural

MESSAGES: dict[str, Message] = {
    # Commands.
    "scoreboard.command.leaderboard": "The server's leaderboard.",
    "scoreboard.command.leaderboard.by": (
        "Rank by chips, wins, win rate, tonks or push-up matches, or the seasons won."
    ),
    "scoreboard.command.leaderboard.period": (
        "Every hand, the last 7 or 30 days', or this season's (the default in a server with "
        "seasons)."
    ),
    "scoreboard.command.leaderboard.page": "The page to show (from 1).",
    "scoreboard.command.leaderboard.season": "A season's number, to show a season that ended.",
    "scoreboard.command.stats": (
        "A member's totals and recent hands here, and against another member."
    ),
    "scoreboard.command.stats.member": "Whose stats (you, if left out).",
    "scoreboard.command.stats.versus": "Another member: the hands the two played together.",
    "scoreboard.command.stats.period": (
        "All their hands, the last 7 or 30 days', or this season's (the default with seasons)."
    ),
    "scoreboard.command.stats.season": "A season's number, to show a season that ended.",
    "scoreboard.command.history": "The last hands played in this channel.",
    "scoreboard.command.replay": (
        "Play a finished hand of this channel again, move by move (only you see it)."
    ),
    "scoreboard.command.replay.hand": "Which hand (the last one finished here, if left out).",
    "scoreboard.command.config": "Server settings for new tables (Manage Server).",
    "scoreboard.command.config.show": "Show the server's settings.",
    "scoreboard.command.config.set": "Change the defaults of new tables.",
    "scoreboard.command.config.set.preset": "The rules new tables start from.",
    "scoreboard.command.config.set.stake": "The stake of new tables.",
    "scoreboard.command.config.set.turn_timeout": "Seconds per turn (10-3600), or off.",
    "scoreboard.command.config.set.turn_reminders": (
        "Mention a member the table has waited for (on by default)."
    ),
    "scoreboard.command.config.set.threads": (
        "Open each new table in a thread of its own (off by default)."
    ),
    "scoreboard.command.config.set.computer_hands": (
        "Count hands with a computer player on the scoreboard (on by default)."
    ),
    "scoreboard.command.config.set.seats": "How many players new tables seat (2 to 6, default 4).",
    "scoreboard.command.config.channel": "Allow or disallow tables in a channel.",
    "scoreboard.command.config.channel.channel": "The channel.",
    "scoreboard.command.config.channel.allowed": "Whether tables may be opened there.",
    # Leaderboard.
    "scoreboard.leaderboard.title.chips": "**Leaderboard: chips** (page {page})",
    "scoreboard.leaderboard.title.wins": "**Leaderboard: wins** (page {page})",
    "scoreboard.leaderboard.title.win_rate": (
        "**Leaderboard: win rate** (page {page}, at least {min_hands} hands)"
    ),
    "scoreboard.leaderboard.title.tonks": "**Leaderboard: tonks** (page {page})",
    "scoreboard.leaderboard.title.matches": "**Leaderboard: push-up matches** (page {page})",
    "scoreboard.leaderboard.line": (
        "{rank}. **{name}**: {chips} chips · {won} won of {played} ({rate}%)"
    ),
    "scoreboard.leaderboard.crowned": "👑 won season {season}.",
    "scoreboard.fame.title": "**Hall of fame: seasons won**",
    "scoreboard.fame.line": Plural(
        "{rank}. **{name}**: 👑 {won} season ({seasons})",
        "{rank}. **{name}**: 👑 {won} seasons ({seasons})",
        "won",
    ),
    "scoreboard.fame.title_paged": "**Hall of fame: seasons won** (page {page} of {pages})",
    "scoreboard.fame.empty": (
        "No season has ended on this server yet: each season's winner joins the hall of fame "
        "when the next starts ({config_season_command})."
    ),
    "scoreboard.refusal.fame_alone": (
        "The hall of fame counts every season's winners: leave period and season out."
    ),
    "scoreboard.leaderboard.line.tonks": Plural(
        "{rank}. **{name}**: {tonks} tonk · {won} won of {played} · {chips} chips",
        "{rank}. **{name}**: {tonks} tonks · {won} won of {played} · {chips} chips",
        "tonks",
    ),
    "scoreboard.leaderboard.line.matches": Plural(
        "{rank}. **{name}**: 🏁 {matches} push-up match · {won} won of {played}",
        "{rank}. **{name}**: 🏁 {matches} push-up matches · {won} won of {played}",
        "matches",
    ),
    "scoreboard.leaderboard.title.chips.week": "**Leaderboard: chips, last 7 days** (page {page})",
    "scoreboard.leaderboard.title.wins.week": "**Leaderboard: wins, last 7 days** (page {page})",
    "scoreboard.leaderboard.title.tonks.week": (
        "**Leaderboard: tonks, last 7 days** (page {page})"
    ),
    "scoreboard.leaderboard.title.matches.week": (
        "**Leaderboard: push-up matches, last 7 days** (page {page})"
    ),
    "scoreboard.leaderboard.title.win_rate.week": (
        "**Leaderboard: win rate, last 7 days** (page {page}, at least {min_hands} hands)"
    ),
    "scoreboard.leaderboard.title.chips.month": (
        "**Leaderboard: chips, last 30 days** (page {page})"
    ),
    "scoreboard.leaderboard.title.wins.month": "**Leaderboard: wins, last 30 days** (page {page})",
    "scoreboard.leaderboard.title.tonks.month": (
        "**Leaderboard: tonks, last 30 days** (page {page})"
    ),
    "scoreboard.leaderboard.title.matches.month": (
        "**Leaderboard: push-up matches, last 30 days** (page {page})"
    ),
    "scoreboard.leaderboard.title.win_rate.month": (
        "**Leaderboard: win rate, last 30 days** (page {page}, at least {min_hands} hands)"
    ),
    "scoreboard.leaderboard.title.chips.season": (
        "**Leaderboard: chips, season {season}** ({dates}, page {page})"
    ),
    "scoreboard.leaderboard.title.wins.season": (
        "**Leaderboard: wins, season {season}** ({dates}, page {page})"
    ),
    "scoreboard.leaderboard.title.tonks.season": (
        "**Leaderboard: tonks, season {season}** ({dates}, page {page})"
    ),
    "scoreboard.leaderboard.title.matches.season": (
        "**Leaderboard: push-up matches, season {season}** ({dates}, page {page})"
    ),
    "scoreboard.leaderboard.title.win_rate.season": (
        "**Leaderboard: win rate, season {season}** ({dates}, page {page}, at least "
        "{min_hands} hands)"
    ),
    "scoreboard.leaderboard.empty": "No hands have been finished on this server yet.",
    "scoreboard.leaderboard.empty.week": (
        "No hands have been finished on this server in the last 7 days."
    ),
    "scoreboard.leaderboard.empty.month": (
        "No hands have been finished on this server in the last 30 days."
    ),
    "scoreboard.leaderboard.empty.season": (
        "No hands have been finished on this server in season {season} yet."
    ),
    "scoreboard.period.no_season": (
        "This server has not started a season, so this counts every hand. A member with "
        "Manage Server starts one with {config_season_command}."
    ),
    "scoreboard.button.prev": "Prev",
    "scoreboard.button.next": "Next",
    # Export.
    "scoreboard.command.export": (
        "This server's finished hands as a spreadsheet file, one row per seat (Manage Server)."
    ),
    "scoreboard.command.export.period": (
        "All hands, only those of the last 7 or 30 days, or this season's."
    ),
    "scoreboard.command.export.season": "A season's number, to export a season that ended.",
    "scoreboard.export.done": Plural(
        "{hands} hand of this server, one row per seat, in {file} (times in UTC).",
        "{hands} hands of this server, one row per seat, in {file} (times in UTC).",
        "hands",
    ),
    "scoreboard.export.capped": "Only the last {hands} hands are in it: choose a shorter period.",
    "scoreboard.export.too_large": (
        "Only the last hands are in it: with all of them the file would pass the {size} that "
        "Discord lets me send here. Choose a shorter period for the others."
    ),
    "scoreboard.export.none.all": "No hand has been finished on this server yet.",
    "scoreboard.export.none.week": "No hand has been finished on this server in the last 7 days.",
    "scoreboard.export.none.month": (
        "No hand has been finished on this server in the last 30 days."
    ),
    "scoreboard.export.none.season": (
        "No hand has been finished on this server in season {season} yet."
    ),
    "scoreboard.refusal.export_manage_server": (
        "Only a member with Manage Server can export the server's hands: they include every "
        "channel's, private ones too."
    ),
    # Stats.
    "scoreboard.stats.none": "{name} has not finished a hand on this server.",
    "scoreboard.stats.none.week": (
        "{name} has not finished a hand on this server in the last 7 days."
    ),
    "scoreboard.stats.none.month": (
        "{name} has not finished a hand on this server in the last 30 days."
    ),
    "scoreboard.stats.none.season": (
        "{name} has not finished a hand on this server in season {season}."
    ),
    "scoreboard.stats.unranked_only": (
        "**{name}** has played only hands with a computer player here, which this server "
        "keeps off its scoreboard."
    ),
    "scoreboard.stats.title": "**{name}** · rank {rank} by chips",
    "scoreboard.stats.title.week": "**{name}** · last 7 days · rank {rank} by chips",
    "scoreboard.stats.title.month": "**{name}** · last 30 days · rank {rank} by chips",
    "scoreboard.stats.title.season": (
        "**{name}** · season {season} ({dates}) · rank {rank} by chips"
    ),
    "scoreboard.stats.totals": (
        "{chips} chips · {won} won of {played} ({rate}%) · tonks {tonks} · "
        "drops won {drops} · caught {caught} · best streak {streak} · biggest win {biggest}"
    ),
    "scoreboard.stats.versus": Plural(
        "Against **{rival}**: {hands} hand played together · wins: {name} {won}, {rival} "
        "{rival_won} · chips in it: {name} {chips}, {rival} {rival_chips}",
        "Against **{rival}**: {hands} hands played together · wins: {name} {won}, {rival} "
        "{rival_won} · chips in them: {name} {chips}, {rival} {rival_chips}",
        "hands",
    ),
    "scoreboard.stats.matches_won": Plural(
        "🏁 Won {won} push-up match.",
        "🏁 Won {won} push-up matches.",
        "won",
    ),
    "scoreboard.stats.seasons_won": Plural(
        "👑 Won season {seasons}.",
        "👑 Won {won} seasons: {seasons}.",
        "won",
    ),
    "scoreboard.stats.versus_none": "Against **{rival}**: no hand played together.",
    "scoreboard.refusal.versus_self": "Choose another member to compare {name} with.",
    "scoreboard.stats.recent": "Recent hands:",
    "scoreboard.stats.hand": "Hand {number} ({when}): {ending}, {payout}",
    "scoreboard.stats.hand_unranked": (
        "Hand {number} ({when}): {ending}, {payout} (with a computer player: not ranked)"
    ),
    # History.
    "scoreboard.history.empty": "No hands have been finished in this channel yet.",
    "scoreboard.history.title": "**Last hands in this channel**",
    "scoreboard.history.hand": ("Hand {number} · {when} · {ending} · won by {winners} · {payouts}"),
    "scoreboard.history.match": "🏁 {name} won the push-up match",
    "scoreboard.ending.tonk_out": "a tonk (out without a discard)",
    "scoreboard.ending.out_by_discard": "out by discarding the last card",
    "scoreboard.ending.drop_won": "a winning drop",
    "scoreboard.ending.drop_caught": "a drop that was caught",
    "scoreboard.ending.stock_out": "the stock ran out",
    "scoreboard.ending.instant_win": "a win on the deal",
    "scoreboard.ending.thrown_in": "thrown in",
    "scoreboard.ending.dead_hand": "a dead hand",
    "scoreboard.history.nobody": "nobody",
    # Settings.
    "scoreboard.config.show": (
        "Preset **{preset}** · house rules {options} · stake {stake} · {seats} seats · turn "
        "timer {timeout} · turn reminders {reminders} · tables allowed in {channels} · new "
        "tables announced to {announce} · new tables open {threads} · hands with a computer "
        "player {computer_hands} · {season}"
    ),
    "scoreboard.config.season": "season {season} since {since}",
    "scoreboard.config.no_season": "no season started",
    # Seasons.
    "scoreboard.command.config.season": (
        "Start a new season now, or every week or month: all time is kept (Manage Server)."
    ),
    "scoreboard.command.config.season.every": (
        "Start seasons by themselves every week or every month, or stop."
    ),
    "scoreboard.command.config.season.time_zone": (
        "The time zone of their hour, as Europe/Bucharest (UTC unless chosen)."
    ),
    "scoreboard.command.config.season.day": (
        "The day: a weekday for weekly seasons, 1 to 28 for monthly (Monday, or the 1st)."
    ),
    "scoreboard.command.config.season.hour": "The hour they start at, 0 to 23 (0: midnight).",
    "scoreboard.command.config.season.notice": (
        "Tell the channel a day before each start, with the board so far (default: yes)."
    ),
    "scoreboard.schedule.no_notice": "{schedule}, with no notice the day before",
    "scoreboard.config.schedule_set_quiet": (
        "From now on {schedule}. A season in which no hand has finished goes on until the "
        "start after."
    ),
    "scoreboard.command.config.season.channel": (
        "Where those seasons are announced (this channel, if left out)."
    ),
    "scoreboard.season.started.weekly": (
        "**Season {season} starts now**, as every {weekday}: {leaderboard_command} and stats "
        "count this season's hands from here (with period all time, every hand, as before). "
        "The next season starts {next}."
    ),
    "scoreboard.season.started.monthly": (
        "**Season {season} starts now**, as on day {day} of every month: {leaderboard_command} "
        "and stats count this season's hands from here (with period all time, every hand, as "
        "before). The next season starts {next}."
    ),
    "scoreboard.schedule.weekly": (
        "a new season starts by itself every {weekday} at {time} ({zone} time), announced in "
        "{channel}: the next {next} ({when})"
    ),
    "scoreboard.schedule.monthly": (
        "a new season starts by itself on day {day} of every month at {time} ({zone} time), "
        "announced in {channel}: the next {next} ({when})"
    ),
    "scoreboard.config.schedule_set": (
        "From now on {schedule}. A day before each start, that channel reads the board so "
        "far. A season in which no hand has finished goes on until the start after."
    ),
    "scoreboard.season.ends_soon": (
        "⏳ **Season {season} ends {when}** ({date}), as season {following} starts. The "
        "board so far:"
    ),
    "scoreboard.season.ends_soon_before": (
        "⏳ **The first season starts {when}** ({date}). The board so far, of all time:"
    ),
    "scoreboard.season.ends_soon_more": (
        "A hand finished before then still counts: {leaderboard_command} shows the whole board."
    ),
    "scoreboard.season.ends_soon_champion": "👑 Whoever leads then gets {role}.",
    "scoreboard.config.schedule_off": (
        "Seasons no longer start by themselves: a member with Manage Server starts one with "
        "{config_season_command}."
    ),
    "scoreboard.config.season_and_schedule": "{season}, and {schedule}",
    "scoreboard.refusal.season_channel_closed": (
        "I cannot announce seasons in {channel} without {permissions} there: a member with "
        "Manage Server or Manage Channels can allow me that in the channel's settings, or "
        "choose another channel."
    ),
    "scoreboard.command.config.champion": (
        "A role for the winner of each season that ends; none if left out (Manage Server)."
    ),
    "scoreboard.command.config.champion.role": "The role (none, if left out).",
    "scoreboard.config.champion_on": (
        "From now on the winner of each season that ends gets {role} (the most chips in that "
        "season, or in a season of push-up hands, which pay no chips, the most push-up matches "
        "won, else the most hands won; each of them, on a tie) and keeps it until the next "
        "season ends."
    ),
    "scoreboard.config.champion_off": "Season winners no longer get a role.",
    "scoreboard.config.with_champion": "{season} · the winner of each season gets {role}",
    "scoreboard.refusal.champion_everyone": (
        "Everyone has @everyone: choose a role of its own for the winner of a season."
    ),
    "scoreboard.refusal.champion_managed": (
        "{role} belongs to an integration, which alone gives it: choose another role."
    ),
    "scoreboard.refusal.champion_no_permission": (
        "I cannot give {role} without Manage Roles: a member with Manage Server can give me "
        "that permission in Server Settings, Roles."
    ),
    "scoreboard.refusal.champion_above": (
        "I cannot give {role}: it is not below my own role. Move my role above it in Server "
        "Settings, Roles, or choose a lower role."
    ),
    "scoreboard.season.champion": Plural(
        "👑 {names} won season {season} and holds {role} until the next season ends.",
        "👑 {names} shared the win of season {season} and hold {role} until the next season ends.",
        "winners",
    ),
    "scoreboard.season.champion_before": Plural(
        "👑 {names} led the board before the first season and holds {role} until the next "
        "season ends.",
        "👑 {names} shared the lead before the first season and hold {role} until the next "
        "season ends.",
        "winners",
    ),
    "scoreboard.season.no_champion": (
        "Nobody ended season {season} ahead, so nobody holds {role} until the next one ends."
    ),
    "scoreboard.season.no_champion_before": (
        "Nobody was ahead before the first season, so nobody holds {role} until the next one ends."
    ),
    "scoreboard.season.champion_failed": (
        "I could not give or take back {role} for {names}: I need Manage Roles, and my own "
        "role above {role}."
    ),
    "scoreboard.refusal.season_channel_alone": (
        "channel:, time_zone:, day:, hour: and notice: say where and when the seasons that "
        "start by themselves start: choose every week or every month with them."
    ),
    "scoreboard.season.started": (
        "**Season {season} starts now**, started by {name}: {leaderboard_command} and "
        "stats count this season's hands from here (with period all time, every hand, as "
        "before)."
    ),
    "scoreboard.season.final": "How season {season} ended:",
    "scoreboard.season.since": "since {since}",
    "scoreboard.season.since_next": "since {since}, the next starts {next}",
    "scoreboard.season.between": "{since} to {until}",
    "scoreboard.season.choice": "Season {season} ({dates})",
    "scoreboard.refusal.season_and_period": (
        "season:{season} already says which hands to count: leave period out (or choose "
        "this season)."
    ),
    "scoreboard.refusal.no_season": (
        "This server has no season {season}: it has not started one. A member with Manage "
        "Server starts one with {config_season_command}."
    ),
    "scoreboard.refusal.unknown_season": (
        "There is no season {season} to show: the seasons this server can show are {first} "
        "to {last}."
    ),
    "scoreboard.refusal.unknown_season.one": (
        "There is no season {season} to show: the only season this server can show is "
        "season {first}."
    ),
    "scoreboard.season.final_before": "The board before the first season:",
    "scoreboard.refusal.season_without_hands": (
        "Season {season} has no finished hand yet: it is as new as a new one would be."
    ),
    "scoreboard.config.computer_hands_on": "count on the scoreboard",
    "scoreboard.config.computer_hands_off": "stay off the scoreboard",
    "scoreboard.config.threads_on": "in a thread of their own",
    "scoreboard.config.threads_off": "in the channel",
    "scoreboard.config.no_announce": "no role",
    "scoreboard.command.config.announce": (
        "Mention a role when a table opens (Manage Server); leave the role out to stop."
    ),
    "scoreboard.command.config.announce.role": "The role to mention; left out, none is.",
    "scoreboard.config.announce_on": (
        "New tables will mention {role} when they open, with a link to join."
    ),
    "scoreboard.config.announce_off": "New tables will open without mentioning a role.",
    "scoreboard.config.announce_silent": (
        "The bot cannot notify {role}: make the role mentionable (Server Settings → Roles), "
        "or give the bot the Mention @everyone, @here and All Roles permission. Until then "
        "its members see the mention without a notification."
    ),
    "scoreboard.refusal.announce_everyone": (
        "Pick a role: announcing every table to @everyone is not offered."
    ),
    "scoreboard.config.reminders_on": "on",
    "scoreboard.config.reminders_off": "off",
    "scoreboard.config.no_options": "none",
    "scoreboard.command.history.page": "Which page of 10 hands (1 is the newest).",
    "scoreboard.command.config.option": "Set a house rule for new tables in this server.",
    "scoreboard.command.config.option.option": "The option's name, as in /tonk settings.",
    "scoreboard.command.config.option.value": "Its value, or 'default' to remove it.",
    "scoreboard.command.config.language": "The language of new tables and the scoreboard.",
    "scoreboard.command.config.language.value": "The server's language.",
    "scoreboard.config.language": "New tables and the scoreboard now speak {language}.",
    "scoreboard.config.timer_off": "off",
    "scoreboard.config.timer_seconds": "{seconds} s",
    "scoreboard.config.all_channels": "every channel",
    "scoreboard.refusal.manage_server": "Only a member with Manage Server can change settings.",
    "scoreboard.refusal.channel_not_allowed": (
        "Tables cannot be opened in this channel on this server (see {config_show_command})."
    ),
    "scoreboard.notice.bad_stored": (
        "This server's stored {setting} {stored} is no longer valid, so new tables use the "
        "default: a member with Manage Server can change it with {config_set_command}."
    ),
    "scoreboard.notice.unreadable": (
        "This server's stored settings cannot be read, so new tables use the defaults: a "
        "member with Manage Server can set them again with {config_set_command}."
    ),
    # Restarts.
    "scoreboard.restore.back": "I'm back after a restart: this table carries on where it was.",
    "scoreboard.restore.broken": (
        "This channel's table could not be restored after a restart and is closed. "
        "Sorry! Open a new one with {new_command}."
    ),
}
