"""Saga's score breakdown. A two-sided game has no points on a track: a side wins when it
meets one of its victory conditions at the end of a round. Its scores (as ``outcome``
gives them) are 1 for the winning side's seat and 0 for the other, so the single part is
the victory itself: 0 for both seats while the game goes on.
"""

from __future__ import annotations

from games.core import State


def breakdown(state: State) -> list[list[tuple[str, int]]]:
    """Per seat, one part: ``("Victory", 1)`` for the winner once the game is over, else 0."""
    result = state.get("result") if state["phase"] == "over" else None
    winners = set(result["winners"]) if result else set()
    return [[("Victory", 1 if seat in winners else 0)] for seat in range(2)]
