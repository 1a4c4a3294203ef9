"""The sensible Volga bot: buy a good at its source, carry it to a contract's city, sell.

It reads only its own view. Distances are river steps (a move is up to 3 of them) or
land steps (a move is 1, counted as 3 river steps), found over the tiles in the view.
It picks the contract that pays most per turn of travel, sells whenever it can, buys only
goods a contract wants, keeps a ruble for city fees, draws contracts when none suits it,
and accepts a trade offer only when it gains more than it gives. It never offers trades.
"""

from __future__ import annotations

import heapq
from typing import Any

from games.core import Rng
from games.volga.data import DELTA, OPPOSITE, SOURCES

View = dict[str, Any]
Graph = dict[str, list[tuple[str, int]]]

_LAND = 3  # a land step uses a whole move, as much as three river steps
_FAR = 10**6


def _graph(view: View) -> Graph:
    at = {(t["x"], t["y"]): t for t in view["tiles"]}
    graph: Graph = {}
    for tile in view["tiles"]:
        edges = []
        for edge, (dx, dy) in DELTA.items():
            other = at.get((tile["x"] + dx, tile["y"] + dy))
            if other is None:
                continue
            river = edge in tile["rivers"] and OPPOSITE[edge] in other["rivers"]
            edges.append((other["id"], 1 if river else _LAND))
        graph[tile["id"]] = edges
    return graph


def _distances(
    graph: Graph, start: str, blocked: str | None, toll: int = 9, stops: frozenset[str] = frozenset()
) -> dict[str, int]:
    found = {start: 0}
    queue = [(0, start)]
    while queue:
        dist, tile = heapq.heappop(queue)
        if dist > found.get(tile, _FAR):
            continue
        for other, step in graph.get(tile, []):
            cost = step + (toll if other == blocked else 0)  # the Horde will likely have moved on
            cost += _LAND if other in stops else 0  # a city charging a fee ends the move there
            if dist + cost < found.get(other, _FAR):
                found[other] = dist + cost
                heapq.heappush(queue, (dist + cost, other))
    return found


class _Plan:
    """What the seat wants: the contracts it could serve and where to go next."""

    def __init__(self, view: View, soft: bool = False) -> None:
        self.view = view
        self.soft = soft  # count the Horde as a detour, not a wall
        self.me = next(s for s in view["seats"] if s["seat"] == view["seat"])
        self.graph = _graph(view)
        self.cities = {c["id"]: c for c in view["cities"]}
        self.hidden = list((view.get("private") or {}).get("hidden_contracts") or [])
        self.contracts = [c for c in view["contracts"] + self.hidden if not self._burned(c["city"])]
        self._dist: dict[str, dict[str, int]] = {}
        self.stops = frozenset(
            c["tile"]
            for c in view["cities"]
            if c["tile"] and not c["burned"] and c["holder"] != self.me["seat"]
        )

    def _burned(self, city: str) -> bool:
        return bool(self.cities[city]["burned"]) or self.cities[city]["tile"] is None

    def dist(self, a: str | None, b: str | None) -> int:
        if a is None or b is None:
            return _FAR
        if a not in self._dist:
            toll = 9 if self.soft else _FAR
            self._dist[a] = _distances(self.graph, a, self.view["horde"], toll, self.stops)
        return self._dist[a].get(b, _FAR)

    def horde_blocks(self) -> bool:
        """Would a contract city be reachable if the Horde were out of the way?"""
        return _Plan(self.view, soft=True).target(self.me["tile"]) is not None

    def contracts_in_reach(self) -> bool:
        return _Plan(self.view, soft=True).target(self.me["tile"]) is not None

    def wanted(self) -> dict[str, int]:
        """How many of each good the serviceable contracts ask for."""
        counts: dict[str, int] = {}
        for c in self.contracts:
            counts[c["good"]] = counts.get(c["good"], 0) + 1
        return counts

    def source_tile(self, good: str) -> str | None:
        city = self.cities[SOURCES[good]]
        return None if city["burned"] else city["tile"]

    def target(self, start: str | None) -> str | None:
        """The tile to head for: a contract's city for a good on board, else a source."""
        best: tuple[float, str] | None = None
        price = self.view["price"]["value"]
        for c in self.contracts:
            city_tile = self.cities[c["city"]]["tile"]
            if self.me["goods"][c["good"]] > 0:
                turns = self.dist(start, city_tile) / 3
                score = price / (1 + turns)
                tile = city_tile
            else:
                source = self.source_tile(c["good"])
                if source is None or self._full():
                    continue
                turns = (self.dist(start, source) + self.dist(source, city_tile)) / 3
                score = (price - 1) / (2 + turns)
                tile = source
            if turns < _FAR / 10 and (best is None or score > best[0]):
                best = (score, tile)
        return None if best is None else best[1]

    def _full(self) -> bool:
        cap = self.me["capacity"]
        return cap is not None and sum(self.me["goods"].values()) >= cap


def _choice(plan: _Plan, kind: str, options: list[str], rng: Rng) -> str:
    me = plan.me
    if kind == "pick":
        sources = [o for o in options if o in SOURCES.values()]
        return rng.choice(sources or options)
    if kind in ("ship", "bump_ship"):
        goal = plan.target(None) if kind == "ship" else plan.target(me["tile"])
        goals = [goal] if goal else [plan.source_tile(g) for g in SOURCES]
        return min(options, key=lambda t: min(plan.dist(t, g) for g in goals if g) if any(goals) else 0)
    if kind == "raid_good":
        wanted = plan.wanted()
        return min(options, key=lambda g: wanted.get(g, 0))
    if kind == "keep":
        drawn = (plan.view.get("private") or {}).get("drawn") or []
        by_id = {c["id"]: c for c in drawn}

        def keep_score(card: str) -> float:
            c = by_id.get(card)
            if c is None:
                return 0.0
            carried = me["goods"][c["good"]] > 0
            return carried * 10 - plan.dist(me["tile"], plan.cities[c["city"]]["tile"]) / 3

        return max(options, key=keep_score)
    return rng.choice(options)


def _offer_value(plan: _Plan, side: dict[str, Any]) -> float:
    wanted = plan.wanted()
    goods = sum((1.5 if wanted.get(g) else 0.5) * n for g, n in side["goods"].items())
    return side["rubles"] + goods + 4 * len(side["passes"]) + 1.0 * side["contracts"]


def _turn(plan: _Plan, actions: list[str], rng: Rng) -> str:
    view, me = plan.view, plan.me
    sells = [a for a in actions if a.startswith("sell ")]
    if sells:
        return sells[0]
    endgame = _endgame(plan, actions)
    if endgame is not None:
        return endgame
    wanted = plan.wanted()
    for good, count in wanted.items():
        buy = f"buy {good}"
        if (
            buy in actions
            and me["goods"][good] < count
            and (me["rubles"] >= 2 or not any(me["goods"].values()))
        ):
            return buy
    here = {c["city"] for c in plan.hidden if me["goods"][c["good"]] > 0}
    tile_city = next((c["id"] for c in view["cities"] if c["tile"] == me["tile"]), None)
    if "lay" in actions and tile_city in here:
        return "lay"
    if "upgrade" in actions and me["rubles"] >= 9:
        return "upgrade"
    moves = [a for a in actions if a.startswith("move ")]
    goal = plan.target(me["tile"])
    if "draw" in actions and (goal is None or not view["contracts"]) and rng.random() < 0.8:
        return "draw"
    if moves and goal is not None:
        now = plan.dist(me["tile"], goal)
        best = min(moves, key=lambda a: (plan.dist(a.split()[1], goal), _fee(plan, a.split()[1])))
        if plan.dist(best.split()[1], goal) < now:
            return best
    if "draw" in actions and (goal is None or rng.random() < 0.5):
        return "draw"  # stuck: new contracts give new targets
    special = _special(plan, actions, goal, rng)
    if special is not None:
        return special
    if moves and rng.random() < 0.5:
        return rng.choice(moves)  # blocked on the way: try another way round
    return "end" if "end" in actions else rng.choice(actions)


def _special(plan: _Plan, actions: list[str], goal: str | None, rng: Rng) -> str | None:
    """Nothing useful to do as a normal turn: earn a ruble with the Horde, or start over."""
    view, me = plan.view, plan.me
    ships = {s["tile"]: s for s in view["seats"] if s["tile"] and s["seat"] != me["seat"]}
    cities = {c["tile"]: c for c in view["cities"] if c["tile"]}
    gains = []
    for action in actions:
        if not action.startswith("horde "):
            continue
        tile = action.split()[1]
        city = cities.get(tile)
        if tile in ships and ships[tile]["rubles"] > 0:
            gains.append((2, action))
        elif city is not None and not city["burned"] and tile != goal and city["holder"] != me["seat"]:
            gains.append((1, action))
    for action in actions:
        city = cities.get(action.split()[1]) if action.startswith("prince ") else None
        if city is not None and city["burned"]:
            gains.append((1, action))  # rebuilding pays a ruble and reopens its contracts
    if gains:
        return max(gains)[1]
    hordes = [a for a in actions if a.startswith("horde ") and a.split()[1] != goal]
    if hordes and goal is None and plan.horde_blocks() and rng.random() < 0.3:
        return hordes[0]  # move the Horde out of the way
    burned = [c["tile"] for c in view["cities"] if c["burned"] and c["tile"]]
    princes = [a for a in actions if a.startswith("prince ")]
    if princes and burned and goal is None:
        soft = _Plan(view, soft=True)
        now = min(soft.dist(view["prince"], b) for b in burned)
        best = min(princes, key=lambda a: min(soft.dist(a.split()[1], b) for b in burned))
        if min(soft.dist(best.split()[1], b) for b in burned) < now:
            return best
    burns = [
        a
        for a in actions
        if a.startswith("horde ") and a.split()[1] in cities and not cities[a.split()[1]]["burned"]
    ]
    if burns and goal is None:
        return burns[0]  # nothing left to trade: hasten the end
    if "over" in actions and me["rubles"] == 0:
        return "over"  # penniless and going nowhere: five fresh rubles beat waiting
    return None


def _endgame(plan: _Plan, actions: list[str]) -> str | None:
    """With 3 or more cities burned the fifth burn is near: the leader burns another (and
    takes the ruble), anyone else rebuilds one with the Prince to keep the game going."""
    view, me = plan.view, plan.me
    if view["price"]["index"] < 3:
        return None
    cities = {c["tile"]: c for c in view["cities"] if c["tile"]}
    best_other = max(s["rubles"] for s in view["seats"] if s["seat"] != me["seat"])
    for action in actions:
        verb, _, tile = action.partition(" ")
        city = cities.get(tile)
        if city is None:
            continue
        if verb == "horde" and not city["burned"] and me["rubles"] + 1 > best_other:
            return action
        if verb == "prince" and city["burned"] and me["rubles"] + 1 <= best_other:
            return action
    return None


def _fee(plan: _Plan, tile: str) -> int:
    city = next((c for c in plan.view["cities"] if c["tile"] == tile), None)
    return int(city is not None and not city["burned"] and city["holder"] != plan.me["seat"])


def choose(view: View, actions: list[str], rng: Rng) -> str:
    if view["phase"] == "build":
        return rng.choice(actions)
    plan = _Plan(view)
    choice = view["choice"]
    if choice is not None and choice["seat"] == view["seat"]:
        options = [a.split(maxsplit=1)[1] for a in actions]
        picked = _choice(plan, choice["kind"], options, rng)
        return actions[options.index(picked)]
    if "accept" in actions:
        offer = view["offer"]
        gain = _offer_value(plan, offer["give"]) - _offer_value(plan, offer["ask"])
        return "accept" if gain > 0.5 else "decline"
    if view["offer"] is not None and not view["offer"]["sent"]:
        return "cancel"
    return _turn(plan, [a for a in actions if a != "cancel"] or actions, rng)
