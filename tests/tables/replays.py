"""A recorded two-player hand, as ``Store.hand_replay`` reads it back, for replay tests."""

from __future__ import annotations

from bot.engine.actions import DISCARD, DRAW, SPREAD, Action
from bot.engine.cards import card_text, mask_of, parse_card
from bot.engine.hand import Hand, pack_order
from bot.engine.rules import preset_rules
from bot.store import HandDeal, HandReplay, HandSeat, HandSummary
from tests.engine.stacking import stack

PLAYERS = ("11", "22")  # ann deals (seat 0); bob (seat 1) plays first
HANDS = {"ann": ["KC", "QD", "9S", "8C", "2D"], "bob": ["4H", "5H", "6H", "7S", "7D"]}
TOP = stack(HANDS, ["ann", "bob"], "ann", "JC", ["3C", "10D", "7C"])


def cards(*names: str) -> int:
    return mask_of(parse_card(n) for n in names)


def played() -> Hand:
    """S11a: bob draws, discards, draws again and goes out with two spreads (a tonk)."""
    rules = preset_rules("standard")
    hand = Hand(rules, PLAYERS, 0, pack_order(rules, [parse_card(c) for c in TOP]))
    for action in (
        Action(DRAW, 1),
        Action(DISCARD, 1, cards("3C")),
        Action(DRAW, 0),
        Action(DISCARD, 0, cards("KC")),
        Action(DRAW, 1),
        Action(SPREAD, 1, cards("4H", "5H", "6H")),
        Action(SPREAD, 1, cards("7C", "7D", "7S")),
    ):
        hand.act(action)
    return hand


def recorded(
    hand: Hand,
    user_ids: tuple[int | None, ...] = (11, 22),
    names: tuple[str, ...] = ("ann", "bob"),
) -> HandReplay:
    """The store's record of ``hand`` (as ``Store.hand_replay`` reads it back): seat ``i``
    is member ``user_ids[i]`` called ``names[i]``, or a forgotten member for None."""
    result = hand.result
    assert result is not None
    seats = tuple(
        HandSeat(
            seat=seat,
            user_id=user_id,
            name=names[seat],
            is_bot=False,
            payout=result.payouts[seat],
            count=result.counts[seat],
            won=seat in result.winners,
            how=str(result.ending),
            caught=False,
        )
        for seat, user_id in enumerate(user_ids)
    )
    members = tuple(str(user_id) for user_id in user_ids)  # as the table names its players
    log = [action.to_json(members) for action in hand.log]
    for entry in log:  # what /tonk forget me leaves of a forgotten member's moves
        if entry["player"] == "None":
            entry["player"] = None
    return HandReplay(
        summary=HandSummary("5:1", 5, 1, hand.rules.preset, str(result.ending), 0.0, seats),
        channel_id=9,
        deal=HandDeal(
            rules=hand.rules.to_json(),
            dealer=hand.dealer,
            stake=hand.stake,
            order=tuple(card_text(card) for card in hand.order),
        ),
        action_log=log,
    )
