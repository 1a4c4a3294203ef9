"""The sensible Saga bot, for either side, from its own view only.

The Vikings must act to win (five areas, eight coins or an empty England), so their bot
lands whole groups where they outnumber the Saxons, recruits every unit it may, and
scouts weak coasts. The Anglo-Saxons win by holding out, so theirs builds Strongholds,
raises the fyrd and reinforces threatened areas. In combat both reveal their leaders,
lose warriors before leaders and retreat towards their own units.
"""

from __future__ import annotations

from typing import Any

from games.core import Rng
from games.saga.shortcuts import is_shortcut

View = dict[str, Any]

# How much each side wants each action of a tile half when drafting.
_DRAFT = {
    "viking": {"movement": 3.0, "recruitment": 3.0, "scout": 1.0},
    "anglo": {"build": 3.0, "recruitment": 2.5, "income": 2.0, "fyrd": 2.0, "movement": 2.0, "tribute": 0.5},
}
_BONUS = {"move": 1.5, "recruit_warrior": 1.5, "coin": 1.0, "move_or_coin": 1.2, None: 0.0}


class _Board:
    def __init__(self, view: View) -> None:
        self.view = view
        private = view.get("private") or {}
        self.side: str = private.get("side") or (
            "viking" if view["sides"]["viking"] == view["seat"] else "anglo"
        )
        self.enemy = "anglo" if self.side == "viking" else "viking"
        self.areas = {a["id"]: a for a in view["areas"]}
        self.near: dict[str, list[str]] = {a: [] for a in self.areas}
        for a, b in view["borders"]:
            self.near[a].append(b)
            self.near[b].append(a)
        self.moved = (view.get("resolving") or {}).get("moved") or {}

    def n(self, area: str, side: str) -> int:
        if area == "drakkar":
            return 0
        u = self.areas[area][side]
        return int(u["warriors"]) + len(u["leaders"])

    def where(self, ref: str) -> str:
        for area, data in self.areas.items():
            if any(leader["tag"] == ref for leader in data[self.side]["leaders"]):
                return area
        return ref

    def stronghold(self, area: str) -> bool:
        return bool(self.areas.get(area, {}).get("stronghold"))

    def england(self) -> list[str]:
        return [a for a, d in self.areas.items() if d["kind"] != "scandinavia"]

    def threat(self, area: str) -> int:
        """Viking units in or next to an English area."""
        return self.n(area, "viking") + sum(self.n(b, "viking") for b in self.near[area])


def _draft(board: _Board, action: str) -> float:
    tile = board.view["tiles"][int(action.split()[1]) - 1]
    half = tile[board.side]
    value = sum(_DRAFT[board.side].get(a, 0.0) for a in half["actions"])
    if half["choose_one"]:
        value = max(_DRAFT[board.side].get(a, 0.0) for a in half["actions"]) + 0.5
    return value + _BONUS.get(half["bonus"], 0.0) + (0.5 if tile["sword"] else 0.0)


def _viking_move(board: _Board, action: str) -> float:
    words = action.split()
    if words[0] == "sail":
        here = words[1]
        return 1.5 + 0.5 * board.n(here, "viking")
    source = board.where(words[1]) if words[1] not in board.areas else words[1]
    target = words[2]
    route = (board.view.get("resolving") or {}).get("route")
    src = board.areas[source]
    if target not in board.areas:
        return -1.0
    dst = board.areas[target]
    if dst["kind"] == "scandinavia":
        return 0.2 if route is None else -0.5
    mine_there = board.n(target, "viking")
    theirs = board.n(target, "anglo") + (1 if board.stronghold(target) else 0)
    if src["kind"] == "scandinavia":
        group = board.n(source, "viking")
        return 3.0 + min(group + mine_there - theirs, 3) - (0 if route is None else 1)
    # England to England: leave one unit to hold an area the Saxons have left.
    left = board.n(source, "viking") - board.n(source, "anglo") - 1
    if board.n(source, "anglo") == 0 and left < 1:
        return -1.0
    if mine_there > theirs + 1:
        return -0.5
    # Five controlled areas win: taking an area while keeping the one left is worth most.
    gained = mine_there + 1 > board.n(target, "anglo") and not mine_there > board.n(target, "anglo")
    kept = board.n(source, "viking") - 1 > board.n(source, "anglo")
    return 1.0 + (theirs - mine_there < 2) * 1.5 + 2.0 * (gained and kept)


def _anglo_move(board: _Board, action: str) -> float:
    words = action.split()
    source = board.where(words[1]) if words[1] not in board.areas else words[1]
    target = words[2]
    need = board.n(target, "viking") + 1 - board.n(target, "anglo")
    spare = board.n(source, "anglo") - max(board.n(source, "viking"), 1 if board.threat(source) else 0)
    if spare <= 0 or need <= 0 and board.threat(target) <= board.n(target, "anglo"):
        return -1.0
    return 1.0 + need + 0.5 * board.stronghold(target)


def _action(board: _Board, action: str) -> float:
    words = action.split()
    verb = words[0]
    side = board.side
    coins = board.view["coins"]
    if verb == "take":
        return _draft(board, action)
    if verb in ("tile",):
        return 0.0
    if verb in ("move", "sail"):
        return _viking_move(board, action) if side == "viking" else _anglo_move(board, action)
    if verb == "recruit":
        return 4.0 + (words[2] != "warrior") * 0.5
    if verb == "scout":
        target = words[1]
        here = words[2]
        weak = 3 - board.n(target, "anglo") - 2 * board.stronghold(target)
        return 1.0 + 0.3 * weak + 0.3 * board.n(here, "viking")
    if verb == "build":
        return 5.0 + 0.3 * board.threat(words[1])
    if verb == "fyrd":
        return 4.5
    if verb == "income":
        if words[2] == "coin":
            return 3.0 if coins["anglo"] < 2 else 1.5
        return 2.0 + 0.5 * board.threat(words[1]) + (words[2] != "warrior") * 0.5
    if verb == "tribute":
        area = words[1]
        danger = board.n(area, "viking") - board.n(area, "anglo")
        return -2.0 + danger if coins["viking"] < 6 else -5.0
    if verb == "bonus":
        return 10.0  # free, and only before the tile's first action
    if verb in ("done", "finish", "skip", "pass"):
        return 0.5
    return 0.0


def _combat(board: _Board, action: str) -> float:
    words = action.split()
    verb = words[0]
    c = board.view["combat"] or {}
    area = c.get("area")
    if verb == "reveal":
        return 2.0
    if verb == "pass":
        return 0.0
    if verb in ("bring", "slay", "drakkar"):
        ref = words[-1]
        return 3.0 + (ref != "warrior")
    if verb in ("skip", "done"):
        return 0.5
    if verb == "lose":
        return 1.0 if words[1] == "warrior" else 0.0
    if verb == "retreat":
        target = words[1]
        if target == "drakkar":
            return 0.5
        return 1.0 + board.n(target, board.side) - board.n(target, board.enemy)
    if verb == "fight":
        return float(board.n(words[1], "viking") - board.n(words[1], "anglo")) if area is None else 0.0
    return 0.0


def choose(view: View, actions: list[str], rng: Rng) -> str:
    # The bot weighs every single step on its own; the one-press shortcuts beside them
    # (a whole group, every Stronghold) only save a person presses.
    actions = [a for a in actions if not is_shortcut(a)] or actions
    board = _Board(view)
    score = _combat if view["phase"] == "combat" else _action
    scored = [(score(board, a), rng.random(), a) for a in actions]
    return max(scored)[2]
