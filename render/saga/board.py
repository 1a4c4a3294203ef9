"""The public Saga board: header, map, side panels, track, combat, log and action tiles.

Drawn only from ``games.saga.view(state, None)``; ``view["private"]`` is never read.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from PIL import Image

from games.core import name_seats
from games.words import seat_name
from render.common import (
    BG,
    GAP,
    GOLD,
    HEADER_BG,
    HEADLINE,
    INK,
    MARGIN,
    MUTED,
    PANEL,
    PANEL_EDGE,
    RGB,
    WIDTH,
    Box,
    draw_headline,
    draw_text,
    header_height,
    panel,
    paste_sprite,
    status_mid,
    text_width,
)
from render.common.board_header import header_band
from render.common.canvas import canvas
from render.common.parts import panel_text, part
from render.saga.combat import combat_height, draw_combat, status_lines
from render.saga.geography import MAP_H, MAP_W
from render.saga.map import draw_map
from render.saga.panels import SIDE_PANEL_H, SIDE_W, TRACK_H, draw_side_panel, draw_track
from render.saga.pieces import shield
from render.saga.style import SIDE_NAMES, SIDES, View, side_of, wrapped
from render.saga.tiles import TILE_H, draw_tiles

PHASE_TITLES: dict[str, str] = {
    "draft": "Choosing tiles",
    "actions": "Actions",
    "combat": "Combat",
    "return": "End of round",
    "over": "Game over",
}


def _side_badge(view: View, seat: int) -> Image.Image | None:
    side = side_of(view, seat)
    return shield(side, 40) if side else None


OUTCOME_H = 108
LOG: RGB = (32, 42, 58)  # the recent moves' panel
LOG_MIN = 100  # the side column grows below the map rather than squeeze the log under this


def _headline(view: View, names: Sequence[str]) -> tuple[str, Image.Image | None]:
    """Whose turn and what to do, and the shield of the one side that must act."""
    to_act = [int(s) for s in view.get("to_act") or []]
    prompt = str(view.get("prompt") or "")
    who = ", ".join(seat_name(names, s) for s in to_act)
    text = f"{who}: {prompt}" if who and prompt else who or prompt
    icon = _side_badge(view, to_act[0]) if len(to_act) == 1 else None
    return text, icon


def _phase_title(view: View) -> str:
    phase = str(view.get("phase") or "")
    return PHASE_TITLES[phase] if phase in PHASE_TITLES and phase != "over" else ""


def _status_width(view: View) -> float:
    width = text_width(f"Round {view.get('round', 1)}", 32, bold=True) + 14
    title = _phase_title(view)
    if title:
        width += text_width(title, 24, bold=True) + 28 + 14
    return width


def _header_height(view: View, names: Sequence[str]) -> int:
    if view.get("over") and view.get("outcome"):
        return OUTCOME_H
    return header_height(WIDTH, _status_width(view), *_headline(view, names))


# the band is one colour but its edge: pasted, filled a row's colours at a time (Pillow
# draws it as a rectangle at a fifth of the speed)
@part(lambda height: (0, 0, WIDTH - 1, height), anywhere=True)
def _band(im: Image.Image, x: int, y: int, height: int) -> None:
    """The header's band, drawn on the part of ``im`` where the board's corner lands."""
    band = im.crop((x, y, x + WIDTH, y + height + 1))
    header_band(band, height)
    im.paste(band, (x, y))


def _draw_header(im: Image.Image, view: View, names: Sequence[str], height: int) -> None:
    _band(im, (0, 0), None, height)
    with panel("header", (0, 0, im.width, height)):
        outcome = view.get("outcome") if view.get("over") else None
        if outcome:
            _draw_outcome(im, view, outcome, names, height)
            return
        mid = status_mid(height)
        x = MARGIN
        # the round and the phase lie on the band, where nothing else is drawn
        rnd = f"Round {view.get('round', 1)}"
        panel_text(im, (x, mid), rnd, 32, INK, HEADER_BG, anchor="lm", bold=True)
        x += text_width(rnd, 32, bold=True) + 14  # after the round's box
        title = _phase_title(view)
        if title:
            w = text_width(title, 24, bold=True) + 28
            _phase(im, (x, mid), None, title, w)
            x += w + 14
        draw_headline(im, x, height, *_headline(view, names))


@part(lambda title, w: (-2, -22, w + 2, 22), anywhere=True)
def _phase(im: Image.Image, x: float, mid: float, title: str, w: int) -> None:
    """The phase's chip after the round."""
    canvas(im).rounded_rectangle((x, mid - 20, x + w, mid + 20), 20, fill=PANEL)
    draw_text(im, (x + w / 2, mid), title, 24, INK, anchor="mm", bold=True)


def _draw_outcome(
    im: Image.Image, view: View, outcome: Mapping[str, Any], names: Sequence[str], height: int
) -> None:
    winners = [int(s) for s in outcome.get("winners") or []]
    x = MARGIN
    right = im.width - MARGIN - 180
    if winners:
        side = side_of(view, winners[0])
        badge = shield(side, 52) if side else None
        if badge is not None:
            paste_sprite(im, badge, (x, height * 0.38 - badge.height / 2))
            x += badge.width + 12
        who = seat_name(names, winners[0])
        title = f"{who} wins" + (f" for the {SIDE_NAMES[side]}!" if side in SIDE_NAMES else "!")
    else:
        title = "Game over"
    box = draw_text(
        im,
        (x, height * 0.38),
        title,
        HEADLINE,
        GOLD,
        anchor="lm",
        bold=True,
        max_width=right - x,
        min_size=26,
    )
    draw_text(im, (im.width - MARGIN, height * 0.38), f"Round {view.get('round', 1)}", 24, MUTED, anchor="rm")
    reason = str(outcome.get("reason") or "")
    if reason:
        draw_text(im, (x, box[3] + 2), reason, 22, INK, max_width=im.width - MARGIN - x, min_size=16)


def _draw_log(
    im: Image.Image, view: View, names: Sequence[str], box: Box, lines_first: list[tuple[str, RGB]]
) -> None:
    d = canvas(im)
    x0, y0, x1, y1 = box
    d.rounded_rectangle((int(x0), int(y0), int(x1), int(y1)), 14, fill=LOG, outline=PANEL_EDGE, width=2)
    with panel("recent moves", box):
        y = y0 + 12
        if lines_first:
            for text, color in lines_first:
                for line in wrapped(text, 18, x1 - x0 - 24, max_lines=2, bold=color == GOLD):
                    if y + 24 > y1 - 8:
                        break
                    draw_text(im, (x0 + 12, y), line, 18, color, bold=color == GOLD)
                    y += 24
            y += 6
            d.line((x0 + 12, y, x1 - 12, y), fill=PANEL_EDGE, width=1)
            y += 8
        if y + 24 + 23 > y1 - 8:
            return
        panel_text(im, (x0 + 12, y), "RECENT MOVES", 16, MUTED, LOG, bold=True)  # as _label
        y += 24
        room = max(0, (y1 - 8 - y) // 23)
        blocks: list[tuple[int | None, list[str]]] = []
        used = 0
        for entry in reversed(list(view.get("log") or [])):
            seat = entry.get("seat")
            text = name_seats(str(entry.get("text", "")), list(names))
            if seat is not None:
                text = f"{seat_name(names, int(seat))} {text}"
            lines = wrapped(text, 18, x1 - x0 - 48, max_lines=2)
            if used + len(lines) > room:
                break
            blocks.append((None if seat is None else int(seat), lines))
            used += len(lines)
        for seat, lines in reversed(blocks):
            side = side_of(view, seat) if seat is not None else None
            if side:
                paste_sprite(im, shield(side, 18), (x0 + 12, y + 3))
            for line in lines:
                draw_text(im, (x0 + 36, y), line, 18, INK if seat is not None else GOLD)
                y += 23


def board_image(view: View, *, names: Sequence[str]) -> Image.Image:
    """The public board, drawn; ``view["private"]`` is never read."""
    head_h = _header_height(view, names)
    map_top = head_h + 12
    ch = combat_height(view)
    above_log = 2 * (SIDE_PANEL_H + GAP) + TRACK_H + GAP + (ch + GAP if ch else 0)
    side_bottom = max(map_top + MAP_H, map_top + above_log + LOG_MIN)
    tiles_top = side_bottom + 14
    height = tiles_top + 24 + TILE_H + MARGIN
    im = Image.new("RGB", (WIDTH, height), BG)
    _draw_header(im, view, names, head_h)
    with panel("map", (MARGIN, map_top, MARGIN + MAP_W, map_top + MAP_H)):
        draw_map(im, view, MARGIN, map_top)
    sx = MARGIN + MAP_W + GAP
    y = map_top
    # the side whose turn it is first? keep a fixed order: Vikings above Anglo-Saxons
    for side in SIDES:
        draw_side_panel(im, view, names, side, (sx, y, sx + SIDE_W, y + SIDE_PANEL_H))
        y += SIDE_PANEL_H + GAP
    draw_track(im, view, (sx, y, sx + SIDE_W, y + TRACK_H))
    y += TRACK_H + GAP
    if ch:
        draw_combat(im, view, names, (sx, y, sx + SIDE_W, y + ch))
        y += ch + GAP
    _draw_log(im, view, names, (sx, y, sx + SIDE_W, side_bottom), status_lines(view, names))
    draw_tiles(im, view, names, tiles_top)
    return im
