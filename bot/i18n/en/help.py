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
}
