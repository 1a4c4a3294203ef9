"""The ``sensible`` Pax Viking bot: it reads only its own view and its legal actions.

It spreads Followers: it PLAYS what it can, sails toward posts where it could PLAY a
Venture from its hand or PARLEY onto a tile (trade centers and allies first), ACTIVATES its
Ventures, uses its influence actions, INVESTS in tiles it can use, votes for Events that do
not hurt it, accepts fair trades and never builds offers of its own.
"""

from __future__ import annotations

from collections import deque
from typing import Any

from games.core import Rng

View = dict[str, Any]
_KIND_VALUE = {"god": 5, "advocate": 4, "venture": 4, "event": 3}
MAX_EXTRA_STEPS = 5  # the most STEPS abilities could add to a JOURNEY, for the bot's planning


def _me(view: View) -> dict[str, Any]:
    return dict(view["seats"][view["seat"]])


def _hand(view: View) -> list[dict[str, Any]]:
    return list(view["private"]["hand"]) if view.get("private") else []


def _graph(view: View) -> dict[str, list[str]]:
    graph: dict[str, list[str]] = {r["id"]: [] for r in view["regions"] if r["kind"] != "harbor"}
    for a, b in view["borders"]:
        graph[a].append(b)
        graph[b].append(a)
    for post in view["posts"]:
        graph.setdefault(post["id"], []).append(post["entry"])
        graph[post["entry"]].append(post["id"])
    return graph


def _starts(view: View) -> list[str]:
    """Where a Longship leaving the Jarlboard can be after one STEP."""
    regions = {r["id"]: r for r in view["regions"]}
    starts: list[str] = []
    homes = {h["id"]: h for h in view["homes"]}
    for home in _me(view)["homes"]:
        if home in homes:
            starts += homes[home]["links"]
        elif home in regions:
            region = regions[home]
            starts += ([home] if region["kind"] != "harbor" else []) + list(region["posts"])
    return starts


def _distances(view: View, at: str | None) -> dict[str, int]:
    graph = _graph(view)
    queue: deque[tuple[str, int]] = deque((s, 1) for s in _starts(view)) if at is None else deque([(at, 0)])
    seen: dict[str, int] = {}
    while queue:
        node, dist = queue.popleft()
        if node in seen:
            continue
        seen[node] = dist
        queue.extend((n, dist + 1) for n in graph.get(node, []) if n not in seen)
    return seen


def _in_location(view: View, post: dict[str, Any], location: str | None) -> bool:
    return location is None or post["region"] == location or post["wind"] == location


def _targets(view: View) -> dict[str, int]:
    """Posts worth sailing to, with their value."""
    me, seat = _me(view), view["seat"]
    values: dict[str, int] = {}
    hand = _hand(view)
    for post in view["posts"]:
        rivals = [s for s in [*post["longships"], post["guard"]] if s is not None and s != seat]
        if rivals or post["cost"] > me["silfr"]:
            continue
        value = 0
        mine = post["follower"] is not None and post["follower"]["seat"] == seat
        icon = post["venture"]["follower"] if post["venture"] else post["icon"]
        if icon and not mine and me["supply"].get(icon, 0) > 0:
            value = 6 if post["key"] else 5 if post["kind"] != "empty" else 4
        if post["kind"] == "empty" and not mine:
            for tile in hand:
                if (
                    tile["kind"] == "venture"
                    and _in_location(view, post, tile["location"])
                    and me["supply"].get(tile["follower"], 0) > 0  # else it cannot PLAY it
                ):
                    value = max(value, 6 + _own_ventures(view, post["region"]))  # toward a DUCHY
        for tile in hand:
            if (
                tile["kind"] in ("advocate", "event")
                and tile["location"]
                and _in_location(view, post, tile["location"])
            ):
                value = max(value, 3)
        if value:
            values[post["id"]] = value
    return values


def _own_ventures(view: View, region: str) -> int:
    seat = view["seat"]
    return sum(
        1
        for post in view["posts"]
        if post["region"] == region
        and post["venture"]
        and post["follower"]
        and post["follower"]["seat"] == seat
    )


def _best_target(view: View, at: str | None, reach: int, away: bool = False) -> tuple[str | None, int]:
    """The most valuable post in reach; ``away``: not the one the Longship is on (a JOURNEY
    from a target back to itself would loop for ever)."""
    distances = _distances(view, at)
    best, score = None, 0
    for post, value in _targets(view).items():
        dist = distances.get(post)
        if dist is None or dist > reach or (away and dist == 0):
            continue
        if value * 2 - dist > score:
            best, score = post, value * 2 - dist
    return best, score


def _journey_step(view: View, actions: list[str], rng: Rng) -> str:
    pending = view["pending"]
    target, _ = _best_target(view, pending["at"], pending["max"] - pending["steps"])
    steps = [a for a in actions if a.startswith("step ")]
    if pending["steps"] == 0 and (target is None or target == pending["at"]) and steps:
        return str(rng.choice(steps))  # never call a JOURNEY off and pick it again
    if target is None or target == pending["at"]:
        return "stop"
    graph_dist = _distances(view, target)
    best = min(steps, key=lambda a: graph_dist.get(a.split()[1], 99), default="stop")
    if best == "stop" or graph_dist.get(best.split()[1], 99) >= graph_dist.get(pending["at"] or "", 99):
        return "stop"
    return best


def _tile_of(view: View, tile_id: str) -> dict[str, Any] | None:
    for tile in _hand(view):
        if tile["id"].lower() == tile_id.lower():
            return tile
    return None


def _post(view: View, post_id: str) -> dict[str, Any]:
    return next(p for p in view["posts"] if p["id"] == post_id)


def _score(view: View, action: str) -> float:
    words = action.split()
    verb = words[0]
    me = _me(view)
    if verb == "play":
        tile = _tile_of(view, words[1])
        kind = tile["kind"] if tile else "event"
        if kind == "venture":
            return 10 + _own_ventures(view, _post(view, words[2])["region"])
        if kind == "event":
            return 4 if tile and "RIVAL" in tile["text"] else 5
        return 8 if words[2] == "jarlboard" else 2
    if verb in ("parley", "challenge", "jarldom", "theocracy"):
        post = _post(view, words[1])
        mine = post["follower"] is not None and post["follower"]["seat"] == view["seat"]
        return 2 if mine else 9 + (2 if post["key"] else 1 if post["kind"] != "empty" else 0)
    if verb == "rus":
        return 8 if words[2] == "jarlboard" else 3
    if verb == "activate":
        return 7
    if verb == "sweden":
        return 6
    if verb == "journey":
        ship = me["longships"][int(words[1]) - 1]
        _, score = _best_target(view, ship["at"], 3, away=True)
        return 3 + score / 4 if score else 0.05
    if verb == "invest":
        if not view["track"]["pile"]:
            # Only INVESTS empty the SAGA TRACK now (a REFRESH has nothing to fill it with):
            # ending the game comes before another round of the same ACTIVATES.
            return 7.5
        if words[1] == "draw":
            return 3 if len(_hand(view)) < 4 else 0.5
        tile = view["track"]["tiles"][int(words[1]) - 1]
        cost = view["track"]["costs"][int(words[1]) - 1]
        if tile is None or len(_hand(view)) >= 4:
            return 0.3
        return _KIND_VALUE[tile["kind"]] - cost * 0.8
    return 0.1  # end, offers


def _vote(view: View) -> str:
    althing = view["althing"]
    if althing["by"] == view["seat"]:
        return "vote yes"
    text = althing["tile"]["text"]
    return "vote no" if "RIVAL" in text or "RETURN ALL" in text else "vote yes"


def _worth(side: dict[str, Any]) -> int:
    """Silfr value of one side of an offer: a tile 2, a Follower or a Longship 3."""
    pieces = len(side.get("followers") or []) + side.get("longships", 0)
    return int(side["silfr"] + 2 * side["tiles"] + 3 * pieces)


def _answer(view: View, actions: list[str]) -> str:
    offer = view["offer"]
    value_in, value_out = _worth(offer["give"]), _worth(offer["ask"])
    accepts = [a for a in actions if a != "answer decline"]
    if accepts and value_in >= value_out:
        return accepts[0]
    return "answer decline"


def _one_press(action: str) -> bool:
    words = action.split()
    return (
        (words[0] == "journey" and not words[1].isdigit())
        or (words[0] == "step" and len(words) > 2)
        or (words[0] == "discard" and len(words) > 2)
    )


def _discard_order(view: View, actions: list[str]) -> list[str]:
    """The tiles the bot DISCARDS, in its order: the least worth first."""
    hand = [a.split()[1] for a in actions if len(a.split()) == 2]
    kind = {t: (_tile_of(view, t) or {"kind": "event"})["kind"] for t in hand}
    return sorted(hand, key=lambda t: _KIND_VALUE[kind[t]])  # stable: the first of equals first


def _stops_after(view: View, place: str) -> bool:
    """Would the bot stop its JOURNEY right after a STEP to ``place``? Sure only when its
    STEPS run out there or no target (other than ``place``) is left in reach."""
    pending = view["pending"]
    left = pending["max"] - pending["steps"] - 1
    target, _ = _best_target(view, place, left)
    return left <= 0 or target is None or target == place


def _shortest_paths(view: View, at: str | None, place: str) -> int:
    """How many shortest routes lead from ``at`` (None: a HOME) to ``place``."""
    graph = _graph(view)
    frontier = dict.fromkeys(_starts(view), 1) if at is None else {at: 1}
    seen = set(frontier)
    while frontier and place not in frontier:
        reached: dict[str, int] = {}
        for node, count in frontier.items():
            for nxt in graph.get(node, []):
                if nxt not in seen:
                    reached[nxt] = reached.get(nxt, 0) + count
        seen |= set(reached)
        frontier = reached
    return frontier.get(place, 0)


def _sails_straight_to(view: View, number: int) -> str | None:
    """The post or REGION the bot's JOURNEY with Longship ``number`` would sail to STEP by
    STEP and stop at, when the one-press JOURNEY there is sure to be that same JOURNEY: the
    Longship is the first unEXHAUSTED one in its place, no other reaches the place as soon,
    the route there is the only shortest one, and at every STEP and whatever its reach
    (a JOURNEY's STEPS may be raised by abilities) the bot would keep that target and stop
    there."""
    ships, reaches = _me(view)["longships"], range(3, 3 + MAX_EXTRA_STEPS + 1)
    at = ships[number - 1]["at"]
    if any(not s["exhausted"] and s["at"] == at for s in ships[: number - 1]):
        return None
    targets = {_best_target(view, at, most)[0] for most in reaches}
    target = targets.pop() if len(targets) == 1 else None
    if target is None or target == at or _shortest_paths(view, at, target) != 1:
        return None
    length = _distances(view, at).get(target, 99)
    if any(
        other["at"] != at
        and not other["exhausted"]
        and _distances(view, other["at"]).get(target, 99) <= length
        for other in ships
    ):
        return None  # another Longship might be the one the one-press JOURNEY sends
    graph, to_target = _graph(view), _distances(view, target)
    place: str | None = at
    done = 0
    while place != target:  # each STEP: the one neighbour a STEP closer, the target kept
        if {_best_target(view, place, most - done)[0] for most in reaches} != {target}:
            return None
        here = length if place is None else to_target.get(place, 99)
        nearer = _starts(view) if place is None else graph[place]
        place = next((n for n in nearer if to_target.get(n) == here - 1), None)
        if place is None:
            return None
        done += 1
    stops = {_best_target(view, target, most - done)[0] for most in reaches} <= {None, target}
    return target if stops else None


def _in_one_press(view: View, choice: str, shortcuts: list[str]) -> str:
    """The bot's choice merged with the choices it would make next, when a one-press move
    does exactly those: a whole JOURNEY, the last STEP and the stop, two DISCARDS in its
    order."""
    words = choice.split()
    if words[0] == "journey" and view["pending"] is None:
        target = _sails_straight_to(view, int(words[1]))
        if target is not None and f"journey {target}" in shortcuts:
            return f"journey {target}"
    if words[0] == "step" and f"{choice} stop" in shortcuts and _stops_after(view, words[1]):
        return f"{choice} stop"
    if words[0] == "discard" and view["pending"]["count"] >= 2:
        order = _discard_order(view, [f"discard {t}" for t in _hand_ids(view)])
        pair = f"discard {order[0]} {order[1]}"
        if order[0] == words[1] and pair in shortcuts:
            return pair
    return choice


def _hand_ids(view: View) -> list[str]:
    return [str(t["id"]) for t in _hand(view)]


def choose(view: View, actions: list[str], rng: Rng) -> str:
    """The bot decides one step at a time (it sails STEP by STEP toward its target); where
    a one-press move does exactly that step and the next ones it would choose, it presses
    that instead (``journey birka``, ``step ribe stop``, ``discard V07 E04``), so its games
    are the same move for move."""
    shortcuts = [a for a in actions if _one_press(a)]
    choice = _choose(view, [a for a in actions if not _one_press(a)], rng)
    return _in_one_press(view, choice, shortcuts) if shortcuts else choice


def _choose(view: View, actions: list[str], rng: Rng) -> str:
    if len(actions) == 1:
        return actions[0]
    if "vote yes" in actions:
        return _vote(view)
    if any(a.startswith("answer") for a in actions):
        return _answer(view, actions)
    if all(a.startswith("discard") for a in actions):
        return f"discard {_discard_order(view, actions)[0]}"
    if "offer cancel" in actions and view["offer"] is not None and not view["offer"]["sent"]:
        return "offer cancel"
    if any(a.startswith("place ") for a in actions):
        return rng.choice([a for a in actions if a.startswith("place ")])
    if view["pending"] is not None and view["pending"]["action"] == "journey":
        return _journey_step(view, actions, rng)
    scored = [(_score(view, a), rng.random(), a) for a in actions if a != "offer cancel"]
    return max(scored)[2]
