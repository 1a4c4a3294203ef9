"""Volga's palette, seat colours and the small helpers every Volga picture uses."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from PIL import Image, ImageDraw

from games.words import seat_name
from render.common import (
    MUTED,
    RGB,
    Box,
    draw_text,
    safe_text,
)
from render.common.canvas import canvas
from render.common.parts import panel_text

View = Mapping[str, Any]
Paint = Callable[[ImageDraw.ImageDraw, float, float], None]
GOODS: tuple[str, ...] = ("amber", "fish", "furs")
PARCHMENT: RGB = (240, 228, 200)
PARCHMENT_EDGE: RGB = (92, 64, 36)
LAND: RGB = (150, 166, 98)
LAND_EDGE: RGB = (98, 112, 62)
STEPPE: RGB = (176, 160, 100)
RIVER: RGB = (64, 136, 204)
RIVER_EDGE: RGB = (34, 84, 140)
RIVER_LIGHT: RGB = (126, 184, 232)
SEA: RGB = (20, 28, 40)
SHIP_COLORS: dict[str, RGB] = {
    "red": (206, 52, 46),
    "blue": (46, 112, 212),
    "green": (58, 156, 72),
    "yellow": (240, 190, 36),
    "white": (240, 240, 234),
    "purple": (138, 72, 178),
    "black": (40, 40, 44),
}
SEAT_COLORS: tuple[str, ...] = ("red", "blue", "green", "yellow", "white")
# "to act" in Volga is cyan, not the gold of the other games: yellow is a seat colour here
# and a gold frame round the yellow seat's neighbour read as that seat.
ACT: RGB = (92, 216, 236)
ACT_FILL: RGB = (34, 74, 88)
GOOD_NAMES: dict[str, str] = {"amber": "Amber", "fish": "Fish", "furs": "Furs"}


def rgba(color: RGB, alpha: int = 255) -> tuple[int, int, int, int]:
    return (color[0], color[1], color[2], alpha)


def painted_sprite(w: int, h: int, paint: Paint) -> Image.Image:
    """An ``"RGBA"`` sprite painted at 4x and averaged down; ``paint(d, W, H)`` gets the big size.

    A box filter, not Lanczos: edges as smooth, but no ringing, so the PNG packs much smaller.
    """
    big = Image.new("RGBA", (w * 4, h * 4), (0, 0, 0, 0))
    paint(canvas(big), w * 4, h * 4)
    return big.resize((w, h), Image.Resampling.BOX)


def ship_color(name: Any) -> RGB:
    return SHIP_COLORS.get(str(name), (150, 150, 150))


def seat_color(view: View, seat: int) -> str:
    """The seat's ship colour: ``color`` when the view gives it, else by seat order."""
    for source in (view.get("seats") or [], view.get("ships") or []):
        for entry in source:
            if isinstance(entry, Mapping) and entry.get("seat") == seat and entry.get("color"):
                return str(entry["color"])
    return SEAT_COLORS[seat % len(SEAT_COLORS)]


def seat_initials(names: Sequence[str], n: int) -> list[str]:
    """One letter per seat; two where two players share a first letter."""
    letters = []
    for seat in range(n):
        text = "".join(ch for ch in safe_text(seat_name(names, seat)) if ch.isalnum()) or str(seat + 1)
        letters.append(text)
    firsts = [t[0].upper() for t in letters]
    out = []
    for seat, text in enumerate(letters):
        if firsts.count(firsts[seat]) > 1 and len(text) > 1:
            out.append(text[0].upper() + text[1].lower())
        else:
            out.append(firsts[seat])
    return out


def caption(im: Image.Image, x: float, y: float, text: str) -> Box:
    return draw_text(im, (x, y), text.upper(), 16, MUTED, bold=True)


def plain_label(im: Image.Image, x: int, y: int, text: str, under: RGB) -> int:
    """``caption`` on plain ``under`` (a label of the side column, say), from a copy kept."""
    return panel_text(im, (x, y), text.upper(), 16, MUTED, under, bold=True)


def city_names(view: View) -> dict[str, str]:
    names: dict[str, str] = {}
    for city in view.get("cities") or []:
        cid = str(city.get("id", ""))
        names[cid] = str(city.get("name") or cid.title())
    return names


def burned_cities(view: View) -> set[str]:
    return {str(c.get("id")) for c in view.get("cities") or [] if c.get("burned")}


def ship_large(view: View, seat: int) -> bool:
    seats = view.get("seats") or []
    if 0 <= seat < len(seats):
        return seats[seat].get("ship") == "large"
    return False
