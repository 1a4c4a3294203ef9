"""The garbage collector and a long-running bot.

A full (oldest-generation) collection walks every tracked object; with the modules,
slash-command tree and Discord's caches loaded, one took 26 ms in the scale benchmark,
which is the event loop's worst stall. Objects alive once the bot has started live for
the whole run, so they are moved out of the collector's sight.
"""

from __future__ import annotations

import gc

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
