"""Why a near miss is refused: the rule that forbids it and what the seat has."""

from __future__ import annotations

from games.core import State


def refusal(state: State, seat: int, action: str, legal: list[str]) -> str | None:
    return None
