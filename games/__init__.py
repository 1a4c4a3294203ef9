"""Pure rule modules, one package per game, all following the same contract.

``games.get(game_id)`` returns a module with every member of the contract
(``docs/contract.md``; ``games.core.DATA_MEMBERS`` and ``games.core.CALLED_MEMBERS`` name
them), all required: identity, ``setup``, ``to_act``, ``legal_actions``, ``apply``,
``view`` and ``outcome``, and also ``OPTIONS``, ``COMMANDS``, ``CARDS``, ``label``,
``prompt``, ``private``, ``midway``, ``breakdown`` and ``score_now``.
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
