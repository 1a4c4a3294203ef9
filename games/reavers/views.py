"""What each seat sees, the outcome, prompts and short button labels."""

from __future__ import annotations

from functools import cache
from typing import Any

from games.core import State
from games.reavers import flow, scoring
from games.reavers.conquer import territory_front
from games.reavers.data import (
    BATTLES,
    CARDS,
    JOURNEYS,
    KEEP,
    LOCATION_IDS,
    LOCATIONS,
    PROPHECIES,
    REAVERS,
    ROUNDS,
    SLOTS,
    SPACES,
    TERRITORIES,
    TERRITORY_TYPES,
    UPGRADES,
    amount,
    die_text,
    effect_text,
    location_name,
    need_text,
)
from games.reavers.dice import is_wild, parse_code, player
from games.reavers.rules import to_act

_PROMPTS = {
    "place": "choose a location for a longship",
    "join": "take part in {loc} or prepare",
    "recruit": "choose Reaver cards to recruit",
    "use": "rally, lead or specialize {card}",
    "face": "choose the face of a rallied {color} die",
    "spoils": "choose a Spoils deck for the leader's bonus",
    "trade": "trade with the villages ({left} left)",
    "raid": "choose a pair of Spoils",
    "card": "decide about the {card}",
    "conquer": "conquer a territory ({left} left)",
    "commit": "choose how many combat dice to roll",
    "discard": "give up {dice}",
    "sea": "choose a Sea Battle",
    "journey": "pay for the Journey or suffer it",
    "battle": "beat {card} by its dice or by combat",
    "roll": "re-roll with Favor or accept the result",
}


def card_view(card_id: str) -> dict[str, Any]:
    """A card as views show it (a copy: the caller may change it)."""
    return dict(_card(card_id))


@cache
def _card(card_id: str) -> dict[str, Any]:
    """A card's face, worked out once: it depends on the card alone (26 cards a view)."""
    data = CARDS[card_id]
    out = {k: v for k, v in data.items() if k != "designed"}
    if card_id in REAVERS:
        out["text"] = effect_text(data["ability"])
    elif card_id in JOURNEYS:
        pay = data["pay"]
        cost = (
            "nothing to pay"
            if pay is None
            else " and ".join(
                [f"{pay['food']} Food"] * bool(pay["food"]) + [", ".join(pay["faces"])] * bool(pay["faces"])
            )
        )
        out["text"] = f"pay {cost}, or: {effect_text(data['penalty'])}"
    elif card_id in PROPHECIES:
        out["text"] = f"at the end, at least {need_text(data['need'])}: {data['glory']} Glory"
    elif card_id in BATTLES:
        out["text"] = f"{data['glory']} Glory, {effect_text(data['reward'])}"
    else:
        out["text"] = _spoils_text(data)
        # the contract's one shape for every Spoils card; the data file holds only what is read
        for key, empty in (("gain", {}), ("defense", None), ("reward", None)):
            out.setdefault(key, empty)
        if card_id in KEEP:
            out.setdefault("set", None)
    return out


def _spoils_text(data: dict[str, Any]) -> str:
    kind = data["kind"]
    if kind == "treasure":
        return f"{data['name']} for a set"
    if kind == "upgrade":
        return f"fit {UPGRADES[data['token']]['name']}"
    if kind == "artifact":
        store = data["store"] or "any"
        return f"store a {store} die; at {location_name(data['location'])}: {effect_text(data['effect'])}"
    return f"{effect_text(data['gain'])}; pillage {data['defense']}: {effect_text(data['reward'])}"


def _die(p: dict[str, Any], die: dict[str, str]) -> dict[str, Any]:
    return {"color": die["color"], "face": die["face"], "wild": is_wild(p, die)}


def _seat_view(state: State, seat: int) -> dict[str, Any]:
    p = player(state, seat)
    return {
        "seat": seat,
        "food": p["food"],
        "favor": p["favor"],
        "glory": p["glory"],
        "pawns": p["pawns"],
        "dice": [_die(p, d) for d in p["dice"]],
        "leader": card_view(p["leader"]) if p["leader"] else None,
        "specialized": {s: [card_view(c) for c in p["specialized"][s]] for s in SPACES},
        "artifacts": [
            {"card": card_view(a["card"]), "die": None if a["die"] is None else _die(p, a["die"])}
            for a in p["artifacts"]
        ],
        "upgrades": [{"token": dict(UPGRADES[u["token"]]), "ready": u["ready"]} for u in p["upgrades"]],
        "territories": [
            {k: v for k, v in TERRITORIES[t].items() if k != "designed"} for t in p["territories"]
        ],
        "trophies": dict(p["trophies"]),
        "prophecies": len(p["prophecies"]),
        "glory_pile": len(p["pile"]),
    }


def _board(state: State) -> dict[str, Any]:
    board = state["board"]

    def group(cards: list[str] | None) -> list[dict[str, Any]] | None:
        return [card_view(c) for c in cards] if cards else None

    sizes = SLOTS[str(state["players"])]["recruit"]
    return {
        "recruit": [
            {"slot": i + 1, "size": sizes[i], "cards": [card_view(c) for c in cards]}
            for i, cards in enumerate(board["recruit"])
        ],
        "trade_dice": [{"color": d["color"], "face": d["face"], "wild": False} for d in board["trade_dice"]],
        "prophecies": [None if c is None else card_view(c) for c in board["prophecies"]],
        "villages": [group(pair) for pair in board["villages"]],
        "keeps": [group(pair) for pair in board["keeps"]],
        "sea": [None if c is None else card_view(c) for c in board["sea"]],
        "territories": {
            kind: {"count": len(board["territories"][kind]), "top": territory_front(state, kind)}
            for kind in TERRITORY_TYPES
        },
        "upgrades": [dict(UPGRADES[u]) for u in board["upgrades"]],
    }


def _resolving(state: State) -> dict[str, Any] | None:
    loc = flow.location_frame(state)
    if loc is None:
        return None
    frame = flow.top(state) or {}
    kind = frame.get("kind")
    cards: list[str] = []
    if kind == "use":
        cards = list(frame["cards"])
    elif kind in ("card", "journey", "battle"):
        cards = [frame["card"]]
    battle = next((f for f in state["stack"] if f["kind"] == "battle"), None)
    if battle is not None and battle["card"] not in cards:
        cards.append(battle["card"])
    step = {"commit": "fight", "roll": "fight", "sea": "battle", "raid": "pair"}.get(str(kind), kind)
    return {
        "location": loc["location"],
        "active": loc["active"],
        "order": list(loc["order"]),
        "current": frame.get("seat"),
        "answers": dict(loc["answers"]),
        "step": step,
        "left": frame.get("left"),
        "cards": [card_view(c) for c in cards],
        "discard": frame.get("count") if kind == "discard" else None,
        "target": _target(frame),
    }


def _target(frame: dict[str, Any]) -> dict[str, Any] | None:
    """What the current seat may attack now: a pillage, a territory or a Sea Battle."""
    kind = frame.get("kind")
    if kind == "commit":
        return {"name": frame["name"], "defense": frame["defense"]}
    if kind in ("card", "battle") and CARDS[frame["card"]].get("defense"):
        return {"name": CARDS[frame["card"]]["name"], "defense": CARDS[frame["card"]]["defense"]}
    return None


def _starting(state: State) -> dict[str, Any] | None:
    """The starting Reavers a seat is deciding before the first round: drawn and their dice
    rolled in front of everyone, so public, like the cards of a Recruit slot."""
    if state["phase"] != "start":
        return None
    frame = next((f for f in reversed(state["stack"]) if f["kind"] == "use"), None)
    if frame is None:
        return None
    return {"seat": frame["seat"], "cards": [card_view(c) for c in frame["cards"]]}


def _combat(state: State) -> dict[str, Any] | None:
    fight = state["combat"]
    if fight is None:
        return None
    return {k: fight[k] for k in ("seat", "target", "defense", "dice", "rerolls", "result")}


def prompt(state: State, seat: int | None = None) -> str:
    """What the seats that act must do now (the same phrase for every seat here)."""
    if state["phase"] == "over":
        return "the game is over"
    frame = flow.top(state)
    if frame is None:
        return ""
    kind = frame["kind"]
    loc = flow.location_frame(state)
    fields = {
        "loc": location_name(loc["location"]) if loc else "",
        "card": CARDS[frame["cards"][0] if kind == "use" else frame.get("card", "R01")]["name"]
        if kind in ("use", "card", "battle")
        else "",
        "color": frame["colors"][0] if kind == "face" else "",
        "left": frame.get("left"),
        "count": frame.get("count"),
        "dice": amount(int(frame.get("count") or 0), "die", "dice"),
    }
    return _PROMPTS[kind].format(**fields)


def view(state: State, seat: int | None) -> dict[str, Any]:
    return {
        "game": "reavers",
        "seat": seat,
        "players": state["players"],
        "to_act": to_act(state),
        "prompt": prompt(state),
        "phase": state["phase"],
        "round": state["round"],
        "rounds": ROUNDS,
        "options": dict(state["options"]),
        "start": state["start"],
        "honor": state["honor"],
        "picks": [dict(p) for p in state["picks"]],
        "queue": list(state["queue"]),
        "locations": [
            {
                "id": loc,
                "name": location_name(loc),
                "taken": loc in flow.taken(state),
                "cost": {
                    "food": LOCATIONS[loc]["cost"]["food"],
                    "faces": list(LOCATIONS[loc]["cost"]["faces"]),
                },
                "bonus": [flow.bonus(state, loc, s, 0) for s in flow.order_from(state, 0)],
            }
            for loc in LOCATION_IDS
        ],
        "board": _board(state),
        "decks": {deck: len(cards) for deck, cards in state["decks"].items()},
        "discards": {deck: len(cards) for deck, cards in state["discards"].items() if deck != "prophecies"},
        "seats": [_seat_view(state, s) for s in range(state["players"])],
        "resolving": _resolving(state),
        "starting": _starting(state),
        "combat": _combat(state),
        "log": [dict(line) for line in state["log"][-10:]],
        "over": state["phase"] == "over",
        "outcome": outcome(state),
        "private": private(state, seat),
    }


def private(state: State, seat: int | None) -> dict[str, Any] | None:
    """The seat's own secrets, its prophecies and Glory pile (``None`` for the public view)."""
    if seat is None:
        return None
    p = player(state, seat)
    return {
        "prophecies": [card_view(c) for c in p["prophecies"]],
        "glory_pile": [card_view(c) for c in p["pile"]],
    }


def outcome(state: State) -> dict[str, Any] | None:
    final = state["final"]
    if final is None:
        return None
    return {
        "winners": list(final["winners"]),
        "scores": list(final["scores"]),
        "reason": scoring.reason(state, final, ROUNDS),
        "breakdown": final["breakdown"],
    }


# --- labels -------------------------------------------------------------------------------


def _die_label(text: str) -> str:
    parsed = parse_code(text)
    return die_text(*parsed) if parsed else text


def label(state: State, action: str) -> str:
    words = action.split()
    verb, args = (words[0], words[1:]) if words else ("", [])
    text = _label(state, verb, args)
    return text if len(text) <= 80 else text[:77] + "..."


def _label(state: State, verb: str, args: list[str]) -> str:
    arg = args[0] if args else ""
    if verb == "place" and arg in LOCATIONS:
        frame = flow.top(state) or {}
        honor = state["honor"] is not None and state["seats"][frame.get("seat", 0)]["pawns"] == 0
        return f"Place {'the Honor Ship' if honor else 'a longship'} on {location_name(arg)}"
    if verb == "store" and len(args) == 2 and args[0].upper() in CARDS:
        return f"Store a {_die_label(args[1])} die on {CARDS[args[0].upper()]['name']}"
    if verb == "join":
        return "Take part (pay the cost)"
    if verb == "prepare":
        return "Prepare: take 2 Food" if arg == "food" else f"Prepare: take a {_die_label(arg)} die"
    if verb == "take" and len(args) == 2:
        return _take_label(state, args[0], args[1])
    if verb == "take" and arg == "food":
        return "Take 3 Food"
    if verb == "use":
        if arg == "specialize" and len(args) == 2:
            return f"Specialize at {location_name(args[1])}"
        return {
            "rally": "Rally: take its dice, card to the Glory pile",
            "lead": "Lead: make it your leader",
        }.get(arg, action_text(verb, args))
    if verb == "face" and arg:
        return f"Set the die to {_die_label('red-' + arg).split(' ', 1)[1]}"
    if verb == "trade":
        return "Take " + " and ".join(_die_label(a) for a in args)
    if verb == "fight":
        return "Fight with " + amount(int(arg) if arg.isdigit() else 0, "combat die", "combat dice")
    if verb == "reroll" and arg.isdigit():
        return (
            "Re-roll the lowest die (1 Favor)" if arg == "1" else f"Re-roll the {arg} lowest dice (1 Favor)"
        )
    if verb == "reroll":
        return {
            "blanks": "Re-roll the blank dice (1 Favor)",
            "low": "Re-roll every die below 2 (1 Favor)",
        }.get(arg, "Re-roll all combat dice (1 Favor)")
    if verb == "conquer" and len(args) == 2:
        front = territory_front(state, args[0])
        cost = "" if front is None else ", ".join(f"{v} {k}" for k, v in front["cost"].items())
        how = (
            f"by force (defense {front['defense'] if front else '?'})"
            if args[1] == "force"
            else f"peacefully ({cost})"
        )
        return f"Conquer a {args[0]} territory {how}"
    if verb == "give":
        return f"Give up a {_die_label(arg)} die"
    if verb == "journey":
        return "Pay the Journey's price" if arg == "pay" else "Suffer the Journey's penalty"
    if verb == "beat":
        return "Spend the exact dice to win the battle"
    if verb == "replace" and arg.upper() in CARDS:
        return f"Replace {CARDS[arg.upper()]['name']}"
    if verb == "replace" and arg.upper() in UPGRADES:
        return f"Replace {UPGRADES[arg.upper()]['name']}"
    if verb == "skip":
        return "Skip"
    if verb == "stop":
        return "Stop"
    return action_text(verb, args)


def _take_label(state: State, kind: str, which: str) -> str:
    item = which.upper()
    if kind == "slot":
        if which == "deck":
            return "Recruit the top Reaver of the deck"
        cards = state["board"]["recruit"][int(which) - 1]
        return "Recruit " + " and ".join(f"{REAVERS[c]['name']} ({REAVERS[c]['clan']})" for c in cards)
    if kind == "pair":
        if which == "deck":
            return "Take 2 random Spoils from the deck"
        frame = flow.top(state) or {}
        pair = state["board"].get(frame.get("deck", "villages"), [])[int(which) - 1] or []
        return "Take " + " and ".join(CARDS[c]["name"] for c in pair)
    if kind in ("battle", "prophecy"):
        if which == "deck":
            return f"Take the top {'Sea Battle' if kind == 'battle' else 'Prophecy'} of the deck"
        data = CARDS[item]
        extra = f" (defense {data['defense']}, {data['glory']} Glory)" if kind == "battle" else ""
        return f"Take {data['name']}{extra}"
    if kind == "spoils":
        return f"Draw a {'Village' if which == 'villages' else 'Keep'} Spoils card"
    return action_text("take", [kind, which])


def action_text(verb: str, args: list[str]) -> str:
    return " ".join([verb.capitalize(), *args])
