"""The message catalogue: every sentence a player reads, by key and locale.

Text lives in one module per locale (``en.py`` holds the reference catalogue). Code asks
for ``text(key, **params)``; a locale that lacks a key falls back to English, so a partly
translated catalogue never shows a player a raw key.
"""

from __future__ import annotations

from collections.abc import Mapping
from importlib import import_module

DEFAULT_LOCALE = "en"
_catalogues: dict[str, Mapping[str, str]] = {}


def catalogue(locale: str) -> Mapping[str, str]:
    """The messages of a locale (``en``, or a language code such as ``fa``)."""
    base = locale.split("-")[0].lower()
    if base not in _catalogues:
        try:
            module = import_module(f"{__name__}.{base}")
        except ModuleNotFoundError:
            module = import_module(f"{__name__}.{DEFAULT_LOCALE}")
        _catalogues[base] = module.MESSAGES
    return _catalogues[base]


def text(key: str, locale: str = DEFAULT_LOCALE, **params: object) -> str:
    """The sentence for ``key`` in ``locale``, with ``params`` filled in."""
    return render(key, params, locale)


def render(key: str, params: Mapping[str, object], locale: str = DEFAULT_LOCALE) -> str:
    """``text`` with the parameters as a mapping."""
    template = catalogue(locale).get(key) or catalogue(DEFAULT_LOCALE)[key]
    return template.format(**params)


def has_text(key: str) -> bool:
    return key in catalogue(DEFAULT_LOCALE)
