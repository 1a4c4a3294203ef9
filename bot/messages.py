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
from render import final
from render.replay import replay_gif

# Pictures are drawn off the event loop, two at a time (the machine has two cores).
_DRAWING = ThreadPoolExecutor(max_workers=2, thread_name_prefix="skald-render")
# A replay takes seconds: it has its own worker, so boards never wait behind one.
_REPLAYS = ThreadPoolExecutor(max_workers=1, thread_name_prefix="skald-replay")
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
    if payload.get("view", {}).get("game") not in render.supported():
        return None  # a game without pictures yet: its messages are text
    if kind == "board":
        return render.board_png(payload["view"], names=payload["names"])
    if kind == "hand":
        return render.hand_png(payload["view"], names=payload["names"])
    if kind == "final":
        return final.final_png(payload["view"], payload.get("parts"), names=payload["names"])
    return None


def replay(payload: dict[str, Any]) -> bytes | None:
    """The animated replay a payload asks for (blocking: seconds for a long game)."""
    export = payload.get("replay")
    if not export or export.get("game") not in render.supported():
        return None
    return replay_gif(export)


async def draw_async(payload: dict[str, Any]) -> bytes | None:
    if not payload.get("image"):
        return None
    return await asyncio.get_running_loop().run_in_executor(_DRAWING, draw, payload)


async def replay_async(payload: dict[str, Any]) -> bytes | None:
    return await asyncio.get_running_loop().run_in_executor(_REPLAYS, replay, payload)


def clip(text: str) -> str:
    """Discord refuses a message over 2,000 characters: cut it to fit."""
    return text if len(text) <= MAX_TEXT else text[: MAX_TEXT - 1] + "…"


def filename(payload: dict[str, Any], tag: str = "") -> str:
    kind = {"hand": "hand", "final": "final"}.get(str(payload.get("image")), "board")
    return f"{kind}{'-' + tag if tag else ''}.png"


def mentions(payload: dict[str, Any]) -> discord.AllowedMentions:
    """Ping exactly the users the payload names, nobody else (no roles, no @everyone)."""
    users = [discord.Object(int(u)) for u in payload.get("mentions", []) if str(u).isdigit()]
    return discord.AllowedMentions(everyone=False, roles=False, users=users, replied_user=False)


def public_parts(
    payload: dict[str, Any], *, with_hand_button: bool = True
) -> tuple[str, list[dict[str, Any]]]:
    """What a channel message shows besides its picture: text and components as sent."""
    view = components.public_view(payload, with_hand_button=with_hand_button)
    return clip(payload.get("text", "")), view.to_components() if view else []


async def build(payload: dict[str, Any], *, with_hand_button: bool = True, tag: str = "") -> Outgoing:
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
