"""Conquer Territories (by force or peacefully) and giving up dice of one's choice."""

from __future__ import annotations

from typing import Any

from games import core
from games.core import State
from games.reavers import board, combat
from games.reavers.board import territory_front
from games.reavers.data import TERRITORY_TYPES, die_text
from games.reavers.dice import code, combat_choices, find_die, parse_code, player
from games.reavers.rewards import take_territory

Frame = dict[str, Any]


# --- Conquer Territories ------------------------------------------------------------------


def _can_pay_peace(p: dict[str, Any], cost: dict[str, int]) -> bool:
    return all((len(p["dice"]) if k == "dice" else p[k]) >= v for k, v in cost.items())


def conquer_actions(state: State, frame: Frame) -> list[str]:
    p = player(state, frame["seat"])
    fights = bool(combat_choices(p))
    actions = []
    for kind in TERRITORY_TYPES:
        front = territory_front(state, kind)
        if front is None:
            continue
        if fights:
            actions.append(f"conquer {kind} force")
        if _can_pay_peace(p, front["cost"]):
            actions.append(f"conquer {kind} peace")
    return actions + ["stop"]


def conquer_act(state: State, frame: Frame, words: list[str]) -> None:
    seat = frame["seat"]
    p = player(state, seat)
    frame["left"] -= 1
    if words[0] == "stop" or frame["left"] == 0:
        board.pop(state, frame)
    if words[0] == "stop":
        return
    kind = words[1]
    front = territory_front(state, kind)
    assert front is not None
    goal = {"kind": "conquer", "stack": kind}
    if words[2] == "force":
        name = f"a {kind} territory"
        board.push(
            state, {"kind": "commit", "seat": seat, "goal": goal, "defense": front["defense"], "name": name}
        )
        return
    cost = front["cost"]
    if "dice" in cost:
        board.push(state, {"kind": "discard", "seat": seat, "count": cost["dice"], "then": goal})
        return
    for key, amount in cost.items():
        p[key] -= amount
    take_territory(state, seat, kind)


def commit_actions(state: State, frame: Frame) -> list[str]:
    return [f"fight {n}" for n in combat_choices(player(state, frame["seat"]))] + ["stop"]


def commit_act(state: State, frame: Frame, words: list[str]) -> None:
    board.pop(state, frame)
    if words[0] == "fight":
        combat.start(state, frame["seat"], int(words[1]), frame["goal"], frame["defense"], frame["name"])
    else:
        core.log(state, frame["seat"], f"does not attack {frame['name']}")


def discard_actions(state: State, frame: Frame) -> list[str]:
    return sorted({f"give {code(d)}" for d in player(state, frame["seat"])["dice"]})


def discard_act(state: State, frame: Frame, words: list[str]) -> None:
    seat = frame["seat"]
    p = player(state, seat)
    p["dice"].pop(find_die(p, words[1]))
    core.log(state, seat, f"gives up a {die_text(*parse_code(words[1]))} die")  # type: ignore[misc]
    frame["count"] -= 1
    if frame["count"] > 0 and p["dice"]:
        return
    board.pop(state, frame)
    if frame["then"] is not None:
        take_territory(state, seat, frame["then"]["stack"])
