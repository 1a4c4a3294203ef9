"""Where the table's blocking rules work runs: quick work on one thread of its own, work
that may take long in asyncio's default executor.

Quick work is what every press costs: a move with no bot seat in the game, a panel, a
view, a board's text. It is pure Python, so threads doing it cannot run side by side (the
GIL); each more thread that wants to run only makes the event loop wait longer for its
turn (up to the 5 ms switch interval for each one ahead of it) and adds switching. On one
thread the presses are worked out in the order they came. Measured on the scale mode's
closed loop (Knarr, 32 moves in flight, 2 cores), one thread against the default
executor's six: see ``docs/deploy.md``, Figures.

Work that may take long goes to the default executor, so it never holds up the quick
line: bot seats choosing their moves, a game replayed from its log.
"""

from __future__ import annotations

import asyncio
import contextvars
import functools
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import ParamSpec, TypeVar

P = ParamSpec("P")
T = TypeVar("T")

_line: ThreadPoolExecutor | None = None


def _quick_line() -> ThreadPoolExecutor:
    global _line
    if _line is None:
        _line = ThreadPoolExecutor(max_workers=1, thread_name_prefix="skald-rules")
    return _line


async def quick(fn: Callable[P, T], /, *args: P.args, **kwargs: P.kwargs) -> T:
    """``fn(*args, **kwargs)`` on the quick line, with the caller's context (as
    ``asyncio.to_thread``). Only for work that takes a few ms at most."""
    call = functools.partial(contextvars.copy_context().run, fn, *args, **kwargs)
    return await asyncio.get_running_loop().run_in_executor(_quick_line(), call)


async def lengthy(fn: Callable[P, T], /, *args: P.args, **kwargs: P.kwargs) -> T:
    """``fn(*args, **kwargs)`` in the default executor: work that may take long."""
    return await asyncio.to_thread(fn, *args, **kwargs)


async def by_seats(automatic: dict[int, str], fn: Callable[P, T], /, *args: P.args, **kwargs: P.kwargs) -> T:
    """Work that plays the bot seats in ``automatic`` after it: lengthy when there are
    any (a bot may think for a while), else quick."""
    if automatic:
        return await lengthy(fn, *args, **kwargs)
    return await quick(fn, *args, **kwargs)
