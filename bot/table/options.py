"""Options every game's lobby offers besides the game's own (``module.OPTIONS``).

They are stored with the game's options (``/game new game: options: boards=move``) but
are the table's, not the rules': ``game_options`` gives the rules only their own, so a
game's set-up and its replays never see them.
"""

from __future__ import annotations

from types import ModuleType
from typing import Any

TABLE_OPTIONS: list[dict[str, Any]] = [
    {
        "name": "boards",
        "description": (
            "turn: a new board in the channel when the turn passes to someone else, telling every "
            "move of the turn (the default); move: a board after every action"
        ),
        "choices": ["turn", "move"],
        "default": "turn",
    },
    {
        "name": "hints",
        "description": "on: a Hint button shows a player the sensible bot's choice, privately (the default); off",
        "choices": ["on", "off"],
        "default": "on",
    },
]
TABLE_NAMES = {o["name"] for o in TABLE_OPTIONS}


def every_option(module: ModuleType) -> list[dict[str, Any]]:
    """The options a lobby of this game offers: the game's own, then the table's."""
    return [*module.OPTIONS, *TABLE_OPTIONS]


def game_options(options: dict[str, str]) -> dict[str, str]:
    """Only the rules' own options, for ``setup`` and replays."""
    return {name: value for name, value in options.items() if name not in TABLE_NAMES}


def table_option(options: dict[str, str], name: str) -> str:
    """A table option's value (its default for a game stored before it existed)."""
    spec = next(o for o in TABLE_OPTIONS if o["name"] == name)
    return str(options.get(name, spec["default"]))
