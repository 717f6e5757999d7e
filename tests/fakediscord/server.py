"""The fake REST API v10 (aiohttp) serving the routes a discord.py 2.x bot uses.

Every JSON response carries ``Content-Type: application/json`` exactly: discord.py only parses a
body as JSON on that exact header (aiohttp's ``json_response`` would add ``; charset=utf-8``).
"""

from __future__ import annotations

import json
import logging
import mimetypes
import socket
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Any

import discord
from aiohttp import web

from .command_rules import check_commands
from .errors import ApiError
from .gateway import APPLICATION_FLAGS
from .models import (
    CONNECTION_CUT,
    FORUM_CHANNEL,
    RATE_LIMIT_WAIT,
    RATE_LIMITED,
    FakeChannel,
    Payload,
    Upload,
)

if TYPE_CHECKING:
    from .fake import FakeDiscord
    from .interactions import InteractionResult

log = logging.getLogger(__name__)

API = "/api/v10"
# Routes Discord authenticates by the token in the URL instead of the Authorization header.
TOKEN_IN_URL_PREFIXES = (f"{API}/webhooks/", f"{API}/interactions/")
MEMBER_ROLE = "/guilds/{guild_id}/members/{user_id}/roles/{role_id}"
WEBHOOK_MESSAGE = "/webhooks/{app_id}/{token}/messages/{message}"  # {message}: an id or @original

Handler = Callable[[web.Request], Awaitable[web.StreamResponse]]


def json_response(
    data: Any, status: int = 200, headers: dict[str, str] | None = None
) -> web.Response:
    return web.Response(
        status=status,
        body=json.dumps(data).encode(),
        content_type="application/json",
        headers=headers,
    )


def rate_limited() -> web.Response:
    """Discord's answer to a request over a rate limit. discord.py reads ``retry_after`` from
    the body, and takes a 429 without ``Via`` (Discord's answers pass through Google's load
    balancer) for a Cloudflare ban, which it does not wait out."""
    body = {
        "message": "You are being rate limited.",
        "retry_after": RATE_LIMIT_WAIT,
        "global": False,
    }
    headers = {"Via": "1.1 google", "Retry-After": "1", "X-RateLimit-Scope": "user"}
    return json_response(body, RATE_LIMITED, headers)


def no_content() -> web.Response:
    return web.Response(status=204)


async def read_body(request: web.Request) -> tuple[Payload, list[Upload]]:
    """A JSON body, or a multipart one (``payload_json`` plus ``files[n]``)."""
    if request.content_type == "multipart/form-data":
        form = await request.post()
        uploads: dict[int, Upload] = {}
        for name, value in form.items():
            if isinstance(value, web.FileField):
                index = int(name.removeprefix("files[").removesuffix("]"))
                guessed, _ = mimetypes.guess_type(value.filename)
                uploads[index] = Upload(
                    value.filename, guessed or value.content_type, value.file.read()
                )
        payload = json.loads(str(form.get("payload_json", "{}")))
        return payload, [uploads[index] for index in sorted(uploads)]
    if request.can_read_body:
        return await request.json(), []
    return {}, []


def snowflake(request: web.Request, name: str) -> int:
    value = request.match_info[name]
    if not value.isdigit():
        raise ApiError(400, 50035, f"Invalid Form Body: {name} is not a snowflake")
    return int(value)


class FakeServer:
    """Owns the aiohttp app, binds it to 127.0.0.1 on a free port and routes to the fake."""

    def __init__(self, fake: FakeDiscord) -> None:
        self._fake = fake
        self._runner: web.AppRunner | None = None

    async def start(self, gateway_path: str) -> str:
        app = web.Application(middlewares=[self._middleware])
        self._add_routes(app, gateway_path)
        self._runner = web.AppRunner(app, access_log=None)
        await self._runner.setup()
        sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        sock.bind(("127.0.0.1", 0))
        await web.SockSite(self._runner, sock).start()
        return f"http://127.0.0.1:{sock.getsockname()[1]}"

    async def close(self) -> None:
        if self._runner is not None:
            await self._runner.cleanup()

    def _add_routes(self, app: web.Application, gateway_path: str) -> None:
        routes: list[tuple[str, str, Handler]] = [
            ("GET", "/users/@me", self.get_me),
            ("POST", "/users/@me/channels", self.create_dm),
            ("GET", "/users/{user_id}", self.get_user),
            ("GET", "/oauth2/applications/@me", self.get_application),
            ("GET", "/gateway", self.get_gateway),
            ("GET", "/gateway/bot", self.get_gateway),
            ("GET", "/applications/{app_id}/commands", self.get_commands),
            ("PUT", "/applications/{app_id}/commands", self.put_commands),
            ("GET", "/applications/{app_id}/guilds/{guild_id}/commands", self.get_commands),
            ("PUT", "/applications/{app_id}/guilds/{guild_id}/commands", self.put_commands),
            ("POST", "/interactions/{interaction_id}/{token}/callback", self.callback),
            ("POST", "/webhooks/{app_id}/{token}", self.followup),
            ("GET", WEBHOOK_MESSAGE, self.get_webhook_message),
            ("PATCH", WEBHOOK_MESSAGE, self.edit_webhook_message),
            ("DELETE", WEBHOOK_MESSAGE, self.delete_webhook_message),
            ("GET", "/channels/{channel_id}", self.get_channel),
            ("DELETE", "/channels/{channel_id}", self.delete_channel),
            ("GET", "/channels/{channel_id}/messages", self.get_messages),
            ("POST", "/channels/{channel_id}/messages", self.create_message),
            ("GET", "/channels/{channel_id}/messages/{message_id}", self.get_message),
            ("PATCH", "/channels/{channel_id}/messages/{message_id}", self.edit_message),
            ("DELETE", "/channels/{channel_id}/messages/{message_id}", self.delete_message),
            ("POST", "/channels/{channel_id}/typing", self.typing),
            ("POST", "/channels/{channel_id}/messages/{message_id}/threads", self.start_thread),
            ("PUT", "/channels/{channel_id}/thread-members/{user_id}", self.add_thread_member),
            ("GET", "/guilds/{guild_id}/members/{user_id}", self.get_member),
            ("PUT", MEMBER_ROLE, self.add_member_role),
            ("DELETE", MEMBER_ROLE, self.remove_member_role),
        ]
        for method, path, handler in routes:
            app.router.add_route(method, API + path, handler)
        app.router.add_get(gateway_path, self._fake.gateway.handle)
        app.router.add_route("*", "/{tail:.*}", self.unknown_route)

    @web.middleware
    async def _middleware(self, request: web.Request, handler: Handler) -> web.StreamResponse:
        path = request.path
        authorized = request.headers.get("Authorization") == f"Bot {self._fake.token}"
        if path.startswith(API) and not path.startswith(TOKEN_IN_URL_PREFIXES) and not authorized:
            return json_response({"code": 0, "message": "401: Unauthorized"}, 401)
        resource = request.match_info.route.resource
        route = resource.canonical.removeprefix(API) if resource is not None else path
        self._fake.requests[f"{request.method} {route}"] += 1
        failed = self._fake.outage_for(request.method, path)
        if failed == CONNECTION_CUT and request.transport is not None:
            request.transport.close()  # the bot reads no answer: "Server disconnected"
            return web.Response()
        if failed == RATE_LIMITED:
            return rate_limited()
        if failed is not None:
            return json_response({"code": 0, "message": f"{failed}: Service Unavailable"}, failed)
        try:
            return await handler(request)
        except ApiError as error:
            log.debug("%s %s -> %s", request.method, request.path_qs, error)
            self._fake.notify()  # a refused request is the bot acting too: waiters look again
            return json_response({"code": error.code, "message": error.message}, error.status)

    async def unknown_route(self, request: web.Request) -> web.Response:
        route = f"{request.method} {request.path_qs}"
        log.warning("fake Discord has no route for %s", route)
        self._fake.unhandled_requests.append(route)
        return json_response({"code": 0, "message": f"404: Not Found ({route})"}, 404)

    # -- users, application, gateway -----------------------------------------------------

    async def get_me(self, request: web.Request) -> web.Response:
        bot = self._fake.bot_user
        return json_response({**bot.payload(), "verified": True, "mfa_enabled": False, "flags": 0})

    async def get_user(self, request: web.Request) -> web.Response:
        return json_response(self._fake.user(snowflake(request, "user_id")).payload())

    async def create_dm(self, request: web.Request) -> web.Response:
        body, _ = await self._read_body(request)
        return json_response(self._fake.open_dm(int(body["recipient_id"])).payload())

    async def get_application(self, request: web.Request) -> web.Response:
        fake = self._fake
        return json_response(
            {
                "id": str(fake.application_id),
                "name": fake.bot_user.name,
                "description": "",
                "summary": "",
                "icon": None,
                "bot_public": True,
                "bot_require_code_grant": False,
                "owner": fake.app_owner.payload(),
                "team": None,
                "verify_key": "0" * 64,
                "flags": APPLICATION_FLAGS,
                "bot": fake.bot_user.payload(),
                "rpc_origins": [],
                "redirect_uris": [],
                "tags": [],
                "interactions_endpoint_url": None,
                "integration_types_config": {},
            }
        )

    async def get_gateway(self, request: web.Request) -> web.Response:
        limit = {"total": 1000, "remaining": 1000, "reset_after": 0, "max_concurrency": 1}
        return json_response(
            {
                "url": self._fake.gateway_url,
                "shards": self._fake.shard_count,
                "session_start_limit": limit,
            }
        )

    async def get_member(self, request: web.Request) -> web.Response:
        guild = self._fake.guilds.get(snowflake(request, "guild_id"))
        if guild is None:
            raise ApiError(404, 10004, "Unknown Guild")
        member = guild.members.get(snowflake(request, "user_id"))
        if member is None:
            raise ApiError(404, 10007, "Unknown Member")
        return json_response(member.payload())

    # -- application commands ---------------------------------------------------------------

    def _check_application(self, request: web.Request) -> None:
        if request.match_info["app_id"] != str(self._fake.application_id):
            raise ApiError(403, 50001, "Missing Access")

    def _command_guild_id(self, request: web.Request) -> int | None:
        if "guild_id" not in request.match_info:
            return None
        guild_id = snowflake(request, "guild_id")
        if guild_id not in self._fake.guilds:
            raise ApiError(403, 50001, "Missing Access")
        return guild_id

    async def get_commands(self, request: web.Request) -> web.Response:
        self._check_application(request)
        guild_id = self._command_guild_id(request)
        fake = self._fake
        return json_response(fake.commands(None if guild_id is None else fake.guilds[guild_id]))

    async def put_commands(self, request: web.Request) -> web.Response:
        self._check_application(request)
        guild_id = self._command_guild_id(request)
        payloads = await request.json()
        check_commands(payloads)
        return json_response(self._fake.sync_commands(payloads, guild_id))

    # -- interactions -----------------------------------------------------------------------

    async def callback(self, request: web.Request) -> web.Response:
        interaction = self._fake.interactions.get(snowflake(request, "interaction_id"))
        if interaction is None or interaction.token != request.match_info["token"]:
            raise ApiError(404, 10062, "Unknown interaction")
        body, uploads = await self._read_body(request)
        response = await interaction.respond(body, uploads)
        if request.query.get("with_response") in ("1", "true"):
            return json_response(response)
        return no_content()

    def _webhook_interaction(self, request: web.Request) -> InteractionResult:
        self._check_application(request)
        return self._fake.interaction(request.match_info["token"])

    async def followup(self, request: web.Request) -> web.Response:
        interaction = self._webhook_interaction(request)
        body, uploads = await self._read_body(request)
        message = await interaction.followup(body, uploads)
        if request.query.get("wait") in ("1", "true"):
            return json_response(message.payload())
        return no_content()

    async def get_webhook_message(self, request: web.Request) -> web.Response:
        interaction = self._webhook_interaction(request)
        return json_response(interaction.webhook_message(request.match_info["message"]).payload())

    async def edit_webhook_message(self, request: web.Request) -> web.Response:
        interaction = self._webhook_interaction(request)
        message = interaction.webhook_message(request.match_info["message"])
        body, uploads = await self._read_body(request)
        await self._fake.edit_message(message, body, uploads)
        return json_response(message.payload())

    async def delete_webhook_message(self, request: web.Request) -> web.Response:
        interaction = self._webhook_interaction(request)
        await self._fake.delete_message(interaction.webhook_message(request.match_info["message"]))
        return no_content()

    # -- channels and messages --------------------------------------------------------------

    async def get_channel(self, request: web.Request) -> web.Response:
        return json_response(self._fake.channel(snowflake(request, "channel_id")).payload())

    async def delete_channel(self, request: web.Request) -> web.Response:
        """Delete a channel (Manage Channels) or a thread (Manage Threads in its channel)."""
        channel = self._fake.channel(snowflake(request, "channel_id"))
        permissions = self._bot_permissions(channel)
        if channel.guild_id is None:
            raise ApiError(400, 50003, "Cannot execute action on a DM channel")
        if not (permissions.manage_threads if channel.is_thread else permissions.manage_channels):
            raise ApiError(403, 50013, "Missing Permissions")
        payload = channel.payload()
        await self._fake.delete_channel(channel)
        return json_response(payload)

    async def get_messages(self, request: web.Request) -> web.Response:
        channel = self._fake.channel(snowflake(request, "channel_id"))
        query = request.query
        limit = int(query.get("limit", 50))
        messages = self._fake.messages_in(channel)
        if "before" in query:
            messages = [m for m in messages if m.id < int(query["before"])]
        if "after" in query:
            messages = [m for m in messages if m.id > int(query["after"])][:limit]
        # Discord answers newest first, whichever end of the history was asked for.
        return json_response([message.payload() for message in reversed(messages[-limit:])])

    async def _read_body(self, request: web.Request) -> tuple[Payload, list[Upload]]:
        """The request's body; 413 / 40005 if its files pass the upload limit
        (``FakeDiscord.attachment_size_limit``), as Discord refuses them."""
        body, uploads = await read_body(request)
        if sum(len(upload.data) for upload in uploads) > self._fake.attachment_size_limit:
            raise ApiError(413, 40005, "Request entity too large")
        return body, uploads

    def _bot_permissions(self, channel: FakeChannel) -> discord.Permissions:
        """The bot's permissions in ``channel`` (all of them in a DM); 403 / 50001 without
        View Channel, or in a guild the bot is no longer in."""
        if channel.guild_id is None:
            return discord.Permissions.all()
        guild = self._fake.guilds[channel.guild_id]
        if self._fake.bot_user.id not in guild.members:
            raise ApiError(403, 50001, "Missing Access")
        permissions = guild.permissions_in(channel, self._fake.bot_user.id)
        if not permissions.view_channel:
            raise ApiError(403, 50001, "Missing Access")
        return permissions

    async def create_message(self, request: web.Request) -> web.Response:
        channel = self._fake.channel(snowflake(request, "channel_id"))
        if channel.recipient is not None and not channel.recipient.dms_open:
            raise ApiError(403, 50007, "Cannot send messages to this user")
        if channel.type == FORUM_CHANNEL:
            raise ApiError(400, 50008, "Cannot send messages in a non-text channel")
        permissions = self._bot_permissions(channel)
        body, uploads = await self._read_body(request)
        posting = (
            permissions.send_messages_in_threads if channel.is_thread else permissions.send_messages
        )
        if not posting or (body.get("embeds") and not permissions.embed_links):
            raise ApiError(403, 50013, "Missing Permissions")
        message_type = 19 if body.get("message_reference") else 0
        message = await self._fake.post_message(
            channel,
            body,
            uploads,
            message_type=message_type,
            mention_everyone=permissions.mention_everyone,
        )
        return json_response(message.payload())

    async def get_message(self, request: web.Request) -> web.Response:
        message = self._fake.bot_message(
            snowflake(request, "channel_id"), snowflake(request, "message_id")
        )
        return json_response(message.payload())

    async def edit_message(self, request: web.Request) -> web.Response:
        channel = self._fake.channel(snowflake(request, "channel_id"))
        message = self._fake.bot_message(channel.id, snowflake(request, "message_id"))
        permissions = self._bot_permissions(channel)
        body, uploads = await self._read_body(request)
        if body.get("embeds") and not permissions.embed_links:
            body.pop("embeds")  # Discord drops them without a word
        await self._fake.edit_message(message, body, uploads)
        return json_response(message.payload())

    async def delete_message(self, request: web.Request) -> web.Response:
        message = self._fake.bot_message(
            snowflake(request, "channel_id"), snowflake(request, "message_id")
        )
        await self._fake.delete_message(message)
        return no_content()

    async def start_thread(self, request: web.Request) -> web.Response:
        """A public thread from a message: Create Public Threads in the message's channel."""
        channel = self._fake.channel(snowflake(request, "channel_id"))
        message = self._fake.bot_message(channel.id, snowflake(request, "message_id"))
        if not self._bot_permissions(channel).create_public_threads:
            raise ApiError(403, 50013, "Missing Permissions")
        body, _ = await self._read_body(request)
        name = str(body.get("name", ""))
        if not 1 <= len(name) <= 100:
            raise ApiError(400, 50035, "Invalid Form Body: name must be 1 to 100 characters")
        duration = int(body.get("auto_archive_duration", 1440))
        if duration not in (60, 1440, 4320, 10080):
            raise ApiError(400, 50035, "Invalid Form Body: auto_archive_duration")
        thread = await self._fake.start_thread(message, name, duration)
        return json_response(thread.payload(), 201)

    async def add_thread_member(self, request: web.Request) -> web.Response:
        """Add a member to a thread: Send Messages in Threads there."""
        thread = self._fake.channel(snowflake(request, "channel_id"))
        if not thread.is_thread:
            raise ApiError(400, 50024, "Cannot execute action on this channel type")
        if not self._bot_permissions(thread).send_messages_in_threads:
            raise ApiError(403, 50013, "Missing Permissions")
        thread.thread_members.add(snowflake(request, "user_id"))
        return no_content()

    async def add_member_role(self, request: web.Request) -> web.Response:
        return self._member_role(request, give=True)

    async def remove_member_role(self, request: web.Request) -> web.Response:
        return self._member_role(request, give=False)

    def _member_role(self, request: web.Request, *, give: bool) -> web.Response:
        """Give a member a role, or (``give`` False) take it back, as Discord does: 404 /
        10011 for a role and 10007 for a member the guild does not have; 403 / 50013 unless
        the bot has Manage Roles and the role is not managed and below the bot's highest."""
        guild = self._fake.guilds[snowflake(request, "guild_id")]
        role = guild.roles.get(snowflake(request, "role_id"))
        if role is None:
            raise ApiError(404, 10011, "Unknown Role")
        member = guild.members.get(snowflake(request, "user_id"))
        if member is None:
            raise ApiError(404, 10007, "Unknown Member")
        bot_id = self._fake.bot_user.id
        if (
            not guild.permissions_of(bot_id).manage_roles
            or role.managed
            or role.position >= guild.top_position(bot_id)
        ):
            raise ApiError(403, 50013, "Missing Permissions")
        if give and role.id not in member.role_ids:
            member.role_ids.append(role.id)
        elif not give and role.id in member.role_ids:
            member.role_ids.remove(role.id)
        self._fake.notify()
        return no_content()

    async def typing(self, request: web.Request) -> web.Response:
        self._fake.channel(snowflake(request, "channel_id"))
        return no_content()
