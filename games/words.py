"""Words the boards share: a seat's name, and the title of a finished game."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any


def seat_name(names: Sequence[str], seat: int) -> str:
    """The seat's display name, or "Player N" when it has none."""
    if 0 <= seat < len(names) and names[seat].strip():
        return names[seat]
    return f"Player {seat + 1}"


def outcome_title(outcome: Mapping[str, Any], names: Sequence[str], unit: str) -> str:
    """ "Astrid wins!  41 VP", "Astrid & Bjorn win!", or "Game over" with no winner."""
    winners = [int(s) for s in outcome.get("winners") or []]
    scores = list(outcome.get("scores") or [])
    if not winners:
        return "Game over"
    who = " & ".join(seat_name(names, s) for s in winners)
    best = scores[winners[0]] if winners[0] < len(scores) else None
    verb = "wins" if len(winners) == 1 else "win"
    return f"{who} {verb}!" + (f"  {best} {unit}" if best is not None else "")


def final_places(outcome: Mapping[str, Any], n: int) -> list[str]:
    """``1st``, ``2nd``... by final score; winners (tie-breaks included) come first."""
    scores = list(outcome.get("scores") or [])
    if len(scores) < n:
        return [""] * n
    winners = {int(s) for s in outcome.get("winners") or []}
    places = []
    for seat, score in enumerate(scores):
        if seat in winners:
            ahead = 0
        else:
            ahead = len(winners) + sum(
                1 for other, s in enumerate(scores) if other not in winners and s > score
            )
        places.append(ordinal(ahead + 1))
    return places


def ordinal(n: int) -> str:
    """1st, 2nd, 3rd, 4th ... 11th, 12th, 13th ... 21st (any table size)."""
    if 10 <= n % 100 <= 20:
        return f"{n}th"
    return f"{n}{ {1: 'st', 2: 'nd', 3: 'rd'}.get(n % 10, 'th') }"
