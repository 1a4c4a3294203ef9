"""Static Saga data, read once from ``saga.json`` next to this module.

Entries marked ``"designed": true`` in the file are our own design where the rulebook is
silent (see ``docs/rules/saga.md``); everything else is printed in the rulebook.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

_RAW: dict[str, Any] = json.loads((Path(__file__).parent / "saga.json").read_text("utf-8"))

SIDES = ("viking", "anglo")
SIDE_NAMES = {"viking": "Vikings", "anglo": "Anglo-Saxons"}

ENGLAND: list[str] = [a["id"] for a in _RAW["areas"]["england"]]
SCANDINAVIA: list[str] = [a["id"] for a in _RAW["areas"]["scandinavia"]]
AREAS: dict[str, dict[str, Any]] = {
    a["id"]: a for a in _RAW["areas"]["england"] + _RAW["areas"]["scandinavia"]
}
COASTAL: list[str] = [a for a in ENGLAND if AREAS[a]["kind"] == "coastal"]
INLAND: list[str] = [a for a in ENGLAND if AREAS[a]["kind"] == "inland"]
BORDERS: list[list[str]] = [list(pair) for pair in _RAW["borders"]["pairs"]]
ADJACENT: dict[str, list[str]] = {area: [] for area in AREAS}
for _a, _b in BORDERS:
    ADJACENT[_a].append(_b)
    ADJACENT[_b].append(_a)

# Destination markers: id -> the coastal area with the same sigil.
MARKERS: dict[str, str] = {AREAS[a]["marker"]: a for a in COASTAL}
MARKER_OF: dict[str, str] = {area: marker for marker, area in MARKERS.items()}

TILES: list[dict[str, Any]] = _RAW["tiles"]["list"]
TILE_IDS: list[int] = [t["id"] for t in TILES]

TRACK_SPACES: int = _RAW["track"]["spaces"]
STRONGHOLD_START: int = _RAW["track"]["stronghold_start"]
PILLAGE: dict[str, Any] = _RAW["pillage"]
VIKING_RECRUITS: int = _RAW["viking_recruits"]["count"]
SUPPLY: dict[str, int] = _RAW["supply"]
VICTORY: dict[str, int] = _RAW["victory"]
# Designed: do the two markers revealed at setup go back into the face-down pile?
SETUP_MARKERS_RETURN: bool = _RAW["setup_markers_return"]["value"]

ABILITIES: dict[str, dict[str, str]] = {
    item["ability"]: {**item, "side": side} for side in SIDES for item in _RAW["leaders"][side]
}
SIDE_ABILITIES: dict[str, list[str]] = {
    side: [item["ability"] for item in _RAW["leaders"][side]] for side in SIDES
}
# One public tag per leader of a side (the rulebook's four): VL1.., AL1..
TAGS: dict[str, list[str]] = {
    side: [f"{side[0].upper()}L{n}" for n in range(1, len(SIDE_ABILITIES[side]) + 1)] for side in SIDES
}


def tile(tile_id: int) -> dict[str, Any]:
    return TILES[tile_id - 1]


def area_name(area: str) -> str:
    if area == "drakkar":
        return "the Drakkar"
    return str(AREAS[area]["name"])


def other(side: str) -> str:
    return "anglo" if side == "viking" else "viking"
