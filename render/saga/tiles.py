"""The Saga action tiles row."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from PIL import Image

from render.common import (
    DARK,
    GAP,
    GOLD,
    INK,
    MARGIN,
    MUTED,
    PANEL_EDGE,
    WIDTH,
    Box,
    draw_text,
    paste_sprite,
    pip,
    shade,
    text_on,
    text_width,
)
from render.common.canvas import canvas
from render.saga.pieces import initiative_icon, shield, sword_axe_icon
from render.saga.style import (
    ACTION_NAMES,
    BONUS_NAMES,
    SIDE_COLORS,
    SIDE_DARK,
    SIDE_ONE,
    SIDES,
    View,
    _label,
    _side_label,
)

TILE_H = 178


def _half_text(half: Mapping[str, Any]) -> str:
    acts = [ACTION_NAMES.get(str(a), str(a)) for a in half.get("actions") or []]
    return (" / " if half.get("choose_one") else " + ").join(acts)


def _draw_tile(im: Image.Image, view: View, names: Sequence[str], tile: Mapping[str, Any], box: Box) -> None:
    d = canvas(im)
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
