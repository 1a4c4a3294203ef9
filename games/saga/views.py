"""What each seat sees, the outcome and short button labels (the prompt comes from the
phase table in ``rules.py``)."""

from __future__ import annotations

from typing import Any

from games.core import State
from games.saga import board, combat, flow
from games.saga.data import (
    ABILITIES,
    AREAS,
    BORDERS,
    ENGLAND,
    MARKERS,
    SCANDINAVIA,
    SIDES,
    area_name,
    other,
    tile,
)
from games.saga.rules import ACTION_NAMES as _ACTION_NAMES
from games.saga.rules import prompt, to_act

_BONUS_NAMES = {
    "coin": "take 1 coin",
    "move_or_coin": "move 1 unit or take 1 coin",
    "recruit_warrior": "recruit 1 warrior",
    "move": "move units",
}


def _sees(state: State, tag: str, viewer: str | None) -> bool:
    data = state["leaders"][tag]
    return bool(data["known"]) or (viewer == data["side"] and data["where"] != "aside")


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


# --- labels ---------------------------------------------------------------------------


def _actor(state: State) -> str | None:
    seats = to_act(state)
    return board.side_of(state, seats[0]) if seats else None


def _unit(state: State, ref: str, side: str | None) -> str:
    if ref == "warrior":
        return "a warrior"
    if ref in state["leaders"] and _sees(state, ref, side):
        return f"leader {ref} ({ABILITIES[state['leaders'][ref]['ability']]['name']})"
    return f"leader {ref}"


def _half_text(half: dict[str, Any]) -> str:
    sep = " / " if half["choose_one"] else " + "
    text = sep.join(_ACTION_NAMES[a] for a in half["actions"])
    if half["bonus"]:
        text = f"bonus {_BONUS_NAMES[half['bonus']]}; " + text
    return text


def _name(area: str) -> str:
    return area_name(area) if area in AREAS or area == "drakkar" else area


def label(state: State, action: str) -> str:
    words = action.split()
    verb = words[0] if words else ""
    args = words[1:]
    side = _actor(state)
    text = action
    try:
        text = _label(state, verb, args, side)
    except (KeyError, IndexError, ValueError):
        text = action
    return text[:80]


def _label(state: State, verb: str, args: list[str], side: str | None) -> str:
    if verb in ("take", "tile"):
        data = tile(int(args[0]))
        half = data[side or "viking"]
        icons = " [first]" if data["sword"] else (" [initiative]" if data["initiative"] else "")
        head = "Take tile" if verb == "take" else "Resolve tile"
        return f"{head} {args[0]}{icons}: {_half_text(half)}"
    if verb == "bonus":
        if args[0] == "coin":
            return "Bonus: take 1 coin"
        if args[0] == "move":
            return "Bonus: move"
        return f"Bonus: recruit a warrior in {_name(args[0])}"
    if verb == "move":
        if args[0] in AREAS:
            return f"Move a warrior {_name(args[0])} → {_name(args[1])}"
        return f"Move {_unit(state, args[0], side)} → {_name(args[1])}"
    if verb == "sail":
        return f"Draw a destination at {_name(args[0])} and sail"
    if verb == "build":
        return f"Build a Stronghold in {_name(args[0])} (1 coin)"
    if verb == "fyrd":
        return f"Fyrd in {_name(args[0])}: 1 coin, remove a Viking warrior"
    if verb == "income":
        if args[1] == "coin":
            return f"Income at {_name(args[0])}: take 1 coin"
        return f"Income at {_name(args[0])}: 1 coin, recruit {_unit(state, args[1], side)}"
    if verb == "tribute":
        return f"Tribute in {_name(args[0])}: 1 coin, Vikings to the Drakkar"
    if verb == "recruit":
        return f"Recruit {_unit(state, args[1], side)} in {_name(args[0])}"
    if verb == "scout":
        return f"Scout: {_name(args[0])} face down at {_name(args[1])}"
    if verb == "fight":
        return f"Fight in {_name(args[0])}"
    if verb == "reveal":
        return f"Reveal {_unit(state, args[0], side)}"
    if verb == "bring":
        return f"Bring {_unit(state, args[1], side)} from {_name(args[0])}"
    if verb == "drakkar":
        return f"Send {_unit(state, args[0], side)} of the Vikings to the Drakkar"
    if verb == "slay":
        return f"Remove {_unit(state, args[0], side)} of the Anglo-Saxons"
    if verb == "lose":
        return f"Lose {_unit(state, args[0], side)}"
    if verb == "retreat":
        return f"Retreat to {_name(args[0])}"
    if verb == "return":
        return f"Return {_unit(state, args[0], side)} to {_name(args[1])}"
    return {
        "done": "Done with this action",
        "finish": "Finish this tile",
        "pass": "Pass (reveal no more leaders)",
        "skip": "Skip the ability",
    }.get(verb, verb)


__all__ = ["flow", "label", "other", "outcome", "view"]
