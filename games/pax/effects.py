"""The effect vocabulary: every ability in the data files is a list of these, named after
the glossary verbs, and this module alone interprets them.

An effect is ``{"do": VERB, ...}``. One-shot verbs act at once; ``hand_limit``, ``steps``,
``strength`` and ``discount`` are lasting (they count while the ability is active); ``when``
fires its ``then`` effects each time the owner performs an action (or at its Winter
Solstice). No effect asks a question: where a target must be picked, the rule below picks
it (the first in map order), so an ability is always RESOLVED "as much as possible".
"""

from __future__ import annotations

from typing import Any

from games import core
from games.core import State
from games.pax import board
from games.pax.data import (
    FOLLOWER_NAMES,
    HOMES,
    JARLS,
    POSTS,
    REGIONS,
    TILES,
    WINDS,
    in_location,
    place_name,
    posts_in,
    region_of,
)

Effect = dict[str, Any]
LASTING = ("hand_limit", "steps", "strength", "discount", "guard")
_ACTION_WORDS = {
    "invest": "you INVEST",
    "play": "you PLAY a tile",
    "journey": "you JOURNEY",
    "activate": "you ACTIVATE",
    "parley": "you PARLEY",
    "solstice": "your Winter Solstice",
}


# --- text ----------------------------------------------------------------------------


def _where(where: str) -> str:
    if where in ("region", "here"):
        return "this REGION"
    if where in WINDS:
        return f"the {WINDS[where]['name'].upper()}"
    return place_name(where)


def _per(per: str) -> str:
    if per in FOLLOWER_NAMES:
        return f"ESTABLISHED {FOLLOWER_NAMES[per]} Follower"
    return {
        "types": "Follower type you have ESTABLISHED",
        "trade_centers": "TRADE CENTER where you are ESTABLISHED",
        "longships": "Longship of yours on the map",
    }[per]


def describe_one(effect: Effect) -> str:
    do = effect["do"]
    if do == "gain":
        return f"GAIN {effect['silfr']} Silfr."
    if do == "gain_per":
        return f"GAIN 1 Silfr per {_per(effect['per'])}."
    if do == "draw":
        return f"DRAW {effect['n']}."
    if do == "gain_tile":
        return f"GAIN an AVAILABLE {effect['kind'].title()} from the SAGA TRACK or the discard pile."
    if do == "return":
        return f"RETURN every RIVAL Longship in {_where(effect['where'])}."
    if do == "return_all":
        return f"RETURN ALL Longships in {_where(effect['where'])}."
    if do == "establish":
        return f"ESTABLISH for free on every tile where you are ALONE in {_where(effect['where'])}."
    if do == "place":
        return f"PLACE a Longship from your Jarlboard on a POST in {_where(effect['where'])}."
    if do == "copy":
        if effect.get("where", "region") in ("region", "here"):
            return "COPY the ACTIVATE ability of a RIVAL Venture in this REGION (any, off the map)."
        return f"COPY the ACTIVATE ability of a RIVAL Venture in {_where(effect['where'])}."
    if do == "duchy":
        return "This REGION becomes your DUCHY: add a HOME marker."
    if do == "unexhaust":
        return "UNEXHAUST your Longships."
    if do == "refresh":
        return "REFRESH the SAGA TRACK."
    if do == "all_gain":
        return f"ALL GAIN {effect['silfr']} Silfr."
    if do == "all_draw":
        return f"ALL DRAW {effect['n']}."
    if do == "rivals_pay":
        return f"Every RIVAL RETURNS {effect['silfr']} Silfr to the supply."
    if do == "hand_limit":
        return f"HAND LIMIT +{effect['n']}."
    if do == "steps":
        return f"JOURNEY up to {effect['n']} more STEP."
    if do == "strength":
        return f"Count {effect['n']} more Longship when you CHALLENGE."
    if do == "discount":
        return f"BUY for {effect['n']} Silfr less."
    if do == "guard":
        return "Your Follower here acts as a Longship in this POST (a CHALLENGE RETURNS it)."
    if do == "when":
        then = " ".join(describe_one(e) for e in effect["then"])
        return f"When {_ACTION_WORDS[effect['action']]}: {then}"
    raise ValueError(f"unknown effect {do}")


def describe(effects: list[Effect]) -> str:
    return " ".join(describe_one(e) for e in effects)


# --- abilities a seat has now ----------------------------------------------------------


def abilities(state: State, seat: int) -> list[tuple[str, str, list[Effect], str | None]]:
    """(source, trigger, effects, post) for every active ability of the seat."""
    p = board.player(state, seat)
    found: list[tuple[str, str, list[Effect], str | None]] = [
        (f"jarl:{p['jarl']}", "always", JARLS[p["jarl"]]["ability"], None)
    ]
    for tile in p["gods"] + p["advocates"]:
        found.append((tile, TILES[tile]["trigger"], TILES[tile]["effects"], None))
    for post, spot in state["posts"].items():
        if not spot["follower"] or spot["follower"][0] != seat:
            continue
        if spot["venture"] is not None:
            tile = spot["venture"]
            found.append((tile, TILES[tile]["trigger"], TILES[tile]["effects"], post))
        elif POSTS[post]["kind"] == "trade_center":
            found.append((post, "always", POSTS[post]["ability"], post))
    return found


def lasting(state: State, seat: int, verb: str) -> int:
    """The sum of a lasting ability (``hand_limit``, ``steps``, ``strength``, ``discount``)."""
    return sum(
        e["n"]
        for _, trigger, effects, _ in abilities(state, seat)
        if trigger == "always"
        for e in effects
        if e["do"] == verb
    )


def _once_ok(state: State, source: str) -> bool:
    tile = TILES.get(source)
    return tile is None or not tile["once"] or source not in state["turn"]["once"]


def when(state: State, seat: int, action: str) -> None:
    """Fire every ``when`` ability of the seat for ``action`` (ONCE ones once a turn)."""
    for source, trigger, effects, post in abilities(state, seat):
        if trigger != "always" or not _once_ok(state, source):
            continue
        for effect in effects:
            if effect["do"] == "when" and effect["action"] == action:
                if source in TILES and TILES[source]["once"]:
                    state["turn"]["once"].append(source)
                run(state, seat, effect["then"], post)


def solstice(state: State, seat: int) -> None:
    """Winter Solstice abilities of the seat."""
    for _, trigger, effects, post in abilities(state, seat):
        if trigger == "solstice":
            run(state, seat, effects, post)
    when(state, seat, "solstice")


# --- running effects ---------------------------------------------------------------------


def run(state: State, seat: int, effects: list[Effect], post: str | None) -> None:
    """Carry out one-shot effects for ``seat``; ``post`` is where the ability sits, if on the map."""
    for effect in effects:
        if effect["do"] not in (*LASTING, "when"):
            _run_one(state, seat, effect, post)


def _location(effect: Effect, post: str | None) -> str | None:
    where = str(effect["where"])
    if where in ("region", "here"):
        return None if post is None else region_of(post)
    return where


def _per_count(state: State, seat: int, per: str) -> int:
    counts = board.established(state, seat)
    if per in counts:
        return counts[per]
    if per == "types":
        return sum(1 for n in counts.values() if n)
    if per == "trade_centers":
        return sum(
            1
            for post, spot in state["posts"].items()
            if POSTS[post]["kind"] == "trade_center" and spot["follower"] and spot["follower"][0] == seat
        )
    return sum(1 for ship in board.player(state, seat)["ships"] if ship["at"] is not None)


def _run_one(state: State, seat: int, effect: Effect, post: str | None) -> None:
    do = effect["do"]
    n = state["players"]
    if do == "gain":
        board.gain(state, seat, effect["silfr"])
        core.log(state, seat, f"GAINS {effect['silfr']} Silfr")
    elif do == "gain_per":
        amount = _per_count(state, seat, effect["per"])
        board.gain(state, seat, amount)
        core.log(state, seat, f"GAINS {amount} Silfr")
    elif do == "draw":
        drawn = sum(1 for _ in range(effect["n"]) if board.draw_tile(state, seat))
        core.log(state, seat, f"DRAWS {core.plural(drawn, 'tile')}")
    elif do == "all_draw":
        for s in [*range(seat, n), *range(seat)]:
            board.draw_tile(state, s)
        core.log(state, seat, f"has every player DRAW {core.plural(effect['n'], 'tile')} (ALL DRAW)")
    elif do == "gain_tile":
        _gain_tile(state, seat, effect["kind"])
    elif do in ("return", "return_all"):
        location = _location(effect, post)
        if location is not None:
            rivals = {s for s in range(n) if do == "return_all" or s != seat}
            count = board.return_ships(state, board.places_in(location), rivals)
            core.log(state, seat, f"RETURNS {core.plural(count, 'Longship')} in {place_name(location)}")
    elif do == "establish":
        location = _location(effect, post)
        for spot in board.alone_posts(state, seat):
            if in_location(spot, location) and board.can_establish(state, seat, spot, pay=False):
                establish(state, seat, spot, pay=False)
    elif do == "place":
        _place(state, seat, _location(effect, post))
    elif do == "copy":
        _copy(state, seat, _location({"where": effect.get("where", "region")}, post))
    elif do == "duchy":
        region = None if post is None else region_of(post)
        if region is not None:
            board.add_home(state, seat, region)
    elif do == "unexhaust":
        for ship in board.player(state, seat)["ships"]:
            ship["exhausted"] = False
        core.log(state, seat, "UNEXHAUSTS their Longships")
    elif do == "refresh":
        board.refresh_track(state)
        core.log(state, seat, "REFRESHES the SAGA TRACK")
    elif do == "all_gain":
        for s in range(n):
            board.gain(state, s, effect["silfr"])
        core.log(state, seat, f"gives every player {effect['silfr']} Silfr (ALL GAIN)")
    elif do == "rivals_pay":
        for s in range(n):
            if s != seat:
                p = board.player(state, s)
                p["silfr"] -= min(p["silfr"], effect["silfr"])
        core.log(state, seat, f"makes every RIVAL RETURN {effect['silfr']} Silfr to the supply")
    else:
        raise ValueError(f"unknown effect {do}")


# --- ESTABLISH and the Jarlboard (they run abilities, so they live with them) ----------


def establish(state: State, seat: int, post: str, kind: str | None = None, pay: bool = True) -> None:
    """ESTABLISH: (RE)PLACE the seat's Follower on the post's tile, paying the post's cost."""
    kind = kind or board.post_type(state, post)
    assert kind is not None and board.can_establish(state, seat, post, kind, pay)
    old = board.follower_at(state, post)
    if old is not None:
        board.player(state, old[0])["supply"][old[1]] += 1
    p = board.player(state, seat)
    p["supply"][kind] -= 1
    cost = POSTS[post]["cost"] if pay else 0
    p["silfr"] -= cost
    state["posts"][post]["follower"] = [seat, kind]
    paid = f" for {cost} Silfr" if cost else ""
    core.log(state, seat, f"ESTABLISHES a {FOLLOWER_NAMES[kind]} Follower at {place_name(post)}{paid}")
    data = POSTS[post]
    venture = state["posts"][post]["venture"]
    if venture is not None and TILES[venture]["trigger"] == "establish":
        run(state, seat, TILES[venture]["effects"], post)
    elif data["kind"] == "ally":
        run(state, seat, data["ability"], post)
    board.check_duchies(state, seat)


def put_board_tile(state: State, seat: int, tile: str) -> None:
    """(RE)PLACE a God or Advocate on the Jarlboard and ESTABLISH the seat's Follower on it."""
    p = board.player(state, seat)
    key, _ = board.board_space(TILES[tile]["kind"])
    p[key].append(tile)
    p["supply"][TILES[tile]["follower"]] -= 1
    if TILES[tile]["trigger"] == "establish":
        run(state, seat, TILES[tile]["effects"], None)


def _gain_tile(state: State, seat: int, kind: str) -> None:
    """GAIN an AVAILABLE tile of a kind: the cheapest on the SAGA TRACK, else the newest discard."""
    for index, tile in enumerate(state["track"]):
        if tile is not None and TILES[tile]["kind"] == kind:
            state["track"][index] = None
            board.player(state, seat)["hand"].append(tile)
            core.log(state, seat, f"GAINS {board.describe_tile(tile)} from the SAGA TRACK")
            return
    for tile in reversed(state["discard"]):
        if TILES[tile]["kind"] == kind:
            state["discard"].remove(tile)
            board.player(state, seat)["hand"].append(tile)
            core.log(state, seat, f"GAINS {board.describe_tile(tile)} from the discard pile")
            return


def _place(state: State, seat: int, location: str | None) -> None:
    """PLACE a Jarlboard Longship on the post of the location with the fewest Longships."""
    ships = board.player(state, seat)["ships"]
    free = next((ship for ship in ships if ship["at"] is None), None)
    posts = posts_in(location)
    if free is None or not posts:
        return
    post = min(posts, key=lambda p: len(board.ships_at(state, p)))
    free["at"] = post
    core.log(state, seat, f"PLACES a Longship at {place_name(post)}")


def _copy(state: State, seat: int, location: str | None) -> None:
    """COPY the ACTIVATE ability of a RIVAL Venture in a location: the ability's REGION, or
    a named WIND or REGION (None: anywhere, for an ability off the map)."""
    for other, spot in state["posts"].items():
        tile = spot["venture"]
        if tile is None or not spot["follower"] or spot["follower"][0] == seat:
            continue
        data = TILES[tile]
        if data["trigger"] != "activate" or any(e["do"] == "copy" for e in data["effects"]):
            continue
        if in_location(other, location):
            core.log(state, seat, f"COPIES {board.describe_tile(tile)}")
            run(state, seat, data["effects"], other)
            return


def known_ids() -> set[str]:
    """Every place id an effect may name (used by the data checks in the tests)."""
    return {*REGIONS, *POSTS, *HOMES, *WINDS, "region", "here"}
