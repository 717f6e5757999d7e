"""``python -m bot``: the ``tonk`` command (``python -m bot run`` is ``tonk run``)."""

import sys

from bot.cli import main

sys.exit(main())
