"""The champion role: ``/tonk config champion role`` names a role that the winner of each
season that ends gets (the most chips in that season, or in a season of push-up hands, which
pay no chips, the most hands won; each of them, on a tie), taken back from the last winners
when the next season ends. The bot needs Manage Roles, and its own role above that one: a
role it could not give is refused in words, changing nothing, and a role it cannot give or
take back later is said in the season's announcement."""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

import discord

from bot.client import DISCORD_FAILURES, answer, locale_of
from bot.i18n import text
from bot.store import LeaderboardPage, Standing, Store
from cogs.scoreboard.render import champion_lines

if TYPE_CHECKING:
    from bot.client import TonkBot

log = logging.getLogger(__name__)
REASON = "Tonk: the winner of the season that ended"
"""What the server's audit log says of a role the bot gives or takes back."""


def _role_refusal(role: discord.Role) -> str | None:
    """The catalogue key of why the bot cannot give ``role``; None if it can."""
    me = role.guild.me
    if role.is_default():
        return "scoreboard.refusal.champion_everyone"
    if role.managed:
        return "scoreboard.refusal.champion_managed"
    if not me.guild_permissions.manage_roles:
        return "scoreboard.refusal.champion_no_permission"
    if not role.is_assignable():
        return "scoreboard.refusal.champion_above"
    return None


async def set_champion_role(
    bot: TonkBot, store: Store, interaction: discord.Interaction, role: discord.Role | None
) -> None:
    """Make ``role`` the season winners' role (None: no role). A role the bot could not give
    is refused, changing nothing; the role it replaces is taken back from its holders."""
    locale = locale_of(interaction)
    guild = interaction.guild
    assert guild is not None  # a command of a server
    refusal = None if role is None else _role_refusal(role)
    if role is not None and refusal is not None:
        await answer(interaction, text(refusal, locale, role=role.mention))
        return
    config = await store.get_guild_settings(guild.id)
    chosen = None if role is None else role.id
    champions = config.champions
    if config.champion_role not in (None, chosen):
        await _take_back(bot, guild, config.champion_role or 0, champions)
        champions = ()
    await store.update_guild_settings(guild.id, champion_role=chosen, champions=champions)
    if role is None:
        await answer(interaction, text("scoreboard.config.champion_off", locale))
    else:
        await answer(interaction, text("scoreboard.config.champion_on", locale, role=role.mention))


async def crown(
    bot: TonkBot,
    store: Store,
    guild: discord.Guild,
    final: LeaderboardPage,
    winners: list[Standing],
    locale: str,
) -> list[str]:
    """A season just started: give the server's champion role to the ``winners`` of the one
    that ended (:func:`season_winners` of ``final``, its chips board; before the first
    season, all time's) and take it back from the last winners. The lines the announcement
    adds, in ``locale``: who holds the role now, and for whom it could not be given or
    taken back."""
    config = await store.get_guild_settings(guild.id)
    if config.champion_role is None:
        return []
    role = guild.get_role(config.champion_role)
    if role is None:
        log.info("server %d deleted its champion role: seasons crown nobody", guild.id)
        await store.update_guild_settings(guild.id, champion_role=None, champions=())
        return []
    winner_ids = {winner.user_id for winner in winners}
    failed = [
        user_id
        for user_id in config.champions
        if user_id not in winner_ids and not await _move(bot, guild, role, user_id, give=False)
    ]
    holders = [
        winner
        for winner in winners
        if winner.user_id in config.champions or await _move(bot, guild, role, winner.user_id)
    ]
    failed += [winner.user_id for winner in winners if winner not in holders]
    await store.update_guild_settings(
        guild.id, champions=[holder.user_id for holder in holders] + failed
    )
    return champion_lines(final, winners, failed, role.mention, locale)


def season_winners(final: LeaderboardPage) -> list[Standing]:
    """The members ahead on ``final``, the board that decides the season
    (``seasons.deciding_board``), if above none: on a board of push-up matches (H10), those
    with its most matches won; on a chips board, those with its most chips, or where nobody
    won or lost a chip (push-up hands, which pay nobody: O42), its most hands won."""
    players = [entry.player for entry in final.entries]
    chips = any(player.net_chips for player in players)

    def figure(player: Standing) -> int:
        if final.by == "matches":
            return player.matches_won
        return player.net_chips if chips else player.hands_won

    best = max(map(figure, players), default=0)
    return [player for player in players if best > 0 and figure(player) == best]


async def _move(
    bot: TonkBot, guild: discord.Guild, role: discord.Role, user_id: int, *, give: bool = True
) -> bool:
    """Give ``role`` to the member (or with ``give`` False take it back); whether it is done.
    A member who left the server counts as done: there is nothing to give or take."""
    move = bot.http.add_role if give else bot.http.remove_role
    try:
        await move(guild.id, user_id, role.id, reason=REASON)
    except discord.NotFound:
        return True
    except DISCORD_FAILURES as error:
        log.warning(
            "server %d: could not %s role %d for member %d: %s",
            guild.id,
            "give" if give else "take back",
            role.id,
            user_id,
            error,
        )
        return False
    return True


async def _take_back(
    bot: TonkBot, guild: discord.Guild, role_id: int, holders: tuple[int, ...]
) -> None:
    """Take the role that is no longer the champions' back from its holders (one the bot
    cannot take back is logged, and kept)."""
    role = guild.get_role(role_id)
    if role is not None:
        for user_id in holders:
            await _move(bot, guild, role, user_id, give=False)
