"""Views are sent, not kept: discord.py keeps a view sent in a private answer for 15
minutes (a timer task and every item), and one with plain items for ever. Skald's views
hold only dynamic items, dispatched by the patterns registered at start-up, so none is
left for discord.py to keep, and a panel still plays when pressed long after it was sent.
"""

from __future__ import annotations

import asyncio
import random
from typing import Any

import pytest
import simcord

from bot.table import Table
from tests.bot.flow import custom_ids, open_panel, press_in_panel
from tests.bot.test_discord_flow import World


@pytest.fixture
def world(simcord_env: simcord.Env, table: Table) -> World:
    return World(simcord_env, table)


def waiting_views() -> list[Any]:
    """The views discord.py keeps until they time out (each one's timer task, asleep)."""
    found = []
    for task in asyncio.all_tasks():
        coro: Any = task.get_coro()
        if "__timeout_task_impl" in getattr(coro, "__qualname__", ""):
            found.append(coro.cr_frame.f_locals["self"])
    return found


async def test_a_panel_pressed_after_discord_py_would_have_timed_it_out_still_plays(world: World) -> None:
    await world.start()
    member, _ = await world.acting()
    panel = await open_panel(member, world.channel)
    assert custom_ids(panel.response, "sk:p:") or custom_ids(panel.response, "sk:q:")
    await world.env.advance_time(16 * 60)  # past discord.py's 15 minutes for a private view
    before = await world.version()
    pressed = await press_in_panel(member, panel.response, random.Random(1))
    assert pressed.response is not None and "Done" in pressed.response.content
    assert await world.version() == before + 1


async def test_no_view_is_kept_after_panels_and_boards_are_sent(world: World) -> None:
    await world.start()
    for step in range(4):
        member, _ = await world.acting()
        panel = await open_panel(member, world.channel)
        await press_in_panel(member, panel.response, random.Random(step))
    assert waiting_views() == []
