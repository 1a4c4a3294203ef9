"""The pending-work stack and small readings of the board every step module shares.

Pending work is a stack of frames in ``state["stack"]``; the top frame is what happens next
(its ``kind`` names the phase, see ``rules``). This module imports no other step module, so
each of them can use it without a cycle.
"""

from __future__ import annotations

from typing import Any

from games.core import State
from games.reavers.data import LOCATIONS, TERRITORIES

Frame = dict[str, Any]


def top(state: State) -> Frame | None:
    return state["stack"][-1] if state["stack"] else None


def pop(state: State, frame: Frame) -> None:
    """Remove the frame being decided, which is always the top one."""
    if not state["stack"] or state["stack"][-1] is not frame:
        raise RuntimeError("only the top frame can be finished")
    state["stack"].pop()


def push(state: State, frame: Frame) -> None:
    state["stack"].append(frame)


def location_frame(state: State) -> Frame | None:
    """The location being resolved round the table, if any."""
    return next((f for f in reversed(state["stack"]) if f["kind"] == "location"), None)


def lose_dice(state: State, seat: int, count: int) -> None:
    """The seat must give up ``count`` dice of its choice, one decision each."""
    if count > 0:
        push(state, {"kind": "discard", "seat": seat, "count": count, "then": None})


# --- seats and locations -----------------------------------------------------------------


def order_from(state: State, first: int) -> list[int]:
    n = state["players"]
    return [(first + k) % n for k in range(n)]


def bonus(state: State, loc: str, seat: int, active: int) -> dict[str, int]:
    """A location's reward by seat distance from the active player; seats past the end of the
    row take its last entry. The rulebook rewards "the second player" alike at every player
    count, two included."""
    row = LOCATIONS[loc]["bonus"]
    return dict(row[min((seat - active) % state["players"], len(row) - 1)])


def taken(state: State) -> list[str]:
    """Locations chosen so far this round."""
    return [pick["location"] for pick in state["picks"]]


# --- decks and territories ---------------------------------------------------------------


def _deck_of(card_id: str) -> str:
    return {"R": "reavers", "V": "villages", "K": "keeps", "B": "sea", "J": "journeys", "P": "prophecies"}[
        card_id[0]
    ]


def discard(state: State, card_id: str) -> None:
    state["discards"][_deck_of(card_id)].append(card_id)


def deck_open(state: State, deck: str) -> bool:
    """A card can still be drawn from ``deck`` (its discards are shuffled back when empty)."""
    return bool(state["decks"][deck] or state["discards"][deck])


def territory_front(state: State, kind: str) -> dict[str, Any] | None:
    """The face of the top tile of a territory stack: its defense and peaceful cost."""
    stack = state["board"]["territories"][kind]
    if not stack:
        return None
    data = TERRITORIES[stack[-1]]
    return {"type": kind, "defense": data["defense"], "cost": dict(data["cost"])}
