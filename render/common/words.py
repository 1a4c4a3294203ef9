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
