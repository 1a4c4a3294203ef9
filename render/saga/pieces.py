"""Saga pieces and icons: shields, leaders, strongholds, coins, the drakkar, sigils and trees."""

from __future__ import annotations

import math

from PIL import Image, ImageDraw

from render.common import (
    BAD,
    DARK,
    GOLD,
    RGB,
    draw_text,
    pip,
    shade,
)
from render.common.cache import kept
from render.saga.style import SIDE_COLORS, SIDE_EDGES, SIGILS, painted_sprite, rgba


@kept
def shield(side: str, size: int, engaged: bool = False) -> Image.Image:
    """A warrior token: a round Viking shield (grey planks, iron boss) or a blue Saxon one."""
    fill = SIDE_COLORS.get(side, (128, 128, 128))
    edge = SIDE_EDGES.get(side, (20, 20, 20))

    def paint(d: ImageDraw.ImageDraw, w: float, h: float) -> None:
        ring = 0.09 * w
        if engaged:
            d.ellipse((0, 0, w - 1, h - 1), fill=rgba(BAD))
            d.ellipse((ring, ring, w - 1 - ring, h - 1 - ring), fill=rgba(edge))
            inset = ring + 0.07 * w
        else:
            d.ellipse((0, 0, w - 1, h - 1), fill=rgba(edge))
            inset = 0.08 * w
        box = (inset, inset, w - 1 - inset, h - 1 - inset)
        d.ellipse(box, fill=rgba(fill))
        c = w / 2
        r = (w - 2 * inset) / 2
        line = max(2, round(0.035 * w))
        if side == "viking":
            for k in range(4):
                a = math.pi / 4 + k * math.pi / 2
                d.line(
                    (c, c, c + r * math.cos(a), c + r * math.sin(a)), fill=rgba(shade(fill, 0.8)), width=line
                )
        else:
            d.line((c, inset, c, w - 1 - inset), fill=rgba(shade(fill, 1.25)), width=3 * line)
            d.line((inset, c, w - 1 - inset, c), fill=rgba(shade(fill, 1.25)), width=3 * line)
        boss = 0.36 * r
        d.ellipse((c - boss, c - boss, c + boss, c + boss), fill=rgba(shade(fill, 0.55)))

    return painted_sprite(size, size, paint)


@kept
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
            d.polygon(body, fill=rgba(tone))
            d.ellipse((0.2 * w + t, t, 0.8 * w - t, 0.6 * w - t), fill=rgba(tone))

    return painted_sprite(size, h, paint)


@kept
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
            fill=rgba(SIDE_COLORS["anglo"]),
        )

    return painted_sprite(size, h, paint)


@kept
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
        d.polygon(pts, fill=rgba(GOLD), outline=(90, 60, 10, 255), width=round(0.06 * w))
        for x, y in ((0.06, 0.3), (0.5, 0.1), (0.94, 0.3)):
            r = 0.07 * w
            d.ellipse((x * w - r, y * hh - r, x * w + r, y * hh + r), fill=(255, 236, 150, 255))

    return painted_sprite(size, h, paint)


@kept
def coin_icon(size: int) -> Image.Image:
    """A silver penny."""

    def paint(d: ImageDraw.ImageDraw, w: float, h: float) -> None:
        d.ellipse((0, 0, w - 1, h - 1), fill=(110, 76, 10, 255))
        e = 0.08 * w
        d.ellipse((e, e, w - 1 - e, h - 1 - e), fill=rgba(GOLD))
        e2 = 0.24 * w
        d.ellipse((e2, e2, w - 1 - e2, h - 1 - e2), outline=(170, 120, 20, 255), width=round(0.06 * w))
        c = w / 2
        d.line((c, 0.34 * h, c, 0.66 * h), fill=(150, 100, 10, 255), width=round(0.07 * w))
        d.line((0.34 * w, c, 0.66 * w, c), fill=(150, 100, 10, 255), width=round(0.07 * w))

    return painted_sprite(size, size, paint)


@kept
def sword_axe_icon(size: int, color: RGB = (236, 236, 240)) -> Image.Image:
    """The Sword-and-Axe icon: its holder resolves actions first (also marks a battle)."""

    def paint(d: ImageDraw.ImageDraw, w: float, h: float) -> None:
        line = round(0.1 * w)
        ink = rgba(color)
        outline = (20, 20, 24, 255)
        # sword: bottom-left to top-right
        for col, extra in ((outline, round(0.07 * w)), (ink, 0)):
            d.line((0.16 * w, 0.84 * h, 0.86 * w, 0.14 * h), fill=col, width=line + extra)
            d.line((0.12 * w, 0.56 * h, 0.44 * w, 0.88 * h), fill=col, width=line + extra)
            # axe: bottom-right to top-left, with a blade
            d.line((0.84 * w, 0.86 * h, 0.2 * w, 0.22 * h), fill=col, width=line + extra)
        blade = [(0.08 * w, 0.3 * h), (0.3 * w, 0.06 * h), (0.42 * w, 0.2 * h), (0.22 * w, 0.42 * h)]
        d.polygon(blade, fill=ink, outline=outline, width=round(0.04 * w))

    return painted_sprite(size, size, paint)


@kept
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
        d.polygon(flag, fill=rgba(GOLD), outline=(90, 60, 10, 255), width=round(0.05 * w))
        d.ellipse((0.36 * w, 0.18 * h, 0.56 * w, 0.42 * h), fill=(150, 40, 30, 255))

    return painted_sprite(size, size, paint)


@kept
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

    return painted_sprite(width, height, paint)


@kept
def sigil_token(area: str, size: int) -> Image.Image:
    """A face-up Destination marker: the sigil colour of its coastal area and its letters."""
    color, letters = SIGILS.get(area, ((120, 120, 120), area[:1].upper()))
    sprite = pip(size, color, (246, 238, 220), max(2, size // 12)).copy()
    rgb = Image.new("RGB", (size, size))
    tsize = max(14, int(size * (0.5 if len(letters) == 1 else 0.4)))
    draw_text(rgb, (size / 2, size / 2), letters, tsize, (255, 255, 255), anchor="mm", bold=True)
    sprite.paste((255, 255, 255, 255), (0, 0), rgb.convert("L"))
    return sprite


@kept
def face_down_token(size: int) -> Image.Image:
    """A face-down Destination marker."""
    sprite = pip(size, (60, 44, 36), (214, 190, 140), max(2, size // 12)).copy()
    rgb = Image.new("RGB", (size, size))
    draw_text(rgb, (size / 2, size / 2), "?", int(size * 0.56), (255, 255, 255), anchor="mm", bold=True)
    sprite.paste((240, 220, 170, 255), (0, 0), rgb.convert("L"))
    return sprite


@kept
def tree_icon(size: int) -> Image.Image:
    def paint(d: ImageDraw.ImageDraw, w: float, h: float) -> None:
        d.rectangle((0.44 * w, 0.6 * h, 0.56 * w, 0.95 * h), fill=(60, 40, 24, 255))
        d.polygon([(0.5 * w, 0.02 * h), (0.9 * w, 0.7 * h), (0.1 * w, 0.7 * h)], fill=(40, 70, 40, 255))

    return painted_sprite(size, size, paint)


@kept
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

    return painted_sprite(size, size, paint)
