"""The finished-hand record the cogs hand to ``Store.record_hand``, and the deal that deals
a recorded hand again."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from bot.engine.settle import Ending


@dataclass(frozen=True, slots=True)
class PlayerResult:
    """One seat's result in a finished hand.

    ``payout`` is the chips won (positive) or paid (negative); ``count`` the points left in
    hand; ``how`` the hand's ending as it applies to this player; ``caught`` marks the dropper
    who was caught. Bots (``is_bot``) are kept in the hand record but get no totals.
    ``pushed_up`` is the points a push-up hand pushed the player up by (O42: 0 for a winner;
    nobody pays, so ``payout`` is 0), None for a hand paid in chips. ``won_match`` marks the
    player who won the push-up match the hand ended (H10: the lowest total when a total
    reached the limit).
    """

    user_id: int
    name: str
    payout: int
    count: int
    won: bool
    how: Ending
    caught: bool = False
    is_bot: bool = False
    pushed_up: int | None = None
    won_match: bool = False

    def __post_init__(self) -> None:
        Ending(self.how)  # raises ValueError for anything but a known ending


@dataclass(frozen=True, slots=True)
class HandDeal:
    """What deals a recorded hand again: its rules (``Rules.to_json()``: preset and options),
    the dealer's seat, the stake and the pack order (card codes such as "10H", top first)."""

    rules: dict[str, Any]
    dealer: int
    stake: int
    order: tuple[str, ...]

    def to_json(self) -> dict[str, Any]:
        """The deal as a JSON object (what ``hand.deal_json`` holds)."""
        return {
            "rules": self.rules,
            "dealer": self.dealer,
            "stake": self.stake,
            "order": list(self.order),
        }

    @classmethod
    def from_json(cls, data: Any) -> HandDeal:
        """The deal written by :meth:`to_json`. Raises ``KeyError`` for a missing key,
        ``TypeError`` for a value of the wrong type, ``ValueError`` for a seat below 0, a
        stake below 1 or an empty pack."""
        if not isinstance(data, Mapping):
            raise TypeError(f"a deal is a JSON object, got {type(data).__name__}")
        rules, order = data["rules"], data["order"]
        if not isinstance(rules, dict):
            raise TypeError(f"a deal's rules are a JSON object, got {rules!r}")
        if not isinstance(order, list) or not all(isinstance(card, str) for card in order):
            raise TypeError(f"a deal's pack order is a list of card codes, got {order!r}")
        dealer, stake = _integer(data["dealer"]), _integer(data["stake"])
        if dealer < 0 or stake < 1 or not order:
            raise ValueError(f"not a deal: dealer {dealer}, stake {stake}, {len(order)} cards")
        return cls(rules=rules, dealer=dealer, stake=stake, order=tuple(order))


def _integer(value: Any) -> int:
    """``value`` if it is an integer (not a boolean), else ``TypeError``."""
    if not isinstance(value, int) or isinstance(value, bool):
        raise TypeError(f"expected an integer, got {value!r}")
    return value


@dataclass(frozen=True, slots=True)
class HandResult:
    """Everything about one finished hand, recorded exactly once under :attr:`hand_uid`.

    ``deal`` deals the hand again, for its replay; None where it is not known (a hand that
    began before deals were kept).
    """

    guild_id: int
    channel_id: int
    table_id: int
    hand_number: int
    preset: str
    seed: int | str
    ending: Ending
    players: Sequence[PlayerResult]
    options: Mapping[str, Any] = field(default_factory=dict)
    action_log: Sequence[Any] = ()
    deal: HandDeal | None = None

    def __post_init__(self) -> None:
        if not self.players:
            raise ValueError("a hand needs at least one player")
        user_ids = [player.user_id for player in self.players]
        if len(set(user_ids)) != len(user_ids):
            raise ValueError(f"a user sits twice in hand {self.hand_uid}: {user_ids}")

    @property
    def hand_uid(self) -> str:
        """Unique key of the hand: a retry of the same hand maps to the same key."""
        return f"{self.table_id}:{self.hand_number}"

    @property
    def winners(self) -> list[int]:
        """User ids of the players who won the hand."""
        return [player.user_id for player in self.players if player.won]
