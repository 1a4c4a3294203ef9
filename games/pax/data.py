"""The designed content of Pax Viking, read once from the JSON files beside this module.

Every entry in ``map.json``, ``jarls.json``, ``tiles.json`` and ``conditions.json`` is marked
``"designed": true``: the physical game's map and tiles are not public, so a group owning the
game can edit these files to match its copy. Ids are unique across regions, posts and homes.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

_HERE = Path(__file__).parent


def _load(name: str) -> dict[str, Any]:
    with open(_HERE / name, encoding="utf-8") as handle:
        data: dict[str, Any] = json.load(handle)
    return data


_MAP = _load("map.json")
_JARLS = _load("jarls.json")
_TILES = _load("tiles.json")
_CONDITIONS = _load("conditions.json")

FOLLOWERS = ("jarldom", "sweden", "theocracy", "rus")
FOLLOWER_NAMES = {"jarldom": "JARLDOM", "sweden": "SWEDEN", "theocracy": "THEOCRACY", "rus": "RUS"}
KINDS = ("venture", "event", "advocate", "god")
DIFFICULTIES = ("novice", "standard", "advanced", "eklundian")
COLOURS = ("red", "yellow", "green", "blue", "white", "black")

WINDS: dict[str, dict[str, Any]] = {w["id"]: w for w in _MAP["winds"]}
REGIONS: dict[str, dict[str, Any]] = {r["id"]: r for r in _MAP["regions"]}
POSTS: dict[str, dict[str, Any]] = {p["id"]: p for p in _MAP["posts"]}
HOMES: dict[str, dict[str, Any]] = {h["id"]: h for h in _MAP["homes"]}
BORDERS: list[list[str]] = _MAP["borders"]
JARLS: dict[str, dict[str, Any]] = {j["id"]: j for j in _JARLS["jarls"]}
TILES: dict[str, dict[str, Any]] = {t["id"]: t for t in _TILES["tiles"]}
CONDITIONS: dict[str, dict[str, Any]] = {c["id"]: c for c in _CONDITIONS["conditions"]}
TRACK_COSTS: list[int] = _TILES["track_costs"]
PILE_PER_PLAYER: dict[str, dict[str, int]] = _TILES["pile_per_player"]

FOLLOWERS_PER_TYPE: int = _JARLS["followers_per_type"]
LONGSHIPS: int = _JARLS["longships"]
ACTIONS: int = _JARLS["actions"]
HAND_LIMIT: int = _JARLS["hand_limit"]
GOD_SPACES = 2
ADVOCATE_SPACES = 3
JOURNEY_STEPS = 3
MAX_HOME_MARKERS = 3


# The lobby option ``silfr``: the designed schedule tuned by measurement (the default: see
# docs/rules/pax.md for why), or the rulebook's starting Silfr (3 for the start player, one
# more for each next player, Jarls only adding).
SILFR_SCHEDULES = ("tuned", "rulebook")
_RULEBOOK: dict[str, Any] = _JARLS["rulebook"]


def _tuned(difficulty: str) -> dict[str, Any]:
    """The starting Silfr that differs for games with this difficulty option (novice, mixed)."""
    return dict(_JARLS["tuned"].get("by_difficulty", {}).get(difficulty, {}))


def start_silfr(order: int, players: int, difficulty: str, schedule: str) -> int:
    """Starting Silfr by place in turn order from the start player at this player count."""
    if schedule == "rulebook":
        return int(_RULEBOOK["first"]) + order
    table = _tuned(difficulty).get("start_silfr", _JARLS["tuned"]["start_silfr"])
    return int(table[players - 2][order])


def extra_silfr(jarl: str, players: int, difficulty: str, schedule: str) -> int:
    """A Jarl's extra starting Silfr at this player count: a bonus of 0 or more by the
    rulebook's schedule; in the tuned one negative values are a malus."""
    if schedule == "rulebook":
        return int(_RULEBOOK["bonus"][jarl][players - 2])
    by_jarl = _tuned(difficulty).get("silfr", {})
    return int(by_jarl.get(jarl, _JARLS["tuned"]["silfr"][jarl])[players - 2])


def region_of(place: str) -> str | None:
    """The REGION a post or region id lies in (None for a HOME)."""
    if place in REGIONS:
        return place
    if place in POSTS:
        return str(POSTS[place]["region"])
    return None


def wind_of(place: str) -> str | None:
    region = region_of(place)
    return None if region is None else str(REGIONS[region]["wind"])


def navigable(region: str) -> bool:
    return REGIONS[region]["kind"] != "harbor"


def entry(post: str) -> str:
    """The region a post is entered from: its HARBOR sea, or its own river region."""
    data = POSTS[post]
    return str(data.get("harbor") or data["region"])


def in_location(place: str, location: str | None) -> bool:
    """Is a post or region inside a REQUIREMENT location (a region, a Wind, or None: anywhere)?"""
    if location is None:
        return True
    if location in WINDS:
        return wind_of(place) == location
    return region_of(place) == location


def posts_in(location: str | None) -> list[str]:
    return [p for p in POSTS if in_location(p, location)]


def place_name(place: str | None) -> str:
    if place is None:
        return "anywhere"
    for table in (POSTS, REGIONS, HOMES, WINDS):
        if place in table:
            return str(table[place]["name"])
    return place


def _neighbours() -> dict[str, list[str]]:
    graph: dict[str, list[str]] = {place: [] for place in (*REGIONS, *POSTS, *HOMES)}
    for a, b in BORDERS:
        graph[a].append(b)
        graph[b].append(a)
    for post in POSTS:
        graph[post].append(entry(post))
        graph[entry(post)].append(post)
    for home, data in HOMES.items():
        for region in data["links"]:
            graph[home].append(region)
            graph[region].append(home)
    return graph


# One STEP = one edge of this graph (see docs/rules/pax.md).
GRAPH: dict[str, list[str]] = _neighbours()


def tile_name(tile: str) -> str:
    return str(TILES[tile]["name"])
