"""Seeded random play at the table level: moves, timeouts, leaves, joins, new deals and
the host's changes during a hand.

``random_step`` makes one accepted change to a table (a move of whichever seat may act, a
turn timeout, someone leaving or joining, the host changing the seats, turn timer or
privacy, the next deal), chosen by ``rng``; the tests of the move journal commit after each
step and rebuild the table from the database.
"""

from __future__ import annotations

import random
from dataclasses import replace

from bot.engine.actions import DROP
from bot.engine.melds import most_players
from bot.tables.table import BETWEEN, CLOSED, LOBBY, PLAYING, Seat, Table

JOINERS = tuple(range(300, 320))


def random_move(table: Table, rng: random.Random, now: float) -> None:
    """One legal move in the hand in play, by a seat that may act (drops are rare)."""
    hand = table.hand
    assert hand is not None and table.status == PLAYING
    players = table.hand_players
    movers = [
        (seat, legal)
        for seat in range(hand.n)
        if players[seat] not in table.leaving and (legal := hand.legal_moves(seat))
    ]
    seat, legal = rng.choice(movers)
    moves = [a for a in legal.actions(seat) if a.kind != DROP or rng.random() < 0.05]
    action = rng.choice(moves or legal.actions(seat))
    table.act(players[seat], action.kind, now, action.cards, action.spread)


def random_step(table: Table, rng: random.Random, now: float) -> None:
    """One accepted change to an open table, picked by ``rng``."""
    assert table.status != CLOSED
    roll = rng.random()
    if table.status == PLAYING:
        if roll < 0.04 and table.turn_id is not None:
            table.expire_turn(table.turn_id, now)
        elif roll < 0.05:
            humans = [s.user_id for s in table.seats if not s.is_bot]
            table.leave(rng.choice(humans), now)
        elif roll < 0.07:
            seats = rng.randint(len(table.seats), most_players(table.rules))
            timeout = rng.choice([None, 30.0, 120.0])
            private = rng.random() < 0.5
            table.change_setup(
                table.host_id,
                lambda s: replace(s, max_seats=seats, turn_timeout=timeout, private=private),
                now,
            )
        else:
            random_move(table, rng, now)
        return
    free = len(table.seats) < table.max_seats
    if table.status in (LOBBY, BETWEEN) and free and len(table.seats) < 3 and roll < 0.5:
        _newcomer(table, now)
    elif table.status == LOBBY:
        if len(table.seats) < 2:
            _newcomer(table, now)
        else:
            table.start(table.host_id, now)
    else:
        table.next_hand(now)


def _newcomer(table: Table, now: float) -> None:
    """Someone new sits down; at a private table, the host invites them first."""
    newcomer = next(u for u in JOINERS if u not in table.names)
    name = f"player {newcomer}"
    if table.may_sit(newcomer):
        table.join(Seat(newcomer, name), now)
    else:
        table.invite(table.host_id, [(newcomer, name)], now)
