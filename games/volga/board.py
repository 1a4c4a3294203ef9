"""The map: square tiles on a grid, edge neighbours, river steps and the random board.

``state["tiles"]`` is a list of ``{"id", "x", "y", "rot"}`` in the order the tiles were
placed; ``x`` grows to the east and ``y`` to the south. A step between two neighbouring
tiles is a river step only when both tiles show river on their shared edge.
"""

from __future__ import annotations

from typing import Any

from games import core
from games.core import State
from games.volga.data import (
    DELTA,
    OPPOSITE,
    TILE_IDS,
    TILES,
    distinct_rotations,
    rivers,
)

Tile = dict[str, Any]


def positions(tiles: list[Tile]) -> dict[tuple[int, int], Tile]:
    return {(t["x"], t["y"]): t for t in tiles}


def neighbours(tiles: list[Tile], tile_id: str) -> list[tuple[str, str, bool]]:
    """``(edge, neighbour id, river step?)`` for every tile next to ``tile_id``."""
    pos = positions(tiles)
    here = next(t for t in tiles if t["id"] == tile_id)
    mine = rivers(here["id"], here["rot"])
    found = []
    for edge, (dx, dy) in DELTA.items():
        other = pos.get((here["x"] + dx, here["y"] + dy))
        if other is None:
            continue
        river = edge in mine and OPPOSITE[edge] in rivers(other["id"], other["rot"])
        found.append((edge, other["id"], river))
    return found


def free_spots(tiles: list[Tile]) -> list[tuple[int, int]]:
    """Empty grid positions sharing an edge with the board, sorted (y, then x)."""
    pos = positions(tiles)
    spots = {(x + dx, y + dy) for (x, y) in pos for dx, dy in DELTA.values() if (x + dx, y + dy) not in pos}
    return sorted(spots, key=lambda p: (p[1], p[0]))


def normalize(tiles: list[Tile]) -> None:
    """Shift the board so the smallest x and y are 0."""
    if not tiles:
        return
    min_x = min(t["x"] for t in tiles)
    min_y = min(t["y"] for t in tiles)
    for t in tiles:
        t["x"] -= min_x
        t["y"] -= min_y


def connected(tiles: list[Tile], river_only: bool, among: list[str] | None = None) -> bool:
    """Can every tile of ``among`` (default: all) reach every other one?"""
    targets = set(among if among is not None else [t["id"] for t in tiles])
    if len(targets) <= 1:
        return True
    start = next(iter(targets))
    seen = {start}
    frontier = [start]
    while frontier:
        tile = frontier.pop()
        for _, other, river in neighbours(tiles, tile):
            if other not in seen and (river or not river_only):
                seen.add(other)
                frontier.append(other)
    return targets <= seen


def city_tiles(tiles: list[Tile]) -> list[str]:
    return [t["id"] for t in tiles if TILES[t["id"]]["city"] is not None]


def legal_board(tiles: list[Tile], river: bool = True) -> bool:
    """Every tile placed once, no two on one spot, all connected; with ``river`` every city
    also reaches every other city by river."""
    ids = [t["id"] for t in tiles]
    if sorted(ids) != sorted(TILE_IDS) or len(positions(tiles)) != len(tiles):
        return False
    if not connected(tiles, river_only=False):
        return False
    return not river or connected(tiles, river_only=True, among=city_tiles(tiles))


def _river_joins(tiles: list[Tile], tile_id: str, spot: tuple[int, int], rot: int) -> bool:
    pos = positions(tiles)
    for edge in rivers(tile_id, rot):
        dx, dy = DELTA[edge]
        other = pos.get((spot[0] + dx, spot[1] + dy))
        if other is not None and OPPOSITE[edge] in rivers(other["id"], other["rot"]):
            return True
    return False


def _attempt(state: State) -> list[Tile] | None:
    order = list(TILE_IDS)
    core.shuffle(state, order)
    water = [t for t in order if TILES[t]["shape"] is not None]
    first = water[0]
    order.remove(first)
    tiles: list[Tile] = [{"id": first, "x": 0, "y": 0, "rot": core.rand_below(state, 4)}]
    for tile_id in order:
        spots = free_spots(tiles)
        if TILES[tile_id]["shape"] is None:
            options = [(spot, 0) for spot in spots]
        else:
            options = [
                (spot, rot)
                for spot in spots
                for rot in distinct_rotations(tile_id)
                if _river_joins(tiles, tile_id, spot, rot)
            ]
        if not options:
            return None
        # Of two random candidates keep the one with more neighbours: a more compact map.
        pos = positions(tiles)
        (x, y), rot = max(
            (core.choice(state, options) for _ in range(2)),
            key=lambda option: sum(
                (option[0][0] + dx, option[0][1] + dy) in pos for dx, dy in DELTA.values()
            ),
        )
        tiles.append({"id": tile_id, "x": x, "y": y, "rot": rot})
    return tiles


def random_board(state: State) -> list[Tile]:
    """A legal board from the state's generator: every river tile joins the river network
    already on the board, land tiles go anywhere next to it."""
    while True:
        tiles = _attempt(state)
        if tiles is not None and legal_board(tiles):
            normalize(tiles)
            return tiles


def city_of(tile_id: str) -> str | None:
    city = TILES[tile_id]["city"]
    return None if city is None else str(city)
