"""A recorded hand played again, move by move, for ``/tonk replay`` (no Discord here).

The store keeps each finished hand's deal (its rules, dealer, stake and pack order) and its
action log (:class:`~bot.store.HandReplay`). Dealing that deal again and passing the first
``step`` actions through the engine's own ``Hand.act`` gives the hand as it stood after its
``step``-th move. Only finished hands are recorded, so a replay shows every seat's cards and
names the card each draw took from the stock: nothing of it is secret any more.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from bot.engine.actions import DRAW, Action
from bot.engine.cards import parse_card
from bot.engine.errors import IllegalAction
from bot.engine.hand import Hand
from bot.engine.rules import Scoring, rules_from_json
from bot.engine.settle import Result
from bot.store import HandReplay, HandSeat
from bot.tables.errors import TableError


@dataclass(frozen=True, slots=True)
class ReplayStep:
    """A recorded hand after its first ``step`` of ``steps`` moves.

    ``hands`` are every seat's cards (masks, in seat order) and ``counts`` their counts,
    ``spreads`` the spreads on the table as (owner's seat, cards). ``move`` is the move
    that led here (None at the deal; a draw holds the card it drew). ``result`` is the
    hand's result once ``step`` is the last one: what it paid (push-up: the points each
    seat was pushed up, O42) is the engine's, from the replayed hand.
    """

    hand_uid: str
    table_id: int
    number: int
    preset: str
    step: int
    steps: int
    names: tuple[str, ...]
    bots: tuple[bool, ...]
    dealer: int
    hands: tuple[int, ...]
    counts: tuple[int, ...]
    spreads: tuple[tuple[int, int], ...]
    top_discard: int | None
    stock: int
    to_act: int | None
    move: Action | None
    result: Result | None
    push_up: bool

    @property
    def last(self) -> bool:
        """Whether this is the end of the hand."""
        return self.step == self.steps


_UNREADABLE = (ValueError, KeyError, TypeError, IndexError, IllegalAction)
"""What dealing or replaying a record that is not what the bot wrote raises (a bad deal's
``SetupError`` and ``RulesError`` are value errors)."""


def replay_step(replay: HandReplay, step: int) -> ReplayStep:
    """``replay``'s hand after its first ``step`` moves (0 is the deal; a step past either
    end is the nearest end).

    ``TableError("replay_unkept")`` when the hand was recorded before deals were kept,
    ``TableError("replay_unreadable")`` when its record does not replay.
    """
    deal = replay.deal
    if deal is None:
        raise TableError("replay_unkept", number=replay.summary.hand_number)
    seats = replay.summary.seats
    players = tuple(_player(seat) for seat in seats)
    try:
        hand = Hand(
            rules_from_json(deal.rules),
            players,
            deal.dealer,
            [parse_card(card) for card in deal.order],
            deal.stake,
        )
        actions = [_action(entry, seats, players) for entry in replay.action_log]
        step = max(0, min(step, len(actions)))
        move = None
        for action in actions[:step]:
            held = hand.hands[action.seat]
            hand.act(action)
            move = action
        if move is not None and move.kind is DRAW:  # the log keeps no card for a draw (S7)
            move = move._replace(cards=hand.hands[move.seat] & ~held)
    except _UNREADABLE as error:
        raise TableError("replay_unreadable", number=replay.summary.hand_number) from error
    return ReplayStep(
        hand_uid=replay.summary.hand_uid,
        table_id=replay.summary.table_id,
        number=replay.summary.hand_number,
        preset=hand.rules.preset,
        step=step,
        steps=len(actions),
        names=tuple(seat.name for seat in seats),
        bots=tuple(seat.is_bot for seat in seats),
        dealer=hand.dealer,
        hands=tuple(hand.hands),
        counts=tuple(hand.counts()),
        spreads=tuple(zip(hand.owners, hand.spreads, strict=True)),
        top_discard=hand.top_discard,
        stock=len(hand.stock),
        to_act=hand.actor,
        move=move,
        result=hand.result if step == len(actions) else None,
        push_up=hand.rules.scoring == Scoring.PUSH_UP,
    )


def scenario_of(replay: HandReplay) -> dict[str, Any]:
    """``replay``'s hand as a scripted hand (the input of ``tonk scenario``, described in
    docs/scenarios.md), which plays it again to the same end: its rules and stake, the
    players by name in seat order (two players of the same name told apart), the dealer,
    the whole pack in order, and every move. Refused as :func:`replay_step` refuses."""
    deal = replay.deal
    if deal is None:
        raise TableError("replay_unkept", number=replay.summary.hand_number)
    seats = replay.summary.seats
    players = tuple(_player(seat) for seat in seats)
    names = _distinct(tuple(seat.name for seat in seats))
    try:
        rules = rules_from_json(deal.rules)
        moves = [_action(entry, seats, players).to_json(names) for entry in replay.action_log]
        dealer = names[deal.dealer]
    except _UNREADABLE as error:
        raise TableError("replay_unreadable", number=replay.summary.hand_number) from error
    return {
        "rules": {**rules.to_json(), "stake": deal.stake},
        "players": list(names),
        "dealer": dealer,
        "deck": list(deal.order),
        "actions": moves,
    }


def _distinct(names: tuple[str, ...]) -> tuple[str, ...]:
    """The names, each repeated one followed by its seat number (``ann (seat 3)``); should
    that make a name that is already there, every name gets its seat number (names that
    end in different seat numbers differ)."""

    def numbered(repeated_only: bool) -> tuple[str, ...]:
        return tuple(
            f"{name} (seat {seat + 1})" if names.count(name) > 1 or not repeated_only else name
            for seat, name in enumerate(names)
        )

    told_apart = numbered(repeated_only=True)
    return told_apart if len(set(told_apart)) == len(names) else numbered(repeated_only=False)


def _player(seat: HandSeat) -> str:
    """The seat's player as the hand names it: the member's id, as the table dealt it, or a
    stand-in for a member who was forgotten (``/tonk forget me`` scrubbed the id)."""
    return str(seat.user_id) if seat.user_id is not None else f"forgotten seat {seat.seat}"


def _action(
    entry: Mapping[str, Any], seats: Sequence[HandSeat], players: tuple[str, ...]
) -> Action:
    """A logged action; one by a forgotten member (its player scrubbed to null) is theirs
    when exactly one seat of the hand was forgotten."""
    if entry.get("player") is None:
        forgotten = [players[seat.seat] for seat in seats if seat.user_id is None]
        if len(forgotten) != 1:
            raise ValueError("a move by a forgotten member cannot be told apart")
        entry = {**entry, "player": forgotten[0]}
    return Action.from_json(dict(entry), players)
