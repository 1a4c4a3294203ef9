"""What each phase offers a seat, and what each action does.

The table in ``games.volga.phases`` names the phases; this module gives their legal-action
lists (complete and short, one step each) and the handlers that carry an action out on a
copy of the state. ``flow.settle`` then runs the automatic steps.
"""

from __future__ import annotations

from typing import Any

from games import core
from games.core import State
from games.volga import board, flow, names, setup
from games.volga.data import (
    CONTRACTS,
    DRAW_COUNT,
    GOOD_PRICE,
    GOODS,
    PASS_PRICE,
    SOURCE_GOOD,
    UPGRADE_PRICE,
    city_name,
    distinct_rotations,
)
from games.volga.flow import player

ROTATIONS = {0: "0", 1: "90", 2: "180", 3: "270"}


# --- legal actions, by phase ---------------------------------------------------------------


def _spot_text(spot: tuple[int, int] | list[int]) -> str:
    return f"{spot[0]},{spot[1]}"


def spot_actions(state: State, seat: int) -> list[str]:
    """Building the board: where the drawn tile may go."""
    return [f"put {_spot_text(s)}" for s in board.free_spots(state["tiles"])]


def rotation_actions(state: State, seat: int) -> list[str]:
    """Building the board: the distinct turns of the drawn tile."""
    return [f"rotate {ROTATIONS[r]}" for r in distinct_rotations(state["drawn_tile"])]


def choice_actions(state: State, seat: int) -> list[str]:
    """A decision from the queue (``flow.choice_options``), as its verb and the option."""
    choice = state["choices"][0]
    verb = flow.CHOICE_VERBS[choice["kind"]]
    return [f"{verb} {option}" for option in flow.choice_options(state, choice)]


def offer_actions(state: State, seat: int) -> list[str]:
    """Building a trade offer: one thing more to give or ask for, send, or cancel."""
    offer = state["offer"]
    a, b = offer["from"], offer["to"]
    pa, pb = player(state, a), player(state, b)
    give, ask = offer["give"], offer["ask"]
    actions = []
    for verb, p, side, owner in (("give", pa, give, a), ("ask", pb, ask, b)):
        left = p["rubles"] - side["rubles"]
        actions += [f"{verb} rubles {n}" for n in (1, 5) if left >= n]
        actions += [f"{verb} {g} 1" for g in GOODS if p["goods"][g] > side["goods"].get(g, 0)]
        actions += [f"{verb} pass {c}" for c in flow.passes_of(state, owner) if c not in side["passes"]]
    actions += [f"give contract {c}" for c in pa["hand"] if c not in give["contracts"]]
    if len(pb["hand"]) > ask["contracts"]:
        actions.append("ask contract 1")
    if any(_side_size(side) for side in (give, ask)):
        actions.append("send")
    actions.append("cancel")
    return actions


def _side_size(side: dict[str, Any]) -> int:
    """How many things one side of an offer holds (rubles count one each)."""
    contracts = side["contracts"]
    count = contracts if isinstance(contracts, int) else len(contracts)
    return int(side["rubles"]) + sum(side["goods"].values()) + len(side["passes"]) + count


def turn_actions(state: State, seat: int) -> list[str]:
    """A normal turn: a special action first or the normal ones in any order, then ``end``."""
    p = player(state, seat)
    turn = state["turn"]
    actions: list[str] = []
    if not turn["acted"]:
        actions += [f"horde {t}" for t in flow.horde_moves(state)]
        actions += [f"prince {t}" for t in flow.prince_moves(state)]
        if state["deck"]:
            actions.append("draw")
        actions.append("over")
    if not turn["moved"]:
        actions += [f"move {t}" for t in flow.ship_moves(state, seat)]
    city = flow.unburned_city(state, p["tile"])
    if city is not None:
        good = SOURCE_GOOD.get(city)
        if good is not None and p["rubles"] >= GOOD_PRICE and flow.room(state, seat) > 0:
            actions.append(f"buy {good}")
        if state["passes"][city] is None and p["rubles"] >= PASS_PRICE:
            actions.append("buy pass")
        actions += [
            f"sell {c}"
            for c in state["table"]
            if CONTRACTS[c]["city"] == city and p["goods"][CONTRACTS[c]["good"]] > 0
        ]
    actions += [f"throw {g}" for g in GOODS if p["goods"][g] > 0]
    if p["ship"] == "small" and p["rubles"] >= UPGRADE_PRICE:
        actions.append("upgrade")
    if p["hand"]:
        actions.append("lay")
    offer = state["offer"]
    if offer is None:
        ships = flow.ship_tiles(state)
        for tile, other in sorted(ships.items(), key=lambda item: item[1]):
            if other != seat and flow.adjacent(p["tile"], tile, state):
                actions.append(f"offer {other + 1}")  # seats as the table lists them
    else:
        actions.append("cancel")
    actions.append("end")
    return actions


def answer_actions(state: State, seat: int) -> list[str]:
    """A sent offer: its recipient answers it; the offerer goes on with the turn."""
    if seat == state["offer"]["to"] and seat != state["current"]:
        return ["accept", "decline"]
    return turn_actions(state, seat)


# --- building the board -----------------------------------------------------------------


def put(state: State, seat: int, args: list[str]) -> None:
    x, y = (int(v) for v in args[0].split(","))
    state["spot"] = [x, y]
    rotations = distinct_rotations(state["drawn_tile"])
    if len(rotations) == 1:
        _place(state, rotations[0])


def rotate(state: State, seat: int, args: list[str]) -> None:
    _place(state, {v: k for k, v in ROTATIONS.items()}[args[0]])


def _place(state: State, rot: int) -> None:
    tile = state["drawn_tile"]
    x, y = state["spot"]
    state["tiles"].append({"id": tile, "x": x, "y": y, "rot": rot})
    core.log(state, state["current"], f"places {names.tile_piece(tile)} at {x},{y}, turned {ROTATIONS[rot]}°")
    if state["bag"]:
        state["current"] = (state["current"] + 1) % state["players"]
        setup.draw_tile(state)
    else:
        state["last_placer"] = state["current"]
        setup.finish_board(state)


# --- the choice queue ---------------------------------------------------------------------


def resolve(state: State, seat: int, args: list[str]) -> None:
    flow.resolve_choice(state, state["choices"].pop(0), args[0])


# --- turn handlers ------------------------------------------------------------------------


def _move(state: State, seat: int, args: list[str]) -> None:
    flow.move_ship(state, seat, args[0])
    state["turn"].update(moved=True, acted=True)


def _buy(state: State, seat: int, args: list[str]) -> None:
    p = player(state, seat)
    city = flow.city_at(p["tile"])
    assert city is not None
    if args[0] == "pass":
        flow.transfer(state, seat, None, PASS_PRICE)
        state["passes"][city] = seat
        core.log(state, seat, f"buys the {city_name(city)} pass for {PASS_PRICE} rubles")
    else:
        flow.transfer(state, seat, None, GOOD_PRICE)
        p["goods"][args[0]] += 1
        core.log(state, seat, f"buys {names.goods(1, args[0])} for {flow.plural(GOOD_PRICE, 'ruble')}")
    state["turn"]["acted"] = True


def _sell(state: State, seat: int, args: list[str]) -> None:
    card = args[0]
    good = CONTRACTS[card]["good"]
    amount = flow.price(state)
    player(state, seat)["goods"][good] -= 1
    state["table"].remove(card)
    flow.transfer(state, None, seat, amount)
    core.log(state, seat, f"sells {names.delivery(card)} for {amount} rubles")
    state["turn"]["acted"] = True


def _throw(state: State, seat: int, args: list[str]) -> None:
    player(state, seat)["goods"][args[0]] -= 1
    core.log(state, seat, f"throws {names.goods(1, args[0])} overboard")
    state["turn"]["acted"] = True


def _upgrade(state: State, seat: int, args: list[str]) -> None:
    flow.transfer(state, seat, None, UPGRADE_PRICE)
    player(state, seat)["ship"] = "large"
    core.log(state, seat, f"upgrades to a large ship for {UPGRADE_PRICE} rubles")
    state["turn"]["acted"] = True


def _lay(state: State, seat: int, args: list[str]) -> None:
    p = player(state, seat)
    cards = p["hand"]
    p["hand"] = []
    state["table"].extend(cards)
    core.log(state, seat, "lays down " + ", ".join(names.contract(c) for c in cards))
    state["turn"]["acted"] = True


def _end(state: State, seat: int, args: list[str]) -> None:
    flow.end_turn(state)


def _horde(state: State, seat: int, args: list[str]) -> None:
    state["turn"].update(acted=True, special=True)
    flow.move_horde(state, seat, args[0])


def _prince(state: State, seat: int, args: list[str]) -> None:
    state["turn"].update(acted=True, special=True)
    flow.move_prince(state, seat, args[0])


def _draw(state: State, seat: int, args: list[str]) -> None:
    state["turn"].update(acted=True, special=True)
    for _ in range(min(DRAW_COUNT, len(state["deck"]))):
        state["drawn"].append(core.draw(state, state["deck"]))
    state["choices"].append({"kind": "keep", "seat": seat})


def _over(state: State, seat: int, args: list[str]) -> None:
    state["turn"].update(acted=True, special=True)
    p = player(state, seat)
    for city in flow.passes_of(state, seat):
        state["passes"][city] = None
    p.update(rubles=0, goods={g: 0 for g in GOODS}, ship="small", tile=None)
    flow.transfer(state, None, seat, setup.START_RUBLES)
    rubles = flow.plural(setup.START_RUBLES, "ruble")
    core.log(state, seat, f"starts over as a new Viking: {rubles}, a small ship, no goods or passes")
    state["choices"] += [{"kind": "pick", "seat": seat}, {"kind": "ship", "seat": seat}]


# --- trading ---------------------------------------------------------------------------


def _offer(state: State, seat: int, args: list[str]) -> None:
    state["offer"] = {
        "from": seat,
        "to": int(args[0]) - 1,  # the seat as the table lists it, from 1
        "sent": False,
        "give": flow.empty_side(),
        "ask": dict(flow.empty_side(), contracts=0),
        "handed": [],
    }


def _add(state: State, verb: str, args: list[str]) -> None:
    side = state["offer"][verb]
    if args[0] == "rubles":
        side["rubles"] += int(args[1])
    elif args[0] == "pass":
        side["passes"].append(args[1])
    elif args[0] == "contract" and verb == "give":
        side["contracts"].append(args[1])
    elif args[0] == "contract":
        side["contracts"] += 1
    else:
        side["goods"][args[0]] = side["goods"].get(args[0], 0) + 1


def _give(state: State, seat: int, args: list[str]) -> None:
    _add(state, "give", args)


def _ask(state: State, seat: int, args: list[str]) -> None:
    _add(state, "ask", args)


def _send(state: State, seat: int, args: list[str]) -> None:
    offer = state["offer"]
    offer["sent"] = True
    state["turn"]["acted"] = True
    if offer["give"]["contracts"]:
        core.mark_reveal(state)  # the recipient now sees the offered contracts
    core.log(state, seat, f"offers {core.seat_ref(offer['to'])} a trade: {_offer_text(offer)}")


def _cancel(state: State, seat: int, args: list[str]) -> None:
    if state["offer"]["sent"]:
        core.log(state, seat, "withdraws the trade offer")
    state["offer"] = None


def _accept(state: State, seat: int, args: list[str]) -> None:
    problem = flow.offer_problem(state)
    if problem is not None:
        core.log(state, seat, f"cannot take the offer ({problem}): it lapses")
        state["offer"] = None
    elif state["offer"]["ask"]["contracts"]:
        state["choices"].insert(0, {"kind": "handover", "seat": seat})
    else:
        flow.execute_trade(state)


def _decline(state: State, seat: int, args: list[str]) -> None:
    core.log(state, seat, "declines the trade offer")
    state["offer"] = None


def side_text(side: dict[str, Any]) -> str:
    """One side of an offer in words: "2 rubles, 1 fur and the Kiev pass"."""
    parts = []
    if side["rubles"]:
        parts.append(flow.plural(int(side["rubles"]), "ruble"))
    parts += [names.goods(n, g) for g, n in side["goods"].items() if n]
    parts += [f"the {city_name(c)} pass" for c in side["passes"]]
    contracts = side["contracts"]
    count = contracts if isinstance(contracts, int) else len(contracts)
    if count:
        parts.append(flow.plural(count, "hidden contract"))
    if len(parts) > 1:
        return f"{', '.join(parts[:-1])} and {parts[-1]}"
    return parts[0] if parts else "nothing"


def _offer_text(offer: dict[str, Any]) -> str:
    return f"{side_text(offer['give'])} for {side_text(offer['ask'])}"


TURN_HANDLERS = {
    "move": _move,
    "buy": _buy,
    "sell": _sell,
    "throw": _throw,
    "upgrade": _upgrade,
    "lay": _lay,
    "end": _end,
    "horde": _horde,
    "prince": _prince,
    "draw": _draw,
    "over": _over,
    "offer": _offer,
    "cancel": _cancel,
}
OFFER_HANDLERS = {"give": _give, "ask": _ask, "send": _send, "cancel": _cancel}
ANSWER_HANDLERS = {**TURN_HANDLERS, "accept": _accept, "decline": _decline}
