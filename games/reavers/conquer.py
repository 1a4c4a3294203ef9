"""Conquer Territories (by force or peacefully) and giving up dice of one's choice."""

from __future__ import annotations

from typing import Any

from games import core
from games.core import State
from games.reavers import combat, flow
from games.reavers.data import (
    TERRITORIES,
    TERRITORY_TYPES,
    die_text,
    effect_text,
)
from games.reavers.dice import (
    apply_effect,
    code,
    combat_choices,
    find_die,
    parse_code,
    player,
)

Frame = dict[str, Any]


def _pop(state: State, frame: Frame) -> None:
    flow.pop(state, frame)


def _push(state: State, frame: Frame) -> None:
    state["stack"].append(frame)


def _deck_open(state: State, deck: str) -> bool:
    return bool(state["decks"][deck] or state["discards"][deck])


# --- Conquer Territories ------------------------------------------------------------------


def territory_front(state: State, kind: str) -> dict[str, Any] | None:
    stack = state["board"]["territories"][kind]
    if not stack:
        return None
    data = TERRITORIES[stack[-1]]
    return {"type": kind, "defense": data["defense"], "cost": dict(data["cost"])}


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
        _pop(state, frame)
    if words[0] == "stop":
        return
    kind = words[1]
    front = territory_front(state, kind)
    assert front is not None
    goal = {"kind": "conquer", "stack": kind}
    if words[2] == "force":
        name = f"a {kind} territory"
        _push(
            state, {"kind": "commit", "seat": seat, "goal": goal, "defense": front["defense"], "name": name}
        )
        return
    cost = front["cost"]
    if "dice" in cost:
        _push(state, {"kind": "discard", "seat": seat, "count": cost["dice"], "then": goal})
        return
    for key, amount in cost.items():
        p[key] -= amount
    take_territory(state, seat, kind)


def take_territory(state: State, seat: int, kind: str) -> None:
    tile = state["board"]["territories"][kind].pop()
    player(state, seat)["territories"].append(tile)
    reward = TERRITORIES[tile]["reward"]
    core.log(state, seat, f"conquers a {kind} territory: {effect_text(reward)}")
    _lose_dice(state, seat, apply_effect(state, seat, reward))


def commit_actions(state: State, frame: Frame) -> list[str]:
    return [f"fight {n}" for n in combat_choices(player(state, frame["seat"]))] + ["stop"]


def commit_act(state: State, frame: Frame, words: list[str]) -> None:
    _pop(state, frame)
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
    _pop(state, frame)
    if frame["then"] is not None:
        take_territory(state, seat, frame["then"]["stack"])


def _lose_dice(state: State, seat: int, count: int) -> None:
    if count > 0:
        _push(state, {"kind": "discard", "seat": seat, "count": count, "then": None})
