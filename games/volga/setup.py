"""A new game of Vikings on the Volga: board, Horde and Prince, contracts, starting picks."""

from __future__ import annotations

from typing import Any

from games import core
from games.core import State
from games.volga import board, flow, names
from games.volga.data import (
    CITY_IDS,
    CITY_TILE,
    CONTRACT_IDS,
    CONTRACTS_PER_PLAYER,
    GOODS,
    START_RUBLES,
    TILE_IDS,
    city_name,
)

OPTIONS: list[dict[str, Any]] = [
    {
        "name": "board",
        "description": "Board: a ready random map, or build it tile by tile as in the rulebook",
        "choices": ["random", "build"],
        "default": "random",
    },
]


def setup(seed: int, num_players: int, options: dict[str, str] | None = None) -> State:
    if not 2 <= num_players <= 5:
        raise ValueError("Vikings on the Volga is played by 2 to 5 players")
    options = options or {}
    mode = core.option_value(OPTIONS, options, "board")
    state: State = {
        "game": "volga",
        "players": num_players,
        "reveals": 0,
        "log": [],
        "options": {"board": mode},
        "phase": "build",
        "tiles": [],
        "bag": [],
        "drawn_tile": None,
        "spot": None,
        "current": 0,
        "first": None,
        "last_placer": None,
        "horde": None,
        "prince": None,
        "burned": [],
        "passes": {city: None for city in CITY_IDS},
        "deck": [],
        "table": [],
        "drawn": [],
        "seats": [
            {
                "rubles": START_RUBLES,
                "goods": {g: 0 for g in GOODS},
                "ship": "small",
                "tile": None,
                "hand": [],
            }
            for _ in range(num_players)
        ],
        "turn": flow.fresh_turn(),
        "offer": None,
        "choices": [],
        "result": None,
    }
    core.seed_rng(state, seed)
    if mode == "random":
        state["tiles"] = board.random_board(state)
        # The rulebook's order of picks starts with whoever placed the last tile; with a
        # ready board the generator names that seat.
        state["last_placer"] = core.rand_below(state, num_players)
        core.log(state, state["last_placer"], "is named the last tile placer of the ready board")
        finish_board(state)
    else:
        state["bag"] = list(TILE_IDS)
        core.shuffle(state, state["bag"])
        opener = core.rand_below(state, num_players)
        tile = core.draw(state, state["bag"])
        state["tiles"] = [{"id": tile, "x": 0, "y": 0, "rot": 0}]
        core.log(state, opener, f"sets the first tile, {names.tile_piece(tile)}, in the middle")
        state["current"] = (opener + 1) % num_players
        draw_tile(state)
    return state


def draw_tile(state: State) -> None:
    state["drawn_tile"] = core.draw(state, state["bag"])
    state["spot"] = None
    core.log(state, state["current"], f"draws a tile: {names.tile_piece(state['drawn_tile'])}")


def finish_board(state: State) -> None:
    """The board is complete: Horde, Prince, contracts, then the picks of passes and ships."""
    board.normalize(state["tiles"])
    n = state["players"]
    passes = list(CITY_IDS)
    core.shuffle(state, passes)
    horde_city = core.draw(state, passes)
    prince_city = core.draw(state, passes)
    state["horde"] = CITY_TILE[horde_city]
    state["prince"] = CITY_TILE[prince_city]
    state["burned"] = [horde_city]
    core.log(state, None, f"the Horde starts at {city_name(horde_city)} and burns it")
    core.log(state, None, f"the Prince starts at {city_name(prince_city)}")
    state["deck"] = list(CONTRACT_IDS)
    core.shuffle(state, state["deck"])
    state["table"] = [core.draw(state, state["deck"]) for _ in range(CONTRACTS_PER_PLAYER * n)]
    last = state["last_placer"]
    order = [(last - i) % n for i in range(n)]  # to the right: down the seat numbers
    state["choices"] = [{"kind": "pick", "seat": s} for s in order]
    state["choices"] += [{"kind": "ship", "seat": s} for s in order]
    state["first"] = order[-1]
    state["phase"] = "setup"
    state["current"] = last
    state["drawn_tile"] = None
    state["spot"] = None
    flow.settle(state)
