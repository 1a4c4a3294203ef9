"""The Saga action tiles row."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, NamedTuple

from PIL import Image

from render.common import (
    BG,
    DARK,
    GAP,
    GOLD,
    INK,
    MARGIN,
    MUTED,
    PANEL_EDGE,
    RGB,
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
from render.common.parts import panel_text, part
from render.saga.pieces import initiative_icon, shield, sword_axe_icon
from render.saga.style import (
    ACTION_NAMES,
    BONUS_NAMES,
    SIDE_COLORS,
    SIDE_DARK,
    SIDE_ONE,
    SIDES,
    View,
    side_label,
)

TILE_H = 178


def _half_text(half: Mapping[str, Any]) -> str:
    acts = [ACTION_NAMES.get(str(a), str(a)) for a in half.get("actions") or []]
    return (" / " if half.get("choose_one") else " + ").join(acts)


class Half(NamedTuple):
    """What a tile's half shows: its bonus (if any) and its actions."""

    bonus: str | None
    actions: str


class Look(NamedTuple):
    """Everything a tile looks like but the name on its holder's chip."""

    number: str
    sword: bool
    initiative: bool
    resolved: bool
    current: bool  # being resolved now
    holder: str | None
    anglo: Half
    viking: Half


def _half(half: Any) -> Half:
    half = half if isinstance(half, Mapping) else {}
    bonus = half.get("bonus")
    btext = BONUS_NAMES.get(str(bonus), str(bonus).replace("_", " ")) if bonus else None
    return Half(btext, _half_text(half))


def _look(view: View, tile: Mapping[str, Any]) -> Look:
    holder = tile.get("holder")
    resolved = bool(tile.get("resolved"))
    res = view.get("resolving") or {}
    current = view.get("phase") == "actions" and res.get("tile") == tile.get("id") and not resolved
    return Look(
        str(tile.get("id", "?")),
        bool(tile.get("sword")),
        bool(tile.get("initiative")),
        resolved,
        current,
        str(holder) if holder in SIDES else None,
        _half(tile.get("anglo")),
        _half(tile.get("viking")),
    )


def _head_end(x0: int, look: Look) -> int:
    """Where the tile's head ends: its number, icons and "done"."""
    hx = x0 + 10 + 42
    hx += 36 if look.sword else 0
    hx += 36 if look.initiative else 0
    if look.resolved:
        hx += 2 + text_width("done", 18, bold=True) + 8  # as the box of "done" drawn at hx + 2
    return hx


def _paper(resolved: bool) -> RGB:
    return (232, 220, 192) if not resolved else (150, 144, 130)


def draw_tile(im: Image.Image, view: View, names: Sequence[str], tile: Mapping[str, Any], box: Box) -> None:
    x0, y0, x1, y1 = (int(v) for v in box)
    look = _look(view, tile)
    current = look.current
    edge = GOLD if current else PANEL_EDGE
    canvas(im).rounded_rectangle(
        (x0, y0, x1, y1), 14, fill=_paper(look.resolved), outline=edge, width=4 if current else 2
    )
    # the head and the halves are the same on every board where the tile looks the same
    heads = (look.number, look.sword, look.initiative, look.resolved, look.holder is None)
    _head(im, (x0 + 10, y0 + 8), None, *heads, x1 - x0 - 22)
    hy = y0 + 50
    hh = (y1 - 8 - hy - 6) // 2
    for i, (side, half) in enumerate((("anglo", look.anglo), ("viking", look.viking))):
        top = hy + i * (hh + 6)
        _draw_half(im, (x0 + 8, top, x1 - 8, top + hh), side, half, look)
    if look.holder is not None:
        _draw_chip(im, view, names, look, (x0, y0, x1, y1))


@part(lambda *look: (0, 0, look[-1], 34), anywhere=True)
def _head(
    im: Image.Image,
    x0: int,
    y0: int,
    number: str,
    sword: bool,
    initiative: bool,
    resolved: bool,
    free: bool,
    w: int,
) -> None:
    """The tile's head but the holder's chip: its number, its icons, "done", or "to
    draft" (``free``); on the tile's paper, from the number's disc to ``w`` right of it."""
    d = canvas(im)
    x1 = x0 + w
    d.rectangle((x0, y0, x1, y0 + 34), fill=_paper(resolved))  # under the icons' soft edges, as on the tile
    hx = x0
    d.ellipse((hx, y0, hx + 34, y0 + 34), fill=DARK)
    draw_text(im, (hx + 17, y0 + 17), number, 22, GOLD, anchor="mm", bold=True)
    hx += 42
    if sword:
        paste_sprite(im, sword_axe_icon(32, (250, 250, 250)), (hx, y0 + 1))
        hx += 36
    if initiative:
        paste_sprite(im, initiative_icon(32), (hx, y0 + 1))
        hx += 36
    if resolved:
        draw_text(im, (hx + 2, y0 + 17), "done", 18, DARK, anchor="lm", bold=True)
    if free:
        draw_text(im, (x1, y0 + 17), "to draft", 18, (120, 96, 60), anchor="rm", bold=True)


def _draw_half(im: Image.Image, box: Box, side: str, half: Half, look: Look) -> None:
    """One side's half of a tile: bright for its holder, dimmed for the other side."""
    mine = look.holder == side
    dim = look.holder is not None and not mine
    lit = mine and not look.resolved
    x0, y0, x1, y1 = (int(v) for v in box)
    _paint_half(im, (x0, y0), None, side, half, dim, lit, x1 - x0, y1 - y0)


@part(lambda *look: (0, 0, look[-2], look[-1]), anywhere=True)
def _paint_half(
    im: Image.Image, x0: int, top: int, side: str, half: Half, dim: bool, lit: bool, w: int, h: int
) -> None:
    d = canvas(im)
    x1, bottom = x0 + w, top + h
    band = SIDE_COLORS[side] if not dim else shade(SIDE_COLORS[side], 0.55)
    d.rounded_rectangle((x0, top, x1, bottom), 10, fill=band, outline=GOLD if lit else None, width=3)
    ink = text_on(band)
    tx = x0 + 8
    if half.bonus:
        bw = text_width(half.bonus, 16, bold=True) + 14
        d.rounded_rectangle((tx, top + 5, tx + bw, top + 25), 10, fill=GOLD if not dim else shade(GOLD, 0.6))
        draw_text(im, (tx + bw / 2, top + 15), half.bonus, 16, DARK, anchor="mm", bold=True)
    draw_text(
        im,
        (tx, bottom - 16),
        half.actions,
        20,
        ink,
        anchor="lm",
        bold=True,
        max_width=x1 - x0 - 16,
        min_size=15,
    )
    draw_text(
        im,
        (x1 - 8, top + 15),
        SIDE_ONE[side],
        14,
        shade(ink, 0.9) if ink == INK else (40, 40, 40),
        anchor="rm",
    )


def _draw_chip(im: Image.Image, view: View, names: Sequence[str], look: Look, box: Box) -> None:
    """The holder's shield and name, right of the tile's head."""
    x0, y0, x1, y1 = box
    holder = str(look.holder)
    hx = _head_end(int(x0), look)
    label = side_label(view, names, holder)
    tw = min(x1 - 10 - hx - 8, text_width(label, 18, bold=True) + 44)
    canvas(im).rounded_rectangle((x1 - 10 - tw, y0 + 10, x1 - 10, y0 + 40), 15, fill=SIDE_DARK[holder])
    paste_sprite(im, shield(holder, 22), (x1 - 10 - tw + 5, y0 + 14))
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


def draw_tiles(im: Image.Image, view: View, names: Sequence[str], top: int) -> int:
    tiles = list(view.get("tiles") or [])[:4]
    panel_text(im, (MARGIN, top), "ACTION TILES", 16, MUTED, BG, bold=True)  # as _label
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
        draw_tile(im, view, names, tile, (round(tx), y, round(tx + w), y + TILE_H))
    return y + TILE_H
