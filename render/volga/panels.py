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
    RGB,
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
from render.common.parts import panel_text, part
from render.volga.goods import coin_icon, contract_back, good_badge
from render.volga.market import chip_rows, draw_chip
from render.volga.pieces import ship_sprite
from render.volga.style import ACT, ACT_FILL, GOODS, SHIP_COLORS, View, city_names, seat_color, ship_color

PANEL_HEAD = 66
SCORE = 46  # rubles: the score, to read on a phone
GOODS_ROW = 44


def _pass_names(view: View, seat: Mapping[str, Any]) -> list[str]:
    cities = city_names(view)
    return [cities.get(str(c), str(c).title()) for c in seat.get("passes") or []]


def panel_height(view: View, seat: Mapping[str, Any], width: int) -> int:
    rows = len(chip_rows(_pass_names(view, seat) or ["-"], width - 28 - 70))
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
    color = ship_color(seat_color(view, index))
    large = seat.get("ship") == "large"
    edge_color = GOLD if winner else ACT if active else PANEL_EDGE
    d.rounded_rectangle(box, 14, fill=PANEL, outline=edge_color, width=4 if active or winner else 2)
    head_fill = ACT_FILL if active else shade(PANEL, 1.12)
    d.rounded_rectangle((x0 + 4, y0 + 4, x1 - 4, y0 + PANEL_HEAD), 11, fill=head_fill)
    d.rectangle((x0 + 4, y0 + 8, x0 + 14, y0 + PANEL_HEAD - 4), fill=color, outline=(16, 16, 20), width=1)
    ship = ship_sprite(seat_color(view, index), large, 56 if large else 46)
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
        fill = GOLD if winner else ACT if active and not place else (90, 104, 128)
        arrow = active and not winner and not place
        _tag(im, (nbox[2] + 10, int(mid)), head_fill, tag, tag_w, fill, arrow)
    paste_sprite(im, note, (x1 - 14 - money_w, mid - note.height / 2))
    draw_text(im, (x1 - 14, mid), rubles, SCORE, GOLD, anchor="rm", bold=True)
    # goods, cargo and hidden contracts, then the passes: on the panel's plain fill
    gy = y0 + PANEL_HEAD + 6
    gmid = gy + GOODS_ROW // 2
    goods = seat.get("goods") or {}
    x = x0 + 14
    carried = 0
    for good in GOODS:
        count = int(goods.get(good, 0) or 0)
        carried += count
        x = _draw_good(im, x, gmid, good, count) + 14
    capacity = seat.get("capacity")
    cargo = f"cargo {carried}/{capacity}" if capacity else "no cargo limit"
    room = max(40, x1 - 90 - x)
    panel_text(im, (x, gmid), cargo, 18, MUTED, PANEL, anchor="lm", max_width=room)
    _draw_hidden(im, x1 - 14, gmid, int(seat.get("hidden_contracts", 0) or 0))
    py = gy + GOODS_ROW + 6
    d.line((x0 + 14, py - 3, x1 - 14, py - 3), fill=PANEL_EDGE, width=1)
    panel_text(im, (x0 + 14, py + 14), "passes", 16, MUTED, PANEL, anchor="lm", bold=True)
    passes = _pass_names(view, seat)
    if not passes:
        panel_text(im, (x0 + 84, py + 14), "none", 18, MUTED, PANEL, anchor="lm")
        return
    fill = shade(color, 0.9) if color != SHIP_COLORS["white"] else (214, 214, 206)
    for row in chip_rows(passes, x1 - x0 - 28 - 70):
        cx = x0 + 84
        for text in row:
            cx = draw_chip(im, cx, py, text, fill, text_on(color), PANEL) + 6
        py += 34


# the pieces on the panel's plain fill


def _draw_good(im: Image.Image, x: int, y: int, good: str, count: int) -> int:
    """A good's badge and how many the player has, from (``x``, centre line ``y``); the
    count's right edge."""
    return _good(im, (x, y), PANEL, good, count)


@part((-2, -24, 130, 24))
def _good(im: Image.Image, x: float, y: float, good: str, count: int) -> int:
    paste_sprite(im, good_badge(good, 36, faded=not count), (x, y - 18))
    ink = INK if count else MUTED
    return draw_text(im, (x + 40, y), str(count), 24, ink, anchor="lm", bold=True)[2]


def _draw_hidden(im: Image.Image, x: int, y: int, hidden: int) -> None:
    """A face-down contract and how many the player holds, ending at ``x``."""
    _hidden(im, (x, y), PANEL, hidden)


@part((-100, -22, 2, 22))
def _hidden(im: Image.Image, x: float, y: float, hidden: int) -> None:
    back = contract_back(34)
    hx = x - back.width - 4 - text_width(str(hidden), 24, bold=True)
    paste_sprite(im, back, (hx, y - back.height / 2))
    draw_text(im, (x, y), str(hidden), 24, INK if hidden else MUTED, anchor="rm", bold=True)


@part(lambda tag, tag_w, fill, arrow: (-2, -18, tag_w + 4, 18))
def _tag(im: Image.Image, x: float, y: float, tag: str, tag_w: int, fill: RGB, arrow: bool) -> int:
    """The tag after a player's name: "to act" behind an arrow, else a place or WINNER."""
    d = canvas(im)
    d.rounded_rectangle((x, y - 15, x + tag_w - 6, y + 15), 15, fill=fill)
    if arrow:
        triangle_right(d, x + 10, y, 14, DARK)
        return draw_text(im, (x + 28, y), tag, 20, DARK, anchor="lm", bold=True)[2]
    ink = DARK if fill != (90, 104, 128) else INK
    return draw_text(im, (x + (tag_w - 6) / 2, y), tag, 20, ink, anchor="mm", bold=True)[2]
