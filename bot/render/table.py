"""The table message: one embed per table, kept current, and its buttons.

Takes only ``PublicTable``: no hand's cards while the hand is on.
"""

from __future__ import annotations

import discord

from bot.engine.cards import card_symbol
from bot.engine.rules import PRESETS
from bot.i18n import amount_text, number_text, text
from bot.render.cards import cards_text
from bot.render.controls import ButtonSpec, Controls, Style, TableButton
from bot.render.limits import fit_embed
from bot.render.links import relative_time
from bot.render.words import ending_text, move_text, names_text
from bot.tables.settlement import settle_up
from bot.tables.table import BETWEEN, CLOSED, LOBBY, PLAYING
from bot.tables.views import HandOutcome, PublicSeat, PublicTable

COLOURS = {
    LOBBY: discord.Colour.blurple(),
    PLAYING: discord.Colour.green(),
    BETWEEN: discord.Colour.gold(),
    CLOSED: discord.Colour.dark_grey(),
}


def table_embed(table: PublicTable, locale: str = "en", final: bool = False) -> discord.Embed:
    """The table message's embed for ``table`` in its current state.

    ``final``: the embed a finished hand's message keeps once the game has moved on (the
    result, the spreads and the last moves, without saying what comes next).
    """
    embed = discord.Embed(
        title=text(
            "table.title",
            locale,
            preset=text(f"preset.{table.rules.preset}", locale),
            rule_id=PRESETS[table.rules.preset][0],
            stake=table.stake,
        ),
        colour=COLOURS[table.status],
    )
    if table.outcome is not None and (final or table.status != LOBBY):
        _outcome(embed, table, table.outcome, locale, final)
    elif table.status == LOBBY:
        _lobby(embed, table, locale)
    elif table.status == PLAYING:
        _playing(embed, table, locale)
    else:
        embed.description = text("table.closed", locale)
        _seats_field(embed, table, locale)
    if table.status == CLOSED:
        _settle_up(embed, table, locale)
    footer = "table.footer_private" if table.private else "table.footer"
    embed.set_footer(text=text(footer, locale, id=table.table_id))
    return fit_embed(embed)


def _settle_up(embed: discord.Embed, table: PublicTable, locale: str) -> None:
    """A closed table played for stakes: who pays whom to settle the session (S3), unless
    everyone is even. Push-up (O42) is scored in points, which nobody pays."""
    if table.rules.scoring == "push_up":
        return
    payments = [
        text(
            "table.settle_up.payment",
            locale,
            payer=payment.payer,
            payee=payment.payee,
            amount=number_text(payment.amount, locale),
        )
        for payment in settle_up(table.session)
    ]
    if payments:
        _field(embed, text("table.settle_up", locale), payments)


def table_controls(table: PublicTable, locale: str = "en", *, replays: bool = False) -> Controls:
    """The buttons under the table message. ``replays``: finished hands are recorded, so
    the one the message shows offers Replay."""
    replay = _replay(table, locale, replays)
    full = len(table.seats) >= table.max_seats
    invite = (
        (ButtonSpec(TableButton.INVITE, text("table.button.invite", locale), disabled=full),)
        if table.private
        else ()
    )
    if table.status == LOBBY:
        return Controls(
            (
                ButtonSpec(
                    TableButton.JOIN,
                    text("table.button.join", locale),
                    Style.PRIMARY,
                    disabled=full,
                ),
                ButtonSpec(TableButton.LEAVE, text("table.button.leave", locale)),
                ButtonSpec(
                    TableButton.START,
                    text("table.button.start", locale),
                    Style.SUCCESS,
                    disabled=len(table.seats) < 2,
                ),
                *invite,
                *replay,
                ButtonSpec(TableButton.LEARN, text("help.button.learn", locale), row=1),
            )
        )
    if table.status == BETWEEN:
        next_hand = ButtonSpec(TableButton.NEXT, text("table.button.next", locale), Style.SUCCESS)
        return Controls((next_hand, *invite, *replay))
    if table.status == CLOSED:
        again = ButtonSpec(TableButton.AGAIN, text("table.button.again", locale), Style.PRIMARY)
        return Controls((again, *replay))
    if table.status != PLAYING or table.outcome is not None:
        return Controls()
    moves = table.start_moves
    take_label = (
        text("table.button.take", locale, card=card_symbol(table.top_discard))
        if table.top_discard is not None
        else text("table.button.take_empty", locale)
    )
    return Controls(
        (
            ButtonSpec(TableButton.MY_HAND, text("table.button.hand", locale), Style.PRIMARY),
            ButtonSpec(
                TableButton.DRAW, text("table.button.draw", locale), disabled=not moves.draw
            ),
            ButtonSpec(TableButton.TAKE, take_label, disabled=not moves.take, cards=_top(table)),
            ButtonSpec(
                TableButton.DROP, text("table.button.drop", locale), Style.DANGER, not moves.drop
            ),
            *invite,
        )
    )


def final_controls(table: PublicTable, locale: str = "en", *, replays: bool = False) -> Controls:
    """The buttons a finished hand's message keeps once the game has moved on: Replay,
    where finished hands are recorded."""
    return Controls(_replay(table, locale, replays))


def _replay(table: PublicTable, locale: str, replays: bool) -> tuple[ButtonSpec, ...]:
    if not replays or table.outcome is None:
        return ()
    return (ButtonSpec(TableButton.REPLAY, text("replay.button.watch", locale)),)


def _top(table: PublicTable) -> int:
    """The discard Take would take, as a card mask (0: none)."""
    return 0 if table.top_discard is None else 1 << table.top_discard


def _lobby(embed: discord.Embed, table: PublicTable, locale: str) -> None:
    timer = (
        text("table.timer", locale, seconds=int(table.turn_timeout))
        if table.turn_timeout
        else text("table.timer_off", locale)
    )
    if len(table.seats) >= table.max_seats:
        lobby = "table.lobby_full"
    else:
        lobby = "table.lobby_private" if table.private else "table.lobby"
    embed.description = "\n".join(
        (
            text(
                lobby,
                locale,
                host=table.host,
                seated=len(table.seats),
                seats=table.max_seats,
            ),
            timer,
            *_private_line(table, locale),
        )
    )
    _seats_field(embed, table, locale)


def _private_line(table: PublicTable, locale: str) -> list[str]:
    """At a private table, the line that says only those invited can join, and who of them
    has not sat down yet."""
    if not table.private:
        return []
    if not table.invited:
        return [text("table.private", locale)]
    names = names_text([f"**{name}**" for name in table.invited], locale)
    return [text("table.private", locale), text("table.private_invited", locale, names=names)]


def _playing(embed: discord.Embed, table: PublicTable, locale: str) -> None:
    lines = [text("table.hand_number", locale, number=table.hand_number)]
    if table.to_act is not None:
        lines.append(
            text("table.to_act_until", locale, player=table.to_act, time=_relative(table))
            if table.turn_deadline is not None
            else text("table.to_act", locale, player=table.to_act)
        )
    lines.append(pile_line(table.top_discard, table.stock_size, locale))
    embed.description = "\n".join(lines)
    _seats_field(embed, table, locale)
    _spreads_and_moves(embed, table, locale)
    if table.hand_number == 1 and table.cut:
        _field(embed, text("table.cut", locale), _cut_lines(table, locale))


def _outcome(
    embed: discord.Embed, table: PublicTable, outcome: HandOutcome, locale: str, final: bool
) -> None:
    lines = [
        text("table.hand_over", locale, number=outcome.number),
        ending_text(outcome.result, outcome.names, locale),
    ]
    if outcome.match_winner:
        lines.append(text("table.match_over", locale, winner=outcome.match_winner))
    if table.status == BETWEEN and not final:
        lines.append(text("table.next_soon", locale))
    elif table.status == LOBBY and not final:
        lines.append(text("table.too_few", locale))
    embed.description = "\n".join(lines)
    result = outcome.result
    shown = [
        text(
            "table.shown_hand",
            locale,
            player=name,
            cards=cards_text(outcome.hands[i]) or text("table.no_cards", locale),
            count=result.counts[i],
        )
        for i, name in enumerate(outcome.names)
    ]
    _field(embed, text("table.hands", locale), shown)
    points = table.rules.scoring == "push_up"
    pay_title = text("table.points" if points else "table.payments", locale)
    session = text("table.session_points" if points else "table.session", locale)
    _field(embed, pay_title, [amounts_line(outcome.names, result.payouts, points, locale)])
    _field(embed, session, [amounts_line(outcome.names, outcome.balances, points, locale)])
    _spreads_and_moves(embed, table, locale)


def _spreads_and_moves(embed: discord.Embed, table: PublicTable, locale: str) -> None:
    """The spreads on the table, and the last moves (how the hand went, once it is over)."""
    spreads = [
        text("table.spread", locale, number=s.number, owner=s.owner, cards=cards_text(s.cards))
        for s in table.spreads
    ]
    _field(embed, text("table.spreads", locale), spreads or [text("table.no_spreads", locale)])
    if table.moves:
        _field(embed, text("table.moves", locale), [move_text(m, locale) for m in table.moves])


def _seats_field(embed: discord.Embed, table: PublicTable, locale: str) -> None:
    lines = [_seat_line(seat, table, locale) for seat in table.seats]
    title = text("table.seats", locale, seated=len(table.seats), seats=table.max_seats)
    _field(embed, title, lines or [text("table.no_players", locale)])


def _seat_line(seat: PublicSeat, table: PublicTable, locale: str) -> str:
    marks = []
    if seat.host:
        marks.append(text("table.mark.host", locale))
    if seat.dealer and table.status == PLAYING:
        marks.append(text("table.mark.dealer", locale))
    name = f"**{seat.name}**"
    if seat.bot:
        name = text("bots.seat", locale, player=name)
    marked = text("table.list.comma", locale).join(marks)
    parts = [text("table.seat_marked", locale, player=name, marks=marked) if marks else name]
    if table.status == PLAYING:
        parts.append(
            _card_count(seat.cards, locale)
            if seat.cards is not None
            else text("table.next_hand_seat", locale)
        )
    if table.hand_number:
        if table.rules.scoring == "push_up":
            parts.append(text("table.balance_points", locale, points=seat.balance))
        else:
            parts.append(text("table.balance", locale, balance=amount_text(seat.balance, locale)))
    if table.rules.waiting and seat.cards is not None:
        parts.append(text("table.waits", locale, waits=seat.waits))
    if seat.leaving:
        parts.append(text("table.leaving", locale))
    line = " · ".join(parts)
    return text("table.turn_mark", locale, line=line) if seat.to_act else line


def _card_count(cards: int, locale: str) -> str:
    return text("table.card_count", locale, cards=cards)


def _cut_lines(table: PublicTable, locale: str) -> list[str]:
    lines = [
        names_text(
            [text("table.cut_card", locale, player=p, card=card_symbol(c)) for p, c in r.cuts],
            locale,
        )
        for r in table.cut
    ]
    dealer = next((s.name for s in table.seats if s.dealer), "")
    lines.append(text("table.deals", locale, player=dealer))
    return lines


def pile_line(top_discard: int | None, stock: int, locale: str) -> str:
    """The discard pile's top card (or that it is empty) and how many cards the stock holds."""
    pile = (
        text("table.pile", locale, card=card_symbol(top_discard))
        if top_discard is not None
        else text("table.pile_empty", locale)
    )
    return text("table.pile_and_stock", locale, pile=pile, stock=stock)


def amounts_line(
    names: tuple[str, ...], amounts: tuple[int, ...], points: bool, locale: str
) -> str:
    """Payments or balances (``ann +4 · dan −4``); push-up points against, unsigned."""
    shown = (number_text(a, locale) if points else amount_text(a, locale) for a in amounts)
    return " · ".join(f"{n} {a}" for n, a in zip(names, shown, strict=True))


def _relative(table: PublicTable) -> str:
    return relative_time(table.turn_deadline or 0)


def _field(embed: discord.Embed, name: str, lines: list[str]) -> None:
    embed.add_field(name=name, value="\n".join(lines), inline=False)
