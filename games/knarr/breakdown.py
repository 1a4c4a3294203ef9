"""Knarr's score breakdown: where each seat's victory points came from.

The state keeps one running score per seat, so the parts are recovered from what is
public: reputation income and the Silver Coin are logged with their points, a
destination's immediate points are printed on it. What is left came from the assets of
recruited Vikings and from trades (the log names those actions but not their points).
"""

from __future__ import annotations

import re

from games.core import State
from games.knarr.data import DESTINATIONS, START

_REPUTATION = re.compile(r"^gains (\d+) VP from reputation$")
_SILVER_COIN = re.compile(r"^gains (\d+) VP from the Silver Coin$")


def _logged(state: State, seat: int, pattern: re.Pattern[str]) -> int:
    total = 0
    for entry in state.get("log", []):
        found = pattern.match(entry["text"]) if entry.get("seat") == seat else None
        if found:
            total += int(found.group(1))
    return total


def breakdown(state: State) -> list[list[tuple[str, int]]]:
    """Per seat: Reputation, Destinations, (Silver Coin,) Crew and trades; they add up
    to the seat's score, the number that decides the winner."""
    rows = []
    for seat, p in enumerate(state["seats"]):
        parts = [
            ("Reputation", _logged(state, seat, _REPUTATION)),
            ("Destinations", sum(int(DESTINATIONS[d]["immediate"].get("vp", 0)) for d in p["explored"])),
        ]
        if "silver_coin" in state["options"]["artifacts"]:
            parts.append(("Silver Coin", _logged(state, seat, _SILVER_COIN)))
        if START["score"]:
            parts.append(("Start", START["score"]))
        parts.append(("Crew and trades", p["score"] - sum(n for _, n in parts)))
        rows.append(parts)
    return rows


def score_now(state: State, seat: int | None) -> list[list[tuple[str, int]]]:
    """Per seat, the labelled parts of its score if the game ended now. Nothing hidden
    counts in Knarr (a hand scores nothing at the end), so every seat, and the public,
    sees the same rows: the breakdown, which adds up to each seat's score."""
    return breakdown(state)
