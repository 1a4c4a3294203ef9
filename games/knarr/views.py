"""What each seat sees, the outcome, and short button labels."""

from __future__ import annotations

from typing import Any

from games.core import State
from games.knarr import flow
from games.knarr.data import ARTIFACTS, COLORS, DESTINATIONS, SHIPS, VIKINGS, income_for
from games.knarr.phases import RULES

_ASSET_NAMES = {
    "vp": "VP",
    "bracelet": "bracelet",
    "recruit": "recruit",
    "reputation": "reputation",
    "card": "card",
}


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


# --- labels ---------------------------------------------------------------------------


def _cost_text(cost: dict[str, int]) -> str:
    if "different" in cost:
        return f"{cost['different']} different colours"
    if "same" in cost:
        return f"{cost['same']} of one colour"
    return " + ".join(f"{n} {color}" for color, n in cost.items())


def _viking_text(card: str) -> str:
    data = VIKINGS[card]
    return f"{card} ({data['color']}, {_ASSET_NAMES[data['asset']]})"


def _explore_label(dest: str) -> str:
    data = DESTINATIONS[dest]
    vp = data["immediate"].get("vp")
    cost = _cost_text(data["cost"])
    return f"Explore {dest} ({vp} VP; {cost})" if vp else f"Explore {dest} ({cost})"


def _take_label(state: State, card: str) -> str:
    prices = dict(flow.take_options(state)) if state["phase"] == "take" else {}
    slot = next((s for s, c in state["vikings"].items() if c == card), None)
    text = f"Take {_viking_text(card)}"
    if slot is not None and prices.get(slot):
        text += " — costs 1 recruit"
    return text


def label(state: State, action: str) -> str:
    words = action.split()
    verb = words[0] if words else ""
    arg = words[1].upper() if len(words) > 1 else ""
    text: str
    if verb == "recruit" and arg in VIKINGS:
        text = f"Recruit {_viking_text(arg)}"
    elif verb == "take" and arg in VIKINGS:
        text = _take_label(state, arg)
    elif verb == "explore" and arg in DESTINATIONS:
        text = _explore_label(arg)
    elif verb == "pay" and arg in VIKINGS:
        text = f"Pay {arg} ({VIKINGS[arg]['color']})"
    elif verb == "pay":
        text = "Pay with a recruit"
    elif verb == "trade" and arg.isdigit():
        text = f"Trade {arg} bracelet" + "s" * (arg != "1")
    elif verb == "discard" and arg in VIKINGS:
        text = f"Discard {_viking_text(arg)}"
    elif verb == "mead" and arg in VIKINGS:
        text = f"Discard {_viking_text(arg)} from the board ({ARTIFACTS['mead_cup']['name']})"
    elif verb == "reserve" and arg in DESTINATIONS:
        text = f"Reserve {arg} ({_cost_text(DESTINATIONS[arg]['cost'])})"
    else:
        text = {
            "end": "End turn",
            "pass": "Pass (nothing possible)",
            "cancel": "Cancel",
            "skip": "Skip",
        }.get(verb, action)
    return text[:80]
