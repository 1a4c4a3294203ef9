"""What each seat sees, the outcome, and short button labels."""

from __future__ import annotations

from typing import Any

from games import core
from games.core import State
from games.volga import board, flow
from games.volga.data import (
    CITIES,
    CITY_IDS,
    CITY_TILE,
    CONTRACTS,
    GOOD_PRICE,
    GOODS,
    PASS_PRICE,
    PRICES,
    TILES,
    UPGRADE_PRICE,
    city_name,
    rivers,
)
from games.volga.phases import RULES
from games.volga.rules import offer_text


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


# --- labels -----------------------------------------------------------------------------


def _move_label(state: State, tile: str) -> str:
    seat = state["current"]
    fee = flow.ship_moves(state, seat).get(tile, False)
    text = f"Move to {flow.tile_text(tile)}"
    if fee:
        text += " (stop, pay 1)"
    if tile == state["prince"]:
        text += " (bump the Prince)"
    return text


def _horde_label(state: State, tile: str) -> str:
    if RULES.phase_of(state) == "place_horde":
        return f"Put the Horde on {flow.tile_text(tile)}"
    text = f"Horde to {flow.tile_text(tile)}"
    effects = []
    if flow.unburned_city(state, tile):
        effects.append("burn +1")
    if tile in flow.ship_tiles(state):
        effects.append("raid")
    if tile == state["prince"]:
        effects.append("battle")
    return text + (f" ({', '.join(effects)})" if effects else "")


def _prince_label(state: State, tile: str) -> str:
    if RULES.phase_of(state) in ("bump_prince", "place_prince"):
        return f"Put the Prince on {flow.tile_text(tile)}"
    text = f"Prince to {flow.tile_text(tile)}"
    effects = []
    city = flow.city_at(tile)
    if city is not None and city in state["burned"]:
        effects.append("rebuild +1")
    if tile == state["horde"]:
        effects.append("battle")
    if tile in flow.ship_tiles(state):
        effects.append("bump ship")
    return text + (f" ({', '.join(effects)})" if effects else "")


def _give_label(verb: str, args: list[str]) -> str:
    word = "Give" if verb == "give" else "Ask for"
    if args[0] == "rubles":
        return f"{word} {flow.plural(int(args[1]), 'ruble')}"
    if args[0] == "pass":
        return f"{word} the {city_name(args[1])} pass"
    if args[0] == "contract" and verb == "give" and len(args) > 1:
        return f"{word} contract {flow.contract_text(args[1].upper())}"
    if args[0] == "contract":
        return f"{word} a hidden contract of their choice"
    return f"{word} 1 {args[0]}"


def _last_ruble(state: State, cost: int) -> str:
    """A warning: with 0 rubles the ship cannot enter a city whose fee it owes."""
    return "; leaves 0 rubles!" if state["seats"][state["current"]]["rubles"] == cost else ""


def label(state: State, action: str) -> str:
    words = action.split()
    verb = words[0] if words else ""
    args = words[1:]
    arg = args[0] if args else ""
    upper = arg.upper()
    text: str
    if verb == "move" and upper in TILES:
        text = _move_label(state, upper)
    elif verb == "horde" and upper in TILES:
        text = _horde_label(state, upper)
    elif verb == "prince" and upper in TILES:
        text = _prince_label(state, upper)
    elif verb == "ship" and upper in TILES:
        text = f"Ship to {flow.tile_text(upper)}"
    elif verb == "buy" and arg == "pass":
        text = f"Buy this city's pass ({PASS_PRICE} rubles)" + _last_ruble(state, PASS_PRICE)
    elif verb == "buy" and arg in GOODS:
        text = f"Buy 1 {arg} ({GOOD_PRICE} ruble)" + _last_ruble(state, GOOD_PRICE)
    elif verb == "sell" and upper in CONTRACTS:
        text = f"Sell on {flow.contract_text(upper)} for {flow.price(state)}"
    elif verb in ("keep", "hand") and upper in CONTRACTS:
        text = f"{'Keep' if verb == 'keep' else 'Hand over'} {flow.contract_text(upper)}"
    elif verb == "throw" and arg in GOODS:
        text = f"Throw 1 {arg} overboard"
    elif verb == "pay" and arg in GOODS:
        text = f"Hand over 1 {arg}"
    elif verb == "pick" and arg in CITIES:
        text = f"Take the {city_name(arg)} pass"
    elif verb == "offer" and arg.isdigit():
        text = f"Offer a trade to {core.seat_ref(int(arg))}"
    elif verb in ("give", "ask") and args:
        text = _give_label(verb, args)
    elif verb == "put" and args:
        text = f"Place the tile at {arg}"
    elif verb == "rotate" and args:
        text = f"Turn the tile {arg}°"
    elif verb == "accept" and state.get("offer"):
        text = f"Accept: {offer_text(state['offer'])}"
    else:
        text = {
            "upgrade": f"Upgrade to a large ship ({UPGRADE_PRICE} rubles)",
            "lay": "Lay down all hidden contracts",
            "draw": "Draw two contracts (special)",
            "over": "Start over as a new Viking (special)",
            "send": "Send the offer",
            "cancel": "Cancel the offer",
            "accept": "Accept the offer",
            "decline": "Decline the offer",
            "end": "End turn",
        }.get(verb, action)
    return text[:80]
