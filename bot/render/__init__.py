"""Pure rendering: table state → ``discord.Embed`` and control specs; hands → text.

Nothing here talks to Discord. Channel renderers take only ``bot.tables.views.PublicTable``
(public information); the private panel and DM renderers take one player's ``PrivateHand``.
Every word comes from the message catalogue (``bot.i18n``).

- ``cards``: cards and amounts as people write them.
- ``words``: moves, endings and lists in words.
- ``controls``: what buttons and menus to show, as plain data (the cogs build components).
- ``table``: the table message.  ``panel``: the private "My hand" panel.
- ``dm``: the private hand sent by direct message.  ``rules``: the rules summary.
"""
