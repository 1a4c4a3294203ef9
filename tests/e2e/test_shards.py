"""Two real bot processes (``python -m bot``), each serving one of two shards, on one
PostgreSQL database, against the fake Discord: games in several channels played through
both at once; no move lost, no board, hand or reminder sent twice."""

from __future__ import annotations

import asyncio
import json
import random
import subprocess
import sys
from collections import Counter
from pathlib import Path
from typing import Any

import asyncpg

import games
from tests.e2e.fake_discord import Channel, FakeDiscord
from tests.e2e.process import ROOT, WAIT, Skald, bot_env

MODULE = games.get("knarr")
SHARDS = 2


class Pair:
    """The two processes; each channel's interactions reach the one serving its shard."""

    def __init__(self, fake: FakeDiscord, database: str, folder: Path) -> None:
        self.fake, self.database, self.folder = fake, database, folder
        self.bots: list[Skald] = []

    async def start(self) -> None:
        before = len(self.fake.sessions)
        for shard in range(SHARDS):
            env = bot_env(
                DISCORD_TOKEN=self.fake.token,
                DISCORD_FAKE_URL=self.fake.url,
                SKALD_DB=self.database,
                SKALD_TEST_GUILD=str(self.fake.guild_id),
                SKALD_SHARDS=f"{shard}/{SHARDS}",
            )
            log = self.folder / f"bot{shard}.log"
            with log.open("ab") as sink:
                process = await asyncio.create_subprocess_exec(
                    sys.executable, "-m", "bot", cwd=ROOT, env=env, stdout=sink, stderr=subprocess.STDOUT
                )
            self.bots.append(Skald(self.fake, process, log))
        for bot in self.bots[-SHARDS:]:
            await bot.until(
                lambda: sum(s.identified for s in self.fake.sessions[before:]) >= SHARDS,
                "both shards on the gateway",
            )

    async def stop(self) -> None:
        for bot in self.bots:
            if bot.process.returncode is None:
                bot.process.terminate()
                try:
                    await asyncio.wait_for(bot.process.wait(), 5)
                except TimeoutError:
                    bot.process.kill()
                    await bot.process.wait()

    def show_logs(self) -> None:
        for shard in range(SHARDS):
            log = self.folder / f"bot{shard}.log"
            print(f"--- bot {shard} ---\n{log.read_text(errors='replace')}")

    async def query(self, sql: str, *args: Any) -> list[Any]:
        conn = await asyncpg.connect(self.database)
        try:
            return list(await conn.fetch(sql, *args))
        finally:
            await conn.close()

    async def answer(self, interaction: Any) -> str:
        message = await self.bots[-1].answered(interaction)
        return message.content

    async def open_game(self, channel: Channel) -> None:
        fake = self.fake
        await self.answer(
            await fake.slash(fake.alice, "game", {"game": "knarr"}, subcommand="new", channel_id=channel.id)
        )
        await self.answer(await fake.slash(fake.bob, "game", subcommand="join", channel_id=channel.id))
        await self.answer(
            await fake.slash(
                fake.alice, "game", {"order": "joined"}, subcommand="start", channel_id=channel.id
            )
        )

    async def move(self, channel: Channel, rng: random.Random) -> None:
        [row] = await self.query(
            "SELECT id, state FROM games WHERE channel_id = $1 AND status = 'playing'", str(channel.id)
        )
        state = json.loads(row["state"])
        seats = await self.query("SELECT user_id FROM seats WHERE game_id = $1 ORDER BY position", row["id"])
        seat = MODULE.to_act(state)[0]
        action = rng.choice(MODULE.legal_actions(state, seat))
        user = next(u for u in (self.fake.alice, self.fake.bob) if str(u.id) == seats[seat]["user_id"])
        reply = await self.answer(
            await self.fake.slash(user, "move", {"action": action}, channel_id=channel.id)
        )
        assert "Done" in reply, reply

    async def drained(self) -> None:
        """Wait until every outbox row is sent (or given up)."""
        for _ in range(int(WAIT * 10)):
            [row] = await self.query(
                "SELECT COUNT(*) AS n FROM outbox WHERE sent_at IS NULL AND failed IS NULL"
            )
            if row["n"] == 0:
                return
            await asyncio.sleep(0.1)
        raise AssertionError("the outbox was not drained")


def sends_per_nonce(fake: FakeDiscord) -> Counter[str]:
    """How often each outbox row (its nonce) was posted to Discord."""
    found: Counter[str] = Counter()
    for request in fake.requests:
        body = request.json if isinstance(request.json, dict) else {}
        if request.method == "POST" and request.path.endswith("/messages") and body.get("nonce"):
            found[str(body["nonce"])] += 1
    return found


async def test_two_shard_processes_on_one_postgres(
    fake: FakeDiscord, pg_database: str, tmp_path: Path
) -> None:
    channels = [fake.channel, *(fake.add_channel(f"table-{n}") for n in range(3))]
    assert {FakeDiscord.shard_of({"guild_id": 1, "channel_id": c.id}, SHARDS) for c in channels} == {0, 1}
    pair = Pair(fake, pg_database, tmp_path)
    rng = random.Random(12)
    try:
        await pair.start()
        await asyncio.gather(*(pair.open_game(c) for c in channels))
        rounds = 3
        for _ in range(rounds):
            await asyncio.gather(*(pair.move(c, rng) for c in channels))
        await pair.drained()

        # No move lost: each game holds every move made in it (3 from its /move commands,
        # plus any the moves themselves carried on with).
        for channel in channels:
            [game] = await pair.query("SELECT id, version FROM games WHERE channel_id = $1", str(channel.id))
            moves = await pair.query("SELECT n FROM actions WHERE game_id = $1 AND kind = 'move'", game["id"])
            assert game["version"] == 1 + rounds and len(moves) >= rounds

        # Reminders fall due while both processes are down; both start again at once and
        # each checks reminders as soon as it is ready: every game is reminded once.
        await pair.stop()
        await pair.query("UPDATE games SET remind_at = 1 WHERE status = 'playing'")
        await pair.start()
        await pair.bots[-1].until(
            lambda: all(
                any(m.content.startswith("Reminder 1 of 3") for m in fake.messages_in(c.id)) for c in channels
            ),
            "a reminder in every channel",
        )
        await pair.drained()
        await asyncio.sleep(1.0)  # a second reminder, were one queued, would be sent by now
        for channel in channels:
            reminders = [m for m in fake.messages_in(channel.id) if m.content.startswith("Reminder")]
            assert len(reminders) == 1, [m.content for m in reminders]

        # Every outbox row was posted once, by one of the two processes.
        sent = await pair.query("SELECT id FROM outbox WHERE sent_at IS NOT NULL")
        posted = sends_per_nonce(fake)
        assert posted and max(posted.values()) == 1, posted.most_common(3)
        assert len(posted) <= len(sent)
    except BaseException:
        pair.show_logs()
        raise
    finally:
        await pair.stop()
