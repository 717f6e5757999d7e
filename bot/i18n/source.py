"""What the English source catalogue is made of: sentences, plural sentences and notes.

English is written in Python (``bot/i18n/en/*.py``) next to the code that uses it; the
translators' template ``locales/messages.pot`` is generated from it (``bot.i18n.catalogs``).
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Plural:
    """A sentence whose words follow a number: ``one`` for 1, ``other`` for any other count.

    ``count`` names the parameter that chooses the form; each language has as many forms as
    its plural rule needs (Romanian three, Persian two, Vietnamese one).
    """

    one: str
    other: str
    count: str = "count"


Message = str | Plural
