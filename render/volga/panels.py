"""A Volga player's panel: coins, goods, contracts and passes."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from PIL import Image

from render.common import (
    DARK,
    GOLD,
    INK,
    MUTED,
    PANEL,
    PANEL_EDGE,
    Box,
    draw_text,
    panel,
    paste_sprite,
    shade,
    text_on,
    text_width,
    triangle_right,
)
from render.common.canvas import canvas
from render.volga.goods import coin_icon, contract_back, good_badge
from render.volga.market import _chip, _chip_rows
from render.volga.pieces import ship_sprite
from render.volga.style import ACT, ACT_FILL, GOODS, SHIP_COLORS, View, _city_names, _color, _seat_color

PANEL_HEAD = 66
SCORE = 46  # rubles: the score, to read on a phone
GOODS_ROW = 44


def _pass_names(view: View, seat: Mapping[str, Any]) -> list[str]:
    cities = _city_names(view)
    return [cities.get(str(c), str(c).title()) for c in seat.get("passes") or []]


def panel_height(view: View, seat: Mapping[str, Any], width: int) -> int:
    rows = len(_chip_rows(_pass_names(view, seat) or ["-"], width - 28 - 70))
    return PANEL_HEAD + 6 + GOODS_ROW + 6 + rows * 34 + 8


def draw_panel(
    im: Image.Image,
    view: View,
    box: Box,
    seat: Mapping[str, Any],
    name: str,
    *,
    active: bool,
    place: str | None = None,
    winner: bool = False,
) -> None:
    """One player's area: ship, name, rubles, goods, hidden contracts and passes."""
    with panel(f"seat {seat.get('seat', 0)}", box):
        _draw_panel(im, view, box, seat, name, active=active, place=place, winner=winner)


def _draw_panel(
    im: Image.Image,
    view: View,
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
    color = _color(_seat_color(view, index))
    large = seat.get("ship") == "large"
    edge_color = GOLD if winner else ACT if active else PANEL_EDGE
    d.rounded_rectangle(box, 14, fill=PANEL, outline=edge_color, width=4 if active or winner else 2)
    head_fill = ACT_FILL if active else shade(PANEL, 1.12)
    d.rounded_rectangle((x0 + 4, y0 + 4, x1 - 4, y0 + PANEL_HEAD), 11, fill=head_fill)
    d.rectangle((x0 + 4, y0 + 8, x0 + 14, y0 + PANEL_HEAD - 4), fill=color, outline=(16, 16, 20), width=1)
    ship = ship_sprite(_seat_color(view, index), large, 56 if large else 46)
    mid = y0 + (PANEL_HEAD + 4) / 2
    paste_sprite(im, ship, (x0 + 20 + (56 - ship.width) / 2, mid - ship.height / 2))
    nx = x0 + 84
    rubles = str(seat.get("rubles", 0))
    note = coin_icon(40)
    money_w = text_width(rubles, SCORE, bold=True) + note.width + 8
    right = x1 - 14 - money_w
    tag = "WINNER" if winner else place or ("to act" if active else "")
    tag_w = (text_width(tag, 20, bold=True) + 40) if tag else 0
    nbox = draw_text(
        im, (nx, mid), name, 30, INK, anchor="lm", bold=True, max_width=right - nx - tag_w - 8, min_size=18
    )
    if tag:
        tx = nbox[2] + 10
        fill = GOLD if winner else ACT if active and not place else (90, 104, 128)
        d.rounded_rectangle((tx, mid - 15, tx + tag_w - 6, mid + 15), 15, fill=fill)
        if active and not winner and not place:
            triangle_right(d, tx + 10, mid, 14, DARK)
            draw_text(im, (tx + 28, mid), tag, 20, DARK, anchor="lm", bold=True)
        else:
            draw_text(
                im,
                (tx + (tag_w - 6) / 2, mid),
                tag,
                20,
                DARK if fill != (90, 104, 128) else INK,
                anchor="mm",
                bold=True,
            )
    paste_sprite(im, note, (x1 - 14 - money_w, mid - note.height / 2))
    draw_text(im, (x1 - 14, mid), rubles, SCORE, GOLD, anchor="rm", bold=True)
    # goods, cargo and hidden contracts
    gy = y0 + PANEL_HEAD + 6
    gmid = gy + GOODS_ROW / 2
    goods = seat.get("goods") or {}
    x = x0 + 14
    carried = 0
    for good in GOODS:
        count = int(goods.get(good, 0) or 0)
        carried += count
        paste_sprite(im, good_badge(good, 36, faded=not count), (x, gmid - 18))
        x = (
            draw_text(im, (x + 40, gmid), str(count), 24, INK if count else MUTED, anchor="lm", bold=True)[2]
            + 14
        )
    capacity = seat.get("capacity")
    cargo = f"cargo {carried}/{capacity}" if capacity else "no cargo limit"
    draw_text(im, (x, gmid), cargo, 18, MUTED, anchor="lm", max_width=max(40, x1 - 90 - x), min_size=14)
    hidden = int(seat.get("hidden_contracts", 0) or 0)
    back = contract_back(34)
    hx = x1 - 14 - back.width - 4 - text_width(str(hidden), 24, bold=True)
    paste_sprite(im, back, (hx, gmid - back.height / 2))
    draw_text(im, (x1 - 14, gmid), str(hidden), 24, INK if hidden else MUTED, anchor="rm", bold=True)
    # passes
    py = gy + GOODS_ROW + 6
    d.line((x0 + 14, py - 3, x1 - 14, py - 3), fill=PANEL_EDGE, width=1)
    draw_text(im, (x0 + 14, py + 14), "passes", 16, MUTED, anchor="lm", bold=True)
    passes = _pass_names(view, seat)
    if not passes:
        draw_text(im, (x0 + 84, py + 14), "none", 18, MUTED, anchor="lm")
        return
    for row in _chip_rows(passes, x1 - x0 - 28 - 70):
        cx = x0 + 84
        for text in row:
            cx = (
                _chip(
                    im,
                    cx,
                    py,
                    text,
                    shade(color, 0.9) if color != SHIP_COLORS["white"] else (214, 214, 206),
                    text_on(color),
                )
                + 6
            )
        py += 34
