"""End-to-end tests of the fake Discord, driving a small demo bot through real discord.py."""

from __future__ import annotations

import asyncio
import io
import re
from typing import Any

import aiohttp
import discord
import pytest
from discord import InteractionResponseType, app_commands
from discord.ext import commands
from discord.gateway import DiscordWebSocket
from discord.http import Route

from tests.fakediscord import (
    FakeDiscord,
    FakeDiscordError,
    FakeDiscordTimeout,
    FakeGuild,
    SimulatedMember,
    Visibility,
    open_fake_discord,
    run_bot,
)


class JoinButton(
    discord.ui.DynamicItem[discord.ui.Button[discord.ui.View]], template=r"demo:join:(?P<table>\d+)"
):
    """A persistent "Join" button: its state lives in its custom_id and the message's embed."""

    def __init__(self, table: int) -> None:
        super().__init__(
            discord.ui.Button(
                label="Join", style=discord.ButtonStyle.primary, custom_id=f"demo:join:{table}"
            )
        )
        self.table = table

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> JoinButton:
        return cls(int(match["table"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        assert interaction.message is not None
        embed = interaction.message.embeds[0]
        players = [*(embed.description or "").split(), interaction.user.name]
        embed.description = " ".join(players)
        await interaction.response.edit_message(embed=embed, view=table_view(self.table))


def table_view(table: int) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    view.add_item(JoinButton(table))
    return view


class FruitSelect(discord.ui.Select[discord.ui.View]):
    def __init__(self) -> None:
        options = [discord.SelectOption(label=f.title(), value=f) for f in ("apple", "pear")]
        super().__init__(custom_id="demo:fruit", placeholder="Pick a fruit", options=options)

    async def callback(self, interaction: discord.Interaction) -> None:
        await interaction.response.edit_message(content=f"picked {self.values[0]}", view=None)


class PlayerSelect(discord.ui.UserSelect[discord.ui.View]):
    def __init__(self) -> None:
        super().__init__(custom_id="demo:player", placeholder="Pick a player")

    async def callback(self, interaction: discord.Interaction) -> None:
        await interaction.response.edit_message(content=f"picked {self.values[0].mention}")


class StakeModal(discord.ui.Modal, title="Set the stake"):
    stake: discord.ui.TextInput[StakeModal] = discord.ui.TextInput(
        label="Stake", custom_id="demo:stake"
    )
    currency: discord.ui.Label[StakeModal] = discord.ui.Label(
        text="Currency",
        component=discord.ui.Select(
            custom_id="demo:currency",
            options=[discord.SelectOption(label=c.title(), value=c) for c in ("chips", "coins")],
        ),
    )

    async def on_submit(self, interaction: discord.Interaction) -> None:
        assert isinstance(self.currency.component, discord.ui.Select)
        currency = self.currency.component.values[0]
        await interaction.response.send_message(f"stake is {self.stake.value} {currency}")


class Panel(discord.ui.View):
    """Buttons answering with each kind of component callback."""

    def __init__(self) -> None:
        super().__init__(timeout=None)
        self.add_item(discord.ui.Button(label="Locked", custom_id="demo:locked", disabled=True))
        self.add_item(discord.ui.Button(label="Rules", url="https://example.com/rules"))

    @discord.ui.button(label="Refresh", custom_id="demo:refresh")
    async def refresh(
        self, interaction: discord.Interaction, button: discord.ui.Button[Any]
    ) -> None:
        await interaction.response.defer()
        await interaction.edit_original_response(content="refreshed")
        await interaction.followup.send("refreshed quietly", ephemeral=True)

    @discord.ui.button(label="Shout", custom_id="demo:shout")
    async def shout(self, interaction: discord.Interaction, button: discord.ui.Button[Any]) -> None:
        await interaction.response.send_message("shouting from a button")

    @discord.ui.button(label="Ponder", custom_id="demo:ponder")
    async def ponder(
        self, interaction: discord.Interaction, button: discord.ui.Button[Any]
    ) -> None:
        await interaction.response.defer(thinking=True, ephemeral=True)
        await interaction.followup.send("pondered")


class DmAck(discord.ui.View):
    @discord.ui.button(label="Got it")
    async def ack(self, interaction: discord.Interaction, button: discord.ui.Button[Any]) -> None:
        await interaction.response.edit_message(content="acknowledged", view=None)


class DemoBot(commands.Bot):
    """Records what its handlers observed in ``events`` so tests can check the bot's side."""

    def __init__(
        self, *, persistent: bool = True, intents: discord.Intents | None = None, **options: Any
    ) -> None:
        super().__init__(
            command_prefix="!", intents=intents or discord.Intents.default(), **options
        )
        self.persistent = persistent
        self.events: list[tuple[str, Any]] = []

    async def setup_hook(self) -> None:
        if self.persistent:
            self.add_dynamic_items(JoinButton)
        self.tree.add_command(demo_commands(self))
        self.tree.add_command(demo_admin)
        await self.tree.sync()


def demo_commands(bot: DemoBot) -> app_commands.Group:
    demo = app_commands.Group(name="demo", description="Demo commands")

    @demo.command(description="Open a table with a Join button")
    async def table(interaction: discord.Interaction, name: str) -> None:
        embed = discord.Embed(title=f"Table {name}")
        await interaction.response.send_message(embed=embed, view=table_view(interaction.id))
        original = await interaction.original_response()
        bot.events.append(("original", original.id))
        await interaction.followup.send("table opened", ephemeral=True)

    @demo.command(description="Reply only to you")
    async def secret(interaction: discord.Interaction, word: str) -> None:
        await interaction.response.send_message(f"your secret: {word}", ephemeral=True)

    @demo.command(description="Send you a DM")
    async def dm(interaction: discord.Interaction) -> None:
        try:
            await interaction.user.send("hello in private", view=DmAck())
        except discord.Forbidden as error:
            bot.events.append(("dm_forbidden", error.code))
            await interaction.response.send_message("your DMs are closed", ephemeral=True)
        else:
            await interaction.response.send_message("check your DMs", ephemeral=True)

    @demo.command(description="Think, then answer")
    async def slow(interaction: discord.Interaction) -> None:
        await interaction.response.defer(thinking=True)
        await interaction.edit_original_response(content="done thinking")
        original = await interaction.original_response()
        bot.events.append(("original_content", original.content))

    @demo.command(description="Post and edit a channel message")
    async def announce(interaction: discord.Interaction, text: str) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        assert isinstance(interaction.channel, discord.TextChannel)
        message = await interaction.channel.send(text)
        await message.edit(content=f"{text} (edited)")
        fetched = await interaction.channel.fetch_message(message.id)
        temporary = await interaction.channel.send("temporary", reference=message)
        history = [m.content async for m in interaction.channel.history(limit=10)]
        await temporary.delete()
        bot.events.append(("fetched", fetched.content))
        bot.events.append(("history", history))
        await interaction.followup.send("announced", ephemeral=True)

    @demo.command(description="Post in the channel, as the bot's permissions there allow")
    async def post(interaction: discord.Interaction) -> None:
        granted = interaction.app_permissions
        bot.events.append(("app_permissions", (granted.send_messages, granted.embed_links)))
        channel = interaction.channel
        assert isinstance(channel, discord.TextChannel)
        for attempt in ("text", "embed"):
            embed = discord.Embed(title="table") if attempt == "embed" else None
            try:
                message = await channel.send(attempt, embed=embed)
            except discord.Forbidden as refused:
                bot.events.append((attempt, refused.code))
            else:
                edited = await message.edit(embed=discord.Embed(title="edited"))
                bot.events.append((attempt, len(edited.embeds)))
        await interaction.response.send_message("tried", ephemeral=True)

    @demo.command(description="Show a panel of buttons")
    async def panel(interaction: discord.Interaction) -> None:
        await interaction.response.send_message("panel", view=Panel())

    @demo.command(description="Deal a card as a file")
    async def card(interaction: discord.Interaction) -> None:
        card = discord.File(io.BytesIO(b"ace of spades"), "card.txt")
        await interaction.response.send_message("your card", file=card, ephemeral=True)
        await interaction.edit_original_response(content="your card (kept)")

    @demo.command(description="Pick a fruit")
    async def pick(interaction: discord.Interaction) -> None:
        view = discord.ui.View()
        view.add_item(FruitSelect())
        view.add_item(PlayerSelect())
        await interaction.response.send_message("choose:", view=view)

    @demo.command(description="Set a stake in a form")
    async def form(interaction: discord.Interaction) -> None:
        await interaction.response.send_modal(StakeModal())

    @demo.command(description="Greet a member")
    async def greet(interaction: discord.Interaction, who: discord.Member, times: int = 1) -> None:
        await interaction.response.send_message(" ".join([f"hi {who.mention}"] * times))

    @demo.command(description="Name a channel and a role")
    async def whereis(
        interaction: discord.Interaction, place: discord.TextChannel, role: discord.Role
    ) -> None:
        await interaction.response.send_message(f"{role.name} plays in {place.name}")

    @demo.command(description="Choose a colour")
    @app_commands.choices(colour=[app_commands.Choice(name="Red", value="red")])
    async def colour(interaction: discord.Interaction, colour: str) -> None:
        await interaction.response.send_message(colour)

    @demo.command(description="Find a preset")
    async def preset(interaction: discord.Interaction, name: str) -> None:
        await interaction.response.send_message(name)

    @preset.autocomplete("name")
    async def preset_names(
        interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        names = ["standard", "speed", "high-stakes"]
        return [app_commands.Choice(name=n, value=n) for n in names if n.startswith(current)]

    @demo.command(description="Crashes")
    async def broken(interaction: discord.Interaction) -> None:
        raise RuntimeError("kaboom")

    @demo.command(description="Never answers")
    async def silent(interaction: discord.Interaction) -> None:
        bot.events.append(("silent", interaction.id))

    return demo


@app_commands.command(name="demo-admin", description="Admins only")
@app_commands.default_permissions(manage_guild=True)
async def demo_admin(interaction: discord.Interaction) -> None:
    await interaction.response.send_message("admin ok", ephemeral=True)


@pytest.fixture
def guild(fake_discord: FakeDiscord) -> FakeGuild:
    return fake_discord.add_guild("Casino", channels=["tonk", "lobby"])


@pytest.fixture
def alice(fake_discord: FakeDiscord, guild: FakeGuild) -> SimulatedMember:
    return fake_discord.add_member(
        guild, "alice", permissions=discord.Permissions(manage_guild=True)
    )


@pytest.fixture
def bob(fake_discord: FakeDiscord, guild: FakeGuild) -> SimulatedMember:
    return fake_discord.add_member(guild, "bob", dms_open=False)


async def test_bot_sees_the_fake_guild_and_synced_commands(
    fake_discord: FakeDiscord, guild: FakeGuild, alice: SimulatedMember
) -> None:
    async with run_bot(fake_discord, DemoBot()) as bot:
        assert [g.name for g in bot.guilds] == ["Casino"]
        assert [c.name for c in bot.guilds[0].text_channels] == ["tonk", "lobby"]
        assert bot.user is not None and bot.user.id == fake_discord.bot_user.id
        assert bot.application_id == fake_discord.application_id
        demo, admin = fake_discord.commands()
        assert demo["name"] == "demo" and demo["id"].isdigit()
        assert admin["default_member_permissions"] == str(discord.Permissions.manage_guild.flag)


async def test_public_reply_and_dynamic_button_edit(
    fake_discord: FakeDiscord, guild: FakeGuild, alice: SimulatedMember, bob: SimulatedMember
) -> None:
    async with run_bot(fake_discord, DemoBot()) as bot:
        opened = await alice.slash("demo", "table", name="one")
        assert opened.type is InteractionResponseType.channel_message
        assert opened.embed_titles == ["Table one"]
        assert not opened.ephemeral
        assert opened.message is not None
        assert opened.message.channel_id == guild.channel("tonk").id
        assert ("original", opened.message.id) in bot.events
        [followup] = opened.followups
        assert followup.content == "table opened" and followup.ephemeral

        joined = await bob.click(opened, label="Join")
        assert joined.type is InteractionResponseType.message_update
        assert joined.message is opened.message
        assert joined.embeds[0]["description"] == "bob"
        assert [v.embeds[0].get("description") for v in opened.message.versions] == [None, "bob"]
        assert fake_discord.latest(title="Table one") is opened.message
        assert fake_discord.messages_in(guild.channel("tonk")) == [opened.message]
        assert opened.message.current in fake_discord.visible_to(bob)


async def test_dynamic_item_survives_a_bot_restart(
    fake_discord: FakeDiscord, guild: FakeGuild, alice: SimulatedMember, bob: SimulatedMember
) -> None:
    async with run_bot(fake_discord, DemoBot()):
        opened = await alice.slash("demo", "table", name="two")

    async with run_bot(fake_discord, DemoBot(persistent=False)):
        with pytest.raises(FakeDiscordTimeout, match="still waiting for the bot to respond"):
            await bob.click(opened, "Join", timeout=0.3)

    async with run_bot(fake_discord, DemoBot()):
        await alice.click(opened, "Join")
    assert opened.embeds[0]["description"] == "alice"


async def test_ephemeral_reply_is_visible_only_to_its_user(
    fake_discord: FakeDiscord, guild: FakeGuild, alice: SimulatedMember, bob: SimulatedMember
) -> None:
    async with run_bot(fake_discord, DemoBot()):
        reply = await alice.slash("demo", "secret", word="hunter2")
        table = await alice.slash("demo", "table", name="three")

    assert reply.ephemeral and reply.content == "your secret: hunter2"
    assert reply.message is not None and reply.message.visibility is Visibility.EPHEMERAL
    assert alice.has_seen("hunter2") and not bob.has_seen("hunter2")
    assert reply.message in alice.ephemerals()
    assert fake_discord.ephemerals_of(bob) == []
    assert reply.message not in fake_discord.messages_in(guild.channel("tonk"))
    assert table.message is not None and table.message.current in bob.visible()
    with pytest.raises(FakeDiscordError, match="bob cannot see"):
        await bob.click(table.followups[0], custom_id="anything")


async def test_dms_and_closed_dms(
    fake_discord: FakeDiscord, alice: SimulatedMember, bob: SimulatedMember
) -> None:
    async with run_bot(fake_discord, DemoBot()) as bot:
        await alice.slash("demo", "dm")
        closed = await bob.slash("demo", "dm")

    [dm] = alice.dms()
    assert dm.content == "hello in private" and dm.visibility is Visibility.DM
    assert dm.current in fake_discord.visible_to(alice)
    assert dm.current not in fake_discord.visible_to(bob)
    assert bob.dms() == []
    assert ("dm_forbidden", 50007) in bot.events
    assert closed.content == "your DMs are closed" and closed.ephemeral


@pytest.mark.parametrize(
    ("denied", "granted", "text", "embed"),
    [
        (discord.Permissions(), (True, True), 1, 1),
        (discord.Permissions(embed_links=True), (True, False), 0, 50013),
        (discord.Permissions(send_messages=True), (False, True), 50013, 50013),
        (discord.Permissions(view_channel=True), (True, True), 50001, 50001),
    ],
    ids=["allowed", "no-embed-links", "no-send", "no-view"],
)
async def test_channel_overwrites_limit_what_the_bot_may_post(
    fake_discord: FakeDiscord,
    guild: FakeGuild,
    alice: SimulatedMember,
    denied: discord.Permissions,
    granted: tuple[bool, bool],
    text: int,
    embed: int,
) -> None:
    """A member overwrite denying the bot a permission: the interaction's app_permissions
    (Send Messages, Embed Links) say so; a new message is refused (403: 50001 without View
    Channel, 50013 without Send Messages or, with embeds, Embed Links); an edit without
    Embed Links loses its embeds (the number of embeds after an edit, or the error code)."""
    await fake_discord.deny(guild.channel("tonk"), fake_discord.bot_user.id, denied)
    async with run_bot(fake_discord, DemoBot()) as bot:
        answered = await alice.slash("demo", "post")
    assert answered.content == "tried"
    assert bot.events == [("app_permissions", granted), ("text", text), ("embed", embed)]


async def test_defer_then_edit_original_response(
    fake_discord: FakeDiscord, alice: SimulatedMember, bob: SimulatedMember
) -> None:
    async with run_bot(fake_discord, DemoBot()) as bot:
        result = await alice.slash("demo", "slow")

    assert result.type is InteractionResponseType.deferred_channel_message
    assert result.deferred and not result.ephemeral
    assert result.message is not None and not result.message.loading
    assert [v.content for v in result.message.versions] == ["", "done thinking"]
    assert ("original_content", "done thinking") in bot.events
    assert bob.has_seen("done thinking")


async def test_an_expired_interaction_token_is_an_unknown_webhook(
    fake_discord: FakeDiscord, alice: SimulatedMember
) -> None:
    async with run_bot(fake_discord, DemoBot()):
        result = await alice.slash("demo", "slow")
    result.expire()
    app, token = fake_discord.application_id, result.token
    url = f"{fake_discord.api_url}/webhooks/{app}/{token}/messages/@original"
    async with (
        aiohttp.ClientSession() as session,
        session.patch(url, json={"content": "too late"}) as response,
    ):
        assert response.status == 404
        assert (await response.json())["code"] == 10015
    assert result.content == "done thinking"


async def test_waiting_for_one_message_to_be_edited(
    fake_discord: FakeDiscord, alice: SimulatedMember, bob: SimulatedMember
) -> None:
    async with run_bot(fake_discord, DemoBot()):
        result = await alice.slash("demo", "table", name="one")
        assert result.message is not None
        waiting = asyncio.create_task(fake_discord.wait_for_edit(result.message, 1))
        await asyncio.sleep(0)
        assert not waiting.done()
        await bob.click(result, "Join")
        assert await waiting is result.message and len(result.message.versions) == 2
        with pytest.raises(FakeDiscordTimeout, match="was not edited"):
            await fake_discord.wait_for_edit(result.message, 2, timeout=0.01)


async def test_channel_send_edit_and_followup_after_ephemeral_defer(
    fake_discord: FakeDiscord, guild: FakeGuild, alice: SimulatedMember, bob: SimulatedMember
) -> None:
    async with run_bot(fake_discord, DemoBot()):
        result = await alice.at(guild.channel("lobby")).slash("demo", "announce", text="news")

    [posted] = fake_discord.messages_in(guild.channel("lobby"))
    assert [v.content for v in posted.versions] == ["news", "news (edited)"]
    assert posted.edited_timestamp is not None
    assert result.content == "announced" and result.ephemeral
    assert result.followups == []  # the first followup filled in the deferred reply
    assert bob.has_seen("news (edited)") and not bob.has_seen("announced")


async def test_select_menus(
    fake_discord: FakeDiscord, alice: SimulatedMember, bob: SimulatedMember
) -> None:
    async with run_bot(fake_discord, DemoBot()):
        menu = await alice.slash("demo", "pick")
        assert menu.message is not None
        assert [s["placeholder"] for s in menu.message.selects()] == [
            "Pick a fruit",
            "Pick a player",
        ]
        with pytest.raises(FakeDiscordError, match="no options"):
            await alice.select(menu, "Pick a fruit", ["banana"])
        with pytest.raises(FakeDiscordError, match=r"takes 1\.\.1 values"):
            await alice.select(menu, "demo:fruit", ["apple", "pear"])
        player = await alice.select(menu, "Pick a player", [bob])
        assert player.content == f"picked {bob.mention}"
        picked = await alice.select(menu, "Pick a fruit", ["pear"])

    assert picked.type is InteractionResponseType.message_update
    assert menu.content == "picked pear" and menu.components == []


async def test_modal(fake_discord: FakeDiscord, alice: SimulatedMember) -> None:
    async with run_bot(fake_discord, DemoBot()):
        opened = await alice.slash("demo", "form")
        assert opened.modal is not None and opened.modal["title"] == "Set the stake"
        with pytest.raises(FakeDiscordError, match="no inputs"):
            await alice.submit_modal(opened, {"demo:bet": "5"})
        submitted = await alice.submit_modal(opened, {"demo:stake": "5", "demo:currency": "coins"})

    assert submitted.content == "stake is 5 coins"


async def test_options_members_channels_roles_choices_and_autocomplete(
    fake_discord: FakeDiscord, guild: FakeGuild, alice: SimulatedMember, bob: SimulatedMember
) -> None:
    dealer = fake_discord.add_role(guild, "dealer", discord.Permissions.none())
    async with run_bot(fake_discord, DemoBot()):
        greeting = await alice.slash("demo", "greet", who=bob, times=2)
        whereis = await alice.slash("demo", "whereis", place=guild.channel("lobby"), role=dealer)
        colour = await alice.slash("demo", "colour", colour="Red")
        choices = await alice.autocomplete("demo", "preset", focused="name", name="s")

    assert greeting.content == f"hi {bob.mention} hi {bob.mention}"
    assert whereis.content == "dealer plays in lobby"
    assert colour.content == "red"
    assert [c["value"] for c in choices] == ["standard", "speed"]


async def test_invalid_invocations_fail_before_reaching_the_bot(
    fake_discord: FakeDiscord, alice: SimulatedMember, bob: SimulatedMember
) -> None:
    async with run_bot(fake_discord, DemoBot()):
        with pytest.raises(FakeDiscordError, match="not a synced command"):
            await alice.slash("tonk", "new")
        with pytest.raises(FakeDiscordError, match="no subcommand 'nope'"):
            await alice.slash("demo", "nope")
        with pytest.raises(FakeDiscordError, match="missing required options"):
            await alice.slash("demo", "table")
        with pytest.raises(FakeDiscordError, match="wants a value of type integer"):
            await alice.slash("demo", "greet", who=bob, times="2")
        with pytest.raises(FakeDiscordError, match="must be one of"):
            await alice.slash("demo", "colour", colour="blue")
        with pytest.raises(FakeDiscordError, match="bob cannot use /demo-admin"):
            await bob.slash("demo-admin")
        allowed = await alice.slash("demo-admin")
    assert allowed.content == "admin ok"
    assert fake_discord.interactions.keys() == {allowed.id}


async def test_unanswered_interaction_times_out_clearly(
    fake_discord: FakeDiscord, alice: SimulatedMember
) -> None:
    async with run_bot(fake_discord, DemoBot()) as bot:
        with pytest.raises(
            FakeDiscordTimeout, match=r"still waiting for the bot to respond to .*demo silent"
        ):
            await alice.invoke_slash("demo", ["silent"], timeout=0.2)
        await fake_discord.wait_for(lambda: any(e[0] == "silent" for e in bot.events))
        with pytest.raises(FakeDiscordTimeout, match="no dms"):
            await fake_discord.wait_for(lambda: alice.dms(), timeout=0.05, what="no dms")


async def test_gateway_reconnect_resumes_the_session(
    fake_discord: FakeDiscord, alice: SimulatedMember
) -> None:
    async with run_bot(fake_discord, DemoBot()):
        await fake_discord.gateway.request_reconnect()
        await fake_discord.wait_for(lambda: fake_discord.gateway.resume_count == 1)
        result = await alice.slash("demo", "secret", word="still here")
    assert result.content == "your secret: still here"
    assert fake_discord.gateway.identify_count == 1


async def test_each_shard_connection_carries_only_its_guilds_and_their_interactions() -> None:
    async with open_fake_discord(shard_count=2) as fake:
        guilds = [fake.add_guild(f"on shard {shard}", shard=shard) for shard in (0, 1)]
        members = [fake.add_member(guild, f"member{i}") for i, guild in enumerate(guilds)]
        bots = [DemoBot(shard_id=shard, shard_count=2) for shard in (0, 1)]
        async with run_bot(fake, bots[0]), run_bot(fake, bots[1]):
            tables = [await member.slash("demo", "table", name="x") for member in members]
        headers = {"Authorization": f"Bot {fake.token}"}
        async with (
            aiohttp.ClientSession(headers=headers) as session,
            session.get(f"{fake.api_url}/gateway/bot") as response,
        ):
            recommended = (await response.json())["shards"]
    assert [(guild.id >> 22) % 2 for guild in guilds] == [0, 1]
    assert [[guild.id for guild in bot.guilds] for bot in bots] == [[g.id] for g in guilds]
    assert [[e for e in bot.events if e[0] == "original"] for bot in bots] == [
        [("original", table.message.id)] for table in tables if table.message is not None
    ]
    assert recommended == 2


async def test_rest_responses_and_unknown_routes(fake_discord: FakeDiscord) -> None:
    headers = {"Authorization": f"Bot {fake_discord.token}"}
    async with aiohttp.ClientSession(headers=headers) as session:
        async with session.get(f"{fake_discord.api_url}/users/@me") as response:
            assert response.headers["Content-Type"] == "application/json"
            assert (await response.json())["id"] == str(fake_discord.bot_user.id)
        async with session.get(f"{fake_discord.api_url}/guilds/1/bans") as response:
            assert response.status == 404
            assert response.headers["Content-Type"] == "application/json"
    async with (
        aiohttp.ClientSession() as session,
        session.get(f"{fake_discord.api_url}/users/@me") as response,
    ):
        assert response.status == 401
    assert fake_discord.unhandled_requests == ["GET /api/v10/guilds/1/bans"]
    fake_discord.unhandled_requests.clear()


async def test_patching_is_undone() -> None:
    base, gateway = Route.BASE, DiscordWebSocket.DEFAULT_GATEWAY
    async with open_fake_discord() as fake:
        assert fake.api_url == Route.BASE
        assert fake.gateway_url == str(DiscordWebSocket.DEFAULT_GATEWAY)
    assert (base, gateway) == (Route.BASE, DiscordWebSocket.DEFAULT_GATEWAY)


async def test_component_callbacks_of_each_kind(
    fake_discord: FakeDiscord, alice: SimulatedMember, bob: SimulatedMember
) -> None:
    async with run_bot(fake_discord, DemoBot()):
        panel = await alice.slash("demo", "panel")
        assert panel.message is not None
        labels = [button["label"] for button in panel.message.buttons()]
        assert labels == ["Refresh", "Shout", "Ponder", "Locked", "Rules"]
        refreshed = await bob.click(panel, "Refresh")
        shouted = await bob.click(panel, custom_id="demo:shout")
        pondered = await bob.click(panel, "Ponder")
        with pytest.raises(FakeDiscordError, match="disabled"):
            await bob.click(panel, "Locked")
        with pytest.raises(FakeDiscordError, match="is a link"):
            await bob.click(panel, "Rules")
        with pytest.raises(
            FakeDiscordError, match=r"has no button 'Nope' \(it has: 'Refresh' \(demo:refresh\), "
        ):
            await bob.click(panel, "Nope")

    assert refreshed.type is InteractionResponseType.deferred_message_update
    assert refreshed.message is panel.message and panel.content == "refreshed"
    assert [m.content for m in refreshed.followups] == ["refreshed quietly"]
    assert refreshed.followups[0].recipient_id == bob.id
    assert shouted.type is InteractionResponseType.channel_message
    assert shouted.message is not panel.message and shouted.content == "shouting from a button"
    assert pondered.type is InteractionResponseType.deferred_channel_message
    assert pondered.ephemeral and pondered.content == "pondered"
    assert bob.has_seen("pondered") and not alice.has_seen("pondered")


async def test_buttons_in_direct_messages(
    fake_discord: FakeDiscord, alice: SimulatedMember, bob: SimulatedMember
) -> None:
    async with run_bot(fake_discord, DemoBot()):
        await alice.slash("demo", "dm")
        [dm] = alice.dms()
        with pytest.raises(FakeDiscordError, match="bob cannot see"):
            await bob.click(dm, "Got it")
        acked = await alice.click(dm, "Got it")
        in_dm = await alice.invoke_slash(
            "demo", ["secret"], {"word": "psst"}, channel=fake_discord.open_dm(alice.id)
        )
    assert acked.message is dm
    assert dm.content == "acknowledged" and dm.components == []
    assert in_dm.message is not None and in_dm.message.channel_id == dm.channel_id
    assert in_dm.ephemeral and alice.has_seen("psst") and not bob.has_seen("psst")


async def test_file_attachments(fake_discord: FakeDiscord, alice: SimulatedMember) -> None:
    async with run_bot(fake_discord, DemoBot()):
        dealt = await alice.slash("demo", "card")
    assert dealt.message is not None
    assert [v.content for v in dealt.message.versions] == ["your card", "your card (kept)"]
    [attachment] = dealt.message.attachments
    assert (attachment.filename, attachment.data) == ("card.txt", b"ace of spades")
    assert alice.has_seen("card.txt")


async def test_a_file_over_the_upload_limit_is_refused_as_discord_does(
    fake_discord: FakeDiscord, alice: SimulatedMember
) -> None:
    """Files beyond ``attachment_size_limit`` (which interactions announce): 413 / 40005."""
    fake_discord.attachment_size_limit = 5
    async with run_bot(fake_discord, DemoBot()):
        with pytest.raises(FakeDiscordError, match=r"(?s)failed handling.*413.*40005"):
            await alice.invoke_slash("demo", ["card"], timeout=30)
    assert len(fake_discord.discord_errors) == 1
    fake_discord.discord_errors.clear()


async def test_history_fetch_reply_and_delete(
    fake_discord: FakeDiscord, guild: FakeGuild, alice: SimulatedMember
) -> None:
    async with run_bot(fake_discord, DemoBot()) as bot:
        await alice.slash("demo", "announce", text="news")
    assert ("fetched", "news (edited)") in bot.events
    assert ("history", ["temporary", "news (edited)"]) in bot.events
    posted, temporary = fake_discord.messages_in(guild.channel("tonk"), include_deleted=True)
    assert temporary.deleted and temporary.type == 19
    assert temporary.message_reference is not None
    assert temporary.message_reference["message_id"] == posted.id
    assert fake_discord.messages_in(guild.channel("tonk")) == [posted]


async def test_member_cache_and_chunk_requests(
    fake_discord: FakeDiscord, guild: FakeGuild, alice: SimulatedMember, bob: SimulatedMember
) -> None:
    intents = discord.Intents.default()
    intents.members = True
    async with run_bot(fake_discord, DemoBot(intents=intents)) as bot:
        bot_guild = bot.get_guild(guild.id)
        assert bot_guild is not None and bot_guild.chunked
        alice_member, bob_member = bot_guild.get_member(alice.id), bot_guild.get_member(bob.id)
        assert alice_member is not None and alice_member.guild_permissions.manage_guild
        assert bob_member is not None and not bob_member.guild_permissions.manage_guild
        found = await bot_guild.query_members("ali")
    assert [member.id for member in found] == [alice.id]


async def test_a_crashing_handler_fails_fast_with_the_logged_error(
    fake_discord: FakeDiscord, alice: SimulatedMember
) -> None:
    async with run_bot(fake_discord, DemoBot()):
        with pytest.raises(FakeDiscordError, match=r"(?s)failed handling.*kaboom"):
            await alice.invoke_slash("demo", ["broken"], timeout=30)
    assert len(fake_discord.discord_errors) == 1
    fake_discord.discord_errors.clear()


def view(*items: discord.ui.Item[Any]) -> discord.ui.View:
    made = discord.ui.View()
    for item in items:
        made.add_item(item)
    return made


def twice(button: discord.ui.Button[Any]) -> discord.ui.View:
    """Two buttons with one custom_id (discord.py lets a view hold them)."""
    same = discord.ui.Button[Any](label="b", custom_id=button.custom_id)
    return view(button, same)


def select(*options: tuple[str, str], max_values: int = 1) -> discord.ui.Select[Any]:
    choices = [discord.SelectOption(label=label, value=value) for label, value in options]
    return discord.ui.Select(custom_id="menu", options=choices, max_values=max_values)


@pytest.mark.parametrize(
    ("message", "part"),
    [
        ({"content": "x" * 2001}, "content"),
        ({"embed": discord.Embed(title="t" * 257)}, "embeds.0.title"),
        ({"embed": discord.Embed(description="d" * 4097)}, "embeds.0.description"),
        ({"embed": discord.Embed().add_field(name="f", value="v" * 1025)}, "fields.0.value"),
        ({"embeds": [discord.Embed(description="d" * 4000)] * 2}, "embeds: Must be 6000"),
        ({"view": discord.ui.View().add_item(discord.ui.Button(label="b" * 81))}, "label"),
        ({"view": twice(discord.ui.Button(label="a", custom_id="same"))}, "cannot be duplicated"),
        ({"view": view(select(("a", "v"), ("b", "v")))}, "option values must be unique"),
        ({"view": view(select(("a", "v"), max_values=2))}, "more values than options"),
    ],
)
async def test_a_message_over_discords_size_limits_is_refused_with_code_50035(
    fake_discord: FakeDiscord, guild: FakeGuild, message: dict[str, Any], part: str
) -> None:
    async with run_bot(fake_discord, DemoBot()) as bot:
        channel = bot.get_partial_messageable(guild.channel("tonk").id)
        with pytest.raises(discord.HTTPException) as refused:
            await channel.send(**message)
        assert refused.value.status == 400 and refused.value.code == 50035
        assert part in refused.value.text
        sent = await channel.send("x" * 2000, embed=discord.Embed(description="d" * 4096))
        with pytest.raises(discord.HTTPException, match="50035"):
            await sent.edit(content="x" * 2001)
    assert len(fake_discord.oversize) == 2
    fake_discord.oversize.clear()


@pytest.mark.parametrize(
    ("allowed", "mention_everyone", "expected"),
    [
        (None, True, {"alice", "bob", "carol"}),
        ({"parse": []}, True, set()),
        ({"parse": [], "users": ["alice"]}, True, {"alice"}),
        ({"parse": ["users"]}, True, {"alice"}),
        ({"parse": ["roles"]}, True, {"carol"}),
        (None, False, {"alice"}),
    ],
)
async def test_a_new_message_notifies_whom_its_mentions_let_through(
    fake_discord: FakeDiscord,
    guild: FakeGuild,
    alice: SimulatedMember,
    bob: SimulatedMember,
    allowed: dict[str, list[str]] | None,
    mention_everyone: bool,
    expected: set[str],
) -> None:
    """A user mention notifies that user, a role mention the role's members, ``@everyone``
    every member; ``allowed_mentions`` lets through whole kinds (``parse``) or single ids;
    roles and everyone need the bot's Mention Everyone; an edit notifies nobody."""
    regulars = fake_discord.add_role(guild, "regulars", discord.Permissions.none())
    carol = fake_discord.add_member(guild, "carol", roles=[regulars])
    if not mention_everyone:
        channel = guild.channel("tonk")
        await fake_discord.deny(
            channel, fake_discord.bot_user.id, discord.Permissions(mention_everyone=True)
        )
    ids = {"alice": alice.user.id, "bob": bob.user.id, "carol": carol.user.id}
    body: dict[str, Any] = {"content": f"<@{alice.user.id}> <@&{regulars.id}> @everyone"}
    if allowed is not None:
        body["allowed_mentions"] = {
            kind: [str(ids.get(value, value)) if kind == "users" else value for value in values]
            for kind, values in allowed.items()
        }
    url = f"{fake_discord.api_url}/channels/{guild.channel('tonk').id}/messages"
    headers = {"Authorization": f"Bot {fake_discord.token}"}
    async with (
        aiohttp.ClientSession() as session,
        session.post(url, json=body, headers=headers) as response,
    ):
        assert response.status == 200
        posted = fake_discord.messages[int((await response.json())["id"])]
        async with session.patch(
            f"{url}/{posted.id}", json={"content": f"<@{bob.user.id}>"}, headers=headers
        ) as edited:
            assert edited.status == 200
    assert posted.notified == {ids[name] for name in expected}


async def test_a_mentionable_role_is_notified_without_mention_everyone(
    fake_discord: FakeDiscord, guild: FakeGuild
) -> None:
    """A role that is mentionable notifies its members when a message lets it through,
    whatever the author's permissions; a role that is not needs Mention Everyone."""
    open_role = fake_discord.add_role(
        guild, "players", discord.Permissions.none(), mentionable=True
    )
    closed_role = fake_discord.add_role(guild, "staff", discord.Permissions.none())
    dan = fake_discord.add_member(guild, "dan", roles=[open_role])
    eve = fake_discord.add_member(guild, "eve", roles=[closed_role])
    channel = guild.channel("tonk")
    await fake_discord.deny(
        channel, fake_discord.bot_user.id, discord.Permissions(mention_everyone=True)
    )
    url = f"{fake_discord.api_url}/channels/{channel.id}/messages"
    headers = {"Authorization": f"Bot {fake_discord.token}"}
    notified = []
    async with aiohttp.ClientSession() as session:
        for roles in ([open_role.id, closed_role.id], []):
            body = {
                "content": f"<@&{open_role.id}> <@&{closed_role.id}>",
                "allowed_mentions": {"parse": [], "roles": [str(role) for role in roles]},
            }
            async with session.post(url, json=body, headers=headers) as response:
                assert response.status == 200
                notified.append(fake_discord.messages[int((await response.json())["id"])].notified)
    assert open_role.payload()["mentionable"] and not closed_role.payload()["mentionable"]
    assert notified == [{dan.user.id}, set()]
    assert eve.user.id not in notified[0]


async def test_giving_and_taking_back_a_role_as_discord_checks_it(
    fake_discord: FakeDiscord, guild: FakeGuild, alice: SimulatedMember
) -> None:
    """PUT and DELETE …/members/{user}/roles/{role}: 403 / 50013 without Manage Roles or for
    a role not below the bot's highest; 404 / 10011 for an unknown role, 10007 for an
    unknown member; else 204, and the member has (or no longer has) the role."""
    champion = fake_discord.add_role(guild, "Champion", discord.Permissions.none())
    route = f"{fake_discord.api_url}/guilds/{guild.id}/members/{{user}}/roles/{{role}}"
    headers = {"Authorization": f"Bot {fake_discord.token}"}

    async def call(method: str, user: int, role: int) -> tuple[int, int | None]:
        url = route.format(user=user, role=role)
        async with session.request(method, url) as response:
            body = None if response.status == 204 else (await response.json())["code"]
            return response.status, body

    async with aiohttp.ClientSession(headers=headers) as session:
        assert await call("PUT", alice.id, champion.id) == (403, 50013)
        bot_role = fake_discord.bot_role(guild)
        bot_role.permissions |= discord.Permissions(manage_roles=True).value
        assert await call("PUT", alice.id, champion.id) == (403, 50013)  # not below the bot's
        bot_role.position = champion.position + 1
        assert await call("PUT", alice.id, 12345) == (404, 10011)
        assert await call("PUT", 12345, champion.id) == (404, 10007)
        assert await call("PUT", alice.id, champion.id) == (204, None)
        assert champion.id in guild.members[alice.id].role_ids
        assert await call("DELETE", alice.id, champion.id) == (204, None)
        assert champion.id not in guild.members[alice.id].role_ids
