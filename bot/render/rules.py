"""The rules summary shown by ``/tonk rules``, as an embed of ``bot.engine.summary``'s parts."""

from __future__ import annotations

import discord

from bot.engine.rules import Rules
from bot.engine.summary import summarize
from bot.i18n import text
from bot.render.limits import fit_embed


def rules_embed(rules: Rules, locale: str = "en", stake: int | None = None) -> discord.Embed:
    """What differs from the standard game first, then every section, then house decisions;
    the footer points to **How to play**, the button sent under it (``cogs.tonk.learn``)."""
    summary = summarize(rules, locale)
    lines = []
    if summary.differences:
        lines.append(text("summary.differences", locale))
        lines.extend(f"• {d}" for d in summary.differences)
    else:
        lines.append(text("summary.no_differences", locale))
    if stake is not None:
        lines.append(text("summary.stake", locale, stake=stake))
    embed = discord.Embed(title=summary.title, description="\n".join(lines))
    for title, sentences in (*summary.sections, (text("summary.house", locale), summary.house)):
        value = "\n".join(f"• {s}" for s in sentences)
        embed.add_field(name=title, value=value, inline=False)
    learn_button = text("help.button.learn", locale)
    embed.set_footer(text=text("summary.learn", locale, learn_button=learn_button))
    return fit_embed(embed)
