"""How long a server's leaderboard takes to read with 100,000 finished games on SQLite.

Fills a fresh database with finished games of one title on one server (the worst case: the
leaderboard reads every one of them), 2 to 4 seats each among ``--players`` people, their
results and ratings rows as the bot writes them, then times ``/game leaderboard``'s one
statement and the tables made from it: all time and the last 30 days, each the median of
``--runs`` runs. A measurement, not a test: ``python scripts/leaderboard_bench.py``.
"""

from __future__ import annotations

import argparse
import asyncio
import random
import sqlite3
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bot.store.storage import Storage  # noqa: E402
from bot.table import ratings  # noqa: E402
from bot.table.stats import board_of  # noqa: E402

GUILD, TITLE, DAY = "g1", "knarr", 86400.0


async def create(path: Path) -> None:
    """A fresh database with every migration (then filled directly, in bulk)."""
    storage = await Storage.open(str(path))
    await storage.close()


def fill(path: Path, count: int, players: int, seed: int) -> int:
    """``count`` finished games with their seats' results and the ratings they leave."""
    rng = random.Random(seed)
    people = [str(10**17 + i) for i in range(players)]
    rating = {p: ratings.START for p in people}
    played = dict.fromkeys(people, 0)
    now = time.time()
    start = now - 2 * 365 * DAY
    db = sqlite3.connect(path)
    games, results = [], []
    for gid in range(1, count + 1):
        at = start + (now - start) * gid / count
        seated = rng.sample(people, rng.randint(2, 4))
        places = [rng.randint(1, len(seated)) for _ in seated]
        after = ratings.update([rating[p] for p in seated], places, set())
        games.append(
            (gid, f"c{gid % 50}", TITLE, "over", seated[0], "{}", 1, "{}", 5, 24, at, at, "[]", 0, GUILD)
        )
        for seat, (who, place, new) in enumerate(zip(seated, places, after, strict=True)):
            old = rating[who]
            results.append(
                (
                    gid,
                    seat,
                    TITLE,
                    GUILD,
                    who,
                    f"Player {who[-4:]}",
                    len(seated),
                    place,
                    rng.randint(20, 90),
                    int(place == 1),
                    "played",
                    12,
                    rng.uniform(60, 86400),
                    *old,
                    *new,
                    at,
                )
            )
            rating[who] = new
            played[who] += 1
    with db:
        db.executemany(
            "INSERT INTO games (id, channel_id, game, status, host_id, options, seed, state, version,"
            " reminder_hours, created_at, updated_at, dm_due, board_log, guild_id)"
            " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            games,
        )
        db.executemany(
            "INSERT INTO results (game_id, seat, game, guild_id, user_id, name, players, place, score, won,"
            " ended, turns, turn_time, mu_before, sigma_before, mu_after, sigma_after, finished_at)"
            " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            results,
        )
        db.executemany(
            "INSERT INTO ratings (game, user_id, mu, sigma, games, updated_at) VALUES (?, ?, ?, ?, ?, ?)",
            [(TITLE, p, *rating[p], played[p], now) for p in people],
        )
    db.close()
    return len(results)


async def measure(path: Path, runs: int) -> dict[str, float]:
    storage = await Storage.open(str(path))
    timings: dict[str, list[float]] = {"all time": [], "last 30 days": []}
    try:
        for _ in range(runs):
            for label, since in (("all time", 0.0), ("last 30 days", time.time() - 30 * DAY)):
                began = time.perf_counter()
                shows, rows = await storage.record.board(GUILD, TITLE, since)
                board_of("Knarr", "all", rows, shows)
                timings[label].append(time.perf_counter() - began)
    finally:
        await storage.close()
    return {label: statistics.median(spent) for label, spent in timings.items()}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=100_000)
    parser.add_argument("--players", type=int, default=500)
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "bench.db"
        asyncio.run(create(path))
        began = time.perf_counter()
        seats = fill(path, args.games, args.players, seed=34)
        print(
            f"{args.games:,} finished games, {seats:,} results, {args.players} players "
            f"(filled in {time.perf_counter() - began:.0f} s)"
        )
        for label, spent in asyncio.run(measure(path, args.runs)).items():
            print(f"leaderboard, {label}: {spent * 1000:.0f} ms (median of {args.runs})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
