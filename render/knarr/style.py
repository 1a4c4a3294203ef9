"""Knarr's palette, ship colours, artifact texts and the small helpers every Knarr picture uses."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from PIL import Image

from render.common import (
    GOLD,
    MUTED,
    RGB,
    draw_text,
)

View = Mapping[str, Any]
COLORS: tuple[str, ...] = ("red", "yellow", "green", "blue", "purple")
ACTIVE_EDGE: RGB = GOLD
PARCHMENT: RGB = (240, 228, 200)
PARCHMENT_EDGE: RGB = (92, 64, 36)
CELL: RGB = (222, 206, 170)
TYPE_COLORS: dict[str, RGB] = {"A": (30, 112, 122), "B": (132, 44, 54)}
TYPE_NAMES: dict[str, str] = {"A": "Trading Lands", "B": "Lands of Influence"}
# seat -> (hull, edge): white, orange, cyan, pink. Light hulls with a dark edge read on the
# navy board, and the four hues differ from each other (tan and brown, black on navy did not).
SHIPS: tuple[tuple[RGB, RGB], ...] = (
    ((246, 246, 240), (40, 36, 32)),
    ((240, 136, 36), (40, 36, 32)),
    ((70, 206, 222), (24, 36, 48)),
    ((236, 112, 186), (48, 24, 40)),
)
ARTIFACTS: dict[str, tuple[str, str]] = {
    "mead_cup": ("Mead Cup", "After exploring, you may discard one face-up Viking and redraw it."),
    "silver_coin": ("Silver Coin", "Each recruit beyond your 3rd of a colour scores +1 VP."),
    "cauldron": ("Cauldron", "Recruit your 2nd of a colour: take any face-up Viking, free."),
    "golden_bracelet": (
        "Golden Bracelet",
        "Recruit your 3rd of a colour: reserve a destination (max 2) to explore later.",
    ),
    "helmet": ("Helmet", "Explore a B land right after an A land: take an extra Recruit."),
    "amulet": ("Amulet", "Complete a row of all 5 colours: +1 bracelet, +1 recruit, +1 reputation."),
    "weathervane": ("Weathervane", "Complete a row of all 5 colours: explore again (and pay)."),
}


def ship_colors(seat: int) -> tuple[RGB, RGB]:
    return SHIPS[seat % len(SHIPS)]


def caption(im: Image.Image, x: float, y: float, text: str) -> None:
    draw_text(im, (x, y), text.upper(), 16, MUTED, bold=True)
