"""What each seat sees, the outcome, button labels and ``midway``."""

from __future__ import annotations

from typing import Any

from games.core import State, seat_ref
from games.pax import actions, board, effects, trade, turn, victory
from games.pax.data import (
    BORDERS,
    CONDITIONS,
    FOLLOWER_NAMES,
    HOMES,
    JARLS,
    POSTS,
    REGIONS,
    TILES,
    TRACK_COSTS,
    WINDS,
    entry,
    place_name,
    tile_name,
)
from games.pax.rules import RULES

# Ability texts never change during a game: describe each tile and post once.
_TEXTS = {tile: effects.describe(data["effects"]) for tile, data in TILES.items()}
_POST_TEXTS = {post: effects.describe(data["ability"]) for post, data in POSTS.items() if "ability" in data}


def tile_view(tile: str) -> dict[str, Any]:
    data = TILES[tile]
    location = data["location"]
    return {
        "id": tile,
        "kind": data["kind"],
        "name": data["name"],
        "location": location,
        "location_name": None if location is None else place_name(location),
        "follower": data["follower"],
        "trigger": data["trigger"],
        "once": data["once"],
        "althing": data["althing"],
        "text": _TEXTS[tile],
    }


def _post_view(state: State, post: str, ships: dict[str, list[int]]) -> dict[str, Any]:
    data = POSTS[post]
    spot = state["posts"][post]
    follower = spot["follower"]
    return {
        "id": post,
        "name": data["name"],
        "region": data["region"],
        "wind": REGIONS[data["region"]]["wind"],
        "kind": data["kind"],
        "key": bool(data.get("key")),
        "cost": data["cost"],
        "entry": entry(post),
        "harbor": data.get("harbor") is not None,
        "icon": data.get("icon"),
        "ability": _POST_TEXTS.get(post),
        "venture": None if spot["venture"] is None else tile_view(spot["venture"]),
        "follower": None if follower is None else {"seat": follower[0], "type": follower[1]},
        "longships": ships.get(post, []),
        "guard": next(iter(board.guards_at(state, post)), None),
    }


_POSTS_OF = {region: [p for p, d in POSTS.items() if d["region"] == region] for region in REGIONS}


def _region_view(state: State, region: str, ships: dict[str, list[int]]) -> dict[str, Any]:
    data = REGIONS[region]
    return {
        "id": region,
        "name": data["name"],
        "wind": data["wind"],
        "kind": data["kind"],
        "posts": list(_POSTS_OF[region]),
        "longships": ships.get(region, []),
        "duchy": [s for s, p in enumerate(state["seats"]) if region in p["homes"]],
    }


def _seat_view(state: State, seat: int) -> dict[str, Any]:
    p = state["seats"][seat]
    jarl = JARLS[p["jarl"]]
    counts = board.established(state, seat)
    open_hands = state["options"]["hands"] == "open"
    return {
        "seat": seat,
        "colour": p["colour"],
        "silfr": p["silfr"],
        "hand_count": len(p["hand"]),
        "hand": [tile_view(t) for t in p["hand"]] if open_hands else None,
        "hand_limit": turn.hand_limit(state, seat),
        "jarl": {
            "id": jarl["id"],
            "name": jarl["name"],
            "wind": jarl["wind"],
            "home": jarl["home"],
            "text": effects.describe(jarl["ability"]),
        },
        "supply": dict(p["supply"]),
        "established": counts,
        "established_total": sum(counts.values()),
        "longships": [{"at": s["at"], "exhausted": s["exhausted"]} for s in p["ships"]],
        "gods": [tile_view(t) for t in p["gods"]],
        "advocates": [tile_view(t) for t in p["advocates"]],
        "homes": list(p["homes"]),
        "influence": board.influence_of(state, seat),
        "trade_centers": [
            post
            for post, spot in state["posts"].items()
            if POSTS[post]["kind"] == "trade_center" and spot["follower"] and spot["follower"][0] == seat
        ],
    }


def _condition_view(state: State, condition: dict[str, Any]) -> dict[str, Any]:
    data = CONDITIONS[condition["id"]]
    if not condition["face_up"]:
        return {
            "difficulty": data["difficulty"],
            "face_up": False,
            "id": None,
            "name": None,
            "text": None,
            "met": [],
        }
    return {
        "difficulty": data["difficulty"],
        "face_up": True,
        "id": data["id"],
        "name": data["name"],
        "text": victory.describe(data["test"]),
        "met": victory.met_by(state, data["id"]),
    }


def _pending_view(state: State) -> dict[str, Any] | None:
    pending = state["pending"]
    if pending is None:
        return None
    if pending["action"] == "sweden":
        location = pending["location"]
        return {"action": "sweden", "location": location, "location_name": place_name(location)}
    return dict(pending)


def _offer_view(state: State) -> dict[str, Any] | None:
    offer = state["offer"]
    if offer is None:
        return None
    return {
        "from": offer["from"],
        "to": offer["to"],
        "sent": offer["sent"],
        "give": {
            "silfr": offer["give"]["silfr"],
            "tiles": len(offer["give"]["tiles"]),
            "followers": list(offer["give"]["followers"]),
            "longships": offer["give"]["longships"],
        },
        "ask": {
            "silfr": offer["ask"]["silfr"],
            "tiles": offer["ask"]["tiles"],
            "followers": list(offer["ask"]["followers"]),
            "longships": offer["ask"]["longships"],
        },
    }


def _private(state: State, seat: int) -> dict[str, Any]:
    p = state["seats"][seat]
    pending = state["pending"]
    drawn = None
    if pending is not None and pending["action"] == "sweden" and state["current"] == seat:
        drawn = tile_view(pending["tile"])
    offer = state["offer"]
    offered: list[dict[str, Any]] = []
    if offer is not None and (offer["from"] == seat or (offer["to"] == seat and offer["sent"])):
        offered = [tile_view(t) for t in offer["give"]["tiles"]]
    return {"hand": [tile_view(t) for t in p["hand"]], "drawn": drawn, "offer_tiles": offered}


def private(state: State, seat: int | None) -> dict[str, Any] | None:
    """The seat's own secrets (``None`` for the public view)."""
    return None if seat is None else _private(state, seat)


def view(state: State, seat: int | None) -> dict[str, Any]:
    ships = board.ships_by_place(state)
    return {
        "game": "pax",
        "seat": seat,
        "players": state["players"],
        "to_act": RULES.to_act(state),
        "prompt": RULES.prompt(state, seat),
        "phase": state["phase"],
        "options": dict(state["options"]),
        "round": state["round"],
        "first": state["first"],
        "current": state["current"],
        "winds": [{"id": w["id"], "name": w["name"], "colour": w["colour"]} for w in WINDS.values()],
        "regions": [_region_view(state, r, ships) for r in REGIONS],
        "posts": [_post_view(state, p, ships) for p in POSTS],
        "homes": [
            {
                "id": h,
                "name": d["name"],
                "wind": d["wind"],
                "links": list(d["links"]),
                "seat": next((s for s, p in enumerate(state["seats"]) if p["homes"][0] == h), None),
            }
            for h, d in HOMES.items()
        ],
        "borders": [list(b) for b in BORDERS],
        "track": {
            "costs": list(TRACK_COSTS),
            "tiles": [None if t is None else tile_view(t) for t in state["track"]],
            "pile": len(state["pile"]),
        },
        "discard": [tile_view(t) for t in state["discard"]],
        "removed": [tile_view(t) for t in state["removed"]],
        "influence": dict(state["influence"]),
        "conditions": [_condition_view(state, c) for c in state["conditions"]],
        "seats": [_seat_view(state, s) for s in range(state["players"])],
        "turn": {
            "seat": state["current"],
            "used": list(state["turn"]["used"]),
            "left": turn.actions_left(state),
            "influence_used": list(state["turn"]["influence_used"]),
        },
        "pending": _pending_view(state),
        "offer": _offer_view(state),
        "althing": None
        if state["althing"] is None
        else {
            "tile": tile_view(state["althing"]["tile"]),
            "by": state["althing"]["by"],
            "votes": list(state["althing"]["votes"]),
        },
        "log": state["log"][-10:],
        "over": state["phase"] == "over",
        "outcome": outcome(state),
        "private": private(state, seat),
    }


def outcome(state: State) -> dict[str, Any] | None:
    result: dict[str, Any] | None = state["result"]
    return None if result is None else dict(result)


# --- labels -----------------------------------------------------------------------------


def _tile(tile: str) -> str:
    return f"{tile_name(tile)} ({tile.upper()})"


def _label(state: State, words: list[str]) -> str:
    verb, args = words[0], words[1:]
    arg = args[0] if args else ""
    extra = args[1] if len(args) > 1 else None
    if verb == "invest":
        if arg == "draw":
            if not state["pile"]:
                return "INVEST: DRAW nothing (the pile is empty), the 1-cost tile leaves"
            return "INVEST: DRAW from the SAGA PILE"
        slot = int(arg) - 1
        tile = state["track"][slot]
        cost = turn.track_cost(state, state["current"], slot)
        return f"INVEST: BUY {_tile(tile)} for {cost} Silfr" if tile else "INVEST: BUY"
    if verb == "journey":
        ships = state["seats"][state["current"]]["ships"]
        if arg.isdigit():
            at = ships[int(arg) - 1]["at"]
            return (
                f"JOURNEY with Longship {arg} ({'Jarlboard' if at is None else place_name(at)}), STEP by STEP"
            )
        number, route = actions.journey_destinations(state, state["current"])[arg]
        at = ships[number - 1]["at"]
        start = "Jarlboard" if at is None else place_name(at)
        via = f", via {' and '.join(place_name(p) for p in route[:-1])}" if len(route) > 1 else ""
        return f"JOURNEY to {place_name(arg)}: Longship {number} from {start}{via}"
    if verb == "step":
        if extra == "stop":
            return f"STEP to {place_name(arg)} and stop the JOURNEY there"
        return f"STEP to {place_name(arg)}" + (" (HOME)" if arg in HOMES else "")
    if verb == "stop":
        pending = state["pending"] or {}
        if pending.get("steps") == 0 and not pending.get("traded"):
            return "Call the JOURNEY off (no action spent)"
        return "Stop the JOURNEY here"
    if verb == "play":
        tile = arg.upper()
        if extra == "resolve":
            return f"PLAY {_tile(tile)}: RESOLVE it"
        if extra == "jarlboard":
            return f"PLAY {_tile(tile)} on your Jarlboard"
        if extra in POSTS:
            return f"PLAY {_tile(tile)} at {place_name(extra)}"
        return f"PLAY {_tile(tile)} in place of {_tile(str(extra).upper())}"
    if verb in ("activate", "theocracy", "place"):
        return f"{verb.upper() if verb != 'place' else 'PLACE a Longship'} at {place_name(arg)}"
    if verb in ("parley", "jarldom"):
        return f"{verb.upper()} at {place_name(arg)}"
    if verb == "challenge":
        return f"PARLEY at {place_name(arg)}: CHALLENGE {seat_ref(int(str(extra)) - 1)} (seat {extra})"
    if verb == "sweden":
        return "SWEDEN: DRAW from the SAGA PILE"
    if verb == "rus":
        text = f"RUS: take {_tile(arg.upper())}"
        return text + (f" in place of {_tile(extra.upper())}" if extra and extra != "jarlboard" else "")
    if verb == "offer":
        if arg == "send":
            return f"Send the TRADE: {trade.text(state['offer'])}"
        if arg == "cancel":
            return "Cancel the TRADE offer"
        return f"Offer a TRADE to {seat_ref(int(arg) - 1)} (seat {arg})"
    if verb in ("give", "ask"):
        pieces = {"silfr": "1 Silfr", "tile": "a tile of their choice", "longship": "1 Longship"}
        pieces |= {kind: f"1 {name} Follower" for kind, name in FOLLOWER_NAMES.items()}
        what = pieces.get(arg) or _tile(arg.upper())
        so_far = trade.side_text(state["offer"][verb])
        return f"{verb.title()} {what}" + (f" (so far {so_far})" if so_far != "nothing" else "")
    if verb == "answer":
        offer = state["offer"]
        get, pay = trade.side_text(offer["give"]), trade.side_text(offer["ask"])
        if arg == "decline":
            return f"Decline: their {get} for your {pay}"
        if arg == "accept":
            return f"Accept: their {get} for your {pay}"
        return f"Accept, handing over {_tile(arg.upper())}: their {get} for it"
    if verb == "vote":
        return "Vote for the Event" if arg == "yes" else "Vote against the Event"
    if verb == "discard":
        return "DISCARD " + " and ".join(_tile(t.upper()) for t in args)
    if verb == "end":
        return "End the Action phase (Winter Solstice)"
    return " ".join(words)


def label(state: State, action: str) -> str:
    return _label(state, action.split())[:80]


__all__ = ["label", "outcome", "private", "tile_view", "view"]
