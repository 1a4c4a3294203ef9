"""Reavers of Midgard's score breakdown: Glory by where it came from.

During the six rounds the score so far is the Glory track. The other parts (Reavers,
artifacts, Keep Spoils sets, Favor, majorities, Prophecies) are counted only at the final
scoring, and several rest on secrets until then (the Glory pile's cards, Prophecies), so
they appear once the game is over, exactly as the final scoring counted them.
"""

from __future__ import annotations

from games.core import State

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
