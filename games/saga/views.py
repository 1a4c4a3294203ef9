"""What each seat sees and the outcome (the prompt comes from the phase table in
``rules.py``, button labels from ``labels.py``)."""

from __future__ import annotations

from typing import Any

from games.core import State
from games.saga import board, combat
from games.saga.data import (
    ABILITIES,
    AREAS,
    BORDERS,
    ENGLAND,
    MARKERS,
    SCANDINAVIA,
    SIDES,
    tile,
)
from games.saga.rules import prompt, to_act


def leader(state: State, tag: str, viewer: str | None) -> dict[str, Any]:
    data = state["leaders"][tag]
    shown = bool(data["known"])
    revealed = state["combat"] is not None and tag in state["combat"]["revealed"]
    kind = data["ability"] if shown else None
    return {
        "tag": tag,
        "side": data["side"],
        "ability": kind,
        "name": None if kind is None else ABILITIES[kind]["name"],
        "revealed": revealed,
    }


def _units(state: State, area: str, side: str, viewer: str | None) -> dict[str, Any]:
    u = board.units(state, area, side)
    return {"warriors": u["warriors"], "leaders": [leader(state, t, viewer) for t in u["leaders"]]}


def _area(state: State, area: str, viewer: str | None) -> dict[str, Any]:
    return {
        "id": area,
        "name": AREAS[area]["name"],
        "kind": AREAS[area]["kind"],
        "stronghold": board.stronghold(state, area),
        "viking": _units(state, area, "viking", viewer),
        "anglo": _units(state, area, "anglo", viewer),
        "control": board.control(state, area),
    }


def _space(state: State, area: str) -> dict[str, Any]:
    space = state["spaces"][area]
    marker = space["marker"]
    if marker is None:
        return {"space": area, "state": "empty", "marker": None, "target": None}
    if not space["face_up"]:
        return {"space": area, "state": "face_down", "marker": None, "target": None}
    return {"space": area, "state": "face_up", "marker": marker, "target": MARKERS[marker]}


def _tile(state: State, entry: dict[str, Any]) -> dict[str, Any]:
    data = tile(entry["id"])
    return {
        "id": entry["id"],
        "sword": data["sword"],
        "initiative": data["initiative"],
        "anglo": {k: (list(v) if isinstance(v, list) else v) for k, v in data["anglo"].items()},
        "viking": {k: (list(v) if isinstance(v, list) else v) for k, v in data["viking"].items()},
        "holder": entry["holder"],
        "resolved": entry["resolved"],
    }


def _resolving(state: State) -> dict[str, Any] | None:
    r = state["resolving"]
    if r is None:
        return None
    moved = {a: m["warriors"] + len(m["leaders"]) for a, m in r["moved"].items()}
    return {
        "side": r["side"],
        "order": list(r["order"]),
        "tile": r["tile"],
        "bonus_used": r["bonus_used"],
        "done": list(r["done"]),
        "action": r["action"],
        "must_move": None if r["must_move"] is None else dict(r["must_move"]),
        "route": None if r["route"] is None else list(r["route"]),
        "moved": moved,
    }


def _private(state: State, side: str) -> dict[str, Any]:
    own = {
        tag: {
            "ability": d["ability"],
            "name": ABILITIES[d["ability"]]["name"],
            "text": ABILITIES[d["ability"]]["text"],
        }
        for tag, d in state["leaders"].items()
        if d["side"] == side and d["where"] in ("board", "supply")
    }
    if side == "anglo":
        return {"side": "anglo", "leaders": own}
    scouted = [
        {"space": a, "marker": s["marker"], "target": MARKERS[s["marker"]]}
        for a, s in state["spaces"].items()
        if s["marker"] is not None and not s["face_up"]
    ]
    return {"side": "viking", "leaders": own, "scouted": scouted, "pool": sorted(state["pool"])}


def outcome(state: State) -> dict[str, Any] | None:
    if state["phase"] != "over":
        return None
    result = state["result"]
    return {"winners": list(result["winners"]), "scores": list(result["scores"]), "reason": result["reason"]}


def private(state: State, seat: int | None) -> dict[str, Any] | None:
    """The seat's own secrets: its side's hidden leaders and, for the Vikings, the
    destinations (``None`` for the public view)."""
    viewer = None if seat is None else board.side_of(state, seat)
    return None if viewer is None else _private(state, viewer)


def view(state: State, seat: int | None) -> dict[str, Any]:
    viewer = None if seat is None else board.side_of(state, seat)
    draft = state["draft"]
    removed = {
        side: [
            leader(state, t, viewer)
            for t, d in state["leaders"].items()
            if d["side"] == side and d["where"] == "removed"
        ]
        for side in SIDES
    }
    return {
        "game": "saga",
        "seat": seat,
        "players": 2,
        "to_act": to_act(state),
        "prompt": prompt(state, seat),
        "phase": state["phase"],
        "round": state["round"],
        "options": dict(state["options"]),
        "sides": dict(state["sides"]),
        "initiative": state["initiative"],
        "track": dict(state["track"]),
        "areas": [_area(state, a, viewer) for a in ENGLAND + SCANDINAVIA],
        "borders": [list(pair) for pair in BORDERS],
        "drakkar": _units(state, "drakkar", "viking", viewer),
        "destinations": [_space(state, a) for a in SCANDINAVIA],
        "destination_pool": len(state["pool"]),
        "coins": dict(state["coins"]),
        "supply": {
            "viking": {
                "warriors": state["supply"]["viking"]["warriors"],
                "leaders": [leader(state, t, viewer) for t in board.supply_leaders(state, "viking")],
            },
            "anglo": {
                "warriors": state["supply"]["anglo"]["warriors"],
                "leaders": [leader(state, t, viewer) for t in board.supply_leaders(state, "anglo")],
                "strongholds": state["supply"]["anglo"]["strongholds"],
            },
        },
        "set_aside": {
            side: sum(1 for d in state["leaders"].values() if d["side"] == side and d["where"] == "aside")
            for side in SIDES
        },
        "removed": removed,
        "tiles": [_tile(state, t) for t in state["tiles"]],
        "draft": {"order": list(draft["order"]), "picks": draft["picks"]},
        "resolving": _resolving(state),
        "combat": combat.view(state),
        "returning": _units(state, "drakkar", "viking", viewer) if state["phase"] == "return" else None,
        "log": [dict(line) for line in state["log"][-10:]],
        "over": state["phase"] == "over",
        "outcome": outcome(state),
        "private": private(state, seat),
    }
