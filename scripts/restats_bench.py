"""How long ``./run.sh restats`` takes with 100,000 finished games on SQLite.

Fills a fresh database with finished Knarr games on one server, as the bot stores them:
each game's seats (2 to 4 among ``--players`` people), its whole log of timed moves and its
final state. The games are copies of a few real games played by the random bot (so the
states and logs have their real sizes), each with its own people and times. Then it times
the recomputation of the record from them (``bot.table.record.recompute``, what
``./run.sh restats`` runs), once. A measurement, not a test: ``python scripts/restats_bench.py``.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import sqlite3
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import games  # noqa: E402
from bot.store.storage import Storage  # noqa: E402
from bot.table import record  # noqa: E402
from games import bots  # noqa: E402
from games.core import Rng  # noqa: E402

GUILD, TITLE, DAY = "g1", "knarr", 86400.0
SAMPLES = 3  # real games played for each number of players


def play(players: int, seed: int) -> tuple[str, list[tuple[int, str]]]:
    """A whole game by the random bot: its final state (as stored) and its moves."""
    module = games.get(TITLE)
    state = module.setup(seed, players, {})
    rng = Rng(seed)
    moves: list[tuple[int, str]] = []
    while acting := module.to_act(state):
        seat = acting[0]
        action = bots.choose(
            TITLE, "random", module.view(state, seat), module.legal_actions(state, seat), rng
        )
        moves.append((seat, action))
        state = module.apply(state, seat, action)
    return json.dumps(state), moves


async def create(path: Path) -> None:
    """A fresh database with every migration (then filled directly, in bulk)."""
    storage = await Storage.open(str(path))
    await storage.close()


def fill(path: Path, count: int, players: int, seed: int) -> tuple[int, int]:
    """``count`` finished games with their seats and logs; returns (seats, moves) stored."""
    rng = random.Random(seed)
    samples = {n: [play(n, 100 * n + k) for k in range(SAMPLES)] for n in (2, 3, 4)}
    people = [str(10**17 + i) for i in range(players)]
    now = time.time()
    start = now - 2 * 365 * DAY
    db = sqlite3.connect(path)
    seats_stored = moves_stored = 0
    with db:
        for gid in range(1, count + 1):
            began = start + (now - start) * (gid - 1) / count
            seated = rng.sample(people, rng.randint(2, 4))
            state, moves = rng.choice(samples[len(seated)])
            at = began
            log: list[tuple[Any, ...]] = []
            for n, (seat, action) in enumerate(moves, 1):
                at += rng.uniform(0, 600) if n == 1 or moves[n - 2][0] == seat else rng.uniform(60, 7200)
                log.append((gid, n, "move", seat, seated[seat], action, at))
            db.execute(
                "INSERT INTO games (id, channel_id, game, status, host_id, options, seed, state, version,"
                " reminder_hours, created_at, updated_at, dm_due, board_log, guild_id)"
                " VALUES (?, ?, ?, 'over', ?, '{}', 1, ?, ?, 24, ?, ?, '[]', 0, ?)",
                (gid, f"c{gid % 50}", TITLE, seated[0], state, len(moves), began, at, GUILD),
            )
            db.executemany(
                "INSERT INTO seats (game_id, user_id, name, position) VALUES (?, ?, ?, ?)",
                [(gid, who, f"Player {who[-4:]}", i) for i, who in enumerate(seated)],
            )
            db.executemany(
                "INSERT INTO actions (game_id, n, kind, seat, user_id, action, at) VALUES (?, ?, ?, ?, ?, ?, ?)",
                log,
            )
            seats_stored += len(seated)
            moves_stored += len(log)
    db.close()
    return seats_stored, moves_stored


async def measure(path: Path) -> tuple[int | None, float, float, float]:
    """Games recorded, seconds taken, and CPU seconds spent by this process (all its
    threads) and by its main thread (the rating; SQLite works in a thread of its own, at the
    same time), which a busy machine changes less than the time taken."""
    storage = await Storage.open(str(path))
    try:
        began, cpu, main = time.perf_counter(), time.process_time(), time.thread_time()
        made = await record.recompute(storage, time.time)
        return made, time.perf_counter() - began, time.process_time() - cpu, time.thread_time() - main
    finally:
        await storage.close()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=100_000)
    parser.add_argument("--players", type=int, default=500)
    parser.add_argument("--db", help="keep the filled database at this path (default: a temporary one)")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        path = Path(args.db) if args.db else Path(folder) / "bench.db"
        if not path.exists():
            asyncio.run(create(path))
            began = time.perf_counter()
            seats, moves = fill(path, args.games, args.players, seed=34)
            print(
                f"{args.games:,} finished games, {seats:,} seats, {moves:,} moves, {args.players} players "
                f"(filled in {time.perf_counter() - began:.0f} s, {path.stat().st_size / 1e9:.2f} GB)"
            )
        made, spent, cpu, main = asyncio.run(measure(path))
        each = spent / max(made or 1, 1) * 1000
        print(f"restats: {made or 0:,} games recorded in {spent:.1f} s ({each:.2f} ms a game)")
        print(
            f"CPU: {cpu:.1f} s in all, {main:.1f} s of it in the main thread; load average {os.getloadavg()[0]:.1f}"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
