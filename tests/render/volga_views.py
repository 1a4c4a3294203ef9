"""Hand-built Vikings on the Volga views (docs/contract.md, "Volga view") for the renderer tests.

They do not come from ``games.volga``; they cover the shapes a real game produces: 2 and 5
players, the build phase, mid-game with burned cities and a pending trade offer, and the end.
"""

from __future__ import annotations

import copy
from collections.abc import Sequence
from typing import Any

View = dict[str, Any]

NAMES = ["Astrid", "Bjorn", "Sigrid", "Ulf", "Gudrun"]
LONG_NAMES = [
    "Ragnhildr the Exceedingly Patient Trader of Furs",
    "Þórfinnr Karlsefni Ø",
    "🛶🛶🛶 emoji captain 🛶",
    "   ",
    "Sigurd Snake-in-the-Eye Ragnarsson",
]

CITIES: dict[str, tuple[str, str | None]] = {
    "novgorod": ("Novgorod", "amber"),
    "minsk": ("Minsk", "fish"),
    "smolensk": ("Smolensk", "furs"),
    "kiev": ("Kiev", None),
    "polotsk": ("Polotsk", None),
    "chernigov": ("Chernigov", None),
    "pskov": ("Pskov", None),
    "rostov": ("Rostov", None),
    "bulgar": ("Bulgar", None),
    "itil": ("Itil", None),
}

# (x, y, kind, rivers after rotation, city)
_BOARD: list[tuple[int, int, str, list[str], str | None]] = [
    (1, 0, "city", ["S", "E"], "novgorod"),
    (3, 0, "city", ["W", "S"], "pskov"),
    (5, 0, "land", [], None),
    (0, 1, "river", ["E", "S"], None),
    (1, 1, "river", ["N", "E", "W"], None),
    (2, 1, "city", ["E", "W"], "polotsk"),
    (3, 1, "river", ["N", "E", "W"], None),
    (4, 1, "city", ["E", "W"], "minsk"),
    (5, 1, "river", ["W", "S"], None),
    (0, 2, "city", ["N", "S"], "smolensk"),
    (1, 2, "land", [], None),
    (2, 2, "river", ["E", "S"], None),
    (3, 2, "city", ["W", "E", "S"], "kiev"),
    (4, 2, "land", [], None),
    (5, 2, "city", ["N", "S"], "chernigov"),
    (0, 3, "river", ["N", "E"], None),
    (1, 3, "city", ["W", "E"], "rostov"),
    (2, 3, "river", ["N", "W", "E"], None),
    (3, 3, "river", ["N", "S"], None),
    (4, 3, "land", [], None),
    (5, 3, "river", ["N", "S", "W"], None),
    (3, 4, "city", ["N", "E"], "bulgar"),
    (4, 4, "city", ["W", "E"], "itil"),
    (5, 4, "river", ["W", "N"], None),
]

SHAPES = {1: "straight", 2: "bend", 3: "tee"}


def tiles(burned: Sequence[str] = ()) -> list[dict[str, Any]]:
    out = []
    for i, (x, y, kind, rivers, city) in enumerate(_BOARD):
        shape = None
        if rivers:
            shape = "bend" if len(rivers) == 2 and set(rivers) not in ({"N", "S"}, {"E", "W"}) else "straight"
            if len(rivers) == 3:
                shape = "tee"
        out.append(
            {
                "id": f"T{i + 1:02d}",
                "x": x,
                "y": y,
                "rot": 0,
                "kind": kind,
                "shape": shape,
                "rivers": list(rivers),
                "city": city,
                "name": CITIES[city][0] if city else None,
                "burned": city in burned if city else False,
            }
        )
    return out


def tile_of(city: str) -> str:
    for i, entry in enumerate(_BOARD):
        if entry[4] == city:
            return f"T{i + 1:02d}"
    raise KeyError(city)


def tile_at(x: int, y: int) -> str:
    for i, entry in enumerate(_BOARD):
        if entry[0] == x and entry[1] == y:
            return f"T{i + 1:02d}"
    raise KeyError((x, y))


def cities(burned: Sequence[str], holders: dict[str, int]) -> list[dict[str, Any]]:
    return [
        {
            "id": cid,
            "name": name,
            "tile": tile_of(cid),
            "good": good,
            "burned": cid in burned,
            "holder": holders.get(cid),
        }
        for cid, (name, good) in CITIES.items()
    ]


def contract(good: str, city: str) -> dict[str, str]:
    return {"id": f"C-{good}-{city}", "good": good, "city": city}


def seat(
    index: int,
    rubles: int,
    goods: dict[str, int] | None = None,
    passes: Sequence[str] = (),
    ship: str = "small",
    tile: str | None = None,
    hidden: int = 0,
) -> dict[str, Any]:
    g = {"amber": 0, "fish": 0, "furs": 0}
    g.update(goods or {})
    return {
        "seat": index,
        "rubles": rubles,
        "goods": g,
        "passes": list(passes),
        "ship": ship,
        "capacity": 2 if ship == "small" else None,
        "tile": tile,
        "hidden_contracts": hidden,
    }


def base_view(
    players: int,
    seats: list[dict[str, Any]],
    burned: Sequence[str],
    table: list[dict[str, str]],
    *,
    horde: str | None,
    prince: str | None,
    to_act: Sequence[int],
    prompt: str,
    deck: int,
    log: list[dict[str, Any]] | None = None,
) -> View:
    holders = {city: s["seat"] for s in seats for city in s["passes"]}
    return {
        "game": "volga",
        "seat": None,
        "players": players,
        "to_act": list(to_act),
        "prompt": prompt,
        "phase": "turn",
        "options": {"board": "random"},
        "current": to_act[0] if to_act else 0,
        "first": 0,
        "last_placer": players - 1,
        "tiles": tiles(burned),
        "bag": 0,
        "drawn_tile": None,
        "spot": None,
        "spots": [],
        "ships": [{"seat": s["seat"], "tile": s["tile"], "size": s["ship"]} for s in seats],
        "horde": horde,
        "prince": prince,
        "price": {
            "circles": [2, 3, 4, 5, 6, 8],
            "index": len(burned),
            "value": [2, 3, 4, 5, 6, 8][len(burned)],
        },
        "cities": cities(burned, holders),
        "passes_available": [c for c in CITIES if c not in holders],
        "contracts": table,
        "deck": deck,
        "seats": seats,
        "turn": {"acted": False, "moved": False},
        "offer": None,
        "choice": None,
        "log": log or [],
        "over": False,
        "outcome": None,
        "private": None,
    }


def two_player_mid() -> View:
    seats = [
        seat(0, 9, {"amber": 2}, ["novgorod"], tile=tile_at(2, 1), hidden=1),
        seat(1, 6, {"fish": 1}, ["kiev"], tile=tile_of("minsk"), hidden=0),
    ]
    table = [
        contract("amber", "kiev"),
        contract("fish", "pskov"),
        contract("furs", "itil"),
        contract("amber", "bulgar"),
    ]
    log: list[dict[str, Any]] = [
        {"seat": None, "text": "The Horde starts in Rostov and burns it"},
        {"seat": 0, "text": "buys 2 amber in Novgorod"},
        {"seat": 1, "text": "moves to Minsk (T08)"},
        {"seat": 1, "text": "buys 1 fish in Minsk"},
        {"seat": 0, "text": "moves to Polotsk (T06) and pays 1 ruble to the bank"},
    ]
    return base_view(
        2,
        seats,
        ["rostov"],
        table,
        horde=tile_of("rostov"),
        prince=tile_of("chernigov"),
        to_act=[0],
        prompt="choose an action",
        deck=19,
        log=log,
    )


def five_player_mid() -> View:
    """Mid-game: two cities burned, a large ship, a trade offer waiting for an answer."""
    seats = [
        seat(
            0, 14, {"amber": 3, "furs": 1}, ["novgorod", "pskov"], ship="large", tile=tile_at(3, 1), hidden=2
        ),
        seat(1, 8, {"fish": 2}, ["minsk"], tile=tile_at(3, 3), hidden=1),
        seat(2, 11, {"furs": 1}, ["smolensk", "kiev", "itil"], ship="large", tile=tile_of("kiev"), hidden=0),
        seat(3, 3, {}, ["bulgar"], tile=tile_at(0, 1), hidden=3),
        seat(4, 6, {"fish": 1, "amber": 1}, ["polotsk"], tile=tile_at(5, 3), hidden=1),
    ]
    table = [
        contract("amber", "kiev"),
        contract("fish", "chernigov"),
        contract("furs", "itil"),
        contract("amber", "rostov"),
        contract("fish", "bulgar"),
        contract("furs", "novgorod"),
        contract("amber", "polotsk"),
        contract("fish", "smolensk"),
        contract("furs", "pskov"),
    ]
    view = base_view(
        5,
        seats,
        ["rostov", "chernigov"],
        table,
        horde=tile_of("chernigov"),
        prince=tile_at(2, 2),
        to_act=[2],
        prompt="answer the trade offer",
        deck=9,
        log=[
            {"seat": 3, "text": "moves the Horde to Chernigov (T15) and burns it"},
            {"seat": 4, "text": "buys the Polotsk pass for 5 rubles"},
            {"seat": 0, "text": "upgrades to a large ship"},
            {"seat": 1, "text": "sells fish in Kiev for 4 rubles"},
            {"seat": 2, "text": "moves to Kiev (T13)"},
        ],
    )
    view["turn"] = {"acted": True, "moved": True}
    view["offer"] = {
        "from": 0,
        "to": 2,
        "sent": True,
        "give": {"rubles": 2, "goods": {"amber": 1}, "passes": ["pskov"], "contracts": 1},
        "ask": {"rubles": 0, "goods": {"furs": 1}, "passes": [], "contracts": 0},
    }
    return view


def five_player_end() -> View:
    view = five_player_mid()
    for s, rubles in zip(view["seats"], (31, 12, 19, 4, 9), strict=True):
        s["rubles"] = rubles
    burned = ["rostov", "chernigov", "pskov"]
    view["tiles"] = tiles(burned)
    holders = {c: s["seat"] for s in view["seats"] for c in s["passes"]}
    view["cities"] = cities(burned, holders)
    view["price"] = {"circles": [2, 3, 4, 5, 6, 8], "index": 3, "value": 5}
    view["contracts"] = view["contracts"][:4]
    view["offer"] = None
    view["to_act"] = []
    view["prompt"] = ""
    view["phase"] = "over"
    view["over"] = True
    view["outcome"] = {
        "winners": [0],
        "scores": [31, 12, 19, 4, 9],
        "reason": "Astrid reached 30 rubles",
    }
    return view


def two_player_build() -> View:
    """The build phase of a player-built board: part of the map, free spots, a drawn tile."""
    view = two_player_mid()
    placed = view["tiles"][3:12]
    for t in placed:
        t["x"] -= 2
        t["y"] -= 1
    view["tiles"] = placed
    taken = {(t["x"], t["y"]) for t in placed}
    spots = sorted(
        {
            (t["x"] + dx, t["y"] + dy)
            for t in placed
            for dx, dy in ((0, -1), (1, 0), (0, 1), (-1, 0))
            if (t["x"] + dx, t["y"] + dy) not in taken
        },
        key=lambda p: (p[1], p[0]),
    )
    view.update(
        {
            "phase": "build",
            "options": {"board": "build"},
            "bag": 14,
            "drawn_tile": {
                "id": "T20",
                "x": None,
                "y": None,
                "rot": 0,
                "kind": "city",
                "shape": "bend",
                "rivers": ["N", "E"],
                "city": "bulgar",
                "name": "Bulgar",
                "burned": False,
            },
            "spot": list(spots[2]),
            "spots": [list(s) for s in spots],
            "ships": [{"seat": 0, "tile": None, "size": "small"}, {"seat": 1, "tile": None, "size": "small"}],
            "horde": None,
            "prince": None,
            "price": {"circles": [2, 3, 4, 5, 6, 8], "index": 0, "value": 2},
            "cities": cities([], {}),
            "passes_available": list(CITIES),
            "contracts": [],
            "deck": 27,
            "first": None,
            "prompt": "choose a rotation",
            "log": [],
        }
    )
    for s in view["seats"]:
        s.update({"rubles": 5, "goods": {"amber": 0, "fish": 0, "furs": 0}, "passes": [], "tile": None})
        s["hidden_contracts"] = 0
    return view


def all_views() -> dict[str, View]:
    return {
        "2p_mid": two_player_mid(),
        "2p_build": two_player_build(),
        "5p_mid": five_player_mid(),
        "5p_end": five_player_end(),
    }


def with_private(
    view: View,
    seat_index: int,
    hidden: Sequence[tuple[str, str]],
    drawn: Sequence[tuple[str, str]] = (),
    offered: Sequence[tuple[str, str]] = (),
) -> View:
    """``view`` as seat ``seat_index`` sees it, holding these hidden contracts (good, city)."""
    seen = copy.deepcopy(view)
    seen["seat"] = seat_index
    seen["private"] = {
        "hidden_contracts": [contract(g, c) for g, c in hidden],
        "drawn": [contract(g, c) for g, c in drawn],
        "offer_contracts": [contract(g, c) for g, c in offered],
    }
    return seen
