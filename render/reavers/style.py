"""Reavers' palette, seat colours, names of locations and faces, and small shared helpers."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from PIL import Image

from render.common import MUTED, RGB, VIKING_COLORS, draw_text

View = Mapping[str, Any]
LOCATIONS: tuple[str, ...] = ("recruit", "trade", "villages", "keeps", "conquer", "sea")
SPACES: tuple[str, ...] = ("villages", "keeps", "conquer", "sea")
LOCATION_NAMES: dict[str, str] = {
    "recruit": "Recruit Reavers",
    "trade": "Trade with Villages",
    "villages": "Raid Villages",
    "keeps": "Raid Keeps",
    "conquer": "Conquer Territories",
    "sea": "Battle at Sea",
}
SHORT_NAMES: dict[str, str] = {
    "recruit": "Recruit",
    "trade": "Trade",
    "villages": "Villages",
    "keeps": "Keeps",
    "conquer": "Conquer",
    "sea": "Sea",
}
# one hue per location, used for its title band and for the Reavers specialized under it
LOCATION_COLORS: dict[str, RGB] = {
    "recruit": (120, 84, 150),
    "trade": (58, 130, 96),
    "villages": (164, 112, 48),
    "keeps": (112, 112, 124),
    "conquer": (84, 128, 60),
    "sea": (40, 102, 150),
}
DIE_COLORS: dict[str, RGB] = {
    "red": VIKING_COLORS["red"],
    "yellow": VIKING_COLORS["yellow"],
    "blue": VIKING_COLORS["blue"],
}
FACE_NAMES: dict[str, str] = {
    "hammer": "hammer",
    "double": "double hammer",
    "shield": "shield",
    "chest": "chest",
    "clan": "clan",
}
TERRITORY_COLORS: dict[str, RGB] = {
    "food": (150, 120, 50),
    "dice": (70, 110, 150),
    "favor": (130, 70, 140),
}
KIND_COLORS: dict[str, RGB] = {
    "farm": (120, 150, 60),
    "wall": (120, 110, 100),
    "upgrade": (60, 120, 150),
    "artifact": (150, 90, 170),
    "treasure": (190, 150, 40),
    "tower": (140, 90, 70),
}
SET_COLORS: dict[str, RGB] = {"gold": (212, 170, 40), "art": (176, 96, 150), "armor": (120, 136, 150)}
# The board is posterized to 16 levels a channel (multiples of 17) before it is encoded:
# its large flat colours are picked on those levels so they come out exactly as chosen.
BG: RGB = (17, 34, 51)
PANEL: RGB = (34, 51, 68)
LOG_BG: RGB = (34, 51, 68)
SLOT: RGB = (17, 34, 51)
HEAD_FILL: RGB = (51, 68, 85)
ACTIVE_FILL: RGB = (68, 68, 34)
CARD: RGB = (238, 221, 204)
CARD_EDGE: RGB = (85, 68, 34)
FOOD: RGB = (236, 170, 80)
FAVOR: RGB = (150, 200, 255)
# seat -> (sail, edge): light hues that differ from the three dice colours and each other
SEATS: tuple[tuple[RGB, RGB], ...] = (
    ((246, 246, 240), (40, 36, 32)),
    ((240, 136, 36), (40, 36, 32)),
    ((70, 206, 222), (24, 36, 48)),
    ((236, 112, 186), (48, 24, 40)),
    ((150, 214, 90), (30, 44, 24)),
)


def seat_color(seat: int) -> tuple[RGB, RGB]:
    return SEATS[seat % len(SEATS)]


def name_of(names: Sequence[str], seat: int) -> str:
    if 0 <= seat < len(names) and names[seat].strip():
        return names[seat]
    return f"Player {seat + 1}"


def label(im: Image.Image, x: float, y: float, text: str, size: int = 16) -> None:
    draw_text(im, (x, y), text.upper(), size, MUTED, bold=True)


def effect_words(effect: Mapping[str, Any] | None) -> str:
    """An effect in a few words: ``+2 Food, +1 Glory, red die``."""
    if not effect:
        return "nothing"
    words = []
    for key, word in (("food", "Food"), ("favor", "Favor"), ("glory", "Glory")):
        n = int(effect.get(key, 0) or 0)
        if n:
            words.append(f"{n:+d} {word}")
    for color in effect.get("dice") or []:
        words.append(f"{color} die")
    if effect.get("lose_dice"):
        lose = int(effect["lose_dice"])
        words.append(f"lose {lose} {'die' if lose == 1 else 'dice'}")
    for key in ("troll", "kraken", "wall"):
        n = int(effect.get(key, 0) or 0)
        if n:
            words.append(f"{n} {key.title()} trophies" if n > 1 else f"{key.title()} trophy")
    keep = int(effect.get("keep", 0) or 0)
    if keep:
        words.append(f"{keep} Keep Spoils cards" if keep > 1 else "a Keep Spoils card")
    return ", ".join(words) or "nothing"


def bonus_line(bonuses: Sequence[Mapping[str, Any]]) -> str:
    """A location's bonuses by seat distance from the active player, in a few words:
    ``actions 3 · 2 · 1``, ``bonus cards 2 · 1``, ``bonus +2 Favor``."""
    for key, word in (
        ("actions", "actions"),
        ("cards", "bonus cards"),
        ("favor", "bonus Favor"),
        ("glory", "bonus Glory"),
    ):
        values = [int(b.get(key, 0) or 0) for b in bonuses]
        while values and not values[-1]:
            values.pop()
        if values:
            return f"{word} " + " · ".join(str(v) for v in values)
    return ""
