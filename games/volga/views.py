"""What each seat sees, and the outcome."""

from __future__ import annotations

from typing import Any

from games.core import State
from games.volga import board, flow
from games.volga.data import (
    CITIES,
    CITY_IDS,
    CITY_TILE,
    CONTRACTS,
    GOODS,
    PRICES,
    TILES,
    city_name,
    rivers,
)
from games.volga.phases import RULES


def contract(card: str) -> dict[str, Any]:
    data = CONTRACTS[card]
    return {"id": card, "good": data["good"], "city": data["city"]}


def tile_view(state: State, tile: dict[str, Any]) -> dict[str, Any]:
    data = TILES[tile["id"]]
    city = data["city"]
    return {
        "id": tile["id"],
        "x": tile["x"],
        "y": tile["y"],
        "rot": tile["rot"],
        "kind": data["kind"],
        "shape": data["shape"],
        "rivers": rivers(tile["id"], tile["rot"]),
        "city": city,
        "name": None if city is None else city_name(city),
        "burned": city is not None and city in state["burned"],
    }


def stage(state: State) -> str:
    """The view's ``phase``: the stage of the game (build, passes, ships, turn, over)."""
    if state["phase"] == "setup":
        return "passes" if RULES.phase_of(state) == "pick" else "ships"
    return str(state["phase"])


def current(state: State) -> int | None:
    if state["phase"] == "over":
        return None
    if state["phase"] == "setup" and state["choices"]:
        return int(state["choices"][0]["seat"])
    return int(state["current"])


def outcome(state: State) -> dict[str, Any] | None:
    if state["phase"] != "over":
        return None
    result = state["result"]
    return {"winners": list(result["winners"]), "scores": list(result["scores"]), "reason": result["reason"]}


def _seat_view(state: State, seat: int) -> dict[str, Any]:
    p = state["seats"][seat]
    return {
        "seat": seat,
        "rubles": p["rubles"],
        "goods": {g: p["goods"][g] for g in GOODS},
        "passes": flow.passes_of(state, seat),
        "ship": p["ship"],
        "capacity": flow.capacity(state, seat),
        "tile": p["tile"],
        "hidden_contracts": len(p["hand"]),
    }


def _side(side: dict[str, Any]) -> dict[str, Any]:
    contracts = side["contracts"]
    return {
        "rubles": side["rubles"],
        "goods": {g: n for g, n in side["goods"].items() if n},
        "passes": list(side["passes"]),
        "contracts": contracts if isinstance(contracts, int) else len(contracts),
    }


def _offer(state: State) -> dict[str, Any] | None:
    offer = state["offer"]
    if offer is None:
        return None
    return {
        "from": offer["from"],
        "to": offer["to"],
        "sent": offer["sent"],
        "give": _side(offer["give"]),
        "ask": _side(offer["ask"]),
    }


def _private(state: State, seat: int) -> dict[str, Any]:
    p = state["seats"][seat]
    choice = state["choices"][0] if state["choices"] else None
    drawn = (
        state["drawn"] if choice is not None and choice["kind"] == "keep" and choice["seat"] == seat else []
    )
    offer = state["offer"]
    shown: list[str] = []
    if offer is not None and (seat == offer["from"] or (seat == offer["to"] and offer["sent"])):
        shown = list(offer["give"]["contracts"])
    return {
        "hidden_contracts": [contract(c) for c in p["hand"]],
        "drawn": [contract(c) for c in drawn],
        "offer_contracts": [contract(c) for c in shown],
    }


def private(state: State, seat: int | None) -> dict[str, Any] | None:
    """The seat's own secrets (``None`` for the public view)."""
    return None if seat is None else _private(state, seat)


def view(state: State, seat: int | None) -> dict[str, Any]:
    drawn_tile = None
    if state["drawn_tile"] is not None:
        drawn_tile = tile_view(state, {"id": state["drawn_tile"], "x": None, "y": None, "rot": 0})
    building = state["phase"] == "build"
    choice = state["choices"][0] if state["choices"] else None
    placed = {t["id"] for t in state["tiles"]}
    return {
        "game": "volga",
        "seat": seat,
        "players": state["players"],
        "to_act": RULES.to_act(state),
        "prompt": RULES.prompt(state, seat),
        "phase": stage(state),
        "options": dict(state["options"]),
        "current": current(state),
        "first": state["first"] if state["phase"] in ("turn", "over") else None,
        "last_placer": state["last_placer"],
        "tiles": [tile_view(state, t) for t in state["tiles"]],
        "bag": len(state["bag"]),
        "drawn_tile": drawn_tile,
        "spot": list(state["spot"]) if state["spot"] is not None else None,
        "spots": [list(s) for s in board.free_spots(state["tiles"])] if building else [],
        "ships": [{"seat": s, "tile": p["tile"], "size": p["ship"]} for s, p in enumerate(state["seats"])],
        "horde": state["horde"],
        "prince": state["prince"],
        "price": {"circles": list(PRICES), "index": len(state["burned"]), "value": flow.price(state)},
        "cities": [
            {
                "id": c,
                "name": city_name(c),
                "tile": CITY_TILE[c] if CITY_TILE[c] in placed else None,
                "good": CITIES[c]["good"],
                "burned": c in state["burned"],
                "holder": state["passes"][c],
            }
            for c in CITY_IDS
        ],
        "passes_available": flow.available_passes(state),
        "contracts": [contract(c) for c in state["table"]],
        "deck": len(state["deck"]),
        "seats": [_seat_view(state, s) for s in range(state["players"])],
        "turn": {"acted": state["turn"]["acted"], "moved": state["turn"]["moved"]},
        "offer": _offer(state),
        "choice": None if choice is None else {"kind": choice["kind"], "seat": choice["seat"]},
        "log": [dict(line) for line in state["log"][-10:]],
        "over": state["phase"] == "over",
        "outcome": outcome(state),
        "private": private(state, seat),
    }
