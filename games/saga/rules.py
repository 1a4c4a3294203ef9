"""Who acts, what they may do, and applying one action.

After every action the game settles: a step with exactly one legal action (the last tile
of the draft, a forced retreat, the only tile left to resolve...) is taken at once.
"""

from __future__ import annotations

from games import core
from games.core import IllegalAction, State
from games.saga import actions, combat, flow
from games.saga.board import seat_of


def to_act(state: State) -> list[int]:
    phase = state["phase"]
    if phase == "over":
        return []
    if phase == "draft":
        return [seat_of(state, flow.draft_side(state))]
    if phase == "actions":
        return [seat_of(state, state["resolving"]["side"])]
    if phase == "combat":
        return [seat_of(state, combat.actor(state))]
    return [seat_of(state, "viking")]


def _legal(state: State) -> list[str]:
    phase = state["phase"]
    if phase == "draft":
        return [f"take {t['id']}" for t in state["tiles"] if t["holder"] is None]
    if phase == "actions":
        return actions.legal(state)
    if phase == "combat":
        return combat.legal(state)
    if phase == "return":
        return flow.return_options(state)
    return []


def legal_actions(state: State, seat: int) -> list[str]:
    if seat not in to_act(state):
        return []
    return _legal(state)


def _perform(state: State, action: str) -> None:
    words = action.split()
    phase = state["phase"]
    if phase == "draft":
        flow.take_tile(state, int(words[1]))
    elif phase == "actions":
        actions.perform(state, words)
    elif phase == "combat":
        combat.perform(state, words)
    else:
        flow.return_unit(state, words[1], words[2])


def settle(state: State) -> None:
    """Take every forced step (exactly one legal action) until a real choice is due."""
    while state["phase"] != "over":
        options = _legal(state)
        if len(options) != 1:
            return
        _perform(state, options[0])


def apply(state: State, seat: int, action: str) -> State:
    if state["phase"] == "over":
        raise IllegalAction("The game is over.")
    if seat not in to_act(state):
        raise IllegalAction("It is not your turn to decide.")
    normal = " ".join(core.split_action(action))
    normal = " ".join(w.upper() if w.upper() in state["leaders"] else w for w in normal.split())
    if normal not in _legal(state):
        raise IllegalAction(f"'{action}' is not possible now.")
    new = core.clone(state)
    _perform(new, normal)
    settle(new)
    return new
