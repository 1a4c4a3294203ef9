"""Shared by ``bot_strength.py`` and ``balance.py``: play one seeded game with bot seats.

Both scripts are measurements, not tests. Each game is played by ``games.bots.choose``
from each seat's own view; a game without ``bot.py`` plays ``sensible`` as ``random``.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import games  # noqa: E402
from games import bots  # noqa: E402
from games.core import Rng  # noqa: E402

MAX_STEPS = 3000  # longer games count as unfinished (bots going round in circles)


def play(job: tuple[str, int, int, list[str]]) -> dict[str, Any]:
    """``(game id, players, seed, level per seat)`` -> winners, sides and thinking times."""
    name, players, seed, levels = job
    game = games.get(name)
    state = game.setup(seed, players, {})
    rng = Rng(seed * 31 + 7)
    times: dict[str, list[float]] = {level: [] for level in levels}
    for _ in range(MAX_STEPS):
        acting = game.to_act(state)
        if not acting:
            break
        seat = acting[0]
        view = game.view(state, seat)
        actions = game.legal_actions(state, seat)
        start = time.perf_counter()
        action = bots.choose(name, levels[seat], view, actions, rng)
        times[levels[seat]].append(time.perf_counter() - start)
        state = game.apply(state, seat, action)
    result = game.outcome(state)
    winners = [] if result is None else list(result["winners"])
    sides = state.get("sides") if isinstance(state.get("sides"), dict) else None
    return {"winners": winners, "sides": sides, "times": times}


def percentile(values: list[float], share: float) -> float:
    if not values:
        return 0.0
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]
