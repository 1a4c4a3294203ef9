"""Moves written in an older form of the actions, read into today's form.

- Format 1: Volga's ``offer N`` and Pax's ``offer N`` and ``challenge POST N`` named the other
  seat by its index, counted from 0.
- Format 2: they name it as the table lists it, counted from 1 (``offer 2`` is seat 2).

Stored moves were rewritten by migration 0009 (``bot/store/migrations``), which matches
exactly the moves ``move`` changes. An exported game file carries ``"format"``; a file
without it was written in format 1.
"""

from __future__ import annotations

import re
from typing import Any

FORMAT = 2

# The moves that named a seat from 0 before format 2, by game: the seat is the last group.
_SEAT_FROM_0 = {
    "volga": (re.compile(r"(offer) (\d)"),),
    "pax": (re.compile(r"(offer) (\d)"), re.compile(r"(challenge [^ ]+) (\d)")),
}


def move(game: str, action: str) -> str:
    """A format 1 move of ``game`` in format 2 (unchanged if it names no seat)."""
    for pattern in _SEAT_FROM_0.get(game, ()):
        found = pattern.fullmatch(action.lower())
        if found is not None:
            return f"{found[1]} {int(found[2]) + 1}"
    return action


def readable(data: dict[str, Any]) -> bool:
    """Is the export's format one this Skald reads (none given: format 1)?"""
    written = data.get("format", 1)
    return type(written) is int and 1 <= written <= FORMAT


def export(data: dict[str, Any]) -> dict[str, Any]:
    """A ``readable`` export in today's format: itself, or a copy whose moves are upgraded
    when it predates format 2 (``TypeError`` or ``ValueError`` when its moves are not
    ``[seat, action]`` pairs)."""
    if data.get("format", 1) != 1:
        return data
    game = str(data.get("game"))
    moves = [[seat, move(game, str(action))] for seat, action in data["moves"]]
    return {**data, "moves": moves, "format": FORMAT}
