"""Volga goods, coins and contract cards."""

from __future__ import annotations

from PIL import Image, ImageDraw

from render.common import (
    BG,
    DARK,
    draw_text,
    paste_sprite,
    pip,
)
from render.common.cache import kept
from render.common.canvas import canvas
from render.volga.pieces import fire_mark
from render.volga.style import GOOD_NAMES, PARCHMENT, PARCHMENT_EDGE, Paint, painted_sprite


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


@kept
def good_icon(good: str, size: int) -> Image.Image:
    """The ``"RGBA"`` sprite of a trade good: an amber gem, a fish, a fur pelt."""
    painter = _GOOD_PAINTERS.get(good)
    if painter is None:
        return pip(size, (110, 110, 110), (230, 230, 230), 2)
    return painted_sprite(size, size, painter)


@kept
def good_badge(good: str, size: int, faded: bool = False) -> Image.Image:
    """A good on a light disc, so the blue fish and brown fur read on dark panels."""
    disc = pip(size, (236, 226, 200), (120, 96, 60), 2)
    badge = disc.copy()
    inner = good_icon(good, round(size * 0.74))
    badge.alpha_composite(inner, ((size - inner.width) // 2, (size - inner.height) // 2))
    if faded:
        badge.putalpha(badge.getchannel("A").point(lambda a: a * 40 // 100))
    return badge


@kept
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

    return painted_sprite(size, h, paint)


@kept
def contract_card(good: str, name: str, burned: bool, w: int, h: int) -> Image.Image:
    """A contract: the good wanted (icon, and its name on a wide card) and the city it goes to."""
    sprite = Image.new("RGB", (w, h), BG)
    d = canvas(sprite)
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


@kept
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

    return painted_sprite(w, h, paint)
