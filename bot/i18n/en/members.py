"""English messages of ``/tonk me``: what a member chooses for themselves on a server (their
language, direct messages, reminders, the order of their hand) and forgetting them."""

from bot.i18n.source import Message, Plural

MESSAGES: dict[str, Message] = {
    "members.command.me": "Your own settings on this server, and your stored data.",
    "members.command.me.show": "Your settings here: language, DMs, reminders, hand order.",
    "members.command.me.set": "Choose how Tonk treats you on this server (several at once).",
    "members.command.me.set.language": "A language, or auto to follow your Discord app.",
    "members.command.me.set.dms": "Whether your hand is also sent to you by direct message.",
    "members.command.me.set.reminders": "Whether a table that waits for you mentions you.",
    "members.command.me.set.order": "Your hand by suit (runs together) or by rank (sets together).",
    "members.command.me.set.announcements": (
        "Whether you have the role this server mentions when a table opens."
    ),
    "members.command.me.forget": "Delete your totals and settings here; anonymise your hands.",
    "members.refusal.nothing_chosen": (
        "Choose at least one setting to change: language, dms, reminders, order or "
        "announcements ({me_show_command} shows yours)."
    ),
    "members.refusal.bad_language": "There is no language called {value}: choose one of {known}.",
    "members.refusal.bad_order": "There is no hand order called {value}: choose one of {known}.",
    "members.refusal.no_announce_role": (
        "This server announces new tables to no role: a member with Manage Server can choose "
        "one with {config_announce_command}."
    ),
    "members.refusal.announce_role_out_of_reach": (
        "I cannot give or take back {role}: I need Manage Roles, and my own role above that "
        "one. Ask a member with Manage Server."
    ),
    # /tonk me show.
    "members.show.title": "**Your settings on this server**",
    "members.show.language": "Language: {language}",
    "members.show.language_auto": "Language: your Discord app's ({language} now)",
    "members.show.dms_on": "Your hand by direct message: yes",
    "members.show.dms_off": "Your hand by direct message: no (**My hand** shows it)",
    "members.show.reminders_on": "Reminders that mention you: yes",
    "members.show.reminders_off": "Reminders that mention you: no",
    "members.show.reminders_server_off": (
        "Reminders that mention you: yes, but this server has turned them off"
    ),
    "members.show.order_suit": "Your hand: by suit",
    "members.show.order_rank": "Your hand: by rank",
    "members.show.announced": "Told when a table opens ({role}): yes",
    "members.show.not_announced": "Told when a table opens ({role}): no",
    "members.show.how": (
        "{me_set_command} changes them; {me_forget_command} deletes your totals and settings here."
    ),
    # /tonk me set.
    "members.reply.language": "Tonk now speaks {language} to you on this server.",
    "members.reply.language_auto": "Tonk now speaks to you in your Discord app's language.",
    "members.reply.dms_on": "Your hand is sent to you by direct message again.",
    "members.reply.dms_off": (
        "Your hand is no longer sent to you by direct message: press **My hand** on the table "
        "message to see it."
    ),
    "members.reply.reminders_on": "A table that waits for you reminds you with a mention again.",
    "members.reply.reminders_server_off": (
        "A table that waits for you will remind you with a mention once this server turns "
        "reminders on again ({config_set_command})."
    ),
    "members.reply.reminders_off": "A table that waits for you no longer mentions you.",
    "members.reply.order_suit": "Your hand is shown by suit now: runs side by side.",
    "members.reply.order_rank": "Your hand is shown by rank now: sets side by side.",
    "members.reply.announcements_on": (
        "You have {role} now: you are told whenever a table opens here."
    ),
    "members.reply.announcements_off": (
        "You no longer have {role}: tables open here without telling you."
    ),
    "members.reply.announcements_failed": (
        "Discord did not let me change your {role} role just now: try again in a moment."
    ),
    "members.reply.unchanged": "Nothing changed: those are your settings already.",
    # The hand's direct message once its player turned them off.
    "members.dm.off": (
        "You turned these direct messages off (/tonk me set): press **My hand** on the "
        "table message to see your cards, {link}"
    ),
    # /tonk me forget.
    "members.forget.done": Plural(
        "Forgotten: your totals and settings here are deleted and {hands} hand no longer "
        "names you.",
        "Forgotten: your totals and settings here are deleted and {hands} hands no longer "
        "name you.",
        "hands",
    ),
}

NOTES: dict[str, str] = {
    "members.show.announced": "{role} is the role's mention: Discord shows its name.",
    "members.refusal.announce_role_out_of_reach": (
        "Manage Roles and Manage Server are Discord's names of the permissions, in its "
        "English interface: keep them."
    ),
    "members.show.language_auto": (
        "{language} is a language's own name (language.*): the one the member's Discord app "
        "uses now."
    ),
    "members.dm.off": (
        "Replaces the cards in the hand's direct message; '/tonk me set' is the command as "
        "typed (keep it). {link} is the address of the table message."
    ),
    "members.reply.reminders_server_off": (
        "{config_set_command} is the command a manager turns reminders on with (a clickable "
        "mention)."
    ),
}
