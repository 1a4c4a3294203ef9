"""Knarr card sprites: Viking cards, crew strips, destination cards and card backs."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from PIL import Image

from render.common import (
    BG,
    RGB,
    VIKING_COLORS,
    draw_text,
    icon,
    paste_sprite,
    pip,
    shade,
    symbol,
    text_on,
    text_width,
)
from render.common.cache import kept
from render.common.canvas import canvas
from render.common.layout import carry_text
from render.knarr.style import CELL, COLORS, PARCHMENT, PARCHMENT_EDGE, TYPE_COLORS


@kept
def _helmet(width: int, color: RGB) -> Image.Image:
    """A horned helmet, the decoration in the middle of a Viking card."""
    height = round(width * 0.62)
    big = Image.new("RGBA", (width * 4, height * 4), (0, 0, 0, 0))
    d = canvas(big)
    w, h = width * 4, height * 4
    fill = color + (255,)
    d.chord((0.26 * w, 0.2 * h, 0.74 * w, 1.5 * h), 180, 360, fill=fill)
    d.rectangle((0.22 * w, 0.78 * h, 0.78 * w, 0.98 * h), fill=fill)
    d.polygon([(0.28 * w, 0.62 * h), (0.04 * w, 0.0), (0.14 * w, 0.6 * h)], fill=fill)
    d.polygon([(0.72 * w, 0.62 * h), (0.96 * w, 0.0), (0.86 * w, 0.6 * h)], fill=fill)
    return big.resize((width, height), Image.Resampling.LANCZOS)


@kept
def viking_card(card_id: str, color: str, asset: str, w: int, h: int) -> Image.Image:
    """A full Viking card: its colour, its asset at the top, a helmet, its id."""
    base = VIKING_COLORS.get(color, (120, 120, 120))
    sprite = Image.new("RGBA", (w, h), (0, 0, 0, 0))
    d = canvas(sprite)
    radius = max(6, w // 10)
    d.rounded_rectangle((0, 0, w - 1, h - 1), radius, fill=shade(base, 0.55) + (255,))
    d.rounded_rectangle((3, 3, w - 4, h - 4), radius - 2, fill=base + (255,))
    badge = round(w * 0.62)
    bx, by = (w - badge) // 2, round(h * 0.06)
    paste_sprite(sprite, pip(badge, (250, 244, 228), shade(base, 0.5), 3), (bx, by))
    isize = round(badge * 0.72)
    paste_sprite(sprite, icon(asset, isize), (bx + (badge - isize) / 2, by + (badge - isize) / 2))
    hw = round(w * 0.56)
    helm = _helmet(hw, shade(base, 0.72))
    paste_sprite(sprite, helm, ((w - hw) / 2, by + badge + h * 0.06))
    rgb = Image.new("RGB", (w, h))
    size = max(14, w // 5)
    box = draw_text(rgb, (w / 2, h - 6), card_id, size, (255, 255, 255), anchor="mb", bold=True)
    sprite.paste(text_on(base) + (255,), (0, 0), rgb.convert("L"))
    carry_text(sprite, card_id, size, box)
    return sprite


@kept
def crew_strip(color: str, asset: str, w: int, h: int) -> Image.Image:
    """A Viking card in a crew column, of which only the top (its asset) shows."""
    base = VIKING_COLORS.get(color, (120, 120, 120))
    sprite = Image.new("RGBA", (w, h), (0, 0, 0, 0))
    d = canvas(sprite)
    d.rounded_rectangle((0, 0, w - 1, h - 1), 7, fill=shade(base, 0.5) + (255,))
    d.rounded_rectangle((2, 2, w - 3, h - 3), 6, fill=base + (255,))
    isize = 26
    paste_sprite(sprite, pip(isize + 6, (250, 244, 228), shade(base, 0.5), 2), ((w - isize - 6) / 2, 2))
    paste_sprite(sprite, icon(asset, isize - 4), ((w - isize + 4) / 2, 7))
    return sprite


def _cost_key(cost: Mapping[str, int]) -> tuple[tuple[str, int], ...]:
    return tuple((str(k), int(v)) for k, v in cost.items())


def dest_key(dest: Mapping[str, Any]) -> tuple[Any, ...]:
    return (
        str(dest.get("id", "?")),
        str(dest.get("type", "A")),
        _cost_key(dest.get("cost") or {}),
        _cost_key(dest.get("immediate") or {}),
        tuple(dest.get("trade") or (None, None, None)),
    )


def draw_cost(im: Image.Image, x: int, y: int, cost: Mapping[str, int], size: int) -> int:
    """Cost pips at ``(x, y)`` (top-left), ``size`` pixels tall; returns the right edge."""
    if "different" in cost or "same" in cost:
        kind, count = ("ne", cost["different"]) if "different" in cost else ("eq", cost["same"])
        chip_w = size + 8 + text_width(f"x{count}", size - 2, bold=True) + 8
        canvas(im).rounded_rectangle((x, y, x + chip_w, y + size), size // 2, fill=(70, 62, 56))
        paste_sprite(im, symbol(kind, size - 4, (255, 255, 255)), (x + 6, y + 2))
        draw_text(
            im, (x + size + 6, y + size / 2), f"x{count}", size - 2, (255, 255, 255), anchor="lm", bold=True
        )
        return x + chip_w
    step = size + 3
    for color in [c for c in COLORS if c in cost] + [c for c in cost if c not in COLORS]:
        fill = VIKING_COLORS.get(color, (128, 128, 128))
        for _ in range(int(cost[color])):
            paste_sprite(im, pip(size, fill, (30, 24, 20), 2), (x, y))
            x += step
    return x - 3


def _immediate_items(immediate: Mapping[str, int]) -> list[tuple[str, int]]:
    items: list[tuple[str, int]] = []
    for asset, count in immediate.items():
        if asset == "vp":
            items.append(("vp", int(count)))
        else:
            items.extend((asset, 1) for _ in range(int(count)))
    return items


@kept
def dest_card(key: tuple[Any, ...], w: int, h: int) -> Image.Image:
    """A destination card: id band, cost, immediate assets, the three trade columns."""
    card_id, kind, cost, immediate, trade = key
    sprite = Image.new("RGB", (w, h), BG)
    d = canvas(sprite)
    band = TYPE_COLORS.get(kind, (80, 80, 80))
    d.rounded_rectangle((0, 0, w - 1, h - 1), 12, fill=PARCHMENT, outline=PARCHMENT_EDGE, width=2)
    d.rounded_rectangle((2, 2, w - 3, 36), 10, fill=band)
    d.rectangle((2, 24, w - 3, 36), fill=band)
    draw_text(sprite, (12, 19), card_id, 22, (255, 255, 255), anchor="lm", bold=True)
    draw_cost(sprite, w - 12 - _cost_width(dict(cost), 22), 8, dict(cost), 22)
    # immediate assets, centred
    items = _immediate_items(dict(immediate))
    isize = 34 if len(items) <= 4 else 32
    total = len(items) * isize + max(0, len(items) - 1) * 2
    ix = (w - total) / 2
    iy = 46
    if not items:
        draw_text(sprite, (w / 2, iy + isize / 2), "-", 22, (150, 130, 100), anchor="mm")
    for asset, count in items:
        paste_sprite(sprite, icon(asset, isize, count), (ix, iy))
        ix += isize + 2
    # trade columns
    top = iy + isize + 10
    cell_w = (w - 16 - 8) // 3
    for col in range(3):
        cx = 8 + col * (cell_w + 4)
        d.rounded_rectangle((cx, top, cx + cell_w, h - 9), 8, fill=CELL)
        draw_text(sprite, (cx + 5, top + 1), str(col + 1), 14, (140, 116, 80))
        traded = trade[col] if col < len(trade) else None
        if traded:
            tsize = 36
            paste_sprite(
                sprite, icon(traded, tsize), (cx + (cell_w - tsize) / 2, top + (h - 9 - top - tsize) / 2 + 3)
            )
    return sprite


def _cost_width(cost: Mapping[str, int], size: int) -> int:
    if "different" in cost or "same" in cost:
        count = cost.get("different", cost.get("same", 0))
        return size + 8 + text_width(f"x{count}", size - 2, bold=True) + 8
    n = sum(int(v) for v in cost.values())
    return max(0, n * (size + 3) - 3)


@kept
def card_back(w: int, h: int, fill: RGB, label: str) -> Image.Image:
    """A small face-down pile: two offset card backs."""
    sprite = Image.new("RGBA", (w, h), (0, 0, 0, 0))
    d = canvas(sprite)
    for off, tone in ((6, 0.6), (0, 1.0)):
        d.rounded_rectangle(
            (off, 6 - off, w - 7 + off, h - 1 - off),
            6,
            fill=shade(fill, tone) + (255,),
            outline=(230, 230, 236, 255),
            width=2,
        )
    rgb = Image.new("RGB", (w, h))
    draw_text(rgb, ((w - 6) / 2 + 3, (h + 6) / 2), label, 18, (255, 255, 255), anchor="mm", bold=True)
    sprite.paste((255, 255, 255, 255), (0, 0), rgb.convert("L"))
    return sprite


SLOT_W, SLOT_H = 108, 160
CARD_W, CARD_H = 96, 148
DEST_W, DEST_H = 194, 182


def mini_dest(im: Image.Image, x: int, y: int, dest: Mapping[str, Any], h: int = 40) -> int:
    """A compact destination: id tag and cost; returns the right edge."""
    kind = str(dest.get("type", "A"))
    band = TYPE_COLORS.get(kind, (80, 80, 80))
    card_id = str(dest.get("id", "?"))
    cost = dest.get("cost") or {}
    tw = text_width(card_id, 20, bold=True)
    w = mini_dest_width(dest)
    d = canvas(im)
    d.rounded_rectangle((x, y, x + w, y + h), 8, fill=PARCHMENT, outline=band, width=3)
    d.rounded_rectangle((x, y, x + tw + 14, y + h), 8, fill=band)
    draw_text(im, (x + 7, y + h / 2), card_id, 20, (255, 255, 255), anchor="lm", bold=True)
    draw_cost(im, x + tw + 20, int(y + (h - 20) / 2), cost, 20)
    return x + w


def mini_dest_width(dest: Mapping[str, Any]) -> int:
    card_id = str(dest.get("id", "?"))
    return text_width(card_id, 20, bold=True) + 20 + _cost_width(dest.get("cost") or {}, 20) + 10
