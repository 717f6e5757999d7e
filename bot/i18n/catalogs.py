"""The gettext catalogues: the translators' template made from the English source, and the
loaded translations of each language.

Run ``python -m bot.i18n`` after changing an English message: it rewrites
``locales/messages.pot`` and merges it into every ``locales/LANG.po`` (new keys arrive
untranslated, changed ones marked fuzzy), the way ``pybabel update`` does.
"""

from __future__ import annotations

import gettext
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from datetime import UTC, datetime
from functools import cache
from io import BytesIO
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po, write_po

from bot.i18n.en import AREAS
from bot.i18n.source import Plural

LOCALES_DIR = Path(__file__).resolve().parent / "locales"
TEMPLATE = LOCALES_DIR / "messages.pot"
TRANSLATED = ("ro", "vi", "fa")
# A fixed date keeps the generated template byte-for-byte stable between runs.
STAMP = datetime(2026, 1, 1, tzinfo=UTC)
WIDTH = 100


@dataclass(frozen=True)
class Translations:
    """One language's catalogue: its sentences by key, the forms of its plural sentences,
    and its plural rule (a count → the index of the form to use)."""

    messages: dict[str, str] = field(default_factory=dict)
    plurals: dict[str, tuple[str, ...]] = field(default_factory=dict)
    plural_form: Callable[[int], int] = field(default=gettext.c2py("(n != 1)"))
    num_plurals: int = 2


def catalogue_path(locale: str) -> Path:
    """Where the ``.po`` file of a translated language lives."""
    return LOCALES_DIR / f"{locale}.po"


@cache
def load(locale: str) -> Translations:
    """The translations of ``locale`` as translators left them (English, the source, has
    none). Untranslated and fuzzy entries are left out, so English shows in their place."""
    if locale not in TRANSLATED:
        return Translations()
    with catalogue_path(locale).open("rb") as po:
        catalog = read_po(po, locale=locale)
    messages: dict[str, str] = {}
    plurals: dict[str, tuple[str, ...]] = {}
    for message in catalog:
        if not message.id or message.fuzzy:
            continue
        if isinstance(message.id, tuple | list):
            forms = tuple(str(s) for s in message.string or ())
            if all(forms):
                plurals[str(message.id[0])] = forms
        elif message.string:
            messages[str(message.id)] = str(message.string)
    return Translations(
        messages=messages,
        plurals=plurals,
        plural_form=gettext.c2py(catalog.plural_expr),
        num_plurals=catalog.num_plurals,
    )


# What every message of a kind must respect, said once for translators.
KIND_NOTES = (
    (".button.", "A button label: at most 80 characters."),
    (".command.", "A slash command's description: at most 100 characters."),
    ("command.name.", "A command's name: lowercase, no spaces, at most 32 characters."),
    ("command.option.", "An option's name: lowercase, no spaces, at most 32 characters."),
    ("command.choice.", "A choice offered for an option: at most 100 characters."),
    ("refusal.", "Says why something was refused: one sentence."),
)


def _comments(key: str, message: str | Plural, note: str | None) -> list[str]:
    if isinstance(message, Plural):
        lines = [
            f"English, one: {message.one}",
            f"English, other: {message.other}",
            f"The form follows {{{message.count}}}.",
        ]
    else:
        lines = [f"English: {message}"]
    kinds = [said for part, said in KIND_NOTES if part in key or key.startswith(part)]
    return [*lines, *kinds, *([note] if note else [])]


def template() -> Catalog:
    """The translators' template: one entry per key (msgid = the key), the English text and
    any note for translators as extracted comments."""
    catalog = Catalog(
        project="tonk-bot",
        version="1",
        copyright_holder="the tonk-bot authors",
        creation_date=STAMP,
        revision_date=STAMP,
        fuzzy=False,
    )
    for area in AREAS:
        notes: dict[str, str] = getattr(area, "NOTES", {})
        for key, message in area.MESSAGES.items():
            catalog.add(
                (key, key) if isinstance(message, Plural) else key,
                auto_comments=_comments(key, message, notes.get(key)),
            )
    return catalog


def po_bytes(catalog: Catalog) -> bytes:
    """A catalogue written as a ``.po`` file, in this project's stable layout (without the
    Babel version, so the file does not change when Babel does)."""
    out = BytesIO()
    write_po(out, catalog, width=WIDTH, include_previous=False)
    lines = out.getvalue().splitlines(keepends=True)
    return b"".join(line for line in lines if not line.startswith(b'"Generated-By:'))


def merged(locales: Iterable[str] = TRANSLATED) -> dict[Path, bytes]:
    """The template and each language's catalogue updated from it (begun empty where there
    is none yet), by path."""
    pot = template()
    files = {TEMPLATE: po_bytes(pot)}
    for locale in locales:
        path = catalogue_path(locale)
        if path.exists():
            with path.open("rb") as po:
                catalog = read_po(po, locale=locale)
        else:
            catalog = Catalog(locale=locale, project="tonk-bot", version="1", fuzzy=False)
        catalog.update(pot, no_fuzzy_matching=True)
        catalog.revision_date = STAMP
        files[catalogue_path(locale)] = po_bytes(catalog)
    return files


def main() -> None:
    """Write the template and merge it into every translated catalogue."""
    for path, content in merged().items():
        path.write_bytes(content)
