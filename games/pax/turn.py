"""The turn around the actions: spending actions, RESOLVING Events and the ALTHING, the
Winter Solstice, the next player's Influence phase, and the end of the game."""

from __future__ import annotations

from itertools import combinations

from games import core
from games.core import State
from games.pax import board, effects, victory
from games.pax.data import ACTIONS, FOLLOWERS, HAND_LIMIT, TILES, TRACK_COSTS


def actions_left(state: State) -> int:
    return ACTIONS - len(state["turn"]["used"])


def spend(state: State, action: str) -> None:
    """EXHAUST an action space of the Jarlboard."""
    state["turn"]["used"].append(action)


def hand_limit(state: State, seat: int) -> int:
    return HAND_LIMIT + effects.lasting(state, seat, "hand_limit")


# --- Events ------------------------------------------------------------------------------


def resolve(state: State, seat: int, tile: str) -> None:
    """RESOLVE an Event: follow it, remove it from the game, turn up a condition, check."""
    core.log(state, seat, f"RESOLVES {board.describe_tile(tile)}")
    effects.run(state, seat, TILES[tile]["effects"], None)
    state["removed"].append(tile)
    victory.flip_one(state)
    victory.check(state, list(range(state["players"])), False)


def start_althing(state: State, seat: int, tile: str) -> None:
    state["althing"] = {"tile": tile, "by": seat, "votes": [None] * state["players"]}
    state["phase"] = "althing"
    core.log(state, seat, f"calls the ALTHING to vote on {board.describe_tile(tile)}")


def voter(state: State) -> int:
    """The ALTHING votes in turn order: the seat that PLAYED the Event first (it is its turn),
    then clockwise; the next to vote is the first of them without a vote. Reading the order
    from the votes alone also carries on a vote stored when every seat voted at once."""
    althing, n = state["althing"], state["players"]
    order = [(althing["by"] + i) % n for i in range(n)]
    return next(s for s in order if althing["votes"][s] is None)


def tally(state: State) -> tuple[int, int]:
    """Votes for and against cast so far."""
    votes = state["althing"]["votes"]
    return sum(1 for v in votes if v is True), sum(1 for v in votes if v is False)


def vote(state: State, seat: int, yes: bool) -> None:
    althing = state["althing"]
    althing["votes"][seat] = yes
    core.log(
        state,
        seat,
        f"votes {'for' if yes else 'against'} {board.describe_tile(althing['tile'])} at the ALTHING",
    )
    if any(v is None for v in althing["votes"]):
        return
    state["althing"] = None
    state["phase"] = "action"
    tile, by = althing["tile"], althing["by"]
    if 2 * sum(1 for v in althing["votes"] if v) >= len(althing["votes"]):
        resolve(state, by, tile)
    else:
        state["removed"].append(tile)
        core.log(state, by, f"sees {board.describe_tile(tile)} refused by the ALTHING")
        victory.check(state, list(range(state["players"])), False)
    after_action(state)


# --- the end of an action and of the turn ------------------------------------------------


def after_action(state: State) -> None:
    """After a completed action: the game may end; with no action left the turn ends."""
    if state["phase"] == "over":
        return
    if not state["pile"] and all(t is None for t in state["track"]):
        victory.final_check(state)
        return
    if state["phase"] == "action" and state["pending"] is None and actions_left(state) <= 0:
        winter_solstice(state)


def winter_solstice(state: State) -> None:
    """GAIN 1 Silfr per Follower type ESTABLISHED, solstice abilities, then DISCARD."""
    seat = state["current"]
    state["pending"] = None
    types = sum(1 for n in board.established(state, seat).values() if n)
    board.gain(state, seat, types)
    core.log(
        state, seat, f"GAINS {types} Silfr at the Winter Solstice" if types else "reaches the Winter Solstice"
    )
    effects.solstice(state, seat)
    if state["phase"] == "over":
        return
    continue_solstice(state)


def continue_solstice(state: State) -> None:
    seat = state["current"]
    over = len(board.player(state, seat)["hand"]) - hand_limit(state, seat)
    if over > 0:
        state["phase"] = "discard"
        state["pending"] = {"action": "discard", "count": over}
        return
    state["phase"] = "action"
    state["pending"] = None
    _end_turn(state)


def discard_actions(state: State, seat: int) -> list[str]:
    """One tile at a time; with two or more to go, also any two at once (one press)."""
    hand = board.player(state, seat)["hand"]
    singles = [f"discard {t}" for t in hand]
    if state["pending"]["count"] < 2:
        return singles
    return singles + [f"discard {a} {b}" for a, b in combinations(hand, 2)]


def discard(state: State, seat: int, tile: str) -> None:
    board.player(state, seat)["hand"].remove(tile)
    board.discard(state, tile)
    core.log(state, seat, f"DISCARDS {board.describe_tile(tile)}")
    continue_solstice(state)


def _end_turn(state: State) -> None:
    """REFRESH (empty SAGA TRACK spaces filled; only an INVEST DRAW removes the 1-cost tile),
    UNEXHAUST, check, next player."""
    seat = state["current"]
    board.refresh_track(state)
    for ship in board.player(state, seat)["ships"]:
        ship["exhausted"] = False
    if state["offer"] is not None:
        core.log(state, state["offer"]["from"], "sees the TRADE offer lapse at the end of the turn")
        state["offer"] = None
    if victory.check(state, [seat], True):
        return
    if not state["pile"] and all(t is None for t in state["track"]):
        victory.final_check(state)
        return
    state["turn"] = {"used": [], "influence_used": [], "once": []}
    state["current"] = (seat + 1) % state["players"]
    if state["current"] == state["first"]:
        state["round"] += 1
    board.influence_phase(state, state["current"])


def track_cost(state: State, seat: int, slot: int) -> int:
    return max(0, TRACK_COSTS[slot] - effects.lasting(state, seat, "discount"))


def influence_ready(state: State, seat: int, kind: str) -> bool:
    """An influence action: the seat holds its marker and has not used it this turn."""
    return (
        kind in FOLLOWERS
        and state["influence"][kind] == seat
        and kind not in state["turn"]["influence_used"]
        and actions_left(state) > 0
    )
