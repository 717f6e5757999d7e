"""A plain-language summary of the rules in force, differences from the standard game first.

Every sentence comes from the message catalogue (keys ``option.NAME.VALUE``), so the
summary speaks the table's language. ``tonk rules`` prints it; ``/tonk rules`` shows it.
"""

from __future__ import annotations

from dataclasses import dataclass

from bot.engine.rules import OPTIONS, PRESETS, Rules
from bot.i18n import DEFAULT_LOCALE, has_text, text

SECTIONS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("deck", ("deck", "jokers", "wilds", "face_values", "hand_size", "upcard")),
    ("instant", ("instant_win", "chicago_big50_tie", "chicago_49_pays")),
    (
        "spreads",
        (
            "must_spread",
            "no_fourth_to_book",
            "one_hit_per_turn",
            "hit_ends_turn",
            "discard_must_meld",
        ),
    ),
    ("going_out", ("tonk_out_pays", "stakes", "first_turn_two_spreads", "chicago_breaking")),
    ("catch", ("catch",)),
    ("stock", ("stock_out", "stock_out_tie", "boobed")),
    (
        "waiting",
        (
            "wait_after_spread",
            "wait_after_hit",
            "wait_hit_once_per_round",
            "hit_blocks_going_out",
            "wait_after_own_hit",
        ),
    ),
    ("scoring", ("scoring", "push_up_limit")),
    ("extras", ("slap", "big_one")),
)


@dataclass(frozen=True)
class RulesSummary:
    """The summary as parts, for a terminal (``to_text``) or an embed (fields)."""

    title: str
    differences: tuple[str, ...]
    sections: tuple[tuple[str, tuple[str, ...]], ...]
    house: tuple[str, ...]
    locale: str = DEFAULT_LOCALE

    def to_text(self) -> str:
        lines = [self.title, ""]
        if self.differences:
            lines.append(text("summary.differences", self.locale))
            lines.extend(f"  * {d}" for d in self.differences)
        else:
            lines.append(text("summary.no_differences", self.locale))
        for title, sentences in self.sections:
            lines.extend(["", f"{title}:", *(f"  - {s}" for s in sentences)])
        lines.extend(["", text("summary.house", self.locale), *(f"  - {h}" for h in self.house)])
        lines.extend(["", text("summary.guide", self.locale)])
        return "\n".join(lines)


def applies(rules: Rules, name: str) -> bool:
    """Whether an option matters under these rules (chicago details only with chicago…)."""
    if name.startswith("chicago_") and name != "chicago_breaking":
        return rules.instant_win == "chicago"
    if name in ("wait_hit_once_per_round", "hit_blocks_going_out", "wait_after_own_hit"):
        return rules.wait_after_hit > 0
    if name == "push_up_limit":
        return rules.scoring == "push_up"
    if name == "jokers":
        return rules.jokers > 0
    return True


def describe(name: str, value: object, locale: str = DEFAULT_LOCALE) -> str:
    """One sentence for one option's value."""
    word = str(value).lower() if isinstance(value, bool) else str(value)
    key = f"option.{name}.{word}"
    if has_text(key):
        return text(key, locale)
    return text(f"option.{name}.n", locale, n=value)


def summarize(rules: Rules, locale: str = DEFAULT_LOCALE) -> RulesSummary:
    """The summary of ``rules``: title, what differs from the standard game, every section."""
    preset_id = PRESETS[rules.preset][0]
    title = text(
        "summary.title", locale, name=text(f"preset.{rules.preset}", locale), preset_id=preset_id
    )
    differing = [n for n in rules.differences_from_standard() if applies(rules, n)]
    differences = tuple(_difference(n, getattr(rules, n), locale) for n in differing)
    sections = []
    for section, names in SECTIONS:
        sentences = tuple(
            describe(n, getattr(rules, n), locale)
            for n in names
            if n not in differing and applies(rules, n) and n in OPTIONS
        )
        if sentences:
            sections.append((text(f"section.{section}", locale), sentences))
    house = tuple(text(f"house.{h}", locale) for h in house_decisions(rules))
    return RulesSummary(title, differences, tuple(sections), house, locale)


def _difference(name: str, value: object, locale: str) -> str:
    """A differing option: its sentence, then its name, value and rule id to point at."""
    shown = str(value).lower() if isinstance(value, bool) else value
    rule_id = OPTIONS[name].rule_id_of(value)
    return f"{describe(name, value, locale)} ({name}: {shown}, {rule_id})"


def option_lines(locale: str = DEFAULT_LOCALE) -> list[str]:
    """Every option, one line each: its name, rule id, values and default."""
    lines = []
    for name, spec in OPTIONS.items():
        if spec.is_int:
            values = text("summary.range", locale, low=spec.minimum, high=spec.maximum)
        else:
            values = ", ".join(spec.values_text())
        default = str(spec.default).lower() if spec.is_bool else spec.default
        lines.append(
            text(
                "summary.option",
                locale,
                name=name,
                rule_id=spec.rule_id,
                values=values,
                default=default,
            )
        )
    return lines


def house_decisions(rules: Rules) -> list[str]:
    """The house decisions of docs/guide.md that these rules rely on."""
    lowest_schemes = ("standard", "alt1", "alt2", "alt3", "washington_state")
    thrown_in_schemes = ("fifty_double", "low9_triple", "low9_only", "low13", "washington_dc")
    relied_on = {
        "H1": True,
        "H2": rules.stock_out == "lowest_wins" and rules.stock_out_tie == "split",
        "H3": rules.wilds != "none",
        "H4": rules.wilds != "none",
        "H5": rules.wilds != "none",
        "H6": rules.instant_win in (*thrown_in_schemes, "louisiana", "five_faces"),
        "H7": rules.instant_win == "washington_state",
        "H8": rules.catch == "alt2",
        "H9": rules.catch == "chicago",
        "H10": rules.scoring == "push_up",
        "H11": rules.slap != "off" and rules.waiting,
        "H12": rules.hand_size != OPTIONS["hand_size"].default,
        "H13": not rules.discard_must_meld,
        "H14": rules.catch in lowest_schemes,
    }
    return [h for h, used in relied_on.items() if used]
