"""Static Volga data, read once from ``volga.json`` next to this module.

The state only ever holds ids (tiles ``T01``, contracts ``C01``, cities ``kiev``); what is
printed on a piece lives here. Entries flagged ``"designed": true`` are our design where the
rulebook is silent (see ``docs/rules/volga.md``).
"""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from typing import Any

_RAW: dict[str, Any] = json.loads((Path(__file__).parent / "volga.json").read_text("utf-8"))

START_RUBLES: int = _RAW["start_rubles"]
WIN_RUBLES: int = _RAW["win_rubles"]
END_BURNED: int = _RAW["end_burned"]
GOOD_PRICE: int = _RAW["good_price"]
PASS_PRICE: int = _RAW["pass_price"]
FEE: int = _RAW["fee"]
UPGRADE_PRICE: int = _RAW["upgrade_price"]
SMALL_CAPACITY: int = _RAW["small_capacity"]
RIVER_STEPS: int = _RAW["river_steps"]
LAND_STEPS: int = _RAW["land_steps"]
HORDE_STEPS: int = _RAW["horde_steps"]
BURN_REWARD: int = _RAW["burn_reward"]
REBUILD_REWARD: int = _RAW["rebuild_reward"]
RAID: int = _RAW["raid"]
CONTRACTS_PER_PLAYER: int = _RAW["contracts_per_player"]
DRAW_COUNT: int = _RAW["draw_count"]
GOODS: list[str] = _RAW["goods"]
SOURCES: dict[str, str] = _RAW["sources"]
PRICES: list[int] = _RAW["price_card"]["circles"]
RIVER_SHAPES: dict[str, list[str]] = {k: v for k, v in _RAW["river_shapes"].items() if k != "designed"}

CITIES: dict[str, dict[str, Any]] = {city["id"]: city for city in _RAW["cities"]}
CITY_IDS: list[str] = [city["id"] for city in _RAW["cities"]]
TILES: dict[str, dict[str, Any]] = {tile["id"]: tile for tile in _RAW["tiles"]}
TILE_IDS: list[str] = [tile["id"] for tile in _RAW["tiles"]]
CONTRACTS: dict[str, dict[str, Any]] = {card["id"]: card for card in _RAW["contracts"]}
CONTRACT_IDS: list[str] = [card["id"] for card in _RAW["contracts"]]
CITY_TILE: dict[str, str] = {t["city"]: t["id"] for t in _RAW["tiles"] if t["city"]}
SOURCE_GOOD: dict[str, str] = {city: good for good, city in SOURCES.items()}

EDGES = ("N", "E", "S", "W")
OPPOSITE = {"N": "S", "E": "W", "S": "N", "W": "E"}
DELTA = {"N": (0, -1), "E": (1, 0), "S": (0, 1), "W": (-1, 0)}


def rivers(tile_id: str, rot: int) -> list[str]:
    """The river edges of a tile turned ``rot`` quarter turns clockwise, in N E S W order."""
    return list(_rivers(tile_id, rot))


@cache
def _rivers(tile_id: str, rot: int) -> tuple[str, ...]:
    """``rivers``, worked out once a tile and turn: a random board asks it about 2,900
    times, a view 24 times."""
    shape = TILES[tile_id]["shape"]
    if shape is None:
        return ()
    turned = {EDGES[(EDGES.index(edge) + rot) % 4] for edge in RIVER_SHAPES[shape]}
    return tuple(edge for edge in EDGES if edge in turned)


def distinct_rotations(tile_id: str) -> list[int]:
    """Rotations (0-3) that give different river layouts: 4, 2 for a straight, 1 for land."""
    seen: list[tuple[str, ...]] = []
    result = []
    for rot in range(4):
        layout = tuple(rivers(tile_id, rot))
        if layout not in seen:
            seen.append(layout)
            result.append(rot)
    return result


def city_name(city: str) -> str:
    return str(CITIES[city]["name"])
