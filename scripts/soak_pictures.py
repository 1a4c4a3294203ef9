"""The drawing's memory soak: whole games of all five titles through the table, every picture drawn.

``.venv/bin/python scripts/soak_pictures.py --games 300`` plays that many games (the five titles in
turn, each at player counts from its fewest to its most), ``--in-flight`` at a time, with
random legal moves made through the table as players make them, and delivers every
message the games queue as the bot does: boards, hands (DMs), each game's final picture
and the animated replay every finished game posts. ``--drawers`` sets ``SKALD_DRAWERS``,
``--drawer-mb`` sets ``SKALD_DRAWER_MB``.
``--panels``: after each move, the picture of the mover's next panel too (the part of the
board its moves name, ``render.detail``), as a player pressing the panel gets it.
``--pause S``: each game waits S seconds after each move's pictures, as players take their
time (``--in-flight 1 --pause 0.05``: a quiet host, its drawing processes idle between
pictures).

Printed: the peak resident memory of the bot's process and of each drawing process (a
recycled process counts as one more), the largest total of all processes at any sample
(every 0.2 s) with each process's share of it, the mean total, and what each holds at
the end. Resident totals count twice the pages the processes share (the interpreter's and
the libraries' code, mapped from the same files), so the largest and mean totals are also
given as proportional set sizes (``Pss``: a shared page counted once, split between the
processes that map it), the memory the processes take from the machine together. Then
the CPU time of the bot's process and of all the drawing processes (ended ones too).
Nothing is asserted; the figures go into docs/deploy.md.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import resource
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from scale import children

import games
from bot.adapter import memory, messages, pictures
from bot.store.storage import Storage
from bot.table import Table

SAMPLE_S = 0.2


def proc_mb(pid: int, field: str, file: str = "status") -> float:
    """A field of ``/proc/<pid>/<file>`` in MB: of ``status``, ``VmRSS`` (now) or ``VmHWM``
    (the peak); of ``smaps_rollup``, ``Pss`` (the proportional set size)."""
    try:
        for line in Path(f"/proc/{pid}/{file}").read_text().splitlines():
            if line.startswith(field + ":"):
                return int(line.split()[1]) / 1024
    except OSError:
        pass
    return 0.0


class Watch:
    """Samples the memory of this process and its children until told to stop."""

    def __init__(self) -> None:
        self.peaks: dict[int, float] = {}  # pid: its peak RSS, as last read
        self.at_largest: list[float] = []  # each process's RSS at the largest total, the bot first
        self.totals: list[float] = []  # every sample's total
        self.pss_totals: list[float] = []  # every sample's total of proportional set sizes

    @property
    def largest_total(self) -> float:
        return sum(self.at_largest)

    async def run(self, stop: asyncio.Event) -> None:
        while not stop.is_set():
            self.sample()
            await asyncio.sleep(SAMPLE_S)

    def sample(self) -> None:
        each, shares = [], []
        for pid in [os.getpid(), *children()]:
            each.append(proc_mb(pid, "VmRSS"))
            shares.append(proc_mb(pid, "Pss", "smaps_rollup"))
            self.peaks[pid] = max(self.peaks.get(pid, 0.0), proc_mb(pid, "VmHWM"))
        self.totals.append(sum(each))
        self.pss_totals.append(sum(shares))
        if self.totals[-1] > self.largest_total:
            self.at_largest = each


def player_counts(index: int) -> tuple[str, int]:
    """The ``index``-th game's title and player count: the titles in turn, each going
    through its player counts."""
    ids = games.names()
    module = games.get(ids[index % len(ids)])
    span = module.max_players - module.min_players + 1
    return module.id, module.min_players + (index // len(ids)) % span


async def deliver(storage: Storage, game_id: int) -> int:
    """Every waiting message of one game, made as delivery makes it (its picture, or its
    replay, drawn); the number made."""
    rows = [r for r in await storage.pending_outbox() if r.payload.get("game_id") == game_id]
    for row in rows:
        await messages.build(row.payload)
        await storage.mark_sent(row.id, time.time(), "1")
    return len(rows)


async def play(table: Table, index: int, made: list[int], panels: bool = False, pause: float = 0.0) -> None:
    """One whole game in a channel of its own, every message delivered after each move."""
    game_id, players = player_counts(index)
    channel, rng = f"c{index}", random.Random(index)
    users = [f"{index}-{seat}" for seat in range(players)]
    await table.lobby.new_game(channel, users[0], f"Astrid{index}", game_id)
    for seat, user in enumerate(users[1:], 1):
        await table.lobby.join(channel, user, f"Bjorn{index}-{seat}")
    await table.lobby.start(channel, users[0], "joined")
    storage = table.storage
    game = await storage.active_game(channel)
    assert game is not None
    row_id = game.id
    made[0] += await deliver(storage, row_id)
    while (game := await storage.active_game(channel)) is not None and game.state is not None:
        seat = games.get(game.game).to_act(game.state)[0]
        user = (await storage.seats(game.id))[seat].user_id
        legal = [action for action, _ in await table.moves.legal(channel, user)]
        reply = await table.moves.act(channel, user, rng.choice(legal))
        if panels and reply.panel is not None:
            made[0] += await pictures.draw_async(reply.panel.detail() or {}) is not None
        made[0] += await deliver(storage, row_id)
        if pause:
            await asyncio.sleep(pause)
    made[0] += await deliver(storage, row_id)  # the final picture and the replay


async def soak(count: int, in_flight: int, panels: bool = False, pause: float = 0.0) -> None:
    with tempfile.TemporaryDirectory() as folder:
        storage = await Storage.open(str(Path(folder) / "soak.db"))
        table = Table(storage, seeds=lambda: 7)
        memory.settle(times=99)  # as the bot does once it has started
        await pictures.start()
        watch, stop = Watch(), asyncio.Event()
        watcher = asyncio.create_task(watch.run(stop))
        queue = list(range(count))
        made = [0]
        start = time.perf_counter()

        async def player() -> None:
            while queue:
                await play(table, queue.pop(0), made, panels, pause)

        await asyncio.gather(*(player() for _ in range(in_flight)))
        elapsed = time.perf_counter() - start
        stop.set()
        await watcher
        watch.sample()
        await storage.close()
    me = os.getpid()
    drawing = {pid: mb for pid, mb in watch.peaks.items() if pid != me}
    now = {pid: proc_mb(pid, "VmRSS") for pid in [me, *children()]}
    print(
        f"soak: {count} games, {made[0]} messages in {elapsed:.0f} s; drawers: {os.environ.get('SKALD_DRAWERS', 'default')}, "
        f"ceiling {pictures.ceiling()} MB"
    )
    peaks = sorted(drawing.values())
    shown = ", ".join(f"{mb:.0f}" for mb in peaks[-4:]) or "none"
    print(
        f"peak RSS: bot {watch.peaks[me]:.0f} MB; drawing processes, the largest: {shown} MB ({len(drawing)} in all)"
    )
    parts = " + ".join(f"{mb:.0f}" for mb in watch.at_largest)
    print(
        f"largest total of all processes at a sample: {watch.largest_total:.0f} MB ({parts}, the bot first)"
    )
    print(f"mean total over the samples: {sum(watch.totals) / max(1, len(watch.totals)):.0f} MB")
    shares = watch.pss_totals or [0.0]
    print(
        f"proportional set sizes (shared pages once): largest total {max(shares):.0f} MB, mean {sum(shares) / len(shares):.0f} MB"
    )
    print(f"at the end: {', '.join(f'{mb:.0f}' for mb in now.values())} MB (the bot first)")
    pictures.shutdown()  # waits for each drawing process, so its CPU time is counted below
    mine, theirs = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    print(
        f"CPU: the bot {mine.ru_utime + mine.ru_stime:.0f} s, the drawing processes {theirs.ru_utime + theirs.ru_stime:.0f} s"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--in-flight", type=int, default=8)
    parser.add_argument("--drawers", type=int, default=None, help="SKALD_DRAWERS for this run")
    parser.add_argument("--drawer-mb", type=int, default=None, help="SKALD_DRAWER_MB for this run")
    parser.add_argument("--panels", action="store_true", help="draw each mover's next panel picture too")
    parser.add_argument("--pause", type=float, default=0.0, help="seconds each game waits after a move")
    args = parser.parse_args()
    if args.drawers is not None:
        os.environ["SKALD_DRAWERS"] = str(args.drawers)
    if args.drawer_mb is not None:
        os.environ["SKALD_DRAWER_MB"] = str(args.drawer_mb)
    memory.one_arena()  # as the bot does first thing (bot.__main__)
    asyncio.run(soak(args.games, args.in_flight, args.panels, args.pause))


if __name__ == "__main__":
    main()
