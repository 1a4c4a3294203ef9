"""The map in play: Longships, ALONE and COLOCATED, ESTABLISH, RETURN, DUCHIES, Influence.

Everything here changes a plain JSON state in place; ``rules`` clones before calling.
"""

from __future__ import annotations

from typing import Any

from games import core
from games.core import State
from games.pax.data import (
    ADVOCATE_SPACES,
    FOLLOWER_NAMES,
    FOLLOWERS,
    GOD_SPACES,
    GRAPH,
    HOMES,
    MAX_HOME_MARKERS,
    POSTS,
    REGIONS,
    TILES,
    TRACK_COSTS,
    in_location,
    navigable,
    place_name,
    region_of,
    tile_name,
)


def player(state: State, seat: int) -> dict[str, Any]:
    return state["seats"][seat]


def gain(state: State, seat: int, silfr: int) -> None:
    player(state, seat)["silfr"] += silfr


# --- Longships -----------------------------------------------------------------------


def ships_at(state: State, place: str) -> list[int]:
    """One seat per Longship at a post or in a region itself (not in its posts)."""
    return [s for s, p in enumerate(state["seats"]) for ship in p["ships"] if ship["at"] == place]


def ships_by_place(state: State) -> dict[str, list[int]]:
    """``ships_at`` of every place at once (a view asks it of every post and region)."""
    found: dict[str, list[int]] = {}
    for s, p in enumerate(state["seats"]):
        for ship in p["ships"]:
            found.setdefault(ship["at"], []).append(s)
    return found


def ships_in_region(state: State, region: str) -> list[int]:
    """Seats of every Longship in a REGION, its posts included."""
    return [
        s
        for s, p in enumerate(state["seats"])
        for ship in p["ships"]
        if ship["at"] is not None and region_of(ship["at"]) == region
    ]


def guards_at(state: State, post: str) -> list[int]:
    """The seat whose Follower on this post acts as a Longship (a ``guard`` Venture), if any."""
    spot = state["posts"][post]
    if spot["follower"] is None or spot["venture"] is None:
        return []
    data = TILES[spot["venture"]]
    if data["trigger"] == "always" and any(e["do"] == "guard" for e in data["effects"]):
        return [int(spot["follower"][0])]
    return []


def presence(state: State, post: str) -> list[int]:
    """One seat per Longship at a post, Followers acting as Longships included."""
    return ships_at(state, post) + guards_at(state, post)


def alone(state: State, seat: int, post: str) -> bool:
    """ALONE: only this seat's Longship(s) in the post (a Follower acting as one counts)."""
    here = presence(state, post)
    return bool(here) and all(s == seat for s in here)


def alone_posts(state: State, seat: int) -> list[str]:
    return [post for post in POSTS if alone(state, seat, post)]


def colocated_rivals(state: State, seat: int, place: str) -> list[int]:
    """RIVALS with a Longship in the same REGION as ``place`` (COLOCATED)."""
    region = region_of(place)
    if region is None:
        return []
    return sorted({s for s in ships_in_region(state, region) if s != seat})


def return_ship(state: State, seat: int, index: int) -> None:
    """RETURN a Longship to its Jarlboard."""
    player(state, seat)["ships"][index]["at"] = None


def return_ships(state: State, places: set[str], seats: set[int]) -> int:
    """RETURN every Longship of ``seats`` at ``places``; how many went home."""
    count = 0
    for s in seats:
        for ship in player(state, s)["ships"]:
            if ship["at"] in places:
                ship["at"] = None
                count += 1
    return count


def places_in(location: str) -> set[str]:
    """Every region and post inside a location (a region or a Wind)."""
    return {p for p in (*REGIONS, *POSTS) if in_location(p, location)}


def home_exits(state: State, seat: int) -> list[str]:
    """Where a Longship leaving one of the seat's HOMEs can go in one STEP."""
    exits: list[str] = []
    for home in player(state, seat)["homes"]:
        if home in HOMES:
            exits += HOMES[home]["links"]
        else:  # a HOME marker in a DUCHY opens on the region and all its posts
            if navigable(home):
                exits.append(home)
            exits += [p for p, d in POSTS.items() if d["region"] == home]
    return list(dict.fromkeys(exits))


def step_options(state: State, seat: int, at: str | None) -> list[str]:
    """Places one STEP away; ``None`` is a Longship leaving a HOME."""
    if at is None:
        return home_exits(state, seat)
    return [p for p in GRAPH[at] if p not in HOMES or p in player(state, seat)["homes"]]


# --- Followers -----------------------------------------------------------------------


def follower_at(state: State, post: str) -> list[Any] | None:
    follower: list[Any] | None = state["posts"][post]["follower"]
    return follower


def established(state: State, seat: int) -> dict[str, int]:
    """ESTABLISHED Followers of each type: on posts and on the seat's Gods and Advocates."""
    counts = dict.fromkeys(FOLLOWERS, 0)
    for post in state["posts"].values():
        if post["follower"] and post["follower"][0] == seat:
            counts[post["follower"][1]] += 1
    p = player(state, seat)
    for tile in p["gods"] + p["advocates"]:
        counts[TILES[tile]["follower"]] += 1
    return counts


def established_total(state: State, seat: int) -> int:
    return sum(established(state, seat).values())


def return_follower(state: State, post: str) -> None:
    """RETURN the Follower on a post to its owner's Jarlboard; the tile stays, unESTABLISHED."""
    owner, kind = state["posts"][post]["follower"]
    player(state, owner)["supply"][kind] += 1
    state["posts"][post]["follower"] = None
    core.log(state, owner, f"has their {FOLLOWER_NAMES[kind]} Follower at {place_name(post)} RETURNED")


def post_type(state: State, post: str) -> str | None:
    """The Follower icon of what lies on a post (its Venture, or the printed icon)."""
    venture = state["posts"][post]["venture"]
    if venture is not None:
        return str(TILES[venture]["follower"])
    icon = POSTS[post].get("icon")
    return None if icon is None else str(icon)


def can_establish(state: State, seat: int, post: str, kind: str | None = None, pay: bool = True) -> bool:
    kind = kind or post_type(state, post)
    if kind is None:
        return False
    follower = follower_at(state, post)
    if follower is not None and follower[0] == seat:
        return False
    p = player(state, seat)
    return p["supply"][kind] > 0 and (not pay or p["silfr"] >= POSTS[post]["cost"])


def check_duchies(state: State, seat: int) -> None:
    """A REGION with two of the seat's Ventures is a DUCHY: add a HOME marker there."""
    p = player(state, seat)
    for region in REGIONS:
        if region in p["homes"] or len(p["homes"]) > MAX_HOME_MARKERS:
            continue
        own = [
            post
            for post, data in POSTS.items()
            if data["region"] == region
            and state["posts"][post]["venture"] is not None
            and (follower_at(state, post) or [None])[0] == seat
        ]
        if len(own) >= 2:
            add_home(state, seat, region)


def add_home(state: State, seat: int, region: str) -> bool:
    p = player(state, seat)
    if region in p["homes"] or len(p["homes"]) > MAX_HOME_MARKERS:
        return False
    p["homes"].append(region)
    core.log(state, seat, f"rules a DUCHY in {place_name(region)} and adds a HOME marker there")
    return True


def duchies(state: State, seat: int) -> int:
    return sum(1 for home in player(state, seat)["homes"] if home not in HOMES)


def board_space(kind: str) -> tuple[str, int]:
    return ("gods", GOD_SPACES) if kind == "god" else ("advocates", ADVOCATE_SPACES)


def remove_board_tile(state: State, seat: int, tile: str) -> None:
    """Take a God or Advocate off a Jarlboard; its Follower RETURNs to the supply."""
    p = player(state, seat)
    key, _ = board_space(TILES[tile]["kind"])
    p[key].remove(tile)
    p["supply"][TILES[tile]["follower"]] += 1


# --- Influence -----------------------------------------------------------------------


def influence_phase(state: State, seat: int) -> None:
    """Take each Influence marker the seat ALONE leads; RETURN those it no longer leads."""
    counts = [established(state, s) for s in range(state["players"])]
    for kind in FOLLOWERS:
        mine = counts[seat][kind]
        leads = mine > 0 and all(counts[s][kind] < mine for s in range(state["players"]) if s != seat)
        holder = state["influence"][kind]
        if leads and holder != seat:
            state["influence"][kind] = seat
            core.log(state, seat, f"takes the {FOLLOWER_NAMES[kind]} Influence marker")
        elif not leads and holder == seat:
            state["influence"][kind] = None
            core.log(state, seat, f"RETURNS the {FOLLOWER_NAMES[kind]} Influence marker")


def influence_of(state: State, seat: int) -> list[str]:
    return [kind for kind in FOLLOWERS if state["influence"][kind] == seat]


# --- the SAGA PILE and TRACK -----------------------------------------------------------


def draw_tile(state: State, seat: int) -> str | None:
    """DRAW: the top tile of the SAGA PILE into the seat's hand."""
    if not state["pile"]:
        return None
    tile = str(core.draw(state, state["pile"]))
    player(state, seat)["hand"].append(tile)
    return tile


def refresh_track(state: State) -> None:
    """REFRESH: slide tiles toward the cheap end and refill empty spaces from the SAGA PILE."""
    tiles = [t for t in state["track"] if t is not None]
    while len(tiles) < len(TRACK_COSTS) and state["pile"]:
        tiles.append(core.draw(state, state["pile"]))
    state["track"] = tiles + [None] * (len(TRACK_COSTS) - len(tiles))


def discard(state: State, tile: str) -> None:
    state["discard"].append(tile)


def describe_tile(tile: str) -> str:
    return f"{tile_name(tile)} ({tile})"
