"""Reavers views from seeded random playouts (``games.reavers``), for the renderer tests."""

from __future__ import annotations

import random
from functools import lru_cache
from typing import Any

import games

NAMES = ["Astrid", "Bjørn", "Святослав", "Ulf", "Freydis"]
LONG_NAMES = ["Ragnhildr the Exceedingly Patient Raider of Coasts", "Æðelflǣd 🛡", "X" * 60, "", "Ingrid"]


@lru_cache(maxsize=8)
def playout(players: int, seed: int, limit: int = 3000, crew: str = "rulebook") -> tuple[Any, ...]:
    """Every state of a seeded random game, from the setup to the end (or ``limit`` moves);
    ``crew="two"``: the option of the other edition's starting Reavers (a ``start`` phase)."""
    game = games.get("reavers")
    state = game.setup(seed, players, {"starting_reavers": crew})
    rng = random.Random(seed * 10 + players)
    states = [state]
    for _ in range(limit):
        if game.outcome(state) is not None or not game.to_act(state):
            break
        seat = game.to_act(state)[0]
        state = game.apply(state, seat, rng.choice(game.legal_actions(state, seat)))
        states.append(state)
    return tuple(states)


def sample(players: int, seed: int, count: int = 10) -> list[Any]:
    """``count`` states spread along the game, the last one included."""
    states = playout(players, seed)
    step = max(1, len(states) // count)
    return list(states[::step]) + [states[-1]]


def public(state: Any) -> dict[str, Any]:
    return games.get("reavers").view(state, None)


def seen_by(state: Any, seat: int) -> dict[str, Any]:
    return games.get("reavers").view(state, seat)
