from .plugin import fake_discord

__all__ = ["fake_discord"]
