"""Button texts a player understands without the picture.

A card is named as the board prints it: a Viking by its colour and asset, a destination by
its kind, each with its printed id in brackets. Every label states what the move costs and
what it gives (``Trade 2 bracelets: gain 2 VP and 1 recruit``); none is longer than a
Discord button allows (80 characters), shorter wordings are used when the long one is not.
"""

from __future__ import annotations

from collections import Counter

from games.core import State
from games.knarr import flow
from games.knarr.data import DESTINATIONS, SHIPS, VIKINGS, asset_of
from games.knarr.names import (
    LIMIT,
    assets_text,
    cost_text,
    destination_text,
    fit,
    payment_text,
    viking_text,
)
from games.knarr.phases import RULES

_SKIPS = {
    "mead_cup": "Skip the Mead Cup",
    "golden_bracelet": "Skip the Golden Bracelet: reserve nothing",
    "helmet": "Skip the Helmet's extra recruit",
    "weathervane": "Skip the Weathervane's extra exploration",
}


def _split_payment(words: list[str]) -> tuple[list[str], int]:
    return [w for w in words if w != "recruit"], words.count("recruit")


def _recruit(state: State, args: list[str]) -> str:
    card = args[0]
    if len(args) == 3:
        free = args[2]
        return fit(
            f"Recruit {viking_text(card)}, then take {viking_text(free)} free",
            f"Recruit {viking_text(card, asset=False)}, then take {viking_text(free, asset=False)} free",
        )
    column = [*flow.player(state, state["current"])["crew"][VIKINGS[card]["color"]], card]
    gain = assets_text([asset_of(c) for c in column])
    return fit(
        f"Recruit {viking_text(card)}: gain {gain}",
        f"Recruit {viking_text(card, asset=False)}: gain {gain}",
    )


def _take(state: State, card: str) -> str:
    slot = next(s for s, c in state["vikings"].items() if c == card)
    price = dict(flow.take_options(state)).get(slot, 0)
    recruits = flow.player(state, state["current"])["recruits"]
    viking = viking_text(card)
    if price:
        terms = f"for 1 recruit (you have {recruits})"
        return fit(f"Take {viking} from the {slot} space {terms}", f"Take {viking} {terms}")
    return f"Take {viking} free from the {slot} space"


def _explore(dest: str, paid: list[str] | None) -> str:
    data = DESTINATIONS[dest]
    name = destination_text(dest)
    gain = assets_text(Counter(data["immediate"]))
    short = destination_text(dest, short=True)
    brief = assets_text(Counter(data["immediate"]), short=True)
    if paid is not None:
        paying = payment_text(*_split_payment(paid))
        return fit(
            f"Explore {name} paying {paying}: gain {gain}",
            f"Explore {name} paying {paying}",
            f"Explore {short} paying {paying}",
            f"Explore {short} paying {payment_text(*_split_payment(paid), short=True)}",
        )
    cost = cost_text(data["cost"])
    return fit(
        f"Explore {name}: pay {cost}, gain {gain}",
        f"Explore {name}: pay {cost}, gain {brief}",
        f"Explore {name}: {cost} → {brief}",
        f"Explore {short}: {cost} → {brief}",
    )


def _pay(state: State, words: list[str]) -> str:
    if len(words) > 1:
        cards, recruits = _split_payment(words)
        return fit(
            f"Pay the rest: {payment_text(cards, recruits)}",
            f"Pay the rest: {payment_text(cards, recruits, short=True)}",
        )
    if words[0] == "recruit":
        pending = state["pending"]
        left = flow.player(state, state["current"])["recruits"] - (pending["recruits_paid"] if pending else 0)
        return f"Pay with 1 recruit (you have {left})"
    return f"Pay with {viking_text(words[0])}"


def _trade(state: State, count: int) -> str:
    p = flow.player(state, state["current"])
    assets = list(SHIPS[state["options"]["ship"]][:count])
    for dest in p["explored"]:
        assets.extend(DESTINATIONS[dest]["trade"][:count])
    spend = f"Trade {count} bracelet" + "s" * (count != 1)
    gain = assets_text(assets)
    return fit(f"{spend}: gain {gain}" if gain != "nothing" else f"{spend}: it pays nothing")


def label(state: State, action: str) -> str:
    words = action.split()
    verb, args = (words[0], words[1:]) if words else ("", [])
    arg = args[0].upper() if args else ""
    if verb == "recruit" and arg in VIKINGS:
        return _recruit(state, [arg, *args[1:2], *(a.upper() for a in args[2:3])])
    if verb == "take" and arg in VIKINGS:
        return _take(state, arg)
    if verb == "explore" and arg in DESTINATIONS:
        return _explore(
            arg, [w if w == "recruit" else w.upper() for w in args[2:]] if len(args) > 2 else None
        )
    if verb == "pay" and args:
        return _pay(state, [w if w == "recruit" else w.upper() for w in args])
    if verb == "trade" and arg.isdigit():
        return _trade(state, int(arg))
    if verb == "discard" and arg in VIKINGS:
        return f"Discard {viking_text(arg)} from your crew"
    if verb == "mead" and arg in VIKINGS:
        slot = next((s for s, c in state["vikings"].items() if c == arg), "")
        return fit(f"Mead Cup: discard {viking_text(arg)} from the {slot} space")
    if verb == "reserve" and arg in DESTINATIONS:
        return fit(
            f"Reserve {destination_text(arg)}, to explore later for {cost_text(DESTINATIONS[arg]['cost'])}"
        )
    if verb == "cancel":
        pending = state["pending"]
        what = f"exploring ({pending['explore']})" if pending else "this exploration"
        return f"Give up {what}: nothing is spent"
    if verb == "skip":
        phase = RULES.phase_of(state)
        if phase == "take":
            return f"Take no Viking (the {state['action']['color']} space is empty)"
        return _SKIPS.get(phase, "Skip")
    if verb == "end":
        return "End the turn"
    if verb == "pass":
        return "Pass: you can neither recruit nor explore"
    return action[:LIMIT]
