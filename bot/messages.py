"""Turn the table's message payloads into Discord messages: text, picture, components."""

from __future__ import annotations

import asyncio
import io
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from typing import Any

import discord

import render
from bot import components

# Pictures are drawn off the event loop, two at a time (the machine has two cores).
_DRAWING = ThreadPoolExecutor(max_workers=2, thread_name_prefix="skald-render")
MAX_TEXT = 2000


@dataclass
class Outgoing:
    content: str
    files: list[discord.File]
    view: discord.ui.View | None
    mentions: discord.AllowedMentions


def draw(payload: dict[str, Any]) -> bytes | None:
    """The PNG a payload asks for (blocking; call it in a worker thread)."""
    kind = payload.get("image")
    if kind == "board":
        return render.board_png(payload["view"], names=payload["names"])
    if kind == "hand":
        return render.hand_png(payload["view"], names=payload["names"])
    return None


async def draw_async(payload: dict[str, Any]) -> bytes | None:
    if not payload.get("image"):
        return None
    return await asyncio.get_running_loop().run_in_executor(_DRAWING, draw, payload)


def _clip(text: str) -> str:
    return text if len(text) <= MAX_TEXT else text[: MAX_TEXT - 3] + "..."


async def build(payload: dict[str, Any], *, with_hand_button: bool = True) -> Outgoing:
    png = await draw_async(payload)
    files = []
    if png is not None:
        name = "hand.png" if payload.get("image") == "hand" else "board.png"
        files.append(discord.File(io.BytesIO(png), filename=name))
    view = components.for_payload(payload, with_hand_button=with_hand_button)
    users = [discord.Object(int(u)) for u in payload.get("mentions", []) if str(u).isdigit()]
    mentions = discord.AllowedMentions(everyone=False, roles=False, users=users)
    return Outgoing(_clip(payload.get("text", "")), files, view, mentions)
