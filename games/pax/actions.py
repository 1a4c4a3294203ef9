"""The standard actions (INVEST, JOURNEY, PLAY, ACTIVATE, PARLEY) and the influence actions
(JARLDOM, SWEDEN, THEOCRACY, RUS): which are legal, and what each does."""

from __future__ import annotations

from games import core
from games.core import State
from games.pax import board, effects, turn
from games.pax.data import (
    HOMES,
    JOURNEY_STEPS,
    POSTS,
    REGIONS,
    TILES,
    entry,
    in_location,
    place_name,
    posts_in,
)

# --- which actions are legal ---------------------------------------------------------------


def _requirement(state: State, seat: int, location: str | None) -> bool:
    """REQUIREMENT: only the seat's Longship(s) in a post of the location (None: no requirement)."""
    return location is None or any(in_location(p, location) for p in board.alone_posts(state, seat))


def venture_posts(state: State, seat: int, tile: str) -> list[str]:
    """Posts where the seat may PLAY a Venture: ALONE, an empty or Venture post, and affordable."""
    data = TILES[tile]
    p = board.player(state, seat)
    if p["supply"][data["follower"]] <= 0:
        return []
    return [
        post
        for post in board.alone_posts(state, seat)
        if in_location(post, data["location"])
        and POSTS[post]["kind"] == "empty"
        and p["silfr"] >= POSTS[post]["cost"]
    ]


def play_actions(state: State, seat: int) -> list[str]:
    p = board.player(state, seat)
    actions: list[str] = []
    for tile in p["hand"]:
        data = TILES[tile]
        if data["kind"] == "venture":
            actions += [f"play {tile} {post}" for post in venture_posts(state, seat, tile)]
            continue
        if not _requirement(state, seat, data["location"]):
            continue
        if data["kind"] == "event":
            actions.append(f"play {tile} resolve")
        elif p["supply"][data["follower"]] > 0:
            actions += board_tile_choices(state, seat, tile, f"play {tile}")
    return actions


def board_tile_choices(state: State, seat: int, tile: str, prefix: str) -> list[str]:
    """A free God/Advocate space (``jarlboard``), or one action per tile it would replace."""
    key, spaces = board.board_space(TILES[tile]["kind"])
    held = board.player(state, seat)[key]
    return [f"{prefix} jarlboard"] if len(held) < spaces else [f"{prefix} {old}" for old in held]


def _activate_posts(state: State, seat: int) -> list[str]:
    return [
        post
        for post, spot in state["posts"].items()
        if spot["venture"] is not None
        and TILES[spot["venture"]]["trigger"] == "activate"
        and spot["follower"]
        and spot["follower"][0] == seat
        and any(s["at"] == post and not s["exhausted"] for s in board.player(state, seat)["ships"])
    ]


def strength(state: State, seat: int, post: str) -> int:
    return board.presence(state, post).count(seat) + effects.lasting(state, seat, "strength")


def _parley_actions(state: State, seat: int) -> list[str]:
    """PARLEY needs a Longship of the seat in the post; RIVALS count their Followers acting as
    Longships there too."""
    actions: list[str] = []
    for post in POSTS:
        if seat not in board.ships_at(state, post):
            continue
        here = board.presence(state, post)
        if board.alone(state, seat, post):
            if board.can_establish(state, seat, post):
                actions.append(f"parley {post}")
            continue
        mine = strength(state, seat, post)
        for rival in sorted(set(here) - {seat}):
            if here.count(rival) < mine:
                actions.append(f"challenge {post} {rival + 1}")  # seats as the table lists them
    return actions


def _jarldom_actions(state: State, seat: int) -> list[str]:
    actions: list[str] = []
    ships = [s["at"] for s in board.player(state, seat)["ships"]]
    for post, spot in state["posts"].items():
        if spot["venture"] is None or (post not in ships and entry(post) not in ships):
            continue
        rival_ships = set(board.ships_at(state, post)) - {seat}
        guarded = set(board.guards_at(state, post)) - {seat}  # JARLDOM RETURNS Longships only
        if rival_ships or (not guarded and board.can_establish(state, seat, post)):
            actions.append(f"jarldom {post}")
    return actions


def _theocracy_actions(state: State, seat: int) -> list[str]:
    return [
        f"theocracy {post}"
        for post, spot in state["posts"].items()
        if (
            POSTS[post]["kind"] == "ally"
            or (spot["venture"] and TILES[spot["venture"]]["follower"] == "theocracy")
        )
        and board.can_establish(state, seat, post, "theocracy")
    ]


def _rus_actions(state: State, seat: int) -> list[str]:
    actions: list[str] = []
    for other in range(state["players"]):
        if other == seat:
            continue
        for tile in board.player(state, other)["advocates"]:
            data = TILES[tile]
            if board.player(state, seat)["supply"][data["follower"]] > 0 and _requirement(
                state, seat, data["location"]
            ):
                actions += board_tile_choices(state, seat, tile, f"rus {tile}")
    return actions


def main_actions(state: State, seat: int) -> list[str]:
    """The actions of a seat in its Action phase with nothing half done."""
    p = board.player(state, seat)
    actions: list[str] = []
    if state["pile"] or state["track"][0] is not None:
        # With the SAGA PILE empty an INVEST DRAW draws nothing but still removes the 1-cost
        # tile: the only REFRESH left fills nothing, so this keeps the end of the game in reach.
        actions.append("invest draw")
    actions += [
        f"invest {i + 1}"
        for i, tile in enumerate(state["track"])
        if tile is not None and p["silfr"] >= turn.track_cost(state, seat, i)
    ]
    actions += [f"journey {i + 1}" for i, ship in enumerate(p["ships"]) if not ship["exhausted"]]
    actions += [f"journey {post}" for post in journey_destinations(state, seat)]
    actions += play_actions(state, seat)
    actions += [f"activate {post}" for post in _activate_posts(state, seat)]
    actions += _parley_actions(state, seat)
    if turn.influence_ready(state, seat, "jarldom"):
        actions += _jarldom_actions(state, seat)
    if turn.influence_ready(state, seat, "sweden") and state["pile"]:
        actions.append("sweden")
    if turn.influence_ready(state, seat, "theocracy"):
        actions += _theocracy_actions(state, seat)
    if turn.influence_ready(state, seat, "rus"):
        actions += _rus_actions(state, seat)
    actions.append("end")
    return actions


def routes(state: State, seat: int, at: str | None, most: int) -> dict[str, list[str] | None]:
    """The shortest STEPS from ``at`` (None: a HOME) to every place within ``most`` STEPS:
    the route when it is the only shortest one, else None. A STEP HOME ends a JOURNEY, so
    no route passes through one."""
    found: dict[str, list[str] | None] = {}
    frontier: dict[str | None, list[str] | None] = {at: []}
    for _ in range(most):
        reached: dict[str | None, list[str] | None] = {}
        for place, route in frontier.items():
            for nxt in board.step_options(state, seat, place):
                if nxt in HOMES or nxt == at or nxt in found:
                    continue
                unique = route is not None and nxt not in reached
                reached[nxt] = [*route, nxt] if unique and route is not None else None
        found.update({place: route for place, route in reached.items() if place is not None})
        frontier = reached
    return found


def journey_destinations(state: State, seat: int) -> dict[str, tuple[int, list[str]]]:
    """One-press JOURNEYS (``journey birka``, ``journey kattegat``): for every post or
    sea or river REGION an unEXHAUSTED Longship reaches by exactly one shortest route, the
    Longship number and the route; the Longship with the shortest route sails (the first of
    equals). Posts come first, in map order, then REGIONS."""
    p = board.player(state, seat)
    most = JOURNEY_STEPS + effects.lasting(state, seat, "steps")
    found: dict[str, tuple[int, list[str]]] = {}
    starts: set[str | None] = set()
    for index, ship in enumerate(p["ships"]):
        if ship["exhausted"] or ship["at"] in starts:
            continue
        starts.add(ship["at"])
        for place, route in routes(state, seat, ship["at"], most).items():
            if route is not None and (place not in found or len(route) < len(found[place][1])):
                found[place] = (index + 1, route)
    return {place: found[place] for place in (*POSTS, *REGIONS) if place in found}  # in map order


def journey_actions(state: State, seat: int) -> list[str]:
    pending = state["pending"]
    actions: list[str] = []
    if pending["steps"] < pending["max"]:
        options = board.step_options(state, seat, pending["at"])
        actions += [f"step {place}" for place in options]
        # The last STEP and the stop in one press (a STEP HOME stops by itself).
        actions += [f"step {place} stop" for place in options if place not in HOMES]
    if state["offer"] is None and pending["at"] is not None:
        actions += [f"offer {r + 1}" for r in board.colocated_rivals(state, seat, pending["at"])]  # from 1
    actions.append("stop")
    return actions


def sweden_actions(state: State) -> list[str]:
    return [f"place {post}" for post in posts_in(state["pending"]["location"])]


# --- doing them ----------------------------------------------------------------------------


def invest(state: State, seat: int, what: str) -> None:
    p = board.player(state, seat)
    if what == "draw":
        drawn = board.draw_tile(state, seat)
        core.log(
            state, seat, "INVESTS: DRAWS a tile from the SAGA PILE" if drawn else "INVESTS: DRAWS nothing"
        )
        if state["track"][0] is not None:
            core.log(state, None, f"{board.describe_tile(state['track'][0])} leaves the SAGA TRACK")
            board.discard(state, state["track"][0])
            state["track"][0] = None
        board.refresh_track(state)
    else:
        slot = int(what) - 1
        tile = state["track"][slot]
        cost = turn.track_cost(state, seat, slot)
        p["silfr"] -= cost
        p["hand"].append(tile)
        state["track"][slot] = None
        core.log(state, seat, f"INVESTS: BUYS {board.describe_tile(tile)} for {cost} Silfr")
    turn.spend(state, "invest")
    effects.when(state, seat, "invest")


def journey(state: State, seat: int, number: str) -> None:
    index = int(number) - 1
    ship = board.player(state, seat)["ships"][index]
    extra = effects.lasting(state, seat, "steps")
    state["pending"] = {
        "action": "journey",
        "ship": index + 1,
        "at": ship["at"],
        "steps": 0,
        "max": JOURNEY_STEPS + extra,
        "traded": False,  # set once a TRADE offer goes out during this JOURNEY
    }
    turn.spend(state, "journey")


def step(state: State, seat: int, place: str) -> None:
    pending = state["pending"]
    ship = board.player(state, seat)["ships"][pending["ship"] - 1]
    start = "HOME" if pending["at"] is None else place_name(pending["at"])
    pending["steps"] += 1
    if place in HOMES:
        ship["at"] = None
        core.log(state, seat, f"sails Longship {pending['ship']} from {start} back HOME")
        _end_journey(state, seat)
        return
    ship["at"] = place
    pending["at"] = place
    core.log(state, seat, f"STEPS Longship {pending['ship']} from {start} to {place_name(place)}")


def stop(state: State, seat: int) -> None:
    pending = state["pending"]
    if pending["steps"] == 0 and not pending.get("traded"):
        # Neither a STEP nor a TRADE: nothing happened, so the JOURNEY is called off. A TRADE
        # belongs to its JOURNEY, which then costs the action and EXHAUSTS the Longship.
        state["turn"]["used"].pop()
        state["pending"] = None
        return
    _end_journey(state, seat)


def _end_journey(state: State, seat: int) -> None:
    pending = state["pending"]
    board.player(state, seat)["ships"][pending["ship"] - 1]["exhausted"] = True
    state["pending"] = None
    effects.when(state, seat, "journey")


def _place_venture(state: State, seat: int, tile: str, post: str) -> None:
    spot = state["posts"][post]
    if spot["venture"] is not None:
        board.discard(state, spot["venture"])
        core.log(state, seat, f"REPLACES {board.describe_tile(spot['venture'])}")
    if spot["follower"] is not None:
        old_seat, old_kind = spot["follower"]
        board.player(state, old_seat)["supply"][old_kind] += 1
        spot["follower"] = None
    board.player(state, seat)["hand"].remove(tile)
    spot["venture"] = tile
    core.log(state, seat, f"PLAYS {board.describe_tile(tile)} at {place_name(post)}")
    effects.establish(state, seat, post)


def play(state: State, seat: int, tile: str, target: str | None) -> None:
    kind = TILES[tile]["kind"]
    turn.spend(state, "play")
    if kind == "venture":
        assert target is not None
        _place_venture(state, seat, tile, target)
    elif kind == "event":
        board.player(state, seat)["hand"].remove(tile)
        core.log(state, seat, f"PLAYS the Event {board.describe_tile(tile)}")
        if TILES[tile]["althing"]:
            turn.start_althing(state, seat, tile)
        else:
            turn.resolve(state, seat, tile)
    else:
        board.player(state, seat)["hand"].remove(tile)
        _to_jarlboard(state, seat, tile, target, "PLAYS")
    if state["phase"] != "over":
        effects.when(state, seat, "play")


def _to_jarlboard(state: State, seat: int, tile: str, replace: str | None, verb: str) -> None:
    if replace is not None:
        board.remove_board_tile(state, seat, replace)
        board.discard(state, replace)
    text = f" in place of {board.describe_tile(replace)}" if replace else ""
    core.log(state, seat, f"{verb} {board.describe_tile(tile)} on their Jarlboard{text}")
    effects.put_board_tile(state, seat, tile)


def activate(state: State, seat: int, post: str) -> None:
    tile = state["posts"][post]["venture"]
    core.log(state, seat, f"ACTIVATES {board.describe_tile(tile)} at {place_name(post)}")
    ship = next(s for s in board.player(state, seat)["ships"] if s["at"] == post and not s["exhausted"])
    ship["exhausted"] = True
    turn.spend(state, "activate")
    effects.run(state, seat, TILES[tile]["effects"], post)
    effects.when(state, seat, "activate")


def challenge(state: State, seat: int, post: str, rival: int) -> None:
    """CHALLENGE: RETURN the RIVAL's first Longship; every other RIVAL Longship moves out;
    RIVAL Followers acting as Longships there RETURN to their Jarlboards."""
    core.log(state, seat, f"CHALLENGES {core.seat_ref(rival)} at {place_name(post)}")
    ships = board.player(state, rival)["ships"]
    first = next((i for i, s in enumerate(ships) if s["at"] == post), None)
    if first is not None:
        board.return_ship(state, rival, first)
    for other in range(state["players"]):
        if other != seat:
            for ship in board.player(state, other)["ships"]:
                if ship["at"] == post:
                    ship["at"] = entry(post)
    for guard in board.guards_at(state, post):
        if guard != seat:
            board.return_follower(state, post)


def parley(state: State, seat: int, post: str, rival: int | None) -> None:
    turn.spend(state, "parley")
    core.log(state, seat, f"PARLEYS at {place_name(post)}")
    if rival is not None:
        challenge(state, seat, post, rival)
    if board.alone(state, seat, post) and board.can_establish(state, seat, post):
        effects.establish(state, seat, post)
    effects.when(state, seat, "parley")


def jarldom(state: State, seat: int, post: str) -> None:
    _influence(state, "jarldom")
    ships = board.player(state, seat)["ships"]
    if not any(s["at"] == post for s in ships):
        ship = next(s for s in ships if s["at"] == entry(post))
        ship["at"] = post
    core.log(state, seat, f"uses JARLDOM at {place_name(post)}")
    # The RIVAL with the most Longships there loses one (ties: the first in seat order).
    here = [s for s in board.ships_at(state, post) if s != seat]
    target = max(sorted(set(here)), key=here.count) if here else None
    if target is not None:
        index = next(i for i, s in enumerate(board.player(state, target)["ships"]) if s["at"] == post)
        board.return_ship(state, target, index)
        core.log(state, seat, f"RETURNS a Longship of {core.seat_ref(target)}")
    if board.alone(state, seat, post) and board.can_establish(state, seat, post):
        effects.establish(state, seat, post)


def sweden(state: State, seat: int) -> None:
    _influence(state, "sweden")
    tile = board.draw_tile(state, seat)
    core.log(state, seat, "uses SWEDEN and DRAWS a tile")
    free = any(s["at"] is None for s in board.player(state, seat)["ships"])
    if tile is not None and TILES[tile]["kind"] == "venture" and free:
        state["pending"] = {"action": "sweden", "location": TILES[tile]["location"], "tile": tile}


def place(state: State, seat: int, post: str) -> None:
    tile = state["pending"]["tile"]
    state["pending"] = None
    ship = next(s for s in board.player(state, seat)["ships"] if s["at"] is None)
    ship["at"] = post
    core.log(state, seat, f"PLACES a Longship at {place_name(post)}")
    if post in venture_posts(state, seat, tile):
        _place_venture(state, seat, tile, post)
        effects.when(state, seat, "play")


def theocracy(state: State, seat: int, post: str) -> None:
    _influence(state, "theocracy")
    core.log(state, seat, f"uses THEOCRACY at {place_name(post)}")
    effects.establish(state, seat, post, "theocracy")


def rus(state: State, seat: int, tile: str, replace: str | None) -> None:
    _influence(state, "rus")
    owner = next(s for s in range(state["players"]) if tile in board.player(state, s)["advocates"])
    board.remove_board_tile(state, owner, tile)
    _to_jarlboard(state, seat, tile, replace, f"uses RUS to take from {core.seat_ref(owner)}")


def _influence(state: State, kind: str) -> None:
    state["turn"]["influence_used"].append(kind)
    turn.spend(state, kind)
