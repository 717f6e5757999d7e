"""What ``/tonk me`` says: a member's settings, and what changing them did (pure)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import assert_never

from bot.i18n import language, render, text
from bot.members import HandOrder, MemberSettings


@dataclass(frozen=True, slots=True)
class Announced:
    """The role a server's new tables mention (its mention), and whether the member has it."""

    role: str
    held: bool


def settings_text(
    settings: MemberSettings,
    reading: str,
    server_quiet: bool,
    announced: Announced | None,
    locale: str,
    mentions: Mapping[str, str],
) -> str:
    """``/tonk me show``: the member's language (``reading``: the one their Discord app
    sends, for a member who chose none), DMs, reminders (``server_quiet``: the server turned
    them off for everyone), hand order and, where the server announces new tables to a role,
    whether they have it; then how to change or delete them."""
    if settings.language is None:
        said = text("members.show.language_auto", locale, language=language_name(reading))
    else:
        said = text("members.show.language", locale, language=language_name(settings.language))
    lines = [text("members.show.title", locale), said]
    lines.append(text("members.show.dms_on" if settings.dms else "members.show.dms_off", locale))
    if not settings.reminders:
        lines.append(text("members.show.reminders_off", locale))
    elif server_quiet:
        lines.append(text("members.show.reminders_server_off", locale))
    else:
        lines.append(text("members.show.reminders_on", locale))
    lines.append(_order_text(settings.order, "members.show", locale))
    if announced is not None:
        key = "members.show.announced" if announced.held else "members.show.not_announced"
        lines.append(text(key, locale, role=announced.role))
    lines.append(render("members.show.how", mentions, locale))
    return "\n".join(lines)


def changes_lines(
    before: MemberSettings,
    after: MemberSettings,
    server_quiet: bool,
    locale: str,
    mentions: Mapping[str, str],
) -> list[str]:
    """``/tonk me set``: one line per setting that changed, in the language read from now
    on (``locale``)."""
    lines = []
    if after.language != before.language:
        if after.language is None:
            lines.append(text("members.reply.language_auto", locale))
        else:
            name = language_name(after.language)
            lines.append(text("members.reply.language", locale, language=name))
    if after.dms != before.dms:
        lines.append(text("members.reply.dms_on" if after.dms else "members.reply.dms_off", locale))
    if after.reminders != before.reminders:
        if not after.reminders:
            lines.append(text("members.reply.reminders_off", locale))
        elif server_quiet:
            lines.append(render("members.reply.reminders_server_off", mentions, locale))
        else:
            lines.append(text("members.reply.reminders_on", locale))
    if after.order != before.order:
        lines.append(_order_text(after.order, "members.reply", locale))
    return lines


def language_name(code: str) -> str:
    """The own name (``Română``) of the catalogue that ``code`` reads (``ro-RO``)."""
    return text(f"language.{language(code)}")


def _order_text(order: HandOrder, prefix: str, locale: str) -> str:
    match order:
        case HandOrder.SUIT:
            return text(f"{prefix}.order_suit", locale)
        case HandOrder.RANK:
            return text(f"{prefix}.order_rank", locale)
        case unhandled:
            assert_never(unhandled)
