"""A person at the terminal, as a ``Player``: the table drawn with rich, moves from a list.

``TerminalPlayer`` shows its seat's ``SeatView`` only (the others' cards stay hidden until
the hand is over), prints the moves made since it last looked, in words, and reads the
number of a legal move (``h`` shows the number of the move the adviser would make). ``q``
(or the end of the input) quits with ``Quit``; so does Ctrl-C, and either way the session's
final balances are shown. A drop with a count above the player's ``confirm_drop`` is asked
again. Amounts are labelled "this hand" and "session"; under push-up scoring (O42) they are
points against the player, shown unsigned. Every sentence comes from the catalogue
(``bot/i18n/en/players.py``).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

from rich.console import Console
from rich.table import Table

from bot.engine import Action, Hand, Rules, SeatView, seat_view
from bot.engine.actions import DRAW, DROP, HIT, SLAP, PublicMove
from bot.engine.cards import FIRST_JOKER, card_symbol, rank_of, suit_of
from bot.engine.settle import Result
from bot.i18n import amount_text, number_text, text
from bot.players.advice import advise
from bot.players.levels import Level
from bot.players.protocol import Player
from bot.players.registry import make_player
from bot.players.shape import cards_of
from bot.players.table import play_hand, unique_names

RED_SUITS = (1, 2)  # diamonds, hearts
YES = ("y", "yes")
QUIT = ("q", "quit")
HINT = ("h", "hint")


class Quit(Exception):
    """The person asked to stop (``q``) or the input ended."""


def card_markup(card: int) -> str:
    """One card with its symbol, red for hearts and diamonds: ``10♥``."""
    symbol = card_symbol(card)
    if card < FIRST_JOKER and suit_of(card) in RED_SUITS:
        return f"[red]{symbol}[/red]"
    return f"[bold]{symbol}[/bold]"


def by_rank(mask: int) -> list[int]:
    """The cards of ``mask`` sorted by rank, then suit (jokers last)."""
    return sorted(cards_of(mask), key=lambda c: (c >= FIRST_JOKER, rank_of(c), suit_of(c), c))


def cards_markup(mask: int, locale: str, sort_by_rank: bool = False) -> str:
    cards = by_rank(mask) if sort_by_rank else cards_of(mask)
    return " ".join(card_markup(c) for c in cards) or text("players.play.no_cards", locale)


def move_words(view: SeatView, move: PublicMove, locale: str) -> str:
    """A public move in words (a card drawn from the stock is never named)."""
    player = view.players[move.seat]
    number = move.spread
    if move.kind == SLAP and number is not None:
        return text("players.move.slap", locale, player=player, number=number + 1)
    spread = ""
    if move.kind == HIT and number is not None:
        spread = cards_markup(view.spreads[number][1], locale)
    return text(
        f"players.move.{move.kind}",
        locale,
        player=player,
        cards=cards_markup(move.cards, locale),
        number="" if number is None else number + 1,
        spread=spread,
    )


def action_words(view: SeatView, action: Action, locale: str) -> str:
    """A legal move as a menu entry: ``Hit 7♦ onto spread 2 (5♦ 6♦ 7♦)``."""
    top = "" if view.top_discard is None else card_markup(view.top_discard)
    if action.kind in (HIT, SLAP) and action.spread is not None:
        spread = view.spreads[action.spread][1]
        return text(
            f"players.choice.{action.kind}",
            locale,
            card=cards_markup(action.cards, locale) if action.kind == HIT else top,
            number=action.spread + 1,
            spread=cards_markup(spread, locale),
        )
    return text(
        f"players.choice.{action.kind}",
        locale,
        cards=cards_markup(action.cards, locale, sort_by_rank=True),
        card=top,
        count=view.count,
    )


def menu(view: SeatView) -> list[Action]:
    """The seat's legal moves in the engine's order of kinds, each kind sorted by rank."""
    actions = view.legal.actions(view.seat)
    kinds = list(dict.fromkeys(a.kind for a in actions))
    return sorted(
        actions,
        key=lambda a: (kinds.index(a.kind), [rank_of(c) for c in by_rank(a.cards)], a.spread or 0),
    )


def is_push_up(rules: Rules) -> bool:
    return rules.scoring == "push_up"


def amount_words(amount: int, points: bool, locale: str) -> str:
    """A payment or balance (``+2``, ``−1``), or push-up points against (``40``), in the
    locale's digits and signs."""
    return number_text(amount, locale) if points else amount_text(amount, locale)


def table_markup(view: SeatView, balances: Sequence[int], locale: str) -> Table:
    """The seats: name, cards held, session balance, and who deals, plays and waits."""
    points = is_push_up(view.rules)
    table = Table(
        title=text("players.play.title", locale, preset=view.rules.preset), title_justify="left"
    )
    balance = "players.play.column.points" if points else "players.play.column.balance"
    for key in ("players.play.column.seat", "players.play.column.cards", balance):
        table.add_column(text(key, locale))
    table.add_column(text("players.play.column.notes", locale))
    for seat, name in enumerate(view.players):
        notes = []
        if seat == view.dealer:
            notes.append(text("players.play.note.dealer", locale))
        if seat == view.to_act:
            notes.append(text("players.play.note.to_act", locale))
        if view.waits[seat]:
            notes.append(text("players.play.note.waits", locale, turns=view.waits[seat]))
        label = text("players.play.you", locale, name=name) if seat == view.seat else name
        table.add_row(
            f"[cyan]{label}[/cyan]" if seat == view.to_act else label,
            str(view.card_counts[seat]),
            amount_words(balances[seat], points, locale),
            ", ".join(notes),
        )
    return table


def spread_lines(view: SeatView, locale: str) -> list[str]:
    if not view.spreads:
        return [text("players.play.no_spreads", locale)]
    return [
        text(
            "players.play.spread",
            locale,
            number=i + 1,
            owner=view.players[owner],
            cards=cards_markup(cards, locale),
        )
        for i, (owner, cards) in enumerate(view.spreads)
    ]


def result_lines(view: SeatView, result: Result, locale: str) -> list[str]:
    """The end of a hand: how it ended, every hand shown, and who pays what."""
    names = view.players
    winners = ", ".join(names[s] for s in result.winners)
    lines = [
        text(
            f"players.ending.{result.ending}",
            locale,
            winners=winners,
            dropper="" if result.dropper is None else names[result.dropper],
            count="" if result.dropper is None else result.counts[result.dropper],
            multiple=result.multiple,
        )
    ]
    revealed = view.revealed or ()
    for seat, hand in enumerate(revealed):
        lines.append(
            text(
                "players.play.shown_hand",
                locale,
                player=names[seat],
                cards=cards_markup(hand, locale, sort_by_rank=True),
                count=result.counts[seat],
            )
        )
    points = is_push_up(view.rules)
    lines.append(text("players.play.this_hand_points" if points else "players.play.this_hand"))
    for seat, amount in enumerate(result.payouts):
        lines.append(
            text(
                "players.play.payment",
                locale,
                player=names[seat],
                amount=amount_words(amount, points, locale),
            )
        )
    return lines


class TerminalPlayer:
    """A person choosing moves at the terminal (see the module docstring)."""

    level = "human"

    def __init__(
        self,
        console: Console,
        read: Callable[[str], str],
        balances: Sequence[int],
        confirm_drop: int,
        locale: str,
    ) -> None:
        self.console = console
        self.locale = locale
        self.read = read
        self.balances = balances
        self.confirm_drop = confirm_drop
        self.shown = 0
        self.before_draw: int | None = None

    def choose(self, view: SeatView) -> Action:
        self.show(view)
        action = self.pick(view, menu(view), None, hints=True)
        assert action is not None  # no "0" entry was offered
        self.before_draw = view.hand if action.kind == DRAW else None
        return action

    def slap(self, view: SeatView) -> Action | None:
        self.show(view)
        self.console.print(
            text("players.play.slap_offer", self.locale, card=card_markup(view.top_discard or 0))
        )
        slaps = [Action(SLAP, view.seat, 0, s) for s in view.legal.slaps]
        return self.pick(view, slaps, text("players.choice.pass", self.locale), hints=True)

    def new_moves(self, view: SeatView) -> list[str]:
        """The moves made since this seat last looked, in words."""
        lines = [move_words(view, move, self.locale) for move in view.moves[self.shown :]]
        self.shown = len(view.moves)
        return lines

    def show(self, view: SeatView) -> None:
        console = self.console
        moves = self.new_moves(view)
        if moves:
            console.print(text("players.play.last_moves", self.locale))
            for line in moves:
                console.print(f"  {line}")
        if self.before_draw is not None:
            drawn = view.hand & ~self.before_draw
            if drawn:
                console.print(
                    text(
                        "players.play.you_drew", self.locale, card=cards_markup(drawn, self.locale)
                    )
                )
            self.before_draw = None
        console.print(table_markup(view, self.balances, self.locale))
        console.print(text("players.play.spreads", self.locale))
        for line in spread_lines(view, self.locale):
            console.print(f"  {line}")
        top = view.top_discard
        console.print(
            text(
                "players.play.pile",
                self.locale,
                card=card_markup(top)
                if top is not None
                else text("players.play.pile_empty", self.locale),
                stock=view.stock_size,
            )
        )
        console.print(
            text(
                "players.play.your_hand",
                self.locale,
                cards=cards_markup(view.hand, self.locale, sort_by_rank=True),
                count=view.count,
            )
        )
        if view.drop_barred:
            console.print(text("players.play.drop_barred", self.locale))

    def pick(
        self,
        view: SeatView,
        actions: list[Action],
        none_label: str | None,
        *,
        hints: bool = False,
    ) -> Action | None:
        """Show the numbered moves and read one; ``none_label`` offers 0 as no move; with
        ``hints``, ``h`` shows the number of the move the adviser would make
        (``bot.players.advice``: the person plays alone against computer players)."""
        console = self.console
        console.print(text("players.play.choose", self.locale))
        if none_label is not None:
            console.print(f"  0. {none_label}")
        for i, action in enumerate(actions, 1):
            console.print(f"  {i}. {action_words(view, action, self.locale)}")
        low = 0 if none_label is not None else 1
        prompt = text("players.play.prompt_hint" if hints else "players.play.prompt", self.locale)
        while True:
            answer = self.read(prompt).strip().lower()
            if answer in QUIT:
                raise Quit
            if hints and answer in HINT:
                advice = advise(view, f"{len(view.moves)}:{view.hand:x}")
                if advice is None:  # let the card go: the "0" entry
                    number, move = 0, none_label
                else:
                    number, move = (
                        actions.index(advice) + 1,
                        action_words(view, advice, self.locale),
                    )
                console.print(text("players.play.hint", self.locale, number=number, move=move))
                continue
            if answer.isdecimal() and low <= int(answer) <= len(actions):
                chosen = actions[int(answer) - 1] if int(answer) else None
                if chosen is None or self.confirmed(view, chosen):
                    return chosen
                continue
            key = "players.play.bad_choice_hint" if hints else "players.play.bad_choice"
            console.print(text(key, self.locale, low=low, high=len(actions)))

    def confirmed(self, view: SeatView, action: Action) -> bool:
        """Whether the player means it: a drop above ``confirm_drop`` is asked again."""
        if action.kind != DROP or view.count <= self.confirm_drop:
            return True
        answer = self.read(text("players.play.confirm_drop", self.locale, count=view.count))
        if answer.strip().lower() in QUIT:
            raise Quit
        return answer.strip().lower() in YES


def play_session(
    console: Console,
    read: Callable[[str], str],
    rules: Rules,
    levels: Sequence[Level],
    name: str,
    seed: int | None,
    confirm_drop: int,
    locale: str,
) -> list[int]:
    """Hands against computer players until the person quits (``q``, the end of the input
    or Ctrl-C); returns the balances.

    The person sits in seat 0. The first dealer is drawn at random; the deal then passes to
    the left after every hand (S4), thrown-in hands included.
    """
    rng = random.Random(seed)
    names = unique_names([name, *levels])
    balances = [0] * len(names)
    person = TerminalPlayer(console, read, balances, confirm_drop, locale)
    points = is_push_up(rules)
    players: list[Player] = [
        person,
        *(make_player(level, random.Random(rng.getrandbits(64))) for level in levels),
    ]
    dealer = rng.randrange(len(names))
    number = 1
    try:
        while True:
            console.rule(text("players.play.hand", locale, number=number, dealer=names[dealer]))
            hand = Hand.deal(rules, names, dealer, rng=rng)
            person.shown = 0
            played = play_hand(hand, players)
            view = seat_view(hand, 0)
            for line in person.new_moves(view):
                console.print(f"  {line}")
            if played.result is None:
                console.print(text("players.play.capped", locale))
            else:
                for line in result_lines(view, played.result, locale):
                    console.print(line)
                for seat, amount in enumerate(played.result.payouts):
                    balances[seat] += amount
            session = balance_line(names, balances, points, locale)
            key = "players.play.session_points" if points else "players.play.session"
            console.print(text(key, locale, balances=session))
            if read(text("players.play.next", locale)).strip().lower() in QUIT:
                break
            dealer = (dealer + 1) % len(names)
            number += 1
    except (Quit, KeyboardInterrupt):
        console.print()
    key = "players.play.goodbye_points" if points else "players.play.goodbye"
    console.print(text(key, locale, balances=balance_line(names, balances, points, locale)))
    return balances


def balance_line(names: Sequence[str], balances: Sequence[int], points: bool, locale: str) -> str:
    pairs = zip(names, balances, strict=True)
    return ", ".join(f"{n} {amount_words(b, points, locale)}" for n, b in pairs)
