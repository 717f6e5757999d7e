"""A table in a channel: seats, host, rules, the session's balances, and the hand in play.

Every operation checks first and raises ``TableError`` (or the engine's ``IllegalAction`` /
``RulesError``) without changing anything; an accepted one bumps ``version``, so a caller
can commit each version before replying, and a component that carries an old version can
be refused. Times (``now``) are passed in by the caller: this module never reads a clock.

Life cycle: ``LOBBY`` (seats fill, the host may change the whole ``Setup``) → ``PLAYING``
(a hand is on) → ``BETWEEN`` (the hand is over, the next one deals after a pause) →
``PLAYING`` … and ``CLOSED`` at the end. With fewer than two seats left after a hand the
table goes back to ``LOBBY``.

The host may seat computer players (``add_bot``): a ``Seat`` with a ``level`` and a negative
pseudo user id. They get no turn timer, and never play on alone: when the last person
stands up (or is removed after a hand), the table closes.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from enum import StrEnum
from itertools import compress
from operator import attrgetter, is_not
from typing import Any

from bot.engine.actions import Action, Kind
from bot.engine.hand import Hand
from bot.engine.melds import most_players, pack_for
from bot.engine.rules import MIN_PLAYERS, Rules, RulesError, rules_from_json
from bot.engine.settle import Result, push_up_match_over
from bot.i18n import Grouped, text
from bot.i18n.bounds import quote
from bot.players.levels import SEATABLE, Level
from bot.tables.autoplay import play_turn
from bot.tables.dealing import CutRound, Shuffler, cut_for_deal
from bot.tables.errors import TableError


class Status(StrEnum):
    """Where a table is in its life cycle (see above)."""

    LOBBY = "lobby"
    PLAYING = "playing"
    BETWEEN = "between"
    CLOSED = "closed"


LOBBY = Status.LOBBY
PLAYING = Status.PLAYING
BETWEEN = Status.BETWEEN
CLOSED = Status.CLOSED

MISSED_TURNS_LIMIT = 3
DEFAULT_SEATS = 4
MAX_BIG_ONE = 10
MAX_INVITED = 25
"""How many members a table may invite (each invitation mentions one in the channel)."""
DEFAULT_TURN_TIMEOUT = 120.0
MIN_STAKE, MAX_STAKE = 1, 1_000_000
STATE_FORMAT = 1


class Departure(StrEnum):
    """What ``leave`` and ``kick`` did."""

    REMOVED = "removed"
    """The player stood up (no hand in play)."""
    LEAVING = "leaving"
    """The player leaves at the end of the hand in play, played automatically until then."""
    TABLE_EMPTY = "table_empty"
    """The last person left: the table closed."""
    UNINVITED = "uninvited"
    """A member invited to a private table, who had not sat down, lost the invitation."""


def check_stake(stake: int) -> int:
    """A basic stake a table may play for, else TableError."""
    if not MIN_STAKE <= stake <= MAX_STAKE:
        raise TableError("bad_stake", low=MIN_STAKE, high=Grouped(MAX_STAKE))
    return stake


@dataclass(frozen=True, slots=True)
class Seat:
    """A member at the table, or a computer player (``level`` set, a negative ``user_id``)."""

    user_id: int
    name: str
    level: Level | None = None

    @property
    def is_bot(self) -> bool:
        return self.level is not None


@dataclass(frozen=True, slots=True)
class Setup:
    """What the host may change: before the first deal the rules and the basic stake; at
    any time the seats, the turn timer (None: off) and whether the table is private."""

    rules: Rules
    stake: int
    max_seats: int
    turn_timeout: float | None
    private: bool = False

    def with_rules(self, rules: Rules) -> Setup:
        """This setup playing ``rules``, its seats lowered to as many as they deal to."""
        return replace(self, rules=rules, max_seats=min(self.max_seats, most_players(rules)))


def _check_setup(setup: Setup) -> None:
    """TableError unless a table may play with ``setup``: seats its rules can deal to, and
    a stake it may play for."""
    most = most_players(setup.rules)
    if not MIN_PLAYERS <= setup.max_seats <= most:
        raise TableError("bad_seats", low=MIN_PLAYERS, high=most)
    check_stake(setup.stake)


@dataclass(frozen=True, slots=True)
class HandRecord:
    """A finished hand as the table keeps it for the record: who played, what they held.

    ``hand`` is the finished hand itself, whose deal and moves the store records with the
    hand's row (``bot.tables.journal.hand_result``) at the commit that finishes it. It is
    not saved (``to_json``), so a save holds a finished hand's moves only while it is the
    table's hand in play: a table restored then has it back; one restored after the next
    deal has None. States saved with the ``replay`` that earlier releases kept still load.
    """

    number: int
    players: tuple[int, ...]
    dealer: int
    result: Result
    hands: tuple[int, ...]
    balances: tuple[int, ...]
    match_winner: int | None = None
    hand: Hand | None = field(default=None, compare=False, repr=False)


@dataclass(frozen=True, slots=True)
class HandDM:
    """A player's direct message of their hand (``cogs.tonk.screens``), the language it
    was written in and, kept when the bot stops, a digest of the text it shows (empty when
    not known)."""

    hand: int
    channel_id: int
    message_id: int
    locale: str
    digest: str = ""

    def to_json(self) -> list[int | str]:
        return [self.hand, self.channel_id, self.message_id, self.locale, self.digest]

    @classmethod
    def from_json(cls, data: list[Any]) -> HandDM:
        digest = str(data[4]) if len(data) > 4 else ""  # saved before digests were kept: none
        return cls(int(data[0]), int(data[1]), int(data[2]), str(data[3]), digest)


@dataclass
class Table:
    """One table. Create with ``Table.open``; change only through the methods below."""

    id: int
    guild_id: int
    channel_id: int
    host_id: int
    rules: Rules
    stake: int = 1
    max_seats: int = DEFAULT_SEATS
    turn_timeout: float | None = DEFAULT_TURN_TIMEOUT
    locale: str = "en"
    seats: list[Seat] = field(default_factory=list)
    names: dict[int, str] = field(default_factory=dict)
    balances: dict[int, int] = field(default_factory=dict)
    status: Status = LOBBY
    hand: Hand | None = None
    hand_number: int = 0
    dealer_id: int | None = None
    cut: tuple[CutRound, ...] = ()
    missed: dict[int, int] = field(default_factory=dict)
    leaving: set[int] = field(default_factory=set)
    auto_moves: set[int] = field(default_factory=set)
    last_hand: HandRecord | None = None
    turn_deadline: float | None = None
    deadline_turn: tuple[int, int] | None = None
    last_activity: float = 0.0
    version: int = 0
    message_id: int | None = None
    reminder_id: int | None = None
    """The turn reminder in the channel (``cogs.tonk.screens``), kept so that a restart can
    delete it."""
    announcement_id: int | None = None
    """The message that told the server's announce role the table opened (``/tonk config
    announce``), kept until it says that the table started or closed, after a restart too."""
    announcement_role: int | None = None
    """The role that message mentions, kept with it so that, after a restart too, the
    announcement follows what the host changes in the lobby."""
    direct_messages: dict[int, HandDM] = field(default_factory=dict)
    """Each player's DM of their hand, kept so that after a restart that DM is edited on,
    in its language, not sent again."""
    dm_refused: set[int] = field(default_factory=set)
    """The players Discord would not let the bot DM: told so once, and not tried again
    while the table lasts (after a restart too)."""
    big_one_left: int = 0
    private: bool = False
    """Whether only the members in ``invited`` may take a seat (``/tonk new private:True``);
    computer players are seated by the host, so they need no invitation."""
    invited: dict[int, str] = field(default_factory=dict)
    """The members invited to the table (its **Invite**), by user id, with their names; at
    a private table also its first host, and a member kicked from it is no longer invited."""
    shuffler: Shuffler = field(default_factory=Shuffler, repr=False)
    _players: tuple[Hand | None, tuple[int, ...]] = field(
        default=(None, ()), init=False, repr=False, compare=False
    )

    @classmethod
    def open(
        cls,
        table_id: int,
        guild_id: int,
        channel_id: int,
        host: Seat,
        rules: Rules,
        *,
        now: float,
        stake: int = 1,
        max_seats: int = DEFAULT_SEATS,
        turn_timeout: float | None = DEFAULT_TURN_TIMEOUT,
        locale: str = "en",
        shuffler: Shuffler | None = None,
        private: bool = False,
        invited: Mapping[int, str] | None = None,
    ) -> Table:
        """A new table in the lobby with ``host`` in the first seat; a ``private`` one that
        only the host and the members ``invited`` may join."""
        _check_setup(Setup(rules, stake, max_seats, turn_timeout))
        table = cls(
            table_id,
            guild_id,
            channel_id,
            host.user_id,
            rules,
            stake=stake,
            max_seats=max_seats,
            turn_timeout=turn_timeout,
            locale=locale,
            last_activity=now,
            shuffler=shuffler or Shuffler(),
            private=private,
            invited={**(invited or {}), **({host.user_id: host.name} if private else {})},
        )
        table._seat(host)
        return table

    # -- queries ---------------------------------------------------------------------------

    def is_seated(self, user_id: int) -> bool:
        return any(s.user_id == user_id for s in self.seats)

    def is_bot(self, user_id: int) -> bool:
        """Whether ``user_id`` is a computer player's pseudo id (seated or not any more)."""
        return user_id < 0

    def bot_level(self, user_id: int) -> Level | None:
        """The level of the computer player seated as ``user_id`` (None: not one)."""
        return next((s.level for s in self.seats if s.user_id == user_id), None)

    def name_of(self, user_id: int) -> str:
        """The name of a member who sat here, or was invited; else their id."""
        return self.names.get(user_id) or self.invited.get(user_id) or str(user_id)

    @property
    def hand_players(self) -> tuple[int, ...]:
        """The user ids of the hand in play (or just played), in seat order."""
        hand, players = self._players
        if hand is not self.hand:
            players = tuple(int(p) for p in self.hand.players) if self.hand else ()
            self._players = (self.hand, players)
        return players

    def hand_seat(self, user_id: int) -> int | None:
        """The engine seat of ``user_id`` in the current hand, if they play in it."""
        players = self.hand_players
        return players.index(user_id) if user_id in players else None

    @property
    def to_act_id(self) -> int | None:
        """The player who must act now (``Hand.actor``: a slapper who owes a discard, else the
        player whose turn it is), while a hand is on."""
        if self.status != PLAYING or self.hand is None or self.hand.actor is None:
            return None
        return self.hand_players[self.hand.actor]

    @property
    def turn_id(self) -> tuple[int, int] | None:
        """Names the current turn: (hand number, turns played in the hand)."""
        if self.status != PLAYING or self.hand is None:
            return None
        return (self.hand_number, sum(self.hand.turns))

    def may_manage(self, user_id: int, manage_server: bool) -> bool:
        """The host, or a member with the Manage Server permission."""
        return user_id == self.host_id or manage_server

    # -- the lobby ---------------------------------------------------------------------------

    def may_sit(self, user_id: int) -> bool:
        """Whether ``user_id`` may take a seat: anyone at a table that is not private; at a
        private one, a member invited or a computer player (seated by the host)."""
        return not self.private or user_id in self.invited or self.is_bot(user_id)

    def join(self, seat: Seat, now: float) -> None:
        """Sit down. During a session a newcomer sits at the dealer's right (S4). At a
        private table, only if invited."""
        self._require_open()
        if self.is_seated(seat.user_id):
            raise TableError("already_seated")
        if not self.may_sit(seat.user_id):
            raise TableError("private_table", host=self.name_of(self.host_id))
        if len(self.seats) >= self.max_seats:
            raise TableError("table_full", seats=self.max_seats)
        self._seat(seat)
        if self.dealer_id is not None:
            self.seats.remove(seat)
            self.seats.insert(self._index(self.dealer_id), seat)
        self._changed(now)

    def add_bot(self, by: int, level: str, now: float) -> Seat:
        """The host seats a computer player of ``level``, as ``join`` would seat a person.

        Its pseudo user id is negative and never reused at this table (balances are kept by
        id), and its name numbers it: "Hard bot 2".
        """
        self._require_open()
        if by != self.host_id:
            raise TableError("host_only")
        if level not in SEATABLE:  # a command's text: a forged one can name anything
            raise TableError("bot_level", level=quote(level), known=", ".join(SEATABLE))
        number = 1 - min((u for u in self.names if u < 0), default=0)
        level_name = text(f"bots.level.{level}", self.locale)
        name = text("bots.name", self.locale, level=level_name, number=number)
        seat = Seat(-number, name, Level(level))
        self.join(seat, now)
        return seat

    def remove_bot(self, by: int, name: str | None, manage_server: bool, now: float) -> str:
        """The host (or a server manager) stands a computer player up, as ``kick`` would:
        the one called ``name``, else the one seated last. Returns its name."""
        self._require_open()
        if not self.may_manage(by, manage_server):
            raise TableError("host_or_manager")
        bots = [s for s in self.seats if s.is_bot and s.user_id not in self.leaving]
        if name is not None:
            bots = [s for s in bots if s.name.casefold() == name.strip().casefold()]
        if not bots:
            raise TableError("no_bot" if name is None else "no_bot_named", name=quote(name))
        seat = min(bots, key=lambda s: s.user_id)
        self._stand_up(seat.user_id, now)
        return seat.name

    def leave(self, user_id: int, now: float) -> Departure:
        """Stand up: at once, or (mid-hand) played automatically until the hand ends.

        Returns ``Departure.REMOVED``, ``Departure.LEAVING`` or ``Departure.TABLE_EMPTY``
        (the last player left and the table closed).
        """
        self._require_open()
        if not self.is_seated(user_id):
            raise TableError("not_seated")
        return self._stand_up(user_id, now)

    def kick(self, by: int, user_id: int, manage_server: bool, now: float) -> Departure:
        """The host (or a server manager) removes a player, as ``leave`` would; at a
        private table the player is no longer invited. A member invited to a private table
        who has not sat down loses the invitation (``Departure.UNINVITED``)."""
        self._require_open()
        if not self.may_manage(by, manage_server):
            raise TableError("host_or_manager")
        if user_id == by:
            raise TableError("kick_self")
        if not self.is_seated(user_id):
            if not self.private or user_id not in self.invited:
                raise TableError("not_seated_other", player=self.name_of(user_id))
            del self.invited[user_id]
            self._changed(now)
            return Departure.UNINVITED
        if self.private:
            self.invited.pop(user_id, None)
        return self._stand_up(user_id, now)

    def check_inviter(self, by: int) -> None:
        """Raise ``TableError`` unless ``by`` may invite members now: a player seated here
        (the host alone, at a private table), while a seat is free and the table may still
        invite (:data:`MAX_INVITED`)."""
        self._require_open()
        if not self.is_seated(by):
            raise TableError("invite_not_seated")
        if self.private and by != self.host_id:
            raise TableError("host_only")
        if len(self.seats) >= self.max_seats:
            raise TableError("table_full", seats=self.max_seats)
        if len(self.invited) >= MAX_INVITED:
            raise TableError("invite_limit", most=MAX_INVITED)

    def invite(self, by: int, members: Sequence[tuple[int, str]], now: float) -> None:
        """``by`` invites ``members`` (user id, name) to take a seat: at a private table,
        that lets them join. Refused, inviting nobody, if ``by`` may not invite
        (:meth:`check_inviter`), or for oneself, a member seated or already invited, or
        past :data:`MAX_INVITED` invitations."""
        self.check_inviter(by)
        for user_id, name in members:
            if user_id == by:
                raise TableError("invite_self")
            if self.is_seated(user_id):
                raise TableError("invite_seated", player=name)
            if user_id in self.invited:
                raise TableError("already_invited", player=name)
        new = dict(members)
        if len(self.invited) + len(new) > MAX_INVITED:
            raise TableError("invite_limit", most=MAX_INVITED)
        self.invited.update(new)
        self._changed(now)

    @property
    def setup(self) -> Setup:
        return Setup(self.rules, self.stake, self.max_seats, self.turn_timeout, self.private)

    def pass_host(self, by: int, user_id: int, manage_server: bool, now: float) -> None:
        """The host (or a server manager) makes another person playing here the host."""
        self._require_open()
        if not self.may_manage(by, manage_server):
            raise TableError("host_or_manager")
        if not self.is_seated(user_id):
            raise TableError("not_seated_other", player=self.name_of(user_id))
        if user_id == self.host_id:
            raise TableError("already_host", player=self.name_of(user_id))
        if self.is_bot(user_id) or user_id in self.leaving:
            raise TableError("host_must_stay", player=self.name_of(user_id))
        self.host_id = user_id
        self._changed(now)

    def change_setup(self, by: int, change: Callable[[Setup], Setup], now: float) -> Setup:
        """The host changes the table: ``change`` makes the new setup from the current one
        (``RulesError`` names a conflict of rules). The whole new setup is checked before any
        of it applies; it must seat everyone seated. The rules and the stake change only
        before the first deal; the seats, the turn timer and privacy at any time. A
        new turn timer gives the player to act its whole time from now. A table made private
        invites the people seated at it. Returns the new setup."""
        self._require_open()
        if by != self.host_id:
            raise TableError("host_only")
        setup = change(self.setup)
        if self.hand_number and (setup.rules, setup.stake) != (self.rules, self.stake):
            raise TableError("settings_locked")
        _check_setup(setup)
        if setup.max_seats < len(self.seats):
            raise TableError("seats_taken", players=len(self.seats))
        self.rules, self.stake = setup.rules, setup.stake
        if setup.turn_timeout != self.turn_timeout:
            self.turn_timeout = setup.turn_timeout
            self.deadline_turn = None  # the turn on now is timed again, from now
        self.max_seats = setup.max_seats
        if setup.private and not self.private:
            self.invited.update({s.user_id: s.name for s in self.seats if not s.is_bot})
        self.private = setup.private
        self._changed(now)
        if self.hand is not None and not self.hand.over:
            self._time_turn(now)
        return setup

    def announce_big_one(self, by: int, hands: int, now: float) -> None:
        """O44 The Big One: the host announces that the last ``hands`` deals of the session
        are played for double stakes; after the last of them the table closes."""
        self._require_open()
        if by != self.host_id:
            raise TableError("host_only")
        if not 1 <= hands <= MAX_BIG_ONE:
            raise TableError("big_one_hands", most=MAX_BIG_ONE)
        self.big_one_left = hands
        self._changed(now)

    def close(self, by: int, manage_server: bool) -> None:
        """End the table; a hand in progress is abandoned without payments."""
        self._require_open()
        if not self.may_manage(by, manage_server):
            raise TableError("host_or_manager")
        self._close()

    def shut(self) -> None:
        """Close the table without anyone asking (a long time without activity, or its
        channel gone); a hand in progress is abandoned without payments."""
        self._require_open()
        self._close()

    # -- dealing -----------------------------------------------------------------------------

    def start(self, by: int, now: float) -> None:
        """The host deals the first hand (after the cut for deal, S4)."""
        self._require_open()
        if by != self.host_id:
            raise TableError("host_only")
        if self.status != LOBBY:
            raise TableError("already_started")
        self._deal(now)

    def next_hand(self, now: float, by: int | None = None) -> None:
        """Deal the next hand, on the host's button (``by``) or after the pause."""
        self._require_open()
        if by is not None and by != self.host_id:
            raise TableError("host_only")
        if self.status != BETWEEN:
            raise TableError("no_next_hand")
        self._deal(now)

    def _deal(self, now: float) -> None:
        n = len(self.seats)
        if n < MIN_PLAYERS:
            raise TableError("need_players", low=MIN_PLAYERS)
        size = len(pack_for(self.rules).cards)
        if n * self.rules.hand_size + 2 > size:  # S1
            raise RulesError("rules.pack_too_small", players=n, size=size)
        if self.dealer_id is None or not self.is_seated(self.dealer_id):
            order, self.cut = cut_for_deal(
                [s.user_id for s in self.seats], self.rules, self.shuffler
            )
            self.seats.sort(key=lambda s: order.index(s.user_id))
            self.dealer_id = order[0]
        players = [str(s.user_id) for s in self.seats]
        rules = self.rules.with_option("big_one", True) if self.big_one_left else self.rules
        order = self.shuffler.pack(rules)
        self.hand = Hand(rules, players, self._index(self.dealer_id), order, self.stake)
        self.hand_number += 1
        self.status = PLAYING
        self.auto_moves = set()
        self.deadline_turn = None
        self.last_activity = now
        self._after_moves(now)

    # -- playing -----------------------------------------------------------------------------

    def act(
        self, user_id: int, kind: Kind, now: float, cards: int = 0, spread: int | None = None
    ) -> None:
        """A player's move; the engine's ``IllegalAction`` says why one is refused."""
        hand = self._live_hand()
        seat = self.hand_seat(user_id)
        if seat is None:
            raise TableError("not_in_hand")
        if user_id in self.leaving:
            raise TableError("you_left")
        hand.act(Action.of(kind, seat, cards, spread))
        self.missed[user_id] = 0
        self.last_activity = now
        self._after_moves(now)

    def expire_turn(self, turn: tuple[int, int], now: float) -> list[Action]:
        """The turn timer ran out: the player to act plays automatically (item 7).

        ``turn`` is the ``turn_id`` the timer was set for; when the turn has moved on since,
        nothing happens and the list is empty. After ``MISSED_TURNS_LIMIT`` missed turns in
        a row the player is removed at the end of the hand.
        """
        if self.status == CLOSED or self.turn_id != turn or self.hand is None:
            return []
        seat = self.hand.actor
        if seat is None:
            return []
        user_id = self.hand_players[seat]
        played = self._autoplay(seat)
        self.missed[user_id] = self.missed.get(user_id, 0) + 1
        if self.missed[user_id] >= MISSED_TURNS_LIMIT:
            self.leaving.add(user_id)
        self._after_moves(now)
        return played

    def _after_moves(self, now: float) -> None:
        """Play the turns of players who left, then end the hand or time the next turn."""
        hand = self.hand
        assert hand is not None
        while (seat := hand.actor) is not None and self.hand_players[seat] in self.leaving:
            if not self._autoplay(seat):
                break
        self.version += 1
        if hand.over:
            self._finish_hand()
        else:
            self._time_turn(now)

    def _time_turn(self, now: float) -> None:
        """A turn that began (or whose timer changed) runs out ``turn_timeout`` from now."""
        hand = self.hand
        assert hand is not None
        if self.turn_id != self.deadline_turn:
            self.deadline_turn = self.turn_id
            timeout = self.turn_timeout
            bot_turn = self.is_bot(self.hand_players[hand.to_act])
            self.turn_deadline = None if timeout is None or bot_turn else now + timeout

    def _autoplay(self, seat: int) -> list[Action]:
        assert self.hand is not None
        first = len(self.hand.log)
        played = play_turn(self.hand, seat)
        self.auto_moves.update(range(first, len(self.hand.log)))
        return played

    def _finish_hand(self) -> None:
        """Pay the hand, remove those who left, pass the deal to the left (S4)."""
        hand = self.hand
        assert hand is not None and hand.result is not None
        players = self.hand_players
        for user_id, amount in zip(players, hand.result.payouts, strict=True):
            self.balances[user_id] = self.balances.get(user_id, 0) + amount
        balances = tuple(self.balances[u] for u in players)
        winner = self._push_up_winner(players)
        self.last_hand = HandRecord(
            self.hand_number,
            players,
            hand.dealer,
            hand.result,
            tuple(hand.hands),
            balances,
            winner,
            hand,
        )
        self.dealer_id = self._next_seat(players[hand.dealer], exclude=self.leaving)
        for user_id in sorted(self.leaving):
            self._unseat(user_id)
        self.leaving.clear()
        self.turn_deadline = None
        self.deadline_turn = None
        if hand.rules.big_one and self.big_one_left:
            self.big_one_left -= 1  # O44: counts down the announced last deals
            if not self.big_one_left:
                self.status = CLOSED
                return
        if not self._humans():
            self.status = CLOSED  # nobody left, or only computer players
        else:
            self.status = BETWEEN if len(self.seats) >= MIN_PLAYERS else LOBBY

    def _push_up_winner(self, players: tuple[int, ...]) -> int | None:
        """H10: a push-up match ends when a score reaches the limit; the lowest total wins."""
        if not push_up_match_over([self.balances[u] for u in players], self.rules):
            return None
        winner = min(players, key=lambda u: self.balances[u])
        for user_id in self.balances:
            self.balances[user_id] = 0
        return winner

    # -- seats -------------------------------------------------------------------------------

    def _seat(self, seat: Seat) -> None:
        self.seats.append(seat)
        self.names[seat.user_id] = seat.name
        self.balances.setdefault(seat.user_id, 0)

    def _stand_up(self, user_id: int, now: float) -> Departure:
        self.last_activity = now
        if not self.is_bot(user_id) and not self._humans(besides=user_id) and self._bots():
            self._close()  # computer players never play on by themselves
            return Departure.TABLE_EMPTY
        if self.status == PLAYING and self.hand_seat(user_id) is not None:
            self.leaving.add(user_id)
            self._after_moves(now)
            return Departure.TABLE_EMPTY if self.status == CLOSED else Departure.LEAVING
        if self.dealer_id == user_id and self.status != PLAYING:
            self.dealer_id = self._next_seat(user_id, exclude={user_id})
        self._unseat(user_id)
        if not self.seats:
            self._close()
            return Departure.TABLE_EMPTY
        if self.status == BETWEEN and len(self.seats) < MIN_PLAYERS:
            self.status = LOBBY
        self.version += 1
        return Departure.REMOVED

    def _unseat(self, user_id: int) -> None:
        if user_id == self.host_id and len(self.seats) > 1:
            exclude = {user_id, *(s.user_id for s in self._bots())}
            self.host_id = self._next_seat(user_id, exclude=exclude) or user_id
        self.seats = [s for s in self.seats if s.user_id != user_id]
        self.missed.pop(user_id, None)

    def _next_seat(self, user_id: int, exclude: set[int]) -> int | None:
        """The first seat clockwise after ``user_id`` (S4: to the left) not in ``exclude``."""
        ids = [s.user_id for s in self.seats]
        if user_id not in ids:
            return next((u for u in ids if u not in exclude), None)
        start = ids.index(user_id)
        ring = ids[start + 1 :] + ids[: start + 1]
        return next((u for u in ring if u not in exclude), None)

    def _humans(self, besides: int | None = None) -> list[Seat]:
        """The people seated who are staying (not leaving, not ``besides``)."""
        return [
            s
            for s in self.seats
            if not s.is_bot and s.user_id != besides and s.user_id not in self.leaving
        ]

    def _bots(self) -> list[Seat]:
        return [s for s in self.seats if s.is_bot]

    def _index(self, user_id: int) -> int:
        return [s.user_id for s in self.seats].index(user_id)

    # -- state -------------------------------------------------------------------------------

    def _require_open(self) -> None:
        if self.status == CLOSED:
            raise TableError("table_closed")

    def _live_hand(self) -> Hand:
        self._require_open()
        if self.status != PLAYING or self.hand is None:
            raise TableError("no_hand")
        return self.hand

    def _changed(self, now: float) -> None:
        self.last_activity = now
        self.version += 1

    def _close(self) -> None:
        self.status = CLOSED
        self.turn_deadline = None
        self.deadline_turn = None
        self.version += 1

    # -- saving and restoring ----------------------------------------------------------------

    def to_json(self, *, hand: bool = True) -> dict[str, Any]:
        """Everything but the shuffler, as JSON (the engine hand through ``Hand.to_json``).

        ``hand=False`` leaves out the ``"hand"`` key (the move journal writes the hand as its
        deal and actions instead).
        """
        data = _fields_json(_SAVED_VALUES(self))
        if hand:
            data["hand"] = self.hand.to_json() if self.hand else None
        return data

    def saved(self, since: Saved | None = None) -> Saved:
        """The fields ``to_json(hand=False)`` holds, as they are now (see :class:`Saved`).

        The lists, dicts and sets are copies; one equal to its copy in ``since`` is that
        copy, so that ``Saved.changed`` tells the fields that changed by identity.
        """
        values = list(_SAVED_VALUES(self))
        for index in _CONTAINERS:
            value = values[index]
            if since is not None and value == since.values[index]:
                values[index] = since.values[index]
            else:
                values[index] = value.copy()
        return Saved(tuple(values))

    @classmethod
    def from_json(cls, data: dict[str, Any], shuffler: Shuffler | None = None) -> Table:
        """The table saved by ``to_json``; ValueError when the data is not a saved table."""
        if data.get("format") != STATE_FORMAT:
            raise ValueError(f"unknown saved-table format {data.get('format')!r}")
        try:
            hand = Hand.from_json(data["hand"]) if data["hand"] else None
            hand_number = int(data["hand_number"])
            return cls(
                id=int(data["id"]),
                guild_id=int(data["guild_id"]),
                channel_id=int(data["channel_id"]),
                host_id=int(data["host_id"]),
                rules=rules_from_json(data["rules"]),
                stake=int(data["stake"]),
                max_seats=int(data["max_seats"]),
                turn_timeout=data["turn_timeout"],
                locale=str(data["locale"]),
                seats=[
                    Seat(int(s[0]), str(s[1]), Level(s[2]) if len(s) > 2 else None)
                    for s in data["seats"]
                ],
                names={int(u): str(n) for u, n in data["names"].items()},
                balances={int(u): int(b) for u, b in data["balances"].items()},
                status=Status(data["status"]),
                hand=hand,
                hand_number=hand_number,
                dealer_id=data["dealer_id"],
                cut=tuple(CutRound(tuple(p), tuple(c)) for p, c in data["cut"]),
                missed={int(u): int(m) for u, m in data["missed"].items()},
                leaving=set(data["leaving"]),
                auto_moves=set(data["auto_moves"]),
                last_hand=_record_from_json(data["last_hand"], hand, hand_number),
                turn_deadline=data["turn_deadline"],
                deadline_turn=tuple(data["deadline_turn"]) if data["deadline_turn"] else None,
                last_activity=float(data["last_activity"]),
                version=int(data["version"]),
                message_id=data["message_id"],
                reminder_id=data.get("reminder_id"),
                announcement_id=data.get("announcement_id"),
                announcement_role=data.get("announcement_role"),
                direct_messages={
                    int(u): HandDM.from_json(dm)
                    for u, dm in data.get("direct_messages", {}).items()
                },
                dm_refused={int(u) for u in data.get("dm_refused", [])},
                big_one_left=int(data.get("big_one_left", 0)),
                private=bool(data.get("private", False)),
                invited={int(u): str(n) for u, n in data.get("invited", {}).items()},
                shuffler=shuffler or Shuffler(),
            )
        except (KeyError, TypeError, IndexError, RulesError) as error:
            raise ValueError(f"not a saved table: {error!r}") from error


def _record_json(record: HandRecord | None) -> dict[str, Any] | None:
    if record is None:
        return None
    return {
        "number": record.number,
        "players": list(record.players),
        "dealer": record.dealer,
        "result": record.result.to_json(),
        "hands": list(record.hands),
        "balances": list(record.balances),
        "match_winner": record.match_winner,
    }


def _by_user(values: Mapping[int, Any]) -> dict[str, Any]:
    return {str(user_id): value for user_id, value in values.items()}


def _same(value: Any) -> Any:
    return value


def _seats_json(seats: list[Seat]) -> list[list[Any]]:
    return [[s.user_id, s.name, *([s.level] if s.level else [])] for s in seats]


def _cut_json(cut: tuple[CutRound, ...]) -> list[list[list[Any]]]:
    return [[list(r.players), list(r.cards)] for r in cut]


def _turn_json(turn: tuple[int, int] | None) -> list[int] | None:
    return list(turn) if turn else None


def _dms_json(dms: dict[int, HandDM]) -> dict[str, list[int | str]]:
    return {str(user_id): dm.to_json() for user_id, dm in dms.items()}


def _rules_json(rules: Rules) -> dict[str, Any]:
    return rules.to_json()


_FIELDS: tuple[tuple[str, Callable[[Any], Any]], ...] = (
    ("id", _same),
    ("guild_id", _same),
    ("channel_id", _same),
    ("host_id", _same),
    ("rules", _rules_json),
    ("stake", _same),
    ("max_seats", _same),
    ("turn_timeout", _same),
    ("locale", _same),
    ("seats", _seats_json),
    ("names", _by_user),
    ("balances", _by_user),
    ("status", _same),
    ("hand_number", _same),
    ("dealer_id", _same),
    ("cut", _cut_json),
    ("missed", _by_user),
    ("leaving", sorted),
    ("auto_moves", sorted),
    ("last_hand", _record_json),
    ("turn_deadline", _same),
    ("deadline_turn", _turn_json),
    ("last_activity", _same),
    ("version", _same),
    ("message_id", _same),
    ("reminder_id", _same),
    ("announcement_id", _same),
    ("announcement_role", _same),
    ("direct_messages", _dms_json),
    ("dm_refused", sorted),
    ("big_one_left", _same),
    ("private", _same),
    ("invited", _by_user),
)
"""The fields ``Table.to_json`` saves besides ``format`` and ``hand``: each one's key (the
attribute's name) and how its value is written as JSON."""

_SAVED_VALUES = attrgetter(*(name for name, _ in _FIELDS))
_POSITIONS = range(len(_FIELDS))

_CONTAINERS = tuple(
    index
    for index, (name, _) in enumerate(_FIELDS)
    if name
    in (
        "seats",
        "names",
        "balances",
        "missed",
        "leaving",
        "auto_moves",
        "direct_messages",
        "dm_refused",
        "invited",
    )
)
"""The saved fields that a table changes in place (lists, dicts, sets): ``Table.saved``
copies them."""


def _fields_json(values: tuple[Any, ...]) -> dict[str, Any]:
    data: dict[str, Any] = {"format": STATE_FORMAT}
    for (name, encode), value in zip(_FIELDS, values, strict=True):
        data[name] = encode(value)
    return data


@dataclass(frozen=True, slots=True)
class Saved:
    """A table's saved fields (all of ``to_json`` but the hand) at one moment, as Python
    values: what the move journal keeps of its last commit, so that the next one writes
    only the fields that changed, without encoding the others. Equal values, equal JSON."""

    values: tuple[Any, ...]

    def to_json(self) -> dict[str, Any]:
        """``Table.to_json(hand=False)`` of the table at that moment."""
        return _fields_json(self.values)

    def changed(self, since: Saved) -> dict[str, Any]:
        """The ``to_json`` keys whose values differ from ``since``, with their new JSON (the
        fields that hold the same object are passed over without comparing them)."""
        values, before = self.values, since.values
        changed: dict[str, Any] = {}
        for index in compress(_POSITIONS, map(is_not, values, before)):
            value = values[index]
            if value != before[index]:
                name, encode = _FIELDS[index]
                changed[name] = encode(value)
        return changed


def _record_from_json(
    data: dict[str, Any] | None, hand: Hand | None, hand_number: int
) -> HandRecord | None:
    """The record saved as ``data``, given the saved table's ``hand`` and ``hand_number``:
    the record keeps that hand if it is the finished one it records."""
    if data is None:
        return None
    number = int(data["number"])
    finished = hand is not None and hand.result is not None and number == hand_number
    return HandRecord(
        number,
        tuple(data["players"]),
        int(data["dealer"]),
        Result.from_json(data["result"]),
        tuple(data["hands"]),
        tuple(data["balances"]),
        data["match_winner"],
        hand if finished else None,
    )
