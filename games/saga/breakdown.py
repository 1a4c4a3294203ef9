"""Saga's score. A two-sided game has no points on a track: a side wins when it meets one
of its victory conditions at the end of a round, and ``outcome`` scores 1 for the winning
side's seat and 0 for the other.

``breakdown`` (the score so far, public, as the contract gives it): one part per seat,
``("Victory", 1)`` for the winner once the game is over, else 0. ``score_now`` is the score
if the game ended now: the side that meets a condition now (the Anglo-Saxons when both
do) scores 1, each row saying where its side stands. Nothing hidden (a leader's ability,
a scouted destination) counts towards a condition, so every seat sees the same rows.
"""

from __future__ import annotations

from games.core import State
from games.saga import victory
from games.saga.board import side_of

Parts = list[list[tuple[str, int]]]


def breakdown(state: State) -> Parts:
    """Per seat, one part: ``("Victory", 1)`` for the winner once the game is over, else 0."""
    result = state.get("result") if state["phase"] == "over" else None
    winners = set(result["winners"]) if result else set()
    return [[("Victory", 1 if seat in winners else 0)] for seat in range(2)]


def score_now(state: State, seat: int | None) -> Parts:
    """The score if the game ended now; ``seat`` changes nothing (no hidden part counts).
    Once over it is ``breakdown``; before, each row names where its side stands and the
    side that would win now scores 1."""
    if state["phase"] == "over":
        return breakdown(state)
    won = victory.winner(state)
    rows: Parts = []
    for s in range(2):
        side = side_of(state, s)
        if won is not None and won[0] == side:
            rows.append([(f"Would win now: {victory.part(state, won[1])}", 1)])
        else:
            rows.append([(victory.progress(state, side), 0)])
    return rows
