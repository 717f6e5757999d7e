"""Discord's size limits, and the one way the bot fits a message into them.

``clip`` shortens text at a line end or a space (so that no card, name, mention or timestamp
is cut in two), closes no markup it leaves open, and ends with ``…``; ``fit_embed`` and
``fit_view`` apply it to every part of an embed and of a message's components.
"""

from __future__ import annotations

from typing import Any

import discord

from bot.i18n.bounds import ELLIPSIS

CONTENT = 2000
TITLE = 256
DESCRIPTION = 4096
FIELD_NAME = 256
FIELD_VALUE = 1024
FIELDS = 25
FOOTER = 2048
EMBED_TOTAL = 6000
BUTTON_LABEL = 80
OPTION_LABEL = 100
PLACEHOLDER = 150
MARKUP = ("**", "__", "~~", "||", "`")


def clip(text: str, limit: int) -> str:
    """``text`` if it fits in ``limit`` characters, else as much of it as fits, cut safely."""
    if len(text) <= limit:
        return text
    cut = text[: limit - len(ELLIPSIS)]
    for separator in ("\n", " "):
        at = cut.rfind(separator)
        if at >= len(cut) // 2:
            cut = cut[:at]
            break
    if cut.rfind("<") > cut.rfind(">"):
        cut = cut[: cut.rfind("<")]
    for mark in MARKUP:
        if cut.count(mark) % 2:
            at = cut.rfind(mark)
            cut = cut[:at] + cut[at + len(mark) :]
    return cut.rstrip() + ELLIPSIS


def fit_embed(embed: discord.Embed) -> discord.Embed:
    """``embed`` with every part within its limit and at most ``EMBED_TOTAL`` characters in
    all: fields past the 25th, then the last fields, are dropped first."""
    if embed.title:
        embed.title = clip(embed.title, TITLE)
    if embed.description:
        embed.description = clip(embed.description, DESCRIPTION)
    if embed.footer.text:
        embed.set_footer(text=clip(embed.footer.text, FOOTER), icon_url=embed.footer.icon_url)
    fields = embed.fields
    if len(fields) > FIELDS or any(
        len(f.name or "") > FIELD_NAME or len(f.value or "") > FIELD_VALUE for f in fields
    ):
        embed.clear_fields()
        for f in fields[:FIELDS]:
            name, value = clip(f.name or "", FIELD_NAME), clip(f.value or "", FIELD_VALUE)
            embed.add_field(name=name, value=value, inline=f.inline)
    size = len(embed)  # counted again only when something was cut (a busy path: each render)
    while size > EMBED_TOTAL and embed.fields:
        embed.remove_field(len(embed.fields) - 1)
        size = len(embed)
    if size > EMBED_TOTAL and embed.description:
        embed.description = clip(embed.description, len(embed.description) - (size - EMBED_TOTAL))
    return embed


def fit_view(view: discord.ui.View) -> discord.ui.View:
    """``view`` with every button label, menu placeholder and menu option label in bounds."""
    for child in view.children:
        item = child.item if isinstance(child, discord.ui.DynamicItem) else child
        if isinstance(item, discord.ui.Button) and item.label:
            item.label = clip(item.label, BUTTON_LABEL)
        elif isinstance(item, discord.ui.Select):
            _fit_select(item)
    return view


def _fit_select(select: discord.ui.Select[Any]) -> None:
    if select.placeholder:
        select.placeholder = clip(select.placeholder, PLACEHOLDER)
    for option in select.options:
        option.label = clip(option.label, OPTION_LABEL)
