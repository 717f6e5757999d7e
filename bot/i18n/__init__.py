"""The message catalogue: every sentence a player reads, by key and locale.

English, the source, lives in Python modules (``bot/i18n/en``); every other language is a
gettext catalogue ``locales/LANG.po`` whose msgids are the same stable keys. Code asks for
``text(key, locale, **params)`` and gets the sentence in that language, with its plural form
chosen by the language's rule, numbers written the language's way and, in a right-to-left
language, every parameter isolated (FSI … PDI) so card runs, numbers and names keep their
order. A key a catalogue lacks falls back to English, so a player never sees a raw key.
"""

from __future__ import annotations

import string
from collections.abc import Mapping
from datetime import UTC, datetime
from functools import cache, lru_cache
from typing import Any
from zoneinfo import ZoneInfo

from babel import Locale
from babel.dates import format_date, get_day_names
from babel.numbers import format_decimal, get_minus_sign_symbol, get_plus_sign_symbol

from bot.i18n.catalogs import Translations, load
from bot.i18n.en import MESSAGES
from bot.i18n.source import Plural

DEFAULT_LOCALE = "en"
LOCALES = ("en", "ro", "vi", "fa")
FIRST_STRONG_ISOLATE = "\N{FIRST STRONG ISOLATE}"
POP_DIRECTIONAL_ISOLATE = "\N{POP DIRECTIONAL ISOLATE}"
MINUS = "\N{MINUS SIGN}"


@lru_cache(maxsize=256)
def language(locale: str) -> str:
    """The catalogue a locale reads: ``ro`` for ``ro``/``ro-RO``, English for any other."""
    base = locale.replace("_", "-").split("-")[0].lower()
    return base if base in LOCALES else DEFAULT_LOCALE


@cache
def is_rtl(locale: str) -> bool:
    """Whether the locale's language is written right to left (Persian)."""
    return Locale.parse(language(locale)).character_order == "right-to-left"


class Grouped(int):
    """A whole number a sentence writes with the locale's thousands separator (a stake's or
    a page's upper bound: ``10,000``, ``10.000``); other numbers are written ungrouped."""


@lru_cache(maxsize=4096)
def number_text(value: int, locale: str = DEFAULT_LOCALE) -> str:
    """A whole number in the locale's digits, without grouping (a table id stays one word)."""
    return format_decimal(value, format="#0", locale=language(locale), numbering_system="default")


def day_text(moment: float, locale: str = DEFAULT_LOCALE, time_zone: str | None = None) -> str:
    """The day of ``moment`` (Unix seconds) in ``time_zone`` (an IANA name; UTC if None) as
    the locale writes a short date (``Dec 3, 2026``, ``3 dec. 2026``), for text where
    Discord shows no timestamp."""
    zone = UTC if time_zone is None else ZoneInfo(time_zone)
    return format_date(datetime.fromtimestamp(moment, zone).date(), "medium", language(locale))


def weekday_text(weekday: int, locale: str = DEFAULT_LOCALE) -> str:
    """The name of ``weekday`` (0 Monday to 6 Sunday) in the locale's language: ``Monday``,
    ``luni``."""
    return str(get_day_names("wide", locale=language(locale))[weekday])


def amount_text(amount: int, locale: str = DEFAULT_LOCALE) -> str:
    """A signed amount in the locale's digits and signs: ``+4``, ``−1``, ``0``."""
    code = language(locale)
    digits = number_text(abs(amount), code)
    if amount > 0:
        return get_plus_sign_symbol(code, numbering_system="default") + digits
    if amount < 0:
        minus = get_minus_sign_symbol(code, numbering_system="default")
        return minus.replace("-", MINUS) + digits
    return digits


Parsed = tuple[tuple[str, str | None, str | None, str | None], ...]


@cache
def _parsed(template: str) -> Parsed:
    """A sentence cut into its literal text and fields, once (``string.Formatter.parse``)."""
    return tuple(string.Formatter().parse(template))


class _Formatter(string.Formatter):
    """``str.format`` that writes whole numbers the locale's way and, for a right-to-left
    locale, wraps each filled-in field in FSI … PDI."""

    def __init__(self, locale: str) -> None:
        self.locale = locale
        self.isolate = is_rtl(locale)

    def fill(self, template: str, params: Mapping[str, object]) -> str:
        """``vformat(template, (), params)``, from the parsed sentence: the catalogue's
        sentences are parsed once, not at every message."""
        parts = []
        for literal, field, spec, conversion in _parsed(template):
            parts.append(literal)
            if field is None:
                continue
            value = params[field] if field.isidentifier() else self.get_field(field, (), params)[0]
            if conversion:
                value = self.convert_field(value, conversion)
            if spec and "{" in spec:
                spec = self.vformat(spec, (), params)
            parts.append(self.format_field(value, spec or ""))
        return "".join(parts)

    def format_field(self, value: Any, format_spec: str) -> str:
        if type(value) is str and not format_spec:
            shown = value
        elif isinstance(value, Grouped) and not format_spec:
            shown = format_decimal(value, locale=self.locale, numbering_system="default")
        elif isinstance(value, int) and not isinstance(value, bool) and not format_spec:
            shown = number_text(value, self.locale)
        else:
            shown = super().format_field(value, format_spec)
        if self.isolate:
            return f"{FIRST_STRONG_ISOLATE}{shown}{POP_DIRECTIONAL_ISOLATE}"
        return shown


def text(key: str, locale: str = DEFAULT_LOCALE, **params: object) -> str:
    """The sentence for ``key`` in ``locale``, with ``params`` filled in."""
    return render(key, params, locale)


def render(key: str, params: Mapping[str, object], locale: str = DEFAULT_LOCALE) -> str:
    """``text`` with the parameters as a mapping."""
    code = language(locale)
    return _formatter(code).fill(template(key, params, code), params)


@cache
def _formatter(code: str) -> _Formatter:
    return _Formatter(code)


def template(key: str, params: Mapping[str, object], locale: str) -> str:
    """The unfilled sentence for ``key``: the plural form the count in ``params`` calls for,
    from the locale's catalogue, else from English."""
    source = MESSAGES[key]
    translations = translations_of(locale)
    if isinstance(source, Plural):
        count = params[source.count]
        if not isinstance(count, int):
            raise TypeError(f"{key}: the count {source.count} must be a whole number")
        forms = translations.plurals.get(key)
        if forms:
            return forms[translations.plural_form(count)]
        return source.one if count == 1 else source.other
    return translations.messages.get(key) or source


def translations_of(locale: str) -> Translations:
    """The loaded catalogue of a language (English: an empty one, the source is Python)."""
    return load(language(locale))


def has_text(key: str) -> bool:
    """Whether ``key`` is a message of the catalogue."""
    return key in MESSAGES
