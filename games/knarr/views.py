"""What each seat sees, and the outcome."""

from __future__ import annotations

from typing import Any

from games.core import State
from games.knarr.data import COLORS, DESTINATIONS, SHIPS, VIKINGS, income_for
from games.knarr.phases import RULES


def viking(card: str) -> dict[str, Any]:
    data = VIKINGS[card]
    return {"id": card, "color": data["color"], "asset": data["asset"]}


def destination(card: str) -> dict[str, Any]:
    data = DESTINATIONS[card]
    return {
        "id": card,
        "type": data["type"],
        "cost": dict(data["cost"]),
        "immediate": dict(data["immediate"]),
        "trade": list(data["trade"]),
    }


def _maybe(card: str | None, make: Any) -> Any:
    return None if card is None else make(card)


def outcome(state: State) -> dict[str, Any] | None:
    if state["result"] is None:
        return None
    result = state["result"]
    return {"winners": list(result["winners"]), "scores": list(result["scores"]), "reason": result["reason"]}


def _seat_view(state: State, seat: int) -> dict[str, Any]:
    p = state["seats"][seat]
    return {
        "seat": seat,
        "score": p["score"],
        "reputation": p["reputation"],
        "income": income_for(p["reputation"]),
        "recruits": p["recruits"],
        "bracelets": p["bracelets"],
        "hand_count": len(p["hand"]),
        "crew": {color: [viking(c) for c in p["crew"][color]] for color in COLORS},
        "explored": [destination(d) for d in p["explored"]],
        "reserved": [destination(d) for d in p["reserved"]],
        "ship_trade": list(SHIPS[state["options"]["ship"]]),
        "traded": state["traded"] and seat == state["current"] and state["result"] is None,
    }


def _pending(state: State) -> dict[str, Any] | None:
    pending = state["pending"]
    if pending is None:
        return None
    return {
        "explore": destination(pending["explore"]),
        "paid": [viking(c) for c in pending["paid"]],
        "recruits_paid": pending["recruits_paid"],
    }


def private(state: State, seat: int | None) -> dict[str, Any] | None:
    """The seat's own secrets, its hand (``None`` for the public view)."""
    if seat is None:
        return None
    return {"hand": [viking(c) for c in state["seats"][seat]["hand"]]}


def view(state: State, seat: int | None) -> dict[str, Any]:
    return {
        "game": "knarr",
        "seat": seat,
        "players": state["players"],
        "to_act": RULES.to_act(state),
        "prompt": RULES.prompt(state, seat),
        "phase": state["phase"],
        "round": state["round"],
        "first": state["first"],
        "final_round": state["final_round"],
        "options": {"ship": state["options"]["ship"], "artifacts": list(state["options"]["artifacts"])},
        "vikings": {color: _maybe(state["vikings"][color], viking) for color in COLORS},
        "destinations": {
            kind: [_maybe(d, destination) for d in state["destinations"][kind]] for kind in ("A", "B")
        },
        "piles": {
            "vikings": len(state["deck"]),
            "discard": len(state["discard"]),
            "A": len(state["dest_decks"]["A"]),
            "B": len(state["dest_decks"]["B"]),
        },
        "seats": [_seat_view(state, s) for s in range(state["players"])],
        "pending": _pending(state),
        "log": [dict(line) for line in state["log"][-10:]],
        "over": state["result"] is not None,
        "outcome": outcome(state),
        "private": private(state, seat),
    }
