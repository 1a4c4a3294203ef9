"""Speed and memory figures, per game: ``.venv/bin/python scripts/benchmark.py``.

Prints, for every game in ``games.names()``:
- board render: median time to draw a mid-game board PNG (and its size);
- move pipeline: command to composed reply (table checks and applies the move, stores
  state, log and outbox in SQLite, then the reply is built with its picture), median and
  99th percentile, plus how late the event loop woke a 2 ms sleeper meanwhile (99th
  percentile and worst: blocking calls on the loop, or waits for the GIL held by the
  drawing threads);
- random playouts: moves per second of the pure rules.
``--scale`` runs the scale mode instead (``scripts/scale.py``): 1,000 two-player games in
one process, 32 moves in flight, with and without pictures; ``--postgres`` adds the same
runs on PostgreSQL (a throwaway server unless ``SKALD_TEST_PG`` names one). Knarr's games
by default; ``--game volga saga`` or ``--game all`` runs those games, one after another, and
``--game mixed`` runs all five in one bot (200 games of each), as a host runs them.
Nothing here is asserted; the figures go into the notes.
"""

from __future__ import annotations

import argparse
import asyncio
import random
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

import games
import render
from bot.adapter import messages
from bot.store.storage import Storage
from bot.table import Table

CHANNEL = "1"


def percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(fraction * (len(ordered) - 1))))]


def mid_game_views(game_id: str, count: int) -> list[dict]:
    module = games.get(game_id)
    rng = random.Random(1)
    views = []
    for seed in range(count):
        players = module.max_players if seed % 2 else module.min_players
        state = module.setup(seed, players, None)
        for _ in range(rng.randrange(20, 120)):
            if module.outcome(state) is not None:
                break
            seat = module.to_act(state)[0]
            state = module.apply(state, seat, rng.choice(module.legal_actions(state, seat)))
        views.append(module.view(state, None))
    return views


def bench_render(game_id: str, rounds: int) -> tuple[float, int]:
    views = mid_game_views(game_id, 10)
    names = ["Astrid", "Bjorn", "Sigrid", "Ulf", "Freydis"]
    times, size = [], 0
    for i in range(rounds):
        view = views[i % len(views)]
        start = time.perf_counter()
        png = render.board_png(view, names=names[: view["players"]])
        times.append(time.perf_counter() - start)
        size = max(size, len(png))
    return statistics.median(times), size


async def watch_loop(stop: asyncio.Event, lags: list[float]) -> None:
    """Measure how late the event loop wakes a 2 ms sleeper (blocking calls, GIL waits)."""
    tick = 0.002
    while not stop.is_set():
        before = time.perf_counter()
        await asyncio.sleep(tick)
        lags.append(time.perf_counter() - before - tick)


async def bench_pipeline(game_id: str, moves: int) -> tuple[float, float, float, float]:
    module = games.get(game_id)
    with tempfile.TemporaryDirectory() as folder:
        storage = await Storage.open(str(Path(folder) / "bench.db"))
        table = Table(storage, seeds=lambda: 99)
        users = [str(100 + i) for i in range(module.min_players)]
        await table.lobby.new_game(CHANNEL, users[0], "p0", game_id)
        for i, user in enumerate(users[1:], 1):
            await table.lobby.join(CHANNEL, user, f"p{i}")
        await table.lobby.start(CHANNEL, users[0], "joined")
        for row in await storage.pending_outbox():
            await storage.mark_sent(row.id, 0)
        rng = random.Random(5)
        times: list[float] = []
        stop, lags = asyncio.Event(), [0.0]
        watcher = asyncio.create_task(watch_loop(stop, lags))
        while len(times) < moves:
            game = await storage.active_game(CHANNEL)
            if game is None:  # game over: start another
                await table.lobby.new_game(CHANNEL, users[0], "p0", game_id)
                for i, user in enumerate(users[1:], 1):
                    await table.lobby.join(CHANNEL, user, f"p{i}")
                await table.lobby.start(CHANNEL, users[0], "joined")
                continue
            seats = await storage.seats(game.id)
            seat = module.to_act(game.state)[0]
            user = seats[seat].user_id
            action = rng.choice([a for a, _ in await table.moves.legal(CHANNEL, user)])
            start = time.perf_counter()
            reply = await table.moves.act(CHANNEL, user, action)
            rows = [r for r in await storage.pending_outbox() if r.id == reply.announce]
            if rows:  # a step inside one action posts no board (the game's midway)
                await messages.build(rows[0].payload)
            times.append(time.perf_counter() - start)
            for row in await storage.pending_outbox():
                await storage.mark_sent(row.id, 0)
        stop.set()
        await watcher
        await storage.close()
    return statistics.median(times), percentile(times, 0.99), percentile(lags, 0.99), max(lags)


def bench_playouts(game_id: str, seconds: float) -> float:
    module = games.get(game_id)
    rng = random.Random(3)
    moves, seed = 0, 0
    deadline = time.perf_counter() + seconds
    start = time.perf_counter()
    while time.perf_counter() < deadline:
        seed += 1
        players = rng.randint(module.min_players, module.max_players)
        state = module.setup(seed, players, None)
        while module.outcome(state) is None and time.perf_counter() < deadline:
            seat = module.to_act(state)[0]
            state = module.apply(state, seat, rng.choice(module.legal_actions(state, seat)))
            moves += 1
    return moves / (time.perf_counter() - start)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--renders", type=int, default=60)
    parser.add_argument("--moves", type=int, default=300)
    parser.add_argument("--seconds", type=float, default=5.0)
    parser.add_argument("--scale", action="store_true", help="the scale mode (scripts/scale.py)")
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--in-flight", type=int, default=32)
    parser.add_argument("--scale-moves", type=int, default=3000)
    parser.add_argument("--finished", type=int, default=5)
    parser.add_argument(
        "--game",
        nargs="+",
        default=["knarr"],
        help="scale mode: the games to run, one after another; 'all' for each game; 'mixed' for all in one bot",
    )
    parser.add_argument("--postgres", action="store_true", help="scale mode: the same runs on PostgreSQL too")
    parser.add_argument(
        "--rate", type=float, nargs="*", default=[160.0], help="scale mode: open-loop runs at these moves/s"
    )
    args = parser.parse_args()
    if args.scale:
        from scale import MIXED, report

        chosen = games.names() if "all" in args.game else args.game
        unknown = [g for g in chosen if g not in [*games.names(), MIXED]]
        if unknown:
            parser.error(
                f"no game called {unknown[0]!r}: pick from {', '.join(games.names())}, {MIXED} or all"
            )
        if len(chosen) > 1:  # each game in a process of its own: its memory is its own
            for game_id in chosen:
                own = list(sys.argv[1:])  # the same arguments, with this game alone
                at = own.index("--game")
                end = next((i for i in range(at + 1, len(own)) if own[i].startswith("--")), None)
                own[at + 1 : end] = [game_id]
                subprocess.run([sys.executable, __file__, *own], check=True)
            return
        report(
            chosen[0],
            args.games,
            args.in_flight,
            args.scale_moves,
            args.finished,
            args.postgres,
            tuple(args.rate),
        )
        return
    print(
        f"{'game':<8} {'render median':>14} {'png max':>9} {'pipeline median':>16} {'p99':>9} "
        f"{'loop lag p99 / max':>19} {'playout moves/s':>16}"
    )
    for game_id in games.names():
        render_median, size = bench_render(game_id, args.renders)
        median, p99, lag, stall = asyncio.run(bench_pipeline(game_id, args.moves))
        rate = bench_playouts(game_id, args.seconds)
        print(
            f"{game_id:<8} {render_median * 1000:>11.1f} ms {size / 1024:>6.0f} KB {median * 1000:>13.1f} ms "
            f"{p99 * 1000:>6.1f} ms {lag * 1000:>8.1f} / {stall * 1000:>4.1f} ms {rate:>16,.0f}"
        )
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(f"peak memory (RSS): {peak:.0f} MB")


if __name__ == "__main__":
    main()
