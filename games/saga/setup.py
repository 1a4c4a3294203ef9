"""A new game of Saga: sides, the starting board, leaders and the first draft."""

from __future__ import annotations

from typing import Any

from games import core
from games.core import State
from games.saga import flow
from games.saga.data import (
    ENGLAND,
    MARKERS,
    SCANDINAVIA,
    SETUP_MARKERS_RETURN,
    SIDE_ABILITIES,
    STRONGHOLD_START,
    SUPPLY,
    TAGS,
    TILE_IDS,
    TRACK_SPACES,
    area_name,
)

OPTIONS: list[dict[str, Any]] = [
    {
        "name": "side",
        "description": "Who plays which side: random, or seat 0 plays the Vikings / the Anglo-Saxons",
        "choices": ["random", "first_viking", "first_anglo"],
        "default": "random",
    },
]


def _empty_units() -> dict[str, Any]:
    return {"warriors": 0, "leaders": []}


def setup(seed: int, num_players: int, options: dict[str, str] | None = None) -> State:
    if num_players != 2:
        raise ValueError("Saga is played by 2 players")
    options = options or {}
    side = core.option_value(OPTIONS, options, "side")
    state: State = {"game": "saga", "players": 2, "reveals": 0, "log": []}
    core.seed_rng(state, seed)
    viking = {"first_viking": 0, "first_anglo": 1}.get(side)
    if viking is None:
        viking = core.rand_below(state, 2)
    state["options"] = {"side": side}
    state["sides"] = {"viking": viking, "anglo": 1 - viking}
    state["round"] = 1
    state["track"] = {"spaces": TRACK_SPACES, "round": TRACK_SPACES, "stronghold": STRONGHOLD_START}
    state["areas"] = {
        area: {"stronghold": False, "viking": _empty_units(), "anglo": _empty_units()}
        for area in ENGLAND + SCANDINAVIA
    }
    state["drakkar"] = _empty_units()
    state["supply"] = {
        "viking": {"warriors": SUPPLY["warriors"]},
        "anglo": {"warriors": SUPPLY["warriors"], "strongholds": SUPPLY["strongholds"]},
    }
    state["coins"] = {
        "viking": SUPPLY["viking_coins"],
        "anglo": SUPPLY["anglo_coins"],
        "supply": SUPPLY["coins"] - SUPPLY["viking_coins"] - SUPPLY["anglo_coins"],
    }
    state["spaces"] = {area: {"marker": None, "face_up": False} for area in SCANDINAVIA}
    areas = state["areas"]

    def place(area: str, side_name: str, warriors: int) -> None:
        areas[area][side_name]["warriors"] += warriors
        state["supply"][side_name]["warriors"] -= warriors

    def fort(area: str) -> None:
        areas[area]["stronghold"] = True
        state["supply"]["anglo"]["strongholds"] -= 1

    place("mercia", "anglo", 1)
    fort("mercia")
    pool = sorted(MARKERS)
    core.shuffle(state, pool)
    first = core.draw(state, pool)
    place(MARKERS[first], "viking", 2)
    second = core.draw(state, pool)
    place(MARKERS[second], "anglo", 1)
    fort(MARKERS[second])
    # Designed (``setup_markers_return``): both setup markers go back face down and the pile
    # is shuffled again; otherwise they stay out of the game, face up beside the board.
    if SETUP_MARKERS_RETURN:
        pool += [first, second]
        core.shuffle(state, pool)
    state["pool"] = pool
    for area in ENGLAND:
        if not areas[area]["viking"]["warriors"] and not areas[area]["anglo"]["warriors"]:
            place(area, "anglo", 1)
    state["leaders"] = {}
    state["leaders_lost"] = {"viking": 0, "anglo": 0}
    for side_name in ("anglo", "viking"):
        abilities = list(SIDE_ABILITIES[side_name])
        core.shuffle(state, abilities)
        for tag, kind in zip(TAGS[side_name], abilities, strict=True):
            state["leaders"][tag] = {"side": side_name, "ability": kind, "where": "supply", "known": False}
        state["leaders"][TAGS[side_name][-1]]["where"] = "aside"
    for area, tag in zip(SCANDINAVIA, TAGS["viking"][:3], strict=True):
        place(area, "viking", 1)
        areas[area]["viking"]["leaders"].append(tag)
        state["leaders"][tag]["where"] = "board"
    state["initiative"] = "viking"
    state["tiles"] = [{"id": t, "holder": None, "resolved": False} for t in TILE_IDS]
    state.update(phase="draft", draft=None, resolving=None, combat=None, result=None)
    core.log(state, viking, "plays the Vikings")
    core.log(state, 1 - viking, "plays the Anglo-Saxons")
    core.log(
        state,
        None,
        f"Vikings land in {area_name(MARKERS[first])}; a Stronghold rises in {area_name(MARKERS[second])}",
    )
    if not SETUP_MARKERS_RETURN:
        core.log(state, None, "the two markers revealed at setup stay out of the game")
    flow.start_round(state)
    return state
