"""Reavers of Midgard, issue 32: every one-press shortcut (``games.reavers.shortcuts``) ends
in exactly the state the presses it stands for reach one by one: the same board, dice,
Favor, log and pending work. Checked for every shortcut offered over seeded playouts."""

from __future__ import annotations

from typing import Any

import pytest

from games import reavers
from games.core import Rng

State = dict[str, Any]


def _top(state: State) -> dict[str, Any]:
    return state["stack"][-1] if state["stack"] else {}


def _rerolls(state: State, seat: int) -> State:
    """Re-roll the dice below 2 (all of them when none is) while the seat may: ``reroll low``,
    or ``reroll blanks`` when no die shows 1."""
    while _top(state).get("kind") == "roll" and _top(state)["seat"] == seat:
        dice = state["combat"]["dice"]
        how = "low" if 1 in dice else "blanks" if 0 in dice else "all"
        state = reavers.apply(state, seat, f"reroll {how}")
    return state


def by_steps(state: State, seat: int, action: str) -> State:
    """``action`` done as the presses it stands for; a plain action is one press."""
    words = action.split()
    verb, args = words[0], words[1:]
    if verb == "place" and args[1:] == ["join"]:
        return reavers.apply(reavers.apply(state, seat, f"place {args[0]}"), seat, "join")
    if verb == "join" and args:
        return by_steps(reavers.apply(state, seat, "join"), seat, " ".join(args))
    if verb == "use" and len(args) == 2 and args[0] == "rally":
        state = reavers.apply(state, seat, "use rally")
        while _top(state).get("kind") == "face" and _top(state)["seat"] == seat:
            state = reavers.apply(state, seat, f"face {args[1]}")
        return state
    if verb == "use" and args[:1] == ["all"]:
        for _ in range(len(_top(state)["cards"])):
            state = by_steps(state, seat, f"use rally {args[1]}")
        return state
    if verb == "trade" and len(args) > 2:
        for first in range(0, len(args), 2):
            state = reavers.apply(state, seat, f"trade {args[first]} {args[first + 1]}")
        return state
    if verb == "conquer" and len(args) > 2:
        state = reavers.apply(state, seat, " ".join(words[:3]))
        then = f"fight {args[2]}" if args[1] == "force" else "give " + " ".join(args[2:])
        return by_steps(state, seat, then)
    if verb == "give" and len(args) > 1:
        for die in args:
            state = reavers.apply(state, seat, f"give {die}")
        return state
    if verb == "fight" and args[1:] == ["repeat"]:
        return _rerolls(reavers.apply(state, seat, f"fight {args[0]}"), seat)
    if action == "reroll repeat":
        return _rerolls(state, seat)
    return reavers.apply(state, seat, action)


def _playout(players: int, seed: int, steps: int = 2500) -> list[tuple[State, int, list[str]]]:
    state = reavers.setup(seed, players, {"starting_reavers": "two"} if seed % 2 else {})
    rng = Rng(seed)
    seen = []
    for _ in range(steps):
        acting = reavers.to_act(state)
        if not acting:
            break
        actions = reavers.legal_actions(state, acting[0])
        seen.append((state, acting[0], actions))
        state = reavers.apply(state, acting[0], rng.choice(actions))
    return seen


@pytest.mark.parametrize(("players", "seed"), [(2, 1), (3, 2), (4, 3), (5, 4), (2, 6)])
def test_every_shortcut_is_its_presses_one_by_one(players: int, seed: int) -> None:
    kinds: set[str] = set()
    for state, seat, actions in _playout(players, seed):
        for action in actions:
            one = reavers.apply(state, seat, action)
            steps = by_steps(state, seat, action)
            assert one == steps, f"{action!r} at {_top(state).get('kind')}"
            if len(action.split()) > 2 or action == "reroll repeat":
                kinds.add(action.split()[0])
    assert kinds, "no shortcut was offered"
