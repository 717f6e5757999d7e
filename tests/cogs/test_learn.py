"""**How to play**: the button under ``/tonk help``, ``/tonk rules``, the welcome and a table
in its lobby shows whoever presses it the standard game (S1-S11) step by step, privately and
in their own language, its moves named by the buttons that make them; the welcome's keeps
working after a restart."""

from __future__ import annotations

from pathlib import Path

from tests.cogs.helpers import button_labels, db_bot, make_bot, open_table, quiet, table_in
from tests.fakediscord import FakeDiscord, run_bot
from tests.fakediscord.interactions import InteractionResult

SECTIONS = [
    "Cards and the deal",
    "Your turn",
    "Spreads",
    "Going out",
    "Dropping",
    "An empty stock",
    "To learn more",
]


def learned(result: InteractionResult) -> dict[str, str]:
    """The private How to play a click answered: its fields by name (``""``: the intro)."""
    assert result.ephemeral
    (embed,) = result.embeds
    return {"": embed["description"], **{f["name"]: f["value"] for f in embed["fields"]}}


async def test_how_to_play_under_help_and_rules_shows_the_standard_game_privately(
    fake_discord: FakeDiscord,
) -> None:
    fake = fake_discord
    guild = fake.add_guild("Casino", channels=["tonk"])
    ann = fake.add_member(guild, "ann")
    async with run_bot(fake, make_bot()):
        (tonk,) = fake.commands()
        helped = await ann.slash("tonk", "help")
        rules = await ann.slash("tonk", "rules")
        assert helped.message is not None and rules.message is not None
        assert button_labels(helped.message) == {"How to play": True}
        assert button_labels(rules.message) == {"How to play": True}
        assert rules.embeds[0]["footer"]["text"] == (
            "How to play, below: the standard game step by step."
        )
        shown = await ann.click(helped.message, "How to play")
        assert shown.embed_titles == ["How to play Tonk"]
        fields = learned(shown)
        again = learned(await ann.click(rules.message, "How to play"))
    assert again == fields
    assert list(fields) == ["", *SECTIONS]
    assert fields[""].startswith("Tonk is a fast rummy for two to six players")
    assert f"This is the standard game; </tonk rules:{tonk['id']}> shows" in fields[""]
    assert fields["Your turn"].splitlines() == [
        "1. At the very start of your turn, before taking a card, you may **Drop** (see below).",
        "2. Otherwise take a card: **Draw** from the stock, or **Take** the top card of the "
        "discard pile.",
        "3. Lay spreads from your hand, and hit any spread on the table, yours or another "
        "player's.",
        "4. Discard one card.",
        "**My hand** shows your cards, privately, with a button for every move you may make.",
    ]
    assert "a **tonk**: every other player pays you 2" in fields["Going out"]  # S11a
    assert "(a tie counts against you): you pay 2 to each player" in fields["Dropping"]  # S11c
    assert "ace low only (A-2-3, never Q-K-A)" in fields["Spreads"]  # S8
    assert fields["To learn more"].startswith(f"</tonk practice:{tonk['id']}> deals you")


async def test_the_welcomes_how_to_play_answers_each_member_in_their_language_after_a_restart(
    fake_discord: FakeDiscord, sqlite_store: Path
) -> None:
    """The welcome is in the server's language (Romanian here), with **How to play** under
    it; ann, whose Discord is in English, reads the game in English and ana in Romanian;
    nothing of it is public, and the button still answers once the bot has restarted."""
    fake = fake_discord
    async with run_bot(fake, db_bot(sqlite_store)) as bot:
        guild = fake.add_guild("Clubul", channels=["joc"])
        guild.preferred_locale = "ro"
        ann, ana = fake.add_member(guild, "ann"), fake.add_member(guild, "ana")
        ana.user.locale = "ro"
        await fake.invite_bot(guild)
        welcome = await fake.wait_for(lambda: fake.latest(channel=guild.channel("joc")))
        await quiet(fake, bot)
        assert button_labels(welcome) == {"Cum se joacă": True}
        assert "**Cum se joacă**, mai jos, explică jocul" in welcome.embeds[0]["description"]
        english = await ann.click(welcome, "Cum se joacă")
        romanian = await ana.click(welcome, "Cum se joacă")
    assert english.embed_titles == ["How to play Tonk"] and list(learned(english)) == [
        "",
        *SECTIONS,
    ]
    assert romanian.embed_titles == ["Cum se joacă Tonk"]
    assert list(learned(romanian))[1:3] == ["Cărțile și împărțirea", "Rândul tău"]
    assert fake.messages_in(guild.channel("joc")) == [welcome]
    async with run_bot(fake, db_bot(sqlite_store)):
        assert learned(await ann.click(welcome, "Cum se joacă")) == learned(english)


async def test_how_to_play_in_a_tables_lobby_answers_anyone_and_changes_nothing_there(
    fake_discord: FakeDiscord,
) -> None:
    """A member who is not at the table (cat) presses the lobby's How to play: cat reads the
    game privately, and the table and its message are as they were."""
    fake = fake_discord
    guild = fake.add_guild("Casino", channels=["tonk"])
    channel = guild.channel("tonk")
    ann, bob, cat = (fake.add_member(guild, name).at(channel) for name in ("ann", "bob", "cat"))
    async with run_bot(fake, make_bot()) as bot:
        lobby = await open_table(ann, [bob])
        before = (table_in(bot, channel).to_json(), len(lobby.versions))
        shown = await cat.click(lobby, "How to play")
        await quiet(fake, bot)
        after = (table_in(bot, channel).to_json(), len(lobby.versions))
    assert shown.embed_titles == ["How to play Tonk"] and list(learned(shown)) == ["", *SECTIONS]
    assert after == before
