"""Pictures drawn on every core: a pool of worker processes, sized to the machine.

Drawing and encoding a board holds the GIL for about 10 ms; in threads, every picture
would queue on one core and stall the event loop meanwhile. The loop sends a payload's
view and names to a worker and gets PNG bytes back. The workers live as long as the bot,
so the renderers' caches of static layers (maps, tiles, goods) stay warm in each; each
worker draws every game once as it starts. Where processes cannot start (a sandbox, a
platform without them), pictures are drawn in threads as before.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import multiprocessing
import os
import threading
import time
from concurrent.futures import Executor, ThreadPoolExecutor
from concurrent.futures.process import BrokenProcessPool, ProcessPoolExecutor
from typing import Any

import render

log = logging.getLogger("skald")

PARENT_CHECK = 1.0  # seconds between a drawing process's looks at whether the bot still runs
# Drawing processes yield the cores to the bot's own process: its event loop takes moves and
# talks to Discord, and a loop that waits for a core while pictures are drawn is a late loop
DRAWING_NICENESS = 10
PALETTE = True  # boards as 64-colour palette PNGs: a third of the bytes, less time
_pool: Executor | None = None
_threads = False  # processes could not start: threads from now on
_worked = False  # the processes drew a picture: a broken pool later is a crash, start anew


def workers() -> int:
    """One worker per core this process may run on."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # not on Linux
        return max(1, os.cpu_count() or 1)


def draw(payload: dict[str, Any]) -> bytes | None:
    """The PNG a payload asks for (blocking: runs in a worker)."""
    kind = payload.get("image")
    if payload.get("view", {}).get("game") not in render.supported():
        return None  # a game without pictures yet: its messages are text
    if kind == "board":
        return render.board_png(payload["view"], names=payload["names"])
    if kind == "hand":
        return render.hand_png(payload["view"], names=payload["names"])
    if kind == "final":
        from render import final

        return final.final_png(payload["view"], payload.get("parts"), names=payload["names"])
    return None


def replay(payload: dict[str, Any]) -> bytes | None:
    """The animated replay a payload asks for (blocking: seconds for a long game)."""
    from render.replay import replay_gif

    export = payload.get("replay")
    if not export or export.get("game") not in render.supported():
        return None
    return replay_gif(export)


def _follow_parent(parent: int) -> None:
    """End this drawing process once the bot is gone. A bot killed with SIGKILL or
    stopped by SIGTERM shuts no pool down, and a worker holds both ends of its own job
    queue, so it would wait for jobs forever."""
    while os.getppid() == parent:
        time.sleep(PARENT_CHECK)
    os._exit(0)


def _warm() -> None:
    """Set a drawing process up: it ends with the bot and gives way to it for the cores;
    boards as palette PNGs (``render.common.png``); each game's opening board drawn once,
    so the first real picture is not the slow one."""
    import games  # here: only the workers need the rules
    from render.common import png

    threading.Thread(target=_follow_parent, args=(os.getppid(),), daemon=True).start()
    with contextlib.suppress(AttributeError, OSError):  # else: the bot's own priority
        os.nice(DRAWING_NICENESS)

    png.use_palette(PALETTE)

    for game_id in render.supported():
        module = games.get(game_id)
        state = module.setup(1, module.min_players, None)
        names = [f"Seat {i + 1}" for i in range(module.min_players)]
        try:
            render.board_png(module.view(state, None), names=names)
        except Exception:  # a warm-up is only a warm-up
            log.exception("warming the %s renderer failed", game_id)


def pool() -> Executor:
    global _pool
    if _pool is None:
        if _threads:
            _pool = ThreadPoolExecutor(max_workers=workers(), thread_name_prefix="skald-render")
        else:
            # spawn, not fork: the bot's threads (SQLite, the loop's helpers) must not be copied
            context = multiprocessing.get_context("spawn")
            _pool = ProcessPoolExecutor(max_workers=workers(), mp_context=context, initializer=_warm)
    return _pool


def _fall_back(error: BaseException) -> None:
    global _pool, _threads
    if _worked:
        log.warning("a drawing process stopped (%s); starting the pool again", error)
    else:
        log.warning("drawing in threads: worker processes could not run (%s)", error)
    if _pool is not None:
        _pool.shutdown(wait=False, cancel_futures=True)
    _pool, _threads = None, not _worked


async def draw_async(payload: dict[str, Any]) -> bytes | None:
    """Draw in the pool without blocking the event loop."""
    if not payload.get("image"):
        return None
    job = {
        "image": payload.get("image"),
        "view": payload.get("view", {}),
        "names": payload.get("names", []),
        "parts": payload.get("parts"),
    }
    global _worked
    loop = asyncio.get_running_loop()
    try:
        png = await loop.run_in_executor(pool(), draw, job)
        _worked = _worked or not _threads
        return png
    except (BrokenProcessPool, OSError, PermissionError, NotImplementedError) as error:
        if _threads:
            raise
        _fall_back(error)
        return await loop.run_in_executor(pool(), draw, job)


async def replay_async(payload: dict[str, Any]) -> bytes | None:
    """Make a replay in the pool: it keeps one drawing process busy for seconds (boards go to
    the others meanwhile) and never holds the event loop's GIL."""
    if not payload.get("replay"):
        return None
    job = {"replay": payload["replay"]}
    loop = asyncio.get_running_loop()
    try:
        return await loop.run_in_executor(pool(), replay, job)
    except (BrokenProcessPool, OSError, PermissionError, NotImplementedError) as error:
        if _threads:
            raise
        _fall_back(error)
        return await loop.run_in_executor(pool(), replay, job)


def shutdown() -> None:
    """Stop the workers (at exit; a later picture starts them again)."""
    global _pool
    if _pool is not None:
        _pool.shutdown(wait=True, cancel_futures=True)
        _pool = None
