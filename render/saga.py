"""Saga: Vikings vs Anglo-Saxons pictures: the public board and one side's secrets.

Both are drawn only from a view of ``games.saga.view`` (docs/contract.md, "Saga view");
the board reads nothing from ``view["private"]``. The map (sea, England's seven areas,
Scandinavia's three, the Drakkar's berth) is fixed, so it is painted once and cached; each
picture pastes it and draws the pieces on top.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence
from functools import lru_cache
from typing import Any

from PIL import Image, ImageDraw

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
    shade,
    text_on,
    text_width,
    triangle_right,
    wrap_text,
)

View = Mapping[str, Any]
Point = tuple[float, float]
Paint = Callable[[ImageDraw.ImageDraw, float, float], None]


SIDES: tuple[str, str] = ("viking", "anglo")
SIDE_NAMES: dict[str, str] = {"viking": "Vikings", "anglo": "Anglo-Saxons"}
SIDE_ONE: dict[str, str] = {"viking": "Viking", "anglo": "Anglo-Saxon"}
# the rulebook's colours: Vikings grey, Anglo-Saxons blue
SIDE_COLORS: dict[str, RGB] = {"viking": (150, 154, 162), "anglo": (44, 108, 206)}
SIDE_EDGES: dict[str, RGB] = {"viking": (36, 38, 44), "anglo": (232, 238, 250)}
SIDE_DARK: dict[str, RGB] = {"viking": (70, 72, 80), "anglo": (28, 62, 124)}

SEA: RGB = (34, 78, 112)
SEA_DEEP: RGB = (28, 64, 94)
SHALLOW: RGB = (58, 108, 140)
LAND_EDGE: RGB = (62, 52, 36)
ENGLAND_LAND: dict[str, RGB] = {
    "northumbria": (178, 190, 124),
    "mercia": (204, 190, 128),
    "hwicce": (190, 176, 116),
    "east_anglia": (196, 200, 134),
    "essex": (176, 188, 120),
    "kent": (200, 194, 128),
    "wessex": (186, 198, 130),
}
NORTH_LAND: dict[str, RGB] = {
    "norway": (170, 182, 176),
    "svealand": (186, 192, 170),
    "denmark": (178, 188, 158),
}
NEUTRAL_LAND: RGB = (108, 116, 98)
FOREST: RGB = (78, 104, 70)

AREA_NAMES: dict[str, str] = {
    "northumbria": "Northumbria",
    "mercia": "Mercia",
    "hwicce": "Hwicce",
    "east_anglia": "East Anglia",
    "essex": "Essex",
    "kent": "Kent",
    "wessex": "Wessex",
    "norway": "Norway",
    "svealand": "Svealand",
    "denmark": "Denmark",
    "drakkar": "Drakkar",
}
INLAND: frozenset[str] = frozenset({"mercia", "hwicce"})
SCANDINAVIA: tuple[str, ...] = ("norway", "svealand", "denmark")

# the Destination sigil of each coastal area: colour and the letters on the marker
SIGILS: dict[str, tuple[RGB, str]] = {
    "northumbria": ((186, 54, 48), "N"),
    "east_anglia": ((212, 150, 30), "EA"),
    "essex": ((120, 70, 160), "Ex"),
    "kent": ((30, 140, 120), "K"),
    "wessex": ((176, 60, 120), "W"),
}

ACTION_NAMES: dict[str, str] = {
    "movement": "Move",
    "build": "Build",
    "fyrd": "Fyrd",
    "income": "Income",
    "tribute": "Tribute",
    "recruitment": "Recruit",
    "scout": "Scout",
}
BONUS_NAMES: dict[str, str] = {
    "move_or_coin": "Move 1 or +1 coin",
    "coin": "+1 coin",
    "recruit_warrior": "+1 Warrior",
    "move": "Move",
}


def _rgba(color: RGB, alpha: int = 255) -> tuple[int, int, int, int]:
    return (color[0], color[1], color[2], alpha)


def _sprite(w: int, h: int, paint: Paint) -> Image.Image:
    """An ``"RGBA"`` sprite painted at 4x and box-filtered down; ``paint(d, W, H)`` gets the big size."""
    big = Image.new("RGBA", (w * 4, h * 4), (0, 0, 0, 0))
    paint(ImageDraw.Draw(big), w * 4, h * 4)
    return big.resize((w, h), Image.Resampling.BOX)


def _name(names: Sequence[str], seat: int) -> str:
    if 0 <= seat < len(names) and names[seat].strip():
        return names[seat]
    return f"Player {seat + 1}"


def _area_name(area: Any) -> str:
    key = str(area)
    return AREA_NAMES.get(key, key.replace("_", " ").title())


def _seat_of(view: View, side: str) -> int | None:
    seat = (view.get("sides") or {}).get(side)
    return int(seat) if isinstance(seat, int) else None


def _side_of(view: View, seat: int) -> str | None:
    for side, s in (view.get("sides") or {}).items():
        if s == seat:
            return str(side)
    return None


def _side_label(view: View, names: Sequence[str], side: str) -> str:
    seat = _seat_of(view, side)
    return _name(names, seat) if seat is not None else SIDE_NAMES.get(side, side)


# --- sprites ---------------------------------------------------------------------------


@lru_cache(maxsize=16)
def shield(side: str, size: int, engaged: bool = False) -> Image.Image:
    """A warrior token: a round Viking shield (grey planks, iron boss) or a blue Saxon one."""
    fill = SIDE_COLORS.get(side, (128, 128, 128))
    edge = SIDE_EDGES.get(side, (20, 20, 20))

    def paint(d: ImageDraw.ImageDraw, w: float, h: float) -> None:
        ring = 0.09 * w
        if engaged:
            d.ellipse((0, 0, w - 1, h - 1), fill=_rgba(BAD))
            d.ellipse((ring, ring, w - 1 - ring, h - 1 - ring), fill=_rgba(edge))
            inset = ring + 0.07 * w
        else:
            d.ellipse((0, 0, w - 1, h - 1), fill=_rgba(edge))
            inset = 0.08 * w
        box = (inset, inset, w - 1 - inset, h - 1 - inset)
        d.ellipse(box, fill=_rgba(fill))
        c = w / 2
        r = (w - 2 * inset) / 2
        line = max(2, round(0.035 * w))
        if side == "viking":
            for k in range(4):
                a = math.pi / 4 + k * math.pi / 2
                d.line(
                    (c, c, c + r * math.cos(a), c + r * math.sin(a)), fill=_rgba(shade(fill, 0.8)), width=line
                )
        else:
            d.line((c, inset, c, w - 1 - inset), fill=_rgba(shade(fill, 1.25)), width=3 * line)
            d.line((inset, c, w - 1 - inset, c), fill=_rgba(shade(fill, 1.25)), width=3 * line)
        boss = 0.36 * r
        d.ellipse((c - boss, c - boss, c + boss, c + boss), fill=_rgba(shade(fill, 0.55)))

    return _sprite(size, size, paint)


@lru_cache(maxsize=32)
def leader_token(side: str, size: int, revealed: bool = False) -> Image.Image:
    """A leader: a pawn in the side's colour with a gold rim (gold all over once revealed)."""
    fill = SIDE_COLORS.get(side, (128, 128, 128)) if not revealed else GOLD
    h = round(size * 1.2)

    def paint(d: ImageDraw.ImageDraw, w: float, hh: float) -> None:
        for t, tone in ((0.0, DARK), (0.07 * w, GOLD), (0.15 * w, fill)):
            body = [
                (0.04 * w + 1.4 * t, hh - 1 - t),
                (0.3 * w + t, 0.22 * w + t),
                (0.7 * w - t, 0.22 * w + t),
                (0.96 * w - 1.4 * t, hh - 1 - t),
            ]
            d.polygon(body, fill=_rgba(tone))
            d.ellipse((0.2 * w + t, t, 0.8 * w - t, 0.6 * w - t), fill=_rgba(tone))

    return _sprite(size, h, paint)


@lru_cache(maxsize=8)
def stronghold_icon(size: int) -> Image.Image:
    """A stone keep with a blue banner."""
    h = round(size * 1.05)

    def paint(d: ImageDraw.ImageDraw, w: float, hh: float) -> None:
        stone, dark = (214, 204, 184, 255), (44, 38, 30, 255)
        line = 0.06 * w
        body = (0.12 * w, 0.38 * hh, 0.88 * w, hh - 1)
        d.rectangle(body, fill=dark)
        d.rectangle((body[0] + line, body[1] + line, body[2] - line, body[3] - line), fill=stone)
        for i in range(3):
            x = 0.12 * w + i * 0.3 * w
            d.rectangle((x, 0.24 * hh, x + 0.16 * w, 0.42 * hh), fill=dark)
            d.rectangle((x + line, 0.24 * hh + line, x + 0.16 * w - line, 0.42 * hh), fill=stone)
        d.chord((0.36 * w, 0.62 * hh, 0.64 * w, 1.25 * hh), 180, 360, fill=dark)
        d.line((0.5 * w, 0.02 * hh, 0.5 * w, 0.26 * hh), fill=dark, width=round(line))
        d.polygon(
            [(0.5 * w, 0.02 * hh), (0.82 * w, 0.08 * hh), (0.5 * w, 0.16 * hh)],
            fill=_rgba(SIDE_COLORS["anglo"]),
        )

    return _sprite(size, h, paint)


@lru_cache(maxsize=8)
def crown_icon(size: int) -> Image.Image:
    """The Crown that marks an Inland area."""
    h = round(size * 0.8)

    def paint(d: ImageDraw.ImageDraw, w: float, hh: float) -> None:
        pts = [
            (0.06 * w, 0.3 * hh),
            (0.3 * w, 0.55 * hh),
            (0.5 * w, 0.1 * hh),
            (0.7 * w, 0.55 * hh),
            (0.94 * w, 0.3 * hh),
            (0.84 * w, 0.95 * hh),
            (0.16 * w, 0.95 * hh),
        ]
        d.polygon(pts, fill=_rgba(GOLD), outline=(90, 60, 10, 255), width=round(0.06 * w))
        for x, y in ((0.06, 0.3), (0.5, 0.1), (0.94, 0.3)):
            r = 0.07 * w
            d.ellipse((x * w - r, y * hh - r, x * w + r, y * hh + r), fill=(255, 236, 150, 255))

    return _sprite(size, h, paint)


@lru_cache(maxsize=8)
def coin_icon(size: int) -> Image.Image:
    """A silver penny."""

    def paint(d: ImageDraw.ImageDraw, w: float, h: float) -> None:
        d.ellipse((0, 0, w - 1, h - 1), fill=(110, 76, 10, 255))
        e = 0.08 * w
        d.ellipse((e, e, w - 1 - e, h - 1 - e), fill=_rgba(GOLD))
        e2 = 0.24 * w
        d.ellipse((e2, e2, w - 1 - e2, h - 1 - e2), outline=(170, 120, 20, 255), width=round(0.06 * w))
        c = w / 2
        d.line((c, 0.34 * h, c, 0.66 * h), fill=(150, 100, 10, 255), width=round(0.07 * w))
        d.line((0.34 * w, c, 0.66 * w, c), fill=(150, 100, 10, 255), width=round(0.07 * w))

    return _sprite(size, size, paint)


@lru_cache(maxsize=16)
def sword_axe_icon(size: int, color: RGB = (236, 236, 240)) -> Image.Image:
    """The Sword-and-Axe icon: its holder resolves actions first (also marks a battle)."""

    def paint(d: ImageDraw.ImageDraw, w: float, h: float) -> None:
        line = round(0.1 * w)
        ink = _rgba(color)
        outline = (20, 20, 24, 255)
        # sword: bottom-left to top-right
        for col, extra in ((outline, round(0.07 * w)), (ink, 0)):
            d.line((0.16 * w, 0.84 * h, 0.86 * w, 0.14 * h), fill=col, width=line + extra)
            d.line((0.12 * w, 0.56 * h, 0.44 * w, 0.88 * h), fill=col, width=line + extra)
            # axe: bottom-right to top-left, with a blade
            d.line((0.84 * w, 0.86 * h, 0.2 * w, 0.22 * h), fill=col, width=line + extra)
        blade = [(0.08 * w, 0.3 * h), (0.3 * w, 0.06 * h), (0.42 * w, 0.2 * h), (0.22 * w, 0.42 * h)]
        d.polygon(blade, fill=ink, outline=outline, width=round(0.04 * w))

    return _sprite(size, size, paint)


@lru_cache(maxsize=8)
def initiative_icon(size: int) -> Image.Image:
    """The Initiative icon: a horn-blower's banner, first to choose."""

    def paint(d: ImageDraw.ImageDraw, w: float, h: float) -> None:
        line = round(0.08 * w)
        d.line((0.2 * w, 0.05 * h, 0.2 * w, 0.95 * h), fill=(40, 30, 20, 255), width=line)
        flag = [
            (0.24 * w, 0.08 * h),
            (0.92 * w, 0.08 * h),
            (0.76 * w, 0.3 * h),
            (0.92 * w, 0.52 * h),
            (0.24 * w, 0.52 * h),
        ]
        d.polygon(flag, fill=_rgba(GOLD), outline=(90, 60, 10, 255), width=round(0.05 * w))
        d.ellipse((0.36 * w, 0.18 * h, 0.56 * w, 0.42 * h), fill=(150, 40, 30, 255))

    return _sprite(size, size, paint)


@lru_cache(maxsize=8)
def drakkar_icon(width: int) -> Image.Image:
    """A longship: dragon prow, a row of shields, a striped sail."""
    height = round(width * 0.62)

    def paint(d: ImageDraw.ImageDraw, w: float, h: float) -> None:
        dark = (40, 28, 18, 255)
        wood = (140, 90, 46, 255)
        line = max(2, round(0.02 * w))
        d.line((0.5 * w, 0.02 * h, 0.5 * w, 0.66 * h), fill=dark, width=2 * line)
        sail = (0.28 * w, 0.06 * h, 0.72 * w, 0.5 * h)
        d.rectangle(sail, fill=(236, 226, 204, 255), outline=dark, width=line)
        for i in range(3):
            x = 0.28 * w + (2 * i + 1) * 0.44 * w / 6
            d.rectangle(
                (x - 0.035 * w, 0.06 * h + line, x + 0.035 * w, 0.5 * h - line), fill=(186, 50, 44, 255)
            )
        hull = [
            (0.0, 0.42 * h),
            (0.08 * w, 0.46 * h),
            (0.14 * w, 0.62 * h),
            (0.86 * w, 0.62 * h),
            (0.92 * w, 0.46 * h),
            (1.0 * w - 1, 0.3 * h),
            (0.96 * w, 0.52 * h),
            (0.84 * w, 0.94 * h),
            (0.16 * w, 0.94 * h),
            (0.06 * w, 0.62 * h),
        ]
        d.polygon(hull, fill=wood, outline=dark, width=line)
        # dragon head at the prow
        d.ellipse((0.93 * w, 0.22 * h, 1.0 * w - 1, 0.36 * h), fill=wood, outline=dark, width=line)
        r = 0.045 * w
        for i in range(6):
            x = 0.2 * w + i * 0.12 * w
            y = 0.66 * h
            d.ellipse(
                (x - r, y - r, x + r, y + r),
                fill=(210, 170, 60, 255) if i % 2 else (180, 60, 50, 255),
                outline=dark,
                width=line,
            )

    return _sprite(width, height, paint)


@lru_cache(maxsize=32)
def sigil_token(area: str, size: int) -> Image.Image:
    """A face-up Destination marker: the sigil colour of its coastal area and its letters."""
    color, letters = SIGILS.get(area, ((120, 120, 120), area[:1].upper()))
    sprite = pip(size, color, (246, 238, 220), max(2, size // 12)).copy()
    rgb = Image.new("RGB", (size, size))
    tsize = max(14, int(size * (0.5 if len(letters) == 1 else 0.4)))
    draw_text(rgb, (size / 2, size / 2), letters, tsize, (255, 255, 255), anchor="mm", bold=True)
    sprite.paste((255, 255, 255, 255), (0, 0), rgb.convert("L"))
    return sprite


@lru_cache(maxsize=8)
def face_down_token(size: int) -> Image.Image:
    """A face-down Destination marker."""
    sprite = pip(size, (60, 44, 36), (214, 190, 140), max(2, size // 12)).copy()
    rgb = Image.new("RGB", (size, size))
    draw_text(rgb, (size / 2, size / 2), "?", int(size * 0.56), (255, 255, 255), anchor="mm", bold=True)
    sprite.paste((240, 220, 170, 255), (0, 0), rgb.convert("L"))
    return sprite


@lru_cache(maxsize=8)
def tree_icon(size: int) -> Image.Image:
    def paint(d: ImageDraw.ImageDraw, w: float, h: float) -> None:
        d.rectangle((0.44 * w, 0.6 * h, 0.56 * w, 0.95 * h), fill=(60, 40, 24, 255))
        d.polygon([(0.5 * w, 0.02 * h), (0.9 * w, 0.7 * h), (0.1 * w, 0.7 * h)], fill=(40, 70, 40, 255))

    return _sprite(size, size, paint)


# --- the map -----------------------------------------------------------------------------

MAP_W, MAP_H = 832, 790

# Map-local outlines (x east, y south). Neighbouring areas share their border vertices, and
# two areas share an edge exactly when they are adjacent in the rules (games/saga/saga.json):
# the Fens and a patch of forest keep Northumbria from East Anglia and Wessex from Essex.
_W2, _F1, _F2, _F3, _F4 = (200, 318), (385, 330), (440, 312), (470, 362), (420, 392)
_M1, _M2, _X1 = (402, 470), (398, 562), (372, 594)
_E1, _E2, _E3 = (566, 500), (562, 586), (502, 592)
_K1, _K2, _K3, _K4 = (440, 598), (420, 628), (584, 612), (470, 702)
_H1, _H2, _H3 = (330, 560), (200, 612), (252, 436)
_C1, _C2, _C3 = (176, 628), (128, 662), (150, 730)
_W1 = (166, 300)
_S1, _S2, _S3, _S4 = (150, 78), (230, 62), (300, 48), (345, 40)

ENGLAND_SHAPES: dict[str, list[Point]] = {
    "northumbria": [
        _S1,
        _S2,
        _S3,
        _S4,
        (372, 92),
        (392, 150),
        (414, 206),
        (426, 262),
        _F2,
        _F1,
        (330, 318),
        (262, 332),
        _W2,
        _W1,
        (150, 256),
        (120, 214),
        (138, 168),
        (126, 120),
    ],
    "mercia": [
        _W2,
        (262, 332),
        (330, 318),
        _F1,
        (394, 364),
        _F4,
        (404, 432),
        _M1,
        (394, 520),
        _M2,
        _X1,
        _H1,
        (300, 500),
        _H3,
        (206, 380),
    ],
    "hwicce": [_H3, (300, 500), _H1, (268, 598), _H2, (214, 520)],
    "east_anglia": [
        _F4,
        _F3,
        (500, 352),
        (546, 360),
        (582, 382),
        (594, 424),
        (586, 470),
        _E1,
        (482, 490),
        _M1,
        (404, 432),
    ],
    "essex": [_M1, (482, 490), _E1, (574, 532), (554, 556), _E2, _E3, _K1, _M2, (394, 520)],
    "kent": [_K1, _E3, _K3, (602, 640), (594, 682), (542, 694), _K4, (452, 662), _K2],
    "wessex": [
        _K2,
        (452, 662),
        _K4,
        (402, 724),
        (330, 744),
        (260, 732),
        (200, 740),
        _C3,
        _C2,
        (150, 646),
        _C1,
        _H2,
        (268, 598),
        _H1,
        _X1,
    ],
}
NEUTRAL_SHAPES: list[list[Point]] = [
    # Scotland
    [(96, -10), (440, -10), (400, 18), _S4, _S3, _S2, _S1, (108, 62), (84, 30)],
    # Wales
    [
        _W1,
        _W2,
        (206, 380),
        _H3,
        (214, 520),
        _H2,
        _C1,
        (130, 626),
        (90, 612),
        (56, 620),
        (66, 562),
        (38, 520),
        (76, 470),
        (56, 420),
        (96, 380),
        (118, 340),
    ],
    # Dumnonia
    [_C2, _C3, (92, 738), (40, 748), (26, 722), (78, 682)],
    # the Fens
    [_F1, _F2, (458, 336), _F3, _F4, (394, 364)],
]
FOREST_SHAPE: list[Point] = [_M2, _K1, _K2, _X1]

NORTH_SHAPES: dict[str, list[Point]] = {
    "norway": [
        (640, -10),
        (752, -10),
        (738, 50),
        (722, 120),
        (704, 200),
        (700, 270),
        (688, 282),
        (650, 300),
        (610, 286),
        (590, 236),
        (598, 182),
        (584, 124),
        (606, 62),
    ],
    "svealand": [
        (752, -10),
        (842, -10),
        (842, 272),
        (806, 318),
        (800, 348),
        (738, 346),
        (718, 300),
        (700, 270),
        (704, 200),
        (722, 120),
        (738, 50),
    ],
    "denmark": [
        (738, 346),
        (800, 348),
        (812, 390),
        (788, 428),
        (742, 434),
        (706, 450),
        (654, 458),
        (624, 428),
        (630, 370),
        (650, 330),
        (694, 346),
    ],
}

# where each area's label and pieces go (map-local centre of the label; pieces below it)
ANCHORS: dict[str, Point] = {
    "northumbria": (282, 148),
    "mercia": (306, 354),
    "hwicce": (260, 500),
    "east_anglia": (504, 392),
    "essex": (486, 506),
    "kent": (526, 636),
    "wessex": (308, 636),
    "norway": (648, 70),
    "svealand": (770, 110),
    "denmark": (730, 372),
}
# the Destination space of each Scandinavian area (centre)
DEST_SPOTS: dict[str, Point] = {"norway": (646, 226), "svealand": (770, 250), "denmark": (664, 420)}
DRAKKAR_BOX: Box = (612, 470, 822, 596)
SEA_LABELS: list[tuple[Point, str]] = [((520, 200), "North Sea")]
LEGEND_XY: tuple[int, int] = (622, 672)
POOL_XY: tuple[int, int] = (618, 612)


def _scale(points: Sequence[Point], s: float) -> list[Point]:
    return [(x * s, y * s) for x, y in points]


@lru_cache(maxsize=1)
def map_base() -> Image.Image:
    """The sea, the coasts, England's and Scandinavia's areas and their borders (no pieces)."""
    s = 2
    big = Image.new("RGB", (MAP_W * s, MAP_H * s), SEA)
    d = ImageDraw.Draw(big)
    lands = list(ENGLAND_SHAPES.values()) + NEUTRAL_SHAPES + list(NORTH_SHAPES.values())
    for shape in lands:  # shallow water along every coast
        d.line(_scale(shape + shape[:1], s), fill=SHALLOW, width=22 * s, joint="curve")
    for shape in lands:  # the coast: the outer half of a wide line survives the fills below
        d.line(_scale(shape + shape[:1], s), fill=LAND_EDGE, width=6 * s, joint="curve")
    for shape in NEUTRAL_SHAPES:
        d.polygon(_scale(shape, s), fill=NEUTRAL_LAND)
    d.polygon(_scale(FOREST_SHAPE, s), fill=FOREST)
    for area, shape in ENGLAND_SHAPES.items():
        d.polygon(_scale(shape, s), fill=ENGLAND_LAND[area])
    for area, shape in NORTH_SHAPES.items():
        d.polygon(_scale(shape, s), fill=NORTH_LAND[area])
    # borders between areas: England dotted, Scandinavia dashed (as printed); solid
    # thin lines against the lands nobody plays
    for a, b, neutral in _inner_edges():
        if neutral:
            d.line(_scale([a, b], s), fill=LAND_EDGE, width=2 * s)
        else:
            north = a in _VERTICES_NORTH
            _dashed_line(
                d, _scale([a, b], s), LAND_EDGE, 3 * s, (14 if north else 5) * s, (8 if north else 5) * s
            )
    # waves
    for x, y in (
        (70, 200),
        (40, 330),
        (480, 120),
        (520, 300),
        (600, 700),
        (690, 650),
        (760, 740),
        (500, 760),
        (30, 660),
    ):
        for k in range(2):
            d.arc(
                ((x + 14 * k) * s, y * s, (x + 14 * k + 14) * s, (y + 10) * s),
                200,
                340,
                fill=SHALLOW,
                width=2 * s,
            )
    base = big.resize((MAP_W, MAP_H), Image.Resampling.BOX)
    # forest trees and map furniture
    for tx, ty in ((392, 578), (410, 592), (424, 608)):
        paste_sprite(base, tree_icon(16), (tx - 8, ty - 8))
    for (sx, sy), text in SEA_LABELS:
        if text:
            draw_text(base, (sx, sy), text, 18, shade(SEA, 1.5), anchor="mm", bold=True)
    # the Drakkar's berth
    bd = ImageDraw.Draw(base)
    bd.rounded_rectangle(DRAKKAR_BOX, 14, fill=shade(SEA_DEEP, 0.8), outline=(120, 160, 190), width=2)
    ship = drakkar_icon(96)
    paste_sprite(base, ship, (DRAKKAR_BOX[0] + 8, DRAKKAR_BOX[1] + 6))
    draw_text(base, (DRAKKAR_BOX[0] + 112, DRAKKAR_BOX[1] + 10), "Drakkar", 22, INK, bold=True)
    draw_text(base, (DRAKKAR_BOX[0] + 112, DRAKKAR_BOX[1] + 36), "sails home", 16, MUTED)
    draw_text(base, (DRAKKAR_BOX[0] + 112, DRAKKAR_BOX[1] + 54), "at round end", 16, MUTED)
    # legend
    lx, ly = LEGEND_XY
    paste_sprite(base, crown_icon(26), (lx, ly))
    draw_text(base, (lx + 34, ly + 10), "Inland area", 16, INK, anchor="lm", bold=True)
    draw_text(base, (lx + 34, ly + 28), "Viking +1 coin/round", 16, MUTED, anchor="lm")
    paste_sprite(base, sigil_token("kent", 26), (lx, ly + 46))
    draw_text(base, (lx + 34, ly + 58), "Coastal: its sigil", 16, INK, anchor="lm", bold=True)
    draw_text(base, (lx + 34, ly + 76), "lands ships from", 16, MUTED, anchor="lm")
    draw_text(base, (lx + 34, ly + 94), "a Destination", 16, MUTED, anchor="lm")
    return base


_VERTICES_NORTH: frozenset[Point] = frozenset(p for shape in NORTH_SHAPES.values() for p in shape)


@lru_cache(maxsize=1)
def _inner_edges() -> list[tuple[Point, Point, bool]]:
    """Every edge two land shapes share, and whether one of them is a land nobody plays."""
    seen: dict[tuple[Point, Point], list[bool]] = {}
    shapes = [(shape, False) for shape in ENGLAND_SHAPES.values()]
    shapes += [(shape, False) for shape in NORTH_SHAPES.values()]
    shapes += [(shape, True) for shape in [*NEUTRAL_SHAPES, FOREST_SHAPE]]
    for shape, neutral in shapes:
        for a, b in zip(shape, shape[1:] + shape[:1], strict=True):
            key = (a, b) if a <= b else (b, a)
            seen.setdefault(key, []).append(neutral)
    return [(a, b, any(flags)) for (a, b), flags in seen.items() if len(flags) > 1]


def _dashed_line(
    d: ImageDraw.ImageDraw, pts: Sequence[Point], color: RGB, width: int, dash: float, gap: float
) -> None:
    for (x0, y0), (x1, y1) in zip(pts, pts[1:], strict=False):
        length = math.hypot(x1 - x0, y1 - y0)
        if length == 0:
            continue
        ux, uy = (x1 - x0) / length, (y1 - y0) / length
        t = 0.0
        while t < length:
            e = min(length, t + dash)
            d.line((x0 + ux * t, y0 + uy * t, x0 + ux * e, y0 + uy * e), fill=color, width=width)
            t = e + gap


# --- pieces on the map -----------------------------------------------------------------

SHIELD = 40
LEADER = 28
PLATE_H = 30
ROW_MAX = 230
PARCHMENT: RGB = (240, 228, 200)


def _units(raw: Any) -> tuple[int, list[Mapping[str, Any]]]:
    units = raw if isinstance(raw, Mapping) else {}
    return int(units.get("warriors", 0) or 0), [dict(x) for x in units.get("leaders") or []]


def _leader_label(leader: Mapping[str, Any]) -> str | None:
    name = leader.get("name")
    return str(name) if name else None


def _units_width(warriors: int, leaders: Sequence[Mapping[str, Any]], *, names: bool = True) -> int:
    w = 0
    if warriors:
        w += SHIELD + 2
    for leader in leaders:
        label = _leader_label(leader) if names else None
        w += LEADER + 2 + (text_width(label, 16, bold=True) + 6 if label else 0)
    return max(0, w - 2)


def _draw_units(
    im: Image.Image,
    x: float,
    cy: float,
    side: str,
    warriors: int,
    leaders: Sequence[Mapping[str, Any]],
    *,
    engaged: bool = False,
) -> float:
    """A warrior shield with its count, then each leader; left edge ``x``, centre line ``cy``."""
    if warriors:
        paste_sprite(im, shield(side, SHIELD, engaged), (x, cy - SHIELD / 2))
        draw_text(
            im, (x + SHIELD / 2, cy), str(warriors), 24, (255, 255, 255), anchor="mm", bold=True, halo=DARK
        )
        x += SHIELD + 2
    for leader in leaders:
        revealed = bool(leader.get("revealed"))
        token = leader_token(side, LEADER, revealed)
        paste_sprite(im, token, (x, cy - token.height / 2))
        label = _leader_label(leader)
        if label is None:
            draw_text(
                im, (x + LEADER / 2, cy + 3), "?", 20, (255, 255, 255), anchor="mm", bold=True, halo=DARK
            )
        x += LEADER + 2
        if label:
            box = draw_text(
                im,
                (x + 2, cy),
                label,
                16,
                GOLD if revealed else (255, 255, 255),
                anchor="lm",
                bold=True,
                halo=DARK,
            )
            x = box[2] + 4
    return x


def _area_map(view: View) -> dict[str, Mapping[str, Any]]:
    return {str(a.get("id")): a for a in view.get("areas") or [] if isinstance(a, Mapping)}


def _draw_area(im: Image.Image, ox: int, oy: int, area: Mapping[str, Any], combat_area: str | None) -> None:
    key = str(area.get("id"))
    if key not in ANCHORS:
        return
    d = ImageDraw.Draw(im)
    ax, ay = ANCHORS[key]
    cx, cy = ox + ax, oy + ay
    control = area.get("control")
    plate = {"viking": SIDE_COLORS["viking"], "anglo": SIDE_COLORS["anglo"]}.get(str(control), PARCHMENT)
    name = _area_name(key)
    size = 20
    tw = text_width(name, size, bold=True)
    icon_w = 0
    kind = str(
        area.get("kind")
        or ("inland" if key in INLAND else "scandinavia" if key in SCANDINAVIA else "coastal")
    )
    if kind in ("inland", "coastal"):
        icon_w = 28
    strong = bool(area.get("stronghold"))
    pw = tw + 18 + icon_w + (30 if strong else 0)
    x0 = cx - pw / 2
    fighting = combat_area == key
    if fighting:
        d.rounded_rectangle((x0 - 6, cy - PLATE_H / 2 - 6, x0 + pw + 6, cy + PLATE_H / 2 + 6), 18, fill=BAD)
    d.rounded_rectangle(
        (x0, cy - PLATE_H / 2, x0 + pw, cy + PLATE_H / 2), 14, fill=plate, outline=DARK, width=2
    )
    ix = x0 + 6
    if kind == "inland":
        paste_sprite(im, crown_icon(26), (ix, cy - 11))
    elif kind == "coastal":
        paste_sprite(im, sigil_token(key, 26), (ix, cy - 13))
    draw_text(im, (ix + icon_w + 3, cy), name, size, text_on(plate), anchor="lm", bold=True)
    if strong:
        paste_sprite(im, stronghold_icon(28), (x0 + pw - 32, cy - 16))
    # the pieces: one row with both sides (swords between them) when it fits, else two
    rows: list[tuple[str, int, list[Mapping[str, Any]]]] = []
    for side in SIDES:
        warriors, leaders = _units(area.get(side))
        if warriors or leaders:
            rows.append((side, warriors, leaders))
    engaged = len(rows) == 2 and kind != "scandinavia"
    widths = [_units_width(w, ls) for _, w, ls in rows]
    y = cy + PLATE_H / 2 + 6 + SHIELD / 2
    swords = sword_axe_icon(28, (255, 255, 255) if fighting else GOLD)
    if len(rows) == 2 and sum(widths) + 44 <= ROW_MAX:
        x = cx - (sum(widths) + 44) / 2
        _draw_units(im, x, y, rows[0][0], rows[0][1], rows[0][2], engaged=engaged)
        paste_sprite(im, swords, (x + widths[0] + 8, y - 14))
        _draw_units(im, x + widths[0] + 44, y, rows[1][0], rows[1][1], rows[1][2], engaged=engaged)
        return
    for (side, warriors, leaders), w in zip(rows, widths, strict=True):
        _draw_units(im, cx - w / 2, y, side, warriors, leaders, engaged=engaged)
        y += SHIELD + 4
    if engaged:
        paste_sprite(im, swords, (x0 - 32, cy - 14))


def _draw_destinations(im: Image.Image, view: View, ox: int, oy: int) -> None:
    d = ImageDraw.Draw(im)
    for space in view.get("destinations") or []:
        key = str(space.get("space"))
        if key not in DEST_SPOTS:
            continue
        sx, sy = DEST_SPOTS[key]
        cx, cy = ox + sx, oy + sy
        state = str(space.get("state") or "empty")
        size = 40
        if state == "face_up" and space.get("target"):
            target = str(space["target"])
            paste_sprite(im, sigil_token(target, size), (cx - size / 2, cy - size / 2))
            _chip(im, cx, cy + size / 2 + 2, f"to {_area_name(target)}", SIGILS.get(target, (DARK, ""))[0])
        elif state == "face_down":
            paste_sprite(im, face_down_token(size), (cx - size / 2, cy - size / 2))
            _chip(im, cx, cy + size / 2 + 2, "face down", (60, 44, 36))
        else:
            d.ellipse((cx - size / 2, cy - size / 2, cx + size / 2, cy + size / 2), outline=DARK, width=2)
            draw_text(im, (cx, cy), "-", 18, DARK, anchor="mm")


def _chip(im: Image.Image, cx: float, top: float, text: str, fill: RGB) -> None:
    w = text_width(text, 16, bold=True) + 12
    ImageDraw.Draw(im).rounded_rectangle((cx - w / 2, top, cx + w / 2, top + 22), 11, fill=fill, outline=DARK)
    draw_text(im, (cx, top + 11), text, 16, text_on(fill), anchor="mm", bold=True)


def _arrow(d: ImageDraw.ImageDraw, a: Point, b: Point, color: RGB) -> None:
    """A dashed sea route from ``a`` to ``b`` with a head at ``b``."""
    length = math.hypot(b[0] - a[0], b[1] - a[1])
    if length < 30:
        return
    ux, uy = (b[0] - a[0]) / length, (b[1] - a[1]) / length
    start = (a[0] + ux * 24, a[1] + uy * 24)
    end = (b[0] - ux * 6, b[1] - uy * 6)
    _dashed_line(d, [start, end], DARK, 6, 14, 8)
    _dashed_line(d, [start, end], color, 3, 14, 8)
    head = 16
    px, py = -uy, ux
    d.polygon(
        [
            end,
            (end[0] - ux * head + px * head / 2, end[1] - uy * head + py * head / 2),
            (end[0] - ux * head - px * head / 2, end[1] - uy * head - py * head / 2),
        ],
        fill=color,
        outline=DARK,
    )


def _draw_drakkar(im: Image.Image, view: View, ox: int, oy: int) -> None:
    warriors, leaders = _units(view.get("drakkar"))
    x0, y0, x1, y1 = DRAKKAR_BOX
    y = oy + y1 - 6 - SHIELD / 2
    if not warriors and not leaders:
        draw_text(im, (ox + x0 + 14, y), "empty", 18, MUTED, anchor="lm")
        return
    _draw_units(im, ox + x0 + 12, y, "viking", warriors, leaders)


def _draw_pool(im: Image.Image, view: View, ox: int, oy: int) -> None:
    count = int(view.get("destination_pool", 0) or 0)
    x, y = ox + POOL_XY[0], oy + POOL_XY[1]
    for i in range(min(count, 3)):
        paste_sprite(im, face_down_token(30), (x + 10 * (min(count, 3) - 1 - i), y + 4))
    draw_text(im, (x + 60, y + 8), f"{count} Destination{'s' if count != 1 else ''}", 18, INK, anchor="lm")
    draw_text(im, (x + 60, y + 30), "in the pile", 16, MUTED, anchor="lm")


def draw_map(im: Image.Image, view: View, ox: int, oy: int) -> None:
    im.paste(map_base(), (ox, oy))
    combat = view.get("combat") or {}
    combat_area = str(combat.get("area")) if combat.get("area") else None
    _draw_destinations(im, view, ox, oy)
    for area in _area_map(view).values():
        _draw_area(im, ox, oy, area, combat_area)
    _draw_drakkar(im, view, ox, oy)
    _draw_pool(im, view, ox, oy)


# --- header ----------------------------------------------------------------------------

PHASE_TITLES: dict[str, str] = {
    "draft": "Choosing tiles",
    "actions": "Actions",
    "combat": "Combat",
    "return": "End of round",
    "over": "Game over",
}


def _label(im: Image.Image, x: float, y: float, text: str) -> Box:
    return draw_text(im, (x, y), text.upper(), 16, MUTED, bold=True)


def _side_badge(view: View, seat: int) -> Image.Image | None:
    side = _side_of(view, seat)
    return shield(side, 40) if side else None


def _draw_header(im: Image.Image, view: View, names: Sequence[str], height: int) -> None:
    d = ImageDraw.Draw(im)
    d.rectangle((0, 0, im.width, height), fill=HEADER_BG)
    d.line((0, height - 1, im.width, height - 1), fill=PANEL_EDGE, width=2)
    mid = height / 2
    x = MARGIN
    box = draw_text(im, (x, mid), f"Round {view.get('round', 1)}", 28, INK, anchor="lm", bold=True)
    x = box[2] + 12
    phase = str(view.get("phase") or "")
    if phase in PHASE_TITLES and phase != "over":
        title = PHASE_TITLES[phase]
        w = text_width(title, 20, bold=True) + 24
        d.rounded_rectangle((x, mid - 16, x + w, mid + 16), 16, fill=PANEL)
        draw_text(im, (x + w / 2, mid), title, 20, INK, anchor="mm", bold=True)
        x += w + 12
    outcome = view.get("outcome") if view.get("over") else None
    if outcome:
        _draw_outcome(im, view, outcome, names, x + 8, height)
        return
    to_act = [int(s) for s in view.get("to_act") or []]
    prompt = str(view.get("prompt") or "")
    if not to_act and not prompt:
        return
    who = ", ".join(_name(names, s) for s in to_act)
    text = f"{who}: {prompt}" if who and prompt else who or prompt
    x += 8
    triangle_right(d, x, mid, 24, GOLD)
    x += 30
    if len(to_act) == 1:
        badge = _side_badge(view, to_act[0])
        if badge is not None:
            paste_sprite(im, badge, (x, mid - badge.height / 2))
            x += badge.width + 8
    draw_text(
        im, (x, mid), text, 26, GOLD, anchor="lm", bold=True, max_width=im.width - MARGIN - x, min_size=18
    )


def _draw_outcome(
    im: Image.Image, view: View, outcome: Mapping[str, Any], names: Sequence[str], x: int, height: int
) -> None:
    winners = [int(s) for s in outcome.get("winners") or []]
    right = im.width - MARGIN
    if winners:
        side = _side_of(view, winners[0])
        badge = shield(side, 46) if side else None
        if badge is not None:
            paste_sprite(im, badge, (x, height / 2 - badge.height / 2))
            x += badge.width + 10
        who = _name(names, winners[0])
        title = f"{who} wins" + (f" for the {SIDE_NAMES[side]}!" if side in SIDE_NAMES else "!")
    else:
        title = "Game over"
    draw_text(
        im, (x, height * 0.36), title, 30, GOLD, anchor="lm", bold=True, max_width=right - x, min_size=20
    )
    reason = str(outcome.get("reason") or "")
    if reason:
        draw_text(im, (x, height * 0.76), reason, 20, INK, anchor="lm", max_width=right - x, min_size=16)


# --- right column ------------------------------------------------------------------------

SIDE_W = WIDTH - 2 * MARGIN - GAP - MAP_W
SIDE_PANEL_H = 176


def _leader_count_text(n: int, word: str) -> str:
    return f"{n} {word}{'s' if n != 1 else ''}"


def _draw_side_panel(im: Image.Image, view: View, names: Sequence[str], side: str, box: Box) -> None:
    d = ImageDraw.Draw(im)
    x0, y0, x1, y1 = box
    seat = _seat_of(view, side)
    over = bool(view.get("over"))
    active = seat is not None and seat in (view.get("to_act") or []) and not over
    winners = set((view.get("outcome") or {}).get("winners") or []) if over else set()
    won = seat is not None and seat in winners
    edge = GOLD if active or won else PANEL_EDGE
    d.rounded_rectangle(box, 14, fill=PANEL, outline=edge, width=4 if active or won else 2)
    head = SIDE_DARK[side]
    d.rounded_rectangle((x0 + 4, y0 + 4, x1 - 4, y0 + 56), 11, fill=head)
    paste_sprite(im, shield(side, 44), (x0 + 10, y0 + 8))
    coins = int((view.get("coins") or {}).get(side, 0) or 0)
    cw = text_width(str(coins), 32, bold=True) + 44
    paste_sprite(im, coin_icon(34), (x1 - 14 - cw, y0 + 13))
    draw_text(im, (x1 - 14, y0 + 30), str(coins), 32, GOLD, anchor="rm", bold=True)
    nx = x0 + 62
    tag = "WINNER" if won else ("to act" if active else "")
    tag_w = text_width(tag, 18, bold=True) + 22 if tag else 0
    name = _name(names, seat) if seat is not None else SIDE_NAMES[side]
    avail = x1 - 14 - cw - 10 - nx - (tag_w + 8 if tag else 0)
    nbox = draw_text(im, (nx, y0 + 20), name, 24, INK, anchor="lm", bold=True, max_width=avail, min_size=18)
    draw_text(im, (nx, y0 + 43), SIDE_NAMES[side], 16, shade(SIDE_COLORS[side], 1.3), anchor="lm", bold=True)
    if tag:
        tx = nbox[2] + 8
        d.rounded_rectangle((tx, y0 + 8, tx + tag_w, y0 + 32), 12, fill=GOLD)
        draw_text(im, (tx + tag_w / 2, y0 + 20), tag, 18, DARK, anchor="mm", bold=True)
    if view.get("initiative") == side:
        draw_text(im, (x1 - 14, y0 + 78), "picks first", 16, GOLD, anchor="rm", bold=True)
        paste_sprite(
            im, initiative_icon(22), (x1 - 14 - text_width("picks first", 16, bold=True) - 26, y0 + 67)
        )
    # supply
    y = y0 + 66
    supply = (view.get("supply") or {}).get(side) or {}
    warriors = int(supply.get("warriors", 0) or 0)
    leaders = list(supply.get("leaders") or [])
    box_ = _label(im, x0 + 12, y + 12, "Supply")
    x: float = box_[2] + 10
    if warriors or leaders:
        x = _draw_units(im, x, y + 20, side, warriors, leaders)
    if not warriors and not leaders:
        box_ = draw_text(im, (x, y + 20), "empty", 18, MUTED, anchor="lm")
        x = box_[2]
    if side == "anglo":
        strongholds = int(supply.get("strongholds", 0) or 0)
        paste_sprite(im, stronghold_icon(28), (x + 12, y + 4))
        draw_text(im, (x + 44, y + 20), f"x{strongholds}", 20, INK, anchor="lm", bold=True)
    # set aside and removed leaders
    y += 44
    aside = int((view.get("set_aside") or {}).get(side, 0) or 0)
    removed = list((view.get("removed") or {}).get(side) or [])
    parts = []
    if aside:
        parts.append(f"{_leader_count_text(aside, 'leader')} set aside")
    if removed:
        shown = [str(ldr.get("name") or "?") for ldr in removed]
        parts.append("lost: " + ", ".join(shown))
    draw_text(
        im,
        (x0 + 12, y + 10),
        " / ".join(parts) if parts else "no leader lost",
        18,
        MUTED,
        anchor="lm",
        max_width=x1 - x0 - 24,
        min_size=16,
    )
    # how this side wins
    y += 26
    d.line((x0 + 12, y, x1 - 12, y), fill=PANEL_EDGE, width=1)
    if side == "viking":
        areas = _area_map(view)
        held = sum(
            1
            for a in areas.values()
            if a.get("control") == "viking" and a.get("kind") in ("coastal", "inland")
        )
        text = f"Wins with 5 areas ({held}/5) or 8 coins ({coins}/8)"
    else:
        track = view.get("track") or {}
        gap = int(track.get("round", 0) or 0) - int(track.get("stronghold", 0) or 0)
        text = f"Wins when Round meets Stronghold ({max(0, gap)} to go)"
    draw_text(im, (x0 + 12, y + 16), text, 18, INK, anchor="lm", max_width=x1 - x0 - 24, min_size=15)


TRACK_H = 100


@lru_cache(maxsize=4)
def round_marker(size: int) -> Image.Image:
    """The Round marker: an hourglass on a bronze disc."""

    def paint(d: ImageDraw.ImageDraw, w: float, h: float) -> None:
        d.ellipse((0, 0, w - 1, h - 1), fill=(60, 36, 16, 255))
        e = 0.08 * w
        d.ellipse((e, e, w - 1 - e, h - 1 - e), fill=(204, 132, 60, 255))
        glass = [
            (0.3 * w, 0.24 * h),
            (0.7 * w, 0.24 * h),
            (0.5 * w, 0.5 * h),
            (0.7 * w, 0.76 * h),
            (0.3 * w, 0.76 * h),
            (0.5 * w, 0.5 * h),
        ]
        d.polygon(glass, fill=(250, 236, 200, 255), outline=(60, 36, 16, 255), width=round(0.05 * w))

    return _sprite(size, size, paint)


def _draw_track(im: Image.Image, view: View, box: Box) -> None:
    d = ImageDraw.Draw(im)
    x0, y0, x1, y1 = box
    track = view.get("track") or {}
    spaces = max(1, int(track.get("spaces", 8) or 8))
    rnd = int(track.get("round", spaces) or spaces)
    strong = int(track.get("stronghold", 1) or 1)
    d.rounded_rectangle(box, 14, fill=PANEL, outline=PANEL_EDGE, width=2)
    _label(im, x0 + 12, y0 + 8, "Round track")
    draw_text(im, (x1 - 12, y0 + 8), "the Round marker moves left", 16, MUTED, anchor="rt")
    cell = (x1 - x0 - 24) / spaces
    top = y0 + 32
    for i in range(spaces):
        pos = i + 1
        cx0 = x0 + 12 + i * cell
        zone = pos <= strong
        fill = shade(SIDE_COLORS["anglo"], 0.6) if zone else (58, 70, 90)
        d.rounded_rectangle(
            (cx0 + 2, top, cx0 + cell - 2, y1 - 10), 8, fill=fill, outline=(90, 106, 130), width=1
        )
        draw_text(
            im, (cx0 + cell / 2, top + 10), str(pos), 16, MUTED if not zone else (200, 214, 240), anchor="mm"
        )
        mx = cx0 + cell / 2
        if pos == rnd and pos == strong:
            paste_sprite(im, round_marker(30), (mx - 30, top + 20))
            paste_sprite(im, stronghold_icon(28), (mx + 1, top + 20))
        elif pos == rnd:
            paste_sprite(im, round_marker(34), (mx - 17, top + 20))
        elif pos == strong:
            paste_sprite(im, stronghold_icon(32), (mx - 16, top + 18))


def _status_lines(view: View, names: Sequence[str]) -> list[tuple[str, RGB]]:
    """Plain lines for the phase panel."""
    lines: list[tuple[str, RGB]] = []
    phase = str(view.get("phase") or "")
    if phase == "draft":
        draft = view.get("draft") or {}
        order = [str(s) for s in draft.get("order") or []]
        picks = int(draft.get("picks", 0) or 0)
        if order and picks < len(order):
            lines.append(
                (f"Pick {picks + 1} of {len(order)}: {_side_label(view, names, order[picks])}", GOLD)
            )
    elif phase == "actions":
        res = view.get("resolving") or {}
        side = str(res.get("side") or "")
        if side:
            tile = res.get("tile")
            what = f"tile {tile}" if tile else "choosing a tile"
            lines.append((f"{_side_label(view, names, side)} ({SIDE_NAMES.get(side, side)}): {what}", GOLD))
            action = res.get("action")
            if action:
                name = "bonus action" if action == "bonus" else ACTION_NAMES.get(str(action), str(action))
                lines.append((f"Doing: {name}", INK))
            must = res.get("must_move") or {}
            if must.get("to"):
                lines.append(
                    (f"Must move from {_area_name(must.get('from'))} to {_area_name(must['to'])}", INK)
                )
            done = [ACTION_NAMES.get(str(a), str(a)) for a in res.get("done") or []]
            if done:
                lines.append(("Done: " + ", ".join(done), MUTED))
            order = [str(s) for s in res.get("order") or []]
            if len(order) == 2:
                lines.append(
                    (f"Order: {SIDE_NAMES.get(order[0])} first, then {SIDE_NAMES.get(order[1])}", MUTED)
                )
    elif phase == "return":
        warriors, leaders = _units(view.get("returning"))
        n = warriors + len(leaders)
        lines.append((f"Drakkar returns: {n} unit{'s' if n != 1 else ''} to place", GOLD))
        lines.append(("spread evenly over Scandinavia", MUTED))
    return lines


def _combat_height(view: View) -> int:
    return 196 if view.get("phase") == "combat" and view.get("combat") else 0


def _draw_combat(im: Image.Image, view: View, names: Sequence[str], box: Box) -> None:
    d = ImageDraw.Draw(im)
    x0, y0, x1, y1 = box
    combat = view.get("combat") or {}
    d.rounded_rectangle(box, 14, fill=(70, 34, 34), outline=BAD, width=3)
    paste_sprite(im, sword_axe_icon(30), (x0 + 12, y0 + 10))
    area = combat.get("area")
    title = f"Battle of {_area_name(area)}" if area else "The Vikings choose the next battle"
    draw_text(im, (x0 + 50, y0 + 25), title, 22, INK, anchor="lm", bold=True, max_width=x1 - x0 - 62)
    y = y0 + 52
    strength = combat.get("strength") or {}
    winner = combat.get("winner")
    revealed: dict[str, list[str]] = {"viking": [], "anglo": []}
    if area:
        found = _area_map(view).get(str(area)) or {}
        for side in SIDES:
            _, leaders = _units(found.get(side))
            revealed[side] = [
                str(ldr.get("name")) for ldr in leaders if ldr.get("revealed") and ldr.get("name")
            ]
    half = (x1 - x0 - 24) / 2
    for i, side in enumerate(SIDES):
        cx = x0 + 12 + i * half
        paste_sprite(im, shield(side, 34), (cx, y))
        value = strength.get(side)
        big = str(value) if value is not None else "?"
        box_ = draw_text(
            im, (cx + 40, y + 17), big, 30, GOLD if winner == side else INK, anchor="lm", bold=True
        )
        if winner == side:
            draw_text(im, (box_[2] + 8, y + 17), "wins", 18, GOLD, anchor="lm", bold=True)
        elif (combat.get("passed") or {}).get(side) and value is None:
            draw_text(im, (box_[2] + 8, y + 17), "passed", 18, MUTED, anchor="lm")
        ly = y + 40
        for name in revealed[side][:2]:
            paste_sprite(im, leader_token(side, 18, True), (cx, ly))
            draw_text(
                im,
                (cx + 22, ly + 11),
                name,
                18,
                GOLD,
                anchor="lm",
                bold=True,
                max_width=int(half) - 28,
                min_size=14,
            )
            ly += 26
    y += 96
    step = str(combat.get("step") or "")
    turn = combat.get("turn")
    line = ""
    if step == "reveal" and turn:
        line = f"{SIDE_NAMES.get(str(turn))}: reveal a leader or pass"
    elif step == "casualties":
        losses = combat.get("losses") or {}
        parts = [f"{SIDE_NAMES[s]} lose {losses[s]}" for s in SIDES if losses.get(s)]
        line = ", ".join(parts) if parts else "casualties"
    elif step == "retreat" and combat.get("retreating"):
        line = f"{SIDE_NAMES.get(str(combat['retreating']))} retreat"
    elif step == "ability" and combat.get("ability"):
        line = f"Ability: {str(combat['ability']).replace('_', ' ')}"
    elif step == "order":
        line = "Vikings pick the next battle"
    if line:
        draw_text(im, (x0 + 12, y), line, 18, INK, anchor="lm", max_width=x1 - x0 - 24, min_size=15)
    pending = [_area_name(a) for a in combat.get("pending") or []]
    if pending:
        draw_text(
            im,
            (x0 + 12, y + 24),
            "Still to fight: " + ", ".join(pending),
            18,
            MUTED,
            anchor="lm",
            max_width=x1 - x0 - 24,
            min_size=14,
        )


def _draw_log(
    im: Image.Image, view: View, names: Sequence[str], box: Box, lines_first: list[tuple[str, RGB]]
) -> None:
    d = ImageDraw.Draw(im)
    x0, y0, x1, y1 = box
    d.rounded_rectangle(box, 14, fill=(32, 42, 58), outline=PANEL_EDGE, width=2)
    y = y0 + 12
    if lines_first:
        for text, color in lines_first:
            for line in wrap_text(text, 18, x1 - x0 - 24, max_lines=2):
                draw_text(im, (x0 + 12, y), line, 18, color, bold=color == GOLD)
                y += 24
        y += 6
        d.line((x0 + 12, y, x1 - 12, y), fill=PANEL_EDGE, width=1)
        y += 8
    _label(im, x0 + 12, y, "Recent moves")
    y += 24
    room = max(0, (y1 - 8 - y) // 23)
    blocks: list[tuple[int | None, list[str]]] = []
    used = 0
    for entry in reversed(list(view.get("log") or [])):
        seat = entry.get("seat")
        text = str(entry.get("text", ""))
        if seat is not None:
            text = f"{_name(names, int(seat))} {text}"
        lines = wrap_text(text, 18, x1 - x0 - 48, max_lines=2)
        if used + len(lines) > room:
            break
        blocks.append((None if seat is None else int(seat), lines))
        used += len(lines)
    for seat, lines in reversed(blocks):
        side = _side_of(view, seat) if seat is not None else None
        if side:
            paste_sprite(im, shield(side, 18), (x0 + 12, y + 3))
        for line in lines:
            draw_text(im, (x0 + 36, y), line, 18, INK if seat is not None else GOLD)
            y += 23


# --- action tiles --------------------------------------------------------------------------

TILE_H = 178


def _half_text(half: Mapping[str, Any]) -> str:
    acts = [ACTION_NAMES.get(str(a), str(a)) for a in half.get("actions") or []]
    return (" / " if half.get("choose_one") else " + ").join(acts)


def _draw_tile(im: Image.Image, view: View, names: Sequence[str], tile: Mapping[str, Any], box: Box) -> None:
    d = ImageDraw.Draw(im)
    x0, y0, x1, y1 = box
    holder = tile.get("holder")
    resolved = bool(tile.get("resolved"))
    res = view.get("resolving") or {}
    current = view.get("phase") == "actions" and res.get("tile") == tile.get("id") and not resolved
    edge = GOLD if current else PANEL_EDGE
    d.rounded_rectangle(
        box,
        14,
        fill=(232, 220, 192) if not resolved else (150, 144, 130),
        outline=edge,
        width=4 if current else 2,
    )
    # head: number, icons, holder
    hx = x0 + 10
    d.ellipse((hx, y0 + 8, hx + 34, y0 + 42), fill=DARK)
    draw_text(im, (hx + 17, y0 + 25), str(tile.get("id", "?")), 22, GOLD, anchor="mm", bold=True)
    hx += 42
    if tile.get("sword"):
        paste_sprite(im, sword_axe_icon(32, (250, 250, 250)), (hx, y0 + 9))
        hx += 36
    if tile.get("initiative"):
        paste_sprite(im, initiative_icon(32), (hx, y0 + 9))
        hx += 36
    if resolved:
        box_ = draw_text(im, (hx + 2, y0 + 25), "done", 18, DARK, anchor="lm", bold=True)
        hx = box_[2] + 8
    if holder in SIDES:
        label = _side_label(view, names, str(holder))
        fill = SIDE_DARK[str(holder)]
        tw = min(x1 - 10 - hx - 8, text_width(label, 18, bold=True) + 44)
        d.rounded_rectangle((x1 - 10 - tw, y0 + 10, x1 - 10, y0 + 40), 15, fill=fill)
        paste_sprite(im, shield(str(holder), 22), (x1 - 10 - tw + 5, y0 + 14))
        draw_text(
            im,
            (x1 - 10 - tw + 32, y0 + 25),
            label,
            18,
            INK,
            anchor="lm",
            bold=True,
            max_width=tw - 38,
            min_size=14,
        )
    else:
        draw_text(im, (x1 - 12, y0 + 25), "to draft", 18, (120, 96, 60), anchor="rm", bold=True)
    # the two halves
    hy = y0 + 50
    hh = (y1 - 8 - hy - 6) / 2
    for i, side in enumerate(("anglo", "viking")):
        half = tile.get(side) or {}
        top = hy + i * (hh + 6)
        mine = holder == side
        dim = holder in SIDES and not mine
        band = SIDE_COLORS[side] if not dim else shade(SIDE_COLORS[side], 0.55)
        d.rounded_rectangle(
            (x0 + 8, top, x1 - 8, top + hh),
            10,
            fill=band,
            outline=GOLD if mine and not resolved else None,
            width=3,
        )
        ink = text_on(band)
        tx = x0 + 16
        bonus = half.get("bonus")
        if bonus:
            btext = BONUS_NAMES.get(str(bonus), str(bonus).replace("_", " "))
            bw = text_width(btext, 16, bold=True) + 14
            d.rounded_rectangle(
                (tx, top + 5, tx + bw, top + 25), 10, fill=GOLD if not dim else shade(GOLD, 0.6)
            )
            draw_text(im, (tx + bw / 2, top + 15), btext, 16, DARK, anchor="mm", bold=True)
        draw_text(
            im,
            (tx, top + hh - 16),
            _half_text(half),
            20,
            ink,
            anchor="lm",
            bold=True,
            max_width=x1 - x0 - 32,
            min_size=15,
        )
        draw_text(
            im,
            (x1 - 16, top + 15),
            SIDE_ONE[side],
            14,
            shade(ink, 0.9) if ink == INK else (40, 40, 40),
            anchor="rm",
        )


def _draw_tiles(im: Image.Image, view: View, names: Sequence[str], top: int) -> int:
    tiles = list(view.get("tiles") or [])[:4]
    _label(im, MARGIN, top, "Action tiles")
    draft = view.get("draft") or {}
    order = [str(s) for s in draft.get("order") or []]
    picks = int(draft.get("picks", 0) or 0)
    if order and view.get("phase") == "draft":
        x = MARGIN + 150
        box = draw_text(im, (x, top - 2), "draft order:", 16, MUTED)
        x = box[2] + 8
        for i, side in enumerate(order):
            fill = SIDE_COLORS.get(side, (100, 100, 100))
            if i < picks:
                fill = shade(fill, 0.45)
            paste_sprite(
                im, pip(20, fill, GOLD if i == picks else DARK, 3 if i == picks else 2), (x, top - 2)
            )
            x += 26
    y = top + 24
    n = max(1, len(tiles))
    w = (WIDTH - 2 * MARGIN - GAP * (n - 1)) / n
    for i, tile in enumerate(tiles):
        tx = MARGIN + i * (w + GAP)
        _draw_tile(im, view, names, tile, (round(tx), y, round(tx + w), y + TILE_H))
    return y + TILE_H


# --- the pictures -------------------------------------------------------------------------


def board_png(view: View, *, names: Sequence[str]) -> bytes:
    """The public board as PNG bytes; ``view["private"]`` is never read."""
    over = bool(view.get("over"))
    head_h = 88 if over and view.get("outcome") else 68
    map_top = head_h + 12
    tiles_top = map_top + MAP_H + 14
    height = tiles_top + 24 + TILE_H + MARGIN
    im = Image.new("RGB", (WIDTH, height), BG)
    _draw_header(im, view, names, head_h)
    draw_map(im, view, MARGIN, map_top)
    sx = MARGIN + MAP_W + GAP
    y = map_top
    # the side whose turn it is first? keep a fixed order: Vikings above Anglo-Saxons
    for side in SIDES:
        _draw_side_panel(im, view, names, side, (sx, y, sx + SIDE_W, y + SIDE_PANEL_H))
        y += SIDE_PANEL_H + GAP
    _draw_track(im, view, (sx, y, sx + SIDE_W, y + TRACK_H))
    y += TRACK_H + GAP
    ch = _combat_height(view)
    if ch:
        _draw_combat(im, view, names, (sx, y, sx + SIDE_W, y + ch))
        y += ch + GAP
    _draw_log(im, view, names, (sx, y, sx + SIDE_W, map_top + MAP_H), _status_lines(view, names))
    _draw_tiles(im, view, names, tiles_top)
    return encode_png(im)


# --- the hand picture ---------------------------------------------------------------------

# Destination marker -> its coastal area (games/saga/saga.json)
MARKER_AREAS: dict[str, str] = {
    "D1": "northumbria",
    "D2": "east_anglia",
    "D3": "essex",
    "D4": "kent",
    "D5": "wessex",
}
CARD_H = 132


def _own_seat(view: View) -> int | None:
    seat = view.get("seat")
    return seat if isinstance(seat, int) else None


def _leader_places(view: View) -> dict[str, str]:
    """Where each leader tag stands, in words, from the public keys."""
    places: dict[str, str] = {}
    for area in view.get("areas") or []:
        for side in SIDES:
            for ldr in _units(area.get(side))[1]:
                places[str(ldr.get("tag"))] = f"in {_area_name(area.get('id'))}"
    for ldr in _units(view.get("drakkar"))[1]:
        places[str(ldr.get("tag"))] = "on the Drakkar"
    for side in SIDES:
        for ldr in ((view.get("supply") or {}).get(side) or {}).get("leaders") or []:
            places[str(ldr.get("tag"))] = "in your supply"
        for ldr in (view.get("removed") or {}).get(side) or []:
            places[str(ldr.get("tag"))] = "removed"
    return places


def _marker_area(marker: Any, view: View) -> str | None:
    key = str(marker)
    if key in MARKER_AREAS:
        return MARKER_AREAS[key]
    for space in view.get("destinations") or []:
        if str(space.get("marker")) == key and space.get("target"):
            return str(space["target"])
    return None


def _draw_leader_card(
    im: Image.Image, side: str, tag: str, ability: Mapping[str, Any], place: str, box: Box
) -> None:
    d = ImageDraw.Draw(im)
    x0, y0, x1, y1 = box
    d.rounded_rectangle(box, 12, fill=PANEL, outline=GOLD, width=2)
    token = leader_token(side, 40)
    paste_sprite(im, token, (x0 + 12, y0 + 14))
    draw_text(im, (x0 + 32, y0 + 14 + token.height + 12), tag, 16, MUTED, anchor="mm", bold=True)
    tx = x0 + 64
    name = str(ability.get("name") or ability.get("ability") or "?")
    box_ = draw_text(im, (tx, y0 + 10), name, 24, GOLD, bold=True, max_width=x1 - tx - 12, min_size=18)
    draw_text(
        im,
        (box_[2] + 10, y0 + 22),
        place,
        18,
        INK,
        anchor="lm",
        max_width=max(40, x1 - box_[2] - 22),
        min_size=14,
    )
    y = y0 + 44
    for line in wrap_text(str(ability.get("text") or ""), 18, x1 - tx - 12, max_lines=3):
        draw_text(im, (tx, y), line, 18, INK)
        y += 24


def hand_png(view: View, *, names: Sequence[str], seat: int | None = None) -> bytes | None:
    """One side's secrets: its leaders' abilities and places, the scouted Destinations."""
    private = view.get("private")
    if not private:
        return None
    me = seat if seat is not None else _own_seat(view)
    side = str(private.get("side") or (_side_of(view, me) if me is not None else "") or "")
    if side not in SIDES:
        side = "viking" if "scouted" in private else "anglo"
    if me is None:
        me = _seat_of(view, side)
    leaders = [
        (str(tag), ab) for tag, ab in (private.get("leaders") or {}).items() if isinstance(ab, Mapping)
    ]
    leaders.sort()
    scouted = [s for s in private.get("scouted") or [] if isinstance(s, Mapping)]
    pool = [str(m) for m in private.get("pool") or []]
    places = _leader_places(view)

    head_h = 64
    y = head_h + 12
    cols = 2
    card_w = (HAND_WIDTH - 2 * MARGIN - GAP) // cols
    rows = max(1, (len(leaders) + cols - 1) // cols)
    leaders_h = 24 + rows * (CARD_H + GAP)
    dest_h = 0
    if side == "viking":
        dest_h = 24 + max(1, len(scouted)) * 58 + (46 if pool else 0) + GAP
    height = y + leaders_h + dest_h + SIDE_PANEL_H + MARGIN

    im = Image.new("RGB", (HAND_WIDTH, height), BG)
    d = ImageDraw.Draw(im)
    acting = me is not None and me in (view.get("to_act") or []) and not view.get("over")
    prompt = str(view.get("prompt") or "your turn") if acting else None
    who = _name(names, me) if me is not None else SIDE_NAMES[side]
    title = f"{who}: your {SIDE_NAMES[side]}' secrets"
    hand_header(
        im,
        head_h,
        title,
        icon=shield(side, 44),
        title_x=MARGIN + 56,
        title_size=26,
        prompt=prompt,
        prompt_size=20,
        prompt_min=15,
    )

    _label(im, MARGIN, y, "Your leaders (hidden from your opponent until revealed)")
    y += 24
    if not leaders:
        draw_text(im, (MARGIN, y + 30), "No leader left", 22, MUTED)
    for i, (tag, ability) in enumerate(leaders):
        x = MARGIN + (i % cols) * (card_w + GAP)
        cy = y + (i // cols) * (CARD_H + GAP)
        _draw_leader_card(im, side, tag, ability, places.get(tag, ""), (x, cy, x + card_w, cy + CARD_H))
    y += rows * (CARD_H + GAP)
    if side == "viking":
        _label(im, MARGIN, y, "Scouted Destinations (face down on the board)")
        y += 24
        if not scouted:
            draw_text(im, (MARGIN, y + 18), "None scouted", 20, MUTED)
        for item in scouted:
            target = str(item.get("target") or _marker_area(item.get("marker"), view) or "")
            d.rounded_rectangle((MARGIN, y, HAND_WIDTH - MARGIN, y + 50), 12, fill=PANEL)
            paste_sprite(im, face_down_token(36), (MARGIN + 10, y + 7))
            box_ = draw_text(
                im, (MARGIN + 56, y + 25), _area_name(item.get("space")), 22, INK, anchor="lm", bold=True
            )
            d.line((box_[2] + 12, y + 25, box_[2] + 40, y + 25), fill=GOLD, width=3)
            triangle_right(d, box_[2] + 40, y + 25, 14, GOLD)
            paste_sprite(im, sigil_token(target, 36), (box_[2] + 60, y + 7))
            draw_text(
                im,
                (box_[2] + 104, y + 25),
                f"lands in {_area_name(target)}",
                22,
                GOLD,
                anchor="lm",
                bold=True,
            )
            y += 58
        if pool:
            box_ = draw_text(im, (MARGIN, y + 20), "In the pile:", 18, MUTED, anchor="lm")
            x = box_[2] + 10
            for marker in pool:
                area = _marker_area(marker, view) or ""
                paste_sprite(im, sigil_token(area, 32), (x, y + 4))
                box_ = draw_text(
                    im, (x + 36, y + 20), _area_name(area) if area else marker, 18, INK, anchor="lm"
                )
                x = box_[2] + 14
            y += 46
        y += GAP
    _draw_side_panel(im, view, names, side, (MARGIN, y, HAND_WIDTH - MARGIN, y + SIDE_PANEL_H))
    return encode_png(im)
