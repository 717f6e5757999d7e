"""A finished hand's replay, one step at a time: an embed and its four buttons.

Takes a ``ReplayStep`` (``bot.tables.replay``): the hand is over, so every seat's cards are
shown and a draw names the card it took.
"""

from __future__ import annotations

from enum import Enum

import discord

from bot.engine.actions import Kind
from bot.engine.rules import PRESETS
from bot.i18n import text
from bot.render.cards import cards_text
from bot.render.limits import fit_embed
from bot.render.table import amounts_line, pile_line
from bot.render.words import ending_text, move_text
from bot.tables.replay import ReplayStep
from bot.tables.views import PublicMove

COLOUR = discord.Colour.teal()

START_TEMPLATE = r"tonk:replay:(?P<table>\d+):(?P<hand>\d+)"
"""The custom id of the Replay button under a finished hand's table message, which starts
that hand's replay (see :func:`replay_start_id`)."""


def replay_start_id(table_id: int, hand_number: int) -> str:
    """The custom id of the Replay button of hand ``hand_number`` of table ``table_id``
    (matches :data:`START_TEMPLATE`)."""
    return f"tonk:replay:{table_id}:{hand_number}"


class Turn(Enum):
    """The replay's buttons: where each one goes from the step shown."""

    FIRST = "first"
    PREV = "prev"
    NEXT = "next"
    LAST = "last"


def replay_target(turn: Turn, step: int, steps: int) -> int:
    """The step that ``turn`` shows from ``step`` of a hand of ``steps`` moves."""
    match turn:
        case Turn.FIRST:
            return 0
        case Turn.PREV:
            return max(0, step - 1)
        case Turn.NEXT:
            return min(steps, step + 1)
        case Turn.LAST:
            return steps


def replay_embed(step: ReplayStep, locale: str) -> discord.Embed:
    """The hand after ``step.step`` moves: that move in words, the pile and the stock, every
    seat's cards and count, the spreads; at the end, how the hand ended and what it paid."""
    embed = discord.Embed(
        title=text(
            "replay.title",
            locale,
            number=step.number,
            preset=text(f"preset.{step.preset}", locale),
            rule_id=PRESETS[step.preset][0],
        ),
        colour=COLOUR,
    )
    lines = [_progress(step, locale)]
    if step.result is not None:
        lines.append(ending_text(step.result, step.names, locale))
    else:
        lines.append(pile_line(step.top_discard, step.stock, locale))
    embed.description = "\n".join(lines)
    embed.add_field(name=text("table.hands", locale), value=_hands(step, locale), inline=False)
    spreads = [
        text(
            "table.spread",
            locale,
            number=number,
            owner=step.names[owner],
            cards=cards_text(cards),
        )
        for number, (owner, cards) in enumerate(step.spreads, start=1)
    ]
    embed.add_field(
        name=text("table.spreads", locale),
        value="\n".join(spreads) or text("table.no_spreads", locale),
        inline=False,
    )
    if step.result is not None:
        title = text("table.points" if step.push_up else "table.payments", locale)
        paid = amounts_line(step.names, step.result.payouts, step.push_up, locale)
        embed.add_field(name=title, value=paid, inline=False)
    embed.set_footer(text=text("replay.footer", locale, table=step.table_id, hand=step.number))
    return fit_embed(embed)


def _progress(step: ReplayStep, locale: str) -> str:
    """``Move 4 of 31: ann drew 7♠ from the stock.``, or the deal at step 0."""
    if step.move is None:
        return text("replay.deal", locale, steps=step.steps, dealer=step.names[step.dealer])
    move = step.move
    player = step.names[move.seat]
    if move.kind is Kind.DRAW:
        said = text("replay.move.draw", locale, player=player, cards=cards_text(move.cards))
    else:
        said = move_text(PublicMove(move.kind, player, move.cards, move.spread, False), locale)
    return text("replay.move", locale, step=step.step, steps=step.steps, move=said)


def _hands(step: ReplayStep, locale: str) -> str:
    """One line per seat: its cards and count, the dealer marked, the seat to act pointed at."""
    lines = []
    for seat, name in enumerate(step.names):
        shown = f"**{name}**"
        if step.bots[seat]:
            shown = text("bots.seat", locale, player=shown)
        if seat == step.dealer:
            dealer = text("table.mark.dealer", locale)
            shown = text("table.seat_marked", locale, player=shown, marks=dealer)
        line = text(
            "table.shown_hand",
            locale,
            player=shown,
            cards=cards_text(step.hands[seat]) or text("table.no_cards", locale),
            count=step.counts[seat],
        )
        lines.append(text("table.turn_mark", locale, line=line) if seat == step.to_act else line)
    return "\n".join(lines)
