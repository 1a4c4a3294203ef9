"""State helpers, movement, the pending-choice queue, turn ends and the end of the game.

``state["choices"]`` is a queue of decisions the rules hand to one seat (a raided player
choosing a good, a bumped ship's owner choosing its new tile, ...). A choice with at most one
option resolves by itself, so players are only asked when there is something to decide.
"""

from __future__ import annotations

from typing import Any

from games import core
from games.core import State
from games.volga import board
from games.volga.data import (
    BURN_REWARD,
    CITY_IDS,
    CONTRACTS,
    END_BURNED,
    FEE,
    GOODS,
    HORDE_STEPS,
    LAND_STEPS,
    PRICES,
    RAID,
    REBUILD_REWARD,
    RIVER_STEPS,
    SMALL_CAPACITY,
    TILES,
    WIN_RUBLES,
    city_name,
)

Choice = dict[str, Any]


# --- small helpers -------------------------------------------------------------------


def player(state: State, seat: int) -> dict[str, Any]:
    return state["seats"][seat]


def ship_tiles(state: State) -> dict[str, int]:
    """Tile id -> seat for every ship on the board."""
    return {p["tile"]: s for s, p in enumerate(state["seats"]) if p["tile"] is not None}


def occupied(state: State) -> set[str]:
    taken = set(ship_tiles(state))
    taken.update(t for t in (state["horde"], state["prince"]) if t is not None)
    return taken


def city_at(tile: str | None) -> str | None:
    return None if tile is None else board.city_of(tile)


def is_burned(state: State, city: str) -> bool:
    return city in state["burned"]


def unburned_city(state: State, tile: str | None) -> str | None:
    city = city_at(tile)
    return city if city is not None and not is_burned(state, city) else None


def passes_of(state: State, seat: int) -> list[str]:
    return [city for city in CITY_IDS if state["passes"][city] == seat]


def available_passes(state: State) -> list[str]:
    return [city for city in CITY_IDS if state["passes"][city] is None]


def goods_count(state: State, seat: int) -> int:
    return sum(player(state, seat)["goods"].values())


def capacity(state: State, seat: int) -> int | None:
    return SMALL_CAPACITY if player(state, seat)["ship"] == "small" else None


def room(state: State, seat: int) -> int:
    """How many more goods the seat's ship can carry (a large number when unlimited)."""
    cap = capacity(state, seat)
    return 10**6 if cap is None else cap - goods_count(state, seat)


def price(state: State) -> int:
    return PRICES[min(len(state["burned"]), len(PRICES) - 1)]


def tile_text(tile: str) -> str:
    city = city_at(tile)
    return f"{city_name(city)} ({tile})" if city else tile


plural = core.plural


def adjacent(tile_a: str | None, tile_b: str | None, state: State) -> bool:
    if tile_a is None or tile_b is None:
        return False
    return any(other == tile_b for _, other, _ in board.neighbours(state["tiles"], tile_a))


def free_neighbours(state: State, tile: str) -> list[str]:
    taken = occupied(state)
    return sorted(o for _, o, _ in board.neighbours(state["tiles"], tile) if o not in taken)


def contracts_left(state: State) -> int:
    held = sum(len(p["hand"]) for p in state["seats"])
    return len(state["deck"]) + len(state["table"]) + held + len(state["drawn"])


# --- movement -------------------------------------------------------------------------


def _reach(state: State, start: str, steps: int, stops: Any, river_only: bool = True) -> list[str]:
    """Tiles reachable by up to ``steps`` river steps (``river_only``) or steps of any kind;
    ``stops(tile)`` is "block" (may not enter), "stop" (may enter, not go on) or "go"."""
    found: list[str] = []
    seen = {start}
    frontier = [start]
    for _ in range(steps):
        nxt = []
        for tile in frontier:
            for _, other, river in board.neighbours(state["tiles"], tile):
                if (river_only and not river) or other in seen:
                    continue
                kind = stops(other)
                if kind == "block":
                    continue
                seen.add(other)
                found.append(other)
                if kind == "go":
                    nxt.append(other)
        frontier = nxt
    return found


def ship_moves(state: State, seat: int) -> dict[str, bool]:
    """Destination tile -> must pay the city fee there, for the seat's ship this turn."""
    p = player(state, seat)
    here = p["tile"]
    if here is None:
        return {}
    others = {t for t, s in ship_tiles(state).items() if s != seat}

    def toll(tile: str) -> bool:
        city = unburned_city(state, tile)
        return city is not None and state["passes"][city] != seat

    def stops(tile: str) -> str:
        if tile == state["horde"] or (toll(tile) and p["rubles"] < FEE):
            return "block"
        return "stop" if toll(tile) else "go"

    # The rulebook's move: up to RIVER_STEPS by river, or LAND_STEPS overland (of any kind).
    reach = set(_reach(state, here, RIVER_STEPS, stops))
    reach.update(_reach(state, here, LAND_STEPS, stops, river_only=False))
    reach.discard(here)
    return {t: toll(t) for t in sorted(reach) if t not in others}


def prince_moves(state: State) -> list[str]:
    """Where the Prince can go: like a ship with every pass, stopping at burned cities and
    at the Horde."""
    here = state["prince"]

    def stops(tile: str) -> str:
        city = city_at(tile)
        if tile == state["horde"] or (city is not None and is_burned(state, city)):
            return "stop"
        return "go"

    reach = set(_reach(state, here, RIVER_STEPS, stops))
    reach.update(_reach(state, here, LAND_STEPS, stops, river_only=False))
    reach.discard(here)
    return sorted(reach)


def horde_moves(state: State) -> list[str]:
    """Where the Horde can go: up to two steps of any kind, stopping at the first unburned
    city, ship or Prince it enters."""
    here = state["horde"]
    ships = ship_tiles(state)

    def stopper(tile: str) -> bool:
        return unburned_city(state, tile) is not None or tile in ships or tile == state["prince"]

    seen = {here}
    frontier = [here]
    for _ in range(HORDE_STEPS):
        nxt = []
        for tile in frontier:
            for _, other, _ in board.neighbours(state["tiles"], tile):
                if other in seen:
                    continue
                seen.add(other)
                if not stopper(other):
                    nxt.append(other)
        frontier = nxt
    seen.discard(here)
    return sorted(seen)


# --- money ------------------------------------------------------------------------------


def transfer(state: State, payer: int | None, payee: int | None, amount: int) -> None:
    """Move rubles between seats; ``None`` is the bank."""
    if payer is not None:
        player(state, payer)["rubles"] -= amount
    if payee is not None:
        player(state, payee)["rubles"] += amount


# --- effects --------------------------------------------------------------------------


def move_ship(state: State, seat: int, tile: str) -> None:
    p = player(state, seat)
    fee = ship_moves(state, seat)[tile]
    p["tile"] = tile
    text = f"moves to {tile_text(tile)}"
    if fee:
        city = city_at(tile)
        assert city is not None
        owner = state["passes"][city]
        transfer(state, seat, owner, FEE)
        text += f" and pays {plural(FEE, 'ruble')} " + (
            "to the bank" if owner is None else "to a pass holder"
        )
        if owner is not None:
            text += f" ({core.seat_ref(owner)})"
    core.log(state, seat, text)
    if tile == state["prince"]:
        state["choices"].append({"kind": "bump_prince", "seat": seat, "tile": tile})


def move_horde(state: State, seat: int, tile: str) -> None:
    state["horde"] = tile
    core.log(state, seat, f"moves the Horde to {tile_text(tile)}")
    city = unburned_city(state, tile)
    if city is not None:
        state["burned"].append(city)
        transfer(state, None, seat, BURN_REWARD)
        core.log(
            state,
            seat,
            f"burns {city_name(city)}, gains {plural(BURN_REWARD, 'ruble')}; price now {price(state)}",
        )
    if tile == state["prince"]:
        core.log(state, seat, "the Horde defeats the Prince, who must flee to an unburned city")
        state["choices"].append({"kind": "place_prince", "seat": seat})
    victim = ship_tiles(state).get(tile)
    if victim is not None:
        _raid(state, seat, victim, tile)


def _raid(state: State, seat: int, victim: int, tile: str) -> None:
    """The raid takes RAID rubles (all the victim has, if fewer); with no money, one good."""
    loser = player(state, victim)
    if loser["rubles"] > 0:
        paid = min(RAID, loser["rubles"])
        transfer(state, victim, seat, paid)
        core.log(state, victim, f"is raided by the Horde and pays {plural(paid, 'ruble')}")
    elif goods_count(state, victim) > 0:
        core.log(state, victim, "is raided by the Horde and, having no money, must hand over a good")
        state["choices"].append({"kind": "raid_good", "seat": victim, "to": seat})
    else:
        core.log(state, victim, "is raided by the Horde but has nothing to take")
    state["choices"].append({"kind": "bump_ship", "seat": victim, "tile": tile})


def move_prince(state: State, seat: int, tile: str) -> None:
    state["prince"] = tile
    core.log(state, seat, f"moves the Prince to {tile_text(tile)}")
    city = city_at(tile)
    if city is not None and is_burned(state, city):
        state["burned"].remove(city)
        transfer(state, None, seat, REBUILD_REWARD)
        core.log(
            state,
            seat,
            f"rebuilds {city_name(city)}, gains {plural(REBUILD_REWARD, 'ruble')}; price now {price(state)}",
        )
    if tile == state["horde"]:
        core.log(state, seat, "the Prince drives the Horde away to open land")
        state["choices"].append({"kind": "place_horde", "seat": seat})
    owner = ship_tiles(state).get(tile)
    if owner is not None:
        state["choices"].append({"kind": "bump_ship", "seat": owner, "tile": tile})


# --- the choice queue ----------------------------------------------------------------


def choice_options(state: State, choice: Choice) -> list[str]:
    kind = choice["kind"]
    seat = choice["seat"]
    if kind == "pick":
        return available_passes(state)
    if kind == "ship":
        taken = occupied(state)
        return sorted(t["id"] for t in state["tiles"] if t["id"] not in taken)
    if kind == "raid_good":
        return [g for g in GOODS if player(state, seat)["goods"][g] > 0]
    if kind in ("bump_ship", "bump_prince"):
        return free_neighbours(state, choice["tile"])
    if kind == "place_prince":
        taken = occupied(state)
        return sorted(
            t["id"]
            for t in state["tiles"]
            if unburned_city(state, t["id"]) is not None and t["id"] not in taken
        )
    if kind == "place_horde":
        taken = occupied(state)
        return sorted(
            t["id"] for t in state["tiles"] if TILES[t["id"]]["city"] is None and t["id"] not in taken
        )
    if kind == "keep":
        return list(state["drawn"])
    if kind == "handover":
        handed = state["offer"]["handed"]
        return [c for c in player(state, seat)["hand"] if c not in handed]
    raise ValueError(kind)


CHOICE_VERBS = {
    "pick": "pick",
    "ship": "ship",
    "raid_good": "pay",
    "bump_ship": "ship",
    "bump_prince": "prince",
    "place_prince": "prince",
    "place_horde": "horde",
    "keep": "keep",
    "handover": "hand",
}


def resolve_choice(state: State, choice: Choice, option: str | None) -> None:
    """Carry out ``choice`` with ``option`` (``None``: nothing to choose from)."""
    kind = choice["kind"]
    seat = choice["seat"]
    p = player(state, seat)
    if kind == "pick":
        if option is None:
            core.log(state, seat, "finds no pass left to take")
        else:
            state["passes"][option] = seat
            core.log(state, seat, f"takes the {city_name(option)} pass")
    elif kind == "ship":
        p["tile"] = option
        core.log(state, seat, f"places the ship on {tile_text(option)}" if option else "finds no free tile")
    elif kind == "raid_good":
        assert option is not None
        p["goods"][option] -= 1
        if room(state, choice["to"]) > 0:
            player(state, choice["to"])["goods"][option] += 1
            core.log(state, seat, f"hands over 1 {option} to the raider")
        else:
            # A ship never carries more than it holds: a full raider's loot goes to the supply.
            core.log(
                state, seat, f"gives up 1 {option}; the raider's ship is full, so it goes back to the supply"
            )
    elif kind == "bump_ship":
        if option is None:
            core.log(state, seat, "has nowhere to go and stays put")
        else:
            p["tile"] = option
            core.log(state, seat, f"moves the ship out of the way to {tile_text(option)}")
    elif kind in ("bump_prince", "place_prince"):
        if option is None:
            core.log(state, seat, "finds no tile for the Prince, who stays")
        else:
            state["prince"] = option
            core.log(state, seat, f"puts the Prince on {tile_text(option)}")
    elif kind == "place_horde":
        if option is None:
            core.log(state, seat, "finds no open land for the Horde, which stays")
        else:
            state["horde"] = option
            core.log(state, seat, f"puts the Horde on {tile_text(option)}")
    elif kind == "keep":
        drawn = state["drawn"]
        state["drawn"] = []
        if option is not None:
            p["hand"].append(option)
        laid = [c for c in drawn if c != option]
        state["table"].extend(laid)
        text = "draws contracts, keeps one hidden"
        if laid:
            text += " and lays down " + ", ".join(contract_text(c) for c in laid)
        core.log(state, seat, text)
    elif kind == "handover":
        assert option is not None
        state["offer"]["handed"].append(option)
        if len(state["offer"]["handed"]) == state["offer"]["ask"]["contracts"]:
            execute_trade(state)
        else:
            state["choices"].insert(0, dict(choice))
    else:
        raise ValueError(kind)


# --- trades ------------------------------------------------------------------------------


def empty_side() -> dict[str, Any]:
    return {"rubles": 0, "goods": {}, "passes": [], "contracts": []}


def offer_problem(state: State) -> str | None:
    """Why the pending offer cannot be carried out now (``None``: it can)."""
    offer = state["offer"]
    a, b = offer["from"], offer["to"]
    pa, pb = player(state, a), player(state, b)
    if not adjacent(pa["tile"], pb["tile"], state):
        return "the ships are no longer side by side"
    for seat, side, contracts_ok in (
        (a, offer["give"], all(c in pa["hand"] for c in offer["give"]["contracts"])),
        (b, offer["ask"], offer["ask"]["contracts"] <= len(pb["hand"])),
    ):
        p = player(state, seat)
        if p["rubles"] < side["rubles"] or not contracts_ok:
            return "the goods of the offer are no longer all there"
        if any(p["goods"][g] < n for g, n in side["goods"].items()):
            return "the goods of the offer are no longer all there"
        if any(state["passes"][c] != seat for c in side["passes"]):
            return "the goods of the offer are no longer all there"
    for seat, gets, gives in ((a, offer["ask"], offer["give"]), (b, offer["give"], offer["ask"])):
        cap = capacity(state, seat)
        after = goods_count(state, seat) + sum(gets["goods"].values()) - sum(gives["goods"].values())
        if cap is not None and after > cap:
            return "a small ship could not carry the goods"
    return None


def execute_trade(state: State) -> None:
    offer = state["offer"]
    a, b = offer["from"], offer["to"]
    for giver, taker, side in ((a, b, offer["give"]), (b, a, offer["ask"])):
        transfer(state, giver, taker, side["rubles"])
        for good, n in side["goods"].items():
            player(state, giver)["goods"][good] -= n
            player(state, taker)["goods"][good] += n
        for city in side["passes"]:
            state["passes"][city] = taker
    for card in offer["give"]["contracts"]:
        player(state, a)["hand"].remove(card)
        player(state, b)["hand"].append(card)
    for card in offer["handed"]:
        player(state, b)["hand"].remove(card)
        player(state, a)["hand"].append(card)
    if offer["handed"]:
        core.mark_reveal(state)
    state["offer"] = None
    core.log(state, b, f"accepts the trade with {core.seat_ref(a)}")


def contract_text(card: str) -> str:
    data = CONTRACTS[card]
    return f"{card} ({data['good']} to {city_name(data['city'])})"


# --- turns and the end -----------------------------------------------------------------


def fresh_turn() -> dict[str, bool]:
    return {"acted": False, "moved": False, "special": False}


def end_turn(state: State) -> None:
    if state["offer"] is not None:
        core.log(state, state["current"], "ends the turn: the open trade offer lapses")
        state["offer"] = None
    state["current"] = (state["current"] + 1) % state["players"]
    state["turn"] = fresh_turn()


def start_play(state: State) -> None:
    state["phase"] = "turn"
    state["current"] = state["first"]
    state["turn"] = fresh_turn()
    core.log(state, state["first"], "placed the last ship and takes the first turn")


def ranking_key(state: State, seat: int) -> tuple[int, int, int]:
    return (player(state, seat)["rubles"], goods_count(state, seat), len(passes_of(state, seat)))


def finish(state: State, why: str) -> None:
    seats = range(state["players"])
    best = max(ranking_key(state, s) for s in seats)
    winners = [s for s in seats if ranking_key(state, s) == best]
    rubles = [player(state, s)["rubles"] for s in seats]
    tied_rubles = [s for s in seats if rubles[s] == best[0]]
    if len(tied_rubles) == 1:
        reason = f"{why}; most rubles ({best[0]})"
    elif len(winners) == 1:
        reason = f"{why}; tied on {best[0]} rubles, won on goods then passes"
    else:
        reason = f"{why}; tied on rubles, goods and passes: a shared win"
    state["phase"] = "over"
    state["choices"] = []
    state["offer"] = None
    state["result"] = {"winners": winners, "scores": rubles, "reason": reason}
    core.log(state, None, f"the game is over: {why}")


def check_end(state: State) -> bool:
    if state["phase"] != "turn":
        return state["phase"] == "over"
    rich = [s for s, p in enumerate(state["seats"]) if p["rubles"] >= WIN_RUBLES]
    if rich:
        names = " and ".join(core.seat_ref(s) for s in rich)
        finish(state, f"{names} {'has' if len(rich) == 1 else 'have'} {WIN_RUBLES} rubles or more")
    elif len(state["burned"]) >= END_BURNED:
        finish(state, f"{END_BURNED} cities are burned")
    elif contracts_left(state) == 0:
        finish(state, "no contracts are left")
    return state["phase"] == "over"


def settle(state: State) -> None:
    """After every action: end the game if due, resolve forced choices, start play after
    setup, and end the turn after a special action."""
    while True:
        if check_end(state):
            return
        if state["choices"]:
            choice = state["choices"][0]
            options = choice_options(state, choice)
            if len(options) > 1:
                return
            state["choices"].pop(0)
            resolve_choice(state, choice, options[0] if options else None)
            continue
        if state["phase"] == "setup":
            start_play(state)
            continue
        if state["phase"] == "turn" and state["turn"]["special"]:
            end_turn(state)
        return
