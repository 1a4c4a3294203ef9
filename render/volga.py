"""Vikings on the Volga pictures: the public board and one player's hand.

Both are drawn only from a view of ``games.volga.view`` (docs/contract.md, "Volga view");
the board reads nothing from ``view["private"]``.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from functools import lru_cache
from typing import Any

from PIL import Image, ImageDraw

from games.core import name_seats
from render.common import (
    BAD,
    BG,
    DARK,
    GAP,
    GOLD,
    HAND_WIDTH,
    HEADER_BG,
    INK,
    MARGIN,
    MUTED,
    PANEL,
    PANEL_EDGE,
    RGB,
    WIDTH,
    Box,
    draw_text,
    encode_png,
    hand_header,
    paste_sprite,
    pip,
    safe_text,
    shade,
    text_on,
    text_width,
    triangle_right,
    wrap_text,
)

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

GOOD_NAMES: dict[str, str] = {"amber": "Amber", "fish": "Fish", "furs": "Furs"}


def _rgba(color: RGB, alpha: int = 255) -> tuple[int, int, int, int]:
    return (color[0], color[1], color[2], alpha)


def _sprite(w: int, h: int, paint: Paint) -> Image.Image:
    """An ``"RGBA"`` sprite painted at 4x and averaged down; ``paint(d, W, H)`` gets the big size.

    A box filter, not Lanczos: edges as smooth, but no ringing, so the PNG packs much smaller.
    """
    big = Image.new("RGBA", (w * 4, h * 4), (0, 0, 0, 0))
    paint(ImageDraw.Draw(big), w * 4, h * 4)
    return big.resize((w, h), Image.Resampling.BOX)


# --- goods ---------------------------------------------------------------------------

_INKLINE: tuple[int, int, int, int] = (28, 22, 18, 255)


def _paint_amber(d: ImageDraw.ImageDraw, w: float, h: float) -> None:
    line = max(2, round(0.06 * w))
    cx, cy = w / 2, h / 2
    outer = [
        (cx - 0.26 * w, cy - 0.36 * h),
        (cx + 0.26 * w, cy - 0.36 * h),
        (cx + 0.46 * w, cy - 0.08 * h),
        (cx, cy + 0.44 * h),
        (cx - 0.46 * w, cy - 0.08 * h),
    ]
    d.polygon(outer, fill=(238, 138, 24, 255), outline=(110, 52, 6, 255), width=line)
    table = [
        (cx - 0.16 * w, cy - 0.36 * h + line),
        (cx + 0.16 * w, cy - 0.36 * h + line),
        (cx + 0.24 * w, cy - 0.08 * h),
        (cx - 0.24 * w, cy - 0.08 * h),
    ]
    d.polygon(table, fill=(255, 196, 84, 255))
    d.polygon(
        [(cx - 0.24 * w, cy - 0.08 * h), (cx, cy + 0.38 * h), (cx - 0.40 * w, cy - 0.06 * h)],
        fill=(250, 168, 52, 255),
    )
    d.polygon(
        [(cx + 0.24 * w, cy - 0.08 * h), (cx, cy + 0.38 * h), (cx + 0.40 * w, cy - 0.06 * h)],
        fill=(196, 100, 14, 255),
    )
    d.ellipse((cx - 0.12 * w, cy - 0.30 * h, cx - 0.02 * w, cy - 0.20 * h), fill=(255, 246, 210, 255))


def _paint_fish(d: ImageDraw.ImageDraw, w: float, h: float) -> None:
    line = max(2, round(0.05 * w))
    edge = (18, 44, 92, 255)
    tail = [(0.62 * w, 0.5 * h), (0.97 * w, 0.2 * h), (0.9 * w, 0.5 * h), (0.97 * w, 0.8 * h)]
    d.polygon(tail, fill=(46, 100, 186, 255), outline=edge, width=line)
    body = (0.04 * w, 0.24 * h, 0.76 * w, 0.76 * h)
    d.ellipse(body, fill=(58, 126, 214, 255), outline=edge, width=line)
    d.chord((body[0] + line, 0.5 * h, body[2] - line, body[3] - line), 0, 180, fill=(150, 196, 240, 255))
    d.polygon([(0.3 * w, 0.26 * h), (0.42 * w, 0.1 * h), (0.54 * w, 0.27 * h)], fill=edge)
    d.ellipse((0.16 * w, 0.36 * h, 0.27 * w, 0.47 * h), fill=(255, 255, 255, 255))
    d.ellipse((0.19 * w, 0.39 * h, 0.25 * w, 0.45 * h), fill=(10, 10, 10, 255))
    d.arc((0.22 * w, 0.3 * h, 0.46 * w, 0.7 * h), 300, 60, fill=edge, width=line)


def _paint_furs(d: ImageDraw.ImageDraw, w: float, h: float) -> None:
    line = max(2, round(0.05 * w))
    edge = (52, 28, 10, 255)
    cx = w / 2
    # a stretched pelt: head, four legs, body and tail
    pelt = [
        (cx - 0.08 * w, 0.04 * h),
        (cx + 0.08 * w, 0.04 * h),
        (cx + 0.14 * w, 0.2 * h),
        (cx + 0.42 * w, 0.14 * h),
        (cx + 0.32 * w, 0.34 * h),
        (cx + 0.3 * w, 0.62 * h),
        (cx + 0.44 * w, 0.8 * h),
        (cx + 0.18 * w, 0.78 * h),
        (cx + 0.06 * w, 0.98 * h),
        (cx - 0.06 * w, 0.98 * h),
        (cx - 0.18 * w, 0.78 * h),
        (cx - 0.44 * w, 0.8 * h),
        (cx - 0.3 * w, 0.62 * h),
        (cx - 0.32 * w, 0.34 * h),
        (cx - 0.42 * w, 0.14 * h),
        (cx - 0.14 * w, 0.2 * h),
    ]
    d.polygon(pelt, fill=(150, 94, 46, 255), outline=edge, width=line)
    d.ellipse((cx - 0.17 * w, 0.3 * h, cx + 0.17 * w, 0.74 * h), fill=(192, 136, 78, 255))
    d.line((cx, 0.26 * h, cx, 0.8 * h), fill=(110, 64, 26, 255), width=line)


_GOOD_PAINTERS: dict[str, Paint] = {"amber": _paint_amber, "fish": _paint_fish, "furs": _paint_furs}


@lru_cache(maxsize=64)
def good_icon(good: str, size: int) -> Image.Image:
    """The ``"RGBA"`` sprite of a trade good: an amber gem, a fish, a fur pelt."""
    painter = _GOOD_PAINTERS.get(good)
    if painter is None:
        return pip(size, (110, 110, 110), (230, 230, 230), 2)
    return _sprite(size, size, painter)


# --- coins, ships and tokens -----------------------------------------------------------


@lru_cache(maxsize=16)
def coin_icon(size: int) -> Image.Image:
    """Rubles: two paper notes, the top one red."""
    h = round(size * 0.72)

    def paint(d: ImageDraw.ImageDraw, w: float, hh: float) -> None:
        line = max(2, round(0.05 * w))
        d.rounded_rectangle(
            (0.12 * w, 0, w - 1, 0.78 * hh),
            0.06 * w,
            fill=(92, 140, 96, 255),
            outline=(30, 54, 34, 255),
            width=line,
        )
        note = (0, 0.22 * hh, 0.88 * w, hh - 1)
        d.rounded_rectangle(note, 0.06 * w, fill=(206, 84, 70, 255), outline=(80, 24, 20, 255), width=line)
        d.rounded_rectangle(
            (0.08 * w, 0.34 * hh, 0.8 * w, hh - 1 - 0.12 * hh),
            0.04 * w,
            outline=(250, 200, 180, 255),
            width=line,
        )
        d.ellipse((0.3 * w, 0.42 * hh, 0.58 * w, hh - 1 - 0.2 * hh), fill=(250, 220, 200, 255))

    return _sprite(size, h, paint)


def _color(name: Any) -> RGB:
    return SHIP_COLORS.get(str(name), (150, 150, 150))


@lru_cache(maxsize=64)
def ship_sprite(color: str, large: bool, width: int, initial: str = "") -> Image.Image:
    """A longship with a sail in the player's colour and their initial on it.

    The small ship is short with one low sail; the large one is long, with a dragon prow,
    a tall stern and a row of shields.
    """
    sail_color = _color(color)
    hull_color = (126, 78, 40)
    edge = (24, 18, 14)
    height = round(width * (0.8 if large else 0.9))

    def paint(d: ImageDraw.ImageDraw, w: float, h: float) -> None:
        line = max(2, round(0.035 * w))
        deck = 0.66 * h
        if large:
            hull = [
                (0.02 * w, 0.28 * h),
                (0.08 * w, 0.3 * h),
                (0.14 * w, deck),
                (0.86 * w, deck),
                (0.9 * w, 0.2 * h),
                (0.99 * w, 0.16 * h),
                (0.96 * w, 0.3 * h),
                (0.94 * w, 0.5 * h),
                (0.8 * w, 0.97 * h),
                (0.2 * w, 0.97 * h),
                (0.06 * w, 0.5 * h),
            ]
            sail = (0.24 * w, 0.03 * h, 0.76 * w, 0.6 * h)
        else:
            hull = [
                (0.02 * w, 0.48 * h),
                (0.1 * w, 0.5 * h),
                (0.16 * w, deck),
                (0.84 * w, deck),
                (0.9 * w, 0.5 * h),
                (0.98 * w, 0.48 * h),
                (0.84 * w, 0.97 * h),
                (0.16 * w, 0.97 * h),
            ]
            sail = (0.2 * w, 0.03 * h, 0.8 * w, 0.6 * h)
        d.line((0.5 * w, 0.0, 0.5 * w, deck), fill=_rgba(edge), width=line)
        d.rectangle(sail, fill=_rgba(sail_color), outline=_rgba(edge), width=line)
        if large:
            stripe = shade(sail_color, 0.7) if sail_color != SHIP_COLORS["white"] else (196, 52, 46)
            bw = (sail[2] - sail[0]) * 0.1
            for x in (sail[0] + line, sail[2] - line - bw):
                d.rectangle((x, sail[1] + line, x + bw, sail[3] - line), fill=_rgba(stripe))
        d.polygon(hull, fill=_rgba(hull_color), outline=_rgba(edge), width=line)
        if large:
            r = 0.05 * w
            for i in range(5):
                sx = 0.26 * w + i * 0.12 * w
                d.ellipse(
                    (sx - r, deck + 0.03 * h, sx + r, deck + 0.03 * h + 2 * r),
                    fill=_rgba(sail_color),
                    outline=_rgba(edge),
                    width=max(1, line // 2),
                )
            d.ellipse((0.935 * w, 0.18 * h, 0.965 * w, 0.22 * h), fill=(250, 230, 120, 255))
        else:
            d.line((0.22 * w, 0.8 * h, 0.78 * w, 0.8 * h), fill=_rgba(shade(hull_color, 0.6)), width=line)

    sprite = _sprite(width, height, paint)
    if initial:
        tsize = max(12, round(height * 0.42))
        rgb = Image.new("RGB", sprite.size)
        draw_text(rgb, (width / 2, height * 0.32), initial, tsize, (255, 255, 255), anchor="mm", bold=True)
        sprite.paste(_rgba(text_on(sail_color)), (0, 0), rgb.convert("L"))
    return sprite


@lru_cache(maxsize=8)
def horde_token(size: int) -> Image.Image:
    """The Golden Horde: a dark round token with a horse-tail standard."""

    def paint(d: ImageDraw.ImageDraw, w: float, h: float) -> None:
        line = max(2, round(0.05 * w))
        d.ellipse((0, 0, w - 1, h - 1), fill=(196, 150, 40, 255))
        d.ellipse((line, line, w - 1 - line, h - 1 - line), fill=(34, 26, 24, 255))
        cx = 0.5 * w
        # the pole with a crescent
        d.line((cx, 0.16 * h, cx, 0.88 * h), fill=(210, 170, 70, 255), width=line)
        d.chord((cx - 0.12 * w, 0.08 * h, cx + 0.12 * w, 0.3 * h), 0, 180, fill=(230, 190, 80, 255))
        d.chord((cx - 0.12 * w, 0.04 * h, cx + 0.12 * w, 0.24 * h), 0, 180, fill=(34, 26, 24, 255))
        # the horse tails
        for i, dx in enumerate((-0.15, -0.075, 0.0, 0.075, 0.15)):
            top = (cx + dx * 0.3 * w, 0.34 * h)
            bottom = (cx + dx * w, 0.8 * h - abs(dx) * 0.6 * h)
            tone = (236, 222, 190, 255) if i % 2 == 0 else (176, 132, 84, 255)
            d.line((top, bottom), fill=tone, width=round(line * 1.5))
        d.ellipse((cx - 0.07 * w, 0.28 * h, cx + 0.07 * w, 0.4 * h), fill=(230, 190, 80, 255))

    return _sprite(size, size, paint)


@lru_cache(maxsize=8)
def prince_token(size: int) -> Image.Image:
    """The Prince of Kiev: a red shield with a golden crown."""

    def paint(d: ImageDraw.ImageDraw, w: float, h: float) -> None:
        line = max(2, round(0.05 * w))
        shield = [
            (0.08 * w, 0.06 * h),
            (0.92 * w, 0.06 * h),
            (0.92 * w, 0.5 * h),
            (0.5 * w, 0.96 * h),
            (0.08 * w, 0.5 * h),
        ]
        d.polygon(shield, fill=(176, 30, 36, 255), outline=(250, 214, 96, 255), width=line)
        crown = [
            (0.24 * w, 0.62 * h),
            (0.22 * w, 0.26 * h),
            (0.36 * w, 0.42 * h),
            (0.5 * w, 0.2 * h),
            (0.64 * w, 0.42 * h),
            (0.78 * w, 0.26 * h),
            (0.76 * w, 0.62 * h),
        ]
        d.polygon(crown, fill=(250, 206, 64, 255), outline=(120, 74, 10, 255), width=max(1, line // 2))
        for x, y in ((0.22, 0.26), (0.5, 0.2), (0.78, 0.26)):
            r = 0.045 * w
            d.ellipse((x * w - r, y * h - r, x * w + r, y * h + r), fill=(250, 230, 150, 255))
        d.rectangle((0.25 * w, 0.54 * h, 0.75 * w, 0.62 * h), fill=(214, 160, 30, 255))

    return _sprite(size, size, paint)


@lru_cache(maxsize=8)
def fire_mark(size: int) -> Image.Image:
    """A flame, the mark of a burned city."""

    def paint(d: ImageDraw.ImageDraw, w: float, h: float) -> None:
        outer = [
            (0.5 * w, 0.0),
            (0.72 * w, 0.3 * h),
            (0.8 * w, 0.16 * h),
            (0.94 * w, 0.56 * h),
            (0.82 * w, 0.9 * h),
            (0.5 * w, h - 1),
            (0.18 * w, 0.9 * h),
            (0.06 * w, 0.56 * h),
            (0.22 * w, 0.2 * h),
            (0.32 * w, 0.38 * h),
        ]
        d.polygon(outer, fill=(226, 64, 24, 255), outline=(90, 20, 10, 255), width=max(2, round(0.05 * w)))
        inner = [
            (0.5 * w, 0.32 * h),
            (0.68 * w, 0.62 * h),
            (0.64 * w, 0.86 * h),
            (0.5 * w, 0.92 * h),
            (0.36 * w, 0.86 * h),
            (0.32 * w, 0.62 * h),
        ]
        d.polygon(inner, fill=(252, 196, 60, 255))

    return _sprite(size, size, paint)


# --- cities ----------------------------------------------------------------------------


@lru_cache(maxsize=16)
def city_sprite(width: int, burned: bool) -> Image.Image:
    """A walled Rus' town with an onion dome; burned, a charred ruin."""
    height = round(width * 0.82)

    def paint(d: ImageDraw.ImageDraw, w: float, h: float) -> None:
        line = max(2, round(0.03 * w))
        edge = (40, 28, 20, 255)
        if burned:
            wall, roof, dome = (70, 64, 60, 255), (44, 40, 38, 255), (58, 52, 48, 255)
        else:
            wall, roof, dome = (214, 190, 146, 255), (160, 60, 44, 255), (236, 180, 54, 255)
        # church: body, drum and onion dome
        body = (0.38 * w, 0.34 * h, 0.62 * w, 0.78 * h)
        if burned:
            d.polygon(
                [
                    (0.38 * w, 0.78 * h),
                    (0.38 * w, 0.46 * h),
                    (0.44 * w, 0.52 * h),
                    (0.5 * w, 0.36 * h),
                    (0.56 * w, 0.5 * h),
                    (0.62 * w, 0.42 * h),
                    (0.62 * w, 0.78 * h),
                ],
                fill=wall,
                outline=edge,
                width=line,
            )
        else:
            d.rectangle(body, fill=(236, 226, 204, 255), outline=edge, width=line)
            d.polygon(
                [
                    (0.5 * w, 0.02 * h),
                    (0.6 * w, 0.2 * h),
                    (0.58 * w, 0.3 * h),
                    (0.42 * w, 0.3 * h),
                    (0.4 * w, 0.2 * h),
                ],
                fill=dome,
                outline=edge,
                width=line,
            )
            d.rectangle(
                (0.43 * w, 0.28 * h, 0.57 * w, 0.36 * h), fill=(236, 226, 204, 255), outline=edge, width=line
            )
            d.rectangle((0.47 * w, 0.5 * h, 0.53 * w, 0.62 * h), fill=(80, 60, 50, 255))
        # towers
        for x0 in (0.04, 0.78):
            tower = (x0 * w, 0.36 * h, (x0 + 0.18) * w, 0.98 * h)
            if burned:
                d.polygon(
                    [
                        (tower[0], tower[3]),
                        (tower[0], 0.5 * h),
                        ((x0 + 0.06) * w, 0.56 * h),
                        ((x0 + 0.12) * w, 0.44 * h),
                        (tower[2], 0.54 * h),
                        (tower[2], tower[3]),
                    ],
                    fill=wall,
                    outline=edge,
                    width=line,
                )
            else:
                d.rectangle(tower, fill=wall, outline=edge, width=line)
                d.polygon(
                    [(tower[0] - line, 0.38 * h), ((x0 + 0.09) * w, 0.14 * h), (tower[2] + line, 0.38 * h)],
                    fill=roof,
                    outline=edge,
                    width=line,
                )
        # palisade wall
        top = 0.62 * h
        if burned:
            pts = [(0.2 * w, h - 1), (0.2 * w, top + 0.1 * h)]
            for i in range(1, 7):
                pts.append(((0.2 + i * 0.1) * w, top + (0.02 if i % 2 else 0.16) * h))
            pts.append((0.8 * w, h - 1))
            d.polygon(pts, fill=(52, 46, 42, 255), outline=edge, width=line)
        else:
            d.rectangle((0.2 * w, top, 0.8 * w, h - 1), fill=wall, outline=edge, width=line)
            for i in range(7):
                x = (0.22 + i * 0.09) * w
                d.rectangle((x, top - 0.06 * h, x + 0.045 * w, top), fill=wall, outline=edge, width=line)
            d.chord((0.43 * w, 0.74 * h, 0.57 * w, 1.1 * h), 180, 360, fill=(80, 56, 40, 255))

    sprite = _sprite(width, height, paint)
    if burned:
        fire = fire_mark(round(width * 0.42))
        sprite.alpha_composite(fire, (round(width * 0.5 - fire.width / 2), round(height * 0.1)))
    return sprite


# --- tiles -----------------------------------------------------------------------------

SIDES: tuple[str, ...] = ("N", "E", "S", "W")
_SIDE_VEC: dict[str, tuple[float, float]] = {"N": (0, -1), "E": (1, 0), "S": (0, 1), "W": (-1, 0)}


@lru_cache(maxsize=128)
def tile_image(size: int, rivers: tuple[str, ...]) -> Image.Image:
    """One square tile: land, and a river band from each river edge to the centre."""

    def paint(d: ImageDraw.ImageDraw, w: float, h: float) -> None:
        line = max(2, round(0.02 * w))
        land = LAND if rivers else STEPPE
        d.rectangle((0, 0, w - 1, h - 1), fill=_rgba(shade(land, 0.72)))
        d.rectangle((line, line, w - 1 - line, h - 1 - line), fill=_rgba(land))
        cx, cy = w / 2, h / 2
        if not rivers:
            # overland: hills and pines
            for hx, hy, r in ((0.3, 0.42, 0.22), (0.66, 0.62, 0.18)):
                d.chord(
                    ((hx - r) * w, (hy - r * 0.7) * h, (hx + r) * w, (hy + r * 0.9) * h),
                    180,
                    360,
                    fill=_rgba(shade(land, 0.85)),
                )
            for tx, ty in ((0.7, 0.26), (0.78, 0.34), (0.26, 0.72), (0.36, 0.78)):
                d.polygon(
                    [
                        (tx * w, (ty - 0.12) * h),
                        ((tx + 0.06) * w, (ty + 0.04) * h),
                        ((tx - 0.06) * w, (ty + 0.04) * h),
                    ],
                    fill=(70, 104, 56, 255),
                )
            return
        band = 0.26 * w
        edge = 0.035 * w
        for layer, extra in ((RIVER_EDGE, edge), (RIVER, 0.0)):
            half = band / 2 + extra
            for side in rivers:
                dx, dy = _SIDE_VEC.get(side, (0, 0))
                if dx:
                    x0, x1 = sorted((cx, cx + dx * w / 2 + dx * 2))
                    d.rectangle((x0, cy - half, x1, cy + half), fill=_rgba(layer))
                else:
                    y0, y1 = sorted((cy, cy + dy * h / 2 + dy * 2))
                    d.rectangle((cx - half, y0, cx + half, y1), fill=_rgba(layer))
            d.ellipse((cx - half, cy - half, cx + half, cy + half), fill=_rgba(layer))
        # a light line along each bank
        for side in rivers:
            dx, dy = _SIDE_VEC.get(side, (0, 0))
            off = band / 2 - 2 * line
            if dx:
                x0, x1 = sorted((cx, cx + dx * w / 2 + dx * 2))
                d.line((x0, cy - off, x1, cy - off), fill=_rgba(RIVER_LIGHT), width=line)
            else:
                y0, y1 = sorted((cy, cy + dy * h / 2 + dy * 2))
                d.line((cx - off, y0, cx - off, y1), fill=_rgba(RIVER_LIGHT), width=line)

    return _sprite(size, size, paint).convert("RGB")


def _tile_rivers(tile: Mapping[str, Any]) -> tuple[str, ...]:
    rivers = tile.get("rivers") or []
    return tuple(side for side in SIDES if side in rivers)


@lru_cache(maxsize=32)
def contract_card(good: str, name: str, burned: bool, w: int, h: int) -> Image.Image:
    """A contract: the good wanted (icon, and its name on a wide card) and the city it goes to."""
    sprite = Image.new("RGB", (w, h), BG)
    d = ImageDraw.Draw(sprite)
    fill = PARCHMENT if not burned else (150, 140, 126)
    d.rounded_rectangle((0, 0, w - 1, h - 1), 9, fill=fill, outline=PARCHMENT_EDGE, width=2)
    isize = h - 12
    badge = pip(isize + 4, (252, 246, 232) if not burned else (120, 112, 100), PARCHMENT_EDGE, 2)
    paste_sprite(sprite, badge, (5, 4))
    paste_sprite(sprite, good_icon(good, isize - 6), (10, 9))
    tx = isize + 16
    right = w - 10
    if burned:
        fire = fire_mark(h - 18)
        paste_sprite(sprite, fire, (w - fire.width - 8, (h - fire.height) / 2))
        right = w - fire.width - 14
    if w >= 300:
        label = GOOD_NAMES.get(good, good.title())
        right = draw_text(sprite, (right, h / 2), label, 18, (110, 84, 52), anchor="rm", bold=True)[0] - 10
    draw_text(
        sprite,
        (tx, h / 2),
        name,
        24 if h >= 56 else 20,
        DARK if not burned else (60, 50, 44),
        anchor="lm",
        bold=True,
        max_width=right - tx,
        min_size=15,
    )
    return sprite


# --- layout helpers --------------------------------------------------------------------


def _name(names: Sequence[str], seat: int) -> str:
    if 0 <= seat < len(names) and names[seat].strip():
        return names[seat]
    return f"Player {seat + 1}"


def _seat_color(view: View, seat: int) -> str:
    """The seat's ship colour: ``color`` when the view gives it, else by seat order."""
    for source in (view.get("seats") or [], view.get("ships") or []):
        for entry in source:
            if isinstance(entry, Mapping) and entry.get("seat") == seat and entry.get("color"):
                return str(entry["color"])
    return SEAT_COLORS[seat % len(SEAT_COLORS)]


def _initials(names: Sequence[str], n: int) -> list[str]:
    """One letter per seat; two where two players share a first letter."""
    letters = []
    for seat in range(n):
        text = "".join(ch for ch in safe_text(_name(names, seat)) if ch.isalnum()) or str(seat + 1)
        letters.append(text)
    firsts = [t[0].upper() for t in letters]
    out = []
    for seat, text in enumerate(letters):
        if firsts.count(firsts[seat]) > 1 and len(text) > 1:
            out.append(text[0].upper() + text[1].lower())
        else:
            out.append(firsts[seat])
    return out


def _label(im: Image.Image, x: float, y: float, text: str) -> Box:
    return draw_text(im, (x, y), text.upper(), 16, MUTED, bold=True)


def _city_names(view: View) -> dict[str, str]:
    names: dict[str, str] = {}
    for city in view.get("cities") or []:
        cid = str(city.get("id", ""))
        names[cid] = str(city.get("name") or cid.title())
    return names


def _burned_cities(view: View) -> set[str]:
    return {str(c.get("id")) for c in view.get("cities") or [] if c.get("burned")}


# --- the map ---------------------------------------------------------------------------

MAP_W = 816
MAP_MAX_H = 840
TILE_MAX = 136
TILE_GAP = 3
MAP_PAD = 10
SIDE_W = WIDTH - 2 * MARGIN - GAP - MAP_W

TABLE: RGB = (34, 44, 60)

# a board bigger than this after the quick PNG pass is packed harder (it stays under 300 KB)
SIZE_SOFT = 280 * 1024
BOARD_LEVEL = 3


def _map_cells(view: View) -> tuple[list[Mapping[str, Any]], list[tuple[int, int]]]:
    tiles = [t for t in view.get("tiles") or [] if t.get("x") is not None and t.get("y") is not None]
    spots = [(int(s[0]), int(s[1])) for s in view.get("spots") or [] if s and len(s) == 2]
    if view.get("phase") != "build":
        spots = []
    return tiles, spots


def _map_geometry(view: View, max_w: int, max_h: int) -> tuple[int, int, int, int, int]:
    """``(tile, min_x, min_y, cols, rows)`` for the board (and free spots while building)."""
    tiles, spots = _map_cells(view)
    xs = [int(t["x"]) for t in tiles] + [s[0] for s in spots]
    ys = [int(t["y"]) for t in tiles] + [s[1] for s in spots]
    if not xs:
        return TILE_MAX, 0, 0, 1, 1
    min_x, min_y = min(xs), min(ys)
    cols, rows = max(xs) - min_x + 1, max(ys) - min_y + 1
    step = min(
        TILE_MAX + TILE_GAP,
        (max_w - 2 * MAP_PAD + TILE_GAP) // cols,
        (max_h - 2 * MAP_PAD + TILE_GAP) // rows,
    )
    return max(24, step - TILE_GAP), min_x, min_y, cols, rows


BoardKey = tuple[tuple[int, int, tuple[str, ...], str], ...]


def _board_key(tiles: Sequence[Mapping[str, Any]]) -> BoardKey:
    return tuple(sorted((int(t["x"]), int(t["y"]), _tile_rivers(t), str(t.get("id") or "")) for t in tiles))


@lru_cache(maxsize=8)
def _map_base(key: BoardKey, tile: int, min_x: int, min_y: int, w: int, h: int) -> Image.Image:
    """The table with every tile and its id on it (no cities or pieces): it changes only while building."""
    base = Image.new("RGB", (w, h), BG)
    ImageDraw.Draw(base).rounded_rectangle((0, 0, w - 1, h - 1), 14, fill=TABLE, outline=PANEL_EDGE, width=2)
    step = tile + TILE_GAP
    size = 16 if tile >= 100 else 14
    for x, y, rivers, tile_id in key:
        tx, ty = MAP_PAD + (x - min_x) * step, MAP_PAD + (y - min_y) * step
        base.paste(tile_image(tile, rivers), (tx, ty))
        if tile_id:
            draw_text(base, (tx + tile - 5, ty + 3), tile_id, size, (44, 58, 30), anchor="rt")
    return base


def _map_size(view: View, max_w: int, max_h: int) -> tuple[int, int]:
    tile, _, _, cols, rows = _map_geometry(view, max_w, max_h)
    step = tile + TILE_GAP
    return 2 * MAP_PAD + cols * step - TILE_GAP, 2 * MAP_PAD + rows * step - TILE_GAP


def _draw_map(im: Image.Image, view: View, names: Sequence[str], x0: int, y0: int, w: int, h: int) -> None:
    tiles, spots = _map_cells(view)
    tile, min_x, min_y, cols, rows = _map_geometry(view, w, h)
    step = tile + TILE_GAP
    mw = 2 * MAP_PAD + cols * step - TILE_GAP
    mh = 2 * MAP_PAD + rows * step - TILE_GAP
    ox = x0 + (w - mw) // 2
    oy = y0
    base = _map_base(_board_key(tiles), tile, min_x, min_y, mw, mh)
    im.paste(base, (ox, oy))
    d = ImageDraw.Draw(im)

    def corner(x: int, y: int) -> tuple[int, int]:
        return ox + MAP_PAD + (x - min_x) * step, oy + MAP_PAD + (y - min_y) * step

    # free spots while building
    chosen = view.get("spot")
    for sx, sy in spots:
        cx, cy = corner(sx, sy)
        is_chosen = chosen is not None and [sx, sy] == list(chosen)
        color = GOLD if is_chosen else (96, 112, 140)
        _dashed_square(d, (cx + 2, cy + 2, cx + tile - 3, cy + tile - 3), color, 3 if is_chosen else 2)
        draw_text(
            im, (cx + tile / 2, cy + tile / 2), f"{sx},{sy}", 18 if tile >= 80 else 14, color, anchor="mm"
        )
    if not tiles:
        draw_text(im, (ox + mw / 2, oy + mh / 2), "No tiles yet", 22, MUTED, anchor="mm")
        return

    cities = {str(c.get("id")): c for c in view.get("cities") or []}
    pieces: dict[str, list[tuple[str, Any]]] = {}
    for ship in view.get("ships") or []:
        if ship.get("tile") is not None:
            pieces.setdefault(str(ship["tile"]), []).append(("ship", ship))
    if view.get("horde") is not None:
        pieces.setdefault(str(view["horde"]), []).append(("horde", None))
    if view.get("prince") is not None:
        pieces.setdefault(str(view["prince"]), []).append(("prince", None))
    initials = _initials(names, int(view.get("players") or len(view.get("seats") or [])))

    label_size = 18 if tile >= 96 else 16
    for t in tiles:
        tid = str(t.get("id"))
        tx, ty = corner(int(t["x"]), int(t["y"]))
        here = pieces.get(tid, [])
        city_id = t.get("city")
        if city_id:
            city = cities.get(str(city_id), {})
            burned = bool(city.get("burned", t.get("burned")))
            cw = round(tile * (0.5 if here else 0.62))
            sprite = city_sprite(cw, burned)
            paste_sprite(
                im,
                sprite,
                (
                    tx + tile * (0.3 if here else 0.5) - cw / 2,
                    ty + tile * (0.42 if here else 0.44) - sprite.height / 2,
                ),
            )
            good = city.get("good")
            if good:
                bsize = max(20, round(tile * 0.26))
                paste_sprite(im, pip(bsize, (250, 244, 228), (60, 44, 28), 2), (tx + 3, ty + 3))
                paste_sprite(im, good_icon(str(good), bsize - 8), (tx + 7, ty + 7))
            holder = city.get("holder")
            name = str(t.get("name") or city.get("name") or city_id)
            nbox = draw_text(
                im,
                (tx + tile / 2, ty + tile - 3),
                name,
                label_size,
                INK if not burned else (255, 170, 120),
                anchor="mb",
                bold=True,
                halo=(16, 16, 20),
                max_width=tile - 6 - (18 if holder is not None else 0),
                min_size=12,
            )
            if holder is not None:
                color = _color(_seat_color(view, int(holder)))
                psize = 16
                paste_sprite(
                    im, pip(psize, color, (16, 16, 20), 3), (nbox[2] + 1, (nbox[1] + nbox[3]) / 2 - psize / 2)
                )
        slots = _piece_slots(len(here), bool(city_id))
        crowded = len(here) > 1
        for (kind, piece), (fx, fy) in zip(here, slots, strict=False):
            px, py = tx + tile * fx, ty + tile * fy
            if kind == "ship":
                seat = int(piece.get("seat", 0))
                large = piece.get("size") == "large"
                sw = round(
                    tile * (0.62 if large else 0.48) * (0.86 if city_id else 1.0) * (0.8 if crowded else 1)
                )
                initial = initials[seat] if seat < len(initials) else str(seat + 1)
                sprite = ship_sprite(_seat_color(view, seat), large, sw, initial)
            elif kind == "horde":
                sprite = horde_token(round(tile * (0.38 if crowded else 0.44 if city_id else 0.56)))
            else:
                sprite = prince_token(round(tile * (0.36 if crowded else 0.42 if city_id else 0.52)))
            paste_sprite(im, sprite, (px - sprite.width / 2, py - sprite.height / 2))


def _piece_slots(n: int, city: bool) -> list[tuple[float, float]]:
    """Where on a tile (fractions of its side) its pieces stand: beside the city if any."""
    if n <= 1:
        return [(0.72, 0.44)] if city else [(0.5, 0.5)]
    if city:
        return [(0.74, 0.26), (0.74, 0.62), (0.3, 0.62)][:n] + [(0.5, 0.5)] * max(0, n - 3)
    if n == 2:
        return [(0.3, 0.38), (0.7, 0.62)]
    return [(0.3, 0.3), (0.7, 0.3), (0.5, 0.7)][:n] + [(0.5, 0.5)] * max(0, n - 3)


def _dashed_square(d: ImageDraw.ImageDraw, box: Box, color: RGB, width: int) -> None:
    x0, y0, x1, y1 = box
    dash = 10
    for x in range(x0, x1, 2 * dash):
        d.line((x, y0, min(x + dash, x1), y0), fill=color, width=width)
        d.line((x, y1, min(x + dash, x1), y1), fill=color, width=width)
    for y in range(y0, y1, 2 * dash):
        d.line((x0, y, x0, min(y + dash, y1)), fill=color, width=width)
        d.line((x1, y, x1, min(y + dash, y1)), fill=color, width=width)


# --- the side column -------------------------------------------------------------------

PRICE_H = 132


@lru_cache(maxsize=16)
def price_card(circles: tuple[int, ...], index: int, w: int) -> Image.Image:
    """The price card: revealed circles, the current price ringed in gold, burned markers on the rest."""
    h = PRICE_H
    card = Image.new("RGB", (w, h), BG)
    d = ImageDraw.Draw(card)
    d.rounded_rectangle((0, 0, w - 1, h - 1), 12, fill=PARCHMENT, outline=PARCHMENT_EDGE, width=2)
    draw_text(card, (14, 8), "PRICE OF GOODS", 16, (110, 84, 52), bold=True)
    burned = max(0, index)
    tail = f"{burned} of 5 cities burned" if burned != 1 else "1 of 5 cities burned"
    draw_text(card, (w - 14, 8), tail, 16, BAD if burned >= 4 else (110, 84, 52), anchor="rt", bold=True)
    n = max(1, len(circles))
    size = min(58, (w - 28) // n - 8)
    step = (w - 28 - size) / max(1, n - 1)
    y = 34 + (h - 34 - 14 - size) / 2
    for i, value in enumerate(circles):
        x = 14 + i * step
        cx, cy = x + size / 2, y + size / 2
        if i > index:
            # a burned marker still covers this circle
            paste_sprite(card, pip(size, (58, 50, 46), (26, 22, 20), 3), (x, y))
            fire = fire_mark(round(size * 0.56))
            paste_sprite(card, fire, (cx - fire.width / 2, cy - fire.height / 2))
            continue
        current = i == index
        if current:
            paste_sprite(card, pip(size + 10, GOLD, (140, 90, 10), 3), (x - 5, y - 5))
        paste_sprite(
            card, pip(size, (252, 246, 232) if not current else (255, 236, 170), PARCHMENT_EDGE, 3), (x, y)
        )
        draw_text(card, (cx, cy), str(value), 30 if current else 26, DARK, anchor="mm", bold=True)
    return card


def _draw_price(im: Image.Image, view: View, x: int, y: int, w: int) -> int:
    price = view.get("price") or {}
    circles = tuple(int(c) for c in price.get("circles") or (2, 3, 4, 5, 6, 8))
    index = int(price.get("index", 0) or 0)
    im.paste(price_card(circles, index, w), (x, y))
    return y + PRICE_H


CONTRACT_H = 46


@lru_cache(maxsize=64)
def city_contracts_card(name: str, goods: tuple[str, ...], burned: bool, w: int, h: int) -> Image.Image:
    """The face-up contracts of one city: its name and the goods it wants."""
    sprite = Image.new("RGB", (w, h), BG)
    d = ImageDraw.Draw(sprite)
    fill = PARCHMENT if not burned else (150, 140, 126)
    d.rounded_rectangle((0, 0, w - 1, h - 1), 9, fill=fill, outline=PARCHMENT_EDGE, width=2)
    isize = h - 14
    step = isize + 2 if len(goods) < 3 else round(isize * 0.72)
    x = w - 8 - isize
    for good in reversed(goods):
        paste_sprite(sprite, good_icon(good, isize), (x, 7))
        x -= step
    right = x + step - 6
    if burned:
        fire = fire_mark(h - 20)
        paste_sprite(sprite, fire, (8, (h - fire.height) / 2))
    tx = 10 + (h - 14 if burned else 0)
    draw_text(
        sprite,
        (tx, h / 2),
        name,
        20,
        DARK if not burned else (60, 50, 44),
        anchor="lm",
        bold=True,
        max_width=right - tx,
        min_size=14,
    )
    return sprite


def _contract_groups(view: View) -> list[tuple[str, tuple[str, ...]]]:
    """``(city id, goods)`` for the face-up contracts, one group per city in table order."""
    groups: dict[str, list[str]] = {}
    for contract in view.get("contracts") or []:
        groups.setdefault(str(contract.get("city", "")), []).append(str(contract.get("good", "")))
    order = {g: i for i, g in enumerate(GOODS)}
    return [(city, tuple(sorted(goods, key=lambda g: order.get(g, 9)))) for city, goods in groups.items()]


def _contracts_height(view: View, w: int) -> int:
    rows = max(1, -(-len(_contract_groups(view)) // 2))
    return 24 + rows * (CONTRACT_H + 6) - 6


def _draw_contracts(im: Image.Image, view: View, x: int, y: int, w: int) -> int:
    count = len(view.get("contracts") or [])
    groups = _contract_groups(view)
    cities = _city_names(view)
    burned = _burned_cities(view)
    _label(im, x, y, f"Contracts on the table: {count}")
    deck = view.get("deck")
    if deck is not None:
        draw_text(im, (x + w, y), f"deck {deck}", 16, MUTED, anchor="rt", bold=True)
    y += 24
    if not groups:
        ImageDraw.Draw(im).rounded_rectangle((x, y, x + w, y + CONTRACT_H), 9, outline=PANEL_EDGE, width=2)
        draw_text(im, (x + w / 2, y + CONTRACT_H / 2), "none face up", 20, MUTED, anchor="mm")
        return y + CONTRACT_H
    cw = (w - 6) // 2
    for i, (city, goods) in enumerate(groups):
        cx = x + (i % 2) * (cw + 6)
        cy = y + (i // 2) * (CONTRACT_H + 6)
        card = city_contracts_card(cities.get(city, city.title()), goods, city in burned, cw, CONTRACT_H)
        im.paste(card, (cx, cy))
    rows = -(-len(groups) // 2)
    return y + rows * (CONTRACT_H + 6) - 6


def _chip(im: Image.Image, x: int, y: int, text: str, fill: RGB, ink: RGB, size: int = 18) -> int:
    w = text_width(text, size, bold=True) + 16
    ImageDraw.Draw(im).rounded_rectangle((x, y, x + w, y + size + 10), (size + 10) // 2, fill=fill)
    draw_text(im, (x + w / 2, y + (size + 10) / 2), text, size, ink, anchor="mm", bold=True)
    return x + w


def _chip_rows(texts: Sequence[str], w: int, size: int = 18) -> list[list[str]]:
    rows: list[list[str]] = [[]]
    used = 0
    for text in texts:
        cw = text_width(text, size, bold=True) + 16 + 6
        if rows[-1] and used + cw > w:
            rows.append([])
            used = 0
        rows[-1].append(text)
        used += cw
    return rows


def _passes_height(view: View, w: int) -> int:
    names = [_city_names(view).get(str(c), str(c)) for c in view.get("passes_available") or []]
    return 24 + len(_chip_rows(names, w)) * 34 - 6


def _draw_passes(im: Image.Image, view: View, x: int, y: int, w: int) -> int:
    cities = _city_names(view)
    burned = _burned_cities(view)
    ids = [str(c) for c in view.get("passes_available") or []]
    _label(im, x, y, f"Passes for sale: {len(ids)}")
    y += 24
    if not ids:
        draw_text(im, (x, y + 2), "all passes are taken", 18, MUTED)
        return y + 28
    names = [cities.get(c, c.title()) for c in ids]
    fills = {cities.get(c, c.title()): c in burned for c in ids}
    for row in _chip_rows(names, w):
        cx = x
        for text in row:
            dim = fills.get(text, False)
            cx = _chip(im, cx, y, text, (70, 62, 58) if dim else (214, 198, 160), MUTED if dim else DARK) + 6
        y += 34
    return y - 6


def _draw_drawn_tile(im: Image.Image, view: View, x: int, y: int, w: int) -> int:
    tile = view.get("drawn_tile")
    _label(im, x, y, f"Tile to place (bag: {view.get('bag', 0)})")
    y += 24
    if not tile:
        draw_text(im, (x, y), "none drawn", 18, MUTED)
        return y + 26
    size = 110
    timg = tile_image(size, _tile_rivers(tile))
    im.paste(timg, (x, y))
    if tile.get("city"):
        sprite = city_sprite(round(size * 0.62), False)
        paste_sprite(im, sprite, (x + size / 2 - sprite.width / 2, y + size * 0.44 - sprite.height / 2))
        draw_text(
            im,
            (x + size / 2, y + size - 3),
            str(tile.get("name") or tile["city"]),
            18,
            INK,
            anchor="mb",
            bold=True,
            halo=(16, 16, 20),
            max_width=size - 6,
            min_size=12,
        )
    kind = str(tile.get("kind") or "")
    shape = str(tile.get("shape") or "")
    text = {"city": "a city on the river", "river": "a river", "land": "overland, no river"}.get(kind, kind)
    draw_text(im, (x + size + 14, y + 10), text, 20, INK, bold=True, max_width=w - size - 14)
    if shape:
        draw_text(im, (x + size + 14, y + 40), f"{shape} river", 18, MUTED, max_width=w - size - 14)
    spot = view.get("spot")
    if spot:
        draw_text(im, (x + size + 14, y + 68), "spot chosen: rotate it", 18, GOLD, max_width=w - size - 14)
    return y + size


def _draw_log(im: Image.Image, view: View, names: Sequence[str], box: Box) -> None:
    """The latest public lines that fit in ``box``, newest last, each wrapped to two lines."""
    d = ImageDraw.Draw(im)
    x0, y0, x1, y1 = box
    d.rounded_rectangle(box, 14, fill=(32, 42, 58), outline=PANEL_EDGE, width=2)
    _label(im, x0 + 14, y0 + 12, "Recent moves")
    room = max(0, (y1 - 8 - (y0 + 40)) // 24)
    blocks: list[tuple[int | None, list[str]]] = []
    used = 0
    for entry in reversed(list(view.get("log") or [])):
        seat = entry.get("seat")
        text = name_seats(str(entry.get("text", "")), list(names))
        if seat is not None:
            text = f"{_name(names, int(seat))} {text}"
        lines = wrap_text(text, 18, x1 - x0 - 52, max_lines=2)
        if used + len(lines) > room:
            break
        blocks.append((None if seat is None else int(seat), lines))
        used += len(lines)
    y = y0 + 40
    for seat, lines in reversed(blocks):
        x = x0 + 14
        if seat is not None:
            paste_sprite(im, pip(16, _color(_seat_color(view, seat)), (16, 16, 20), 2), (x, y + 4))
        for line in lines:
            draw_text(im, (x + 24, y), line, 18, INK if seat is not None else GOLD)
            y += 24


# --- header and trade offer ------------------------------------------------------------

PHASE_TITLES: dict[str, str] = {
    "build": "Building the board",
    "passes": "Choosing passes",
    "ships": "Placing ships",
}


def _draw_header(im: Image.Image, view: View, names: Sequence[str], height: int) -> None:
    d = ImageDraw.Draw(im)
    d.rectangle((0, 0, im.width, height), fill=HEADER_BG)
    d.line((0, height - 1, im.width, height - 1), fill=PANEL_EDGE, width=2)
    mid = height / 2
    x = MARGIN
    phase = str(view.get("phase") or "")
    if phase in PHASE_TITLES:
        box = draw_text(im, (x, mid), PHASE_TITLES[phase], 26, INK, anchor="lm", bold=True)
        x = box[2] + 18
    else:
        burned = int((view.get("price") or {}).get("index", 0) or 0)
        fire = fire_mark(34)
        paste_sprite(im, fire, (x, mid - fire.height / 2))
        box = draw_text(im, (x + 40, mid), f"{burned}/5 burned", 26, INK, anchor="lm", bold=True)
        x = box[2] + 18
    outcome = view.get("outcome") if view.get("over") else None
    if outcome:
        _draw_outcome_banner(im, outcome, names, x + 10, height)
        return
    to_act = [int(s) for s in view.get("to_act") or []]
    prompt = str(view.get("prompt") or "")
    if not to_act and not prompt:
        return
    who = ", ".join(_name(names, s) for s in to_act)
    text = f"{who}: {prompt}" if who and prompt else who or prompt
    x += 10
    triangle_right(d, x, mid, 26, GOLD)
    x += 32
    if len(to_act) == 1:
        ship = ship_sprite(_seat_color(view, to_act[0]), _ship_large(view, to_act[0]), 44)
        paste_sprite(im, ship, (x, mid - ship.height / 2))
        x += 52
    draw_text(
        im, (x, mid), text, 28, GOLD, anchor="lm", bold=True, max_width=im.width - MARGIN - x, min_size=20
    )


def _ship_large(view: View, seat: int) -> bool:
    seats = view.get("seats") or []
    if 0 <= seat < len(seats):
        return seats[seat].get("ship") == "large"
    return False


def _draw_outcome_banner(
    im: Image.Image, outcome: Mapping[str, Any], names: Sequence[str], x: int, height: int
) -> None:
    winners = [int(s) for s in outcome.get("winners") or []]
    scores = list(outcome.get("scores") or [])
    if winners:
        who = " & ".join(_name(names, s) for s in winners)
        best = scores[winners[0]] if winners[0] < len(scores) else None
        verb = "wins" if len(winners) == 1 else "win"
        title = f"{who} {verb}!" + (f"  {best} rubles" if best is not None else "")
    else:
        title = "Game over"
    right = im.width - MARGIN
    draw_text(
        im, (x, height * 0.36), title, 30, GOLD, anchor="lm", bold=True, max_width=right - x, min_size=20
    )
    reason = str(outcome.get("reason") or "")
    if reason:
        draw_text(im, (x, height * 0.76), reason, 18, MUTED, anchor="lm", max_width=right - x, min_size=16)


@lru_cache(maxsize=8)
def contract_back(size: int) -> Image.Image:
    """A face-down contract: a small sealed scroll card."""
    h = size
    w = round(size * 0.76)

    def paint(d: ImageDraw.ImageDraw, ww: float, hh: float) -> None:
        line = max(2, round(0.06 * ww))
        d.rounded_rectangle(
            (0, 0, ww - 1, hh - 1),
            0.12 * ww,
            fill=(120, 46, 40, 255),
            outline=(246, 230, 196, 255),
            width=line,
        )
        d.rounded_rectangle(
            (0.18 * ww, 0.14 * hh, 0.82 * ww, 0.86 * hh), 0.08 * ww, outline=(220, 180, 110, 255), width=line
        )
        r = 0.16 * ww
        d.ellipse((ww / 2 - r, hh / 2 - r, ww / 2 + r, hh / 2 + r), fill=(230, 186, 80, 255))

    return _sprite(w, h, paint)


def _bundle_items(bundle: Mapping[str, Any], cities: Mapping[str, str]) -> list[tuple[str, str, int]]:
    """``(kind, what, count)`` for each part of a trade bundle."""
    items: list[tuple[str, str, int]] = []
    rubles = int(bundle.get("rubles") or 0)
    if rubles:
        items.append(("rubles", "", rubles))
    goods = bundle.get("goods") or {}
    for good in [g for g in GOODS if g in goods] + [g for g in goods if g not in GOODS]:
        if int(goods[good] or 0):
            items.append(("good", str(good), int(goods[good])))
    for city in bundle.get("passes") or []:
        items.append(("pass", cities.get(str(city), str(city).title()), 1))
    contracts = int(bundle.get("contracts") or 0)
    if contracts:
        items.append(("contracts", "", contracts))
    return items


def _draw_bundle(im: Image.Image, x: int, mid: float, items: list[tuple[str, str, int]]) -> int:
    if not items:
        return draw_text(im, (x, mid), "nothing", 20, MUTED, anchor="lm")[2]
    for kind, what, count in items:
        if kind == "rubles":
            note = coin_icon(34)
            paste_sprite(im, note, (x, mid - note.height / 2))
            x = draw_text(im, (x + 38, mid), str(count), 24, GOLD, anchor="lm", bold=True)[2] + 14
        elif kind == "good":
            paste_sprite(im, good_icon(what, 32), (x, mid - 16))
            x = draw_text(im, (x + 34, mid), f"x{count}", 22, INK, anchor="lm", bold=True)[2] + 14
        elif kind == "pass":
            x = _chip(im, x, round(mid - 14), what, (214, 198, 160), DARK) + 10
        else:
            back = contract_back(32)
            paste_sprite(im, back, (x, mid - 16))
            label = f"x{count} contract" + ("s" if count != 1 else "")
            x = draw_text(im, (x + back.width + 4, mid), label, 20, INK, anchor="lm", bold=True)[2] + 14
    return x


OFFER_H = 64
OFFER_LINE = 44


def _bundle_width(items: list[tuple[str, str, int]]) -> int:
    if not items:
        return text_width("nothing", 20)
    w = 0
    for kind, what, count in items:
        if kind == "rubles":
            w += 38 + text_width(str(count), 24, bold=True) + 14
        elif kind == "good":
            w += 34 + text_width(f"x{count}", 22, bold=True) + 14
        elif kind == "pass":
            w += text_width(what, 18, bold=True) + 16 + 10
        else:
            label = f"x{count} contract" + ("s" if count != 1 else "")
            w += contract_back(32).width + 4 + text_width(label, 20, bold=True) + 14
    return w


def _offer_lines(view: View, names: Sequence[str]) -> list[list[tuple[str, Any]]]:
    """The parts of the offer banner, flowed into lines that fit the picture."""
    offer = view.get("offer") or {}
    cities = _city_names(view)
    giver, taker = int(offer.get("from", 0) or 0), offer.get("to")
    verb = "offers" if offer.get("sent") else "is preparing an offer for"
    target = _name(names, int(taker)) if taker is not None else "someone"
    title = f"{_name(names, giver)} {verb} {target}:"
    give = _bundle_items(offer.get("give") or {}, cities)
    ask = _bundle_items(offer.get("ask") or {}, cities)
    parts: list[tuple[str, Any, int]] = [
        ("title", title, 46 + min(420, text_width(title, 22, bold=True)) + 14),
        ("give", give, _bundle_width(give)),
        ("for", "for", text_width("for", 20) + 18),
        ("ask", ask, _bundle_width(ask)),
    ]
    room = WIDTH - 2 * MARGIN - 24
    lines: list[list[tuple[str, Any]]] = [[]]
    used = 0
    for kind, value, w in parts:
        if lines[-1] and used + w > room and kind != "for":
            lines.append([])
            used = 0
        lines[-1].append((kind, value))
        used += w
    return lines


def _offer_height(view: View, names: Sequence[str]) -> int:
    return OFFER_H + OFFER_LINE * (len(_offer_lines(view, names)) - 1)


def _draw_offer(im: Image.Image, view: View, names: Sequence[str], top: int) -> None:
    offer = view.get("offer") or {}
    lines = _offer_lines(view, names)
    h = _offer_height(view, names)
    d = ImageDraw.Draw(im)
    d.rounded_rectangle(
        (MARGIN, top, im.width - MARGIN, top + h), 12, fill=(56, 46, 28), outline=GOLD, width=2
    )
    giver = int(offer.get("from", 0) or 0)
    mid = top + OFFER_H / 2
    for line in lines:
        x = MARGIN + 12
        for kind, value in line:
            if kind == "title":
                ship = ship_sprite(_seat_color(view, giver), _ship_large(view, giver), 40)
                paste_sprite(im, ship, (x, mid - ship.height / 2))
                box = draw_text(im, (x + 46, mid), value, 22, INK, anchor="lm", bold=True, max_width=420)
                x = box[2] + 14
            elif kind == "for":
                x = draw_text(im, (x + 4, mid), "for", 20, MUTED, anchor="lm")[2] + 14
            else:
                x = _draw_bundle(im, x, mid, value)
        mid += OFFER_LINE


# --- player panels -----------------------------------------------------------------------

PANEL_HEAD = 58
GOODS_ROW = 44


def _pass_names(view: View, seat: Mapping[str, Any]) -> list[str]:
    cities = _city_names(view)
    return [cities.get(str(c), str(c).title()) for c in seat.get("passes") or []]


def panel_height(view: View, seat: Mapping[str, Any], width: int) -> int:
    rows = len(_chip_rows(_pass_names(view, seat) or ["-"], width - 28 - 70))
    return PANEL_HEAD + 6 + GOODS_ROW + 6 + rows * 34 + 8


def draw_panel(
    im: Image.Image,
    view: View,
    box: Box,
    seat: Mapping[str, Any],
    name: str,
    *,
    active: bool,
    place: str | None = None,
    winner: bool = False,
) -> None:
    """One player's area: ship, name, rubles, goods, hidden contracts and passes."""
    d = ImageDraw.Draw(im)
    x0, y0, x1, y1 = box
    index = int(seat.get("seat", 0))
    color = _color(_seat_color(view, index))
    large = seat.get("ship") == "large"
    edge_color = GOLD if active or winner else PANEL_EDGE
    d.rounded_rectangle(box, 14, fill=PANEL, outline=edge_color, width=4 if active or winner else 2)
    head_fill = shade(PANEL, 1.12) if not active else (74, 66, 40)
    d.rounded_rectangle((x0 + 4, y0 + 4, x1 - 4, y0 + PANEL_HEAD), 11, fill=head_fill)
    d.rectangle((x0 + 4, y0 + 8, x0 + 14, y0 + PANEL_HEAD - 4), fill=color, outline=(16, 16, 20), width=1)
    ship = ship_sprite(_seat_color(view, index), large, 56 if large else 46)
    mid = y0 + (PANEL_HEAD + 4) / 2
    paste_sprite(im, ship, (x0 + 20 + (56 - ship.width) / 2, mid - ship.height / 2))
    nx = x0 + 84
    rubles = str(seat.get("rubles", 0))
    note = coin_icon(38)
    money_w = text_width(rubles, 34, bold=True) + note.width + 8
    right = x1 - 14 - money_w
    tag = "WINNER" if winner else place or ("to act" if active else "")
    tag_w = (text_width(tag, 20, bold=True) + 40) if tag else 0
    nbox = draw_text(
        im, (nx, mid), name, 28, INK, anchor="lm", bold=True, max_width=right - nx - tag_w - 8, min_size=18
    )
    if tag:
        tx = nbox[2] + 10
        fill = GOLD if (active or winner) else (90, 104, 128)
        d.rounded_rectangle((tx, mid - 14, tx + tag_w - 6, mid + 14), 14, fill=fill)
        if active and not winner and not place:
            triangle_right(d, tx + 10, mid, 14, DARK)
            draw_text(im, (tx + 28, mid), tag, 20, DARK, anchor="lm", bold=True)
        else:
            draw_text(
                im,
                (tx + (tag_w - 6) / 2, mid),
                tag,
                20,
                DARK if fill == GOLD else INK,
                anchor="mm",
                bold=True,
            )
    paste_sprite(im, note, (x1 - 14 - money_w, mid - note.height / 2))
    draw_text(im, (x1 - 14, mid), rubles, 34, GOLD, anchor="rm", bold=True)
    # goods, cargo and hidden contracts
    gy = y0 + PANEL_HEAD + 6
    gmid = gy + GOODS_ROW / 2
    goods = seat.get("goods") or {}
    x = x0 + 14
    carried = 0
    for good in GOODS:
        count = int(goods.get(good, 0) or 0)
        carried += count
        sprite = good_icon(good, 34)
        if count:
            paste_sprite(im, sprite, (x, gmid - 17))
        else:
            faded = sprite.copy()
            faded.putalpha(faded.getchannel("A").point(lambda a: a * 45 // 100))
            paste_sprite(im, faded, (x, gmid - 17))
        x = (
            draw_text(im, (x + 37, gmid), str(count), 24, INK if count else MUTED, anchor="lm", bold=True)[2]
            + 14
        )
    capacity = seat.get("capacity")
    cargo = f"cargo {carried}/{capacity}" if capacity else "no cargo limit"
    draw_text(im, (x, gmid), cargo, 18, MUTED, anchor="lm", max_width=max(40, x1 - 90 - x), min_size=14)
    hidden = int(seat.get("hidden_contracts", 0) or 0)
    back = contract_back(34)
    hx = x1 - 14 - back.width - 4 - text_width(str(hidden), 24, bold=True)
    paste_sprite(im, back, (hx, gmid - back.height / 2))
    draw_text(im, (x1 - 14, gmid), str(hidden), 24, INK if hidden else MUTED, anchor="rm", bold=True)
    # passes
    py = gy + GOODS_ROW + 6
    d.line((x0 + 14, py - 3, x1 - 14, py - 3), fill=PANEL_EDGE, width=1)
    draw_text(im, (x0 + 14, py + 14), "passes", 16, MUTED, anchor="lm", bold=True)
    passes = _pass_names(view, seat)
    if not passes:
        draw_text(im, (x0 + 84, py + 14), "none", 18, MUTED, anchor="lm")
        return
    for row in _chip_rows(passes, x1 - x0 - 28 - 70):
        cx = x0 + 84
        for text in row:
            cx = (
                _chip(
                    im,
                    cx,
                    py,
                    text,
                    shade(color, 0.9) if color != SHIP_COLORS["white"] else (214, 214, 206),
                    text_on(color),
                )
                + 6
            )
        py += 34


# --- the two pictures --------------------------------------------------------------------


def _places(outcome: Mapping[str, Any], n: int) -> list[str]:
    """``1st``, ``2nd``... by final score; winners (tie-breaks included) come first."""
    scores = list(outcome.get("scores") or [])
    if len(scores) < n:
        return [""] * n
    winners = {int(s) for s in outcome.get("winners") or []}
    ordinals = ("1st", "2nd", "3rd", "4th", "5th")
    places = []
    for seat, score in enumerate(scores):
        if seat in winners:
            ahead = 0
        else:
            ahead = len(winners) + sum(
                1 for other, s in enumerate(scores) if other not in winners and s > score
            )
        places.append(ordinals[min(4, ahead)])
    return places


def _side_height(view: View, w: int) -> int:
    h = PRICE_H + 14
    if view.get("phase") == "build":
        h += 24 + 110 + 14
    h += _contracts_height(view, w) + 14
    h += _passes_height(view, w)
    return h


def _draw_side(im: Image.Image, view: View, x: int, y: int, w: int) -> int:
    y = _draw_price(im, view, x, y, w) + 14
    if view.get("phase") == "build":
        y = _draw_drawn_tile(im, view, x, y, w) + 14
    y = _draw_contracts(im, view, x, y, w) + 14
    return _draw_passes(im, view, x, y, w)


def board_png(view: View, *, names: Sequence[str]) -> bytes:
    """The public board as PNG bytes; ``view["private"]`` is never read."""
    seats = list(view.get("seats") or [])
    over = bool(view.get("over"))
    outcome = view.get("outcome") if over else None
    head_h = 84 if outcome else 68
    top = head_h + 12
    map_h = _map_size(view, MAP_W, MAP_MAX_H)[1]
    side_x = MARGIN + MAP_W + GAP
    side_h = _side_height(view, SIDE_W)
    main_h = max(map_h, side_h)
    log_in_side = bool(view.get("log")) and main_h - side_h - 14 >= 120
    offer = view.get("offer")
    offer_top = top + main_h + 14
    players_top = offer_top + (_offer_height(view, names) + 14 if offer else 0)
    cols = 2 if len(seats) in (1, 2, 4) else 3
    panel_w = (WIDTH - 2 * MARGIN - GAP * (cols - 1)) // cols
    rows = [seats[i : i + cols] for i in range(0, len(seats), cols)]
    row_heights = [max(panel_height(view, s, panel_w) for s in row) for row in rows]
    height = players_top + sum(row_heights) + GAP * max(0, len(rows) - 1) + MARGIN

    im = Image.new("RGB", (WIDTH, height), BG)
    _draw_header(im, view, names, head_h)
    _draw_map(im, view, names, MARGIN, top, MAP_W, MAP_MAX_H)
    bottom = _draw_side(im, view, side_x, top, SIDE_W)
    if log_in_side:
        _draw_log(im, view, names, (side_x, bottom + 14, side_x + SIDE_W, top + main_h))
    if offer:
        _draw_offer(im, view, names, offer_top)
    to_act = {int(s) for s in view.get("to_act") or []}
    places = _places(outcome, len(seats)) if outcome else [""] * len(seats)
    winners = {int(s) for s in outcome.get("winners") or []} if outcome else set()
    y = players_top
    for r, row in enumerate(rows):
        for c, seat in enumerate(row):
            x = MARGIN + c * (panel_w + GAP)
            index = int(seat.get("seat", r * cols + c))
            draw_panel(
                im,
                view,
                (x, y, x + panel_w, y + row_heights[r]),
                seat,
                _name(names, index),
                active=index in to_act and not over,
                place=places[index] if index < len(places) and places[index] else None,
                winner=index in winners,
            )
        if len(row) < cols and view.get("log") and not log_in_side:
            x = MARGIN + len(row) * (panel_w + GAP)
            _draw_log(im, view, names, (x, y, WIDTH - MARGIN, y + row_heights[r]))
        y += row_heights[r] + GAP
    data = encode_png(im, level=BOARD_LEVEL)
    if len(data) > SIZE_SOFT:
        data = encode_png(im, level=6)
    return data


HAND_CARD_H = 60


def _own_seat(view: View) -> int | None:
    """The seat whose view this is: ``view["seat"]`` when given, else ``private["seat"]``."""
    for source in (view, view.get("private") or {}):
        seat = source.get("seat") if isinstance(source, Mapping) else None
        if isinstance(seat, int):
            return seat
    return None


def _hand_sections(private: Mapping[str, Any]) -> list[tuple[str, list[Mapping[str, Any]], bool]]:
    sections: list[tuple[str, list[Mapping[str, Any]], bool]] = []
    drawn = list(private.get("drawn") or [])
    if drawn:
        sections.append(("Drawn: keep one hidden, the other goes face up", drawn, True))
    hidden = list(private.get("hidden_contracts") or [])
    sections.append((f"Your hidden contracts: {len(hidden)}", hidden, False))
    offered = list(private.get("offer_contracts") or [])
    if offered:
        sections.append(("Contracts in the trade offer", offered, False))
    return sections


def hand_png(view: View, *, names: Sequence[str], seat: int | None = None) -> bytes | None:
    """One seat's hidden contracts and its own panel, or ``None`` for a public view."""
    private = view.get("private")
    if not private:
        return None
    seats = list(view.get("seats") or [])
    me = seat if seat is not None else _own_seat(view)
    mine = seats[me] if me is not None and 0 <= me < len(seats) else None
    index = me if mine is not None else None
    name = _name(names, index) if index is not None else ""
    cities = _city_names(view)
    burned = _burned_cities(view)
    price = (view.get("price") or {}).get("value")

    inner = HAND_WIDTH - 2 * MARGIN
    card_w = (inner - GAP) // 2
    head_h = 64
    sections = _hand_sections(private)
    heights = [28 + max(1, -(-len(cards) // 2)) * (HAND_CARD_H + 10) for _, cards, _ in sections]
    body_top = head_h + 14
    panel_top = body_top + sum(heights) + 6
    panel_h = panel_height(view, mine, inner) if mine is not None else 0
    height = panel_top + panel_h + MARGIN

    im = Image.new("RGB", (HAND_WIDTH, height), BG)
    d = ImageDraw.Draw(im)
    icon = ship_sprite(_seat_color(view, index), _ship_large(view, index), 52) if index is not None else None
    acting = index is not None and index in (view.get("to_act") or []) and not view.get("over")
    prompt = str(view.get("prompt") or "your turn") if acting else None
    title = f"{name}: your contracts" if name else "Your contracts"
    hand_header(im, head_h, title, icon=icon, prompt=prompt)

    y = body_top
    for (label, cards, highlight), h in zip(sections, heights, strict=True):
        box = _label(im, MARGIN, y, label)
        if price is not None and not highlight and cards and label.startswith("Your"):
            draw_text(im, (box[2] + 12, y), f"a sale pays {price} rubles now", 16, GOLD, bold=True)
        cy = y + 26
        if not cards:
            d.rounded_rectangle(
                (MARGIN, cy, MARGIN + card_w, cy + HAND_CARD_H), 9, outline=PANEL_EDGE, width=2
            )
            draw_text(im, (MARGIN + card_w / 2, cy + HAND_CARD_H / 2), "none", 20, MUTED, anchor="mm")
        for i, contract in enumerate(cards):
            cx = MARGIN + (i % 2) * (card_w + GAP)
            ry = cy + (i // 2) * (HAND_CARD_H + 10)
            city = str(contract.get("city", ""))
            card = contract_card(
                str(contract.get("good", "")),
                cities.get(city, city.title()),
                city in burned,
                card_w,
                HAND_CARD_H,
            )
            im.paste(card, (cx, ry))
            if highlight:
                d.rounded_rectangle(
                    (cx - 3, ry - 3, cx + card_w + 3, ry + HAND_CARD_H + 3), 11, outline=GOLD, width=3
                )
        y += h
    if mine is not None and index is not None:
        draw_panel(
            im, view, (MARGIN, panel_top, HAND_WIDTH - MARGIN, panel_top + panel_h), mine, name, active=acting
        )
    return encode_png(im)
