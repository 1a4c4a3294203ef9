"""Hand-built Saga views (docs/contract.md, "Saga view") for the renderer tests.

They do not come from ``games.saga``; they cover the shapes a real game produces: the first
draft, a mid-round action phase, a combat with revealed leaders, the Drakkar returning, and
the end.
"""

from __future__ import annotations

import copy
from typing import Any

View = dict[str, Any]

NAMES = ["Astrid", "Edmund"]
LONG_NAMES = ["Ragnhildr the Exceedingly Patient Raider of Coasts", "Æðelflǣd Lady of the Mercians 🛡"]

ENGLAND = [
    ("northumbria", "Northumbria", "coastal"),
    ("east_anglia", "East Anglia", "coastal"),
    ("essex", "Essex", "coastal"),
    ("kent", "Kent", "coastal"),
    ("wessex", "Wessex", "coastal"),
    ("mercia", "Mercia", "inland"),
    ("hwicce", "Hwicce", "inland"),
]
SCANDINAVIA = [("norway", "Norway"), ("svealand", "Svealand"), ("denmark", "Denmark")]
BORDERS = [
    ["northumbria", "mercia"],
    ["mercia", "east_anglia"],
    ["mercia", "essex"],
    ["mercia", "hwicce"],
    ["mercia", "wessex"],
    ["hwicce", "wessex"],
    ["wessex", "kent"],
    ["kent", "essex"],
    ["essex", "east_anglia"],
    ["norway", "svealand"],
    ["svealand", "denmark"],
]
ABILITIES = {
    "burh_warden": ("Burh Warden", "Strength 2 in an area with a Stronghold"),
    "reinforce": (
        "Horn Thegn",
        "On reveal: move 1 of your non-engaged units from an adjacent area into this combat",
    ),
    "seize": ("Silver Envoy", "On reveal: put 1 Viking unit of this combat (even engaged) in the Drakkar"),
    "field_thegn": ("Field Thegn", "Strength 3 in an area without a Stronghold"),
    "siege_breaker": ("Siege-Breaker", "Strength 2 in an area with a Stronghold"),
    "sea_king": (
        "Sea-King",
        "On reveal in a coastal area: move 1 unit from any area of Scandinavia into this combat",
    ),
    "berserker": ("Berserker", "On reveal: remove this leader and up to 2 Anglo-Saxon units of this combat"),
    "plunderer": ("Plunderer", "Win this combat with him revealed: Pillage the area"),
}
TILES = [
    (1, False, False, ("coin", ["movement", "tribute"], False), (None, ["movement", "scout"], False)),
    (2, True, False, ("move_or_coin", ["build", "income"], True), ("move", ["recruitment", "scout"], False)),
    (3, False, False, (None, ["fyrd", "income"], False), ("recruit_warrior", ["movement", "scout"], False)),
    (4, False, True, (None, ["movement", "recruitment"], False), (None, ["movement", "recruitment"], False)),
]


def leader(tag: str, ability: str | None = None, revealed: bool = False) -> dict[str, Any]:
    side = "viking" if tag.startswith("V") else "anglo"
    name = ABILITIES[ability][0] if ability else None
    return {"tag": tag, "side": side, "ability": ability, "name": name, "revealed": revealed}


def units(warriors: int = 0, *leaders: dict[str, Any]) -> dict[str, Any]:
    return {"warriors": warriors, "leaders": list(leaders)}


def _control(v: dict[str, Any], a: dict[str, Any]) -> str | None:
    nv = v["warriors"] + len(v["leaders"])
    na = a["warriors"] + len(a["leaders"])
    return "viking" if nv > na else "anglo" if na > nv else None


def base(**pieces: Any) -> View:
    """A view with the pieces given as ``area=(viking UNITS, anglo UNITS, stronghold)``."""
    areas = []
    for key, name, kind in ENGLAND + [(k, n, "scandinavia") for k, n in SCANDINAVIA]:
        v, a, strong = pieces.get(key, (units(), units(), False))
        areas.append(
            {
                "id": key,
                "name": name,
                "kind": kind,
                "stronghold": strong,
                "viking": v,
                "anglo": a,
                "control": _control(v, a),
            }
        )
    tiles = []
    for tid, sword, initiative, anglo, viking in TILES:
        tiles.append(
            {
                "id": tid,
                "sword": sword,
                "initiative": initiative,
                "anglo": {"bonus": anglo[0], "actions": anglo[1], "choose_one": anglo[2]},
                "viking": {"bonus": viking[0], "actions": viking[1], "choose_one": viking[2]},
                "holder": None,
                "resolved": False,
            }
        )
    return {
        "game": "saga",
        "seat": None,
        "players": 2,
        "to_act": [0],
        "prompt": "choose an action tile",
        "phase": "draft",
        "round": 1,
        "options": {"side": "random"},
        "sides": {"viking": 0, "anglo": 1},
        "initiative": "viking",
        "track": {"spaces": 8, "round": 8, "stronghold": 2},
        "areas": areas,
        "borders": copy.deepcopy(BORDERS),
        "drakkar": units(),
        "destinations": [
            {"space": s, "state": "empty", "marker": None, "target": None} for s, _ in SCANDINAVIA
        ],
        "destination_pool": 3,
        "coins": {"viking": 2, "anglo": 3, "supply": 10},
        "supply": {
            "viking": {"warriors": 7, "leaders": []},
            "anglo": {
                "warriors": 6,
                "leaders": [leader("AL2"), leader("AL3"), leader("AL4")],
                "strongholds": 3,
            },
        },
        "set_aside": {"viking": 1, "anglo": 1},
        "removed": {"viking": [], "anglo": []},
        "tiles": tiles,
        "draft": {"order": ["viking", "anglo", "anglo", "viking"], "picks": 0},
        "resolving": None,
        "combat": None,
        "returning": None,
        "log": [{"seat": None, "text": "Round 1 begins"}],
        "over": False,
        "outcome": None,
        "private": None,
    }


def start() -> View:
    """The first draft, straight after setup."""
    return base(
        northumbria=(units(), units(1), False),
        east_anglia=(units(2), units(), False),
        essex=(units(), units(1), False),
        kent=(units(), units(1), True),
        wessex=(units(), units(1), False),
        mercia=(units(), units(1), True),
        hwicce=(units(), units(1), False),
        norway=(units(1, leader("VL1")), units(), False),
        svealand=(units(1, leader("VL2")), units(), False),
        denmark=(units(1, leader("VL3")), units(), False),
    )


def mid_round() -> View:
    """Round 3, the Vikings resolving tile 1 after a new Destination, both sides busy."""
    view = base(
        northumbria=(units(2, leader("VL1")), units(1), True),
        east_anglia=(units(3), units(), False),
        essex=(units(1), units(2, leader("AL1")), False),
        kent=(units(), units(2), True),
        wessex=(units(), units(3, leader("AL2")), True),
        mercia=(units(1), units(1), True),
        hwicce=(units(2), units(), False),
        norway=(units(2), units(), False),
        svealand=(units(1, leader("VL2")), units(), False),
        denmark=(units(2, leader("VL3")), units(), False),
    )
    view.update(
        phase="actions",
        round=3,
        to_act=[0],
        prompt="move units from Svealand to Essex",
        initiative="anglo",
        track={"spaces": 8, "round": 6, "stronghold": 3},
        drakkar=units(2),
        destination_pool=2,
        coins={"viking": 5, "anglo": 1, "supply": 9},
    )
    view["destinations"] = [
        {"space": "norway", "state": "face_down", "marker": None, "target": None},
        {"space": "svealand", "state": "face_up", "marker": "D3", "target": "essex"},
        {"space": "denmark", "state": "empty", "marker": None, "target": None},
    ]
    view["supply"] = {
        "viking": {"warriors": 0, "leaders": []},
        "anglo": {"warriors": 1, "leaders": [leader("AL3")], "strongholds": 1},
    }
    view["set_aside"] = {"viking": 1, "anglo": 0}
    view["removed"] = {"viking": [], "anglo": [leader("AL4", "field_thegn")]}
    tiles = view["tiles"]
    tiles[0].update(holder="viking")
    tiles[1].update(holder="anglo", resolved=True)
    tiles[2].update(holder="anglo", resolved=True)
    tiles[3].update(holder="viking")
    view["draft"] = {"order": ["anglo", "viking", "viking", "anglo"], "picks": 4}
    view["resolving"] = {
        "side": "viking",
        "order": ["anglo", "viking"],
        "tile": 1,
        "bonus_used": False,
        "done": [],
        "action": "movement",
        "must_move": {"from": "svealand", "to": "essex"},
        "moved": {},
    }
    view["log"] = [
        {"seat": 1, "text": "builds a Stronghold in Northumbria"},
        {"seat": 1, "text": "pays 2 coins: Fyrd removes 2 Vikings in Wessex"},
        {"seat": 0, "text": "reveals a Destination in Svealand: Essex"},
    ]
    return view


def combat() -> View:
    """Round 5, the combat in Essex: leaders revealed, strengths known, the Vikings win."""
    view = base(
        northumbria=(units(1), units(1), True),
        east_anglia=(units(2), units(), False),
        essex=(
            units(3, leader("VL2", "siege_breaker", True), leader("VL4")),
            units(2, leader("AL1", "seize", True)),
            True,
        ),
        kent=(units(), units(2), True),
        wessex=(units(1), units(3), True),
        mercia=(units(), units(1), True),
        hwicce=(units(), units(1), False),
        norway=(units(1), units(), False),
        svealand=(units(1), units(), False),
        denmark=(units(1), units(), False),
    )
    view.update(
        phase="combat",
        round=5,
        to_act=[1],
        prompt="remove 2 units in Essex",
        initiative="viking",
        track={"spaces": 8, "round": 4, "stronghold": 3},
        drakkar=units(1, leader("VL3", "plunderer")),
        destination_pool=1,
        coins={"viking": 6, "anglo": 2, "supply": 7},
    )
    view["destinations"] = [
        {"space": "norway", "state": "face_up", "marker": "D1", "target": "northumbria"},
        {"space": "svealand", "state": "face_down", "marker": None, "target": None},
        {"space": "denmark", "state": "face_up", "marker": "D5", "target": "wessex"},
    ]
    view["supply"] = {
        "viking": {"warriors": 2, "leaders": []},
        "anglo": {"warriors": 2, "leaders": [], "strongholds": 0},
    }
    view["set_aside"] = {"viking": 0, "anglo": 0}
    view["removed"] = {"viking": [leader("VL1", "berserker")], "anglo": [leader("AL4", "field_thegn")]}
    for tile, holder in zip(view["tiles"], ["anglo", "viking", "viking", "anglo"], strict=True):
        tile.update(holder=holder, resolved=True)
    view["draft"] = {"order": ["viking", "anglo", "anglo", "viking"], "picks": 4}
    view["combat"] = {
        "area": "essex",
        "pending": ["northumbria", "wessex"],
        "step": "casualties",
        "turn": "anglo",
        "passed": {"viking": True, "anglo": True},
        "ability": None,
        "strength": {"viking": 5, "anglo": 3},
        "winner": "viking",
        "losses": {"viking": 1, "anglo": 2},
        "retreating": None,
    }
    view["log"] = [
        {"seat": 0, "text": "fights in Essex first"},
        {"seat": 0, "text": "reveals VL2: Siege-Breaker"},
        {"seat": 1, "text": "reveals AL1: Silver Envoy and sends VL3 to the Drakkar"},
        {"seat": 0, "text": "passes"},
        {"seat": None, "text": "Essex: Vikings 5, Anglo-Saxons 3"},
    ]
    return view


def returning() -> View:
    """End of round 6: the Vikings place the Drakkar's units in Scandinavia."""
    view = mid_round()
    view.update(
        phase="return",
        round=6,
        to_act=[0],
        prompt="place a unit from the Drakkar in Scandinavia",
        resolving=None,
        drakkar=units(1, leader("VL4")),
        returning=units(1, leader("VL4")),
    )
    view["track"] = {"spaces": 8, "round": 3, "stronghold": 3}
    for tile in view["tiles"]:
        tile["resolved"] = True
    return view


def game_over() -> View:
    """The Vikings won: eight coins at the end of the round."""
    view = combat()
    view.update(
        phase="over",
        to_act=[],
        prompt="",
        combat=None,
        over=True,
        coins={"viking": 8, "anglo": 0, "supply": 7},
    )
    for area in view["areas"]:
        for side in ("viking", "anglo"):
            for ldr in area[side]["leaders"]:
                ldr["revealed"] = False
    view["outcome"] = {"winners": [0], "scores": [1, 0], "reason": "the Vikings have 8 coins"}
    view["log"].append({"seat": None, "text": "The Vikings win: 8 coins"})
    return view


def all_views() -> dict[str, View]:
    return {
        "start": start(),
        "mid_round": mid_round(),
        "combat": combat(),
        "returning": returning(),
        "game_over": game_over(),
    }


def with_private(view: View, side: str, secret: int = 0) -> View:
    """``view`` as seen by the seat playing ``side``, with one of two sets of secrets."""
    seen = copy.deepcopy(view)
    seat = seen["sides"][side]
    seen["seat"] = seat
    tags = [ldr["tag"] for ldr in _all_leaders(seen) if ldr["side"] == side]
    pool = (
        ["siege_breaker", "sea_king", "berserker", "plunderer"]
        if side == "viking"
        else ["burh_warden", "reinforce", "seize", "field_thegn"]
    )
    if secret:
        pool = pool[::-1]
    leaders = {}
    for tag, ability in zip(tags, pool, strict=False):
        known = next(
            (ldr["ability"] for ldr in _all_leaders(seen) if ldr["tag"] == tag and ldr["ability"]), None
        )
        ability = known or ability
        name, text = ABILITIES[ability]
        leaders[tag] = {"ability": ability, "name": name, "text": text}
    private: dict[str, Any] = {"side": side, "leaders": leaders}
    if side == "viking":
        targets = ["northumbria", "kent"] if not secret else ["wessex", "east_anglia"]
        scouted: list[dict[str, Any]] = []
        for space in seen["destinations"]:
            if space["state"] == "face_down":
                target = targets.pop(0)
                scouted.append({"space": space["space"], "marker": f"D{len(scouted) + 1}", "target": target})
        private["scouted"] = scouted
        private["pool"] = ["D2", "D4"] if not secret else ["D4"]
    seen["private"] = private
    return seen


def _all_leaders(view: View) -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = []
    for area in view["areas"]:
        for side in ("viking", "anglo"):
            out.extend(area[side]["leaders"])
    out.extend(view["drakkar"]["leaders"])
    for side in ("viking", "anglo"):
        out.extend(view["supply"][side]["leaders"])
    return out
