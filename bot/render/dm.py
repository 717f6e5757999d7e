"""The private hand sent by direct message: one message per hand, edited as it changes."""

from __future__ import annotations

from bot.i18n import text
from bot.members import HandOrder
from bot.render.cards import cards_text


def dm_text(
    guild: str,
    channel: str,
    hand_number: int,
    cards: int,
    count: int,
    locale: str = "en",
    order: HandOrder = HandOrder.SUIT,
) -> str:
    """Names the server, channel and hand, then the cards in the player's ``order`` and
    their count, and in small print how to stop these messages or sort the hand."""
    return "\n".join(
        (
            text("table.dm.heading", locale, guild=guild, channel=channel, number=hand_number),
            text(
                "table.dm.hand",
                locale,
                cards=cards_text(cards, order) or text("table.no_cards", locale),
                count=count,
            ),
            text("table.dm.settings", locale),
        )
    )


def dm_over_text(guild: str, channel: str, hand_number: int, link: str, locale: str = "en") -> str:
    """The DM once the hand is over, with a ``link`` to the table message (the result)."""
    return _dm_note("table.dm.over", guild, channel, hand_number, link, locale)


def dm_off_text(guild: str, channel: str, hand_number: int, link: str, locale: str = "en") -> str:
    """The hand's DM once its player turned their DMs off (``/tonk me set dms:False``): no
    cards any more, a ``link`` to the table message, where **My hand** shows them."""
    return _dm_note("members.dm.off", guild, channel, hand_number, link, locale)


def _dm_note(key: str, guild: str, channel: str, hand_number: int, link: str, locale: str) -> str:
    return "\n".join(
        (
            text("table.dm.heading", locale, guild=guild, channel=channel, number=hand_number),
            text(key, locale, link=link),
        )
    )
