"""Who acts, what they may do, and applying one action."""

from __future__ import annotations

from typing import Any

from games import core
from games.core import IllegalAction, State
from games.reavers import combat, flow, parts, sea
from games.reavers.data import CARDS, LOCATION_IDS, die_text, location_name
from games.reavers.dice import artifact_takes, code, find_die, parse_code, player

Frame = dict[str, Any]
ENTRY = ("place", "join")


def place_actions(state: State, frame: Frame) -> list[str]:
    taken = flow.taken(state)
    actions = [f"place {loc}" for loc in LOCATION_IDS if loc not in taken]
    p = player(state, frame["seat"])
    for slot in p["artifacts"]:
        if slot["die"] is None:
            codes = sorted({code(d) for d in p["dice"] if artifact_takes(slot["card"], d["face"])})
            actions += [f"store {slot['card']} {c}" for c in codes]
    return actions


def place_act(state: State, frame: Frame, words: list[str]) -> None:
    seat = frame["seat"]
    if words[0] == "store":
        p = player(state, seat)
        card = words[1].upper()
        slot = next(a for a in p["artifacts"] if a["card"] == card)
        slot["die"] = p["dice"].pop(find_die(p, words[2]))
        frame["stored"] = True
        core.log(state, seat, f"stores a {die_text(*parse_code(words[2]))} die on {CARDS[card]['name']}")  # type: ignore[misc]
        return
    flow.pop(state, frame)
    flow.place(state, seat, words[1])


HANDLERS: dict[str, tuple[Any, Any]] = {
    **parts.HANDLERS,
    "place": (place_actions, place_act),
    "sea": (sea.sea_actions, sea.sea_act),
    "journey": (sea.journey_actions, sea.journey_act),
    "battle": (sea.battle_actions, sea.battle_act),
    "roll": (combat.roll_actions, combat.roll_act),
}


def to_act(state: State) -> list[int]:
    frame = flow.top(state)
    if state["phase"] == "over" or frame is None:
        return []
    return [int(frame["seat"])]


def legal_actions(state: State, seat: int) -> list[str]:
    if seat not in to_act(state):
        return []
    frame = flow.top(state)
    assert frame is not None
    return list(HANDLERS[frame["kind"]][0](state, frame))


def midway(state: State) -> bool:
    """True while the acting seat is part-way through one action (its sub-steps are private)."""
    return state.get("midway") is not None and to_act(state) == [state["midway"]]


def apply(state: State, seat: int, action: str) -> State:
    if state["phase"] == "over":
        raise IllegalAction("The game is over.")
    if seat not in to_act(state):
        raise IllegalAction("It is not your turn to decide.")
    words = core.split_action(action)
    if words[:1] == ["trade"]:  # two pool dice may be named in either order
        words = ["trade", *sorted(words[1:])]
    wanted = " ".join(words)
    legal = {a.lower(): a for a in legal_actions(state, seat)}
    if wanted not in legal:
        raise IllegalAction(_refusal(state, wanted))
    new = core.clone(state)
    frame = flow.top(new)
    assert frame is not None
    HANDLERS[frame["kind"]][1](new, frame, legal[wanted].split())
    flow.advance(new)
    nxt = flow.top(new)
    busy = nxt is not None and nxt["seat"] == seat and (nxt["kind"] not in ENTRY or nxt.get("stored"))
    new["midway"] = seat if busy and new["phase"] != "over" else None
    return new


def _refusal(state: State, wanted: str) -> str:
    words = wanted.split()
    if words and words[0] == "place" and len(words) > 1 and words[1] in LOCATION_IDS:
        return f"{location_name(words[1])} has already been chosen this round."
    if words and words[0] == "join":
        return "You cannot pay the cost of this location; prepare instead."
    return f"'{wanted}' is not a legal action now."
