"""English messages of ``/tonk help``: how a game starts, and the headings of its command list;
the welcome; and **How to play**, the standard game step by step."""

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
        "**To learn:** **{learn_button}**, below, explains the game to whoever presses it, in "
        "their language; {help} shows every command, privately; {rules} the rules, and the "
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
    # How to play: the standard game (S1-S11), shown privately by the How to play button.
    "help.button.learn": "How to play",
    "help.learn.title": "How to play Tonk",
    "help.learn.intro": (
        "Tonk is a fast rummy for two to six players: get rid of your cards before the "
        "others, or hold the lowest count when the hand ends. This is the standard game; "
        "{rules} shows what a table plays differently (its regional game and house rules). "
        "Every payment is a number of the table's stakes."
    ),
    "help.learn.cards.title": "Cards and the deal",
    "help.learn.cards": (
        "One pack of 52 cards. An ace counts 1, two to ten their number, a jack, queen or "
        "king 10. Your **count** is the total of the cards in your hand (not those you have "
        "laid on the table). Everyone is dealt five cards; the next card is turned up to start "
        "the discard pile, and the rest is the stock. Dealt 49 or 50, you win at once and "
        "everyone pays you double (if two or more players are, the hand is thrown in)."
    ),
    "help.learn.turn.title": "Your turn",
    "help.learn.turn": (
        "1. At the very start of your turn, before taking a card, you may **{drop}** (see "
        "below).\n"
        "2. Otherwise take a card: **{draw}** from the stock, or **{take}** the top card of "
        "the discard pile.\n"
        "3. Lay spreads from your hand, and hit any spread on the table, yours or another "
        "player's.\n"
        "4. Discard one card.\n"
        "**{hand}** shows your cards, privately, with a button for every move you may make."
    ),
    "help.learn.spreads.title": "Spreads",
    "help.learn.spreads": (
        "A **book** is three or four cards of one rank; a **run** three or more cards in "
        "sequence in one suit, the ace low only (A-2-3, never Q-K-A). To **hit** is to add "
        "a card to a spread on the table: a book's fourth card, or the next card at either "
        "end of a run."
    ),
    "help.learn.out.title": "Going out",
    "help.learn.out": (
        "Empty your hand by laying and hitting, with no discard, and you have a **tonk**: "
        "every other player pays you 2. Empty it with your last discard, and each pays you 1."
    ),
    "help.learn.drop.title": "Dropping",
    "help.learn.drop": (
        "Drop when you think your count is the lowest at the table: everyone shows their "
        "hand. If yours is lower than everyone else's, each of them pays you 1. If not, you "
        "are **caught** (a tie counts against you): you pay 2 to each player whose count is "
        "equal to or lower than yours, and the lowest player (each of them, on a tie) is also "
        "paid 1 by every player who is neither you nor among the lowest."
    ),
    "help.learn.stock.title": "An empty stock",
    "help.learn.stock": (
        "Once the stock is empty, play goes on while each player takes the discard; the "
        "first player who would have to draw from the empty stock ends the hand. The lowest "
        "count is then paid 1 by every other player (players tied for lowest are each paid by "
        "the rest). You may still drop at the start of your turn."
    ),
    "help.learn.more.title": "To learn more",
    "help.learn.more": (
        "{practice} deals you a game against computer players at once; alone against them, "
        "**{hint}** in your panel shows the move a strong player would make. {rules} shows a "
        "table's rules, and {help} every command."
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
    "help.welcome.learn": (
        "{learn_button} is the label of the How to play button under the welcome "
        "(help.button.learn); {help} and {rules} are clickable slash commands."
    ),
    "help.learn.intro": (
        "The start of How to play, the standard game step by step (S1-S11 of the rules). "
        "{rules} is the clickable /tonk rules. Use the words of the game of docs/translating.md."
    ),
    "help.learn.turn": (
        "{drop}, {draw}, {take} and {hand} are the labels of the table message's buttons "
        "(table.button.*). Keep the numbered lines and the line breaks."
    ),
    "help.learn.more": (
        "{practice}, {rules} and {help} are clickable slash commands; {hint} the label of the "
        "panel's Hint button (table.button.hint)."
    ),
}
