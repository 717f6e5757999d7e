"""One hand of Tonk: the deal, the turn state machine, and every action, checked first.

A ``Hand`` is dealt from a pack order (a shuffle by an injected ``random.Random``, or a
stacked deck) and then changed only by ``act``, which asks the one checker (``refusal``)
before it touches anything: a refused action raises ``IllegalAction`` and leaves the hand
exactly as it was. Every accepted action is appended to ``log`` and bumps ``version``.

Phases (S7, ``Phase``): ``start`` (the player to act may drop, draw or take, or claim a
chicago 49), ``play`` (has drawn: may spread, hit, discard), ``slap_discard`` (a slapper owes
the extra discard of O43), ``over`` (``result`` says how it ended). ``actor`` is the seat that
must act now.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from functools import reduce
from operator import or_
from typing import Any, assert_never

from bot.engine.actions import (
    DROP,
    HIT,
    NO_MOVES,
    OWES,
    SLAP_DISCARD,
    START_MOVES,
    TAKES,
    Action,
    Kind,
    LegalMoves,
    Phase,
    PublicMove,
    public_move,
    tuple_new,
)
from bot.engine.actions import OVER as OVER  # the phases, importable with the hand
from bot.engine.actions import PLAY as PLAY
from bot.engine.actions import START as START
from bot.engine.cards import RANK_MASKS, CardError, card_list, card_text, mask_of, parse_card
from bot.engine.errors import (
    CardsText,
    IllegalAction,
    RefusalCode,
)
from bot.engine.instant import judge_deal, may_claim_49
from bot.engine.melds import Pack, pack_for
from bot.engine.rules import (
    MAX_PLAYERS,
    MIN_PLAYERS,
    InstantWin,
    MustSpread,
    Rules,
    RulesError,
    Slap,
    Stakes,
    TonkOutPays,
    rules_from_json,
)
from bot.engine.settle import (
    DROP_CAUGHT,
    INSTANT_WIN,
    OUT_BY_DISCARD,
    TONK_OUT,
    Ending,
    Result,
    each_pays,
    finish,
    settle_drop,
    settle_stock_out,
)
from bot.engine.sidebets import SideBets, SideOutcome, settle_side_bets

ACES = RANK_MASKS[0]
STATE_FORMAT = 2
"""Version 2 writes None for "nobody" (``owes``, ``slap_from``, ``naturals_by``, a result's
``dropper``) and the ``slap_discard`` phase; version 1 (-1 for nobody, ``start`` with ``owes``
set) still loads."""


class SetupError(ValueError):
    """A hand that cannot be dealt: bad seats, dealer or stacked deck."""


def pack_order(
    rules: Rules, top: Sequence[int] = (), rng: random.Random | None = None
) -> list[int]:
    """The table's pack, top card first: ``top`` then the rest in canonical order, or shuffled."""
    pack = pack_for(rules)
    if rng is not None:
        order = list(pack.cards)
        rng.shuffle(order)
        return order
    seen = set()
    for c in top:
        if c in seen:
            raise SetupError(f"{card_text(c)} is named twice in the deck")
        if not pack.mask >> c & 1:
            raise SetupError(f"{card_text(c)} is not in this table's pack")
        seen.add(c)
    return [*top, *(c for c in pack.cards if c not in seen)]


class Hand:
    """The state of one hand at a table, with the actions that change it."""

    # Slots, not a __dict__: the hot path reads and writes these fields on every action.
    __slots__ = (
        "_book_hits",
        "_claims",
        "_hittable",
        "_must_spread",
        "_play_options",
        "_public",
        "_slaps",
        "_waiting",
        "actor",
        "dealer",
        "dealt",
        "drop_barred",
        "hands",
        "hit_ever",
        "hit_masks",
        "hit_pending",
        "log",
        "n",
        "naturals_by",
        "order",
        "out_block_next",
        "out_blocked",
        "owes",
        "owners",
        "pack",
        "phase",
        "pile",
        "players",
        "result",
        "rules",
        "seed",
        "side_bets",
        "slap_from",
        "spreads",
        "stake",
        "stock",
        "taken",
        "to_act",
        "turn_hits",
        "turn_spreads",
        "turns",
        "version",
        "waits",
    )

    def __init__(
        self,
        rules: Rules,
        players: Sequence[str],
        dealer: int,
        order: Sequence[int],
        stake: int = 1,
        seed: int | None = None,
        side_bets: SideBets | None = None,
    ) -> None:
        n = len(players)
        if not MIN_PLAYERS <= n <= MAX_PLAYERS or len(set(players)) != n:
            raise SetupError(f"a table seats {MIN_PLAYERS} to {MAX_PLAYERS} distinct players")
        if not 0 <= dealer < n:
            raise SetupError("the dealer must be one of the players")
        if stake < 1:
            raise SetupError("the stake must be at least 1")
        self._set_rules(rules)
        if n * rules.hand_size + 2 > (size := len(self.pack.cards)):  # S1
            raise RulesError("rules.pack_too_small", players=n, size=size)
        self.stake = stake
        self.seed = seed
        self.side_bets = side_bets
        self.naturals_by: int | None = None
        self.players = tuple(players)
        self.n = n
        self.dealer = dealer
        self.order = list(order)
        self.hands = [0] * n
        self.spreads: list[int] = []
        self.owners: list[int] = []
        self.hit_masks: list[int] = []
        self._hittable = 0  # the cards that fit some spread on the table: ``hit_masks`` ORed
        self.phase = START
        self.to_act = (dealer + 1) % n
        # The seat that must act now: the slapper who owes a discard (O43), else the player to
        # act; None once the hand is over. (Slaps by other seats are offered, never owed.) Kept
        # with the phase, not worked out: every move asks for it.
        self.actor: int | None = self.to_act
        self.turns = [0] * n
        self.waits = [0] * n
        self.drop_barred = False
        self.hit_pending = [False] * n
        self.out_block_next = [False] * n
        self.out_blocked = False
        self.taken = 0
        self.turn_hits = 0
        self.turn_spreads = 0
        self.hit_ever = [False] * n
        self.slap_from: int | None = None
        self.owes: int | None = None
        self.log: list[Action] = []
        self.result: Result | None = None
        self.version = 0
        self._deal()

    def _set_rules(self, rules: Rules) -> None:
        """The rules, the pack, the options the hot path asks about (as plain flags), and the
        log's caches, empty (a new or restored hand sets them up here)."""
        self.rules = rules
        self.pack: Pack = pack_for(rules)
        self._public: tuple[PublicMove, ...] = ()  # the log as the table saw it, so far
        self._book_hits = not rules.no_fourth_to_book
        self._must_spread = rules.must_spread != MustSpread.OFF
        self._claims = rules.instant_win == InstantWin.CHICAGO
        self._slaps = rules.slap != Slap.OFF
        self._waiting = rules.waiting
        self._play_options = (
            rules.discard_must_meld
            or rules.one_hit_per_turn
            or rules.hit_blocks_going_out
            or self._must_spread
        )

    # -- the deal (S5, S6) ---------------------------------------------------

    def _deal(self) -> None:
        n, size = self.n, self.rules.hand_size
        dealt = n * size
        for i in range(dealt):  # S5: one at a time, from the dealer's left
            self.hands[(self.dealer + 1 + i) % n] |= 1 << self.order[i]
        rest = self.order[dealt:]
        self.pile: list[int] = []
        if self.rules.upcard:  # O6
            self.pile.append(rest.pop(0))
        self.stock: list[int] = rest[::-1]
        self.dealt = list(self.hands)
        outcome = judge_deal(self.rules, self.pack, self.hands, self.dealer)
        if outcome is not None:
            self._end(
                finish(
                    self.rules,
                    self.stake,
                    outcome.ending,
                    outcome.winners,
                    outcome.net,
                    self.counts(),
                    outcome.multiple,
                )
            )

    @classmethod
    def deal(
        cls,
        rules: Rules,
        players: Sequence[str],
        dealer: int,
        rng: random.Random | None = None,
        top: Sequence[int] = (),
        stake: int = 1,
        seed: int | None = None,
        side_bets: SideBets | None = None,
    ) -> Hand:
        """Deal a hand: shuffled by ``rng`` (or ``random.Random(seed)``), or stacked ``top``."""
        if rng is None and seed is not None:
            rng = random.Random(seed)
        order = pack_order(rules, top, rng)
        return cls(rules, players, dealer, order, stake, seed, side_bets)

    # -- queries ---------------------------------------------------------------

    @property
    def over(self) -> bool:
        return self.phase is OVER

    def public_moves(self) -> tuple[PublicMove, ...]:
        """The action log with every card drawn from the stock hidden (extended as the log
        grows, never rebuilt; it holds the log's own actions, the draws replaced)."""
        known = self._public
        if len(known) != len(self.log):
            known = known + tuple(map(public_move, self.log[len(known) :]))
            self._public = known
        return known

    def log_json(self, first: int = 0, last: int | None = None) -> list[dict[str, Any]]:
        """The log's actions from ``first`` up to ``last`` (by default all of them) in
        ``Action.to_json``'s notation. Converted at each call: a hand keeps its actions only,
        most of them values shared by every hand (``Action.of``), so that a long hand costs
        little memory; saving converts each action once (a move rewrites only its own entry,
        inside ``act``), the whole log only when a hand is saved whole."""
        players = self.players
        return [a.to_json(players) for a in self.log[first:last]]

    def count(self, seat: int) -> int:
        return self.pack.count(self.hands[seat])

    def counts(self) -> list[int]:
        return [self.pack.count(h) for h in self.hands]

    @property
    def upcard(self) -> int | None:
        """S5, O6: the card turned up after the deal, which every player saw."""
        return self.order[self.n * self.rules.hand_size] if self.rules.upcard else None

    @property
    def top_discard(self) -> int | None:
        return self.pile[-1] if self.pile else None

    @property
    def next_seat(self) -> int:
        return (self.to_act + 1) % self.n

    def side_outcome(self) -> SideOutcome | None:
        """O45: the side bets settled, once the hand is over (None without side bets)."""
        if self.side_bets is None or self.phase is not OVER:
            return None
        return settle_side_bets(self.side_bets, self.dealt, self.naturals_by, self.stake)

    def boobed(self) -> bool:
        """O36: the stock holds no more cards than there are players."""
        return self.rules.boobed and len(self.stock) <= self.n

    def may_drop(self, seat: int) -> bool:
        return self.refusal(Action(DROP, seat)) is None

    def can(self, action: Action) -> bool:
        """Whether ``act`` would accept ``action`` now."""
        return self.refusal(action) is None

    def legal_moves(self, seat: int) -> LegalMoves:
        """What ``seat`` may do now; every move listed here is accepted by ``act``, and every
        move ``act`` accepts is listed (as single-card hits and discards)."""
        phase = self.phase
        if phase is OVER:
            return NO_MOVES[OVER]
        if phase is OWES:
            if seat == self.owes:
                return LegalMoves.of(OWES, slap_discards=self.hands[seat])
            return NO_MOVES[OWES]
        slaps = self._slap_targets() if self.slap_from is not None else ()
        if seat != self.to_act:
            return LegalMoves.of(phase, slaps=slaps) if slaps else NO_MOVES[phase]
        if phase is START:
            take = bool(self.pile) and (
                not self.rules.discard_must_meld or self._meldable(self.pile[-1])
            )
            claim = self._claims and self._may_claim(seat)
            if claim or slaps:
                return LegalMoves.of(START, not self.drop_barred, True, take, claim, slaps=slaps)
            return START_MOVES[(not self.drop_barred) | take << 1]
        # The play phase (inline: this is the engine's busiest query).
        hand = self.hands[seat]
        spreads = self.pack.spreads_in(hand)
        hits: tuple[tuple[int, int], ...] = ()
        if hand & self._hittable:
            for i, mask in enumerate(self.hit_masks):
                if hittable := hand & mask:
                    hits += tuple((i, c) for c in card_list(hittable))
        discards = hand
        if self._play_options:
            spreads, hits, discards = self._play_options_applied(hand, spreads, hits)
        size = discards.bit_count()
        if spreads or hits or slaps:
            size += len(spreads) + len(hits) + len(slaps)
        parts = (PLAY, False, False, False, False, spreads, hits, discards, slaps, 0, (), size)
        return tuple_new(LegalMoves, parts)  # LegalMoves.of without its flags: none in play

    def _play_options_applied(
        self, hand: int, spreads: tuple[int, ...], hits: tuple[tuple[int, int], ...]
    ) -> tuple[tuple[int, ...], tuple[tuple[int, int], ...], int]:
        """The spreads, hits and discards left to a hand by O19, O20 and O40."""
        discards = hand
        if self.taken:  # O20 discard_must_meld: the taken card must be used first
            spreads = tuple(m for m in spreads if m & self.taken)
            hits = tuple((i, c) for i, c in hits if 1 << c == self.taken)
            discards = 0
        if self.turn_hits and self.rules.one_hit_per_turn:
            hits = ()
        if self.out_blocked:  # O40 hit_blocks_going_out
            spreads = tuple(m for m in spreads if self._keeps(hand & ~m))
            hits = tuple((i, c) for i, c in hits if self._keeps(hand & ~(1 << c), hit=True))
        if discards and self._must_spread and self._holds_required_spread(hand):  # O19
            discards = 0
        return spreads, hits, discards

    def hit_targets(self, seat: int, cards: int) -> list[int]:
        """The spreads that ``seat`` may hit with ``cards`` now (any number of cards)."""
        return [i for i in range(len(self.spreads)) if self.can(Action(HIT, seat, cards, i))]

    def _slap_targets(self) -> tuple[int, ...]:
        top = 1 << self.pile[-1]
        return tuple(i for i, mask in enumerate(self.hit_masks) if mask & top)

    def _may_claim(self, seat: int) -> bool:
        first_turn = self.turns[seat] == 0
        return (
            first_turn
            and self.hands[seat] == self.dealt[seat]
            and may_claim_49(
                self.rules, self.pack.count(self.dealt[seat]), first_turn, len(self.spreads)
            )
        )

    def _keeps(self, left: int, hit: bool = False) -> bool:
        """O40 hit_blocks_going_out: a player who was hit keeps cards enough not to go out.

        ``left`` is the hand after laying; a discard must still follow it, unless the lay
        was a hit and ``hit_ends_turn`` is on.
        """
        need = 1 if hit and self.rules.hit_ends_turn else 2
        return not self.out_blocked or left.bit_count() >= need

    def _meldable(self, c: int) -> bool:
        """O20 discard_must_meld: ``c`` can go at once into a new spread or onto a spread."""
        m = 1 << c
        hand = self.hands[self.to_act]
        if self._keeps(hand, hit=True) and self._hittable & m:
            return True
        return any(s & m and self._keeps((hand | m) & ~s) for s in self.pack.spreads_in(hand | m))

    def _holds_required_spread(self, hand: int) -> bool:
        """O19 must_spread: a spread in hand that may be laid must be laid before discarding."""
        spreads = [m for m in self.pack.spreads_in(hand) if self._keeps(hand & ~m)]
        match self.rules.must_spread:
            case MustSpread.OFF:
                return False
            case MustSpread.ON:
                return bool(spreads)
            case MustSpread.ON_EXCEPT_ACES:
                pack = self.pack
                return any(m & ~ACES and not (pack.is_book(m) and m & ACES) for m in spreads)
            case unhandled:
                assert_never(unhandled)

    # -- the one checker ---------------------------------------------------------

    def check(self, a: Action) -> None:
        """Raise IllegalAction when ``a`` is not allowed now; change nothing."""
        refusal = self.refusal(a)
        if refusal is not None:
            raise refusal

    def refusal(self, a: Action) -> IllegalAction | None:
        """Why ``a`` is not allowed now (made, not raised), or None when it is allowed."""
        phase = self.phase
        if phase is OVER:
            return IllegalAction(RefusalCode.HAND_OVER, "hand_over")
        if phase is OWES:
            if a.seat != self.owes:
                player = self.players[self.owes] if self.owes is not None else ""
                return IllegalAction(
                    RefusalCode.NOT_YOUR_TURN, "slap_discard_pending", player=player
                )
            if a.kind != SLAP_DISCARD:
                return IllegalAction(RefusalCode.MUST_DISCARD, "must_slap_discard")
            return self._not_in_hand(a)
        rule = _REFUSALS.get(a.kind)
        if rule is None:
            return IllegalAction(RefusalCode.NOT_ALLOWED, "unknown_action", kind=a.kind)
        return rule(self, a)  # every rule refuses a seat out of range

    def _draw_refusal(self, a: Action) -> IllegalAction | None:
        if a.seat != self.to_act:
            return IllegalAction(RefusalCode.NOT_YOUR_TURN, "not_your_turn")
        if self.phase is PLAY:
            return IllegalAction(RefusalCode.ALREADY_DREW, "already_drew")
        return None

    def _take_refusal(self, a: Action) -> IllegalAction | None:
        if a.seat != self.to_act:
            return IllegalAction(RefusalCode.NOT_YOUR_TURN, "not_your_turn")
        if self.phase is PLAY:
            return IllegalAction(RefusalCode.ALREADY_DREW, "already_drew")
        if not self.pile:
            return IllegalAction(RefusalCode.NOT_ALLOWED, "empty_pile")
        if self.rules.discard_must_meld and not self._meldable(self.pile[-1]):
            return IllegalAction(
                RefusalCode.NOT_ALLOWED, "take_must_meld", card=card_text(self.pile[-1])
            )
        return None

    def _drop_refusal(self, a: Action) -> IllegalAction | None:
        if a.seat != self.to_act:
            return IllegalAction(RefusalCode.NOT_YOUR_TURN, "not_your_turn")
        if self.phase is PLAY:
            return IllegalAction(RefusalCode.CANNOT_DROP, "drop_at_start")
        if self.drop_barred:  # O37, O38: waiting
            return IllegalAction(RefusalCode.CANNOT_DROP, "drop_waiting")
        return None

    def _claim_refusal(self, a: Action) -> IllegalAction | None:
        if a.seat != self.to_act:
            return IllegalAction(RefusalCode.NOT_YOUR_TURN, "not_your_turn")
        if not (self.phase is START and self._claims and self._may_claim(a.seat)):
            return IllegalAction(RefusalCode.NOT_ALLOWED, "cannot_claim")
        return None

    def _not_in_hand(self, a: Action) -> IllegalAction | None:
        if a.cards & ~self.hands[a.seat] or not a.cards:
            return IllegalAction(
                RefusalCode.NOT_IN_HAND,
                "not_in_hand",
                cards=CardsText(a.cards & ~self.hands[a.seat]),
            )
        return None

    def _lay_refusal(self, a: Action) -> IllegalAction | None:
        """What a spread and a hit have in common: the turn, the phase, the cards, O20."""
        if a.seat != self.to_act:
            return IllegalAction(RefusalCode.NOT_YOUR_TURN, "not_your_turn")
        if self.phase is START:
            return IllegalAction(RefusalCode.MUST_DRAW_FIRST, "must_draw_first")
        refusal = self._not_in_hand(a)
        if refusal is None and self.taken and not a.cards & self.taken:  # O20 discard_must_meld
            return IllegalAction(
                RefusalCode.NOT_ALLOWED, "must_meld_taken", card=CardsText(self.taken)
            )
        return refusal

    def _out_blocked(self, a: Action) -> IllegalAction | None:
        """O40 hit_blocks_going_out: this turn the hand may not be emptied."""
        if not self._keeps(self.hands[a.seat] & ~a.cards, hit=a.kind == HIT):
            return IllegalAction(RefusalCode.NOT_ALLOWED, "out_blocked")
        return None

    def _spread_refusal(self, a: Action) -> IllegalAction | None:
        refusal = self._lay_refusal(a)
        if refusal is not None:
            return refusal
        if not self.pack.is_spread(a.cards):
            return IllegalAction(
                RefusalCode.INVALID_SPREAD, "invalid_spread", cards=CardsText(a.cards)
            )
        return self._out_blocked(a)

    def _hit_refusal(self, a: Action) -> IllegalAction | None:
        if a.seat != self.to_act:
            return IllegalAction(RefusalCode.NOT_YOUR_TURN, "not_your_turn")
        if self.phase is START:
            return IllegalAction(RefusalCode.MUST_DRAW_FIRST, "must_draw_first")
        if a.spread is None or not 0 <= a.spread < len(self.spreads):
            return IllegalAction(RefusalCode.INVALID_HIT, "no_such_spread", spread=a.spread)
        refusal = self._lay_refusal(a)
        if refusal is not None:
            return refusal
        if self.rules.one_hit_per_turn and self.turn_hits + a.cards.bit_count() > 1:  # O20
            return IllegalAction(RefusalCode.NOT_ALLOWED, "one_hit_per_turn")
        spread = self.spreads[a.spread]
        if not self.pack.can_hit(spread, a.cards, self._book_hits):
            if self.pack.can_hit(spread, a.cards):
                return IllegalAction(RefusalCode.NOT_ALLOWED, "no_fourth_to_book")
            return IllegalAction(
                RefusalCode.INVALID_HIT, "invalid_hit", cards=CardsText(a.cards), spread=a.spread
            )
        return self._out_blocked(a)

    def _discard_refusal(self, a: Action) -> IllegalAction | None:
        seat, cards = a.seat, a.cards
        if seat != self.to_act:
            return IllegalAction(RefusalCode.NOT_YOUR_TURN, "not_your_turn")
        if self.phase is START:
            return IllegalAction(RefusalCode.MUST_DRAW_FIRST, "must_draw_first")
        hand = self.hands[seat]
        if hand | cards != hand or not cards:
            return IllegalAction(
                RefusalCode.NOT_IN_HAND, "not_in_hand", cards=CardsText(cards & ~hand)
            )
        if not self._play_options:
            return None
        if self.taken:  # O20 discard_must_meld, H13
            return IllegalAction(
                RefusalCode.NOT_ALLOWED, "must_meld_taken", card=CardsText(self.taken)
            )
        if self._must_spread and self._holds_required_spread(hand):  # O19
            return IllegalAction(RefusalCode.MUST_LAY_SPREAD, "must_lay_spread")
        if self.out_blocked and not hand & ~cards:  # O40
            return IllegalAction(RefusalCode.NOT_ALLOWED, "out_blocked")
        return None

    def _slap_refusal(self, a: Action) -> IllegalAction | None:
        if not 0 <= a.seat < self.n:
            return IllegalAction(RefusalCode.NOT_YOUR_TURN, "not_your_turn")
        if not self._slaps:
            return IllegalAction(RefusalCode.NOT_ALLOWED, "slap_off")
        if self.slap_from is None or not self.pile:  # O43: the card is dead once the turn began
            return IllegalAction(RefusalCode.NOT_ALLOWED, "nothing_to_slap")
        if a.spread is None or not 0 <= a.spread < len(self.spreads):
            return IllegalAction(RefusalCode.INVALID_HIT, "no_such_spread", spread=a.spread)
        if not self.hit_masks[a.spread] >> self.pile[-1] & 1:
            return IllegalAction(
                RefusalCode.INVALID_HIT,
                "invalid_hit",
                cards=card_text(self.pile[-1]),
                spread=a.spread,
            )
        return None

    def _slap_discard_refusal(self, a: Action) -> IllegalAction | None:
        return IllegalAction(
            RefusalCode.NOT_ALLOWED, "no_slap_discard"
        )  # only the slap_discard phase

    # -- acting -------------------------------------------------------------------

    def act(self, a: Action) -> Result | None:
        """Check ``a``, then apply it. Returns the result when the hand ends."""
        kind, phase = a.kind, self.phase
        # In the start and play phases ``refusal`` is the kind's rule: asked here directly,
        # one call less on every move (any other phase or kind goes through ``refusal``).
        rule = _REFUSALS.get(kind) if phase is START or phase is PLAY else None
        refusal = self.refusal(a) if rule is None else rule(self, a)
        if refusal is not None:
            raise refusal
        if kind.__class__ is not Kind:  # a plain string from outside the engine
            a = a._replace(kind=Kind(kind))
        self.log.append(a)
        self.version += 1
        _EFFECTS[kind](self, a)
        return self.result

    def _do_draw(self, a: Action) -> None:
        if not self.stock:  # S10: drawing from the empty stock ends the hand (S11d)
            counts = self.counts()
            ending, winners, net = settle_stock_out(self.rules, counts)
            self._end(finish(self.rules, self.stake, ending, winners, net, counts, 1))
            return
        self.hands[a.seat] |= 1 << self.stock.pop()
        self.phase = PLAY
        self.slap_from = None  # O43: the next player's turn began; the card is dead

    def _do_take(self, a: Action) -> None:
        seat, c = a.seat, self.pile.pop()
        self.log[-1] = TAKES[seat][c]  # public: the card from the pile
        self.hands[seat] |= 1 << c
        if self.rules.discard_must_meld:
            self.taken = 1 << c
        self.phase = PLAY
        self.slap_from = None  # O43: the next player's turn began; the card is dead

    def _do_drop(self, a: Action) -> None:
        counts = self.counts()
        ending, winners, net = settle_drop(self.rules, counts, a.seat, self.dealer)
        multiple = 1 if ending != DROP_CAUGHT else 2
        self._end(finish(self.rules, self.stake, ending, winners, net, counts, multiple, a.seat))

    def _do_claim(self, a: Action) -> None:
        multiple = self.rules.chicago_49_pays  # O17c
        net = each_pays(self.n, (a.seat,), multiple)
        self._end(
            finish(self.rules, self.stake, INSTANT_WIN, (a.seat,), net, self.counts(), multiple)
        )

    def _do_spread(self, a: Action) -> None:
        self.hands[a.seat] &= ~a.cards
        self.spreads.append(a.cards)
        self.owners.append(a.seat)
        self.hit_masks.append(fits := self.pack.hit_cards(a.cards, self._book_hits))
        self._hittable |= fits
        self.turn_spreads += 1
        self.taken &= ~a.cards
        self.waits[a.seat] += self.rules.wait_after_spread  # O37
        bets = self.side_bets
        if (
            bets
            and self.naturals_by is None
            and a.seat in bets.naturals
            and not a.cards & self.pack.wild_mask
            and self.pack.is_book(a.cards)
        ):
            self.naturals_by = a.seat  # O45: the first natural book takes the naturals pot
        if not self.hands[a.seat]:
            self._emptied(a.seat, by_spread=True)

    def _do_hit(self, a: Action) -> None:
        assert a.spread is not None
        self.hands[a.seat] &= ~a.cards
        self._add_to_spread(a.spread, a.cards, a.seat)
        self.turn_hits += a.cards.bit_count()
        self.hit_ever[a.seat] = True
        self.taken &= ~a.cards
        if not self.hands[a.seat]:
            self._emptied(a.seat, by_spread=False)
        elif self.rules.hit_ends_turn:  # O20: a turn in which you hit has no discard
            self._end_turn()

    def _add_to_spread(self, index: int, cards: int, hitter: int) -> None:
        self.spreads[index] |= cards
        self.hit_masks[index] = self.pack.hit_cards(self.spreads[index], self._book_hits)
        self._hittable = reduce(or_, self.hit_masks)
        owner = self.owners[index]
        rules = self.rules
        if rules.wait_after_hit and (owner != hitter or rules.wait_after_own_hit):  # O38, O41
            # O38: each card added is one hit; O39: hits add up, or count once per round.
            hits = 1 if rules.wait_hit_once_per_round else cards.bit_count()
            if not (rules.wait_hit_once_per_round and self.hit_pending[owner]):
                self.waits[owner] += rules.wait_after_hit * hits
                self.out_block_next[owner] = rules.hit_blocks_going_out  # O40
            self.hit_pending[owner] = True

    def _do_discard(self, a: Action, ends_turn: bool = True) -> None:
        """A discard, which ends the turn; a slapper's extra discard (O43) does not."""
        seat, cards = a.seat, a.cards
        # The cards are in the hand (checked), so taking them out is a toggle.
        self.hands[seat] = hand = self.hands[seat] ^ cards
        self.pile.append(cards.bit_length() - 1)
        if not hand and not self.boobed():
            # S9, S11b: out by discarding the last card; O22 indiana: a rum pays 2.
            multiple = 2 if self.rules.stakes == Stakes.INDIANA else 1
            self._going_out(seat, OUT_BY_DISCARD, multiple)
            return
        if ends_turn:
            self._end_turn()
        if self._slaps and self._slap_targets():
            self.slap_from = seat

    def _do_slap(self, a: Action) -> None:
        assert a.spread is not None
        c = self.pile.pop()
        self.log[-1] = tuple_new(Action, (a.kind, a.seat, 1 << c, a.spread))  # public: the pile
        self._add_to_spread(a.spread, 1 << c, a.seat)  # H11: a slapped card counts as a hit
        priority = self.rules.slap == Slap.NEXT_PLAYER_PRIORITY and a.seat == self.to_act
        # O43: the extra discard comes from the hand; an emptied (boobed, O36) hand owes none.
        if a.seat != self.slap_from and not priority and self.hands[a.seat]:
            self.owes = self.actor = a.seat
            self.phase = OWES
        self.slap_from = None

    def _do_slap_discard(self, a: Action) -> None:
        self.owes = None
        self.phase = START  # the player to act has not begun the turn yet
        self.actor = self.to_act
        self._do_discard(a, ends_turn=False)

    def _emptied(self, seat: int, by_spread: bool) -> None:
        """The hand was emptied by laying cards: a tonk out (S9, S11a), unless boobed (O36)."""
        if self.boobed():
            self._end_turn()
            return
        self._going_out(seat, TONK_OUT, self._tonk_out_multiple(seat, by_spread))

    def _tonk_out_multiple(self, seat: int, by_spread: bool) -> int:
        rules = self.rules
        first_turn = self.turns[seat] == 0
        if (
            rules.first_turn_two_spreads
            and first_turn
            and self.turn_spreads >= 2
            and not self.turn_hits
        ):
            return 4  # O23
        if rules.stakes == Stakes.INDIANA:
            return 2  # O22: a rum
        match rules.tonk_out_pays:  # O21
            case TonkOutPays.DOUBLE:
                pass
            case TonkOutPays.SECOND_SPREAD_ONLY:
                if not (by_spread and self.owners.count(seat) >= 2):
                    return 1  # out by hitting, or with a first and only spread
            case TonkOutPays.SINGLE:
                return 1
            case unhandled:
                assert_never(unhandled)
        if rules.chicago_breaking and (self.hit_ever[seat] or not first_turn):  # O24
            return 1
        return 2

    def _going_out(self, seat: int, ending: Ending, multiple: int) -> None:
        net = each_pays(self.n, (seat,), multiple)
        self._end(finish(self.rules, self.stake, ending, (seat,), net, self.counts(), multiple))

    def _end_turn(self) -> None:
        """The turn passes to the left; the next player's waiting (O37-O40) starts to run."""
        seat = self.to_act
        self.turns[seat] += 1
        self.taken = self.turn_hits = self.turn_spreads = 0
        self.to_act = self.actor = seat = (seat + 1) % self.n
        self.phase = START
        if self._waiting:  # without waiting options, nobody is ever barred or blocked
            self.drop_barred = barred = self.waits[seat] > 0
            if barred:
                self.waits[seat] -= 1
            self.hit_pending[seat] = False
            self.out_blocked = self.out_block_next[seat]
            self.out_block_next[seat] = False

    def _end(self, result: Result) -> None:
        self.result = result
        self.phase = OVER
        self.actor = self.slap_from = self.owes = None

    # -- saving and restoring (exact round trip through JSON) -----------------------

    def deal_json(self) -> dict[str, Any]:
        """What deals this hand again, in ``to_json``'s notation: its rules, stake, seed, side
        bets, players, dealer and pack order (``Hand`` of them is this hand as dealt)."""
        return {
            "rules": self.rules.to_json(),
            "stake": self.stake,
            "seed": self.seed,
            "side_bets": self.side_bets.to_json(self.players) if self.side_bets else None,
            "players": list(self.players),
            "dealer": self.dealer,
            "order": [card_text(c) for c in self.order],
        }

    def to_json(self) -> dict[str, Any]:
        def cards(mask: int) -> list[str]:
            return [card_text(c) for c in card_list(mask)]

        return {
            "format": STATE_FORMAT,
            **self.deal_json(),
            "naturals_by": self.naturals_by,
            "hands": [cards(h) for h in self.hands],
            "dealt": [cards(h) for h in self.dealt],
            "stock": [card_text(c) for c in reversed(self.stock)],
            "pile": [card_text(c) for c in self.pile],
            "spreads": [
                {"owner": self.players[o], "cards": cards(m)}
                for o, m in zip(self.owners, self.spreads, strict=True)
            ],
            "phase": str(self.phase),
            "to_act": self.to_act,
            "turns": list(self.turns),
            "waits": list(self.waits),
            "drop_barred": self.drop_barred,
            "hit_pending": list(self.hit_pending),
            "out_block_next": list(self.out_block_next),
            "out_blocked": self.out_blocked,
            "taken": cards(self.taken),
            "turn_hits": self.turn_hits,
            "turn_spreads": self.turn_spreads,
            "hit_ever": list(self.hit_ever),
            "slap_from": self.slap_from,
            "owes": self.owes,
            "log": self.log_json(),
            "result": self.result.to_json() if self.result else None,
            "version": self.version,
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Hand:
        """The hand saved by ``to_json`` (this format or format 1); ValueError when the data
        is not a saved hand."""
        try:
            return cls._restore(data)
        except (KeyError, TypeError, IndexError, CardError) as error:
            raise ValueError(f"not a saved hand: {error!r}") from error

    @classmethod
    def _restore(cls, data: dict[str, Any]) -> Hand:
        if data.get("format") not in (1, STATE_FORMAT):
            raise ValueError(f"unknown saved-hand format {data.get('format')!r}")
        rules = rules_from_json(data["rules"])
        order = [parse_card(c) for c in data["order"]]
        hand = cls.__new__(cls)
        players = tuple(data["players"])

        def mask(names: list[str]) -> int:
            return mask_of(parse_card(c) for c in names)

        hand._set_rules(rules)
        hand.stake = int(data["stake"])
        hand.seed = data["seed"]
        hand.players = players
        bets = data["side_bets"]
        hand.side_bets = SideBets.from_json(bets, players) if bets else None
        hand.naturals_by = _seat_or_none(data["naturals_by"])
        hand.n = len(players)
        hand.dealer = int(data["dealer"])
        hand.order = order
        hand.hands = [mask(h) for h in data["hands"]]
        hand.dealt = [mask(h) for h in data["dealt"]]
        hand.stock = [parse_card(c) for c in reversed(data["stock"])]
        hand.pile = [parse_card(c) for c in data["pile"]]
        hand.spreads = [mask(s["cards"]) for s in data["spreads"]]
        hand.owners = [players.index(s["owner"]) for s in data["spreads"]]
        hand.hit_masks = [hand.pack.hit_cards(m, hand._book_hits) for m in hand.spreads]
        hand._hittable = reduce(or_, hand.hit_masks, 0)
        hand.to_act = int(data["to_act"])
        hand.turns = list(data["turns"])
        hand.waits = list(data["waits"])
        hand.drop_barred = bool(data["drop_barred"])
        hand.hit_pending = list(data["hit_pending"])
        hand.out_block_next = list(data["out_block_next"])
        hand.out_blocked = bool(data["out_blocked"])
        hand.taken = mask(data["taken"])
        hand.turn_hits = int(data["turn_hits"])
        hand.turn_spreads = int(data["turn_spreads"])
        hand.hit_ever = list(data["hit_ever"])
        hand.slap_from = _seat_or_none(data["slap_from"])
        hand.owes = _seat_or_none(data["owes"])
        hand.phase = Phase(data["phase"])
        if hand.owes is not None:  # format 1 kept the owed discard in the start phase
            hand.phase = OWES
        hand.actor = (
            None if hand.phase is OVER else hand.owes if hand.phase is OWES else hand.to_act
        )
        hand.log = [Action.from_json(a, players) for a in data["log"]]
        hand.result = Result.from_json(data["result"]) if data["result"] else None
        hand.version = int(data["version"])
        return hand


def _seat_or_none(value: object) -> int | None:
    """A saved seat: None for nobody (format 1 wrote -1)."""
    if value is None:
        return None
    seat = int(value)  # type: ignore[call-overload]
    return None if seat < 0 else seat


def _refusal_rule(kind: Kind) -> Callable[[Hand, Action], IllegalAction | None]:
    """The check of one kind of action (outside the slap_discard phase)."""
    match kind:
        case Kind.DRAW:
            return Hand._draw_refusal
        case Kind.TAKE:
            return Hand._take_refusal
        case Kind.SPREAD:
            return Hand._spread_refusal
        case Kind.HIT:
            return Hand._hit_refusal
        case Kind.DISCARD:
            return Hand._discard_refusal
        case Kind.DROP:
            return Hand._drop_refusal
        case Kind.CLAIM:
            return Hand._claim_refusal
        case Kind.SLAP:
            return Hand._slap_refusal
        case Kind.SLAP_DISCARD:
            return Hand._slap_discard_refusal
        case unhandled:
            assert_never(unhandled)


def _effect(kind: Kind) -> Callable[[Hand, Action], None]:
    """What an accepted action of one kind does."""
    match kind:
        case Kind.DRAW:
            return Hand._do_draw
        case Kind.TAKE:
            return Hand._do_take
        case Kind.SPREAD:
            return Hand._do_spread
        case Kind.HIT:
            return Hand._do_hit
        case Kind.DISCARD:
            return Hand._do_discard
        case Kind.DROP:
            return Hand._do_drop
        case Kind.CLAIM:
            return Hand._do_claim
        case Kind.SLAP:
            return Hand._do_slap
        case Kind.SLAP_DISCARD:
            return Hand._do_slap_discard
        case unhandled:
            assert_never(unhandled)


# Built from the exhaustive matches above, so the hot path is one dictionary lookup.
_REFUSALS = {kind: _refusal_rule(kind) for kind in Kind}
_EFFECTS = {kind: _effect(kind) for kind in Kind}
