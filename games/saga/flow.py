"""The round: drafting action tiles, handing over resolution, the end of the round."""

from __future__ import annotations

from typing import Any

from games import core
from games.core import State
from games.saga import board, victory
from games.saga.board import seat_of
from games.saga.data import INLAND, SCANDINAVIA, area_name, other, tile


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
    """Phase ``draft``: every tile nobody holds yet; when this side takes two in a row,
    also each pair of them as one choice (a shortcut)."""
    free = [t["id"] for t in state["tiles"] if t["holder"] is None]
    options = [f"take {t}" for t in free]
    draft = state["draft"]
    order, picks = draft["order"], draft["picks"]
    if picks + 1 < len(order) and order[picks] == order[picks + 1]:
        options += [f"take {a} {b}" for i, a in enumerate(free) for b in free[i + 1 :]]
    return options


def take(state: State, seat: int, args: list[str]) -> None:
    for tile_id in args:
        take_tile(state, int(tile_id))


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


def end_round(state: State) -> None:
    state["combat"] = None
    won = victory.winner(state)
    if won is not None:
        side, condition = won
        seat = seat_of(state, side)
        scores = [0, 0]
        scores[seat] = 1
        state["phase"] = "over"
        state["result"] = {
            "winners": [seat],
            "scores": scores,
            "reason": victory.reason(state, side, condition),
        }
        core.log(state, seat, victory.logged(state, condition))
        return
    state["track"]["round"] = max(1, state["track"]["round"] - 1)
    inland = [a for a in INLAND if board.control(state, a) == "viking"]
    if inland:
        got = board.gain_coin(state, "viking", len(inland))
        text = f"gains {core.plural(got, 'coin')} for holding inland {board.names_text(inland)}"
        core.log(state, seat_of(state, "viking"), text)
    if board.count(state, "drakkar", "viking"):
        state["phase"] = "return"
        return
    next_round(state)


def next_round(state: State) -> None:
    state["round"] += 1
    start_round(state)


def return_unit(state: State, unit: str, area: str, *, quiet: bool = False) -> None:
    board.move(state, "viking", "drakkar", area, unit)
    if not quiet:
        text = f"brings {board.unit_text(state, unit)} home from the Drakkar to {area_name(area)}"
        core.log(state, seat_of(state, "viking"), text)
    if not board.count(state, "drakkar", "viking"):
        next_round(state)


def homecoming(state: State) -> list[tuple[str, str]]:
    """Where ``return all`` sends each Drakkar unit, leaders first, each to the emptiest
    Scandinavian area (the earliest in the north-south chain on a tie)."""
    counts = {a: board.count(state, a, "viking") for a in SCANDINAVIA}
    u = board.units(state, "drakkar", "viking")
    plan = []
    for ref in [*u["leaders"], *["warrior"] * int(u["warriors"])]:
        area = min(SCANDINAVIA, key=lambda a: counts[a])
        counts[area] += 1
        plan.append((ref, area))
    return plan


def return_(state: State, seat: int, args: list[str]) -> None:
    if args != ["all"]:
        return_unit(state, args[0], args[1])
        return
    plan = homecoming(state)
    parts = [f"{board.unit_text(state, ref)} to {area_name(area)}" for ref, area in plan]
    core.log(state, seat, f"brings every unit home from the Drakkar: {board.joined(parts)}")
    for ref, area in plan:
        return_unit(state, ref, area, quiet=True)


def return_options(state: State, seat: int) -> list[str]:
    """Phase ``return``: a Drakkar unit to a Scandinavian area with the fewest Vikings,
    or (a shortcut, when there is a choice) all of them spread evenly."""
    refs = board.unit_refs(state, "drakkar", "viking")
    options = [f"return {ref} {area}" for area in board.scandinavia_min(state) for ref in refs]
    if len(options) > 1 and board.count(state, "drakkar", "viking") >= 2:
        options.append("return all")
    return options
