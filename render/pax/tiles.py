"""A tile as a card: its kind's colour band, name, REQUIREMENT, Follower icon, trigger and text."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from PIL import Image, ImageDraw

from render.common import DARK, Box, draw_text, panel, shade, text_width, wrap_text
from render.pax.style import KIND_COLORS, PARCHMENT, TRIGGERS, follower_badge

Tile = Mapping[str, Any]


def _facts(tile: Tile) -> str:
    """Where it may be played, and when its ability works."""
    bits = [str(tile.get("location_name") or "anywhere")]
    trigger = TRIGGERS.get(str(tile.get("trigger")), "")
    if trigger and tile.get("kind") != "event":
        bits.append(trigger)
    if tile.get("once"):
        bits.append("ONCE")
    if tile.get("althing"):
        bits.append("ALTHING")
    return " · ".join(bits)


def card_height(width: int, text_size: int, lines: int) -> int:
    return 30 + 22 + lines * (text_size + 5) + 10


def draw_tile(im: Image.Image, tile: Tile, box: Box, *, text_size: int = 15, lines: int = 3) -> None:
    """Draw ``tile`` filling ``box``; the text wraps to at most ``lines`` lines."""
    d = ImageDraw.Draw(im)
    x0, y0, x1, y1 = box
    kind = str(tile.get("kind", ""))
    band = KIND_COLORS.get(kind, (90, 90, 90))
    d.rounded_rectangle(box, 8, fill=PARCHMENT, outline=shade(band, 0.6), width=2)
    d.rounded_rectangle((x0, y0, x1, y0 + 28), 8, fill=band)
    d.rectangle((x0, y0 + 18, x1, y0 + 28), fill=band)
    with panel(f"tile {tile.get('id')}", box):
        x = x0 + 6
        if tile.get("follower"):
            x += follower_badge(im, (x, y0 + 5), str(tile["follower"]), 18) + 5
        kind_w = text_width(kind.upper(), 11, bold=True)
        draw_text(im, (x1 - 6, y0 + 14), kind.upper(), 11, shade(band, 1.7), anchor="rm", bold=True)
        draw_text(
            im,
            (x, y0 + 14),
            str(tile.get("name", "")),
            17,
            (255, 255, 255),
            anchor="lm",
            bold=True,
            max_width=int(x1 - 12 - kind_w - x),
            min_size=12,
        )
        draw_text(
            im,
            (x0 + 6, y0 + 31),
            _facts(tile),
            13,
            shade(band, 0.8),
            bold=True,
            max_width=x1 - x0 - 12,
            min_size=11,
        )
        y = y0 + 52
        text = str(tile.get("text") or "")
        for line in wrap_text(text, text_size, x1 - x0 - 12, max_lines=lines):
            if y + text_size + 4 > y1:
                break
            draw_text(im, (x0 + 6, y), line, text_size, DARK)
            y += text_size + 5
