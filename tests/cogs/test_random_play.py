"""Random hands played through the buttons and menus, two tables at once: nobody ever sees
another player's cards while the hand is on, and the tables don't disturb each other."""

from __future__ import annotations

import asyncio
import random
from collections.abc import Sequence

from bot.client import TonkBot
from bot.engine.cards import card_list, card_symbol
from bot.render.cards import cards_text
from bot.tables.dealing import Shuffler
from tests.cogs.helpers import (
    assert_hands_secret,
    button_labels,
    make_bot,
    my_hand,
    open_table,
    pick,
    play_cards,
    quiet,
    table_in,
    table_message,
    versions_so_far,
)
from tests.fakediscord import FakeChannel, FakeDiscord, SimulatedMember, run_bot

MAX_TURNS = 200


async def play_random_hand(
    fake: FakeDiscord,
    bot: TonkBot,
    channel: FakeChannel,
    members: Sequence[SimulatedMember],
    rng: random.Random,
    *,
    before: set[int],
    finished: set[int],
) -> None:
    """Play the hand in ``channel`` to its end with random legal moves, by clicking what the
    table message and the private panels offer; check secrecy after every turn (``finished``:
    the table messages of earlier hands; ``before``: the versions from before the deal)."""
    by_id = {m.id: m for m in members}
    table = table_in(bot, channel)
    number = table.hand_number
    for _ in range(MAX_TURNS):
        await quiet(fake, bot)
        if table.hand_number != number or table.hand is None or table.hand.over:
            return
        assert_hands_secret(table, members, before=before, finished=finished)
        hand = table.hand
        seat = hand.to_act
        member = by_id[table.hand_players[seat]]
        message = table_message(fake, bot, channel)
        buttons = button_labels(message)
        take = next((b for b in buttons if b.startswith("Take ") and buttons[b]), None)
        if hand.turns[seat] >= 3 and rng.random() < 0.1:
            await member.click(message, "Drop")
            continue
        await member.click(message, take if take and rng.random() < 0.3 else "Draw")
        if hand.over:
            continue
        panel = await my_hand(member, message)
        legal = hand.legal_moves(seat)
        if legal.spreads and rng.random() < 0.8:
            await play_cards(member, panel, cards_text(rng.choice(legal.spreads)), "Spread")
        legal = hand.legal_moves(seat)
        if legal.hits and not hand.over and rng.random() < 0.8:
            spread, card = rng.choice(legal.hits)
            await pick(member, panel, card_symbol(card))
            hit = next(b for b in button_labels(panel) if b.startswith(f"Hit {spread + 1}:"))
            await member.click(panel, hit)
        legal = hand.legal_moves(seat)
        if not hand.over and legal.discards:
            card = card_symbol(rng.choice(card_list(legal.discards)))
            await play_cards(member, panel, card, f"Discard {card}")
    raise AssertionError(f"the hand in #{channel.name} did not end in {MAX_TURNS} turns")


async def test_two_tables_play_random_hands_at_once_and_no_hand_is_ever_seen(
    fake_discord: FakeDiscord,
) -> None:
    guild = fake_discord.add_guild("Casino", channels=["red", "blue"])
    red = [fake_discord.add_member(guild, n) for n in ("ann", "bob", "cat")]
    blue = [fake_discord.add_member(guild, n) for n in ("dan", "eve")]
    seeds = iter(range(100))
    bot = make_bot(shuffler_factory=lambda: Shuffler(random.Random(next(seeds))))
    async with run_bot(fake_discord, bot):
        tables = []
        finished: set[int] = set()
        before = versions_so_far(fake_discord)
        for name, members in (("red", red), ("blue", blue)):
            channel = guild.channel(name)
            at = [m.at(channel) for m in members]
            lobby = await open_table(at[0], at[1:], turn_timeout="off")
            await at[0].click(lobby, "Start")
            tables.append((channel, at))
        for hand in range(3):
            await asyncio.gather(
                *(
                    play_random_hand(
                        fake_discord,
                        bot,
                        channel,
                        at,
                        random.Random(hand),
                        before=before,
                        finished=finished,
                    )
                    for channel, at in tables
                )
            )
            before = versions_so_far(fake_discord)
            for channel, at in tables:
                table = table_in(bot, channel)
                assert table.last_hand is not None and table.last_hand.number == hand + 1
                assert sum(table.balances.values()) == 0
                message = table_message(fake_discord, bot, channel)
                finished.add(message.id)
                await at[0].click(message, "Next hand")

        for channel, members in tables:
            others = {m.name for m in red + blue} - {m.name for m in members}
            for message in fake_discord.messages_in(channel):
                for version in message.versions:
                    assert not any(f"**{name}**" in version.text() for name in others)
