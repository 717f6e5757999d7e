"""``python -m bot.i18n``: regenerate the translators' template and merge it into every
catalogue (see ``bot.i18n.catalogs``)."""

from bot.i18n.catalogs import main

main()
