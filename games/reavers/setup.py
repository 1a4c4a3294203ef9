"""A new game of Reavers of Midgard: decks, boards, starting supplies and the first round."""

from __future__ import annotations

from typing import Any

from games import core
from games.core import State
from games.reavers import flow
from games.reavers.data import (
    BATTLES,
    JOURNEYS,
    KEEP,
    PROPHECIES,
    REAVERS,
    SPACES,
    START,
    START_DICE,
    TERRITORIES,
    TERRITORY_TYPES,
    UPGRADES,
    VILLAGE,
)
from games.reavers.dice import draw, roll_face

OPTIONS: list[dict[str, Any]] = [
    {
        "name": "start",
        "description": "Start player: random, or a chosen seat (a seat beyond the table means random)",
        "choices": ["random", "seat1", "seat2", "seat3", "seat4", "seat5"],
        "default": "random",
    },
    {
        "name": "starting_reavers",
        "description": "Starting Reavers: rulebook (none) or two (another edition: each player draws "
        "2 Reavers before round 1)",
        "choices": ["rulebook", "two"],
        "default": "rulebook",
    },
]

# the other edition's setup deals each player this many Reavers before round 1
OTHER_EDITION_REAVERS = 2


def _new_seat(food: int) -> dict[str, Any]:
    return {
        "food": food,
        "favor": START["favor"],
        "glory": 0,
        "pawns": 0,
        "dice": [],
        "leader": None,
        "specialized": {space: [] for space in SPACES},
        "artifacts": [],
        "upgrades": [],
        "territories": [],
        "trophies": {"troll": 0, "kraken": 0, "wall": 0},
        "prophecies": [],
        "pile": [],
    }


def setup(seed: int, num_players: int, options: dict[str, str] | None = None) -> State:
    if not 2 <= num_players <= 5:
        raise ValueError("Reavers of Midgard is played by 2 to 5 players")
    choice = core.option_value(OPTIONS, options, "start")
    crew = core.option_value(OPTIONS, options, "starting_reavers")
    state: State = {"game": "reavers", "players": num_players, "reveals": 0, "log": []}
    core.seed_rng(state, seed)
    start = int(choice[4:]) - 1 if choice != "random" else -1
    if not 0 <= start < num_players:
        start = core.rand_below(state, num_players)
    decks = {
        "reavers": list(REAVERS),
        "villages": list(VILLAGE),
        "keeps": list(KEEP),
        "journeys": list(JOURNEYS),
        "sea": list(BATTLES),
        "prophecies": list(PROPHECIES),
    }
    for pile in decks.values():
        core.shuffle(state, pile)
    territories = {
        kind: [t for t in TERRITORIES if TERRITORIES[t]["type"] == kind] for kind in TERRITORY_TYPES
    }
    for stack in territories.values():
        core.shuffle(state, stack)
    state.update(
        {
            "options": {"start": choice, "starting_reavers": crew},
            "phase": "start",
            "round": 1,
            "start": start,
            "honor": start if num_players == 3 else None,
            "queue": [],
            "picks": [],
            "decks": decks,
            "discards": {deck: [] for deck in decks},
            "board": {"territories": territories, "upgrades": list(UPGRADES)},
            "seats": [],
            "stack": [],
            "combat": None,
            "midway": None,
            "final": None,
        }
    )
    for seat in range(num_players):
        distance = (seat - start) % num_players
        p = _new_seat(START["food"][distance])
        state["seats"].append(p)
        for color in START_DICE:
            p["dice"].append({"color": color, "face": roll_face(state, color)})
        for _ in range(START["prophecies"]):
            card = draw(state, "prophecies")
            if card is not None:
                p["prophecies"].append(card)
    flow.stock_board(state)
    count = OTHER_EDITION_REAVERS if crew == "two" else START["reavers"]
    if count:
        state["stack"].append({"kind": "starting", "seats": flow.order_from(state, start), "count": count})
    core.log(state, None, f"the game begins; {core.seat_ref(start)} holds the Start Player marker")
    flow.advance(state)
    return state
