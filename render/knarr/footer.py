"""The foot of the Knarr board: the recent moves and a key to the icons."""

from __future__ import annotations

from collections.abc import Sequence

from PIL import Image

from games.core import name_seats
from games.words import seat_name
from render.common import (
    BG,
    GOLD,
    INK,
    PANEL_EDGE,
    Box,
    draw_text,
    icon,
    panel,
    paste_sprite,
    pip,
    symbol,
)
from render.common.canvas import canvas
from render.common.layout import static_tile
from render.knarr.style import View, caption, ship_colors

LOG_LINE = 28
KEY_ROW = 36
# icon, words; the = and ≠ are drawn as symbols
KEY: tuple[tuple[str, str], ...] = (
    ("vp", "victory points"),
    ("reputation", "reputation (VP each round)"),
    ("card", "hand size, or draw a card"),
    ("bracelet", "bracelet (pays for a trade)"),
    ("recruit", "recruit (any colour)"),
    ("ne", "different colours"),
    ("eq", "cards of one colour"),
)


def key_height(width: int) -> int:
    rows = (len(KEY) + 1) // 2 if width >= 560 else len(KEY)
    return 40 + rows * KEY_ROW + 6


def log_height(lines: int) -> int:
    return 40 + lines * LOG_LINE + 10


def draw_log(im: Image.Image, view: View, names: Sequence[str], box: Box) -> None:
    d = canvas(im)
    x0, y0, x1, y1 = box
    d.rounded_rectangle(box, 14, fill=(32, 42, 58), outline=PANEL_EDGE, width=2)
    with panel("recent moves", box):
        caption(im, x0 + 14, y0 + 12, "Recent moves")
        y = y0 + 40
        lines = list(view.get("log") or [])
        room = max(0, (y1 - 10 - y) // LOG_LINE)
        if not lines:
            draw_text(im, (x0 + 14, y), "Nothing yet", 20, INK)
        for entry in lines[-room:] if room else []:
            seat = entry.get("seat")
            text = name_seats(str(entry.get("text", "")), list(names))
            x = x0 + 14
            color = INK
            if seat is not None:
                hull, edge = ship_colors(int(seat))
                paste_sprite(im, pip(18, hull, edge, 2), (x, y + 5))
                text = f"{seat_name(names, int(seat))} {text}"
            else:
                color = GOLD
            draw_text(im, (x + 26, y), text, 20, color, max_width=x1 - 14 - (x + 26), min_size=16)
            y += LOG_LINE


def draw_key(im: Image.Image, box: Box) -> None:
    """The key never changes: drawn once for a size, then pasted."""
    static_tile(im, box, "knarr key", BG, _paint_key)


def _paint_key(im: Image.Image, box: Box) -> None:
    d = canvas(im)
    x0, y0, x1, y1 = box
    d.rounded_rectangle(box, 14, fill=(32, 42, 58), outline=PANEL_EDGE, width=2)
    with panel("key", box):
        caption(im, x0 + 14, y0 + 12, "Key")
        cols = 2 if x1 - x0 >= 560 else 1
        col_w = (x1 - x0 - 28) // cols
        for i, (kind, words) in enumerate(KEY):
            x = x0 + 14 + (i % cols) * col_w
            y = y0 + 40 + (i // cols) * KEY_ROW
            if kind in ("ne", "eq"):
                paste_sprite(im, symbol(kind, 26, INK), (x + 3, y + 3))
            else:
                paste_sprite(im, icon(kind, 30), (x, y))
            draw_text(im, (x + 40, y + 15), words, 19, INK, anchor="lm", max_width=col_w - 48, min_size=15)
