"""The fake gateway: a websocket speaking Discord's gateway v10 with plain JSON text frames.

discord.py asks for ``compress=zlib-stream`` but only inflates *binary* frames; text frames are
parsed as JSON directly, so the fake never compresses.

Shards as Discord has them: a connection that IDENTIFYs with ``shard: [id, count]`` is told
only of the guilds on that shard (``(guild_id >> 22) % count``, in READY and GUILD_CREATE) and
gets only their events and interactions; direct messages travel on shard 0. A connection
without ``shard`` gets everything.
"""

from __future__ import annotations

import asyncio
import json
import logging
import secrets
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from aiohttp import WSMsgType, web

from bot.shards import shard_of

from .errors import FakeDiscordError
from .models import Payload

if TYPE_CHECKING:
    from .fake import FakeDiscord

log = logging.getLogger(__name__)

DISPATCH = 0
HEARTBEAT = 1
IDENTIFY = 2
PRESENCE_UPDATE = 3
VOICE_STATE_UPDATE = 4
RESUME = 6
RECONNECT = 7
REQUEST_GUILD_MEMBERS = 8
INVALID_SESSION = 9
HELLO = 10
HEARTBEAT_ACK = 11

HEARTBEAT_INTERVAL_MS = 41_250
APPLICATION_FLAGS = 1 << 23  # APPLICATION_COMMAND_BADGE

GUILD_MESSAGES_INTENT = 1 << 9
DIRECT_MESSAGES_INTENT = 1 << 12

CLOSE_UNKNOWN_OPCODE = 4001
CLOSE_DECODE_ERROR = 4002
CLOSE_AUTHENTICATION_FAILED = 4004
CLOSE_INVALID_SHARD = 4010
CLOSE_INVALID_API_VERSION = 4012
# Discord drops a session whose client closed the socket with one of these codes.
SESSION_ENDING_CLOSE_CODES = frozenset({1000, 1001})


@dataclass
class GatewaySession:
    """An identified gateway session; it outlives its socket so it can be resumed."""

    session_id: str
    intents: int
    ws: web.WebSocketResponse | None
    shard: tuple[int, int] | None = None
    """``(id, count)`` from IDENTIFY; None: the connection carries every guild."""
    seq: int = 0
    history: list[Payload] = field(default_factory=list)
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)

    @property
    def connected(self) -> bool:
        return self.ws is not None and not self.ws.closed

    def carries(self, guild_id: int | None) -> bool:
        """Whether this session's shard carries ``guild_id``'s events (None: a DM's)."""
        if self.shard is None:
            return True
        shard, count = self.shard
        return (0 if guild_id is None else shard_of(guild_id, count)) == shard

    async def dispatch(self, event: str, data: Any) -> None:
        async with self.lock:
            self.seq += 1
            payload = {"op": DISPATCH, "t": event, "s": self.seq, "d": data}
            self.history.append(payload)
            if self.connected:
                await _send(self.ws, payload)


async def _send(ws: web.WebSocketResponse | None, payload: Payload) -> None:
    if ws is not None and not ws.closed:
        await ws.send_str(json.dumps(payload))


class Gateway:
    """Serves gateway connections and dispatches events to the connected bot(s)."""

    def __init__(self, fake: FakeDiscord) -> None:
        self._fake = fake
        self._sessions: dict[str, GatewaySession] = {}
        self._sockets: set[web.WebSocketResponse] = set()
        self.identify_count = 0
        self.resume_count = 0
        self.ignore_shards = False
        """True: every event goes to every connection, whatever its shard (a routing mistake
        Discord does not make, to test a bot's guard against it)."""

    @property
    def connected_sessions(self) -> list[GatewaySession]:
        return [session for session in self._sessions.values() if session.connected]

    async def dispatch(
        self, event: str, data: Payload, *, guild_id: int | None, intent: int | None = None
    ) -> int:
        """Send an event of ``guild_id`` (None: of a DM) to every connected session whose
        shard carries it (with ``intent``, if given); return how many."""
        sessions = [
            s
            for s in self.connected_sessions
            if (self.ignore_shards or s.carries(guild_id))
            and (intent is None or s.intents & intent)
        ]
        for session in sessions:
            await session.dispatch(event, data)
        return len(sessions)

    async def dispatch_required(self, event: str, data: Payload, *, guild_id: int | None) -> None:
        if not await self.dispatch(event, data, guild_id=guild_id):
            raise FakeDiscordError(
                f"cannot send {event}: no bot is connected to the fake gateway on its shard"
            )

    async def request_reconnect(self) -> None:
        """Send op 7 RECONNECT to every connected bot; discord.py reconnects and RESUMEs."""
        for session in self.connected_sessions:
            await _send(session.ws, {"op": RECONNECT, "d": None})

    async def request_new_sessions(self) -> None:
        """End every session and send op 7 RECONNECT to every connected bot: its RESUME is
        refused (op 9 INVALID_SESSION), so discord.py identifies anew and is sent READY and
        its servers again."""
        sessions = self.connected_sessions
        self._sessions.clear()
        for session in sessions:
            await _send(session.ws, {"op": RECONNECT, "d": None})

    async def close(self) -> None:
        for ws in list(self._sockets):
            await ws.close(code=1001)

    async def handle(self, request: web.Request) -> web.WebSocketResponse:
        ws = web.WebSocketResponse()
        await ws.prepare(request)
        self._sockets.add(ws)
        try:
            if request.query.get("v") != "10" or request.query.get("encoding") != "json":
                log.warning("gateway connection with unsupported query %s", dict(request.query))
                await ws.close(code=CLOSE_INVALID_API_VERSION)
                return ws
            await _send(ws, {"op": HELLO, "d": {"heartbeat_interval": HEARTBEAT_INTERVAL_MS}})
            async for message in ws:
                if message.type is not WSMsgType.TEXT:
                    await ws.close(code=CLOSE_DECODE_ERROR)
                    break
                await self._on_message(ws, json.loads(message.data))
        finally:
            self._sockets.discard(ws)
            self._forget(ws)
        return ws

    def _forget(self, ws: web.WebSocketResponse) -> None:
        for session_id, session in list(self._sessions.items()):
            if session.ws is ws:
                session.ws = None
                if ws.close_code in SESSION_ENDING_CLOSE_CODES:
                    del self._sessions[session_id]
        self._fake.notify()

    async def _on_message(self, ws: web.WebSocketResponse, message: Payload) -> None:
        op: int | None = message.get("op")
        data: Any = message.get("d")
        if op == HEARTBEAT:
            await _send(ws, {"op": HEARTBEAT_ACK})
        elif op == IDENTIFY:
            await self._identify(ws, data)
        elif op == RESUME:
            await self._resume(ws, data)
        elif op == REQUEST_GUILD_MEMBERS:
            await self._request_members(ws, data)
        elif op in (PRESENCE_UPDATE, VOICE_STATE_UPDATE):
            log.debug("ignoring gateway op %s: %s", op, data)
        else:
            log.warning("unknown gateway op %s: %s", op, message)
            await ws.close(code=CLOSE_UNKNOWN_OPCODE)

    async def _identify(self, ws: web.WebSocketResponse, data: Payload) -> None:
        fake = self._fake
        if data.get("token") != fake.token:
            await ws.close(code=CLOSE_AUTHENTICATION_FAILED)
            return
        shard = data.get("shard")
        if shard is not None and not (isinstance(shard, list) and 0 <= shard[0] < shard[1]):
            await ws.close(code=CLOSE_INVALID_SHARD)
            return
        session = GatewaySession(
            session_id=secrets.token_hex(16),
            intents=data.get("intents", 0),
            ws=ws,
            shard=None if shard is None else (shard[0], shard[1]),
        )
        self._sessions[session.session_id] = session
        guilds = [
            guild
            for guild in fake.guilds.values()
            if session.carries(guild.id) and fake.bot_user.id in guild.members
        ]
        ready: Payload = {
            "v": 10,
            "user": {**fake.bot_user.payload(), "verified": True, "mfa_enabled": False, "flags": 0},
            "guilds": [{"id": str(guild.id), "unavailable": True} for guild in guilds],
            "session_id": session.session_id,
            "session_type": "normal",
            "resume_gateway_url": fake.gateway_url,
            "application": {"id": str(fake.application_id), "flags": APPLICATION_FLAGS},
            "private_channels": [],
            "relationships": [],
            "presences": [],
            "user_settings": {},
            "guild_join_requests": [],
            "geo_ordered_rtc_regions": [],
            "_trace": ["fakediscord"],
        }
        if shard is not None:
            ready["shard"] = shard
        await session.dispatch("READY", ready)
        for guild in guilds:
            if not guild.unavailable:
                await session.dispatch("GUILD_CREATE", guild.payload())
        self.identify_count += 1
        fake.notify()

    async def _resume(self, ws: web.WebSocketResponse, data: Payload) -> None:
        session = self._sessions.get(data.get("session_id", ""))
        if session is None or data.get("token") != self._fake.token:
            await _send(ws, {"op": INVALID_SESSION, "d": False})
            return
        async with session.lock:
            session.ws = ws
            for payload in session.history:
                if payload["s"] > (data.get("seq") or 0):
                    await _send(ws, payload)
        await session.dispatch("RESUMED", {"_trace": ["fakediscord"]})
        self.resume_count += 1
        self._fake.notify()

    async def _request_members(self, ws: web.WebSocketResponse, data: Payload) -> None:
        session = next((s for s in self._sessions.values() if s.ws is ws), None)
        guild = self._fake.guilds.get(int(data["guild_id"]))
        if session is None or guild is None:
            return
        wanted = {int(user_id) for user_id in data.get("user_ids") or []}
        query = (data.get("query") or "").lower()
        members = [
            member.payload()
            for member in guild.members.values()
            if (member.user.id in wanted if wanted else member.user.name.lower().startswith(query))
        ]
        chunk: Payload = {
            "guild_id": str(guild.id),
            "members": members[: data.get("limit") or None],
            "chunk_index": 0,
            "chunk_count": 1,
            "not_found": [str(user_id) for user_id in wanted - set(guild.members)],
        }
        if "nonce" in data:
            chunk["nonce"] = data["nonce"]
        await session.dispatch("GUILD_MEMBERS_CHUNK", chunk)
