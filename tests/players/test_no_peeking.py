"""A computer player sees only its seat's ``SeatView``: never another hand, nor the stock.

Three proofs: the deciding modules never import the ``Hand`` (nor the referee modules that
hold one); the referee hands players nothing but ``SeatView``s; and shuffling every card the
seat cannot see (the others' unknown cards and the stock) leaves its view, and every level's
decision, exactly the same.
"""

from __future__ import annotations

import ast
import random
from pathlib import Path
from typing import Any

import pytest

from bot.engine import Action, Hand, SeatView, build_rules, seat_view
from bot.engine.cards import card_list, card_text, parse_card
from bot.players import Level
from bot.players.knowledge import read_table
from bot.players.registry import make_player
from bot.players.table import play_hand

PLAYERS = Path(__file__).resolve().parents[2] / "bot" / "players"
DECIDING = ("protocol", "simple", "heuristic", "hard", "estimate", "knowledge", "shape")
REFEREES = {"bot.players.table", "bot.players.tournament", "bot.players.terminal"}


@pytest.mark.parametrize("module", DECIDING)
def test_deciding_modules_never_import_the_hand(module: str) -> None:
    """Only the referees (table, tournament, terminal) touch a ``Hand``."""
    tree = ast.parse((PLAYERS / f"{module}.py").read_text("utf-8"))
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom):
            assert node.module not in REFEREES, node.module
            assert all(alias.name != "Hand" for alias in node.names)
        if isinstance(node, ast.Import):
            assert all(alias.name not in REFEREES for alias in node.names)


def test_the_referee_gives_players_views_only() -> None:
    """``play_hand`` passes each player a ``SeatView`` of its own seat, nothing else."""
    seen: list[object] = []

    class Spy:
        level = "spy"

        def __init__(self, seat: int) -> None:
            self.seat = seat
            self.inner = make_player(Level.HARD, random.Random(seat))

        def choose(self, view: SeatView) -> Action:
            seen.append(view)
            assert view.seat == self.seat
            return self.inner.choose(view)

        def slap(self, view: SeatView) -> Action | None:
            seen.append(view)
            return self.inner.slap(view)

    rules = build_rules("standard", {"slap": "race"})
    for seed in range(4):
        hand = Hand.deal(rules, ["a", "b", "c"], seed % 3, rng=random.Random(seed))
        play_hand(hand, [Spy(0), Spy(1), Spy(2)])
    assert seen and all(type(v) is SeatView for v in seen)
    assert not any(isinstance(getattr(v, f), Hand) for v in seen for f in SeatView.__slots__)


def _reshuffled(hand: Hand, seat: int, rng: random.Random) -> Hand:
    """The same hand with every card ``seat`` cannot see dealt again among the other hands
    (their unknown cards) and the stock."""
    view = seat_view(hand, seat)
    know = read_table(view)
    data: dict[str, Any] = hand.to_json()
    hidden = {o.seat: hand.hands[o.seat] & ~o.known for o in know.others}
    pool = [c for mask in hidden.values() for c in card_list(mask)]
    pool += [parse_card(c) for c in data["stock"]]
    rng.shuffle(pool)
    for other, mask in hidden.items():
        size = mask.bit_count()
        kept = [c for c in card_list(hand.hands[other]) if not mask >> c & 1]
        data["hands"][other] = [card_text(c) for c in sorted(kept + pool[:size])]
        pool = pool[size:]
    data["stock"] = [card_text(c) for c in pool]
    return Hand.from_json(data)


def _positions(count: int) -> list[Hand]:
    """Hands stopped at many points of play, at whoever must act."""
    rules = build_rules("standard")
    found = []
    rng = random.Random(5)
    for seed in range(count):
        hand = Hand.deal(rules, ["a", "b", "c"], seed % 3, rng=random.Random(seed))
        players = [make_player(Level.NORMAL, random.Random(s)) for s in range(3)]
        stop = rng.randrange(1, 12)
        play_hand(hand, players, max_actions=stop)
        if not hand.over:
            found.append(hand)
    return found


@pytest.mark.parametrize("level", list(Level))
def test_what_a_seat_cannot_see_does_not_change_its_view_or_its_move(level: str) -> None:
    """Other hands and the stock dealt afresh: the same view, the same decision."""
    rng = random.Random(11)
    changed = 0
    for hand in _positions(25):
        seat = hand.actor
        assert seat is not None
        other = _reshuffled(hand, seat, rng)
        changed += other.hands != hand.hands or other.stock != hand.stock
        assert seat_view(other, seat) == seat_view(hand, seat)
        first = make_player(level, random.Random(42)).choose(seat_view(hand, seat))
        second = make_player(level, random.Random(42)).choose(seat_view(other, seat))
        assert first == second
    assert changed > 10
