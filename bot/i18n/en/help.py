"""English messages of ``/tonk help``: how a game starts, and the headings of its command list."""

from bot.i18n.source import Message

MESSAGES: dict[str, Message] = {
    "help.title": "Tonk on Discord",
    "help.start": (
        "**Start a game:** {new} opens a table in this channel and makes you its host. The "
        "others press **{join_button}** (or type {join}); once everyone sits, press "
        "**{start_button}**. {addbot} fills a seat with a computer player."
    ),
    "help.private": (
        "**Among friends?** {new} with private: True opens a table that only the members you "
        "invite may join: press **{invite_button}** under it and pick them; the others' "
        "**{join_button}** is refused."
    ),
    "help.cards": (
        "**Your cards** come by direct message and in **{hand_button}**, a private panel with a "
        "button for every move you may make ({me} chooses your language, whether the direct "
        "messages come and how your hand is sorted). {rules} shows the table's rules; the "
        "host changes them with {settings} before the first deal."
    ),
    "help.practice": (
        "**Learning?** {practice} deals you a table against computer players at once. Alone "
        "against them, your panel has **{hint_button}**: the move a strong player would make "
        "on your turn."
    ),
    "help.section.play": "At a table",
    "help.section.host": "Hosting a table",
    "help.section.scoreboard": "Scoreboard",
    "help.section.me": "Your settings",
    "help.section.managers": "For server managers (Manage Server)",
    "help.line": "{command}: {description}",
    # Posted once in a server that just added the bot.
    "help.welcome.title": "🃏 Thanks for adding Tonk",
    "help.welcome.play": (
        "**To play:** {new} opens a table in a channel; the others press **{join_button}**, "
        "and the host presses **{start_button}**. {practice} deals a game against computer "
        "players at once."
    ),
    "help.welcome.learn": (
        "**To learn:** {help} shows every command, privately; {rules} the rules, and the "
        "house rules a table can play by."
    ),
    "help.welcome.managers": (
        "**To set it up** (Manage Server): {config_set} chooses the preset, stake, seats and "
        "turn timer of new tables; {config_channel} the channels that may have them; "
        "{config_announce} a role to tell when a table opens; {config_season} seasons for "
        "the scoreboard; {config_language} the language of the tables."
    ),
    "help.welcome.languages": (
        "Tonk speaks English, Română, Tiếng Việt and فارسی: each member chooses theirs with {me}."
    ),
}

NOTES = {
    "help.start": (
        "{new}, {join} and {addbot} are clickable slash commands (/tonk new, …); "
        "{join_button} and {start_button} are the labels of the table message's buttons."
    ),
    "help.private": (
        "{new} is the clickable /tonk new; 'private: True' is how Discord writes its option "
        "private (command.option.private) set to True: keep True in English. {invite_button} "
        "and {join_button} are button labels."
    ),
    "help.cards": (
        "{hand_button} is the label of the table message's button that opens the panel; {me} "
        "the clickable /tonk me set."
    ),
    "help.practice": (
        "{practice} is the clickable /tonk practice; {hint_button} the label of the panel's "
        "Hint button."
    ),
    "help.line": "One line of the command list: a clickable command, then its description.",
    "help.welcome.play": (
        "{new} and {practice} are clickable slash commands; {join_button} and {start_button} "
        "the labels of the table message's buttons."
    ),
    "help.welcome.managers": (
        "{config_set}, {config_channel}, {config_announce}, {config_season} and "
        "{config_language} are clickable /tonk config commands. Manage Server is Discord's "
        "name of the permission, in its English interface: keep it."
    ),
    "help.welcome.languages": "Each language by its own name (language.*): keep them as they are.",
}
