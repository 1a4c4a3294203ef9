"""Smoke tests of the real entry point, ``python -m bot``, run as a subprocess.

The bot talks to the fake Discord over real HTTP and a real WebSocket
(``DISCORD_FAKE_URL``). The checks rely on structure (attachments, components,
mentions, DMs), not on the wording of the bot's messages.
"""

from __future__ import annotations

import asyncio
import os
import re
import subprocess
import sys
import time
from collections.abc import AsyncIterator, Callable
from functools import partial
from pathlib import Path
from typing import TypeVar

import pytest

from tests.e2e.fake_discord import FLAG_LOADING, FakeDiscord, FakeUser, Interaction, Message

ROOT = Path(__file__).resolve().parents[2]
WAIT = 20.0  # every wait is bounded
T = TypeVar("T")

# The custom_id shapes of the bot's action components (bot/components.py): a move button,
# a move select. Other buttons on a board (e.g. "My hand") do not change the board.
ACTION_BUTTON = re.compile(r"sk:a:\d+:\d+:.+")
ACTION_SELECT = re.compile(r"sk:s:\d+:\d+:\d+")


def bot_env(**settings: str) -> dict[str, str]:
    """This process's environment without any Discord or Skald settings, plus ``settings``."""
    env = {k: v for k, v in os.environ.items() if not k.startswith(("DISCORD_", "SKALD_"))}
    env.update(PYTHONUNBUFFERED="1", PYTHONDONTWRITEBYTECODE="1", **settings)
    return env


def test_without_a_token_it_stops_at_once_with_one_clear_message() -> None:
    started = time.monotonic()
    done = subprocess.run(
        [sys.executable, "-m", "bot"],
        cwd=ROOT,
        env=bot_env(DISCORD_TOKEN=""),  # set but empty: a .env file cannot fill it in
        capture_output=True,
        text=True,
        timeout=WAIT,
    )
    output = done.stdout + done.stderr
    assert done.returncode != 0, output
    assert time.monotonic() - started < 10
    assert "Traceback" not in output
    assert output.count("DISCORD_TOKEN") == 1, output
    assert "python -m bot local" in output, output


class Skald:
    """The bot process and the fake it talks to."""

    def __init__(self, fake: FakeDiscord, process: asyncio.subprocess.Process, log: Path) -> None:
        self.fake, self.process, self.log = fake, process, log

    async def until(self, predicate: Callable[[], T | None], what: str) -> T:
        """Wait for ``predicate``; fail at once if the bot process died."""

        def check() -> T | None:
            if self.process.returncode is not None:
                raise AssertionError(f"the bot exited with {self.process.returncode} while waiting")
            return predicate()

        return await self.fake.wait_for(check, WAIT, what=what)

    async def answered(self, ix: Interaction) -> Message:
        """The interaction's reply once it is complete (a thinking defer filled in)."""

        def reply() -> Message | None:
            message = self.fake.messages.get(ix.original_message_id or 0)
            return message if message and not message.flags & FLAG_LOADING else None

        return await self.until(reply, f"a reply to interaction {ix.data.get('name')}")


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


def action_to_take(board: Message) -> tuple[str, str, list[str]]:
    """A move on the board: ("select", custom_id, [value]) or ("button", custom_id, [])."""
    for select in board.selects():
        if ACTION_SELECT.fullmatch(select.get("custom_id", "")) and select.get("options"):
            return "select", select["custom_id"], [select["options"][0]["value"]]
    for button in board.buttons():
        if ACTION_BUTTON.fullmatch(button.get("custom_id", "")) and not button.get("disabled"):
            return "button", button["custom_id"], []
    raise AssertionError(f"no action on the board: {board.components}")


async def press(
    fake: FakeDiscord, user: FakeUser, board: Message, kind: str, custom_id: str, values: list[str]
) -> Interaction:
    if kind == "select":
        return await fake.select(user, board, custom_id, values, timeout=WAIT)
    return await fake.click(user, board, custom_id, timeout=WAIT)


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

    # /game new -> a reply in the channel
    ix = await fake.slash(alice, "game", {"game": "knarr"}, subcommand="new", timeout=WAIT)
    await skald.answered(ix)

    await skald.answered(await fake.slash(bob, "game", subcommand="join", timeout=WAIT))

    # /game start -> a board: a PNG, components, and a mention of whoever must act
    mark = fake.mark()
    start = await fake.slash(alice, "game", subcommand="start", timeout=WAIT)
    reply = await skald.answered(start)
    assert reply.has_png or not reply.ephemeral, f"/game start was refused: {reply.text()!r}"
    board = await skald.until(
        lambda: next(
            (
                m
                for m in fake.messages_in(fake.channel.id)
                if m.seq > mark and m.has_png and m.components and not m.ephemeral
            ),
            None,
        ),
        "a board with a picture and components",
    )
    png = next(a for a in board.attachments if a.is_png)
    assert png.data.startswith(b"\x89PNG\r\n\x1a\n") and len(png.data) > 100
    acting = [players[u] for u in board.mentions() if u in players]
    assert acting, f"the board mentions nobody who must act: {board.text()!r}"

    # Each player gets their hand by DM (a DM channel, then a message in it).
    for player in players.values():
        await skald.until(partial(fake.dms_to, player), f"a DM to {player.name}")
    opened = {r.json["recipient_id"] for r in fake.requests_to("POST", "/users/@me/channels")}
    assert {str(alice.id), str(bob.id)} <= {str(r) for r in opened}
    for player in players.values():
        assert any(m.has_png or m.content for m in fake.dms_to(player))

    # /move offers the acting player's legal actions as they type (autocomplete).
    choices = await fake.autocomplete(acting[0], "move", {"action": ""}, "action", timeout=WAIT)
    assert choices and all(isinstance(c["value"], str) and c["name"] for c in choices)

    # The player to act makes a move -> the board is updated (a new picture or an edit).
    kind, custom_id, values = action_to_take(board)
    old_picture = [a.data for a in board.attachments]
    mark = fake.mark()
    move = await press(fake, acting[0], board, kind, custom_id, values)
    assert move.response_type in (4, 5, 6, 7)
    updated = await skald.until(
        lambda: next(
            (
                m
                for m in fake.messages_in(fake.channel.id)
                if m.seq > mark
                and m.has_png
                and not m.ephemeral
                and (m.id != board.id or [a.data for a in m.attachments] != old_picture)
            ),
            None,
        ),
        "an updated board (a new picture, or the board edited with a new one)",
    )
    assert updated.has_png

    # A press on the old board changes nothing: its control is gone, or the press is refused.
    stale = fake.messages[board.id]
    if stale.component(custom_id) is not None:
        before = set(fake.messages)
        reply = await skald.answered(await press(fake, acting[0], stale, kind, custom_id, values))
        assert reply.ephemeral and not reply.has_png
        assert not [m for m in fake.messages_in(fake.channel.id) if m.id not in before and m.has_png]

    assert not [ix for ix in fake.interactions.values() if not ix.acknowledged.is_set()]
    assert "Traceback" not in skald.log.read_text(errors="replace")
