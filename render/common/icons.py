"""Asset icons (VP star, bracelet, recruit, reputation horn, card), pips, = and ≠, a small ship."""

from __future__ import annotations

import math
from collections.abc import Callable
from functools import lru_cache

from PIL import Image, ImageDraw

from render.common.canvas import canvas
from render.common.shapes import supersampled
from render.common.style import GOLD, RGB, shade
from render.common.text import draw_text

_OUTLINE: tuple[int, int, int, int] = (24, 20, 16, 255)


def _star_points(cx: float, cy: float, outer: float, inner: float) -> list[tuple[float, float]]:
    points = []
    for i in range(10):
        r = outer if i % 2 == 0 else inner
        a = -math.pi / 2 + i * math.pi / 5
        points.append((cx + r * math.cos(a), cy + r * math.sin(a)))
    return points


def _paint_vp(d: ImageDraw.ImageDraw, s: float, n: int) -> None:
    size = d.im.size[0] / s
    c = size * s / 2
    outer, inner = 0.49 * size * s, (0.30 if n > 1 else 0.24) * size * s
    line = max(2, round(0.06 * size * s))
    d.polygon(_star_points(c, c + 0.03 * size * s, outer, inner), fill=(246, 196, 48, 255))
    d.polygon(
        _star_points(c, c + 0.03 * size * s, outer, inner),
        outline=(110, 70, 10, 255),
        width=line,
    )
    inner_hi = _star_points(c, c - 0.02 * size * s, outer * 0.45, inner * 0.45)
    if n <= 1:
        d.polygon(inner_hi, fill=(255, 232, 150, 255))


def _paint_bracelet(d: ImageDraw.ImageDraw, s: float) -> None:
    size = d.im.size[0]
    m = 0.08 * size
    thick = 0.2 * size
    line = max(2, round(0.05 * size))
    d.ellipse((m, m + 0.08 * size, size - m, size - m - 0.08 * size), fill=(64, 68, 80, 255))
    d.ellipse(
        (m + line, m + 0.08 * size + line, size - m - line, size - m - 0.08 * size - line),
        fill=(214, 220, 232, 255),
    )
    hole = (m + thick, m + 0.08 * size + thick, size - m - thick, size - m - 0.08 * size - thick)
    d.ellipse(hole, fill=(64, 68, 80, 255))
    d.ellipse((hole[0] + line, hole[1] + line, hole[2] - line, hole[3] - line), fill=(0, 0, 0, 0))
    d.arc(
        (m + 2.2 * line, m + 0.08 * size + 2.2 * line, size - m - 2.2 * line, size * 0.7),
        200,
        300,
        fill=(255, 255, 255, 255),
        width=line,
    )


def _paint_recruit(d: ImageDraw.ImageDraw, s: float) -> None:
    size = d.im.size[0]
    line = max(2, round(0.06 * size))
    body = (0.16 * size, 0.5 * size, 0.84 * size, 1.3 * size)
    head = (0.31 * size, 0.06 * size, 0.69 * size, 0.44 * size)
    skin, cloth = (240, 214, 170, 255), (196, 120, 60, 255)
    d.chord(body, 180, 360, fill=_OUTLINE)
    d.chord((body[0] + line, body[1] + line, body[2] - line, body[3] - line), 180, 360, fill=cloth)
    d.rectangle((0, 0.92 * size, size, size), fill=(0, 0, 0, 0))
    d.line((0.17 * size, 0.9 * size, 0.83 * size, 0.9 * size), fill=_OUTLINE, width=line)
    d.ellipse(head, fill=_OUTLINE)
    d.ellipse((head[0] + line, head[1] + line, head[2] - line, head[3] - line), fill=skin)


# centre x, centre y, radius (fractions of the size), start angle, sweep (degrees)
_HORN = (0.6, 0.86, 0.5, 184.0, 112.0)


def _horn_polygon(size: float) -> list[tuple[float, float]]:
    cx, cy, r = _HORN[0] * size, _HORN[1] * size, _HORN[2] * size
    outer: list[tuple[float, float]] = []
    inner: list[tuple[float, float]] = []
    steps = 24
    for i in range(steps + 1):
        t = i / steps
        a = math.radians(_HORN[3] + _HORN[4] * t)
        w = (0.05 + 0.2 * t**1.4) * size
        outer.append((cx + (r + w) * math.cos(a), cy + (r + w) * math.sin(a)))
        inner.append((cx + (r - w) * math.cos(a), cy + (r - w) * math.sin(a)))
    return outer + inner[::-1]


def _paint_reputation(d: ImageDraw.ImageDraw, s: float) -> None:
    size = d.im.size[0]
    line = max(2, round(0.055 * size))
    poly = _horn_polygon(size)
    d.polygon(poly, fill=(238, 226, 190, 255), outline=_OUTLINE, width=line)
    # bronze bands and the bell rim
    cx, cy, r = _HORN[0] * size, _HORN[1] * size, _HORN[2] * size
    for t in (0.35, 0.62):
        a = math.radians(_HORN[3] + _HORN[4] * t)
        w = (0.05 + 0.2 * t**1.4) * size
        p1 = (cx + (r + w) * math.cos(a), cy + (r + w) * math.sin(a))
        p2 = (cx + (r - w) * math.cos(a), cy + (r - w) * math.sin(a))
        d.line((p1, p2), fill=(176, 110, 40, 255), width=int(line * 1.6))
    a = math.radians(_HORN[3] + _HORN[4])
    w = 0.25 * size
    p1 = (cx + (r + w) * math.cos(a), cy + (r + w) * math.sin(a))
    p2 = (cx + (r - w) * math.cos(a), cy + (r - w) * math.sin(a))
    d.line((p1, p2), fill=(176, 110, 40, 255), width=int(line * 2.2))


def _paint_card(d: ImageDraw.ImageDraw, s: float) -> None:
    size = d.im.size[0]
    line = max(2, round(0.05 * size))
    box = (0.2 * size, 0.06 * size, 0.8 * size, 0.94 * size)
    d.rounded_rectangle(box, 0.1 * size, fill=(40, 64, 120, 255), outline=(236, 236, 244, 255), width=line)
    cx, cy = 0.5 * size, 0.5 * size
    rx, ry = 0.17 * size, 0.26 * size
    d.polygon([(cx, cy - ry), (cx + rx, cy), (cx, cy + ry), (cx - rx, cy)], fill=GOLD + (255,))


_PAINTERS: dict[str, Callable[[ImageDraw.ImageDraw, float], None]] = {
    "bracelet": _paint_bracelet,
    "recruit": _paint_recruit,
    "reputation": _paint_reputation,
    "card": _paint_card,
}


@lru_cache(maxsize=512)
def icon(asset: str, size: int, n: int = 1) -> Image.Image:
    """The ``"RGBA"`` sprite of an asset (``vp`` shows ``n`` inside its star when > 1)."""
    if asset == "vp":
        sprite = supersampled((size, size), lambda d, s: _paint_vp(d, s, n))
        if n > 1:
            label = str(n)
            tsize = max(10, int(size * (0.42 if len(label) == 1 else 0.34)))
            rgb = Image.new("RGB", sprite.size)
            draw_text(rgb, (size / 2, size * 0.55), label, tsize, (255, 255, 255), anchor="mm", bold=True)
            sprite.paste((70, 40, 0, 255), (0, 0), rgb.convert("L"))
        return sprite
    painter = _PAINTERS.get(asset)
    if painter is None:
        return _unknown_icon(asset, size)
    return supersampled((size, size), painter)


def _unknown_icon(asset: str, size: int) -> Image.Image:
    sprite = Image.new("RGBA", (size, size), (0, 0, 0, 0))
    d = canvas(sprite)
    d.ellipse((1, 1, size - 2, size - 2), fill=(90, 90, 90, 255), outline=(255, 255, 255, 255))
    rgb = Image.new("RGB", (size, size))
    draw_text(
        rgb, (size / 2, size / 2), asset[:1].upper() or "?", max(10, size // 2), (255, 255, 255), anchor="mm"
    )
    sprite.paste((255, 255, 255, 255), (0, 0), rgb.convert("L"))
    return sprite


@lru_cache(maxsize=64)
def pip(size: int, fill: RGB, outline: RGB, width: int = 2) -> Image.Image:
    """A smooth filled circle."""

    def paint(d: ImageDraw.ImageDraw, s: float) -> None:
        d.ellipse((0, 0, size * s - 1, size * s - 1), fill=outline + (255,))
        w = width * s
        d.ellipse((w, w, size * s - 1 - w, size * s - 1 - w), fill=fill + (255,))

    return supersampled((size, size), paint)


@lru_cache(maxsize=64)
def symbol(kind: str, size: int, color: RGB) -> Image.Image:
    """``"ne"`` (≠) or ``"eq"`` (=) drawn as lines; the bundled font has no ``≠``."""

    def paint(d: ImageDraw.ImageDraw, s: float) -> None:
        full = size * s
        w = max(2, round(0.12 * full))
        for y in (0.36 * full, 0.64 * full):
            d.line((0.12 * full, y, 0.88 * full, y), fill=color + (255,), width=w)
        if kind == "ne":
            d.line((0.66 * full, 0.1 * full, 0.34 * full, 0.9 * full), fill=color + (255,), width=w)

    return supersampled((size, size), paint)


@lru_cache(maxsize=32)
def ship_icon(width: int, hull: RGB, edge: RGB) -> Image.Image:
    """A small knarr: hull, mast and square sail, in the ship colour with a contrasting edge."""
    height = round(width * 0.8)

    def paint(d: ImageDraw.ImageDraw, s: float) -> None:
        w, h = width * s, height * s
        line = max(2, round(0.045 * w))
        sail = (0.3 * w, 0.08 * h, 0.72 * w, 0.56 * h)
        d.line((0.51 * w, 0.02 * h, 0.51 * w, 0.66 * h), fill=edge + (255,), width=line)
        d.rectangle(sail, fill=shade(hull, 0.9) + (255,), outline=edge + (255,), width=line)
        stripe = (sail[0] + line, 0.26 * h, sail[2] - line, 0.38 * h)
        d.rectangle(stripe, fill=(196, 50, 44, 255))
        hull_poly = [
            (0.02 * w, 0.52 * h),
            (0.16 * w, 0.62 * h),
            (0.84 * w, 0.62 * h),
            (0.98 * w, 0.52 * h),
            (0.86 * w, 0.92 * h),
            (0.14 * w, 0.92 * h),
        ]
        d.polygon(hull_poly, fill=hull + (255,), outline=edge + (255,), width=line)

    return supersampled((width, height), paint)
