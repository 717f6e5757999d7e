"""English, the reference catalogue: one module per area, merged here.

Every key used anywhere must be in one of these modules, and no key in two.
"""

from bot.i18n.en import engine, summary

MESSAGES: dict[str, str] = {**engine.MESSAGES, **summary.MESSAGES}
