"""The ``tonk`` subcommands: one module each, with ``register(commands)``."""
