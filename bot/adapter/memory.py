"""The garbage collector, the C library's allocator and a long-running bot.

A full (oldest-generation) collection walks every tracked object; with the modules,
slash-command tree and Discord's caches loaded, one took 26 ms in the scale benchmark,
which is the event loop's worst stall. Objects alive once the bot has started live for
the whole run, so they are moved out of the collector's sight.

glibc's allocator gives each thread that allocates at the same moment as another an arena
of its own (up to eight a core), and each arena keeps what was freed in it for its own
thread. The bot's threads (the database's, the rules') and a drawing process's deflating
threads then each hold memory the others cannot use: ``one_arena``. What an arena holds
free goes back to the system only when asked: ``trim``.
"""

from __future__ import annotations

import contextlib
import gc

M_ARENA_MAX = -8  # mallopt's parameter number (glibc's malloc.h)


def one_arena() -> bool:
    """Every thread of this process allocates from one arena (glibc's ``M_ARENA_MAX``),
    so memory one thread freed serves the others. Called first thing in the bot and in
    each drawing process, before their threads start: an arena made before stays. Measured
    after a 20-game soak of all five titles: the bot's process held 6 MB, all of it free, in
    two arenas besides the main one. False where the C library is not glibc (nothing
    changes there)."""
    with contextlib.suppress(OSError, AttributeError):
        import ctypes

        return bool(ctypes.CDLL("libc.so.6").mallopt(M_ARENA_MAX, 1))
    return False


def trim() -> None:
    """Hand the memory the allocator holds free back to the system where the C library can
    (glibc's ``malloc_trim``): after a replay in the bot's own process (``SKALD_DRAWERS=0``:
    nothing retires it), after a drawing process's warm-up, around a final picture, and
    after a picture when no job waits (``drawer._serve``)."""
    with contextlib.suppress(OSError, AttributeError):
        import ctypes

        ctypes.CDLL("libc.so.6").malloc_trim(0)


_settled = 0


def settle(times: int = 2) -> None:
    """Collect what is garbage now, then freeze what is left (``gc.freeze``) so later full
    collections skip it. Called when the bot has started and again when Discord's caches
    are first filled; at most ``times`` times a process, because frozen objects that later
    become garbage in a reference cycle are never freed."""
    global _settled
    if _settled >= times:
        return
    _settled += 1
    gc.collect()
    gc.freeze()
