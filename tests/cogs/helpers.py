"""Driving the real bot through the fake Discord like players do: by what messages say."""

from __future__ import annotations

import itertools
import random
from collections.abc import AsyncIterator, Callable, Collection, Sequence
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any, NamedTuple

import discord
import pytest

import cogs.tonk.bots
from bot.client import TonkBot
from bot.config import Timing
from bot.engine.actions import TAKE
from bot.engine.cards import card_list, card_symbol, mask_of, parse_card
from bot.players.protocol import Player
from bot.tables.dealing import Shuffler
from bot.tables.table import Table
from cogs.scoreboard.seasons import SeasonClock
from cogs.tonk.service import TableService
from tests.engine.stacking import stack
from tests.fakediscord import (
    FakeChannel,
    FakeDiscord,
    FakeGuild,
    InteractionResult,
    SimulatedMember,
    StoredMessage,
    Visibility,
    run_bot,
)
from tests.tables.manual_clock import ManualClock

FAST = Timing(
    edit_interval=0.005,
    table_edit_interval=0.005,
    next_hand_delay=30.0,
    idle_timeout=1800.0,
    reply_patience=2.0,
    message_retry=0.01,
    bot_pause=0.0,
    channel_requests_per_s=10_000.0,
)


def make_bot(**options: Any) -> TonkBot:
    """The bot with a manual clock (timers fire when tests say), short edit intervals, a
    request budget that holds no edit back (``test_budget`` sets its own), computer players
    that move without a pause, and shuffles seeded 0, 1, 2… table by table (tests stack the
    decks they check)."""
    seeds = itertools.count()
    options.setdefault("clock", ManualClock())
    options.setdefault("timing", FAST)
    options.setdefault("shuffler_factory", lambda: Shuffler(random.Random(next(seeds))))
    return TonkBot(**options)


def db_bot(database: Path) -> TonkBot:
    """:func:`make_bot` keeping its data in the SQLite file ``database``."""
    return make_bot(database_url=f"sqlite+aiosqlite:///{database}")


def patch_computer_players(
    monkeypatch: pytest.MonkeyPatch, factory: Callable[[str, random.Random], Player]
) -> None:
    """Have the bot make its computer players with ``factory`` (as ``make_player``)."""
    monkeypatch.setattr(cogs.tonk.bots, "make_player", factory)


def service(bot: TonkBot) -> TableService:
    service: TableService = bot.get_cog("Tonk").service  # type: ignore[union-attr]
    return service


def season_clock(bot: TonkBot) -> SeasonClock:
    """The running bot's season clock."""
    season_clock: SeasonClock = bot.get_cog("Scoreboard").clock  # type: ignore[union-attr]
    return season_clock


def clock(bot: TonkBot) -> ManualClock:
    assert isinstance(bot.clock, ManualClock)
    return bot.clock


async def quiet(fake: FakeDiscord, bot: TonkBot) -> None:
    """Wait until the bot has sent every pending edit, DM and notice."""
    await fake.settle()
    await service(bot).tables.drain()
    await fake.settle()


def is_open(bot: TonkBot, channel: FakeChannel) -> bool:
    """Whether the channel has an open table."""
    return service(bot).tables.in_channel(channel.id) is not None


def table_in(bot: TonkBot, channel: FakeChannel) -> Table:
    runtime = service(bot).tables.in_channel(channel.id)
    assert runtime is not None, f"no table in #{channel.name}"
    return runtime.table


def table_message(fake: FakeDiscord, bot: TonkBot, channel: FakeChannel) -> StoredMessage:
    """The channel's current table message."""
    message_id = table_in(bot, channel).message_id
    assert message_id is not None
    return fake.messages[message_id]


def stack_table(
    bot: TonkBot,
    channel: FakeChannel,
    *,
    cuts: Sequence[str] = (),
    hands: dict[str, Sequence[str]] | None = None,
    dealer: str = "",
    upcard: str | None = None,
    stock: Sequence[str] = (),
) -> None:
    """Stack the cut (one card per player in the order they joined) and the next pack.

    ``hands`` maps names in seat order (after the cut) to their cards.
    """
    shuffler = table_in(bot, channel).shuffler
    packs = []
    if hands is not None:
        packs.append([parse_card(c) for c in stack(hands, list(hands), dealer, upcard, stock)])
    shuffler.stack(cuts=[[parse_card(c) for c in cuts]] if cuts else (), packs=packs)


def stack_a_tonk(bot: TonkBot, channel: FakeChannel) -> None:
    """Stack S11a's tonk for ann and bob: ann cuts K♠ to bob's 2♣ and deals, the upcard is
    J♣, bob (plays first) holds 4♥ 5♥ 6♥ 7♠ 7♦ and draws 3♣, then 7♣ on his next turn."""
    stack_table(
        bot,
        channel,
        cuts=["KS", "2C"],
        hands={"ann": ["KC", "QD", "9S", "8C", "2D"], "bob": ["4H", "5H", "6H", "7S", "7D"]},
        dealer="ann",
        upcard="JC",
        stock=["3C", "10D", "7C"],
    )


async def open_table(
    host: SimulatedMember, others: Sequence[SimulatedMember], **options: Any
) -> StoredMessage:
    """``/tonk new`` by ``host``, then everyone else presses Join; the lobby message."""
    new = await host.slash("tonk", "new", **options)
    assert new.message is not None and not new.ephemeral
    for member in others:
        await member.click(new.message, "Join")
    return new.message


async def drop(member: SimulatedMember, message: StoredMessage) -> InteractionResult:
    """Drop by the table message's **Drop**; above ``CONFIRM_DROP_ABOVE`` it opens the
    member's panel, asking to confirm, and its **Drop with N** drops. The drop's answer."""
    clicked = await member.click(message, "Drop")
    panel = clicked.message
    if not clicked.ephemeral or panel is None:
        return clicked
    [confirm] = [label for label in button_labels(panel) if label.startswith("Drop with ")]
    return await member.click(panel, confirm)


async def my_hand(member: SimulatedMember, message: StoredMessage) -> StoredMessage:
    """Press **My hand** on the table message: the private panel."""
    opened = await member.click(message, "My hand")
    assert opened.ephemeral and opened.message is not None
    return opened.message


async def pick(member: SimulatedMember, panel: StoredMessage, cards: str) -> InteractionResult:
    """Pick cards (written ``4♥ 5♥ 6♥``) in the panel's card menu, by their labels."""
    menu = panel.selects()[0]
    labels = cards.split()
    values = [o["value"] for o in menu["options"] if o["label"] in labels]
    assert len(values) == len(labels), f"{cards} not all in {[o['label'] for o in menu['options']]}"
    return await member.select(panel, menu["custom_id"], values)


async def play_cards(
    member: SimulatedMember, panel: StoredMessage, cards: str, button: str
) -> InteractionResult:
    """Pick ``cards`` in the panel, then press the button labelled ``button``."""
    await pick(member, panel, cards)
    return await member.click(panel, button)


async def play_a_tonk(
    fake: FakeDiscord, bot: TonkBot, ann: SimulatedMember, bob: SimulatedMember, **options: Any
) -> StoredMessage:
    """Hand 1 at a table of ann and bob in #tonk (opened with ``options``): seven moves, then
    bob goes out with two spreads and no discard (S11a: a tonk), leaving ann Q♦ 10♦ 9♠ 8♣ 2♦
    (count 39). The table message, showing the result."""
    channel = ann.guild.channel("tonk")
    lobby = await open_table(ann, [bob], **options)
    stack_a_tonk(bot, channel)  # ann cuts highest and deals; bob plays first
    await ann.click(lobby, "Start")
    await bob.click(lobby, "Draw")
    bob_panel = await my_hand(bob, lobby)
    await play_cards(bob, bob_panel, "3♣", "Discard 3♣")
    await quiet(fake, bot)
    await ann.click(lobby, "Draw")
    await play_cards(ann, await my_hand(ann, lobby), "K♣", "Discard K♣")
    await quiet(fake, bot)
    await bob.click(lobby, "Draw")
    await play_cards(bob, bob_panel, "4♥ 5♥ 6♥", "Spread")
    await play_cards(bob, bob_panel, "7♣ 7♦ 7♠", "Spread")
    await quiet(fake, bot)
    assert "bob went out without a discard" in lobby.text()
    return lobby


def button_labels(message: StoredMessage) -> dict[str, bool]:
    """Each button's label and whether it is enabled."""
    return {b["label"]: not b.get("disabled", False) for b in message.buttons()}


def menu_options(message: StoredMessage) -> list[dict[str, Any]]:
    """The options of the message's one menu (its labels and values)."""
    (menu,) = [c for row in message.components for c in row["components"] if "options" in c]
    options: list[dict[str, Any]] = menu["options"]
    return options


def versions_so_far(fake: FakeDiscord) -> set[int]:
    """Marks every message version the fake holds now (to check only later ones)."""
    return {id(v) for message in fake.messages.values() for v in message.versions}


def assert_hands_secret(
    table: Table,
    members: Sequence[SimulatedMember],
    *,
    before: Collection[int] = (),
    finished: Collection[int] = (),
) -> None:
    """No member ever saw (in any version of any message) a card another member holds.

    Cards everyone saw before they went into a hand are left out: those taken from the
    discard pile, and those turned up in the cut for deal (shuffled back before the deal).
    Left out too, for later hands of a session: versions from before the hand was dealt
    (``before``, from ``versions_so_far``), the table messages of earlier hands
    (``finished``, which show those hands' results), and other tables' channels.
    """
    hand = table.hand
    assert hand is not None
    channel = table.channel_id
    taken = mask_of(c for cut in table.cut for c in cut.cards)
    for action in hand.log:
        if action.kind == TAKE:
            taken |= action.cards
    for seat, owner in enumerate(table.hand_players):
        secret = [card_symbol(c) for c in card_list(hand.hands[seat] & ~taken)]
        for member in members:
            if member.id == owner:
                continue
            for version in member.visible():
                if (
                    id(version) in before
                    or version.message_id in finished
                    or (version.visibility is Visibility.CHANNEL and version.channel_id != channel)
                ):
                    continue
                shown = version.text()
                leaked = [c for c in secret if c in shown]
                assert not leaked, f"{member.name} saw {leaked} of {owner}'s hand in {shown!r}"


TWO_HANDS = {"ann": ["KC", "QD", "9S", "8C", "2D"], "bob": ["4H", "5H", "6H", "7S", "7D"]}
"""The hands :func:`dealt` deals: bob's reads 7♦ 4♥ 5♥ 6♥ 7♠ by suit (count 29), ann's
8♣ K♣ 2♦ Q♦ 9♠ (count 39)."""
WAITING = "the table is waiting for you"
"""What a turn reminder says, in English."""


def reminders(fake: FakeDiscord) -> list[StoredMessage]:
    """Every reminder posted, deleted ones too, oldest first."""
    return [m for m in fake.messages.values() if WAITING in m.content]


class Dealt(NamedTuple):
    """A two-player table whose first hand was just dealt: bob plays first."""

    bot: TonkBot
    guild: FakeGuild
    channel: FakeChannel
    ann: SimulatedMember
    bob: SimulatedMember
    lobby: StoredMessage


@asynccontextmanager
async def dealt(
    fake: FakeDiscord, turn_timeout: str, database_url: str | None = None
) -> AsyncIterator[Dealt]:
    guild = fake.add_guild("Casino", channels=["tonk"])
    channel = guild.channel("tonk")
    ann = fake.add_member(guild, "ann", permissions=discord.Permissions(manage_guild=True))
    bob = fake.add_member(guild, "bob")
    """A table of ann (who manages the server) and bob in #tonk, with ``turn_timeout``,
    whose first hand (:data:`TWO_HANDS`) was just dealt: bob to play."""
    async with run_bot(fake, make_bot(database_url=database_url)) as bot:
        lobby = await open_table(ann, [bob], turn_timeout=turn_timeout)
        stack_table(bot, channel, cuts=["KS", "2C"], hands=TWO_HANDS, dealer="ann", stock=["KH"])
        await ann.click(lobby, "Start")
        yield Dealt(bot, guild, channel, ann, bob, lobby)
