"""A Knarr player's panel: tokens, crew columns, explored lands and the ship's trade rows."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from PIL import Image

from render.common import (
    DARK,
    GOLD,
    INK,
    MUTED,
    PANEL,
    PANEL_EDGE,
    VIKING_COLORS,
    Box,
    draw_text,
    icon,
    panel,
    paste_sprite,
    pip,
    shade,
    ship_icon,
    text_width,
    triangle_right,
)
from render.common.canvas import canvas
from render.knarr.cards import crew_strip, mini_dest, mini_dest_width
from render.knarr.style import ACTIVE_EDGE, COLORS, TYPE_COLORS, caption, ship_colors

CREW_W = 56
CREW_GAP = 6
STRIP_STEP = 31
STRIP_LAST = 44
CREW_MAX_H = 300
ROW_H = 36
ROW_MIN = 28  # trade rows shrink to this before the oldest are left out
TRADE_MAX_H = 400  # with CREW_MAX_H, what keeps a panel (and the board) bounded
TAG_W = 66
OLDER_H = 24  # the line that counts the lands left out
HEAD_BAND = 64  # the name and score band; the score is 48 px to read on a phone
SCORE = 48
TOKENS_TOP = HEAD_BAND + 12


def _crew_height(seat: Mapping[str, Any]) -> int:
    crew = seat.get("crew") or {}
    tallest = max((len(crew.get(c) or []) for c in COLORS), default=0)
    if tallest == 0:
        return 30 + STRIP_LAST
    return min(CREW_MAX_H, 30 + (tallest - 1) * STRIP_STEP + STRIP_LAST)


def _reserved_rows(seat: Mapping[str, Any], width: int) -> list[list[Mapping[str, Any]]]:
    """The reserved destinations, broken into rows that fit ``width``."""
    rows: list[list[Mapping[str, Any]]] = []
    used = width + 1
    for dest in seat.get("reserved") or []:
        w = mini_dest_width(dest) + 8
        if used + w > width and (not rows or rows[-1]):
            rows.append([])
            used = 0
        rows[-1].append(dest)
        used += w
    return rows


def _trade_width(panel_width: int) -> int:
    return panel_width - 14 - (5 * CREW_W + 4 * CREW_GAP + 18) - 14


def _reserved_height(seat: Mapping[str, Any], width: int) -> int:
    reserved = _reserved_rows(seat, width)
    return 28 + 46 * len(reserved) if reserved else 0


def _trade_rows(seat: Mapping[str, Any], width: int) -> tuple[int, int]:
    """(rows shown, row height): every explored land and the ship, within TRADE_MAX_H.

    Rows shrink down to ROW_MIN; past that the oldest lands are left out (and counted).
    """
    rows = len(seat.get("explored") or []) + 1
    room = TRADE_MAX_H - 30 - _reserved_height(seat, width)
    if rows * ROW_MIN > room:
        return max(1, (room - OLDER_H) // ROW_MIN), ROW_MIN
    return rows, max(ROW_MIN, min(ROW_H, room // rows))


def _trade_height(seat: Mapping[str, Any], width: int) -> int:
    shown, row_h = _trade_rows(seat, width)
    older = OLDER_H if shown <= len(seat.get("explored") or []) else 0
    return 30 + shown * row_h + older + _reserved_height(seat, width)


def panel_height(seat: Mapping[str, Any], width: int) -> int:
    """The height of a player panel ``width`` pixels wide."""
    return TOKENS_TOP + 42 + max(_crew_height(seat), _trade_height(seat, _trade_width(width))) + 14


def _draw_crew(im: Image.Image, seat: Mapping[str, Any], x: int, y: int, height: int) -> None:
    d = canvas(im)
    crew = seat.get("crew") or {}
    for i, color in enumerate(COLORS):
        cx = x + i * (CREW_W + CREW_GAP)
        cards = list(crew.get(color) or [])
        base = VIKING_COLORS[color]
        d.rounded_rectangle((cx, y, cx + CREW_W, y + 24), 8, fill=shade(base, 0.45))
        draw_text(im, (cx + CREW_W / 2, y + 12), str(len(cards)), 20, (255, 255, 255), anchor="mm", bold=True)
        top = y + 30
        if not cards:
            d.rounded_rectangle(
                (cx, top, cx + CREW_W, top + STRIP_LAST), 7, outline=shade(base, 0.6), width=2
            )
            continue
        avail = height - 30 - STRIP_LAST
        step = STRIP_STEP if len(cards) < 2 else min(STRIP_STEP, avail / (len(cards) - 1))
        for j, card in enumerate(cards):
            sprite = crew_strip(str(card.get("color", color)), str(card.get("asset", "")), CREW_W, STRIP_LAST)
            paste_sprite(im, sprite, (cx, top + j * step))


def draw_trade(im: Image.Image, seat: Mapping[str, Any], x: int, y: int, w: int) -> None:
    d = canvas(im)
    cell_w = (w - TAG_W - 8) // 3
    shown, row_h = _trade_rows(seat, w)
    explored = list(seat.get("explored") or [])
    hidden = len(explored) + 1 - shown
    caption(im, x, y + 4, "Trade")
    for col in range(3):
        cx = x + TAG_W + 8 + col * cell_w + cell_w / 2
        # the cost of a column: that many bracelets
        n = col + 1
        bsize = 18
        total = n * bsize - (n - 1) * 2
        bx = cx - total / 2
        for _ in range(n):
            paste_sprite(im, icon("bracelet", bsize), (bx, y + 2))
            bx += bsize - 2
    rows: list[tuple[Mapping[str, Any] | None, Sequence[Any]]] = [
        (dest, dest.get("trade") or []) for dest in explored[max(0, hidden) :]
    ]
    rows.append((None, seat.get("ship_trade") or []))
    isize = min(28, row_h - 8)
    ry = y + 28
    for i, (dest, trade) in enumerate(rows):
        shade_row = (48, 62, 84) if i % 2 == 0 else (44, 57, 77)
        d.rounded_rectangle((x, ry, x + w, ry + row_h - 4), 6, fill=shade_row)
        if dest is not None:
            kind = str(dest.get("type", "A"))
            d.rounded_rectangle(
                (x + 2, ry + 2, x + TAG_W, ry + row_h - 6), 6, fill=TYPE_COLORS.get(kind, (80, 80, 80))
            )
            draw_text(
                im,
                (x + TAG_W / 2 + 1, ry + (row_h - 4) / 2),
                str(dest.get("id", "?")),
                18 if row_h >= 30 else 16,
                (255, 255, 255),
                anchor="mm",
                bold=True,
            )
        else:
            hull, edge = ship_colors(int(seat.get("seat", 0)))
            ship = ship_icon(40 if row_h >= 34 else 32, hull, edge)
            paste_sprite(im, ship, (x + (TAG_W - ship.width) / 2, ry + (row_h - 4 - ship.height) / 2))
        for col in range(3):
            asset = trade[col] if col < len(trade) else None
            cx = x + TAG_W + 8 + col * cell_w + cell_w / 2
            if asset:
                paste_sprite(im, icon(str(asset), isize), (cx - isize / 2, ry + (row_h - 4 - isize) / 2))
            else:
                dot = ry + (row_h - 4) / 2
                d.ellipse((cx - 2, dot - 2, cx + 2, dot + 2), fill=(90, 104, 128))
        ry += row_h
    if hidden > 0:
        lands = "land" if hidden == 1 else "lands"
        draw_text(im, (x + 4, ry), f"+{hidden} older {lands} not shown", 16, MUTED)
        ry += OLDER_H
    reserved = _reserved_rows(seat, w)
    if reserved:
        caption(im, x, ry + 6, "Reserved")
        ry += 28
        for row in reserved:
            rx = x
            for dest in row:
                rx = mini_dest(im, rx, ry, dest, 38) + 8
            ry += 46


def _token_slots(im: Image.Image, x: int, y: int, asset: str, count: int, cap: int = 3) -> int:
    size = 30
    for i in range(max(cap, count)):
        if i < count:
            paste_sprite(im, icon(asset, size), (x, y))
        else:
            paste_sprite(im, pip(size - 10, (52, 66, 88), (86, 102, 128), 2), (x + 5, y + 5))
        x += size + 2
    return x


def draw_panel(
    im: Image.Image,
    box: Box,
    seat: Mapping[str, Any],
    name: str,
    *,
    active: bool,
    place: str | None = None,
    winner: bool = False,
) -> None:
    """One player's area: header, tokens, crew columns and trade rows."""
    with panel(f"seat {seat.get('seat', 0)}", box):
        _draw_panel(im, box, seat, name, active=active, place=place, winner=winner)


def _draw_panel(
    im: Image.Image,
    box: Box,
    seat: Mapping[str, Any],
    name: str,
    *,
    active: bool,
    place: str | None,
    winner: bool,
) -> None:
    d = canvas(im)
    x0, y0, x1, y1 = box
    index = int(seat.get("seat", 0))
    hull, edge = ship_colors(index)
    edge_color = ACTIVE_EDGE if active or winner else PANEL_EDGE
    d.rounded_rectangle(box, 14, fill=PANEL, outline=edge_color, width=4 if active or winner else 2)
    # header: a band with the seat's colour at its left end
    mid = y0 + 4 + HEAD_BAND / 2
    head_fill = shade(PANEL, 1.12) if not active else (74, 66, 40)
    d.rounded_rectangle((x0 + 4, y0 + 4, x1 - 4, y0 + 4 + HEAD_BAND), 11, fill=head_fill)
    d.rectangle((x0 + 4, y0 + 8, x0 + 16, y0 + HEAD_BAND), fill=hull, outline=edge, width=1)
    ship = ship_icon(56, hull, edge)
    paste_sprite(im, ship, (x0 + 22, mid - ship.height / 2))
    nx = x0 + 86
    score = str(seat.get("score", 0))
    score_w = text_width(score, SCORE, bold=True) + 50
    right = x1 - 14 - score_w
    tag = ""
    if winner:
        tag = "WINNER"
    elif place:
        tag = place
    elif active:
        tag = "to act"
    tag_w = (text_width(tag, 22, bold=True) + 42) if tag else 0
    nbox = draw_text(
        im,
        (nx, mid),
        name,
        32,
        INK,
        anchor="lm",
        bold=True,
        max_width=right - nx - tag_w - 8,
        min_size=20,
    )
    if tag:
        tx = nbox[2] + 10
        fill = GOLD if (active or winner) else (90, 104, 128)
        d.rounded_rectangle((tx, mid - 16, tx + tag_w - 6, mid + 16), 16, fill=fill)
        if active and not winner and not place:
            triangle_right(d, tx + 11, mid, 15, DARK)
            draw_text(im, (tx + 30, mid), tag, 22, DARK, anchor="lm", bold=True)
        else:
            draw_text(
                im,
                (tx + (tag_w - 6) / 2, mid),
                tag,
                22,
                DARK if fill == GOLD else INK,
                anchor="mm",
                bold=True,
            )
    paste_sprite(im, icon("vp", 42), (x1 - 14 - score_w, mid - 21))
    draw_text(im, (x1 - 14, mid), score, SCORE, GOLD, anchor="rm", bold=True)
    # tokens row
    ty = y0 + TOKENS_TOP
    x = x0 + 14
    paste_sprite(im, icon("reputation", 32), (x, ty))
    box_ = draw_text(im, (x + 36, ty + 16), str(seat.get("reputation", 0)), 26, INK, anchor="lm", bold=True)
    box_ = draw_text(im, (box_[2] + 4, ty + 17), f"(+{seat.get('income', 0)}/turn)", 18, MUTED, anchor="lm")
    x = box_[2] + 16
    x = _token_slots(im, x, ty + 1, "recruit", int(seat.get("recruits", 0) or 0)) + 12
    x = _token_slots(im, x, ty + 1, "bracelet", int(seat.get("bracelets", 0) or 0)) + 12
    paste_sprite(im, icon("card", 32), (x, ty))
    box_ = draw_text(im, (x + 32, ty + 16), f"{seat.get('hand_count', 0)}", 24, INK, anchor="lm", bold=True)
    if active and seat.get("traded"):
        draw_text(im, (box_[2] + 12, ty + 16), "traded", 18, MUTED, anchor="lm")
    # crew and trade
    by = ty + 42
    body_h = y1 - 14 - by
    _draw_crew(im, seat, x0 + 14, by, min(body_h, CREW_MAX_H))
    tx = x0 + 14 + 5 * CREW_W + 4 * CREW_GAP + 18
    draw_trade(im, seat, tx, by, _trade_width(x1 - x0))
