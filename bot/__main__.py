"""``python -m bot``: the same as ``tonk run``."""

import sys

from bot.cli import main

sys.exit(main(["run", *sys.argv[1:]]))
