"""The finished-hand record the cogs hand to ``Store.record_hand``."""

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
    """

    user_id: int
    name: str
    payout: int
    count: int
    won: bool
    how: Ending
    caught: bool = False
    is_bot: bool = False

    def __post_init__(self) -> None:
        Ending(self.how)  # raises ValueError for anything but a known ending


@dataclass(frozen=True, slots=True)
class HandResult:
    """Everything about one finished hand, recorded exactly once under :attr:`hand_uid`."""

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
