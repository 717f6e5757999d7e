"""Hints: who may ask the table for advice on their move, and when.

A hint is the move the strongest computer player would make in the asker's seat
(``bot.players.advice``). It is offered only to a person who plays alone against computer
players: every other player of the hand in play is one. Where another person plays, advice
would help one person against another, so none is offered. A hint is for the move the
person must make now (their turn, or a slap's extra discard), or for a discard they may slap
(O43) while another player is to move; it changes nothing at the table.
"""

from __future__ import annotations

from bot.engine.actions import LegalMoves
from bot.tables.errors import TableError
from bot.tables.table import PLAYING, Table


def hints_offered(table: Table, user_id: int) -> bool:
    """Whether ``user_id`` plays in the hand in play with computer players only."""
    players = table.hand_players
    return (
        table.status == PLAYING
        and user_id in players
        and user_id not in table.leaving
        and all(table.is_bot(player) for player in players if player != user_id)
    )


def advisable(table: Table, user_id: int, legal: LegalMoves) -> bool:
    """Whether a hint is for ``user_id`` now, whose legal moves are ``legal``: on their
    move, or while they may slap the card just discarded (O43)."""
    return table.to_act_id == user_id or bool(legal.slaps)


def hint_seat(table: Table, user_id: int) -> int:
    """The seat to advise: ``user_id``'s, when hints are offered to them and they must act
    now or may slap. Raises ``TableError`` saying why not (nothing is changed)."""
    if table.status != PLAYING or table.hand is None or table.hand.over:
        raise TableError("no_hand")
    seat = table.hand_seat(user_id)
    if seat is None:
        raise TableError("not_in_hand")
    if user_id in table.leaving:
        raise TableError("you_left")
    if not hints_offered(table, user_id):
        raise TableError("hint_not_alone")
    if not advisable(table, user_id, table.hand.legal_moves(seat)):
        raise TableError("hint_not_your_move")
    return seat


def hint_seed(table: Table) -> str:
    """The adviser's seed for the table as it is now: the same state, the same advice."""
    return f"{table.id}:{table.hand_number}:{table.version}"
