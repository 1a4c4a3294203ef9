"""The real ``python -m bot`` as a subprocess talking to the fake Discord, for the
end-to-end tests and the scripts that play whole games through it."""

from __future__ import annotations

import asyncio
import json
import os
import signal
import sqlite3
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

from tests.e2e.fake_discord import FLAG_LOADING, FakeDiscord, Interaction, Message
from tests.e2e.fake_records import Channel

ROOT = Path(__file__).resolve().parents[2]
WAIT = 20.0  # every wait is bounded
T = TypeVar("T")


def bot_env(**settings: str) -> dict[str, str]:
    """This process's environment without any Discord or Skald settings, plus ``settings``."""
    env = {k: v for k, v in os.environ.items() if not k.startswith(("DISCORD_", "SKALD_"))}
    env.update(PYTHONUNBUFFERED="1", PYTHONDONTWRITEBYTECODE="1", **settings)
    return env


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


class Bot:
    """The bot process, which a test may kill and start again on the same database."""

    def __init__(self, fake: FakeDiscord, tmp_path: Path) -> None:
        self.fake = fake
        self.db = tmp_path / "skald.db"
        self.log = tmp_path / "bot.log"
        self.skald: Skald | None = None

    async def start(self) -> Skald:
        env = bot_env(
            DISCORD_TOKEN=self.fake.token,
            DISCORD_FAKE_URL=self.fake.url,
            SKALD_DB=str(self.db),
            SKALD_TEST_GUILD=str(self.fake.guild_id),
        )
        sink = self.log.open("ab")
        process = await asyncio.create_subprocess_exec(
            sys.executable, "-m", "bot", cwd=ROOT, env=env, stdout=sink, stderr=subprocess.STDOUT
        )
        sink.close()
        sessions = len(self.fake.sessions)
        self.skald = Skald(self.fake, process, self.log)
        await self.skald.until(
            lambda: any(s.identified for s in self.fake.sessions[sessions:]), "the bot on the gateway"
        )
        return self.skald

    def kill(self) -> None:
        assert self.skald is not None
        with_pid = self.skald.process.pid
        os.kill(with_pid, signal.SIGKILL)

    async def stopped(self) -> None:
        assert self.skald is not None
        await asyncio.wait_for(self.skald.process.wait(), WAIT)

    async def close(self) -> None:
        if self.skald and self.skald.process.returncode is None:
            self.skald.process.terminate()
            try:
                await asyncio.wait_for(self.skald.process.wait(), 5)
            except TimeoutError:
                self.skald.process.kill()
                await self.skald.process.wait()
        print(f"--- bot output ---\n{self.log.read_text(errors='replace')}")

    # --- the database, read as a test would ---------------------------------------------

    def query(self, sql: str, *args: Any) -> list[tuple[Any, ...]]:
        with sqlite3.connect(self.db) as db:
            return list(db.execute(sql, args))

    def game(self, channel: Channel) -> tuple[int, dict[str, Any], list[str]]:
        gid, state = self.query(
            "SELECT id, state FROM games WHERE channel_id = ? ORDER BY id DESC LIMIT 1", str(channel.id)
        )[0]
        users = [
            r[0] for r in self.query("SELECT user_id FROM seats WHERE game_id = ? ORDER BY position", gid)
        ]
        return gid, json.loads(state), users

    def unsent(self) -> int:
        return self.query("SELECT COUNT(*) FROM outbox WHERE sent_at IS NULL AND failed IS NULL")[0][0]
