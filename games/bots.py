"""Bot seats: choose an action from a seat's own view and its legal actions only.

A game may provide ``games/<id>/bot.py`` with::

    def choose(view: dict, actions: list[str], rng: games.core.Rng) -> str

``view`` is ``module.view(state, seat)`` (what that seat may see, never the state),
``actions`` is ``module.legal_actions(state, seat)`` (never empty) and ``rng`` a seeded
generator. It returns one of ``actions``. That is the ``sensible`` level; ``random`` is
the same for every game. A game without ``bot.py`` plays ``sensible`` as ``random``.
"""

from __future__ import annotations

import importlib
from typing import Any

import games
from games.core import Rng

LEVELS = ("sensible", "random")
DEFAULT_LEVEL = "sensible"


def _sensible(game_id: str) -> Any:
    games.get(game_id)  # KeyError for an unknown game
    try:
        return importlib.import_module(f"games.{game_id}.bot").choose
    except ModuleNotFoundError as error:
        if error.name != f"games.{game_id}.bot":
            raise
        return None


def choose(game_id: str, level: str, view: dict[str, Any], actions: list[str], rng: Rng) -> str:
    """The action a bot of ``level`` takes; ``actions`` must not be empty."""
    if not actions:
        raise ValueError("a bot needs at least one legal action")
    if level not in LEVELS:
        raise ValueError(f"unknown bot level: {level}")
    chooser = _sensible(game_id) if level == "sensible" else None
    if chooser is None:
        return str(rng.choice(actions))
    action = chooser(view, actions, rng)
    if action not in actions:
        raise ValueError(f"{game_id} bot chose {action!r}, which is not legal")
    return str(action)
