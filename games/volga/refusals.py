"""Why a move is refused: the rule that forbids it and what the player has, in one sentence.

``reason`` is asked (through ``games.phases.Rules``) only for an action that is not among
the seat's legal actions, after the typed words were put in the actions' own form.
"""

from __future__ import annotations

from collections.abc import Callable

from games.core import State, plural, seat_ref
from games.volga import board, flow, names
from games.volga.data import (
    CITIES,
    CONTRACTS,
    FEE,
    GOOD_PRICE,
    GOODS,
    HORDE_STEPS,
    LAND_STEPS,
    PASS_PRICE,
    RIVER_STEPS,
    SOURCES,
    TILES,
    UPGRADE_PRICE,
    city_name,
    distinct_rotations,
)
from games.volga.flow import player

Check = Callable[[State, int, list[str], str], str]  # state, seat, args, phase

_OPEN_TURN = ("turn", "answer")


def reason(state: State, seat: int, action: str, phase: str, verbs: set[str], prompt: str) -> str:
    """Why ``action`` is not legal for ``seat`` now; ``phase`` is the phase's name, ``verbs``
    its verbs and ``prompt`` what the seat is asked."""
    words = action.split()
    verb, args = words[0], words[1:]
    answering = phase == "answer" and seat == state["offer"]["to"] and seat != state["current"]
    if answering and verb not in ("accept", "decline"):
        return f"Not now: first {prompt}."
    if phase == "offer" and verb not in verbs:
        return "You are putting a trade offer together: send it or cancel it first."
    if phase not in (*_OPEN_TURN, "offer") and verb not in verbs:
        return f"Not now: first {prompt}."
    return _CHECKS[verb](state, seat, args, phase)


# --- places -----------------------------------------------------------------------------


def _tile(state: State, args: list[str]) -> tuple[str | None, str]:
    """The tile named (or ``None``) and, when none, why."""
    tile = args[0] if args else ""
    if tile in TILES and any(t["id"] == tile for t in state["tiles"]):
        return tile, ""
    shown = " ".join(args)[:40] or "nothing"
    return None, f"There is no tile '{shown}' on the board: name a city (Kiev) or a tile id (T05)."


def _holder(state: State, tile: str, seat: int) -> str:
    """What stands on ``tile`` ("" when it is free)."""
    ships = flow.ship_tiles(state)
    if tile == state["horde"]:
        return "the Horde"
    if tile == state["prince"]:
        return "the Prince"
    if tile in ships:
        return "your ship" if ships[tile] == seat else f"{seat_ref(ships[tile])}'s ship"
    return ""


def _special_done() -> str:
    return "A special action is a whole turn, and you have already acted this turn."


def _move(state: State, seat: int, args: list[str], phase: str) -> str:
    p = player(state, seat)
    if state["turn"]["moved"]:
        return "You have moved your ship this turn already: one move a turn."
    tile, why = _tile(state, args)
    if tile is None:
        return why
    where = names.place(state, tile)
    if tile == p["tile"]:
        return f"Your ship is on {where} already."
    if tile == state["horde"]:
        return f"The Horde is on {where}: no ship may enter its tile."
    if _holder(state, tile, seat).endswith("ship"):
        return f"{_holder(state, tile, seat).capitalize()} is on {where}: a ship may pass another ship but not stop on its tile."
    rich = dict(state, seats=[dict(s) for s in state["seats"]])
    rich["seats"][seat]["rubles"] = 10**6
    if tile in flow.ship_moves(rich, seat):
        return (
            f"The way to {where} enters a city whose {plural(FEE, 'ruble')} fee you owe, "
            f"and you have {plural(p['rubles'], 'ruble')}."
        )
    return (
        f"{where} is out of reach: a move is up to {RIVER_STEPS} river steps or {LAND_STEPS} step "
        "overland, and it stops on entering a city whose pass you lack."
    )


def _horde(state: State, seat: int, args: list[str], phase: str) -> str:
    tile, why = _tile(state, args)
    if tile is None:
        return why
    where = names.place(state, tile)
    if phase == "place_horde":  # after the Prince won a battle
        if TILES[tile]["city"] is not None:
            return f"The Horde must go to open land, and {where} is a city."
        return f"The Horde needs a free tile, and {_holder(state, tile, seat)} is on {where}."
    if state["turn"]["acted"]:
        return _special_done()
    if tile == state["horde"]:
        return f"The Horde is on {where} already: it must move."
    return (
        f"{where} is beyond the Horde: it goes up to {HORDE_STEPS} steps and stops at the first "
        "unburned city, ship or Prince it enters."
    )


def _prince(state: State, seat: int, args: list[str], phase: str) -> str:
    tile, why = _tile(state, args)
    if tile is None:
        return why
    where = names.place(state, tile)
    if phase == "bump_prince":
        here = names.place(state, state["choices"][0]["tile"])
        return f"The Prince moves to a free tile next to {here}, and {where} is not one."
    if phase == "place_prince":
        return f"After a battle the Prince goes to a free unburned city, and {where} is not one."
    if state["turn"]["acted"]:
        return _special_done()
    if tile == state["prince"]:
        return f"The Prince is on {where} already: he must move."
    return (
        f"{where} is beyond the Prince: he moves like a ship with every pass ({RIVER_STEPS} river "
        f"steps or {LAND_STEPS} overland) and stops at a burned city or the Horde."
    )


def _ship(state: State, seat: int, args: list[str], phase: str) -> str:
    tile, why = _tile(state, args)
    if tile is None:
        return why
    where = names.place(state, tile)
    if phase == "bump_ship":
        here = names.place(state, state["choices"][0]["tile"])
        return f"Your ship moves to a free tile next to {here}, and {where} is not one."
    return f"Your ship needs a free tile, and {_holder(state, tile, seat)} is on {where}."


# --- buying and selling -------------------------------------------------------------------


def _here(state: State, seat: int) -> tuple[str | None, str]:
    """The unburned city the seat's ship is in, or why there is none."""
    city = flow.city_at(player(state, seat)["tile"])
    if city is None:
        return None, "Your ship is not in a city: goods, passes and contracts are dealt in cities."
    if flow.is_burned(state, city):
        return None, f"{city_name(city)} is burned: no trade there until the Prince rebuilds it."
    return city, ""


def _buy(state: State, seat: int, args: list[str], phase: str) -> str:
    what = args[0] if args else ""
    if what != "pass" and what not in GOODS:
        return f"You can buy amber, fish, furs or a city's pass, not '{what[:40]}'."
    city, why = _here(state, seat)
    if city is None:
        return why
    rubles = player(state, seat)["rubles"]
    if what == "pass":
        holder = state["passes"][city]
        if holder is not None:
            owner = "yours" if holder == seat else f"held by {seat_ref(holder)}"
            return f"The {city_name(city)} pass is {owner}: each city has one pass."
        return f"The {city_name(city)} pass costs {PASS_PRICE} rubles, and you have {rubles}."
    if SOURCES[what] != city:
        return (
            f"{what.capitalize()} is bought only in {city_name(SOURCES[what])}; you are in {city_name(city)}."
        )
    if rubles < GOOD_PRICE:
        return (
            f"{names.goods(1, what).capitalize()} costs {plural(GOOD_PRICE, 'ruble')}, and you have {rubles}."
        )
    ship = player(state, seat)["ship"]
    fix = "upgrade it or throw a good overboard" if ship == "small" else "sell or throw a good overboard"
    return f"Your {ship} ship carries {flow.goods_count(state, seat)} goods, its most: {fix} first."


def _sell(state: State, seat: int, args: list[str], phase: str) -> str:
    card = args[0] if args else ""
    if card not in CONTRACTS:
        return _no_contract(args)
    text = names.contract(card)
    if card not in state["table"]:
        mine = card in player(state, seat)["hand"]
        return f"{text} is not face up on the table" + (": lay it down first." if mine else ".")
    city, why = _here(state, seat)
    wanted = CONTRACTS[card]["city"]
    if city == wanted:
        return f"{text} needs {names.goods(1, CONTRACTS[card]['good'])}, and you carry none."
    if flow.city_at(player(state, seat)["tile"]) == wanted:
        return why  # there, but the city is burned
    return f"{text} is sold in {city_name(wanted)}, and your ship is not there."


def _no_contract(args: list[str]) -> str:
    """Words that name no contract card; a good's own source city has none."""
    typed = " ".join(args)[:40]
    folded = {names.fold(w) for w in args}
    for good, city in SOURCES.items():
        if {good, city} <= folded:
            return f"No contract asks for {good} in {city_name(city)}: {good} is bought there, and sold elsewhere."
    return f"'{typed}' names no contract: name one as printed, such as 'fish to Kiev'."


def _good(state: State, seat: int, args: list[str], phase: str) -> str:
    good = args[0] if args else ""
    if good not in GOODS:
        return f"'{good[:40]}' is no good: amber, fish or furs."
    carried = [g for g in GOODS if player(state, seat)["goods"][g] > 0]
    return f"You carry no {good}" + (f"; you carry {', '.join(carried)}." if carried else ".")


def _pick(state: State, seat: int, args: list[str], phase: str) -> str:
    city = args[0] if args else ""
    if city not in CITIES:
        return f"'{city[:40]}' is no city: name one as printed, such as Kiev."
    holder = state["passes"][city]
    if holder is None:
        return f"The {city_name(city)} pass is not to be had now: take one of the passes offered."
    owner = "yours already" if holder == seat else f"held by {seat_ref(holder)}"
    return f"The {city_name(city)} pass is {owner}: take one nobody holds."


def _keep(state: State, seat: int, args: list[str], phase: str) -> str:
    drawn = ", ".join(names.contract(c) for c in state["drawn"])
    return f"Keep one of the contracts you drew: {drawn}."


def _hand(state: State, seat: int, args: list[str], phase: str) -> str:
    handed = state["offer"]["handed"]
    left = [names.contract(c) for c in player(state, seat)["hand"] if c not in handed]
    return f"Hand over one of your hidden contracts not yet handed: {', '.join(left)}."


def _upgrade(state: State, seat: int, args: list[str], phase: str) -> str:
    p = player(state, seat)
    if p["ship"] == "large":
        return "Your ship is large already."
    return f"A large ship costs {UPGRADE_PRICE} rubles, and you have {p['rubles']}."


def _lay(state: State, seat: int, args: list[str], phase: str) -> str:
    return "You hold no hidden contracts to lay down."


def _draw(state: State, seat: int, args: list[str], phase: str) -> str:
    if state["turn"]["acted"]:
        return _special_done()
    return "The contract deck is empty: there is nothing to draw."


def _over(state: State, seat: int, args: list[str], phase: str) -> str:
    return _special_done()


def _end(state: State, seat: int, args: list[str], phase: str) -> str:
    return "End your turn with a plain 'end'."


# --- trading ------------------------------------------------------------------------------


def _offer(state: State, seat: int, args: list[str], phase: str) -> str:
    if state["offer"] is not None:
        return "A trade offer is open already: one at a time."
    other = args[0] if args else ""
    if not other.isdigit() or not 1 <= int(other) <= state["players"]:
        return f"Name the seat to trade with as the table lists it, from 'offer 1' to 'offer {state['players']}'."
    if int(other) - 1 == seat:
        return "A trade needs another ship: you cannot trade with yourself."
    return f"Ships trade only side by side, and {seat_ref(int(other) - 1)}'s ship is not on a tile next to yours."


def _add(state: State, seat: int, args: list[str], verb: str) -> str:
    offer = state["offer"]
    if offer is None:
        return "Start a trade offer first ('offer seat 2'), then add to it."
    if offer["sent"]:
        return "The offer is sent and can no longer change: withdraw it with 'cancel' to make another."
    owner = offer["from"] if verb == "give" else offer["to"]
    who = "you" if verb == "give" else seat_ref(owner)
    has = "have" if verb == "give" else "has"
    side = offer[verb]
    what, item = (args + ["", ""])[:2]
    p = player(state, owner)
    if what == "rubles":
        if item not in ("1", "5"):
            return "Rubles go into an offer 1 or 5 at a time."
        return f"{who.capitalize()} {has} {plural(p['rubles'], 'ruble')} and the offer holds {side['rubles']} of them already."
    if what in GOODS:
        if item != "1":
            return f"Goods go into an offer one at a time ('{verb} {what} 1')."
        return f"{who.capitalize()} {has} {p['goods'][what]} {what} and the offer holds {side['goods'].get(what, 0)} already."
    if what == "pass":
        if item not in CITIES:
            return f"'{item[:40]}' is no city: name a pass by its city, such as Kiev."
        return f"{who.capitalize()} {'do' if verb == 'give' else 'does'} not hold the {city_name(item)} pass, or it is in the offer already."
    if what == "contract" and verb == "give":
        return "Offer one of your hidden contracts not yet in the offer."
    if what == "contract":
        asked = side["contracts"]
        return f"Ask for hidden contracts one at a time ('ask contract 1'); {who} {has} {len(p['hand'])} and {asked} are asked already."
    return f"An offer holds rubles, amber, fish, furs, passes and hidden contracts, not '{what[:40]}'."


def _give(state: State, seat: int, args: list[str], phase: str) -> str:
    return _add(state, seat, args, "give")


def _ask(state: State, seat: int, args: list[str], phase: str) -> str:
    return _add(state, seat, args, "ask")


def _send(state: State, seat: int, args: list[str], phase: str) -> str:
    offer = state["offer"]
    if offer is None or offer["sent"]:
        return "There is no offer being put together to send."
    return "The offer is empty: give or ask for something first."


def _cancel(state: State, seat: int, args: list[str], phase: str) -> str:
    return "There is no trade offer to cancel."


def _answer(state: State, seat: int, args: list[str], phase: str) -> str:
    offer = state["offer"]
    if offer is None or not offer["sent"]:
        return "There is no trade offer to answer."
    return f"Only {seat_ref(offer['to'])}, who received the offer, answers it."


# --- building the board ---------------------------------------------------------------------


def _put(state: State, seat: int, args: list[str], phase: str) -> str:
    spots = board.free_spots(state["tiles"])
    example = f"{spots[0][0]},{spots[0][1]}" if spots else "0,1"
    given = (args[0] if args else "")[:40]
    return f"The tile goes on a free position next to the board, such as {example}; '{given}' is not one."


def _rotate(state: State, seat: int, args: list[str], phase: str) -> str:
    turns = [str(90 * r) for r in distinct_rotations(state["drawn_tile"])]
    return f"Turn the tile by one of {', '.join(turns)} degrees (other turns give the same river)."


_CHECKS: dict[str, Check] = {
    "move": _move,
    "horde": _horde,
    "prince": _prince,
    "ship": _ship,
    "buy": _buy,
    "sell": _sell,
    "throw": _good,
    "pay": _good,
    "pick": _pick,
    "keep": _keep,
    "hand": _hand,
    "upgrade": _upgrade,
    "lay": _lay,
    "draw": _draw,
    "over": _over,
    "end": _end,
    "offer": _offer,
    "give": _give,
    "ask": _ask,
    "send": _send,
    "cancel": _cancel,
    "accept": _answer,
    "decline": _answer,
    "put": _put,
    "rotate": _rotate,
}
