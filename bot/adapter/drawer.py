"""What runs in a drawing process: the jobs it answers and its loop.

A drawing process is a fresh interpreter that imports this module, not ``pictures`` (the
bot's side, with asyncio and its pool): it loads the rules, the renderers and Pillow, and
nothing of the bot's event loop (measured: 6 MB less held by each drawing process once
warmed, 49.3 MB instead of 55.2 for Knarr, Saga and Pax). The same functions draw in the
bot's own threads when there are no drawing processes (``pictures``).
"""

from __future__ import annotations

import contextlib
import logging
import os
import pickle
import signal
from multiprocessing.connection import Connection
from typing import TYPE_CHECKING, Any

import games
from bot.adapter import memory

if TYPE_CHECKING:
    from bot.store.payloads import Payload

log = logging.getLogger("skald")

# Drawing processes yield the cores to the bot's own process: its event loop takes moves and
# talks to Discord, and a loop that waits for a core while pictures are drawn is a late loop
DRAWING_NICENESS = 10
PALETTE = True  # boards as 64-colour palette PNGs: a third of the bytes, less time


def draw(payload: Payload, *, palette: bool = False) -> bytes | None:
    """The PNG a payload asks for (blocking: runs in a worker). With ``palette``, boards
    (and the board in a final picture) are 64-colour palette PNGs; hands keep exact RGB."""
    import render  # here, as in every drawing function: the bot's own process loads no Pillow

    kind = payload.get("image")
    if payload.get("view", {}).get("game") not in render.supported():
        return None  # a game without pictures yet: its messages are text
    if kind == "board":
        return render.board_png(payload["view"], names=payload["names"], palette=palette)
    if kind == "detail":  # a panel's part of the board; the whole board if it names no part
        from render.detail import detail_png

        found = detail_png(payload["view"], names=payload["names"], labels=payload["labels"], palette=palette)
        return found or render.board_png(payload["view"], names=payload["names"], palette=palette)
    if kind == "hand":
        return render.hand_png(payload["view"], names=payload["names"])
    if kind == "final":
        from render import final

        return final.final_png(payload["view"], payload.get("parts"), names=payload["names"], palette=palette)
    return None


def replay(payload: Payload) -> bytes | None:
    """The animated replay a payload asks for (blocking: seconds for a long game)."""
    import render
    from render.replay import replay_gif

    export = payload.get("replay")
    if not export or export.get("game") not in render.supported():
        return None
    return replay_gif(export)


def card(job: dict[str, str]) -> bytes | None:
    """One card, tile, Jarl or leader drawn alone (``/card``); ``None``: it has no picture."""
    import render

    return render.card_png(job["game"], job["card"])


def leaderboard(job: dict[str, Any]) -> bytes:
    """A server's leaderboard of a title (``/game leaderboard``)."""
    from render.leaderboard import leaderboard_png

    return leaderboard_png(title=job["title"], period=job["period"], tables=job["tables"])


def _ping(job: Any) -> None:
    return None


def _draw_here(job: Payload) -> bytes | None:
    """A picture drawn in a drawing process or the drawing thread: boards as palette PNGs
    (each call says so: nothing is switched for the process)."""
    return draw(job, palette=PALETTE)


JOBS: dict[str, Any] = {
    "draw": _draw_here,
    "replay": replay,
    "ping": _ping,
    "card": card,
    "leaderboard": leaderboard,
}

HEAVY = {"replay"}  # seconds of work, after which the process that did it is retired


def warm(game_ids: list[str]) -> None:
    """Set a drawing process up: it gives way to the bot for the cores; the opening board
    of each of its games drawn once (as a palette PNG, as its boards are), so the first
    real picture is not the slow one; then what the warm-up left free is given back. It
    ends with the bot: only the bot holds the other end of its job pipe, so a killed bot is
    an EOF (``_serve``)."""
    import render

    with contextlib.suppress(AttributeError, OSError):  # else: the bot's own priority
        os.nice(DRAWING_NICENESS)

    for game_id in game_ids:
        module = games.get(game_id)
        state = module.setup(1, module.min_players, None)
        names = [f"Seat {i + 1}" for i in range(module.min_players)]
        try:
            render.board_png(module.view(state, None), names=names, palette=PALETTE)
        except Exception:  # a warm-up is only a warm-up
            log.exception("warming the %s renderer failed", game_id)
    memory.trim()  # about 18 MB the warm-up's pictures left free (measured)


def serve(job_fd: int, answer_fd: int, game_ids: str = "") -> None:
    """A drawing process (``_Worker`` starts it): jobs in, answers out, one at a time,
    until the bot is gone (its end of the job pipe closes: EOF). ``game_ids`` (comma
    separated) are the games it warms. Ctrl-C in the bot's terminal reaches this process
    too: the bot decides when it ends, not the keyboard."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    memory.one_arena()  # the deflating threads of an RGB picture (``render.common.png``)
    warm([game_id for game_id in game_ids.split(",") if game_id])
    _serve(Connection(job_fd, writable=False), Connection(answer_fd, readable=False))
    os._exit(0)


def _serve(jobs: Connection, answers: Connection) -> None:
    """Jobs answered one at a time until either pipe is gone. After an answer, when no job
    waits (an idle moment), what the picture left free goes back to the system. Measured
    over 720 boards, panel pictures and hands of three games in one process, each followed
    by a trim: 20 MB less held between pictures (88 MB instead of 109 on average), and 7 ms
    more CPU a picture (21.4 instead of 14.2): the trim itself, after the answer has gone,
    and the next picture taking its memory again. Under load none is spent (a job waits)."""
    while True:
        try:
            name, job = pickle.loads(jobs.recv_bytes())
        except (EOFError, OSError):
            return
        final = name == "draw" and job.get("image") == "final"
        if name in HEAVY:  # it ends after the replay: what its caches hold is of no more use
            from render.common.cache import forget

            forget()
        if final or name in HEAVY:
            memory.trim()  # the largest pictures: drawn on memory given back, not on what is kept free
        try:
            answer: tuple[str, Any] = ("ok", JOBS[name](job))
            data = pickle.dumps(answer, pickle.HIGHEST_PROTOCOL)
        except Exception as error:  # the bot raises it again, as if drawn at home
            try:
                data = pickle.dumps(("error", error), pickle.HIGHEST_PROTOCOL)
            except Exception:
                data = pickle.dumps(("error", RuntimeError(repr(error))), pickle.HIGHEST_PROTOCOL)
        try:
            answers.send_bytes(data)
        except OSError:
            return
        if final or not jobs.poll(0):
            memory.trim()
