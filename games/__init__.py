"""Pure rule modules, one package per game, all following the same contract.

``games.get(game_id)`` returns a module with ``id``, ``title``, ``min_players``,
``max_players``, ``setup``, ``to_act``, ``legal_actions``, ``apply``, ``view`` and
``outcome`` (see ``docs/contract.md``). Optional members the bot uses when present:
``OPTIONS`` (lobby options), ``COMMANDS`` (typed slash commands), ``label`` (short
button text for an action), ``prompt`` and ``private`` (two parts of a view, without the
rest of it), ``midway`` (the acting seat is part-way through one action) and
``breakdown`` (the labelled parts of each seat's score).
"""

from __future__ import annotations

import importlib
from types import ModuleType

from games.core import IllegalAction

__all__ = ["IllegalAction", "get", "names"]

_IDS = ("knarr", "volga", "saga", "reavers", "pax")


def names() -> list[str]:
    """The ids of every playable game."""
    return list(_IDS)


def get(game_id: str) -> ModuleType:
    """The rule module of ``game_id``; ``KeyError`` for an unknown id."""
    if game_id not in _IDS:
        raise KeyError(game_id)
    return importlib.import_module(f"games.{game_id}")
