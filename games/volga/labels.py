"""Button labels: each move as a player reads it without the picture.

Places and cards are named as the board prints them (``names``), costs and gains are
stated, and other seats are named with ``seat_ref``. A label is shown only in the acting
seat's private panel, so it may name that seat's hidden contracts.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from games.core import State, plural, seat_ref
from games.volga import flow, names
from games.volga.data import (
    BURN_REWARD,
    CITIES,
    CONTRACTS,
    DRAW_COUNT,
    FEE,
    GOOD_PRICE,
    GOODS,
    PASS_PRICE,
    RAID,
    REBUILD_REWARD,
    START_RUBLES,
    TILES,
    UPGRADE_PRICE,
    city_name,
    rivers,
)
from games.volga.phases import RULES
from games.volga.rules import ROTATIONS, side_text

_SIDES = {"N": "north", "E": "east", "S": "south", "W": "west"}


def _you(state: State) -> int:
    return int(state["current"])


def _last_ruble(state: State, cost: int) -> str:
    """A warning: with 0 rubles the ship cannot enter a city whose fee it owes."""
    return "; leaves 0 rubles!" if state["seats"][_you(state)]["rubles"] == cost else ""


def _move(state: State, tile: str) -> str:
    text = f"Move to {names.place(state, tile)}"
    effects = []
    if flow.ship_moves(state, _you(state)).get(tile, False):
        city = flow.city_at(tile)
        holder = None if city is None else state["passes"][city]
        effects.append(
            f"stop, pay {plural(FEE, 'ruble')} to {'the bank' if holder is None else seat_ref(holder)}"
        )
    if tile == state["prince"]:
        effects.append("bump the Prince")
    return text + (f": {'; '.join(effects)}" if effects else "")


def _ship_owner(state: State, tile: str) -> str | None:
    owner = flow.ship_tiles(state).get(tile)
    if owner is None:
        return None
    return "your ship" if owner == _you(state) else f"{seat_ref(owner)}'s ship"


def _horde(state: State, tile: str) -> str:
    if RULES.phase_of(state) == "place_horde":
        return f"Put the Horde on {names.place(state, tile)}"
    effects = []
    if flow.unburned_city(state, tile):
        effects.append(f"burn it, +{plural(BURN_REWARD, 'ruble')}")
    victim = flow.ship_tiles(state).get(tile)
    if victim is not None:
        rubles = state["seats"][victim]["rubles"]
        loot = (
            f"+{plural(min(RAID, rubles), 'ruble')}"
            if rubles
            else "a good"
            if flow.goods_count(state, victim)
            else ""
        )
        effects.append(f"raid {_ship_owner(state, tile)}" + (f", {loot}" if loot else ""))
    if tile == state["prince"]:
        effects.append("battle the Prince")
    text = f"Horde to {names.place(state, tile)}"
    return text + (f": {'; '.join(effects)}" if effects else "")


def _prince(state: State, tile: str) -> str:
    if RULES.phase_of(state) in ("bump_prince", "place_prince"):
        return f"Put the Prince on {names.place(state, tile)}"
    effects = []
    city = flow.city_at(tile)
    if city is not None and city in state["burned"]:
        effects.append(f"rebuild it, +{plural(REBUILD_REWARD, 'ruble')}")
    if tile == state["horde"]:
        effects.append("battle the Horde")
    bumped = _ship_owner(state, tile)
    if bumped is not None:
        effects.append(f"bump {bumped}")
    text = f"Prince to {names.place(state, tile)}"
    return text + (f": {'; '.join(effects)}" if effects else "")


def _ship(state: State, tile: str) -> str:
    if RULES.phase_of(state) == "bump_ship":
        return f"Move your ship out of the way to {names.place(state, tile)}"
    return f"Place your ship on {names.place(state, tile)}"


def _buy(state: State, what: str) -> str:
    if what == "pass":
        city = flow.city_at(state["seats"][_you(state)]["tile"])
        return f"Buy the {city_name(str(city))} pass ({PASS_PRICE} rubles)" + _last_ruble(state, PASS_PRICE)
    return f"Buy {names.goods(1, what)} ({plural(GOOD_PRICE, 'ruble')})" + _last_ruble(state, GOOD_PRICE)


def _keep(state: State, card: str) -> str:
    others = [c for c in state["drawn"] if c != card]
    text = f"Keep {names.contract(card)} hidden"
    return text + (f"; lay down {', '.join(names.contract(c) for c in others)}" if others else "")


def _hand(state: State, card: str) -> str:
    return f"Give {seat_ref(state['offer']['from'])} your contract {names.contract(card)}"


def _pay(state: State, good: str) -> str:
    return f"Hand {names.goods(1, good)} to {seat_ref(state['choices'][0]['to'])}, the raider"


def _offer(state: State, seat: str) -> str:
    return f"Offer a trade to {seat_ref(int(seat) - 1)} (seat {seat})"


def _give(state: State, args: list[str]) -> str:
    """One more thing in the offer: given by the offerer, or asked of the other seat."""
    offer = state["offer"]
    verb, what = args[0], args[1]
    thing = {
        "rubles": lambda: plural(int(args[-1]), "ruble"),
        "pass": lambda: f"the {city_name(args[-1])} pass",
        "contract": lambda: (
            f"your contract {names.contract(args[-1])}"
            if verb == "give"
            else "a hidden contract (their pick)"
        ),
    }.get(what, lambda: names.goods(1, what))()
    return f"Give {thing}" if verb == "give" else f"Ask {seat_ref(offer['to'])} for {thing}"


def _terms(offer: dict[str, Any], you: str) -> str:
    """An offer's terms for one of its two seats (``you``: its ``give`` or ``ask`` side)."""
    mine = side_text(offer[you])
    theirs = side_text(offer["ask" if you == "give" else "give"])
    return f"give {mine}, get {theirs}"


def _accept(state: State) -> str:
    return f"Accept: {_terms(state['offer'], 'ask')}"


def _lay(state: State) -> str:
    hand = state["seats"][_you(state)]["hand"]
    text = "Lay down " + ", ".join(names.contract(c) for c in hand)
    return text if len(text) <= 80 else f"Lay down all {len(hand)} of your hidden contracts"


def _cancel(state: State) -> str:
    offer = state["offer"]
    return f"Withdraw the offer to {seat_ref(offer['to'])}" if offer["sent"] else "Cancel: drop this offer"


def _end(state: State) -> str:
    return "End your turn" + (" (the open offer lapses)" if state["offer"] is not None else "")


def _draw(state: State) -> str:
    if len(state["deck"]) < DRAW_COUNT:
        return "Draw the last contract and keep it hidden (special)"
    return f"Draw {DRAW_COUNT} contracts, keep 1 hidden, lay down the rest (special)"


def _rotate(state: State, degrees: str) -> str:
    turns = {v: k for k, v in ROTATIONS.items()}[degrees]
    sides = ", ".join(_SIDES[s] for s in rivers(state["drawn_tile"], turns))
    return f"Turn the tile {degrees}°: river to the {sides}"


# verb -> (what its argument must be, the label)
_ONE: dict[str, tuple[Callable[[str], bool], Callable[[State, str], str]]] = {
    "move": (TILES.__contains__, _move),
    "horde": (TILES.__contains__, _horde),
    "prince": (TILES.__contains__, _prince),
    "ship": (TILES.__contains__, _ship),
    "buy": (lambda a: a == "pass" or a in GOODS, _buy),
    "sell": (CONTRACTS.__contains__, lambda s, c: f"Sell {names.delivery(c)} for {flow.price(s)} rubles"),
    "keep": (CONTRACTS.__contains__, _keep),
    "hand": (CONTRACTS.__contains__, _hand),
    "throw": (GOODS.__contains__, lambda s, g: f"Throw {names.goods(1, g)} overboard"),
    "pay": (GOODS.__contains__, _pay),
    "pick": (CITIES.__contains__, lambda s, c: f"Take the {city_name(c)} pass"),
    "offer": (str.isdigit, _offer),
    "put": (lambda a: "," in a, lambda s, a: f"Place {names.tile_piece(s['drawn_tile'])} at {a}"),
    "rotate": (lambda a: a in ROTATIONS.values(), _rotate),
}
_NONE: dict[str, Callable[[State], str]] = {
    "upgrade": lambda s: f"Upgrade to a large ship ({UPGRADE_PRICE} rubles)" + _last_ruble(s, UPGRADE_PRICE),
    "lay": _lay,
    "draw": _draw,
    "over": lambda s: f"Start over: {START_RUBLES} rubles, a small ship, a new pass (special)",
    "send": lambda s: f"Send the offer: {_terms(s['offer'], 'give')}",
    "cancel": _cancel,
    "accept": _accept,
    "decline": lambda s: f"Decline {seat_ref(s['offer']['from'])}'s offer",
    "end": _end,
}


def label(state: State, action: str) -> str:
    """Short button text for one of the acting seat's legal actions (80 characters at most)."""
    words = names.canonical(action.split())
    verb, args = (words[0], words[1:]) if words else ("", [])
    text = action
    if verb in ("give", "ask") and len(args) == 2:
        text = _give(state, [verb, *args])
    elif verb in _ONE and len(args) == 1 and _ONE[verb][0](args[0]):
        text = _ONE[verb][1](state, args[0])
    elif verb in _NONE and not args:
        text = _NONE[verb](state)
    return text[:80]
