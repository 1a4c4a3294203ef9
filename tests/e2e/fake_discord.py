"""A small fake Discord on 127.0.0.1 for wire-level smoke tests.

One aiohttp app serves the gateway WebSocket at ``/`` and the REST API under
``/api/v10``. The bot under test is an unmodified discord.py client pointed at it
(``Route.BASE`` and ``DiscordWebSocket.DEFAULT_GATEWAY``). The fake keeps one guild
with one text channel, a few members, the synced commands, and a store of every
message the bot created, so a test can act as a user (``slash``, ``click``,
``select``) and then look at what came back.

Payload shapes follow what discord.py 2.7.1 parses; the comments name the pitfalls
(see ``shared/research/discord-testing.md``). The fake never answers 5xx: discord.py
retries those slowly, so a handler error becomes a 400 and lands in ``errors``.
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import json
import re
import socket
import time
import traceback
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any, TypeVar

from aiohttp import WSMsgType, web

from tests.e2e.fake_limits import RateLimits

API = "/api/v10"
DISCORD_EPOCH_MS = 1420070400000
ATTACHMENT_SIZE_LIMIT = 10 * 1024 * 1024
ALL_PERMISSIONS = str((1 << 50) - 1)
PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"

# Gateway opcodes and the intents that gate the events the fake dispatches.
OP_DISPATCH, OP_HEARTBEAT, OP_IDENTIFY, OP_RESUME = 0, 1, 2, 6
OP_REQUEST_MEMBERS, OP_HELLO, OP_HEARTBEAT_ACK = 8, 10, 11
INTENT_GUILD_MESSAGES = 1 << 9
INTENT_DM_MESSAGES = 1 << 12

# Interaction and callback types.
PING, APPLICATION_COMMAND, MESSAGE_COMPONENT, AUTOCOMPLETE = 1, 2, 3, 4
CHANNEL_MESSAGE, DEFERRED_CHANNEL_MESSAGE, DEFERRED_UPDATE, UPDATE_MESSAGE = 4, 5, 6, 7
AUTOCOMPLETE_RESULT, MODAL = 8, 9
FLAG_EPHEMERAL, FLAG_LOADING = 64, 128

Json = dict[str, Any]
T = TypeVar("T")
MENTION = re.compile(r"<@!?(\d+)>")


class FakeError(Exception):
    """An error answer in Discord's shape: ``{"message": ..., "code": ...}``."""

    def __init__(self, status: int, message: str, code: int = 0) -> None:
        super().__init__(f"{status} {message} ({code})")
        self.status, self.message, self.code = status, message, code


def json_response(data: Any, status: int = 200) -> web.Response:
    # discord.py compares Content-Type verbatim; web.json_response adds "; charset=utf-8",
    # which makes discord.py treat the body as text and crash in login.
    return web.Response(
        status=status, body=json.dumps(data).encode(), headers={"Content-Type": "application/json"}
    )


def iso(ts: float) -> str:
    return datetime.fromtimestamp(ts, UTC).isoformat()


def png_size(data: bytes) -> tuple[int, int] | None:
    if data.startswith(PNG_SIGNATURE) and len(data) >= 24:
        return int.from_bytes(data[16:20], "big"), int.from_bytes(data[20:24], "big")
    return None


def walk_components(components: list[Json]) -> list[Json]:
    """Every component, nested ones included (action rows, sections, containers)."""
    found: list[Json] = []
    for component in components:
        found.append(component)
        found.extend(walk_components(component.get("components", [])))
        if isinstance(component.get("accessory"), dict):
            found.extend(walk_components([component["accessory"]]))
    return found


# --- records -------------------------------------------------------------------------


@dataclass
class FakeUser:
    id: int
    name: str
    bot: bool = False
    dms_closed: bool = False  # sending to this user's DM channel gives 403 / 50007

    @property
    def mention(self) -> str:
        return f"<@{self.id}>"

    def payload(self) -> Json:
        return {
            "id": str(self.id),
            "username": self.name,
            "discriminator": "0",
            "global_name": self.name.title(),
            "avatar": None,
            "bot": self.bot,
            "public_flags": 0,
        }


@dataclass
class UploadedFile:
    field: str
    filename: str
    content_type: str | None
    data: bytes


@dataclass
class RecordedRequest:
    seq: int
    method: str
    path: str  # relative to /api/v10, e.g. "/channels/123/messages"
    query: dict[str, str]
    json: Any
    files: list[UploadedFile]
    authorization: str | None
    status: int = 0


@dataclass
class Attachment:
    id: int
    filename: str
    data: bytes
    content_type: str | None

    @property
    def is_png(self) -> bool:
        return self.data.startswith(PNG_SIGNATURE)


@dataclass
class Message:
    id: int
    channel_id: int
    author_id: int
    content: str = ""
    attachments: list[Attachment] = field(default_factory=list)
    components: list[Json] = field(default_factory=list)
    embeds: list[Json] = field(default_factory=list)
    flags: int = 0
    interaction_id: int | None = None
    webhook_id: int | None = None
    nonce: str | int | None = None
    created: float = field(default_factory=time.time)
    edited: float | None = None
    edits: int = 0
    deleted: bool = False
    seq: int = 0  # the fake's change counter when this message last changed (see mark())

    @property
    def ephemeral(self) -> bool:
        return bool(self.flags & FLAG_EPHEMERAL)

    @property
    def has_png(self) -> bool:
        return any(a.is_png for a in self.attachments)

    def all_components(self) -> list[Json]:
        return walk_components(self.components)

    def buttons(self) -> list[Json]:
        return [c for c in self.all_components() if c.get("type") == 2]

    def selects(self) -> list[Json]:
        return [c for c in self.all_components() if c.get("type") in (3, 5, 6, 7, 8)]

    def component(self, custom_id: str) -> Json | None:
        return next((c for c in self.all_components() if c.get("custom_id") == custom_id), None)

    def text(self) -> str:
        """Content, embed texts and text displays: everything a reader sees as text."""
        parts = [self.content]
        for embed in self.embeds:
            parts += [embed.get("title") or "", embed.get("description") or ""]
            parts += [f"{f.get('name', '')} {f.get('value', '')}" for f in embed.get("fields", [])]
        parts += [c.get("content", "") for c in self.all_components() if c.get("type") == 10]
        return "\n".join(parts)

    def mentions(self) -> list[int]:
        return [int(m) for m in MENTION.findall(self.text())]


@dataclass
class Interaction:
    id: int
    token: str
    type: int
    user: FakeUser
    channel_id: int
    data: Json
    message_id: int | None = None  # the message a component sits on
    response_type: int | None = None
    response_data: Json | None = None
    original_message_id: int | None = None
    followup_ids: list[int] = field(default_factory=list)
    acknowledged: asyncio.Event = field(default_factory=asyncio.Event)

    @property
    def choices(self) -> list[Json]:
        """The autocomplete answer (callback type 8)."""
        return (self.response_data or {}).get("choices", [])


@dataclass
class Channel:
    id: int
    name: str
    guild_id: int | None = None
    recipient: FakeUser | None = None  # DM channels only

    def payload(self) -> Json:
        if self.recipient is not None:
            return {
                "id": str(self.id),
                "type": 1,
                "recipients": [self.recipient.payload()],
                "last_message_id": None,
            }
        return {
            "id": str(self.id),
            "type": 0,
            "guild_id": str(self.guild_id),
            "name": self.name,
            "position": 0,
            "permission_overwrites": [],
            "topic": None,
            "nsfw": False,
            "last_message_id": None,
            "rate_limit_per_user": 0,
            "parent_id": None,
        }


RECORD = web.RequestKey("record", RecordedRequest)


class GatewaySession:
    def __init__(self, ws: web.WebSocketResponse, query: dict[str, str]) -> None:
        self.ws = ws
        self.query = query
        self.seq = 0
        self.intents = 0
        self.identified = False
        self.shard: list[int] | None = None
        self.received: list[Json] = []
        self._lock = asyncio.Lock()

    async def send(self, payload: Json) -> None:
        # Plain text frames: discord.py always accepts them, whatever compression it asked for.
        async with self._lock:
            if not self.ws.closed:
                await self.ws.send_str(json.dumps(payload))

    async def dispatch(self, event: str, data: Any) -> None:
        self.seq += 1
        await self.send({"op": OP_DISPATCH, "t": event, "s": self.seq, "d": data})


# --- the fake ------------------------------------------------------------------------


class FakeDiscord:
    """The fake server plus the test-side helpers that act as users."""

    def __init__(
        self,
        *,
        token: str = "fake-token",
        heartbeat_interval: float = 41.25,
        timeout: float = 10.0,
        limits: RateLimits | None = None,
    ) -> None:
        self.token = token
        # Discord's rate limits, answered with real 429s; None: unlimited (most tests)
        self.limits = limits
        self.heartbeat_interval = heartbeat_interval
        self.timeout = timeout
        self._ids = itertools.count(1)
        self.bot_user = FakeUser(self.snowflake(), "skald", bot=True)
        self.app_id = self.bot_user.id  # a bot user's id is its application's id
        self.alice = FakeUser(self.snowflake(), "alice")
        self.bob = FakeUser(self.snowflake(), "bob")
        self.carol = FakeUser(self.snowflake(), "carol")
        self.users: dict[int, FakeUser] = {u.id: u for u in (self.bot_user, self.alice, self.bob, self.carol)}
        self.guild_id = self.snowflake()
        self.owner_id = self.alice.id
        self.channel = Channel(self.snowflake(), "game-table", guild_id=self.guild_id)
        self.channels: dict[int, Channel] = {self.channel.id: self.channel}
        self.joined = time.time()

        self.requests: list[RecordedRequest] = []
        self.messages: dict[int, Message] = {}
        self.interactions: dict[int, Interaction] = {}
        self.global_commands: dict[str, Json] = {}
        self.guild_commands: dict[int, dict[str, Json]] = {}
        self.sessions: list[GatewaySession] = []
        self.identifies: list[Json] = []
        self.errors: list[str] = []  # handler crashes inside the fake (answered with 400)
        # Who real Discord would notify: (user id, message id) for every mention in a NEW,
        # visible guild message that its allowed_mentions let through. Edits, and the
        # follow-up that fills a deferred "thinking" answer, notify nobody.
        self.pings: list[tuple[int, int]] = []
        # Discord drops a repeated nonce only for a few minutes; forget_nonces() ends that.
        self.nonces_forgotten_before = 0
        # Called with each message the bot creates, before the bot gets its answer (a test
        # kills the bot here to crash it "after Discord has it, before it knows").
        self.on_created: list[Callable[[Message], None]] = []
        self.on_answered: list[Callable[[Interaction], None]] = []  # after an interaction's answer

        self._seq = 0
        self._changed = asyncio.Event()
        self._runner: web.AppRunner | None = None
        self._tasks: set[asyncio.Task[None]] = set()
        self.port = 0

    # --- lifecycle ---------------------------------------------------------------------

    async def start(self) -> FakeDiscord:
        app = web.Application(middlewares=[self._rest_middleware], client_max_size=64 * 1024**2)
        app.router.add_get("/", self._gateway)
        app.router.add_get("/attachments/{channel}/{attachment}/{filename}", self._attachment)
        self._add_routes(app)
        self._runner = web.AppRunner(app, access_log=None)
        await self._runner.setup()
        # Bind the socket ourselves: loopback only, and the ephemeral port is known at once.
        sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind(("127.0.0.1", 0))
        self.port = sock.getsockname()[1]
        await web.SockSite(self._runner, sock).start()
        return self

    async def close(self) -> None:
        await asyncio.gather(*self._tasks, return_exceptions=True)
        for session in list(self.sessions):
            await session.ws.close()
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None

    async def __aenter__(self) -> FakeDiscord:
        return await self.start()

    async def __aexit__(self, *exc_info: object) -> None:
        await self.close()

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def api_url(self) -> str:
        return self.url + API

    @property
    def gateway_url(self) -> str:
        return f"ws://127.0.0.1:{self.port}/"

    # --- bookkeeping -------------------------------------------------------------------

    def add_channel(self, name: str) -> Channel:
        channel = Channel(self.snowflake(), name, guild_id=self.guild_id)
        self.channels[channel.id] = channel
        return channel

    def forget_nonces(self) -> None:
        """Minutes pass: Discord no longer remembers the nonces of messages sent so far."""
        self.nonces_forgotten_before = self._seq + 1

    def pings_for(self, message_id: int) -> list[int]:
        return [user for user, message in self.pings if message == message_id]

    def snowflake(self) -> int:
        ms = int(time.time() * 1000) - DISCORD_EPOCH_MS
        return (ms << 22) | (next(self._ids) & 0x3FFFFF)

    def _touch(self) -> int:
        self._seq += 1
        self._changed.set()
        self._changed = asyncio.Event()
        return self._seq

    def mark(self) -> int:
        """A point in time: pass it as ``since=`` to wait only for later changes."""
        return self._seq

    def user(self, name: str) -> FakeUser:
        return next(u for u in self.users.values() if u.name == name)

    def members(self) -> list[FakeUser]:
        return list(self.users.values())

    # --- payloads ----------------------------------------------------------------------

    def member_payload(self, user: FakeUser, *, with_user: bool = True) -> Json:
        payload: Json = {
            "roles": [],
            "joined_at": iso(self.joined),
            "deaf": False,
            "mute": False,
            "flags": 0,  # discord.py reads member["flags"] unconditionally
            "pending": False,
            "nick": None,
            "avatar": None,
            "premium_since": None,
            "communication_disabled_until": None,
        }
        if with_user:
            payload["user"] = user.payload()
        return payload

    def guild_payload(self) -> Json:
        # Only what discord.py reads unconditionally, plus what makes the guild usable.
        return {
            "id": str(self.guild_id),
            "name": "Skald Test Hall",
            "icon": None,
            "owner_id": str(self.owner_id),
            "preferred_locale": "en-US",
            "features": [],
            "roles": [
                {
                    "id": str(self.guild_id),  # @everyone has the guild's id
                    "name": "@everyone",
                    "permissions": ALL_PERMISSIONS,
                    "position": 0,
                    "flags": 0,
                }
            ],
            "emojis": [],
            "stickers": [],
            "joined_at": iso(self.joined),
            "large": False,
            "unavailable": False,
            "member_count": len(self.users),
            "members": [self.member_payload(u) for u in self.users.values()],
            "channels": [c.payload() for c in self.channels.values() if c.guild_id is not None],
            "threads": [],
            "presences": [],
            "voice_states": [],
        }

    def attachment_payload(self, channel_id: int, attachment: Attachment) -> Json:
        url = f"{self.url}/attachments/{channel_id}/{attachment.id}/{attachment.filename}"
        payload: Json = {
            "id": str(attachment.id),
            "filename": attachment.filename,
            "size": len(attachment.data),
            "url": url,
            "proxy_url": url,
            "content_type": attachment.content_type,
        }
        size = png_size(attachment.data)
        if size is not None:
            payload["width"], payload["height"] = size
            payload["content_type"] = "image/png"
        return payload

    def message_payload(self, message: Message) -> Json:
        channel = self.channels[message.channel_id]
        author = self.users[message.author_id]
        payload: Json = {
            "id": str(message.id),
            "channel_id": str(message.channel_id),
            "author": author.payload(),
            "content": message.content,
            "timestamp": iso(message.created),
            "edited_timestamp": iso(message.edited) if message.edited else None,
            "tts": False,
            "mention_everyone": False,
            "mentions": [
                self.users[m].payload() for m in dict.fromkeys(message.mentions()) if m in self.users
            ],
            "mention_roles": [],
            "attachments": [self.attachment_payload(channel.id, a) for a in message.attachments],
            "embeds": message.embeds,
            "components": message.components,
            "pinned": False,
            "type": 0,
            "flags": message.flags,
        }
        if message.nonce is not None:
            payload["nonce"] = message.nonce
        if channel.guild_id is not None:
            payload["guild_id"] = str(channel.guild_id)
            if message.webhook_id is None:
                payload["member"] = self.member_payload(author, with_user=False)
        if message.webhook_id is not None:
            payload["webhook_id"] = str(message.webhook_id)
            payload["application_id"] = str(self.app_id)
        return payload

    # --- gateway -----------------------------------------------------------------------

    async def _gateway(self, request: web.Request) -> web.StreamResponse:
        ws = web.WebSocketResponse(max_msg_size=0)
        await ws.prepare(request)
        session = GatewaySession(ws, dict(request.query))
        self.sessions.append(session)
        try:
            interval_ms = int(self.heartbeat_interval * 1000)
            await session.send({"op": OP_HELLO, "d": {"heartbeat_interval": interval_ms}})
            async for frame in ws:
                if frame.type != WSMsgType.TEXT:
                    continue
                payload = json.loads(frame.data)
                session.received.append(payload)
                await self._on_gateway_payload(session, payload)
                self._touch()
        except Exception:
            self.errors.append(traceback.format_exc())
        finally:
            self.sessions.remove(session)
        return ws

    async def _on_gateway_payload(self, session: GatewaySession, payload: Json) -> None:
        op, data = payload.get("op"), payload.get("d")
        if op == OP_HEARTBEAT:
            await session.send({"op": OP_HEARTBEAT_ACK})
        elif op == OP_IDENTIFY:
            if data.get("token") != self.token:
                await session.ws.close(code=4004, message=b"Authentication failed.")
                return
            self.identifies.append(data)
            session.shard = data.get("shard")  # [id, count] of a sharded bot
            session.intents = int(data.get("intents", 0))
            session.identified = True
            ready: Json = {
                "v": 10,
                "user": {**self.bot_user.payload(), "verified": True, "mfa_enabled": False},
                "guilds": [{"id": str(self.guild_id), "unavailable": True}],
                "session_id": f"session-{self.snowflake()}",
                # After READY discord.py reconnects and resumes here: it must be the fake.
                "resume_gateway_url": self.gateway_url,
                "application": {"id": str(self.app_id), "flags": 0},
                "private_channels": [],
                "relationships": [],
            }
            if "shard" in data:
                ready["shard"] = data["shard"]
            await session.dispatch("READY", ready)
            await session.dispatch("GUILD_CREATE", self.guild_payload())
        elif op == OP_RESUME:
            session.identified = True
            await session.dispatch("RESUMED", {})
        elif op == OP_REQUEST_MEMBERS:
            wanted = {int(u) for u in data.get("user_ids") or []}
            query = (data.get("query") or "").lower()
            found = [
                u
                for u in self.users.values()
                if (not wanted or u.id in wanted) and u.name.lower().startswith(query)
            ]
            limit = data.get("limit") or len(found)
            chunk: Json = {
                "guild_id": str(self.guild_id),
                "members": [self.member_payload(u) for u in found[:limit]],
                "chunk_index": 0,
                "chunk_count": 1,
            }
            if data.get("nonce"):
                chunk["nonce"] = data["nonce"]
            await session.dispatch("GUILD_MEMBERS_CHUNK", chunk)

    async def dispatch(self, event: str, data: Json, *, intent: int = 0) -> None:
        """Send an event to every identified gateway session (that has ``intent``, if given)
        and serves the event's shard (see ``shard_of``)."""
        sessions = [
            s
            for s in self.sessions
            if s.identified and (s.intents & intent) == intent and self._serves(s, data)
        ]
        if not sessions:
            raise RuntimeError(f"no bot is connected to the gateway to receive {event}")
        for session in sessions:
            await session.dispatch(event, data)

    @staticmethod
    def shard_of(data: Json, count: int) -> int:
        """The shard an event goes to. Discord sends a guild's events to shard
        ``(guild_id >> 22) % count`` and DMs to shard 0; this fake has one guild, so it
        spreads its channels over the shards instead (``channel_id % count``), which lets a
        test play through several bot processes at once."""
        if not data.get("guild_id"):
            return 0
        return int(data.get("channel_id") or data.get("channel", {}).get("id") or 0) % count

    def _serves(self, session: GatewaySession, data: Json) -> bool:
        shard = session.shard
        return shard is None or self.shard_of(data, shard[1]) == shard[0]

    async def wait_until_connected(self, timeout: float | None = None) -> GatewaySession:
        return await self.wait_for(
            lambda: next((s for s in self.sessions if s.identified), None),
            timeout,
            what="a bot to IDENTIFY on the gateway",
        )

    # --- REST plumbing -----------------------------------------------------------------

    @web.middleware
    async def _rest_middleware(
        self, request: web.Request, handler: Callable[[web.Request], Awaitable[web.StreamResponse]]
    ) -> web.StreamResponse:
        if not request.path.startswith(API + "/"):
            return await handler(request)
        try:
            record = await self._record(request)
        except ValueError as error:  # a body that is not JSON, or a broken multipart
            self.errors.append(f"{request.method} {request.path}: unreadable body: {error!r}")
            return json_response({"message": "400: Bad Request", "code": 50109}, 400)
        request[RECORD] = record
        path = record.path
        needs_auth = not path.startswith(("/webhooks/", "/interactions/"))
        response: web.StreamResponse
        try:
            if needs_auth and record.authorization != f"Bot {self.token}":
                raise FakeError(401, "401: Unauthorized", 0)
            limited = self.limits.admit(record.method, path) if self.limits else None
            if limited is not None:
                response = json_response(limited.body, 429)
                response.headers.update(limited.headers)
            else:
                response = await handler(request)
                if self.limits and response.status < 300:
                    response.headers.update(self.limits.headers_for(record.method, path))
        except FakeError as error:
            response = json_response({"message": error.message, "code": error.code}, error.status)
        except web.HTTPNotFound:
            response = json_response({"message": "404: Not Found", "code": 0}, 404)
        except web.HTTPMethodNotAllowed:
            response = json_response({"message": "405: Method Not Allowed", "code": 0}, 405)
        except Exception as error:
            self.errors.append(f"{record.method} {path}\n{traceback.format_exc()}")
            body = {"message": f"fake discord could not handle this: {error!r}", "code": 50035}
            response = json_response(body, 400)
        record.status = response.status
        if self.limits:
            self.limits.note(response.status)
        self._touch()
        return response

    async def _record(self, request: web.Request) -> RecordedRequest:
        body: Any = None
        files: list[UploadedFile] = []
        if request.content_type == "multipart/form-data":
            reader = await request.multipart()
            while (part := await reader.next()) is not None:
                data = await part.read(decode=False)  # type: ignore[union-attr]
                if part.name == "payload_json":
                    body = json.loads(data)
                else:
                    content_type = part.headers.get("Content-Type")
                    files.append(UploadedFile(part.name or "", part.filename or "", content_type, data))
        elif request.can_read_body:
            raw = await request.read()
            body = json.loads(raw) if raw else None
        record = RecordedRequest(
            seq=0,
            method=request.method,
            path=request.path[len(API) :],
            query=dict(request.query),
            json=body,
            files=files,
            authorization=request.headers.get("Authorization"),
        )
        record.seq = self._touch()
        self.requests.append(record)
        return record

    def _add_routes(self, app: web.Application) -> None:
        r = app.router
        r.add_get(API + "/users/@me", self._get_me)
        r.add_get(API + "/users/{user}", self._get_user)
        r.add_get(API + "/oauth2/applications/@me", self._get_application)
        r.add_get(API + "/applications/@me", self._get_application)
        r.add_get(API + "/gateway", self._get_gateway)
        r.add_get(API + "/gateway/bot", self._get_gateway)
        r.add_put(API + "/applications/{app}/commands", self._put_commands)
        r.add_get(API + "/applications/{app}/commands", self._get_commands)
        r.add_put(API + "/applications/{app}/guilds/{guild}/commands", self._put_commands)
        r.add_get(API + "/applications/{app}/guilds/{guild}/commands", self._get_commands)
        r.add_post(API + "/interactions/{interaction}/{token}/callback", self._callback)
        r.add_post(API + "/webhooks/{app}/{token}", self._followup)
        r.add_get(API + "/webhooks/{app}/{token}/messages/{message}", self._webhook_message)
        r.add_patch(API + "/webhooks/{app}/{token}/messages/{message}", self._webhook_message)
        r.add_delete(API + "/webhooks/{app}/{token}/messages/{message}", self._webhook_message)
        r.add_post(API + "/users/@me/channels", self._open_dm)
        r.add_get(API + "/channels/{channel}", self._get_channel)
        r.add_get(API + "/channels/{channel}/messages", self._list_messages)
        r.add_post(API + "/channels/{channel}/messages", self._send_message)
        r.add_get(API + "/channels/{channel}/messages/{message}", self._channel_message)
        r.add_patch(API + "/channels/{channel}/messages/{message}", self._channel_message)
        r.add_delete(API + "/channels/{channel}/messages/{message}", self._channel_message)
        r.add_post(API + "/channels/{channel}/typing", self._typing)
        r.add_get(API + "/guilds/{guild}", self._get_guild)
        r.add_get(API + "/guilds/{guild}/channels", self._get_guild_channels)
        r.add_get(API + "/guilds/{guild}/members/{user}", self._get_member)

    # --- REST: users, application, commands --------------------------------------------

    async def _get_me(self, request: web.Request) -> web.Response:
        return json_response({**self.bot_user.payload(), "verified": True, "mfa_enabled": False})

    async def _get_user(self, request: web.Request) -> web.Response:
        return json_response(self._user(request.match_info["user"]).payload())

    async def _get_application(self, request: web.Request) -> web.Response:
        return json_response(
            {
                "id": str(self.app_id),
                "name": self.bot_user.name,
                "description": "",
                "icon": None,
                "bot_public": True,
                "bot_require_code_grant": False,
                "owner": self.users[self.owner_id].payload(),
                "verify_key": "0" * 64,
                "flags": 0,
                "bot": self.bot_user.payload(),
            }
        )

    async def _get_gateway(self, request: web.Request) -> web.Response:
        limit = {"total": 1000, "remaining": 1000, "reset_after": 0, "max_concurrency": 1}
        return json_response({"url": self.gateway_url, "shards": 1, "session_start_limit": limit})

    def _command_store(self, request: web.Request) -> tuple[dict[str, Json], int | None]:
        if int(request.match_info["app"]) != self.app_id:
            raise FakeError(403, "Missing Access", 50001)
        guild = request.match_info.get("guild")
        if guild is None:
            return self.global_commands, None
        if int(guild) != self.guild_id:
            raise FakeError(403, "Missing Access", 50001)
        return self.guild_commands.setdefault(self.guild_id, {}), self.guild_id

    async def _put_commands(self, request: web.Request) -> web.Response:
        store, guild_id = self._command_store(request)
        body = request[RECORD].json or []
        old = dict(store)
        store.clear()
        for command in body:
            if not isinstance(command, dict) or "name" not in command:
                raise FakeError(400, "Invalid Form Body", 50035)
            kept = old.get(command["name"])
            stored = {
                "type": 1,
                "description": "",
                "options": [],
                **command,
                "id": kept["id"] if kept else str(self.snowflake()),
                "application_id": str(self.app_id),
                "version": str(self.snowflake()),
            }
            if guild_id is not None:
                stored["guild_id"] = str(guild_id)
            store[command["name"]] = stored
        return json_response(list(store.values()))

    async def _get_commands(self, request: web.Request) -> web.Response:
        store, _ = self._command_store(request)
        return json_response(list(store.values()))

    # --- REST: interactions and webhooks -----------------------------------------------

    async def _callback(self, request: web.Request) -> web.Response:
        ix = self.interactions.get(int(request.match_info["interaction"]))
        if ix is None or ix.token != request.match_info["token"]:
            raise FakeError(404, "Unknown interaction", 10062)
        if ix.response_type is not None:
            raise FakeError(400, "Interaction has already been acknowledged.", 40060)
        record: RecordedRequest = request[RECORD]
        body = record.json or {}
        kind, data = body.get("type"), body.get("data") or {}
        message: Message | None = None
        if kind == CHANNEL_MESSAGE and ix.type in (APPLICATION_COMMAND, MESSAGE_COMPONENT):
            message = self._create_message(ix.channel_id, data, record.files, interaction=ix)
            ix.original_message_id = message.id
        elif kind == DEFERRED_CHANNEL_MESSAGE and ix.type in (APPLICATION_COMMAND, MESSAGE_COMPONENT):
            flags = (data.get("flags", 0) & FLAG_EPHEMERAL) | FLAG_LOADING
            message = self._create_message(ix.channel_id, {"flags": flags}, [], interaction=ix)
            ix.original_message_id = message.id
        elif kind in (DEFERRED_UPDATE, UPDATE_MESSAGE) and ix.message_id is not None:
            ix.original_message_id = ix.message_id
            message = self.messages[ix.message_id]
            if kind == UPDATE_MESSAGE:
                self._edit_message(message, data, record.files)
        elif (kind, ix.type) not in {
            (AUTOCOMPLETE_RESULT, AUTOCOMPLETE),
            (MODAL, APPLICATION_COMMAND),
            (MODAL, MESSAGE_COMPONENT),
        }:
            raise FakeError(400, f"Interaction callback type {kind} is not valid here", 50035)
        ix.response_type, ix.response_data = kind, data
        ix.acknowledged.set()
        for hook in list(self.on_answered):
            hook(ix)
        # discord.py sends ?with_response=1 and parses this body; a 204 would crash it.
        info: Json = {"id": str(ix.id), "type": ix.type}
        if message is not None:
            info["response_message_id"] = str(message.id)
            info["response_message_loading"] = bool(message.flags & FLAG_LOADING)
            info["response_message_ephemeral"] = message.ephemeral
        resource: Json = {"type": kind}
        if message is not None:
            resource["message"] = self.message_payload(message)
        return json_response({"interaction": info, "resource": resource})

    def _webhook_interaction(self, request: web.Request) -> Interaction:
        token = request.match_info["token"]
        ix = next((i for i in self.interactions.values() if i.token == token), None)
        if int(request.match_info["app"]) != self.app_id or ix is None:
            raise FakeError(404, "Unknown Webhook", 10015)
        if ix.response_type is None:
            # Follow-ups and @original exist only after the interaction was acknowledged.
            raise FakeError(404, "Unknown Webhook", 10015)
        return ix

    async def _followup(self, request: web.Request) -> web.Response:
        ix = self._webhook_interaction(request)
        record: RecordedRequest = request[RECORD]
        body = record.json or {}
        original = self.messages.get(ix.original_message_id or 0)
        if ix.response_type == DEFERRED_CHANNEL_MESSAGE and original and original.flags & FLAG_LOADING:
            # The first follow-up after a thinking defer becomes the original response, and
            # the defer decided whether it is ephemeral.
            flags = (body.get("flags") or 0) & ~FLAG_EPHEMERAL
            self._edit_message(original, {**body, "flags": flags}, record.files)
            message = original
        else:
            message = self._create_message(ix.channel_id, body, record.files, interaction=ix)
        ix.followup_ids.append(message.id)
        if record.query.get("wait") in ("1", "true", "True"):
            return json_response(self.message_payload(message))
        return web.Response(status=204)

    async def _webhook_message(self, request: web.Request) -> web.StreamResponse:
        ix = self._webhook_interaction(request)
        wanted = request.match_info["message"]
        message_id = ix.original_message_id if wanted == "@original" else int(wanted)
        message = self.messages.get(message_id or 0)
        if message is None or message.deleted:
            raise FakeError(404, "Unknown Message", 10008)
        return self._message_verb(request, message)

    # --- REST: channels, DMs, messages -------------------------------------------------

    def _user(self, raw: str) -> FakeUser:
        user = self.users.get(int(raw)) if raw.isdigit() else None
        if user is None:
            raise FakeError(404, "Unknown User", 10013)
        return user

    def _channel(self, raw: str) -> Channel:
        channel = self.channels.get(int(raw)) if raw.isdigit() else None
        if channel is None:
            raise FakeError(404, "Unknown Channel", 10003)
        return channel

    async def _open_dm(self, request: web.Request) -> web.Response:
        body = request[RECORD].json or {}
        user = self._user(str(body.get("recipient_id", "")))
        channel = self.dm_channel(user)
        if channel is None:
            channel = Channel(self.snowflake(), f"dm-{user.name}", recipient=user)
            self.channels[channel.id] = channel
        return json_response(channel.payload())

    async def _get_channel(self, request: web.Request) -> web.Response:
        return json_response(self._channel(request.match_info["channel"]).payload())

    async def _list_messages(self, request: web.Request) -> web.Response:
        channel = self._channel(request.match_info["channel"])
        limit = int(request.query.get("limit", "50"))
        found = [m for m in self.messages_in(channel.id) if not m.ephemeral]
        return json_response([self.message_payload(m) for m in reversed(found[-limit:])])

    async def _send_message(self, request: web.Request) -> web.Response:
        channel = self._channel(request.match_info["channel"])
        if channel.recipient is not None and channel.recipient.dms_closed:
            raise FakeError(403, "Cannot send messages to this user", 50007)
        record: RecordedRequest = request[RECORD]
        body = record.json or {}
        if body.get("enforce_nonce") and body.get("nonce") is not None:
            # Discord answers a repeated nonce with the message it already created, for a
            # few minutes (see forget_nonces).
            same = [
                m
                for m in self.messages_in(channel.id)
                if m.nonce == body["nonce"] and m.seq >= self.nonces_forgotten_before
            ]
            if same:
                return json_response(self.message_payload(same[0]))
        message = self._create_message(channel.id, body, record.files)
        for hook in list(self.on_created):
            hook(message)
        return json_response(self.message_payload(message))

    async def _channel_message(self, request: web.Request) -> web.StreamResponse:
        channel = self._channel(request.match_info["channel"])
        raw = request.match_info["message"]
        message = self.messages.get(int(raw)) if raw.isdigit() else None
        if message is None or message.deleted or message.channel_id != channel.id:
            raise FakeError(404, "Unknown Message", 10008)
        if request.method == "PATCH" and message.author_id != self.bot_user.id:
            raise FakeError(403, "Cannot edit a message authored by another user", 50005)
        return self._message_verb(request, message)

    def _message_verb(self, request: web.Request, message: Message) -> web.StreamResponse:
        record: RecordedRequest = request[RECORD]
        if request.method == "PATCH":
            self._edit_message(message, record.json or {}, record.files)
        elif request.method == "DELETE":
            message.deleted = True
            message.seq = self._touch()
            return web.Response(status=204)
        return json_response(self.message_payload(message))

    async def _typing(self, request: web.Request) -> web.Response:
        self._channel(request.match_info["channel"])
        return web.Response(status=204)

    async def _get_guild(self, request: web.Request) -> web.Response:
        if request.match_info["guild"] != str(self.guild_id):
            raise FakeError(404, "Unknown Guild", 10004)
        payload = self.guild_payload()
        for key in ("members", "channels", "threads", "presences", "voice_states"):
            payload.pop(key)
        return json_response(payload)

    async def _get_guild_channels(self, request: web.Request) -> web.Response:
        if request.match_info["guild"] != str(self.guild_id):
            raise FakeError(404, "Unknown Guild", 10004)
        channels = [c.payload() for c in self.channels.values() if c.guild_id is not None]
        return json_response(channels)

    async def _get_member(self, request: web.Request) -> web.Response:
        if request.match_info["guild"] != str(self.guild_id):
            raise FakeError(404, "Unknown Guild", 10004)
        user = self.users.get(int(request.match_info["user"]))
        if user is None:
            raise FakeError(404, "Unknown Member", 10007)
        return json_response(self.member_payload(user))

    async def _attachment(self, request: web.Request) -> web.Response:
        for message in self.messages.values():
            for attachment in message.attachments:
                if str(attachment.id) == request.match_info["attachment"]:
                    return web.Response(body=attachment.data, content_type="application/octet-stream")
        raise web.HTTPNotFound()

    # --- message store -----------------------------------------------------------------

    def _attachments(
        self, body: Json, files: list[UploadedFile], existing: list[Attachment]
    ) -> list[Attachment]:
        uploads = {f.field: f for f in files}
        if "attachments" not in body:
            fresh = [Attachment(self.snowflake(), f.filename, f.data, f.content_type) for f in files]
            return existing + fresh
        result: list[Attachment] = []
        for item in body["attachments"]:
            upload = uploads.get(f"files[{item.get('id')}]")
            if upload is not None:
                filename = item.get("filename") or upload.filename
                result.append(Attachment(self.snowflake(), filename, upload.data, upload.content_type))
                continue
            kept = next((a for a in existing if str(a.id) == str(item.get("id"))), None)
            if kept is None:
                raise FakeError(400, "Invalid Form Body: unknown attachment", 50035)
            result.append(kept)
        return result

    def _create_message(
        self,
        channel_id: int,
        body: Json,
        files: list[UploadedFile],
        *,
        interaction: Interaction | None = None,
        author: FakeUser | None = None,
        announce: bool = True,
    ) -> Message:
        message = Message(
            id=self.snowflake(),
            channel_id=channel_id,
            author_id=(author or self.bot_user).id,
            content=body.get("content") or "",
            attachments=self._attachments(body, files, []),
            components=body.get("components") or [],
            embeds=body.get("embeds") or [],
            flags=body.get("flags") or 0,
            interaction_id=interaction.id if interaction else None,
            webhook_id=self.app_id if interaction else None,
            nonce=body.get("nonce"),
        )
        message.seq = self._touch()
        self.messages[message.id] = message
        self._notify(message, body)
        if announce:
            self._announce("MESSAGE_CREATE", message)
        return message

    def _notify(self, message: Message, body: Json) -> None:
        """Record whom a new message notifies, as Discord decides it."""
        channel = self.channels.get(message.channel_id)
        if channel is None or channel.guild_id is None or message.ephemeral or message.flags & FLAG_LOADING:
            return
        allowed = body.get("allowed_mentions")
        for user in dict.fromkeys(message.mentions()):
            if allowed is not None:
                listed = [int(u) for u in allowed.get("users") or []]
                if "users" not in (allowed.get("parse") or []) and user not in listed:
                    continue
            self.pings.append((user, message.id))

    def _edit_message(self, message: Message, body: Json, files: list[UploadedFile]) -> None:
        if "content" in body:
            message.content = body["content"] or ""
        if "components" in body:
            message.components = body["components"] or []
        if "embeds" in body:
            message.embeds = body["embeds"] or []
        if "flags" in body:
            message.flags = (body["flags"] or 0) | (message.flags & FLAG_EPHEMERAL)
        message.flags &= ~FLAG_LOADING
        if files or "attachments" in body:
            message.attachments = self._attachments(body, files, message.attachments)
        message.edited = time.time()
        message.edits += 1
        message.seq = self._touch()
        self._announce("MESSAGE_UPDATE", message)

    def _announce(self, event: str, message: Message) -> None:
        """Echo the bot's own visible messages on the gateway, as Discord does."""
        if message.ephemeral or message.flags & FLAG_LOADING:
            return
        channel = self.channels[message.channel_id]
        intent = INTENT_DM_MESSAGES if channel.recipient else INTENT_GUILD_MESSAGES
        payload = self.message_payload(message)
        for session in self.sessions:
            if session.identified and session.intents & intent:
                task = asyncio.get_running_loop().create_task(session.dispatch(event, payload))
                self._tasks.add(task)  # keep a reference until it is done
                task.add_done_callback(self._tasks.discard)

    def messages_in(self, channel_id: int) -> list[Message]:
        return [m for m in self.messages.values() if m.channel_id == channel_id and not m.deleted]

    def last_message(self, channel_id: int | None = None) -> Message | None:
        found = self.messages_in(channel_id or self.channel.id)
        return found[-1] if found else None

    def dm_channel(self, user: FakeUser) -> Channel | None:
        return next((c for c in self.channels.values() if c.recipient is user), None)

    def dms_to(self, user: FakeUser) -> list[Message]:
        channel = self.dm_channel(user)
        return self.messages_in(channel.id) if channel else []

    def requests_to(self, method: str, pattern: str) -> list[RecordedRequest]:
        """Recorded requests whose path matches the regex ``pattern`` (full match)."""
        return [r for r in self.requests if r.method == method and re.fullmatch(pattern, r.path)]

    # --- waiting -----------------------------------------------------------------------

    async def wait_for(
        self, predicate: Callable[[], T | None], timeout: float | None = None, *, what: str = ""
    ) -> T:
        """Wait until ``predicate()`` is truthy and return its value; ``TimeoutError`` after
        ``timeout`` seconds (default ``self.timeout``)."""
        loop = asyncio.get_running_loop()
        limit = self.timeout if timeout is None else timeout
        deadline = loop.time() + limit
        while True:
            changed = self._changed
            result = predicate()
            if result:
                return result
            remaining = deadline - loop.time()
            if remaining <= 0:
                raise TimeoutError(f"timed out after {limit:g} s waiting for {what or predicate}")
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(changed.wait(), min(remaining, 0.1))

    async def wait_for_request(
        self,
        predicate: Callable[[RecordedRequest], bool],
        timeout: float | None = None,
        *,
        since: int = 0,
        what: str = "",
    ) -> RecordedRequest:
        def find() -> RecordedRequest | None:
            return next((r for r in self.requests if r.seq > since and predicate(r)), None)

        return await self.wait_for(find, timeout, what=what or "a matching request")

    async def wait_for_message(
        self,
        predicate: Callable[[Message], bool],
        timeout: float | None = None,
        *,
        since: int = 0,
        what: str = "",
    ) -> Message:
        """The first live message, created or edited after ``since``, matching ``predicate``."""

        def find() -> Message | None:
            return next(
                (
                    m
                    for m in sorted(self.messages.values(), key=lambda m: m.seq)
                    if m.seq > since and not m.deleted and predicate(m)
                ),
                None,
            )

        return await self.wait_for(find, timeout, what=what or "a matching message")

    # --- acting as a user --------------------------------------------------------------

    def command(self, name: str) -> Json:
        """A synced command (guild commands first); ``LookupError`` if it was never synced."""
        command = self.guild_commands.get(self.guild_id, {}).get(name) or self.global_commands.get(name)
        if command is None:
            synced = sorted({*self.global_commands, *self.guild_commands.get(self.guild_id, {})})
            raise LookupError(f"/{name} was never synced (synced: {synced})")
        return command

    def _interaction_payload(self, ix: Interaction, extra: Json) -> Json:
        channel = self.channels[ix.channel_id]
        payload: Json = {
            "id": str(ix.id),
            "application_id": str(self.app_id),
            "type": ix.type,
            "token": ix.token,
            "version": 1,
            "attachment_size_limit": ATTACHMENT_SIZE_LIMIT,  # a hard KeyError in discord.py
            "data": ix.data,
            "channel_id": str(channel.id),
            "channel": channel.payload(),
            "app_permissions": ALL_PERMISSIONS,
            "locale": "en-US",
            "entitlements": [],
            **extra,
        }
        if channel.guild_id is not None:
            payload["guild_id"] = str(channel.guild_id)
            payload["guild_locale"] = "en-US"
            payload["guild"] = {"id": str(channel.guild_id), "locale": "en-US", "features": []}
            payload["member"] = {**self.member_payload(ix.user), "permissions": ALL_PERMISSIONS}
            payload["authorizing_integration_owners"] = {"0": str(channel.guild_id)}
            payload["context"] = 0
        else:
            payload["user"] = ix.user.payload()
            payload["authorizing_integration_owners"] = {"1": str(ix.user.id)}
            payload["context"] = 1
        return payload

    async def _interact(
        self,
        kind: int,
        user: FakeUser,
        data: Json,
        *,
        channel_id: int | None = None,
        message: Message | None = None,
        wait: bool = True,
        timeout: float | None = None,
    ) -> Interaction:
        ix = Interaction(
            id=self.snowflake(),
            token=f"itoken-{self.snowflake()}",
            type=kind,
            user=user,
            channel_id=channel_id or (message.channel_id if message else self.channel.id),
            data=data,
            message_id=message.id if message else None,
        )
        self.interactions[ix.id] = ix
        extra: Json = {"message": self.message_payload(message)} if message else {}
        await self.dispatch("INTERACTION_CREATE", self._interaction_payload(ix, extra))
        self._touch()
        if wait:
            await self.wait_for(
                lambda: ix.acknowledged.is_set(),
                timeout,
                what=f"the bot to answer interaction {data.get('name') or data.get('custom_id')}",
            )
        return ix

    def _options(
        self, schema: list[Json], given: Json, resolved: Json, *, partial: bool = False
    ) -> list[Json]:
        by_name = {o["name"]: o for o in schema}
        unknown = set(given) - set(by_name)
        if unknown:
            raise ValueError(f"unknown options {sorted(unknown)}; the command has {sorted(by_name)}")
        missing = [o["name"] for o in schema if o.get("required") and o["name"] not in given]
        if missing and not partial:
            raise ValueError(f"missing required options {missing}")
        options: list[Json] = []
        for name, value in given.items():
            kind = by_name[name]["type"]
            choices = [c["value"] for c in by_name[name].get("choices") or []]
            if kind in (6, 9) and not isinstance(value, FakeUser) and int(value) in self.users:
                value = self.users[int(value)]
            if isinstance(value, FakeUser):
                resolved.setdefault("users", {})[str(value.id)] = value.payload()
                members = resolved.setdefault("members", {})
                member = {**self.member_payload(value, with_user=False)}
                members[str(value.id)] = {**member, "permissions": ALL_PERMISSIONS}
                value = str(value.id)
            elif isinstance(value, Channel):
                resolved.setdefault("channels", {})[str(value.id)] = {
                    **value.payload(),
                    "permissions": ALL_PERMISSIONS,
                }
                value = str(value.id)
            if choices and value not in choices and not partial:
                raise ValueError(f"{value!r} is not one of the choices {choices} of {name}")
            options.append({"name": name, "type": kind, "value": value})
        return options

    def _command_data(
        self,
        user: FakeUser,
        name: str,
        options: Json | None,
        subcommand: str | None,
        focused: str | None = None,
    ) -> Json:
        command = self.command(name)
        resolved: Json = {}
        schema: list[Json] = command.get("options") or []
        path = subcommand.split() if subcommand else []
        wrappers: list[Json] = []
        for part in path:
            group = next((o for o in schema if o["name"] == part and o["type"] in (1, 2)), None)
            if group is None:
                raise LookupError(f"/{name} has no subcommand {part!r}")
            wrappers.append({"name": part, "type": group["type"], "options": []})
            schema = group.get("options") or []
        if any(o["type"] in (1, 2) for o in schema):
            raise ValueError(f"/{name} needs a subcommand: {[o['name'] for o in schema]}")
        given = dict(options or {})
        leaf = self._options(schema, given, resolved, partial=focused is not None)
        if focused is not None:
            for option in leaf:
                if option["name"] == focused:
                    option["focused"] = True
                    option["value"] = str(option["value"])
        inner: list[Json] = leaf
        for wrapper in reversed(wrappers):
            wrapper["options"] = inner
            inner = [wrapper]
        data: Json = {"id": command["id"], "name": name, "type": 1, "options": inner}
        if "guild_id" in command:
            data["guild_id"] = command["guild_id"]
        if resolved:
            data["resolved"] = resolved
        return data

    async def slash(
        self,
        user: FakeUser,
        name: str,
        options: Json | None = None,
        *,
        subcommand: str | None = None,
        channel_id: int | None = None,
        wait: bool = True,
        timeout: float | None = None,
    ) -> Interaction:
        """Run ``/name [subcommand] option:value ...`` as ``user``; waits for the bot's ack.

        ``subcommand`` may be ``"new"`` or ``"group sub"``. Values may be ``FakeUser`` or
        ``Channel`` for user and channel options. Refuses commands that were never synced,
        unknown or missing options and values outside the declared choices.
        """
        data = self._command_data(user, name, options, subcommand)
        return await self._interact(
            APPLICATION_COMMAND, user, data, channel_id=channel_id, wait=wait, timeout=timeout
        )

    async def autocomplete(
        self,
        user: FakeUser,
        name: str,
        options: Json,
        focused: str,
        *,
        subcommand: str | None = None,
        timeout: float | None = None,
    ) -> list[Json]:
        """The choices the bot offers while ``user`` types option ``focused``."""
        data = self._command_data(user, name, options, subcommand, focused=focused)
        ix = await self._interact(AUTOCOMPLETE, user, data, timeout=timeout)
        return ix.choices

    async def click(
        self,
        user: FakeUser,
        message: Message,
        custom_id: str,
        *,
        wait: bool = True,
        timeout: float | None = None,
    ) -> Interaction:
        """Press the button ``custom_id`` on ``message`` (it must be there and enabled)."""
        component = message.component(custom_id)
        if component is None or component.get("type") != 2:
            ids = [b.get("custom_id") for b in message.buttons()]
            raise LookupError(f"no button {custom_id!r} on message {message.id} (buttons: {ids})")
        if component.get("disabled"):
            raise ValueError(f"button {custom_id!r} is disabled")
        data = {"custom_id": custom_id, "component_type": 2}
        return await self._interact(
            MESSAGE_COMPONENT, user, data, message=message, wait=wait, timeout=timeout
        )

    async def select(
        self,
        user: FakeUser,
        message: Message,
        custom_id: str,
        values: list[str],
        *,
        wait: bool = True,
        timeout: float | None = None,
    ) -> Interaction:
        """Pick ``values`` in the select menu ``custom_id`` on ``message``."""
        component = message.component(custom_id)
        if component is None or component.get("type") not in (3, 5, 6, 7, 8):
            ids = [s.get("custom_id") for s in message.selects()]
            raise LookupError(f"no select {custom_id!r} on message {message.id} (selects: {ids})")
        if component.get("disabled"):
            raise ValueError(f"select {custom_id!r} is disabled")
        low, high = component.get("min_values", 1), component.get("max_values", 1)
        if not low <= len(values) <= high:
            raise ValueError(f"select {custom_id!r} takes {low}..{high} values, got {values}")
        if component["type"] == 3:
            allowed = [o["value"] for o in component.get("options", [])]
            if not set(values) <= set(allowed):
                raise ValueError(f"{values} are not all options of {custom_id!r}: {allowed}")
        data = {"custom_id": custom_id, "component_type": component["type"], "values": values}
        return await self._interact(
            MESSAGE_COMPONENT, user, data, message=message, wait=wait, timeout=timeout
        )

    def seed_message(
        self, content: str = "", components: list[Json] | None = None, channel_id: int | None = None
    ) -> Message:
        """A message the bot "sent before a restart": in the store, unknown to the bot."""
        body = {"content": content, "components": components or []}
        return self._create_message(channel_id or self.channel.id, body, [], announce=False)

    async def say(self, user: FakeUser, content: str, channel_id: int | None = None) -> Message:
        """``user`` writes ``content`` in a channel (a MESSAGE_CREATE on the gateway)."""
        message = Message(
            id=self.snowflake(),
            channel_id=channel_id or self.channel.id,
            author_id=user.id,
            content=content,
        )
        message.seq = self._touch()
        self.messages[message.id] = message
        await self.dispatch("MESSAGE_CREATE", self.message_payload(message))
        return message
