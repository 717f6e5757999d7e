"""The private "My hand" panel: one player's sorted hand, what they picked, their moves,
and for a player alone against computer players a hint (``hint_text``).

Every enabled button is a move the engine accepts now (``PrivateHand`` asks the engine's
legal-move queries); the card menu keeps the player's picks between clicks.
"""

from __future__ import annotations

from typing import assert_never

import discord

from bot.engine.actions import (
    CLAIM,
    DISCARD,
    DRAW,
    DROP,
    HIT,
    SLAP,
    SLAP_DISCARD,
    SPREAD,
    TAKE,
    Action,
    Kind,
)
from bot.engine.cards import card_symbol, card_text
from bot.engine.hand import OVER, PLAY, START
from bot.i18n import text
from bot.members import HandOrder
from bot.render.cards import cards_text, ordered
from bot.render.controls import (
    ButtonSpec,
    CardOption,
    CardSelectSpec,
    Controls,
    PanelButton,
    Style,
)
from bot.render.limits import BUTTON_LABEL, clip, fit_embed
from bot.render.links import relative_time
from bot.tables.views import PrivateHand

MAX_HIT_BUTTONS = 10


def panel_embed(
    hand: PrivateHand, locale: str = "en", order: HandOrder = HandOrder.SUIT
) -> discord.Embed:
    """The panel's embed: the hand (in the player's ``order``), its count, whose turn it
    is, what is picked."""
    table = hand.table
    lines = [
        cards_text(hand.cards, order) or text("table.no_cards", locale),
        text("table.panel.count", locale, count=hand.count, cards=hand.cards.bit_count()),
        _status(hand, locale),
    ]
    if hand.my_turn and table.turn_deadline is not None:
        lines.append(text("table.panel.timer", locale, time=relative_time(table.turn_deadline)))
    if hand.selection:
        selected = cards_text(hand.selection, order)
        lines.append(text("table.panel.selected", locale, cards=selected))
    embed = discord.Embed(
        title=text("table.panel.title", locale, number=hand.hand_number),
        description="\n".join(lines),
        colour=discord.Colour.green() if hand.my_turn else discord.Colour.light_grey(),
    )
    top = (
        text("table.pile", locale, card=card_symbol(table.top_discard))
        if table.top_discard is not None
        else text("table.pile_empty", locale)
    )
    embed.add_field(
        name=text("table.panel.table", locale),
        value=text("table.pile_and_stock", locale, pile=top, stock=table.stock_size),
        inline=False,
    )
    if table.spreads:
        embed.add_field(
            name=text("table.spreads", locale),
            value="\n".join(
                text(
                    "table.spread",
                    locale,
                    number=s.number,
                    owner=s.owner,
                    cards=cards_text(s.cards),
                )
                for s in table.spreads
            ),
            inline=False,
        )
    return fit_embed(embed)


def panel_controls(
    hand: PrivateHand, locale: str = "en", order: HandOrder = HandOrder.SUIT
) -> Controls:
    """The card menu (its cards in the player's ``order``) and one button per move the
    engine allows now."""
    if hand.legal.phase == OVER:
        return Controls()
    buttons = [*_turn_buttons(hand, locale), *_hit_buttons(hand, locale)]
    if hand.hint:
        buttons.append(ButtonSpec(PanelButton.HINT, text("table.button.hint", locale), row=1))
    buttons.extend(_slap_buttons(hand, locale))
    buttons.append(ButtonSpec(PanelButton.REFRESH, text("table.button.refresh", locale), row=4))
    select = None
    if hand.cards:
        select = CardSelectSpec(
            text("table.panel.pick", locale),
            tuple(
                CardOption(card_text(c), card_symbol(c), bool(hand.selection >> c & 1))
                for c in ordered(hand.cards, order)
            ),
        )
    return Controls(tuple(buttons), select)


def hint_text(advice: Action, count: int, locale: str = "en") -> str:
    """The adviser's move (``bot.players.advice``) in words, for the panel that shows it
    with its cards picked; ``count`` is the player's count (said with a drop)."""
    cards = cards_text(advice.cards)
    spread = (advice.spread or 0) + 1
    match advice.kind:
        case Kind.DRAW:
            return text("table.hint.draw", locale)
        case Kind.TAKE:
            return text("table.hint.take", locale, cards=cards)
        case Kind.SPREAD:
            return text("table.hint.spread", locale, cards=cards)
        case Kind.HIT:
            return text("table.hint.hit", locale, cards=cards, spread=spread)
        case Kind.DISCARD | Kind.SLAP_DISCARD:
            return text("table.hint.discard", locale, cards=cards)
        case Kind.DROP:
            return text("table.hint.drop", locale, count=count)
        case Kind.CLAIM:
            return text("table.hint.claim", locale)
        case Kind.SLAP:
            return text("table.hint.slap", locale, spread=spread)
        case unhandled:
            assert_never(unhandled)


def let_go_text(card: int, locale: str = "en") -> str:
    """The advice to let the discard ``card`` go rather than slap it (O43: the adviser's
    ``None`` for a seat that need not act)."""
    return text("table.hint.let_go", locale, card=cards_text(1 << card))


def _status(hand: PrivateHand, locale: str) -> str:
    legal = hand.legal
    if legal.phase == OVER:
        return text("table.panel.over", locale)
    if legal.slap_discards:
        return text("table.panel.slap_discard", locale)
    if not hand.my_turn:
        return text("table.panel.waiting", locale, player=hand.table.to_act or "")
    if legal.phase == START:
        key = "table.panel.start_barred" if hand.drop_barred else "table.panel.start"
        return text(key, locale)
    return text("table.panel.play", locale)


def _turn_buttons(hand: PrivateHand, locale: str) -> list[ButtonSpec]:
    legal = hand.legal
    if legal.slap_discards:
        return [_discard_button(hand, SLAP_DISCARD, hand.can_slap_discard, locale)]
    if not hand.my_turn:
        return []
    if legal.phase == START:
        top = hand.table.top_discard
        buttons = [
            ButtonSpec(
                DRAW, text("table.button.draw", locale), Style.PRIMARY, not legal.draw, row=1
            ),
            ButtonSpec(
                TAKE,
                text("table.button.take", locale, card=card_symbol(top))
                if top is not None
                else text("table.button.take_empty", locale),
                disabled=not legal.take,
                row=1,
            ),
            ButtonSpec(
                DROP,
                text("table.button.drop_count", locale, count=hand.count),
                Style.DANGER,
                not legal.drop,
                row=1,
            ),
        ]
        if legal.claim:
            buttons.append(
                ButtonSpec(CLAIM, text("table.button.claim", locale), Style.SUCCESS, row=1)
            )
        return buttons
    if legal.phase == PLAY:
        return [
            ButtonSpec(
                SPREAD,
                text("table.button.spread", locale),
                Style.SUCCESS,
                not hand.can_spread,
                cards=hand.selection,
                row=1,
            ),
            _discard_button(hand, DISCARD, hand.can_discard, locale),
        ]
    return []


def _discard_button(hand: PrivateHand, action: Kind, allowed: bool, locale: str) -> ButtonSpec:
    label = (
        text("table.button.discard_card", locale, card=cards_text(hand.selection))
        if hand.selection.bit_count() == 1
        else text("table.button.discard", locale)
    )
    return ButtonSpec(
        action, label, Style.PRIMARY, not allowed, cards=hand.selection if allowed else 0, row=1
    )


def _hit_buttons(hand: PrivateHand, locale: str) -> list[ButtonSpec]:
    if not hand.my_turn or hand.legal.phase != PLAY:
        return []
    spreads = hand.table.spreads
    return [
        ButtonSpec(
            HIT,
            _label(
                text(
                    "table.button.hit",
                    locale,
                    number=i + 1,
                    cards=cards_text(spreads[i].cards),
                )
            ),
            cards=hand.selection,
            spread=i,
            row=2 + n // 5,
        )
        for n, i in enumerate(hand.hit_targets[:MAX_HIT_BUTTONS])
    ]


def _slap_buttons(hand: PrivateHand, locale: str) -> list[ButtonSpec]:
    top = hand.table.top_discard
    if top is None:
        return []
    return [
        ButtonSpec(
            SLAP,
            _label(text("table.button.slap", locale, card=card_symbol(top), number=i + 1)),
            Style.DANGER,
            spread=i,
            row=4,
        )
        for i in hand.legal.slaps[:4]
    ]


def _label(label: str) -> str:
    return clip(label, BUTTON_LABEL)
