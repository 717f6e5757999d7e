"""A push-up hand paid no chips.

Revision ID: 0007
Revises: 0006

In push-up nobody pays (O42): the engine's payouts there are the points each loser is
pushed up. Until this revision the bot recorded them as chips, so a push-up loser's points
were added to their net chips on the scoreboard. Each seat of a push-up hand now has a
payout of 0, and those points are taken back off the members' net chips (hands won,
played and streaks were right: a push-up loser's streak was never reset by a payout below
0, and is not now).

A hand was push-up when its stored options (its rules' differences from its preset) set
``scoring`` to ``push_up``, or leave it at the ``push_up`` preset's. The points are not
restored by a downgrade: they were never chips.
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Sequence

import sqlalchemy as sa
from alembic import op

revision = "0007"
down_revision = "0006"
branch_labels = None
depends_on = None

PUSH_UP = "push_up"
BATCH = 500
"""Hands repaired per statement."""

_hand = sa.table("hand", sa.column("id"), sa.column("preset"), sa.column("options_json"))
_seat = sa.table(
    "hand_player",
    sa.column("hand_id"),
    sa.column("guild_id"),
    sa.column("user_id"),
    sa.column("is_bot"),
    sa.column("payout"),
)
_totals = sa.table(
    "player_totals", sa.column("guild_id"), sa.column("user_id"), sa.column("net_chips")
)


def upgrade() -> None:
    bind = op.get_bind()
    candidates = bind.execute(
        sa.select(_hand.c.id, _hand.c.preset, _hand.c.options_json).where(
            sa.or_(_hand.c.preset == PUSH_UP, _hand.c.options_json.like(f"%{PUSH_UP}%"))
        )
    ).all()
    push_up = [hand_id for hand_id, preset, options in candidates if _push_up(preset, options)]
    for hands in _batches(push_up):
        counted = bind.execute(
            sa.select(_seat.c.guild_id, _seat.c.user_id, sa.func.sum(_seat.c.payout))
            .where(
                _seat.c.hand_id.in_(hands),
                _seat.c.user_id.is_not(None),
                _seat.c.is_bot.is_(False),
            )
            .group_by(_seat.c.guild_id, _seat.c.user_id)
        ).all()
        for guild_id, user_id, points in counted:
            bind.execute(
                _totals.update()
                .where(_totals.c.guild_id == guild_id, _totals.c.user_id == user_id)
                .values(net_chips=_totals.c.net_chips - points)
            )
        bind.execute(_seat.update().where(_seat.c.hand_id.in_(hands)).values(payout=0))


def downgrade() -> None:
    """Nothing to undo in the schema; the points are not put back as chips."""


def _push_up(preset: str, options_json: str) -> bool:
    """Whether a hand of ``preset`` with these stored options was scored by push-up."""
    try:
        options = json.loads(options_json)
    except ValueError:
        options = {}
    scoring = options.get("scoring") if isinstance(options, dict) else None
    return (scoring or (PUSH_UP if preset == PUSH_UP else "stakes")) == PUSH_UP


def _batches(ids: Sequence[int]) -> Iterator[list[int]]:
    for start in range(0, len(ids), BATCH):
        yield list(ids[start : start + BATCH])
