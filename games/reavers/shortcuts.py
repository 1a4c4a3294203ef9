"""One press for what would otherwise be several, where the rules leave one decision.

Each shortcut is an extra legal action beside the step-by-step ones, never in their place,
and does exactly what pressing those steps in turn would do:

- ``place keeps join``: place a longship and take part at once (nothing is decided between:
  the Reavers and artifacts that fire only add, so a seat that can pay still can);
- ``join take pair 2`` (and ``slot``, ``battle``): take part and make the location's first
  choice;
- ``use rally double``: rally a Reaver with every one of its dice on the same face;
- ``give red-clan blue-chest``: give up the dice the game would spend last, all at once;
- ``reroll repeat``: re-roll the dice below 2 (all of them when none is) until the combat
  is won or the Favor is gone.
"""

from __future__ import annotations

from games.core import State
from games.reavers import board, combat, conquer, flow, parts, raids, sea
from games.reavers.board import Frame
from games.reavers.data import FACES, LOCATION_IDS, REAVERS
from games.reavers.dice import code, is_wild, player

# the first choice of a location, offered together with taking part
FIRST_CHOICE = {"recruit": parts.recruit_actions, "villages": raids.raid_actions, "keeps": raids.raid_actions}
FIRST_ACT = {
    "recruit": parts.recruit_act,
    "villages": raids.raid_act,
    "keeps": raids.raid_act,
    "sea": sea.sea_act,
}
# dice given up first when the game picks: plain faces worth least, wild dice last
GIVE_ORDER = {"clan": 0, "chest": 1, "hammer": 2, "shield": 3, "double": 4}


def place_more(state: State, frame: Frame) -> list[str]:
    seat = frame["seat"]
    taken = board.taken(state)
    return [
        f"place {loc} join" for loc in LOCATION_IDS if loc not in taken and parts.can_join(state, seat, loc)
    ]


def place_join(state: State, frame: Frame, words: list[str]) -> None:
    seat = frame["seat"]
    board.pop(state, frame)
    flow.place(state, seat, words[1])
    flow.advance(state)  # the Reavers and artifacts fire; the seat's own join comes next
    parts.join_act(state, board.top(state), ["join"])  # type: ignore[arg-type]


def _first_actions(state: State, seat: int, loc: str) -> list[str]:
    if loc == "sea":
        return sea.sea_actions(state, {"seat": seat})
    if loc in FIRST_CHOICE:
        return FIRST_CHOICE[loc](state, {"seat": seat, "deck": loc})
    return []


def join_more(state: State, frame: Frame) -> list[str]:
    seat, loc = frame["seat"], frame["location"]
    if not parts.can_join(state, seat, loc):
        return []
    return [f"join {a}" for a in _first_actions(state, seat, loc) if a.startswith("take ")]


def join_then(state: State, frame: Frame, words: list[str]) -> None:
    loc = frame["location"]
    parts.join_act(state, frame, ["join"])
    FIRST_ACT[loc](state, board.top(state), words[1:])  # type: ignore[arg-type]


def rally_more(state: State, frame: Frame) -> list[str]:
    card = frame["cards"][0]
    return [f"use rally {face}" for face in FACES] if REAVERS[card]["rally"] else []


def rally_on(state: State, frame: Frame, words: list[str]) -> None:
    parts.use_act(state, frame, ["use", "rally"])
    face = board.top(state)
    assert face is not None and face["kind"] == "face"
    for _ in range(len(face["colors"])):
        parts.face_act(state, face, ["face", words[2]])


def cheapest_dice(state: State, frame: Frame) -> list[str]:
    p = player(state, frame["seat"])
    ranked = sorted(p["dice"], key=lambda d: (is_wild(p, d), GIVE_ORDER[d["face"]], d["color"]))
    return [code(d) for d in ranked[: frame["count"]]]


def give_more(state: State, frame: Frame) -> list[str]:
    if frame["count"] < 2 or len(player(state, frame["seat"])["dice"]) < 2:
        return []
    return ["give " + " ".join(cheapest_dice(state, frame))]


def give_all(state: State, frame: Frame, words: list[str]) -> None:
    for die in words[1:]:
        conquer.discard_act(state, frame, ["give", die])


def reroll_more(state: State, frame: Frame) -> list[str]:
    return ["reroll repeat"] if player(state, frame["seat"])["favor"] >= 2 else []


def reroll_repeat(state: State, frame: Frame) -> None:
    fight = state["combat"]
    while True:
        how = "low" if any(value < 2 for value in fight["dice"]) else "all"
        combat.roll_act(state, frame, ["reroll", how])
        if fight["result"] is not None:
            return
        frame = board.top(state)  # type: ignore[assignment]
