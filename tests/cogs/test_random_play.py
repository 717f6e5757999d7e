"""Random hands played through the buttons and menus, two tables at once: nobody ever sees
another player's cards while the hand is on, and the tables don't disturb each other, even
when one member sits at both."""

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
    drop,
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
from tests.fakediscord import FakeChannel, FakeDiscord, SimulatedMember, StoredMessage, run_bot

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
    watchers: Sequence[SimulatedMember] | None = None,
) -> None:
    """Play the hand in ``channel`` to its end with random legal moves, by clicking what the
    table message and the private panels offer; check after every turn that no member of
    ``watchers`` (all ``members`` by default) saw another's cards (``finished``: the table
    messages of earlier hands; ``before``: the versions from before the deal)."""
    by_id = {m.id: m for m in members}
    table = table_in(bot, channel)
    number = table.hand_number
    for _ in range(MAX_TURNS):
        await quiet(fake, bot)
        if table.hand_number != number or table.hand is None or table.hand.over:
            return
        assert_hands_secret(
            table, members if watchers is None else watchers, before=before, finished=finished
        )
        hand = table.hand
        seat = hand.to_act
        member = by_id[table.hand_players[seat]]
        message = table_message(fake, bot, channel)
        buttons = button_labels(message)
        take = next((b for b in buttons if b.startswith("Take ") and buttons[b]), None)
        if hand.turns[seat] >= 3 and rng.random() < 0.1:
            await drop(member, message)
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


async def test_a_member_at_two_tables_holds_each_tables_hand_in_its_own_panel_and_message(
    fake_discord: FakeDiscord,
) -> None:
    """A member may sit at tables in two channels at once: in each channel the private panel
    and the direct message of that table show that table's hand, a move at one table leaves
    the other's panel as it was, and both hands play to their end at once, the members who sit
    at one table only never seeing a card of another player there."""
    guild = fake_discord.add_guild("Casino", channels=["red", "blue"])
    ann, bob, cat = (fake_discord.add_member(guild, name) for name in ("ann", "bob", "cat"))
    red, blue = guild.channel("red"), guild.channel("blue")
    seeds = iter(range(100))
    bot = make_bot(shuffler_factory=lambda: Shuffler(random.Random(next(seeds))))
    async with run_bot(fake_discord, bot):
        at_red = [ann.at(red), bob.at(red)]
        at_blue = [cat.at(blue), ann.at(blue)]
        before = versions_so_far(fake_discord)
        for host, *others in (at_red, at_blue):
            lobby = await open_table(host, others, turn_timeout="off")
            await host.click(lobby, "Start")
        await quiet(fake_discord, bot)

        def held(channel: FakeChannel) -> set[str]:
            table = table_in(bot, channel)
            assert table.hand is not None
            seat = table.hand_players.index(ann.id)
            return {card_symbol(c) for c in card_list(table.hand.hands[seat])}

        def dealt_to_ann(channel: FakeChannel) -> str:
            header = f"· #{channel.name} · hand 1"
            [dm] = [m for m in ann.dms() if header in m.versions[0].text()]
            return dm.versions[-1].text()

        def red_message() -> StoredMessage:
            return table_message(fake_discord, bot, red)

        assert held(red) != held(blue)
        panels = {}
        for channel in (red, blue):
            panel = await my_hand(ann.at(channel), table_message(fake_discord, bot, channel))
            assert {o["label"] for o in panel.selects()[0]["options"]} == held(channel)
            assert all(card in dealt_to_ann(channel) for card in held(channel))
            panels[channel.name] = panel

        blue_panel = panels["blue"].versions[-1].text()
        mover = next(m for m in at_red if m.id == table_in(bot, red).to_act_id)
        await mover.click(red_message(), "Draw")
        await quiet(fake_discord, bot)
        assert {o["label"] for o in panels["red"].selects()[0]["options"]} == held(red)
        assert panels["blue"].versions[-1].text() == blue_panel
        hand = table_in(bot, red).hand
        assert hand is not None and hand.to_act is not None
        card = card_symbol(card_list(hand.legal_moves(hand.to_act).discards)[0])
        panel = panels["red"] if mover is at_red[0] else await my_hand(mover, red_message())
        await play_cards(mover, panel, card, f"Discard {card}")

        await asyncio.gather(
            *(
                play_random_hand(
                    fake_discord,
                    bot,
                    channel,
                    members,
                    random.Random(7),
                    before=before,
                    finished=set(),
                    watchers=[m for m in members if m.id != ann.id],
                )
                for channel, members in ((red, at_red), (blue, at_blue))
            )
        )
        for channel in (red, blue):
            table = table_in(bot, channel)
            assert table.last_hand is not None and table.last_hand.number == 1
            assert sum(table.balances.values()) == 0
