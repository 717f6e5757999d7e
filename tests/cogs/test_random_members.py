"""Members doing random things at one table, through the fake Discord: clicks on the table
message (and on older messages), picks and clicks in their private panels, every ``/tonk``
command a member or a manager may type, time passing (turn timers, reminders, the idle
close), Discord failing some of the bot's requests (an outage) or asking it to reconnect,
and, with a database, restarts. Whatever they do, nothing is logged as an error (no crash,
no request on a closed connection to Discord), no member sees another's cards while the
hand is on, and once Discord answers again the table message catches up with the table.
Each seed is one run of ``STEPS`` random steps; a failing run prints its last steps."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import random
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import discord
import pytest

from bot.client import TonkBot
from bot.i18n import LOCALES, text
from bot.tables.table import CLOSED
from cogs.tonk.runtime import TableRuntime
from tests.cogs.helpers import (
    assert_hands_secret,
    button_labels,
    clock,
    db_bot,
    make_bot,
    quiet,
    season_clock,
    service,
    versions_so_far,
)
from tests.fakediscord import (
    CONNECTION_CUT,
    RATE_LIMITED,
    FakeChannel,
    FakeDiscord,
    FakeDiscordTimeout,
    FakeRole,
    SimulatedMember,
    StoredMessage,
    run_bot,
)

STEPS = 300
REPLAY_TITLES = tuple(
    text("replay.title", locale, number="\0", preset="", rule_id="").split("\0")[0]
    for locale in LOCALES
)
"""How a replay's page starts in each language (members may choose theirs)."""
SEEDS = [0, 1, *(pytest.param(seed, marks=pytest.mark.slow) for seed in range(2, 12))]
"""Odd seeds keep the data in SQLite and restart the bot now and then; even seeds run
without a database (no scoreboard commands)."""

COMMANDS = (
    "new",
    "join",
    "leave",
    "start",
    "kick",
    "end",
    "bigone",
    "addbot",
    "removebot",
    "settings",
    "host",
    "table",
    "tables",
    "hand",
    "practice",
    "help",
    "rules",
    "me",
)
SCOREBOARD = ("stats", "history", "leaderboard", "replay")
BOARDS = ("seasons", "matches", "tonks", "wins", "win_rate")
"""What ``/tonk leaderboard by:`` members choose when they choose (the hall of fame too)."""
SETTINGS: tuple[dict[str, Any], ...] = (
    {"option": "spread_bonus", "value": "true"},
    {"option": "upcard", "value": "false"},
    {"option": "slap", "value": "any_player"},
    {"option": "wilds", "value": "deuces"},
    {"option": "tonk_out_pays", "value": "single"},
    {"option": "stakes", "value": "indiana"},
    {"option": "waiting", "value": "true"},
    {"option": "no_such_option", "value": "1"},
    {"option": "catch"},
    {"preset": "seven_card_40"},
    {"preset": "push_up", "stake": 3},
    {"stake": 50, "seats": 2},
    {"seats": 6, "turn_timeout": "off"},
    {"turn_timeout": "30"},
    {"private": True},
    {"private": False, "stake": 2},
    {},
)
"""What members ask ``/tonk settings``: a house rule, a preset, the stake, seats, timer;
some of it refused (an unknown rule, half a rule, fewer seats than players, nothing)."""
CATCH_UP = 5.0
"""Seconds the table message has to catch up with the table once Discord answers again."""
OUTAGES = (
    ("PATCH", "/channels/"),
    ("POST", "/channels/"),
    ("DELETE", "/channels/"),
    ("POST", "/users/@me/channels"),
    ("PUT", "/roles/"),
)
"""Requests of the bot that Discord may fail during an outage (503, which discord.py does not
try again, or a connection cut) or refuse for a while (429): edits, posts and deletions of
channel messages (the table's, DMs, notices), opening a DM, giving a role. Interaction
responses and their follow-ups (webhook requests) are left alone: discord.py itself tries
those again, seconds apart, and when they fail the member sees "This interaction failed"
whatever the bot does."""
OUTAGE_STATUSES = (503, CONNECTION_CUT, RATE_LIMITED)
"""How Discord fails them: a 503, the connection cut before any answer, or a 429 (over a rate
limit), which discord.py waits out and sends again, up to five tries."""
WAITS = (5, 50, 130, 400, 2000)
"""Seconds the clock jumps: under a turn's reminder, past it and the turn timer, past the
pause between hands and past the idle close."""
TIME_ZONES = ("Asia/Tehran", "Europe/Bucharest", "Asia/Ho_Chi_Minh", "UTC", "Mars/Olympus")
"""Time zones a manager gives scheduled seasons: the last is none, and refused."""


@dataclass
class Crowd:
    """The members of #tonk (ann, bob, cat and mod, a manager) and what they have done."""

    fake: FakeDiscord
    channel: FakeChannel
    members: list[SimulatedMember]
    rng: random.Random
    scoreboard: bool
    role: FakeRole
    """The role ``/tonk config announce`` may mention when a table opens."""
    panels: dict[int, StoredMessage] = field(default_factory=dict)
    steps: list[tuple[Any, ...]] = field(default_factory=list)

    def who(self, bot: TonkBot) -> SimulatedMember:
        """Mostly the member the hand waits for, else anyone."""
        runtime = service(bot).tables.in_channel(self.channel.id)
        table = runtime.table if runtime else None
        if table and table.hand and not table.hand.over and self.rng.random() < 0.7:
            waited = next((m for m in self.members if m.id == table.to_act_id), None)
            if waited is not None:
                return waited
        return self.rng.choice(self.members)

    async def click(self, member: SimulatedMember) -> None:
        """A button of the latest message that has buttons (now and then an older one)."""
        messages = [m for m in self.fake.messages_in(self.channel) if m.buttons()]
        if not messages:
            return
        message = messages[-1] if self.rng.random() < 0.8 else self.rng.choice(messages)
        enabled = [label for label, on in button_labels(message).items() if on]
        if not enabled:
            return
        label = self.rng.choice(enabled)
        self.steps.append((member.name, "click", label))
        clicked = await member.click(message, label)
        if label == "My hand" and clicked.message is not None:
            self.panels[member.id] = clicked.message
        if label == "Invite" and clicked.message is not None and clicked.message.selects():
            picked = self.rng.sample(self.members, self.rng.randint(1, 2))
            self.steps.append((member.name, "invite", [m.name for m in picked]))
            await member.select(clicked, clicked.message.selects()[0]["custom_id"], picked)

    async def use_panel(self, member: SimulatedMember) -> None:
        """Pick one to three cards in the member's panel, then press one of its buttons."""
        panel = self.panels.get(member.id)
        if panel is None:
            return
        if panel.selects():
            menu = panel.selects()[0]
            options = menu["options"]
            picked = self.rng.sample(options, self.rng.randint(1, min(3, len(options))))
            values = [option["value"] for option in picked]
            self.steps.append((member.name, "pick", values))
            await member.select(panel, menu["custom_id"], values)
        enabled = [label for label, on in button_labels(panel).items() if on]
        if enabled:
            label = self.rng.choice(enabled)
            self.steps.append((member.name, "panel", label))
            await member.click(panel, label)

    async def type_command(self, member: SimulatedMember, busy: bool) -> None:
        """A random ``/tonk`` command with random options (``busy``: the channel has a table,
        where practice would open a thread, a table this run does not watch)."""
        if self.scoreboard and self.rng.random() < 0.25:
            await self._configure(member)
            return
        choices = COMMANDS + (SCOREBOARD if self.scoreboard else ())
        command = self.rng.choice([c for c in choices if not (busy and c == "practice")])
        options: dict[str, Any] = {}
        match command:
            case "kick" | "host":
                options["member"] = self.rng.choice(self.members).user
            case "bigone":
                options["hands"] = self.rng.randint(1, 3)
            case "addbot":
                options["level"] = self.rng.choice(["easy", "normal", "hard"])
            case "settings":
                options.update(self.rng.choice(SETTINGS))
            case "new":
                if self.rng.random() < 0.5:
                    options["turn_timeout"] = "off"
                if self.rng.random() < 0.3:
                    options["private"] = True
            case "leaderboard" if self.rng.random() < 0.3:
                options["by"] = self.rng.choice(BOARDS)
                if self.rng.random() < 0.5:
                    options["page"] = self.rng.randint(1, 3)
            case "leaderboard" | "stats" if self.rng.random() < 0.5:
                options["period"] = self.rng.choice(["all", "week", "month", "season"])
                if self.rng.random() < 0.3:
                    options["season"] = self.rng.randint(1, 4)
        if command == "me":
            await self._choose_for_oneself(member)
            return
        self.steps.append((member.name, command, options))
        answered = await member.slash("tonk", command, **options)
        listed = answered.message
        if command == "tables" and listed is not None and listed.buttons():
            label = self.rng.choice(list(button_labels(listed)))
            self.steps.append((member.name, "click in the list", label))
            await member.click(listed, label)

    async def _choose_for_oneself(self, member: SimulatedMember) -> None:
        """``/tonk me``: settings that change what the member's DM, panel and reminders
        show mid-hand, or forgetting them."""
        sub = self.rng.choice(["show", "set", "set", "set", "forget"])
        options: dict[str, Any] = {}
        if sub == "set":
            choices = {
                "dms": self.rng.random() < 0.5,
                "reminders": self.rng.random() < 0.5,
                "order": self.rng.choice(["suit", "rank"]),
                "language": self.rng.choice(["auto", "en", "ro", "vi", "fa"]),
                "announcements": self.rng.random() < 0.5,
            }
            options = dict(self.rng.sample(sorted(choices.items()), self.rng.randint(0, 5)))
        self.steps.append((member.name, "me", sub, options))
        await member.slash("tonk", "me", sub, **options)

    async def _configure(self, member: SimulatedMember) -> None:
        settings: list[tuple[str, dict[str, Any]]] = [
            ("set", {"stake": self.rng.randint(1, 5)}),
            ("set", {"seats": self.rng.randint(2, 6)}),
            ("set", {"computer_hands": self.rng.random() < 0.5}),
            ("set", {"turn_reminders": self.rng.random() < 0.5}),
            ("announce", {"role": self.role}),
            ("announce", {}),
            ("show", {}),
            ("season", {}),
            ("season", {"every": self.rng.choice(["weekly", "monthly", "off"])}),
            ("season", {"every": "weekly", "time_zone": self.rng.choice(TIME_ZONES)}),
            ("season", {"every": "monthly", "day": str(self.rng.randint(0, 31))}),
            ("season", {"every": "weekly", "day": "friday", "hour": self.rng.randint(0, 23)}),
            ("season", {"every": "monthly", "notice": self.rng.random() < 0.5}),
            ("champion", {"role": self.role}),
            ("champion", {}),
            ("option", {"option": "spread_bonus", "value": "true"}),
        ]
        sub, options = self.rng.choice(settings)
        self.steps.append((member.name, "config", sub, options))
        await member.slash("tonk", "config", sub, **options)


async def resumed(fake: FakeDiscord) -> None:
    """Discord asks the bot to reconnect (op 7); wait until it has resumed its session."""
    gateway = fake.gateway
    before = gateway.resume_count
    await gateway.request_reconnect()
    await fake.wait_for(lambda: gateway.resume_count > before, what="the bot to resume")


async def caught_up(bot: TonkBot, fake: FakeDiscord, runtime: TableRuntime, last: str) -> None:
    """Wait (up to ``CATCH_UP`` seconds) until the table message shows what the table would
    show now: a change that a timer made may still be on its way, an update Discord failed
    is tried again, and the bot takes the id of a new message only once Discord answered,
    so the check runs again after each request the fake takes and after the bot's updates
    are done."""

    def shows_the_table() -> bool:
        table = runtime.table
        if table.message_id is None or table.status == CLOSED:
            return True
        versions = fake.messages[table.message_id].versions
        shown = versions[-1].embeds[0] if versions and versions[-1].embeds else {}
        want = runtime.screens.table_message()[0].to_dict()
        return all(shown.get(key) == want.get(key) for key in ("description", "fields"))

    loop = asyncio.get_running_loop()
    deadline = loop.time() + CATCH_UP
    while not shows_the_table():
        if loop.time() > deadline:
            raise AssertionError(f"the table message is behind the table\nafter:\n{last}")
        with contextlib.suppress(FakeDiscordTimeout):
            await fake.wait_for(shows_the_table, timeout=0.2)
        await quiet(fake, bot)


@pytest.mark.parametrize("seed", SEEDS)
async def test_members_doing_random_things_crash_nothing_and_see_no_hand(
    fake_discord: FakeDiscord, sqlite_store: Path, caplog: pytest.LogCaptureFixture, seed: int
) -> None:
    caplog.set_level(logging.WARNING)
    guild = fake_discord.add_guild("Casino", channels=["tonk"])
    channel = guild.channel("tonk")
    role = fake_discord.add_role(guild, "tonk players", discord.Permissions.none())
    bot_role = fake_discord.bot_role(guild)  # may give "tonk players" as the champion role
    bot_role.permissions |= discord.Permissions(manage_roles=True).value
    bot_role.position = 99
    names = ("ann", "bob", "cat")
    members = [fake_discord.add_member(guild, name, roles=[role]).at(channel) for name in names]
    manager = discord.Permissions(manage_guild=True)
    members.append(fake_discord.add_member(guild, "mod", permissions=manager).at(channel))
    with_database = seed % 2 == 1
    crowd = Crowd(fake_discord, channel, members, random.Random(seed), with_database, role)

    def new_bot() -> TonkBot:
        return db_bot(sqlite_store) if with_database else make_bot()

    bot, step, watched = new_bot(), 0, None
    seen_before: set[int] = set()
    messages_before: set[int] = set()
    while step < STEPS:
        async with run_bot(fake_discord, bot):
            await quiet(fake_discord, bot)
            while step < STEPS:
                step += 1
                rng = crowd.rng
                if with_database and rng.random() < 0.02:
                    crowd.steps.append(("restart",))
                    crowd.panels.clear()
                    bot = new_bot()
                    break
                if rng.random() < 0.01:  # Discord asks the bot to reconnect: it resumes
                    crowd.steps.append(("reconnect",))
                    await resumed(fake_discord)
                if rng.random() < 0.04:
                    method, part = rng.choice(OUTAGES)
                    times, status = rng.randint(1, 3), rng.choice(OUTAGE_STATUSES)
                    crowd.steps.append(("outage", method, part, times, status))
                    fake_discord.fail_requests(method, part, status=status, times=times)
                if rng.random() < 0.08:
                    seconds = rng.choice(WAITS)
                    crowd.steps.append(("wait", seconds))
                    clock(bot).advance(seconds)
                    if with_database and rng.random() < 0.3:  # a season may be due
                        later = time.time() + rng.choice(WAITS) * 1000
                        crowd.steps.append(("seasons due", later))
                        await season_clock(bot).tick(later)
                    await service(bot).tables.computer_players_idle()
                    await quiet(fake_discord, bot)
                versions, messages = versions_so_far(fake_discord), set(fake_discord.messages)
                member = crowd.who(bot)
                busy = service(bot).tables.in_channel(channel.id) is not None
                chosen = rng.random()
                if chosen < 0.45:
                    await crowd.click(member)
                elif chosen < 0.75:
                    await crowd.use_panel(member)
                else:
                    await crowd.type_command(member, busy)
                await quiet(fake_discord, bot)
                errors = [r for r in caplog.records if r.levelno >= logging.ERROR]
                last = "\n".join(map(str, crowd.steps[-15:]))
                assert not errors, f"{errors[0].getMessage()}\nafter:\n{last}"
                runtime = service(bot).tables.in_channel(channel.id)
                if runtime is not None and not any(o.times for o in fake_discord.outages):
                    await caught_up(bot, fake_discord, runtime, last)
                table = runtime.table if runtime else None
                if table is None or table.hand is None or table.hand.over:
                    continue
                if (table.id, table.hand_number) != watched:  # a new hand: check from here
                    watched, seen_before, messages_before = (
                        (table.id, table.hand_number),
                        versions,
                        messages,
                    )
                replays = {
                    message_id
                    for message_id, message in fake_discord.messages.items()
                    if message.versions and message.versions[-1].text().startswith(REPLAY_TITLES)
                }  # a finished hand's replay, asked for privately, shows its hands
                earlier = messages_before - {table.message_id}  # earlier hands' results
                assert_hands_secret(table, members, before=seen_before, finished=earlier | replays)
