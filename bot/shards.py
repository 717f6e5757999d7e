"""Which guilds this process serves: Discord's shard rule and the process's shards.

A bot past one process runs as several shard processes sharing one database. Discord sends
each gateway connection (shard) the events of the guilds on it, by :func:`shard_of`; a
process serves exactly the guilds on its shards (:meth:`Shards.owns`): it restores, runs
and answers only their tables, so no table is ever run by two processes at once.
Nothing here imports Discord.
"""

from __future__ import annotations

from dataclasses import dataclass


def shard_of(guild_id: int, shard_count: int) -> int:
    """The shard that carries ``guild_id`` among ``shard_count`` (Discord's rule:
    ``(guild_id >> 22) % shard_count``)."""
    return (guild_id >> 22) % shard_count


@dataclass(frozen=True)
class Shards:
    """The shards this process connects: ``ids`` among ``count``.

    ``count`` None: as many as Discord recommends, all in this process (one process serves
    every guild). ``ids`` None: every shard of ``count``. Direct messages travel on shard 0.
    """

    count: int | None = None
    ids: tuple[int, ...] | None = None

    @property
    def share(self) -> float:
        """The part of all shards this process connects (1: every shard)."""
        if self.count is None or self.ids is None:
            return 1.0
        return len(self.ids) / self.count

    def owns(self, guild_id: int | None) -> bool:
        """Whether this process serves ``guild_id`` (None: a direct message)."""
        if self.count is None or self.ids is None:
            return True
        return (0 if guild_id is None else shard_of(guild_id, self.count)) in self.ids
