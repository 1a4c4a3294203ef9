"""Reavers of Midgard's score breakdown: Glory by where it came from.

``breakdown``: during the six rounds the score so far is the Glory track; once the game is
over, every part exactly as the final scoring counted it.

``score_now``: the score as it would stand if the game ended now. Everyone sees the public
parts of every seat (the track, the Reavers and artifacts in front of it, Favor, trophy
majorities); a seat also sees its own hidden parts (its Glory pile's Reavers, artifacts and
Keep Spoils sets, its Prophecies met), in its own row only.
"""

from __future__ import annotations

from games.core import State
from games.reavers.scoring import majorities, parts

PARTS = (
    ("track", "Glory track"),
    ("reavers", "Reavers"),
    ("artifacts", "Artifacts"),
    ("keep_spoils", "Keep Spoils sets"),
    ("favor", "Favor"),
    ("majorities", "Trophy majorities"),
    ("prophecies", "Prophecies"),
)


def breakdown(state: State) -> list[list[tuple[str, int]]]:
    """Per seat, labelled parts adding up to its Glory (final scoring once over)."""
    final = state["final"]
    if final is None:
        return [[("Glory track", int(p["glory"]))] for p in state["seats"]]
    return [[(label, int(row[key])) for key, label in PARTS] for row in final["breakdown"]]


def score_now(state: State, seat: int | None) -> list[list[tuple[str, int]]]:
    """Per seat, the labelled parts of its Glory if the game ended now; hidden parts only in
    ``seat``'s own row. Once over, the final breakdown (everything is shown then)."""
    if state["final"] is not None:
        return breakdown(state)
    rows = []
    for index, (p, majority) in enumerate(zip(state["seats"], majorities(state), strict=True)):
        part = parts(p, majority, secret=index == seat)
        rows.append([(label, int(part[key])) for key, label in PARTS if key in part])
    return rows
