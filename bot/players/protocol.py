"""The computer player's contract: it sees one ``SeatView`` and answers with an ``Action``.

A player never gets the ``Hand``: only what its seat may see (S7: hands are secret until the
hand ends). It owns an injected ``random.Random`` and no shared mutable state, so one
instance may decide in a worker thread while another instance decides in a different one.
"""

from __future__ import annotations

from typing import Protocol

from bot.engine import Action, SeatView


class Player(Protocol):
    """A computer player of one level."""

    level: str

    def choose(self, view: SeatView) -> Action:
        """The move to make when ``view.seat`` must act: its turn, or a slap's extra discard."""
        ...

    def slap(self, view: SeatView) -> Action | None:
        """O43: a slap to make now (``view.legal.slaps`` is not empty), or None to let it go."""
        ...
