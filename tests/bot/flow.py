"""Helpers for the simcord flow tests: find the board, open a seat's panel, press a move."""

from __future__ import annotations

import random
from typing import Any

import simcord

PNG = b"\x89PNG\r\n\x1a\n"


def flat(message: Any) -> list[dict[str, Any]]:
    """Every component of a message (rows opened up), as dicts."""
    found = []
    for row in message.components:
        data = row if isinstance(row, dict) else row.to_dict()
        found.extend(data.get("components", [data]))
    return found


def custom_ids(message: Any, prefix: str) -> list[str]:
    return [c["custom_id"] for c in flat(message) if c.get("custom_id", "").startswith(prefix)]


def latest_board(channel: Any) -> Any:
    """The newest message in the channel that carries a picture (a board)."""
    for message in reversed(list(channel.history())):
        if message.attachments:
            return message
    raise AssertionError("no board in the channel")


def latest_turn_message(channel: Any) -> Any:
    """The newest channel message with a "Your turn" button."""
    for message in reversed(list(channel.history())):
        if custom_ids(message, "sk:t:"):
            return message
    raise AssertionError("no message with a Your turn button")


async def open_panel(member: Any, channel: Any) -> simcord.InteractionResult:
    message = latest_turn_message(channel)
    result = await member.click(message, custom_id=custom_ids(message, "sk:t:")[0])
    assert result.ephemeral, "the panel is private"
    return result


async def press_in_panel(
    member: Any, panel: Any, rng: random.Random, legal: set[str] | None = None
) -> simcord.InteractionResult:
    """Press a random move of a panel (a button, or an option of a select)."""
    buttons = custom_ids(panel, "sk:p:")
    selects = [c for c in flat(panel) if c.get("custom_id", "").startswith("sk:q:")]
    if buttons:
        return await member.click(panel, custom_id=rng.choice(buttons))
    assert selects, f"the panel offers no move: {panel.content}"
    select = rng.choice(selects)
    value = rng.choice(select["options"])["value"]
    return await member.select(panel, [value], custom_id=select["custom_id"])
