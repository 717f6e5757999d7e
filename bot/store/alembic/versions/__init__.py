"""Alembic revisions of the store's schema, oldest first; never edit one that has shipped."""
