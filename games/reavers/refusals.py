"""Why a move that is almost legal is refused: the rule, and what the player has."""

from __future__ import annotations

from games.core import State
from games.reavers.data import LOCATION_IDS, location_name


def refusal(state: State, seat: int, action: str, legal: list[str]) -> str | None:
    words = action.split()
    if words[0] == "place" and len(words) > 1 and words[1] in LOCATION_IDS:
        return f"{location_name(words[1])} has already been chosen this round."
    if words[0] == "join":
        return "You cannot pay the cost of this location; prepare instead."
    return None
