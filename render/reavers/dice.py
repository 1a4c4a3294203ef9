"""Dice and token sprites: crew dice by colour and face, combat dice, Food and Favor.

Faces are drawn as pictures (the rulebook's hammer, double hammer, shield, chest and clan
mark) so a die reads at a glance; every sprite is cached.
"""

from __future__ import annotations

import math

from PIL import Image, ImageDraw

from render.common import GOLD, RGB, is_light, shade
from render.common.cache import kept
from render.common.shapes import supersampled
from render.reavers.style import DIE_COLORS, FAVOR, FOOD

Paint = ImageDraw.ImageDraw
NEUTRAL: RGB = (200, 196, 186)  # a face asked for in a cost, of any colour


def _rotate(points: list[tuple[float, float]], cx: float, cy: float, deg: float) -> list[tuple[float, float]]:
    a = math.radians(deg)
    c, s = math.cos(a), math.sin(a)
    return [(cx + (x - cx) * c - (y - cy) * s, cy + (x - cx) * s + (y - cy) * c) for x, y in points]


def _hammer(d: Paint, cx: float, cy: float, size: float, ink: tuple[int, ...], deg: float) -> None:
    hw, hh = 0.07 * size, 0.34 * size  # handle
    handle = [(cx - hw, cy - 0.1 * size), (cx + hw, cy - 0.1 * size), (cx + hw, cy + hh), (cx - hw, cy + hh)]
    head = [
        (cx - 0.24 * size, cy - 0.32 * size),
        (cx + 0.24 * size, cy - 0.32 * size),
        (cx + 0.24 * size, cy - 0.1 * size),
        (cx - 0.24 * size, cy - 0.1 * size),
    ]
    d.polygon(_rotate(handle, cx, cy, deg), fill=ink)
    d.polygon(_rotate(head, cx, cy, deg), fill=ink)


def _face(d: Paint, face: str, full: float, ink: tuple[int, ...], body: tuple[int, ...]) -> None:
    c = full / 2
    if face == "hammer":
        _hammer(d, c, c + 0.02 * full, 0.9 * full, ink, 0)
    elif face == "double":
        # two upright hammers side by side
        _hammer(d, c - 0.17 * full, c + 0.02 * full, 0.66 * full, ink, 0)
        _hammer(d, c + 0.17 * full, c + 0.02 * full, 0.66 * full, ink, 0)
    elif face == "shield":
        r = 0.3 * full
        d.ellipse((c - r, c - r, c + r, c + r), fill=ink)
        w = 0.06 * full
        d.line((c - r, c, c + r, c), fill=body, width=round(w))
        d.line((c, c - r, c, c + r), fill=body, width=round(w))
        b = 0.09 * full
        d.ellipse((c - b, c - b, c + b, c + b), fill=ink, outline=body, width=round(w * 0.7))
    elif face == "chest":
        x0, x1 = c - 0.3 * full, c + 0.3 * full
        d.rounded_rectangle((x0, c - 0.24 * full, x1, c - 0.02 * full), round(0.08 * full), fill=ink)
        d.rectangle((x0, c + 0.02 * full, x1, c + 0.24 * full), fill=ink)
        d.rectangle((c - 0.05 * full, c - 0.08 * full, c + 0.05 * full, c + 0.1 * full), fill=body)
    elif face == "clan":
        # a rune-like clan mark: a diamond with a bar through it
        r = 0.3 * full
        w = round(0.075 * full)
        d.polygon([(c, c - r), (c + r, c), (c, c + r), (c - r, c)], outline=ink, width=w)
        d.line((c, c - r, c, c + r), fill=ink, width=w)


@kept
def die(color: str, face: str, size: int, wild: bool = False) -> Image.Image:
    """A crew die of ``color`` (or a neutral face for a cost) showing ``face``."""
    body = DIE_COLORS.get(color, NEUTRAL)
    ink = (40, 32, 20) if is_light(body) else (255, 255, 255)

    def paint(d: Paint, s: float) -> None:
        full = size * s
        edge = GOLD if wild else shade(body, 0.55)
        d.rounded_rectangle((0, 0, full - 1, full - 1), round(0.2 * full), fill=edge + (255,))
        w = (0.1 if wild else 0.06) * full
        d.rounded_rectangle((w, w, full - 1 - w, full - 1 - w), round(0.16 * full), fill=body + (255,))
        _face(d, face, full, ink + (255,), body + (255,))

    return supersampled((size, size), paint)


@kept
def combat_die(value: int, size: int) -> Image.Image:
    """A combat die: blank, one hit or two hits (drawn as axe-heads, red on bone)."""
    body: RGB = (238, 232, 218)
    hit: RGB = (196, 44, 36)

    def paint(d: Paint, s: float) -> None:
        full = size * s
        d.rounded_rectangle((0, 0, full - 1, full - 1), round(0.2 * full), fill=(70, 60, 50, 255))
        w = 0.06 * full
        d.rounded_rectangle((w, w, full - 1 - w, full - 1 - w), round(0.16 * full), fill=body + (255,))
        spots = {1: [(0.5, 0.5)], 2: [(0.32, 0.32), (0.68, 0.68)]}.get(value, [])
        r = 0.16 * full
        for fx, fy in spots:
            x, y = fx * full, fy * full
            d.polygon([(x, y - r), (x + r, y), (x, y + r), (x - r, y)], fill=hit + (255,))

    return supersampled((size, size), paint)


@kept
def food_icon(size: int) -> Image.Image:
    """A loaf of bread."""

    def paint(d: Paint, s: float) -> None:
        full = size * s
        d.ellipse((0.06 * full, 0.22 * full, 0.94 * full, 0.86 * full), fill=(90, 52, 20, 255))
        d.ellipse((0.12 * full, 0.27 * full, 0.88 * full, 0.8 * full), fill=FOOD + (255,))
        for x in (0.36, 0.5, 0.64):
            d.line(
                (x * full - 0.05 * full, 0.38 * full, x * full + 0.05 * full, 0.68 * full),
                fill=(150, 90, 30, 255),
                width=round(0.05 * full),
            )

    return supersampled((size, size), paint)


@kept
def favor_icon(size: int) -> Image.Image:
    """A raven's feather of the gods: a pale blue teardrop."""

    def paint(d: Paint, s: float) -> None:
        full = size * s
        c = full / 2
        d.ellipse((0.2 * full, 0.34 * full, 0.8 * full, 0.94 * full), fill=(30, 60, 100, 255))
        d.polygon(
            [(c, 0.04 * full), (0.78 * full, 0.56 * full), (0.22 * full, 0.56 * full)],
            fill=(30, 60, 100, 255),
        )
        d.ellipse((0.27 * full, 0.41 * full, 0.73 * full, 0.87 * full), fill=FAVOR + (255,))
        d.polygon(
            [(c, 0.16 * full), (0.7 * full, 0.58 * full), (0.3 * full, 0.58 * full)], fill=FAVOR + (255,)
        )

    return supersampled((size, size), paint)


@kept
def pawn(size: int, sail: RGB, edge: RGB, honor: bool = False) -> Image.Image:
    """A placed longship pawn: a round token in the seat colour (gold ring for the Honor Ship)."""

    def paint(d: Paint, s: float) -> None:
        full = size * s
        ring = GOLD if honor else edge
        d.ellipse((0, 0, full - 1, full - 1), fill=ring + (255,))
        w = (0.14 if honor else 0.08) * full
        d.ellipse((w, w, full - 1 - w, full - 1 - w), fill=sail + (255,))
        # a hull and a sail
        d.chord((0.2 * full, 0.3 * full, 0.8 * full, 0.74 * full), 0, 180, fill=edge + (255,))
        d.polygon(
            [(0.5 * full, 0.22 * full), (0.68 * full, 0.5 * full), (0.5 * full, 0.5 * full)],
            fill=edge + (255,),
        )

    return supersampled((size, size), paint)
