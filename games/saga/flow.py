"""The round: drafting action tiles, handing over resolution, the end of the round."""

from __future__ import annotations

from typing import Any

from games import core
from games.core import State
from games.saga import board
from games.saga.board import seat_of
from games.saga.data import INLAND, SIDE_NAMES, VICTORY, area_name, other, tile


def start_round(state: State) -> None:
    first = state["initiative"]
    state["phase"] = "draft"
    state["draft"] = {"order": [first, other(first), other(first), first], "picks": 0}
    for t in state["tiles"]:
        t.update(holder=None, resolved=False)
    state["resolving"] = None
    state["combat"] = None


def draft_side(state: State) -> str:
    draft = state["draft"]
    return str(draft["order"][draft["picks"]])


def draft_options(state: State, seat: int) -> list[str]:
    """Phase ``draft``: every tile nobody holds yet."""
    return [f"take {t['id']}" for t in state["tiles"] if t["holder"] is None]


def take(state: State, seat: int, args: list[str]) -> None:
    take_tile(state, int(args[0]))


def take_tile(state: State, tile_id: int) -> None:
    side = draft_side(state)
    state["tiles"][tile_id - 1]["holder"] = side
    state["draft"]["picks"] += 1
    core.log(state, seat_of(state, side), f"takes action tile {tile_id}")
    if tile(tile_id)["initiative"] and state["initiative"] != side:
        state["initiative"] = side
        core.log(state, seat_of(state, side), "flips the Initiative tile to their side")
    if state["draft"]["picks"] == len(state["tiles"]):
        start_actions(state)


def new_context() -> dict[str, Any]:
    return {
        "action": None,
        "must_move": None,
        "route": None,
        "moved": {},
        "moves": 0,
        "limit": None,
        "used": [],
        "recruited": 0,
    }


def start_actions(state: State) -> None:
    sword = next(t for t in state["tiles"] if tile(t["id"])["sword"])
    first = sword["holder"]
    state["phase"] = "actions"
    state["resolving"] = {
        "side": first,
        "order": [first, other(first)],
        "tile": None,
        "bonus_used": False,
        "done": [],
        **new_context(),
    }
    core.log(state, seat_of(state, first), "resolves their action tiles first")


def held_unresolved(state: State, side: str) -> list[int]:
    return [t["id"] for t in state["tiles"] if t["holder"] == side and not t["resolved"]]


def choose_tile(state: State, tile_id: int) -> None:
    r = state["resolving"]
    r.update(tile=tile_id, bonus_used=False, done=[], **new_context())
    core.log(state, seat_of(state, r["side"]), f"resolves tile {tile_id}")


def finish_tile(state: State) -> bool:
    """Close the tile being resolved; ``True`` once both sides have resolved all their
    tiles (the caller then opens the Combat phase)."""
    r = state["resolving"]
    state["tiles"][r["tile"] - 1]["resolved"] = True
    r.update(tile=None, bonus_used=False, done=[], **new_context())
    if held_unresolved(state, r["side"]):
        return False
    if r["side"] == r["order"][0]:
        r["side"] = r["order"][1]
        return False
    state["resolving"] = None
    return True


# --- end of round --------------------------------------------------------------------


def _winner(state: State) -> tuple[str, str] | None:
    track = state["track"]
    anglo = []
    if track["round"] <= track["stronghold"]:
        anglo.append("the Round marker reached the Stronghold marker")
    if board.in_england(state, "viking") == 0:
        anglo.append("no Viking unit is left in England")
    if anglo:
        return "anglo", anglo[0]
    if len(board.controlled(state, "viking")) >= VICTORY["viking_areas"]:
        return "viking", f"the Vikings control {VICTORY['viking_areas']} areas of England"
    if state["coins"]["viking"] >= VICTORY["viking_coins"]:
        return "viking", f"the Vikings hold {VICTORY['viking_coins']} coins"
    if board.in_england(state, "anglo") == 0:
        return "viking", "no Anglo-Saxon unit is left in England"
    return None


def end_round(state: State) -> None:
    state["combat"] = None
    won = _winner(state)
    if won is not None:
        side, reason = won
        seat = seat_of(state, side)
        scores = [0, 0]
        scores[seat] = 1
        state["phase"] = "over"
        state["result"] = {"winners": [seat], "scores": scores, "reason": f"{SIDE_NAMES[side]} win: {reason}"}
        core.log(state, seat, f"wins: {reason}")
        return
    state["track"]["round"] = max(1, state["track"]["round"] - 1)
    inland = [a for a in INLAND if board.control(state, a) == "viking"]
    if inland:
        got = board.gain_coin(state, "viking", len(inland))
        names = ", ".join(area_name(a) for a in inland)
        core.log(state, seat_of(state, "viking"), f"gains {got} coin(s) from inland {names}")
    if board.count(state, "drakkar", "viking"):
        state["phase"] = "return"
        return
    next_round(state)


def next_round(state: State) -> None:
    state["round"] += 1
    start_round(state)


def return_unit(state: State, unit: str, area: str) -> None:
    board.move(state, "viking", "drakkar", area, unit)
    what = "a warrior" if unit == "warrior" else f"leader {unit}"
    core.log(state, seat_of(state, "viking"), f"brings {what} home from the Drakkar to {area_name(area)}")
    if not board.count(state, "drakkar", "viking"):
        next_round(state)


def return_(state: State, seat: int, args: list[str]) -> None:
    return_unit(state, args[0], args[1])


def return_options(state: State, seat: int) -> list[str]:
    """Phase ``return``: a Drakkar unit to a Scandinavian area with the fewest Vikings."""
    refs = board.unit_refs(state, "drakkar", "viking")
    return [f"return {ref} {area}" for area in board.scandinavia_min(state) for ref in refs]
