"""Turn the table's message payloads into Discord messages: text, picture, components."""

from __future__ import annotations

import io
from dataclasses import dataclass
from typing import Any

import discord

from bot.adapter import components, pictures
from bot.store.payloads import Payload

MAX_TEXT = 2000

# Pictures are drawn in drawing processes (bot.adapter.pictures); these names stay for the
# callers that draw outside delivery (the controller's answers, the sandbox).
draw_async = pictures.draw_async
replay_async = pictures.replay_async


@dataclass
class Outgoing:
    content: str
    files: list[discord.File]
    view: discord.ui.View | None
    mentions: discord.AllowedMentions


def clip(text: str) -> str:
    """Discord refuses a message over 2,000 characters: cut it to fit."""
    return text if len(text) <= MAX_TEXT else text[: MAX_TEXT - 1] + "…"


def around(head: str, middle: list[str], tail: str) -> str:
    """``head``, the ``middle`` lines, then ``tail``, in one message: when too long, the
    oldest middle lines give way first."""
    while middle and len("\n".join([head, *middle, tail])) > MAX_TEXT:
        middle = middle[1:]
    return clip("\n".join([head, *middle, tail]))


def filename(payload: Payload, tag: str = "") -> str:
    kind = {"hand": "hand", "final": "final"}.get(str(payload.get("image")), "board")
    return f"{kind}{'-' + tag if tag else ''}.png"


def mentions(payload: Payload) -> discord.AllowedMentions:
    """Ping exactly the users the payload names, nobody else (no roles, no @everyone)."""
    users = [discord.Object(int(u)) for u in payload.get("mentions", []) if str(u).isdigit()]
    return discord.AllowedMentions(everyone=False, roles=False, users=users, replied_user=False)


def public_parts(payload: Payload) -> tuple[str, list[dict[str, Any]]]:
    """What a channel message shows besides its picture: text and components as sent."""
    view = components.public_view(payload)
    return clip(payload.get("text", "")), view.to_components() if view else []


async def build(payload: Payload, *, with_hand_button: bool = True, tag: str = "") -> Outgoing:
    png = await draw_async(payload)
    files = []
    if png is not None:
        files.append(discord.File(io.BytesIO(png), filename=filename(payload, tag)))
    if payload.get("replay"):
        gif = await replay_async(payload)
        if gif is not None:
            files.append(discord.File(io.BytesIO(gif), filename=f"replay{'-' + tag if tag else ''}.gif"))
    view = components.public_view(payload, with_hand_button=with_hand_button)
    return Outgoing(clip(payload.get("text", "")), files, view, mentions(payload))
