"""Static Reavers of Midgard data, read once from ``reavers.json`` next to this module.

The state only holds ids (``R07``, ``V03``, ``K11``, ``B04``, ``J02``, ``P05``, ``T05``, ``U2``);
what is printed on a card lives here. Entries flagged ``"designed": true`` are our design where
the rulebook is silent (see ``docs/rules/reavers.md``).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

_RAW: dict[str, Any] = json.loads((Path(__file__).parent / "reavers.json").read_text("utf-8"))

ROUNDS: int = _RAW["rounds"]
COLORS: list[str] = _RAW["colors"]
FACE_NAMES: dict[str, str] = _RAW["faces"]
FACES: list[str] = list(FACE_NAMES)
DIE_FACES: dict[str, list[str]] = {c: _RAW["die_faces"][c] for c in COLORS}
COMBAT_DIE: list[int] = _RAW["combat_die"]["faces"]
MAX_DICE: int = _RAW["board"]["max_dice"]
ARTIFACT_SPACES: int = _RAW["board"]["artifacts"]
UPGRADE_SPACES: int = _RAW["upgrade_spaces"]["count"]
MAX_SPECIALIZED: int = _RAW["board"]["max_specialized"]
SPACES: list[str] = _RAW["specialize_spaces"]["spaces"]
START: dict[str, Any] = _RAW["start"]
START_DICE: list[str] = _RAW["start_dice"]["colors"]
PAWNS: dict[str, int] = _RAW["pawns"]
SLOTS: dict[str, dict[str, Any]] = {k: v for k, v in _RAW["slots"].items() if k != "designed"}
TRADE_DICE_PER_COLOR: int = _RAW["trade_dice_per_color"]
LEADER_BONUS: dict[str, dict[str, int]] = {c: _RAW["leader_bonus"][c] for c in COLORS}
LOCATIONS: dict[str, dict[str, Any]] = {loc["id"]: loc for loc in _RAW["locations"]}
LOCATION_IDS: list[str] = [loc["id"] for loc in _RAW["locations"]]
MAJORITY: dict[str, Any] = _RAW["majorities"]
FAVOR_GLORY: int = _RAW["favor_glory"]
TERRITORY_GLORY: int = _RAW["territory_glory"]
UPGRADE_MISSING_GLORY: int = _RAW["upgrade_missing_glory"]["glory"]
SETS: dict[str, dict[str, Any]] = {k: v for k, v in _RAW["sets"].items() if k != "designed"}

REAVERS: dict[str, dict[str, Any]] = {c["id"]: c for c in _RAW["reavers"]}
VILLAGE: dict[str, dict[str, Any]] = {c["id"]: c for c in _RAW["village_spoils"]}
KEEP: dict[str, dict[str, Any]] = {c["id"]: c for c in _RAW["keep_spoils"]}
JOURNEYS: dict[str, dict[str, Any]] = {c["id"]: c for c in _RAW["journeys"]}
BATTLES: dict[str, dict[str, Any]] = {c["id"]: c for c in _RAW["sea_battles"]}
PROPHECIES: dict[str, dict[str, Any]] = {c["id"]: c for c in _RAW["prophecies"]}
TERRITORIES: dict[str, dict[str, Any]] = {c["id"]: c for c in _RAW["territories"]}
UPGRADES: dict[str, dict[str, Any]] = {c["id"]: c for c in _RAW["upgrades"]}
TERRITORY_TYPES: list[str] = ["food", "dice", "favor"]

# deck name -> its cards; the keys are the state's deck names
DECKS: dict[str, dict[str, dict[str, Any]]] = {
    "reavers": REAVERS,
    "villages": VILLAGE,
    "keeps": KEEP,
    "journeys": JOURNEYS,
    "sea": BATTLES,
    "prophecies": PROPHECIES,
}
CARDS: dict[str, dict[str, Any]] = {cid: card for deck in DECKS.values() for cid, card in deck.items()}


def card(card_id: str) -> dict[str, Any]:
    return CARDS[card_id]


def location_name(loc: str) -> str:
    return str(LOCATIONS[loc]["name"])


def die_text(color: str, face: str) -> str:
    return f"{color} {FACE_NAMES[face]}"


def amount(n: int, one: str, many: str) -> str:
    """``1 die``, ``2 dice``: a count with the right form of its noun."""
    return f"{n} {one if n == 1 else many}"


# what a Prophecy counts at the end, in words: (one, many)
NEED_WORDS: dict[str, tuple[str, str]] = {
    "territories": ("territory", "territories"),
    "battles": ("Sea Battle won", "Sea Battles won"),
    "treasures": ("Keep treasure", "Keep treasures"),
    "food": ("Food", "Food"),
    "favor": ("Favor", "Favor"),
    "dice": ("die", "dice"),
    "reavers": ("Reaver", "Reavers"),
    "specialized": ("specialized Reaver", "specialized Reavers"),
    "artifacts": ("artifact", "artifacts"),
    "upgrades": ("Ship Upgrade", "Ship Upgrades"),
    "troll": ("Troll trophy", "Troll trophies"),
    "kraken": ("Kraken trophy", "Kraken trophies"),
    "wall": ("Wall trophy", "Wall trophies"),
}


def need_text(need: dict[str, int]) -> str:
    """A Prophecy's condition in words, e.g. ``3 territories, 1 Kraken trophy``."""
    return ", ".join(amount(n, *NEED_WORDS.get(what, (what, what))) for what, n in need.items())


def effect_text(effect: dict[str, Any]) -> str:
    """A short public text of an effect, e.g. ``+2 Food, 1 red die``."""
    parts = []
    for key in ("glory", "food", "favor"):
        if effect.get(key):
            value = effect[key]
            parts.append(f"{'+' if value > 0 else ''}{value} {key.capitalize()}")
    if effect.get("dice"):
        parts.append(" and ".join(f"a {c} die" for c in effect["dice"]))
    for key, name in (("troll", "Troll"), ("kraken", "Kraken"), ("wall", "Wall")):
        if effect.get(key):
            parts.append(amount(effect[key], f"{name} trophy", f"{name} trophies"))
    if effect.get("keep"):
        parts.append(amount(effect["keep"], "Keep Spoils card", "Keep Spoils cards"))
    if effect.get("lose_dice"):
        parts.append("lose " + amount(effect["lose_dice"], "die", "dice"))
    return ", ".join(parts) or "nothing"
