"""``/tonk settings``: what the host asks to change (the rules and stake before the first
deal; the seats, turn timer and privacy at any time), checked as it is typed, applied to the
table's ``Setup`` (``Table.change_setup``), and said to the channel."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any

from bot.engine.rules import build_rules
from bot.engine.summary import describe
from bot.i18n import text
from bot.render.words import names_text
from bot.tables.errors import TableError
from bot.tables.table import Setup
from cogs.inputs import parse_timeout


@dataclass(frozen=True, slots=True)
class SetupChange:
    """What ``/tonk settings`` asks: another preset, one house rule (``option`` set to
    ``value``), the stake, the seats, the turn timer (``timer``: whether it was given;
    ``turn_timeout`` None is off), whether the table is private. What it does not ask stays
    as the table has it."""

    preset: str | None = None
    option: str | None = None
    value: str | None = None
    stake: int | None = None
    seats: int | None = None
    timer: bool = False
    turn_timeout: float | None = None
    private: bool | None = None

    @classmethod
    def typed(
        cls,
        *,
        preset: str | None = None,
        option: str | None = None,
        value: str | None = None,
        stake: int | None = None,
        seats: int | None = None,
        turn_timeout: str | None = None,
        private: bool | None = None,
    ) -> SetupChange:
        """The change as typed; TableError when it asks nothing, names a house rule without
        its value (or a value without its rule), or a turn timer out of range."""
        if (option is None) != (value is None):
            raise TableError("settings_option_value")
        timer = turn_timeout is not None
        change = cls(
            preset,
            option,
            value,
            stake,
            seats,
            timer,
            parse_timeout(turn_timeout) if timer else None,
            private,
        )
        if change == cls():
            raise TableError("settings_nothing")
        return change

    def applied(self, setup: Setup, server_options: Mapping[str, Any]) -> Setup:
        """``setup`` changed: another preset's rules come with the server's house rules
        (``server_options``), as ``/tonk new`` would open it, and with as many seats as they
        deal to at most; then the house rule, the stake, the seats, the turn timer and the
        privacy asked for. ``RulesError`` names a conflict of rules."""
        rules = build_rules(self.preset, server_options) if self.preset else setup.rules
        if self.option is not None and self.value is not None:
            rules = rules.with_option(self.option, self.value)
        setup = setup.with_rules(rules)
        return replace(
            setup,
            stake=setup.stake if self.stake is None else self.stake,
            max_seats=setup.max_seats if self.seats is None else self.seats,
            turn_timeout=self.turn_timeout if self.timer else setup.turn_timeout,
            private=setup.private if self.private is None else self.private,
        )

    def said(self, before: Setup, after: Setup, locale: str, mentions: Mapping[str, str]) -> str:
        """The change as the channel reads it: a line for each part asked for, for the house
        rules another preset did not keep, and for the seats when other rules lowered them.
        ``mentions``: the commands a sentence may name (``command_mentions``)."""
        lines = []
        if self.preset is not None:
            preset = text(f"preset.{after.rules.preset}", locale)
            lines.append(text("table.reply.preset", locale, preset=preset))
            dropped = self._dropped(before, after, locale)
            if dropped:
                lines.append(text("table.reply.preset.dropped", locale, rules=dropped, **mentions))
        if self.option is not None:
            now = after.rules.options()[self.option]
            rule = describe(self.option, now, locale)
            lines.append(
                text("table.reply.option", locale, option=self.option, value=_shown(now), rule=rule)
            )
        if self.stake is not None:
            lines.append(text("table.reply.stake", locale, stake=after.stake))
        if self.seats is not None or after.max_seats != before.max_seats:
            lines.append(text("table.reply.seats", locale, seats=after.max_seats))
        if self.timer:
            lines.append(
                text("table.reply.timer_off", locale)
                if after.turn_timeout is None
                else text("table.reply.timer", locale, seconds=int(after.turn_timeout))
            )
        if self.private is not None:
            lines.append(
                text("table.reply.private" if after.private else "table.reply.public", locale)
            )
        return "\n".join(lines)

    def _dropped(self, before: Setup, after: Setup, locale: str) -> str:
        """The house rules the table had before (the server's, or the host's) that the
        other preset changed, and that this change does not set again itself."""
        now = after.rules.options()
        dropped = [
            text("table.reply.rule", locale, option=name, value=_shown(value))
            for name, value in before.rules.overrides().items()
            if now[name] != value and name != self.option
        ]
        return names_text(dropped, locale)


def _shown(value: object) -> str:
    """An option's value as it is typed (``true``, ``alt5``, ``2``)."""
    return str(value).lower() if isinstance(value, bool) else str(value)
