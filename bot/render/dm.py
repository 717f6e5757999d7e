"""The private hand sent by direct message: one message per hand, edited as it changes."""

from __future__ import annotations

from bot.i18n import text
from bot.render.cards import cards_text


def dm_text(
    guild: str, channel: str, hand_number: int, cards: int, count: int, locale: str = "en"
) -> str:
    """Names the server, channel and hand, then the sorted cards and their count."""
    return "\n".join(
        (
            text("table.dm.heading", locale, guild=guild, channel=channel, number=hand_number),
            text(
                "table.dm.hand",
                locale,
                cards=cards_text(cards) or text("table.no_cards", locale),
                count=count,
            ),
        )
    )


def dm_over_text(guild: str, channel: str, hand_number: int, link: str, locale: str = "en") -> str:
    """The DM once the hand is over, with a ``link`` to the table message (the result)."""
    return "\n".join(
        (
            text("table.dm.heading", locale, guild=guild, channel=channel, number=hand_number),
            text("table.dm.over", locale, link=link),
        )
    )
