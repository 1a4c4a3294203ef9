"""The fake Discord's records: users, channels, messages, interactions, requests, and the
constants and small helpers they share (see ``fake_discord``)."""

from __future__ import annotations

import asyncio
import json
import re
import time
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

from aiohttp import web

API = "/api/v10"
DISCORD_EPOCH_MS = 1420070400000
ATTACHMENT_SIZE_LIMIT = 10 * 1024 * 1024
ALL_PERMISSIONS = str((1 << 50) - 1)  # a member's own permissions in interactions
PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"

# Gateway opcodes and the intents that gate the events the fake dispatches.
OP_DISPATCH, OP_HEARTBEAT, OP_IDENTIFY, OP_RESUME = 0, 1, 2, 6
OP_REQUEST_MEMBERS, OP_HELLO, OP_HEARTBEAT_ACK = 8, 10, 11
INTENT_GUILDS = 1 << 0
INTENT_GUILD_MESSAGES = 1 << 9
INTENT_DM_MESSAGES = 1 << 12

# Interaction and callback types.
PING, APPLICATION_COMMAND, MESSAGE_COMPONENT, AUTOCOMPLETE = 1, 2, 3, 4
CHANNEL_MESSAGE, DEFERRED_CHANNEL_MESSAGE, DEFERRED_UPDATE, UPDATE_MESSAGE = 4, 5, 6, 7
AUTOCOMPLETE_RESULT, MODAL = 8, 9
FLAG_EPHEMERAL, FLAG_LOADING = 64, 128
FLAG_SUPPRESS_EMBEDS, FLAG_SUPPRESS_NOTIFICATIONS, FLAG_VOICE, FLAG_COMPONENTS_V2 = 4, 4096, 8192, 32768
# The only flags a new channel message may set; Discord drops any other (EPHEMERAL means
# something only on an interaction's answer or follow-up).
POST_FLAGS = FLAG_SUPPRESS_EMBEDS | FLAG_SUPPRESS_NOTIFICATIONS | FLAG_VOICE | FLAG_COMPONENTS_V2
ANSWER_FLAGS = POST_FLAGS | FLAG_EPHEMERAL

# Permission bits (Discord's numbering).
ADMINISTRATOR = 1 << 3
MANAGE_CHANNELS = 1 << 4
EMBED_LINKS = 1 << 14
VIEW_CHANNEL = 1 << 10
SEND_MESSAGES = 1 << 11
ATTACH_FILES = 1 << 15
READ_MESSAGE_HISTORY = 1 << 16
MENTION_EVERYONE = 1 << 17
MANAGE_THREADS = 1 << 34
SEND_MESSAGES_IN_THREADS = 1 << 38
EVERYONE_PERMISSIONS = ((1 << 50) - 1) & ~ADMINISTRATOR  # administrators ignore overwrites
PERMISSION_NAMES = {
    VIEW_CHANNEL: "View Channel",
    SEND_MESSAGES: "Send Messages",
    SEND_MESSAGES_IN_THREADS: "Send Messages in Threads",
    ATTACH_FILES: "Attach Files",
    EMBED_LINKS: "Embed Links",
    READ_MESSAGE_HISTORY: "Read Message History",
}

PUBLIC_THREAD = 11
WEEK_MINUTES = 7 * 24 * 60

Json = dict[str, Any]
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
        """Users mentioned in the content: the only place a mention counts (one in an
        embed is shown but neither listed nor notified)."""
        return [int(m) for m in MENTION.findall(self.content)]


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
    created: float = 0.0  # the fake's clock when it was sent to the bot

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
    # What the bot may not do here: a member overwrite for the bot (a thread follows its
    # parent's). The fake refuses the bot's calls as Discord does (403, 50001 or 50013).
    denied: int = 0
    bot_id: int = 0
    # Threads: their parent channel, and Discord's archiving after a quiet while.
    parent: Channel | None = None
    archived: bool = False
    locked: bool = False
    auto_archive_minutes: int = WEEK_MINUTES
    last_activity: float = 0.0  # the fake's clock at the last message in it

    @property
    def is_thread(self) -> bool:
        return self.parent is not None

    def bot_permissions(self) -> int:
        denied = self.parent.denied if self.parent is not None else self.denied
        return EVERYONE_PERMISSIONS & ~denied

    def payload(self) -> Json:
        if self.recipient is not None:
            return {
                "id": str(self.id),
                "type": 1,
                "recipients": [self.recipient.payload()],
                "last_message_id": None,
            }
        if self.parent is not None:
            return {
                "id": str(self.id),
                "type": PUBLIC_THREAD,
                "guild_id": str(self.guild_id),
                "parent_id": str(self.parent.id),
                "owner_id": str(self.bot_id),
                "name": self.name,
                "last_message_id": None,
                "rate_limit_per_user": 0,
                "message_count": 0,
                "member_count": 1,
                "flags": 0,
                "thread_metadata": {
                    "archived": self.archived,
                    "auto_archive_duration": self.auto_archive_minutes,
                    "archive_timestamp": iso(self.last_activity or time.time()),
                    "locked": self.locked,
                },
            }
        overwrites = []
        if self.denied:
            overwrites.append({"id": str(self.bot_id), "type": 1, "allow": "0", "deny": str(self.denied)})
        return {
            "id": str(self.id),
            "type": 0,
            "guild_id": str(self.guild_id),
            "name": self.name,
            "position": 0,
            "permission_overwrites": overwrites,
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
