"""A tile as a card: its kind's colour band, name, REQUIREMENT, Follower icon, trigger and text."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from PIL import Image

from render.common import DARK, RGB, Box, draw_text, panel, shade, text_width, wrap_text
from render.common.canvas import canvas
from render.common.parts import framed, part
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


# (band height, name size, kind size, facts size, badge size) for the board and the hand
SMALL = (28, 17, 11, 13, 18)
LARGE = (38, 24, 14, 18, 26)


def card_height(width: int, text_size: int, lines: int, *, large: bool = False) -> int:
    band, _, _, facts, _ = LARGE if large else SMALL
    return band + facts + 12 + lines * (text_size + 5) + 10


@part(framed)
def _frame(im: Image.Image, x: float, y: float, band: RGB, band_h: int, w: int, h: int) -> None:
    """A card's frame and the band of its kind's colour at its top."""
    d = canvas(im)
    right, bottom = x + w, y + h
    d.rounded_rectangle((x, y, right, bottom), 8, fill=PARCHMENT, outline=shade(band, 0.6), width=2)
    d.rounded_rectangle((x, y, right, y + band_h), 8, fill=band)
    d.rectangle((x, y + band_h - 10, right, y + band_h), fill=band)


def draw_tile(
    im: Image.Image,
    tile: Tile,
    box: Box,
    *,
    text_size: int = 15,
    lines: int = 3,
    large: bool = False,
    ground: RGB | None = None,
) -> None:
    """Draw ``tile`` filling ``box``; the text wraps to at most ``lines`` lines, on a panel
    of the ``ground`` colour if one is known (the board's SAGA TRACK)."""
    x0, y0, x1, y1 = box
    band_h, name_size, kind_size, facts_size, badge = LARGE if large else SMALL
    kind = str(tile.get("kind", ""))
    band = KIND_COLORS.get(kind, (90, 90, 90))
    _frame(im, (x0, y0), ground, band, band_h, x1 - x0, y1 - y0)
    mid = y0 + band_h / 2
    with panel(f"tile {tile.get('id')}", box):
        x = x0 + 6
        if tile.get("follower"):
            at = (x, mid - badge / 2)
            x += (
                follower_badge(im, at, str(tile["follower"]), badge, ground=None if ground is None else band)
                + 5
            )
        kind_w = text_width(kind.upper(), kind_size, bold=True)
        draw_text(im, (x1 - 6, mid), kind.upper(), kind_size, shade(band, 1.7), anchor="rm", bold=True)
        draw_text(
            im,
            (x, mid),
            str(tile.get("name", "")),
            name_size,
            (255, 255, 255),
            anchor="lm",
            bold=True,
            max_width=int(x1 - 12 - kind_w - x),
            min_size=12,
        )
        draw_text(
            im,
            (x0 + 6, y0 + band_h + 3),
            _facts(tile),
            facts_size,
            shade(band, 0.8),
            bold=True,
            max_width=x1 - x0 - 12,
            min_size=11,
        )
        y = y0 + band_h + facts_size + 12
        text = str(tile.get("text") or "")
        for words in wrap_text(text, text_size, x1 - x0 - 12, max_lines=lines):
            if y + text_size + 4 > y1:
                break
            draw_text(im, (x0 + 6, y), words, text_size, DARK)
            y += text_size + 5
