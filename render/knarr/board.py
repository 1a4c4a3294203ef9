"""The public Knarr board: header, market, destinations, player panels and recent moves.

Drawn only from ``games.knarr.view(state, None)``; ``view["private"]`` is never read.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from PIL import Image, ImageDraw

from games.core import name_seats
from render.common import (
    BG,
    GAP,
    GOLD,
    HEADER_BG,
    INK,
    MARGIN,
    MUTED,
    PANEL_EDGE,
    WIDTH,
    Box,
    draw_text,
    encode_png,
    paste_sprite,
    pip,
    ship_icon,
    text_width,
    triangle_right,
)
from render.knarr.cards import DEST_H, SLOT_H
from render.knarr.market import _draw_destinations, _draw_market, _draw_pending
from render.knarr.panels import draw_panel, panel_height
from render.knarr.style import View, _label, _name, _ship


def _draw_header(im: Image.Image, view: View, names: Sequence[str], height: int) -> None:
    d = ImageDraw.Draw(im)
    d.rectangle((0, 0, im.width, height), fill=HEADER_BG)
    d.line((0, height - 1, im.width, height - 1), fill=PANEL_EDGE, width=2)
    mid = height / 2
    x = MARGIN
    box = draw_text(im, (x, mid), f"Round {view.get('round', 1)}", 28, INK, anchor="lm", bold=True)
    x = box[2] + 14
    if view.get("final_round") and not view.get("over"):
        w = text_width("FINAL ROUND", 22, bold=True) + 24
        d.rounded_rectangle((x, mid - 18, x + w, mid + 18), 18, fill=(196, 40, 36))
        draw_text(im, (x + w / 2, mid), "FINAL ROUND", 22, (255, 255, 255), anchor="mm", bold=True)
        x += w + 14
    outcome = view.get("outcome") if view.get("over") else None
    if outcome:
        _draw_outcome_banner(im, outcome, names, x + 10, height)
        return
    to_act = list(view.get("to_act") or [])
    prompt = str(view.get("prompt") or "")
    if not to_act and not prompt:
        return
    who = ", ".join(_name(names, s) for s in to_act)
    text = f"{who}: {prompt}" if who and prompt else who or prompt
    x += 10
    triangle_right(d, x, mid, 26, GOLD)
    x += 32
    if len(to_act) == 1:
        hull, edge = _ship(to_act[0])
        ship = ship_icon(44, hull, edge)
        paste_sprite(im, ship, (x, mid - ship.height / 2))
        x += 52
    draw_text(
        im, (x, mid), text, 28, GOLD, anchor="lm", bold=True, max_width=im.width - MARGIN - x, min_size=20
    )


def _draw_outcome_banner(
    im: Image.Image, outcome: Mapping[str, Any], names: Sequence[str], x: int, height: int
) -> None:
    winners = [int(s) for s in outcome.get("winners") or []]
    scores = list(outcome.get("scores") or [])
    if winners:
        who = " & ".join(_name(names, s) for s in winners)
        best = scores[winners[0]] if winners[0] < len(scores) else None
        verb = "wins" if len(winners) == 1 else "win"
        title = f"{who} {verb}!" + (f"  {best} VP" if best is not None else "")
    else:
        title = "Game over"
    draw_text(
        im,
        (x, height * 0.36),
        title,
        30,
        GOLD,
        anchor="lm",
        bold=True,
        max_width=im.width - MARGIN - x,
        min_size=20,
    )
    reason = str(outcome.get("reason") or "")
    if reason:
        draw_text(
            im,
            (x, height * 0.76),
            reason,
            18,
            MUTED,
            anchor="lm",
            max_width=im.width - MARGIN - x,
            min_size=16,
        )


def _places(outcome: Mapping[str, Any], n: int) -> list[str]:
    """``1st``, ``2nd``... by final score; winners (tie-break included) come first."""
    scores = list(outcome.get("scores") or [])
    if len(scores) < n:
        return [""] * n
    winners = {int(s) for s in outcome.get("winners") or []}
    ordinals = ("1st", "2nd", "3rd", "4th", "5th")
    places = []
    for seat, score in enumerate(scores):
        if seat in winners:
            ahead = 0
        else:
            ahead = len(winners) + sum(
                1 for other, s in enumerate(scores) if other not in winners and s > score
            )
        places.append(ordinals[min(4, ahead)])
    return places


def _draw_log(im: Image.Image, view: View, names: Sequence[str], box: Box) -> None:
    d = ImageDraw.Draw(im)
    x0, y0, x1, y1 = box
    d.rounded_rectangle(box, 14, fill=(32, 42, 58), outline=PANEL_EDGE, width=2)
    _label(im, x0 + 14, y0 + 12, "Recent moves")
    y = y0 + 40
    lines = list(view.get("log") or [])
    room = max(0, (y1 - 10 - y) // 28)
    for entry in lines[-room:] if room else []:
        seat = entry.get("seat")
        text = name_seats(str(entry.get("text", "")), list(names))
        x = x0 + 14
        color = INK
        if seat is not None:
            hull, edge = _ship(int(seat))
            paste_sprite(im, pip(18, hull, edge, 2), (x, y + 4))
            text = f"{_name(names, int(seat))} {text}"
        else:
            color = GOLD
        draw_text(im, (x + 26, y), text, 20, color, max_width=x1 - 40 - x, min_size=16)
        y += 28


def board_png(view: View, *, names: Sequence[str]) -> bytes:
    """The public board as PNG bytes; ``view["private"]`` is never read."""
    seats = list(view.get("seats") or [])
    over = bool(view.get("over"))
    outcome = view.get("outcome") if over else None
    head_h = 84 if outcome else 68
    market_top = head_h + 12
    market_h = 24 + SLOT_H
    dest_top = market_top + market_h + 14
    dest_h = 24 + DEST_H
    pending = view.get("pending") or {}
    pend_h = 56 + 14 if pending.get("explore") else 0
    players_top = dest_top + dest_h + 14 + pend_h
    cols = 2
    panel_w = (WIDTH - 2 * MARGIN - GAP) // cols
    rows = [seats[i : i + cols] for i in range(0, len(seats), cols)]
    row_heights = [max(panel_height(s, panel_w) for s in row) for row in rows]
    if rows and len(rows[-1]) < cols and view.get("log"):
        row_heights[-1] = max(row_heights[-1], 200)
    height = players_top + sum(row_heights) + GAP * max(0, len(rows) - 1) + MARGIN

    im = Image.new("RGB", (WIDTH, height), BG)
    _draw_header(im, view, names, head_h)
    _draw_market(im, view, market_top)
    _draw_destinations(im, view, dest_top)
    if pend_h:
        _draw_pending(im, view, names, dest_top + dest_h + 14)
    to_act = set(view.get("to_act") or [])
    places = _places(outcome, len(seats)) if outcome else [""] * len(seats)
    winners = set(outcome.get("winners") or []) if outcome else set()
    y = players_top
    for r, row in enumerate(rows):
        for c, seat in enumerate(row):
            x = MARGIN + c * (panel_w + GAP)
            index = int(seat.get("seat", r * cols + c))
            draw_panel(
                im,
                (x, y, x + panel_w, y + row_heights[r]),
                seat,
                _name(names, index),
                active=index in to_act and not over,
                place=places[index] or None,
                winner=index in winners,
            )
        if len(row) < cols and view.get("log"):
            x = MARGIN + len(row) * (panel_w + GAP)
            _draw_log(im, view, names, (x, y, x + panel_w, y + row_heights[r]))
        y += row_heights[r] + GAP
    return encode_png(im)
