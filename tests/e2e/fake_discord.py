"""A fake Discord on 127.0.0.1, as strict as Discord, for wire-level tests.

One aiohttp app serves the gateway WebSocket at ``/`` and the REST API under
``/api/v10``. The bot under test is an unmodified discord.py client pointed at it
(``Route.BASE`` and ``DiscordWebSocket.DEFAULT_GATEWAY``). The fake keeps one guild
with one text channel, a few members, the synced commands, and a store of every
message the bot created, so a test can act as a user (``slash``, ``click``,
``select``; ``fake_acting``) and then look at what came back.

It refuses what Discord refuses (``tests.discord_api``): every request body is checked
against its route's schema in Discord's published API description and against the
limits Discord documents, and refused with Discord's status, code and error tree; each
refusal is kept in ``refusals``, and the ``fake`` fixture fails a test that left one it
did not expect. It answers 10062 to an interaction answered after 3 seconds and 50027 to
a follow-up after its token's 15 minutes, 403 (50001, 50013) where the bot lacks a
channel permission, archives threads left quiet for their auto-archive time, and decides
who a message notifies as Discord does (``tests.discord_api.notify``).

Payload shapes follow what discord.py 2.7.1 parses; the comments name the pitfalls
(see ``shared/research/discord-testing.md``). The fake never answers 5xx: discord.py
retries those slowly, so a handler error becomes a 400 and lands in ``errors``.
"""

from __future__ import annotations

import asyncio
import itertools
import json
import re
import socket
import time
import traceback
from collections.abc import Awaitable, Callable
from typing import Any

from aiohttp import WSMsgType, web

from tests.discord_api import Refusal, refusal
from tests.discord_api.notify import Audience, notified
from tests.e2e.fake_acting import Acting
from tests.e2e.fake_limits import RateLimits
from tests.e2e.fake_records import (
    ANSWER_FLAGS,
    API,
    APPLICATION_COMMAND,
    ATTACH_FILES,
    AUTOCOMPLETE,
    AUTOCOMPLETE_RESULT,
    CHANNEL_MESSAGE,
    DEFERRED_CHANNEL_MESSAGE,
    DEFERRED_UPDATE,
    DISCORD_EPOCH_MS,
    EMBED_LINKS,
    EVERYONE_PERMISSIONS,
    FLAG_EPHEMERAL,
    FLAG_LOADING,
    INTENT_DM_MESSAGES,
    INTENT_GUILD_MESSAGES,
    INTENT_GUILDS,
    MANAGE_THREADS,
    MENTION_EVERYONE,
    MESSAGE_COMPONENT,
    MODAL,
    OP_HEARTBEAT,
    OP_HEARTBEAT_ACK,
    OP_HELLO,
    OP_IDENTIFY,
    OP_REQUEST_MEMBERS,
    OP_RESUME,
    PERMISSION_NAMES,
    PNG_SIGNATURE,
    POST_FLAGS,
    READ_MESSAGE_HISTORY,
    RECORD,
    SEND_MESSAGES,
    SEND_MESSAGES_IN_THREADS,
    UPDATE_MESSAGE,
    VIEW_CHANNEL,
    WEEK_MINUTES,
    Attachment,
    Channel,
    FakeError,
    FakeUser,
    GatewaySession,
    Interaction,
    Json,
    Message,
    RecordedRequest,
    UploadedFile,
    iso,
    json_response,
    png_size,
    walk_components,
)

__all__ = [
    "FLAG_EPHEMERAL",
    "FLAG_LOADING",
    "PNG_SIGNATURE",
    "Attachment",
    "Channel",
    "FakeDiscord",
    "FakeError",
    "FakeUser",
    "Interaction",
    "Message",
    "RecordedRequest",
    "UploadedFile",
    "walk_components",
]

ANSWER_SECONDS = 3.0  # an interaction must be acknowledged within 3 s (else 10062)
TOKEN_SECONDS = 15 * 60  # its token then serves follow-ups and edits for 15 minutes (else 50027)


# --- the fake ------------------------------------------------------------------------


class FakeDiscord(Acting):
    """The fake server; ``Acting`` adds the test-side helpers that act as users."""

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
        self.channel = Channel(
            self.snowflake(), "game-table", guild_id=self.guild_id, bot_id=self.bot_user.id
        )
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
        # Requests Discord would refuse (schema, limits, empty messages), as "route: why";
        # the fixture fails a test that leaves any (take_refusals() to expect them)
        self.refusals: list[str] = []
        self.offset = 0.0  # seconds the fake's clock is ahead of the real one (advance())
        # Roles beyond @everyone: role id -> member ids, and those anyone may mention
        self.roles: dict[int, list[int]] = {}
        self.mentionable_roles: set[int] = set()
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

        # Cleared, every REST request waits unanswered until it is set again: a Discord slow
        # to answer (a test shows what goes on meanwhile, without timing anything)
        self.answering = asyncio.Event()
        self.answering.set()
        self.asked = self.answered = 0  # REST requests come, and answered, so far

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

    def add_channel(self, name: str, *, denied: int = 0) -> Channel:
        """A text channel where the bot lacks the permissions ``denied`` (bits)."""
        channel = Channel(
            self.snowflake(), name, guild_id=self.guild_id, denied=denied, bot_id=self.bot_user.id
        )
        self.channels[channel.id] = channel
        return channel

    def set_denied(self, channel: Channel, denied: int) -> None:
        """A moderator changes what the bot may not do in ``channel`` (CHANNEL_UPDATE)."""
        channel.denied = denied
        self._broadcast("CHANNEL_UPDATE", channel.payload(), INTENT_GUILDS)

    def add_thread(self, name: str, *, parent: Channel | None = None, minutes: int = WEEK_MINUTES) -> Channel:
        """A public thread (in ``parent``, default the game table) that Discord archives
        after ``minutes`` without a message."""
        parent = parent or self.channel
        thread = Channel(
            self.snowflake(),
            name,
            guild_id=self.guild_id,
            bot_id=self.bot_user.id,
            parent=parent,
            auto_archive_minutes=minutes,
            last_activity=self.now(),
        )
        self.channels[thread.id] = thread
        if any(session.identified for session in self.sessions):
            self._broadcast("THREAD_CREATE", {**thread.payload(), "newly_created": True}, INTENT_GUILDS)
        return thread

    # --- the clock, refusals and threads -------------------------------------------------

    def now(self) -> float:
        """The fake's clock: real time, moved on by ``advance``."""
        return time.time() + self.offset

    def advance(self, seconds: float) -> None:
        """Time passes for Discord (interaction deadlines, token lifetimes, archiving)."""
        self.offset += seconds

    def take_refusals(self) -> list[str]:
        """The refusals so far, forgotten: for a test that meant to send what Discord refuses."""
        taken, self.refusals = self.refusals, []
        return taken

    def archive_idle(self) -> list[Channel]:
        """Archive every thread quiet for its auto-archive time, telling the gateway."""
        archived = []
        for channel in self.channels.values():
            idle = self.now() - channel.last_activity >= channel.auto_archive_minutes * 60
            if channel.is_thread and not channel.archived and idle:
                channel.archived = True
                archived.append(channel)
                self._broadcast("THREAD_UPDATE", channel.payload(), INTENT_GUILDS)
        return archived

    def _require(self, channel: Channel, need: int) -> None:
        """Refuse as Discord does when the bot lacks a permission here: 50001 without
        View Channel, 50013 for any other."""
        if channel.guild_id is None:
            return
        have = channel.bot_permissions()
        if not have & VIEW_CHANNEL:
            raise FakeError(403, "Missing Access", 50001)
        missing = need & ~have
        if missing:
            names = ", ".join(name for bit, name in PERMISSION_NAMES.items() if missing & bit)
            raise FakeError(403, f"Missing Permissions ({names})", 50013)

    def _post_to(self, channel: Channel) -> None:
        """A new message in a thread: an archived one is unarchived if it is not locked (or
        the bot may manage threads); a locked one refuses (50083)."""
        self.archive_idle()
        if not channel.is_thread:
            return
        if channel.archived:
            if channel.locked and not channel.bot_permissions() & MANAGE_THREADS:
                raise FakeError(400, "Thread is archived", 50083)
            channel.archived = False
            self._broadcast("THREAD_UPDATE", channel.payload(), INTENT_GUILDS)
        channel.last_activity = self.now()

    def audience(self) -> Audience:
        members = [u.id for u in self.users.values()]
        return Audience(
            members=members,
            roles={self.guild_id: members, **self.roles},
            mentionable=set(self.mentionable_roles),
            sender=self.bot_user.id,
            may_mention_everyone=bool(self.channel.bot_permissions() & MENTION_EVERYONE),
        )

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
                    "permissions": str(EVERYONE_PERMISSIONS),
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
            "channels": [
                c.payload() for c in self.channels.values() if c.guild_id is not None and not c.is_thread
            ],
            "threads": [c.payload() for c in self.channels.values() if c.is_thread and not c.archived],
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
        self.asked += 1
        await self.answering.wait()
        try:
            record = await self._record(request)
        except ValueError as error:  # a body that is not JSON, or a broken multipart
            self.errors.append(f"{request.method} {request.path}: unreadable body: {error!r}")
            self.answered += 1
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
            elif (refused := self._refused(record)) is not None:
                self.refusals.append(str(refused))
                response = json_response(refused.body(), refused.status)
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
        self.answered += 1
        self._touch()
        return response

    @staticmethod
    def _refused(record: RecordedRequest) -> Refusal | None:
        """What Discord would refuse in this request's body or files (tests.discord_api)."""
        return refusal(record.method, record.path, record.json, [len(f.data) for f in record.files])

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
        if ix.response_type is None and self.now() - ix.created > ANSWER_SECONDS:
            raise FakeError(404, "Unknown interaction", 10062)  # too late: the user saw it fail
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
            message = self._create_message(ix.channel_id, {"flags": flags}, [], interaction=ix, loading=True)
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
        if self.now() - ix.created > TOKEN_SECONDS:
            raise FakeError(401, "Invalid Webhook Token", 50027)
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
        self._require(channel, READ_MESSAGE_HISTORY)
        limit = int(request.query.get("limit", "50"))
        found = [m for m in self.messages_in(channel.id) if not m.ephemeral]
        return json_response([self.message_payload(m) for m in reversed(found[-limit:])])

    async def _send_message(self, request: web.Request) -> web.Response:
        channel = self._channel(request.match_info["channel"])
        if channel.recipient is not None and channel.recipient.dms_closed:
            raise FakeError(403, "Cannot send messages to this user", 50007)
        record: RecordedRequest = request[RECORD]
        body = record.json or {}
        need = SEND_MESSAGES_IN_THREADS if channel.is_thread else SEND_MESSAGES
        need |= ATTACH_FILES if record.files else 0
        need |= EMBED_LINKS if body.get("embeds") else 0
        self._require(channel, need)
        self._post_to(channel)
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
        self._require(channel, 0)
        self.archive_idle()
        if channel.archived and request.method != "GET":
            raise FakeError(400, "Thread is archived", 50083)
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
        loading: bool = False,
    ) -> Message:
        message = Message(
            id=self.snowflake(),
            channel_id=channel_id,
            author_id=(author or self.bot_user).id,
            content=body.get("content") or "",
            attachments=self._attachments(body, files, []),
            components=body.get("components") or [],
            embeds=body.get("embeds") or [],
            # A channel post may set only a few flags (not EPHEMERAL); Discord drops the others.
            flags=(body.get("flags") or 0) & (ANSWER_FLAGS if interaction else POST_FLAGS)
            | (FLAG_LOADING if loading else 0),
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
        """Record whom a new message notifies, as Discord decides it (discord_api.notify)."""
        channel = self.channels.get(message.channel_id)
        if channel is None or channel.guild_id is None or message.flags & FLAG_LOADING:
            return
        reference = body.get("message_reference") or {}
        replied = self.messages.get(int(reference.get("message_id") or 0))
        for user in notified(
            message.content,
            flags=message.flags,
            allowed=body.get("allowed_mentions"),
            audience=self.audience(),
            replied_to=replied.author_id if replied else None,
        ):
            self.pings.append((user, message.id))

    def _edit_message(self, message: Message, body: Json, files: list[UploadedFile]) -> None:
        if "content" in body:
            message.content = body["content"] or ""
        if "components" in body:
            message.components = body["components"] or []
        if "embeds" in body:
            message.embeds = body["embeds"] or []
        if "flags" in body:
            kept = message.flags & FLAG_EPHEMERAL  # an edit cannot make a message ephemeral or not
            message.flags = ((body["flags"] or 0) & POST_FLAGS) | kept
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
        self._broadcast(event, self.message_payload(message), intent)

    def _broadcast(self, event: str, payload: Json, intent: int) -> None:
        """Send an event to every identified session with ``intent``, without waiting."""
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
