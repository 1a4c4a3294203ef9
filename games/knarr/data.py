"""Static Knarr data, read once from ``cards.json`` next to this module.

The state only ever holds card ids; everything printed on a card lives here.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

_RAW: dict[str, Any] = json.loads((Path(__file__).parent / "cards.json").read_text("utf-8"))

COLORS: list[str] = _RAW["colors"]
CAPS: dict[str, int] = _RAW["caps"]
END_SCORE: int = _RAW["end_score"]
HAND_SIZE: int = _RAW["hand_size"]
FACE_UP_DESTINATIONS: int = _RAW["face_up_destinations"]
INCOME: list[dict[str, int]] = _RAW["income"]
SHIPS: dict[str, list[str | None]] = _RAW["ships"]
START: dict[str, int] = _RAW["start"]
DECK_MARKS: dict[str, list[int | None]] = _RAW["deck_marks"]

VIKINGS: dict[str, dict[str, Any]] = {card["id"]: card for card in _RAW["vikings"]}
DESTINATIONS: dict[str, dict[str, Any]] = {card["id"]: card for card in _RAW["destinations"]}
ARTIFACTS: dict[str, dict[str, str]] = {item["id"]: item for item in _RAW["artifacts"]}
ARTIFACT_IDS: list[str] = [item["id"] for item in _RAW["artifacts"]]


def viking_deck(num_players: int) -> list[str]:
    """The ids of the Viking cards used with ``num_players`` players, in id order."""
    marks = DECK_MARKS[str(num_players)]
    return [card_id for card_id, card in VIKINGS.items() if card["mark"] in marks]


def destination_ids(kind: str) -> list[str]:
    """The ids of the A (Trading Lands) or B (Lands of Influence) destinations."""
    return [card_id for card_id, card in DESTINATIONS.items() if card["type"] == kind]


def color_of(card_id: str) -> str:
    return str(VIKINGS[card_id]["color"])


def asset_of(card_id: str) -> str:
    return str(VIKINGS[card_id]["asset"])


def income_for(reputation: int) -> int:
    """Victory points earned at the start of a turn for this reputation."""
    vp = 0
    for row in INCOME:
        if reputation >= row["min"]:
            vp = row["vp"]
    return vp


def cost_total(cost: dict[str, int]) -> int:
    """How many Vikings (or recruits) a destination cost asks for."""
    return sum(cost.values())
