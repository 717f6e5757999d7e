"""Who reads which language, through the fake Discord: each player their own (Discord's, or
the one they chose with /tonk language) in replies, the panel, refusals and DMs; the table
message and the scoreboard in the server's."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

from tests.cogs.helpers import (
    assert_hands_secret,
    make_bot,
    my_hand,
    open_table,
    quiet,
    service,
    stack_table,
    table_in,
)
from tests.cogs.test_scoreboard import manager
from tests.fakediscord import FakeDiscord, run_bot

HANDS = {
    "ann": ["KC", "QD", "9S", "8C", "2D"],
    "bob": ["4H", "5H", "6H", "7S", "7D"],
    "cat": ["AS", "10H", "3D", "JD", "5C"],
}


async def test_ro_vi_and_a_chosen_fa_each_read_their_own_and_the_table_the_servers(
    fake_discord: FakeDiscord, tmp_path: Path
) -> None:
    fake = fake_discord
    guild = fake.add_guild("Casino", channels=["tonk"])
    channel = guild.channel("tonk")
    ann = fake.add_member(guild, "ann")
    bob = fake.add_member(guild, "bob")
    cat = fake.add_member(guild, "cat")
    ann.user.locale, bob.user.locale = "ro", "vi"
    async with run_bot(
        fake, make_bot(database_url=f"sqlite+aiosqlite:///{tmp_path / 't.db'}")
    ) as bot:
        chosen = await cat.slash("tonk", "me", "set", language="fa")
        assert chosen.ephemeral and chosen.content == (
            "تانک از این پس در این سرور با شما \u2068فارسی\u2069 حرف می‌زند."
        )
        lobby = await open_table(ann, [bob, cat])
        assert "Hosted by ann. 3 of 4 seats taken" in lobby.text()
        stack_table(
            bot, channel, cuts=["KS", "3C", "2C"], hands=HANDS, dealer="ann", upcard="JC",
            stock=["3H", "10D", "7C"],
        )  # fmt: skip
        await ann.click(lobby, "Start")
        await quiet(fake, bot)
        assert "**bob** to play" in lobby.text()  # the server speaks English
        assert "Mâna ta: 8♣ K♣ 2♦ Q♦ 9♠ (total 39)" in ann.dms()[0].content
        assert "Bài của bạn: 7♦ 4♥ 5♥ 6♥ 7♠ (điểm 29)" in bob.dms()[0].content
        assert "دست شما: \u2068" in cat.dms()[0].content and "A♠" in cat.dms()[0].content

        assert (await ann.click(lobby, "Draw")).content == "Nu este rândul tău."
        assert (await cat.click(lobby, "Draw")).content == "نوبت شما نیست."
        assert (await bob.slash("tonk", "start")).content == "Chỉ chủ bàn mới làm được việc đó."
        await bob.click(lobby, "Draw")
        bob_panel = await my_hand(bob, lobby)
        assert "Bài của bạn · ván 1" in bob_panel.text() and "Điểm 32 · 6 lá" in bob_panel.text()
        cat_panel = await my_hand(cat, lobby)
        assert "دست شما · دست \u20681\u2069" in cat_panel.text()
        assert "در انتظار \u2068bob\u2069." in cat_panel.text()
        ann_panel = await my_hand(ann, lobby)
        assert "Se așteaptă mutarea lui bob." in ann_panel.text()
        await quiet(fake, bot)
        assert_hands_secret(table_in(bot, channel), [ann, bob, cat])
        for runtime in service(bot).tables:  # a crash: the bot keeps no DM's text
            runtime.keep_dms = _nothing  # type: ignore[method-assign]

    async with run_bot(  # a restart: each DM is edited on in the language it was written in
        fake, make_bot(database_url=f"sqlite+aiosqlite:///{tmp_path / 't.db'}")
    ) as bot:
        await quiet(fake, bot)
        (ann_dm,), (bob_dm,), (cat_dm,) = ann.dms(), bob.dms(), cat.dms()
        assert len(ann_dm.versions) == 2  # written again: the new process did not know it
        assert "Mâna ta: 8♣ K♣ 2♦ Q♦ 9♠ (total 39)" in ann_dm.content
        assert "Bài của bạn: 7♦ 3♥ 4♥ 5♥ 6♥ 7♠ (điểm 32)" in bob_dm.content
        assert "دست شما: \u2068" in cat_dm.content  # chosen: kept in the database anyway


async def _nothing() -> None:
    """What a bot that crashed does before it stops."""


async def test_the_servers_language_speaks_on_the_table_and_the_scoreboard(
    fake_discord: FakeDiscord, tmp_path: Path
) -> None:
    fake = fake_discord
    guild = fake.add_guild("Casino", channels=["tonk"])
    guild.preferred_locale = "vi"
    boss = manager(fake, guild)
    bob = fake.add_member(guild, "bob")
    bob.user.locale = "vi"
    async with run_bot(fake, make_bot(database_url=f"sqlite+aiosqlite:///{tmp_path / 't.db'}")):
        first = (await boss.slash("tonk", "new")).message
        assert first is not None
        await bob.click(first, "Vào bàn")  # the server's Discord locale
        assert "Chủ bàn: boss. Đã có 2/4 chỗ" in first.text()
        await boss.slash("tonk", "end")
        said = await boss.slash("tonk", "config", "language", value="ro")
        assert said.content == "New tables and the scoreboard now speak Română."
        refused = await bob.slash("tonk", "config", "language", value="fa")
        assert refused.content == "Chỉ thành viên có quyền Manage Server mới đổi được cài đặt."
        second = (await boss.slash("tonk", "new")).message
        assert second is not None
        await bob.click(second, "Intră")
        assert "Găzduită de boss. 2 din 4 locuri ocupate" in second.text()
        board = await bob.slash("tonk", "leaderboard")
        assert board.content == (
            "**Clasament: jetoane** (pagina 1)\nÎncă nu s-a terminat nicio mână pe acest server."
        )
        bad_page = await bob.forge_slash("tonk", "leaderboard", page=0)
        assert bad_page.ephemeral and bad_page.content == "Các trang được đánh số từ 1 đến 10.000."


def walk(command: dict[str, Any]) -> Iterator[dict[str, Any]]:
    """A command and every subcommand, group and option under it."""
    yield command
    for option in command.get("options", []):
        yield from walk(option)


async def test_the_registered_commands_are_listed_in_romanian_and_vietnamese(
    fake_discord: FakeDiscord, tmp_path: Path
) -> None:
    fake_discord.add_guild("Casino")
    async with run_bot(
        fake_discord, make_bot(database_url=f"sqlite+aiosqlite:///{tmp_path / 't.db'}")
    ):
        (tonk,) = fake_discord.commands()
    everything = list(walk(tonk))
    assert len(everything) >= 50
    for item in everything:
        for field in ("name_localizations", "description_localizations"):
            assert set(item.get(field) or {}) == {"ro", "vi"}, (item["name"], field)
        for choice in item.get("choices", []):
            assert set(choice.get("name_localizations") or {}) == {"ro", "vi"}, choice
    names = {o["name"]: o for o in tonk["options"]}
    assert names["new"]["name_localizations"] == {"ro": "nouă", "vi": "mở-bàn"}
    assert names["new"]["description_localizations"]["vi"] == (
        "Mở một bàn Tonk trong kênh này, hoặc trong một chủ đề của kênh; bạn là chủ bàn."
    )
    preset = next(o for o in names["new"]["options"] if o["name"] == "preset")
    chicago = next(c for c in preset["choices"] if c["value"] == "washington_state")
    assert chicago["name_localizations"] == {"ro": "Statul Washington", "vi": "Bang Washington"}
