"""The store's Alembic environment (``env.py``) and revisions (``versions/``), shipped in the
package so that an installed bot finds them; ``bot.store.migrations`` runs them."""
