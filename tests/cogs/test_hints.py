"""The **Hint** button of the private panel, through the real client and the fake Discord.

A member alone against computer players is told, on each of their moves, the move the
adviser (``bot.players.advice``) would make in their seat, with its cards picked; asking
changes nothing at the table, and nobody else sees the hint. Where another person plays in
the hand, the panel offers no hint (``bot.tables.hints``).
"""

from __future__ import annotations

from dataclasses import replace

from bot.engine.actions import Action, Kind
from bot.engine.view import seat_view
from bot.i18n import text
from bot.players.advice import advise
from bot.render.cards import cards_text
from bot.render.panel import hint_text
from bot.tables.hints import hint_seed
from bot.tables.table import BETWEEN
from tests.cogs.helpers import (
    FAST,
    button_labels,
    make_bot,
    my_hand,
    open_table,
    play_cards,
    quiet,
    service,
    stack_table,
    table_in,
    table_message,
)
from tests.fakediscord import FakeDiscord, StoredMessage, run_bot

HINT = text("table.button.hint")
MOST_MOVES = 80


def advised_button(panel: StoredMessage, advice: Action) -> str:
    """The label of the enabled panel button that plays ``advice``."""
    prefix = {
        Kind.DRAW: "Draw",
        Kind.TAKE: "Take",
        Kind.DROP: "Drop",
        Kind.CLAIM: "Claim",
        Kind.SPREAD: "Spread",
        Kind.DISCARD: "Discard",
        Kind.SLAP_DISCARD: "Discard",
        Kind.HIT: f"Hit {(advice.spread or 0) + 1}:",
        Kind.SLAP: "Slap",
    }[advice.kind]
    [label] = [
        label
        for label, enabled in button_labels(panel).items()
        if enabled and label.startswith(prefix)
    ]
    return label


async def test_a_member_alone_against_computer_players_plays_a_whole_hand_by_hints(
    fake_discord: FakeDiscord,
) -> None:
    guild = fake_discord.add_guild("Casino", channels=["tonk"])
    ann, bob = (fake_discord.add_member(guild, name) for name in ("ann", "bob"))
    channel = guild.channel("tonk")
    async with run_bot(fake_discord, make_bot()) as bot:
        service(bot).tables.bot_rng.seed(3)
        await ann.slash("tonk", "practice", opponents=2, level="easy")
        table = table_in(bot, channel)
        hand = table.hand
        assert hand is not None
        panel: StoredMessage | None = None
        hinted = 0
        while hinted < MOST_MOVES:
            await service(bot).tables.computer_players_idle()
            await quiet(fake_discord, bot)
            if hand.over:
                break
            assert table.to_act_id == ann.id
            panel = panel or await my_hand(ann, table_message(fake_discord, bot, channel))
            view = seat_view(hand, hand.actor or 0)
            expected = advise(view, hint_seed(table))
            before = table.to_json()
            await ann.click(panel, HINT)
            assert table.to_json() == before  # asking changes nothing at the table
            assert panel.content == hint_text(expected, view.count)
            picked = expected.cards & view.hand
            if picked:
                assert text("table.panel.selected", cards=cards_text(picked)) in panel.text()
            played = len(hand.log)
            await ann.click(panel, advised_button(panel, expected))
            assert hand.log[played] == expected
            hinted += 1
        assert hand.over and table.status is BETWEEN and hinted >= 3
        assert panel is not None and not button_labels(panel).get(HINT)
        assert not bob.has_seen("💡") and not bob.has_seen(HINT)


async def test_no_hint_is_offered_where_another_person_plays(fake_discord: FakeDiscord) -> None:
    guild = fake_discord.add_guild("Casino", channels=["tonk"])
    ann, bob = (fake_discord.add_member(guild, name) for name in ("ann", "bob"))
    channel = guild.channel("tonk")
    async with run_bot(fake_discord, make_bot()) as bot:
        lobby = await open_table(ann, [bob])
        await ann.slash("tonk", "addbot", level="hard")
        await ann.click(lobby, "Start")
        await service(bot).tables.computer_players_idle()
        await quiet(fake_discord, bot)
        table = table_in(bot, channel)
        person = next(member for member in (ann, bob) if member.id == table.to_act_id)
        panel = await my_hand(person, table_message(fake_discord, bot, channel))
        labels = button_labels(panel)
        assert labels["Draw"] and HINT not in labels


async def test_a_member_who_may_slap_while_the_computer_thinks_is_told_to_let_it_go(
    fake_discord: FakeDiscord,
) -> None:
    """O43 race: ann plays first, spreads 5♥ 6♥ 7♥ and discards 8♥. While the computer
    player takes its time, she may slap her own 8♥: the panel offers the Hint, and it
    advises letting the card go (her own discard earns no extra discard). Nothing at the
    table changes."""
    guild = fake_discord.add_guild("Casino", channels=["tonk"])
    ann = fake_discord.add_member(guild, "ann")
    channel = guild.channel("tonk")
    thinking = replace(FAST, bot_pause=3600.0)  # the computer does not move in this test
    async with run_bot(fake_discord, make_bot(timing=thinking)) as bot:
        await open_table(ann, [])
        await ann.slash("tonk", "addbot", level="hard")
        await ann.slash("tonk", "settings", option="slap", value="race")
        stack_table(
            bot,
            channel,
            cuts=["2C", "KS"],  # the computer cuts highest and deals: ann plays first
            hands={
                "ann": ["5H", "6H", "7H", "8H", "KD"],
                "Hard bot 1": ["QC", "QD", "9S", "JC", "3D"],
            },
            dealer="Hard bot 1",
            stock=["4S"],
        )
        await ann.slash("tonk", "start")
        await quiet(fake_discord, bot)
        table = table_in(bot, channel)
        assert table.to_act_id == ann.id
        message = table_message(fake_discord, bot, channel)
        await ann.click(message, "Draw")
        panel = await my_hand(ann, message)
        await play_cards(ann, panel, "5♥ 6♥ 7♥", "Spread")
        await play_cards(ann, panel, "8♥", "Discard 8♥")
        await quiet(fake_discord, bot)
        assert table.to_act_id != ann.id
        assert button_labels(panel).get(HINT) and button_labels(panel).get("Slap 8♥ on 1")
        before = table.to_json()
        await ann.click(panel, HINT)
        assert panel.content == "💡 Hint: let 8♥ go: slapping it would earn you no extra discard."
        assert table.to_json() == before
