"""Every Saga piece a player can meet, described for ``/card``: the eight leaders, the four
action tiles, the five destination markers, the areas of the map with the Drakkar, and the
Stronghold, Initiative tile and Round track.

Built from ``data.py``; the texts are ours. The rulebook prints the leaders' abilities and
four of the eight tile halves; the map, the other halves, the leader names and the track's
length are our design (marked ``designed``).
"""

from __future__ import annotations

from typing import Any

from games.guide import unique_names
from games.saga.data import (
    ABILITIES,
    ACTION_NAMES,
    ADJACENT,
    COASTAL,
    ENGLAND,
    INLAND,
    MARKER_OF,
    MARKERS,
    PILLAGE,
    SCANDINAVIA,
    SIDE_NAMES,
    TILES,
    TRACK_SPACES,
    VICTORY,
    area_name,
)

__all__ = ["CARDS"]

Card = dict[str, str | bool]

BONUS_WORDS = {
    "coin": "take 1 coin",
    "move_or_coin": "move one unit or take 1 coin",
    "move": "a free Movement",
    "recruit_warrior": "recruit a warrior in Scandinavia",
}
# The tile halves the rulebook's example prints (tile, side); the rest are ours.
PRINTED_HALVES = {(1, "viking"), (2, "anglo"), (3, "anglo"), (4, "viking")}


def _and(items: list[str]) -> str:
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + " and " + items[-1]


def _leader(ability: str) -> Card:
    data = ABILITIES[ability]
    side = str(data["side"])
    article = "An" if side == "anglo" else "A"
    text = (
        f"{data['text']}. {article} {SIDE_NAMES[side][:-1]} leader: a unit with a hidden ability, revealed "
        "in a fight when its owner chooses. Unrevealed it fights with strength 1. Designed here: "
        "the name is ours, the ability is the rulebook's."
    )
    kind = f"{SIDE_NAMES[side][:-1]} leader"
    return {"id": ability, "name": str(data["name"]), "kind": kind, "text": text, "designed": True}


def _half_words(half: dict[str, Any]) -> str:
    actions = [ACTION_NAMES.get(a, a) for a in half["actions"]]
    joined = (" or " if half["choose_one"] else " and ").join(actions)
    if half["choose_one"]:
        joined = f"{joined} (only one)"
    bonus = half.get("bonus")
    return f"bonus {BONUS_WORDS.get(bonus, bonus)}, then {joined}" if bonus else joined


def _tile(data: dict[str, Any]) -> Card:
    number = int(data["id"])
    parts = [
        f"Anglo-Saxons: {_half_words(data['anglo'])}.",
        f"Vikings: {_half_words(data['viking'])}.",
    ]
    if data.get("sword"):
        parts.append("Sword and axe: its holder carries out both tiles first.")
    if data.get("initiative"):
        parts.append("Initiative: taking it turns the Initiative tile to the taker's side.")
    printed = [SIDE_NAMES[side] for side in ("anglo", "viking") if (number, side) in PRINTED_HALVES]
    parts.append(f"Designed here: the {printed[0]}' half is printed, the other half is ours.")
    return {
        "id": str(number),
        "name": f"Action tile {number}",
        "kind": "Action tile",
        "text": " ".join(parts),
        "designed": True,
    }


def _marker(marker: str) -> Card:
    area = MARKERS[marker]
    text = (
        f"A destination marker with {area_name(area)}'s sigil. Lying on a Scandinavian area's "
        f"space, it lets Viking units there sail to {area_name(area)}. Drawn at random by a "
        "Movement, or placed face down by Scout. Designed here: which coast each sigil names."
    )
    return {
        "id": marker,
        "name": f"{area_name(area)} marker",
        "kind": "Destination marker",
        "text": text,
        "designed": True,
    }


def _area(area: str) -> Card:
    borders = _and([area_name(a) for a in ADJACENT[area]])
    if area in COASTAL:
        kind = "Coastal area"
        text = (
            f"A coastal area of England, bordering {borders}. Vikings land here from Scandinavia "
            f"with its destination marker ({MARKER_OF[area]}), and may retreat from here to the Drakkar."
        )
    elif area in INLAND:
        kind = "Inland area"
        text = (
            f"An inland area of England, bordering {borders}. No ship lands here. The Vikings "
            "gain 1 coin at the end of each round while they control it."
        )
    else:
        kind = "Scandinavian area"
        text = (
            f"A Viking home area, next to {borders}. Vikings recruit here and sail from here to "
            "the coast named by the destination marker on its space."
        )
    text += " Designed here: the map is ours."
    return {"id": area, "name": area_name(area), "kind": kind, "text": text, "designed": True}


def _pieces() -> list[Card]:
    return [
        {
            "id": "drakkar",
            "name": "Drakkar",
            "kind": "Area",
            "text": (
                "A box beside the map where Viking units wait to go home: after a retreat from a "
                "coast, a Tribute or the Silver Envoy. They cannot move or fight there. At the end "
                "of the round they return to Scandinavia, to the areas with the fewest Vikings."
            ),
            "designed": False,
        },
        {
            "id": "stronghold",
            "name": "Stronghold",
            "kind": "Stronghold",
            "text": (
                "An Anglo-Saxon fort, at most one per area of England; not a unit, so it never counts "
                "for control. The Anglo-Saxons recruit, collect income and raise the fyrd where they "
                "have one, and building one (1 coin) moves the Stronghold marker a space right. "
                f"Pillaged, it burns and the Vikings take {PILLAGE['stronghold_coins']} coins."
            ),
            "designed": False,
        },
        {
            "id": "initiative",
            "name": "Initiative tile",
            "kind": "Initiative tile",
            "text": (
                "Shows which side picks the first action tile each round. The Vikings start with it. "
                "Whoever takes action tile 4 turns it to their side."
            ),
            "designed": False,
        },
        {
            "id": "track",
            "name": "Round track",
            "kind": "Round track",
            "text": (
                f"A track of {TRACK_SPACES} spaces: the Round marker starts on the last and moves one space left "
                "each round, the Stronghold marker starts on the first and moves right for each "
                "Stronghold built. When the Round marker stands on or left of it at the end of a "
                f"round, the Anglo-Saxons win (unless the Vikings got {VICTORY['viking_areas']} areas "
                f"or {VICTORY['viking_coins']} coins first). Designed here: the track's length."
            ),
            "designed": True,
        },
    ]


def _cards() -> list[Card]:
    cards = (
        [_leader(a) for a in ABILITIES]
        + [_tile(t) for t in TILES]
        + [_marker(m) for m in sorted(MARKERS)]
        + [_area(a) for a in ENGLAND + SCANDINAVIA]
        + _pieces()
    )
    names = unique_names([(str(c["id"]), str(c["name"]), str(c["kind"])) for c in cards])
    return [{**card, "name": name} for card, name in zip(cards, names, strict=True)]


CARDS: list[Card] = _cards()
