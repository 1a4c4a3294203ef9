"""A new game of Pax Viking, in the rulebook's six setup steps."""

from __future__ import annotations

from typing import Any

from games import core
from games.core import State
from games.pax import board
from games.pax.data import (
    COLOURS,
    CONDITIONS,
    DIFFICULTIES,
    FOLLOWERS,
    FOLLOWERS_PER_TYPE,
    JARLS,
    LONGSHIPS,
    PILE_PER_PLAYER,
    POSTS,
    SILFR_SCHEDULES,
    TILES,
    TRACK_COSTS,
    extra_silfr,
    place_name,
    posts_in,
    start_silfr,
)

OPTIONS: list[dict[str, Any]] = [
    {
        "name": "difficulty",
        "description": "Victory Conditions dealt: three of one difficulty, or one of each (mixed)",
        "choices": ["standard", "novice", "advanced", "eklundian", "mixed"],
        "default": "standard",
    },
    {
        "name": "conditions",
        "description": "Victory Conditions face up, or face down and one turned up per RESOLVED Event",
        "choices": ["up", "down"],
        "default": "up",
    },
    {
        "name": "silfr",
        "description": "Starting Silfr: tuned (default) by measurement, or rulebook: 3, 4, 5... in turn order",
        "choices": list(SILFR_SCHEDULES),
        "default": "tuned",
    },
    {
        "name": "hands",
        "description": "Hands closed, or the open-hands variant (every hand public)",
        "choices": ["closed", "open"],
        "default": "closed",
    },
]

CONDITIONS_DEALT = 3


def _deal_conditions(state: State, difficulty: str, face_up: bool) -> None:
    """Step 1: the Victory Conditions in their spaces."""
    if difficulty == "mixed":
        chosen = [
            core.choice(state, [c for c in CONDITIONS if CONDITIONS[c]["difficulty"] == d])
            for d in DIFFICULTIES
        ]
    else:
        pool = [c for c in CONDITIONS if CONDITIONS[c]["difficulty"] == difficulty]
        core.shuffle(state, pool)
        chosen = pool[:CONDITIONS_DEALT]
    state["conditions"] = [{"id": c, "face_up": face_up} for c in chosen]


def _build_pile(state: State, difficulty: str, players: int) -> list[str]:
    """Step 2: the SAGA PILE, a random mix of each kind per player."""
    pile: list[str] = []
    for kind, count in PILE_PER_PLAYER[difficulty].items():
        tiles = [t for t in TILES if TILES[t]["kind"] == kind]
        core.shuffle(state, tiles)
        pile += tiles[: count * players]
    core.shuffle(state, pile)
    return pile


def _preplace(state: State, players: int) -> None:
    """Step 3: 6 minus players unused Ventures, each of a different location, on their posts."""
    unused = [t for t in TILES if TILES[t]["kind"] == "venture" and t not in state["pile"]]
    core.shuffle(state, unused)
    locations: set[str] = set()
    for tile in unused:
        if len(locations) >= 6 - players:
            break
        location = TILES[tile]["location"]
        free = [
            p
            for p in posts_in(location)
            if POSTS[p]["kind"] == "empty" and state["posts"][p]["venture"] is None
        ]
        if location in locations or not free:
            continue
        post = core.choice(state, free)
        state["posts"][post]["venture"] = tile
        locations.add(location)
        core.log(state, None, f"{board.describe_tile(tile)} is placed at {place_name(post)}")


def setup(seed: int, num_players: int, options: dict[str, str] | None = None) -> State:
    if not 2 <= num_players <= 6:
        raise ValueError("Pax Viking is played by 2 to 6 players")
    difficulty = core.option_value(OPTIONS, options, "difficulty")
    face = core.option_value(OPTIONS, options, "conditions")
    hands = core.option_value(OPTIONS, options, "hands")
    schedule = core.option_value(OPTIONS, options, "silfr")
    state: State = {
        "game": "pax",
        "players": num_players,
        "reveals": 0,
        "log": [],
        "options": {"difficulty": difficulty, "conditions": face, "silfr": schedule, "hands": hands},
        "phase": "action",
        "round": 1,
        "posts": {p: {"venture": None, "follower": None} for p in POSTS},
        "track": [None] * len(TRACK_COSTS),
        "discard": [],
        "removed": [],
        "influence": dict.fromkeys(FOLLOWERS),
        "turn": {"used": [], "influence_used": [], "once": []},
        "pending": None,
        "offer": None,
        "althing": None,
        "result": None,
    }
    core.seed_rng(state, seed)
    _deal_conditions(state, difficulty, face == "up")
    pile_kind = difficulty if difficulty in PILE_PER_PLAYER else "standard"
    state["pile"] = _build_pile(state, pile_kind, num_players)
    _preplace(state, num_players)
    jarls = list(JARLS)
    core.shuffle(state, jarls)
    first = core.rand_below(state, num_players)
    state["first"] = first
    state["current"] = first
    state["seats"] = []
    for seat in range(num_players):
        jarl = JARLS[jarls[seat]]
        order = (seat - first) % num_players
        state["seats"].append(
            {
                "jarl": jarl["id"],
                "colour": COLOURS[seat],
                "silfr": max(
                    0,
                    start_silfr(order, num_players, difficulty, schedule)
                    + extra_silfr(jarl["id"], num_players, difficulty, schedule),
                ),
                "hand": [],
                "supply": dict.fromkeys(FOLLOWERS, FOLLOWERS_PER_TYPE),
                "ships": [{"at": None, "exhausted": False} for _ in range(LONGSHIPS)],
                "gods": [],
                "advocates": [],
                "homes": [jarl["home"]],
            }
        )
    board.refresh_track(state)
    core.log(state, first, "is the start player")
    board.influence_phase(state, first)
    return state
