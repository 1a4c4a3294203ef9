"""The sensible Volga bot: buy a good at its source, carry it to a contract's city, sell.

It reads only its own view. Distances are counted in parts of a move over the tiles in the
view: a move is ``river_steps`` river steps or ``land_steps`` steps of any kind (3 and 1 in
the rulebook), and a city charging this seat a fee ends the move and costs a ruble. It picks
the contract that pays most per turn of travel among those whose fees on the way it can pay,
sells whenever it can, buys only goods a contract wants and only while the rubles left cover
the fees to a buyer, draws contracts when none suits it, and accepts a trade offer only when
it gains more than it gives. It never offers trades. With no contract it can reach and pay
for, it earns rubles with the Horde or the Prince and burns cities to bring the end nearer
(a map whose fees keep a poor ship from the last contracts would otherwise never end).
"""

from __future__ import annotations

import heapq
from typing import Any

from games.core import Rng
from games.volga.data import DELTA, FEE, GOOD_PRICE, LAND_STEPS, OPPOSITE, RIVER_STEPS, SOURCES

View = dict[str, Any]
Graph = dict[str, list[tuple[str, int]]]

# A move is RIVER_STEPS river steps or LAND_STEPS steps of any kind: in units of 1 / MOVE
# of a move, a river step costs LAND_STEPS and any other step RIVER_STEPS.
_MOVE = RIVER_STEPS * LAND_STEPS
_RIVER = LAND_STEPS
_LAND = RIVER_STEPS
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
            edges.append((other["id"], _RIVER if river else _LAND))
        graph[tile["id"]] = edges
    return graph


def _distances(
    graph: Graph, start: str, blocked: str | None, toll: int, stops: frozenset[str], fee_cost: int
) -> dict[str, tuple[int, int]]:
    """Tile -> (cost, fees paid on the way) of the cheapest way there (fewest fees among
    equally cheap ways)."""
    found = {start: (0, 0)}
    queue = [(0, 0, start)]
    while queue:
        dist, fees, tile = heapq.heappop(queue)
        if (dist, fees) > found.get(tile, (_FAR, 0)):
            continue
        for other, step in graph.get(tile, []):
            cost = step + (toll if other == blocked else 0)  # the Horde will likely have moved on
            paid = fees + (other in stops)
            cost += fee_cost if other in stops else 0  # a city charging a fee ends the move there
            if (dist + cost, paid) < found.get(other, (_FAR, 0)):
                found[other] = (dist + cost, paid)
                heapq.heappush(queue, (dist + cost, paid, other))
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
        self._dist: dict[str, dict[str, tuple[int, int]]] = {}
        # A city charging a fee ends the move there (a move's worth); a poor ship goes round
        # one if it can (a move more).
        self.fee_cost = _MOVE * (2 if self.me["rubles"] < 3 * FEE else 1)
        self.stops = frozenset(
            c["tile"]
            for c in view["cities"]
            if c["tile"] and not c["burned"] and c["holder"] != self.me["seat"]
        )

    def _burned(self, city: str) -> bool:
        return bool(self.cities[city]["burned"]) or self.cities[city]["tile"] is None

    def _way(self, a: str | None, b: str | None) -> tuple[int, int]:
        if a is None or b is None:
            return (_FAR, 0)
        if a not in self._dist:
            toll = 3 * _MOVE if self.soft else _FAR
            self._dist[a] = _distances(self.graph, a, self.view["horde"], toll, self.stops, self.fee_cost)
        return self._dist[a].get(b, (_FAR, 0))

    def dist(self, a: str | None, b: str | None) -> int:
        return self._way(a, b)[0]

    def fees(self, a: str | None, b: str | None) -> int:
        """Rubles of city fees on the cheapest way from ``a`` to ``b``."""
        return self._way(a, b)[1] * FEE

    def horde_blocks(self) -> bool:
        """Would a contract city be reachable if the Horde were out of the way?"""
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
        """The tile to head for: a contract's city for a good on board, else a source; only
        a contract whose fees on the way (and the good's price) the seat can pay."""
        best: tuple[float, str] | None = None
        price = self.view["price"]["value"]
        rubles = self.me["rubles"]
        for c in self.contracts:
            city_tile = self.cities[c["city"]]["tile"]
            if self.me["goods"][c["good"]] > 0:
                if start is not None and self.fees(start, city_tile) > rubles:
                    continue
                turns = self.dist(start, city_tile) / _MOVE
                score = price / (1 + turns)
                tile = city_tile
            else:
                source = self.source_tile(c["good"])
                if source is None or self._full():
                    continue
                cost = GOOD_PRICE + self.fees(source, city_tile)
                if start is not None:
                    cost += self.fees(start, source)
                if cost > rubles:
                    continue
                turns = (self.dist(start, source) + self.dist(source, city_tile)) / _MOVE
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
            return carried * 10 - plan.dist(me["tile"], plan.cities[c["city"]]["tile"]) / _MOVE

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
        if buy in actions and me["goods"][good] < count and _can_carry_on(plan, good):
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
        best = _step(plan, moves, goal)
        if best is not None:
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
    """Nothing useful to do as a normal turn: earn a ruble with the Horde or the Prince, or
    start over. Burning and rebuilding take a ruble from the bank, so a game of them ends
    (30 rubles, or five cities burned); a raid only moves a ruble between two ships, and two
    stuck bots raiding each other in turn would never end: a raid is the choice only every
    other time, at random."""
    view, me = plan.view, plan.me
    ships = {s["tile"]: s for s in view["seats"] if s["tile"] and s["seat"] != me["seat"]}
    cities = {c["tile"]: c for c in view["cities"] if c["tile"]}
    waiting = {c["city"] for c in view["contracts"] + plan.hidden}
    raid = rng.random() < 0.5
    gains = []
    for action in actions:
        if not action.startswith("horde "):
            continue
        tile = action.split()[1]
        city = cities.get(tile)
        if tile in ships and ships[tile]["rubles"] > 0:
            if raid:
                gains.append((3, action))
        elif city is not None and not city["burned"] and tile != goal and city["holder"] != me["seat"]:
            gains.append((1, action))
    for action in actions:
        city = cities.get(action.split()[1]) if action.startswith("prince ") else None
        if city is not None and city["burned"]:
            # Rebuilding pays a ruble and reopens the city's contracts.
            gains.append((2 if city["id"] in waiting else 1, action))
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
    if goal is None:
        return _horde_nearer(plan, actions)  # no city to burn in reach: bring the Horde nearer
    return None


def _horde_nearer(plan: _Plan, actions: list[str]) -> str | None:
    """The Horde's move that most shortens its way (steps of any kind) to a city it could
    burn, if any does."""
    hordes = [a for a in actions if a.startswith("horde ")]
    targets = {
        c["tile"]
        for c in plan.view["cities"]
        if c["tile"] and not c["burned"] and c["holder"] != plan.me["seat"]
    }
    if not hordes or not targets:
        return None
    steps = {tile: 0 for tile in targets}  # steps from the nearest target, over every edge
    frontier = list(targets)
    while frontier:
        tile = frontier.pop(0)
        for other, _ in plan.graph.get(tile, []):
            if other not in steps:
                steps[other] = steps[tile] + 1
                frontier.append(other)
    best = min(hordes, key=lambda a: steps.get(a.split()[1], _FAR))
    now = steps.get(plan.view["horde"], _FAR)
    return best if steps.get(best.split()[1], _FAR) < now else None


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


def _step(plan: _Plan, moves: list[str], goal: str) -> str | None:
    """The move that brings the ship nearest ``goal``, counting the fee (and the end of the
    move) of a city it stops in, and paying no more fees on the way than the plan did (the
    plan was chosen because the seat can pay them)."""
    here = plan.me["tile"]
    budget = plan.fees(here, goal)

    def rest(move: str) -> tuple[int, int]:
        tile = move.split()[1]
        toll = tile in plan.stops
        return plan.dist(tile, goal) + plan.fee_cost * toll, plan.fees(tile, goal) + FEE * toll

    fits = [m for m in moves if rest(m)[1] <= budget]
    if not fits:
        return None
    best = min(fits, key=lambda m: (rest(m)[0], _fee(plan, m.split()[1])))
    return best if rest(best)[0] < plan.dist(here, goal) else None


def _can_carry_on(plan: _Plan, good: str) -> bool:
    """After buying one more ``good`` here, are there rubles left for the fees to a city
    with a contract for it?"""
    here = plan.me["tile"]
    left = plan.me["rubles"] - GOOD_PRICE
    return any(
        plan.fees(here, plan.cities[c["city"]]["tile"]) <= left for c in plan.contracts if c["good"] == good
    )


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
