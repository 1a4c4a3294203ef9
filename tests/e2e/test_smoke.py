"""Smoke tests of the real entry point, ``python -m bot``, run as a subprocess.

The bot talks to the fake Discord over real HTTP and a real WebSocket
(``DISCORD_FAKE_URL``). The checks rely on structure (attachments, components,
mentions, DMs), not on the wording of the bot's messages.
"""

from __future__ import annotations

import asyncio
import re
import subprocess
import sys
from collections.abc import AsyncIterator
from functools import partial
from pathlib import Path

import pytest

from tests.e2e.fake_discord import FLAG_LOADING, FakeDiscord, FakeUser, Message
from tests.e2e.process import ROOT, WAIT, Skald, bot_env

__all__ = ["ROOT", "WAIT", "Skald", "bot_env"]  # used by the other end-to-end tests

# The custom_id shapes of the bot's components (bot/adapter/components.py): the public "Your turn"
# button, and the buttons and selects of a seat's private panel.
TURN_BUTTON = re.compile(r"sk:t:\d+")
PANEL_BUTTON = re.compile(r"sk:p:\d+:\d+:.+")
PANEL_SELECT = re.compile(r"sk:q:\d+:\d+:\d+")


def test_without_a_token_it_stops_at_once_with_one_clear_message() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "bot"],
        cwd=ROOT,
        env=bot_env(DISCORD_TOKEN=""),  # set but empty: a .env file cannot fill it in
        capture_output=True,
        text=True,
        timeout=WAIT,
    )
    output = done.stdout + done.stderr
    assert done.returncode != 0, output  # and it stopped: no wait up to WAIT
    assert "Traceback" not in output
    assert output.count("DISCORD_TOKEN") == 1, output
    assert "python -m bot local" in output, output


@pytest.fixture
async def skald(fake: FakeDiscord, tmp_path: Path) -> AsyncIterator[Skald]:
    log = tmp_path / "bot.log"
    env = bot_env(
        DISCORD_TOKEN=fake.token,
        DISCORD_FAKE_URL=fake.url,
        SKALD_DB=str(tmp_path / "skald.db"),
        SKALD_TEST_GUILD=str(fake.guild_id),
    )
    with log.open("wb") as sink:
        process = await asyncio.create_subprocess_exec(
            sys.executable, "-m", "bot", cwd=ROOT, env=env, stdout=sink, stderr=subprocess.STDOUT
        )
    try:
        yield Skald(fake, process, log)
    finally:
        if process.returncode is None:
            process.terminate()
            try:
                await asyncio.wait_for(process.wait(), 5)
            except TimeoutError:
                process.kill()
                await process.wait()
        # Shown by pytest only when the test fails.
        print(f"--- bot output (exit {process.returncode}) ---\n{log.read_text(errors='replace')}")


def newest_board(fake: FakeDiscord, since: int, channel_id: int | None = None) -> Message | None:
    """The newest public message with a picture created after ``since``."""
    found = [
        m
        for m in fake.messages_in(channel_id or fake.channel.id)
        if m.seq > since and m.has_png and not m.ephemeral
    ]
    return found[-1] if found else None


def turn_button(message: Message) -> str | None:
    return next((b["custom_id"] for b in message.buttons() if TURN_BUTTON.fullmatch(b["custom_id"])), None)


async def press_a_move(skald: Skald, user: FakeUser, board: Message) -> Message:
    """Open the private panel from the board's "Your turn" button and press its first move;
    the updated panel."""
    fake = skald.fake
    custom_id = turn_button(board)
    assert custom_id, f"no Your turn button on {board.components}"
    opened = await fake.click(user, board, custom_id, timeout=WAIT)
    panel = await skald.answered(opened)
    assert panel.ephemeral, "the panel of moves is private"
    for select in panel.selects():
        if PANEL_SELECT.fullmatch(select["custom_id"]):
            ix = await fake.select(
                user, panel, select["custom_id"], [select["options"][0]["value"]], timeout=WAIT
            )
            return fake.messages[ix.original_message_id or panel.id]
    button = next(b for b in panel.buttons() if PANEL_BUTTON.fullmatch(b["custom_id"]))
    ix = await fake.click(user, panel, button["custom_id"], timeout=WAIT)
    return fake.messages[ix.original_message_id or panel.id]


async def test_a_game_of_knarr_starts_and_takes_a_move(skald: Skald) -> None:
    fake = skald.fake
    alice, bob = fake.alice, fake.bob
    players: dict[int, FakeUser] = {alice.id: alice, bob.id: bob}

    await skald.until(
        lambda: {"game", "move", "knarr"} <= set(fake.guild_commands.get(fake.guild_id, {})),
        "the bot to sync its commands",
    )
    await skald.until(lambda: any(s.identified for s in fake.sessions), "the bot on the gateway")
    game = fake.command("game")
    assert {"new", "join", "start"} <= {o["name"] for o in game["options"]}

    # /game new -> a private answer, and the lobby in the channel
    await skald.answered(await fake.slash(alice, "game", {"game": "knarr"}, subcommand="new", timeout=WAIT))
    await skald.answered(await fake.slash(bob, "game", subcommand="join", timeout=WAIT))

    # /game start -> a board: a PNG, a Your turn button, and a mention that notifies
    mark = fake.mark()
    start = await fake.slash(alice, "game", subcommand="start", timeout=WAIT)
    reply = await skald.answered(start)
    assert reply.ephemeral and not reply.has_png
    board = await skald.until(lambda: newest_board(fake, mark), "a board with a picture")
    png = next(a for a in board.attachments if a.is_png)
    assert png.data.startswith(b"\x89PNG\r\n\x1a\n") and len(png.data) > 100
    acting = [players[u] for u in board.mentions() if u in players]
    assert acting, f"the board mentions nobody who must act: {board.text()!r}"
    assert fake.pings_for(board.id) == [acting[0].id]
    assert not [b for b in board.buttons() if b["custom_id"].startswith(("sk:p:", "sk:a:"))]

    # Each player gets their hand by DM (a DM channel, then a message in it).
    for player in players.values():
        await skald.until(partial(fake.dms_to, player), f"a DM to {player.name}")
    for player in players.values():
        assert any(m.has_png or m.content for m in fake.dms_to(player))

    # /move offers the acting player's legal actions as they type (autocomplete).
    choices = await fake.autocomplete(acting[0], "move", {"action": ""}, "action", timeout=WAIT)
    assert choices and all(isinstance(c["value"], str) and c["name"] for c in choices)

    # The player to act presses a move in their panel; a full action brings a new board.
    mark = fake.mark()
    for _ in range(4):
        panel = await press_a_move(skald, acting[0], board)
        assert panel.ephemeral
        if not [b for b in panel.buttons() if PANEL_BUTTON.fullmatch(b["custom_id"])] and not panel.selects():
            break  # the action is complete: the turn passed
    fresh = await skald.until(lambda: newest_board(fake, mark), "a new board after a whole action")
    assert fresh.id != board.id
    assert fake.pings_for(fresh.id) == [u for u in fresh.mentions() if u in players]

    assert not [ix for ix in fake.interactions.values() if not ix.acknowledged.is_set()]
    assert not [m for m in fake.messages.values() if m.flags & FLAG_LOADING], "a thinking placeholder"
    assert "Traceback" not in skald.log.read_text(errors="replace")
