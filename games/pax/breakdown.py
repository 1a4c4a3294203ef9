"""Pax Viking's score breakdown: ESTABLISHED Followers by type.

The game is won by meeting a Victory Condition; its scores (used for the tie-breaks and
shown at the end) are each seat's ESTABLISHED Followers, so those are its points.
"""

from __future__ import annotations

from games.core import State
from games.pax import board
from games.pax.data import FOLLOWER_NAMES, FOLLOWERS


def breakdown(state: State) -> list[list[tuple[str, int]]]:
    """Per seat, its ESTABLISHED Followers of each type (on posts, Gods and Advocates),
    labelled by type: ``("Jarldom", 2)``."""
    rows = []
    for seat in range(state["players"]):
        counts = board.established(state, seat)
        rows.append([(FOLLOWER_NAMES[f].title(), counts[f]) for f in FOLLOWERS])
    return rows


def score_now(state: State, seat: int | None) -> list[list[tuple[str, int]]]:
    """Per seat, its score if the game ended now. Pax's score (ESTABLISHED Followers) rests
    on nothing hidden, so every seat sees the same rows: ``breakdown``."""
    return breakdown(state)
