"""The public Volga board: header, map, side column, offer, player panels and recent moves.

Drawn only from ``games.volga.view(state, None)``; ``view["private"]`` is never read.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from PIL import Image

from games.core import name_seats
from games.words import final_places, outcome_title, seat_name
from render.common import (
    BG,
    GAP,
    GOLD,
    HEADER_BG,
    INK,
    MARGIN,
    PANEL_EDGE,
    RGB,
    WIDTH,
    Box,
    draw_headline,
    draw_text,
    header_height,
    panel,
    paste_sprite,
    pip,
    status_mid,
    text_width,
    wrap_text,
)
from render.common.board_header import header_band, outcome_banner
from render.common.cache import remembered
from render.common.canvas import canvas
from render.common.parts import part
from render.volga.map import MAP_MAX_H, MAP_W, SIDE_W, draw_map, map_size
from render.volga.market import draw_side, side_height
from render.volga.offer import draw_offer, offer_height
from render.volga.panels import draw_panel, panel_height
from render.volga.pieces import fire_mark, ship_sprite
from render.volga.style import View, plain_label, seat_color, ship_color, ship_large

LOG_FILL: RGB = (32, 42, 58)


# A game's log comes back on each of its boards, most lines as they were: each line's
# wrapping is remembered.
@remembered(4096)
def _log_lines(text: str, width: int) -> tuple[str, ...]:
    return tuple(wrap_text(text, 18, width, max_lines=2))


def _draw_log(im: Image.Image, view: View, names: Sequence[str], box: Box) -> None:
    """The latest public lines that fit in ``box``, newest last, each wrapped to two lines."""
    x0, y0, x1, y1 = box
    canvas(im).rounded_rectangle(box, 14, fill=LOG_FILL, outline=PANEL_EDGE, width=2)
    with panel("recent moves", box):
        plain_label(im, x0 + 14, y0 + 12, "Recent moves", LOG_FILL)
        room = max(0, (y1 - 8 - (y0 + 40)) // 24)
        blocks: list[tuple[int | None, tuple[str, ...]]] = []
        used = 0
        for entry in reversed(list(view.get("log") or [])):
            seat = entry.get("seat")
            text = name_seats(str(entry.get("text", "")), list(names))
            if seat is not None:
                text = f"{seat_name(names, int(seat))} {text}"
            lines = _log_lines(text, x1 - x0 - 52)
            if used + len(lines) > room:
                break
            blocks.append((None if seat is None else int(seat), lines))
            used += len(lines)
        y = y0 + 40
        for seat, lines in reversed(blocks):
            x = x0 + 14
            if seat is not None:
                color = ship_color(seat_color(view, seat))
                _draw_seat_pip(im, x, y + 4, color)
            for line in lines:
                draw_text(im, (x + 24, y), line, 18, INK if seat is not None else GOLD)
                y += 24


def _draw_seat_pip(im: Image.Image, x: int, y: int, color: RGB) -> None:
    """The pip of the seat whose move a log line is (on the log's fill)."""
    _seat_pip(im, (x, y), LOG_FILL, color)


@part((-2, -2, 20, 20))
def _seat_pip(im: Image.Image, x: float, y: float, color: RGB) -> None:
    paste_sprite(im, pip(16, color, (16, 16, 20), 2), (x, y))


PHASE_TITLES: dict[str, str] = {
    "build": "Building the board",
    "passes": "Choosing passes",
    "ships": "Placing ships",
}


OUTCOME_H = 108


def _headline(view: View, names: Sequence[str]) -> tuple[str, Image.Image | None]:
    """Whose turn and what to do, and the ship of the one seat that must act."""
    to_act = [int(s) for s in view.get("to_act") or []]
    prompt = str(view.get("prompt") or "")
    who = ", ".join(seat_name(names, s) for s in to_act)
    text = f"{who}: {prompt}" if who and prompt else who or prompt
    icon = None
    if len(to_act) == 1:
        icon = ship_sprite(seat_color(view, to_act[0]), ship_large(view, to_act[0]), 56)
    return text, icon


def _status(view: View) -> str:
    phase = str(view.get("phase") or "")
    return PHASE_TITLES.get(phase) or _burned_text(view)


def _status_width(view: View) -> float:
    fire = 0 if str(view.get("phase") or "") in PHASE_TITLES else 46
    return fire + text_width(_status(view), 30, bold=True) + 16


def _header_height(view: View, names: Sequence[str]) -> int:
    if view.get("over") and view.get("outcome"):
        return OUTCOME_H
    return header_height(WIDTH, _status_width(view), *_headline(view, names))


def _draw_header(im: Image.Image, view: View, names: Sequence[str], height: int) -> None:
    header_band(im, height)
    with panel("header", (0, 0, im.width, height)):
        outcome = view.get("outcome") if view.get("over") else None
        if outcome:
            _draw_outcome_banner(im, view, outcome, names, height)
            return
        mid = status_mid(height)
        fire = str(view.get("phase") or "") not in PHASE_TITLES
        right = _status_piece(im, (MARGIN, mid), HEADER_BG, _status(view), fire)  # on the plain band
        draw_headline(im, right + 16, height, *_headline(view, names))


@part((-2, -30, 500, 30))
def _status_piece(im: Image.Image, x: float, y: float, text: str, fire: bool) -> int:
    """The status at the header's left: the phase, or the cities burned behind a flame."""
    if fire:
        mark = fire_mark(40)
        paste_sprite(im, mark, (x, y - mark.height / 2))
        x += 46
    return draw_text(im, (x, y), text, 30, INK, anchor="lm", bold=True)[2]


def _burned_text(view: View) -> str:
    return f"{int((view.get('price') or {}).get('index', 0) or 0)}/5 burned"


def _draw_outcome_banner(
    im: Image.Image, view: View, outcome: Mapping[str, Any], names: Sequence[str], height: int
) -> None:
    title = outcome_title(outcome, names, "rubles")
    outcome_banner(im, height, title, _burned_text(view), outcome, names, min_size=28)


def board_image(view: View, *, names: Sequence[str]) -> Image.Image:
    """The public board, drawn; ``view["private"]`` is never read."""
    seats = list(view.get("seats") or [])
    over = bool(view.get("over"))
    outcome = view.get("outcome") if over else None
    head_h = _header_height(view, names)
    top = head_h + 12
    map_h = map_size(view, MAP_W, MAP_MAX_H)[1]
    side_x = MARGIN + MAP_W + GAP
    side_h = side_height(view, SIDE_W)
    main_h = max(map_h, side_h)
    log_in_side = bool(view.get("log")) and main_h - side_h - 14 >= 120
    offer = view.get("offer")
    offer_top = top + main_h + 14
    players_top = offer_top + (offer_height(view, names) + 14 if offer else 0)
    cols = 2 if len(seats) in (1, 2, 4) else 3
    panel_w = (WIDTH - 2 * MARGIN - GAP * (cols - 1)) // cols
    rows = [seats[i : i + cols] for i in range(0, len(seats), cols)]
    row_heights = [max(panel_height(view, s, panel_w) for s in row) for row in rows]
    height = players_top + sum(row_heights) + GAP * max(0, len(rows) - 1) + MARGIN

    im = Image.new("RGB", (WIDTH, height), BG)
    _draw_header(im, view, names, head_h)
    with panel("map", (MARGIN, top, MARGIN + MAP_W, top + map_h)):
        draw_map(im, view, names, MARGIN, top, MAP_W, MAP_MAX_H)
    with panel("side column", (side_x, top, side_x + SIDE_W, top + main_h)):
        bottom = draw_side(im, view, side_x, top, SIDE_W)
    if log_in_side:
        _draw_log(im, view, names, (side_x, bottom + 14, side_x + SIDE_W, top + main_h))
    if offer:
        draw_offer(im, view, names, offer_top)
    to_act = {int(s) for s in view.get("to_act") or []}
    places = final_places(outcome, len(seats)) if outcome else [""] * len(seats)
    winners = {int(s) for s in outcome.get("winners") or []} if outcome else set()
    y = players_top
    for r, row in enumerate(rows):
        for c, seat in enumerate(row):
            x = MARGIN + c * (panel_w + GAP)
            index = int(seat.get("seat", r * cols + c))
            draw_panel(
                im,
                view,
                (x, y, x + panel_w, y + row_heights[r]),
                seat,
                seat_name(names, index),
                active=index in to_act and not over,
                place=places[index] if index < len(places) and places[index] else None,
                winner=index in winners,
            )
        if len(row) < cols and view.get("log") and not log_in_side:
            x = MARGIN + len(row) * (panel_w + GAP)
            _draw_log(im, view, names, (x, y, WIDTH - MARGIN, y + row_heights[r]))
        y += row_heights[r] + GAP
    return im
