"""The Saga side panels (each side's supply) and the round track."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from PIL import Image, ImageDraw

from render.common import (
    DARK,
    GAP,
    GOLD,
    INK,
    MARGIN,
    MUTED,
    PANEL,
    PANEL_EDGE,
    WIDTH,
    Box,
    draw_text,
    panel,
    paste_sprite,
    shade,
    text_width,
)
from render.common.canvas import canvas
from render.saga.geography import MAP_W
from render.saga.map import _area_map, _draw_units, _units
from render.saga.pieces import coin_icon, initiative_icon, round_marker, shield, stronghold_icon
from render.saga.style import (
    SIDE_COLORS,
    SIDE_DARK,
    SIDE_NAMES,
    View,
    _label,
    _leader_count_text,
    _name,
    _seat_of,
    leader_code,
)

SIDE_W = WIDTH - 2 * MARGIN - GAP - MAP_W
SIDE_PANEL_H = 206
BAND = 64
SCORE = 44  # coins: to read on a phone


def _known_leaders(view: View, side: str) -> list[str]:
    """``SB Siege-Breaker`` for each of the side's leaders on the map whose name is public:
    the map shows only the initials, so names never spill over neighbouring areas."""
    out = []
    places: list[Any] = [a.get(side) for a in _area_map(view).values()]
    if side == "viking":
        places.append(view.get("drakkar"))
    for units in places:
        for leader in _units(units)[1]:
            name = leader.get("name")
            if name:
                out.append(f"{leader_code(str(name))} {name}")
    return out


def _draw_side_panel(im: Image.Image, view: View, names: Sequence[str], side: str, box: Box) -> None:
    with panel(f"{side} panel", box):
        _draw_side(im, view, names, side, box)


def _draw_side(im: Image.Image, view: View, names: Sequence[str], side: str, box: Box) -> None:
    d = canvas(im)
    x0, y0, x1, y1 = box
    seat = _seat_of(view, side)
    over = bool(view.get("over"))
    active = seat is not None and seat in (view.get("to_act") or []) and not over
    winners = set((view.get("outcome") or {}).get("winners") or []) if over else set()
    won = seat is not None and seat in winners
    edge = GOLD if active or won else PANEL_EDGE
    d.rounded_rectangle(box, 14, fill=PANEL, outline=edge, width=4 if active or won else 2)
    head = SIDE_DARK[side]
    mid = y0 + 4 + BAND / 2
    d.rounded_rectangle((x0 + 4, y0 + 4, x1 - 4, y0 + 4 + BAND), 11, fill=head)
    paste_sprite(im, shield(side, 48), (x0 + 10, mid - 24))
    coins = int((view.get("coins") or {}).get(side, 0) or 0)
    cw = text_width(str(coins), SCORE, bold=True) + 48
    paste_sprite(im, coin_icon(38), (x1 - 14 - cw, mid - 19))
    draw_text(im, (x1 - 14, mid), str(coins), SCORE, GOLD, anchor="rm", bold=True)
    nx = x0 + 66
    tag = "WINNER" if won else ("to act" if active else "")
    tag_w = text_width(tag, 18, bold=True) + 22 if tag else 0
    name = _name(names, seat) if seat is not None else SIDE_NAMES[side]
    avail = x1 - 14 - cw - 10 - nx - (tag_w + 8 if tag else 0)
    nbox = draw_text(im, (nx, mid - 11), name, 26, INK, anchor="lm", bold=True, max_width=avail, min_size=18)
    draw_text(im, (nx, mid + 17), SIDE_NAMES[side], 16, shade(SIDE_COLORS[side], 1.3), anchor="lm", bold=True)
    if tag:
        tx = nbox[2] + 8
        d.rounded_rectangle((tx, mid - 24, tx + tag_w, mid + 1), 12, fill=GOLD)
        draw_text(im, (tx + tag_w / 2, mid - 11), tag, 18, DARK, anchor="mm", bold=True)
    # supply
    y = y0 + BAND + 12
    if view.get("initiative") == side:
        draw_text(im, (x1 - 14, y + 20), "picks first", 16, GOLD, anchor="rm", bold=True)
        paste_sprite(
            im, initiative_icon(22), (x1 - 14 - text_width("picks first", 16, bold=True) - 26, y + 9)
        )
    supply = (view.get("supply") or {}).get(side) or {}
    warriors = int(supply.get("warriors", 0) or 0)
    leaders = list(supply.get("leaders") or [])
    box_ = _label(im, x0 + 12, y + 12, "Supply")
    x: float = box_[2] + 10
    if warriors or leaders:
        x = _draw_units(im, x, y + 20, side, warriors, leaders)
    if not warriors and not leaders:
        box_ = draw_text(im, (x, y + 20), "empty", 18, MUTED, anchor="lm")
        x = box_[2]
    if side == "anglo":
        strongholds = int(supply.get("strongholds", 0) or 0)
        paste_sprite(im, stronghold_icon(28), (x + 12, y + 4))
        draw_text(im, (x + 44, y + 20), f"x{strongholds}", 20, INK, anchor="lm", bold=True)
    # set aside and removed leaders, then the ones on the map
    y += 44
    aside = int((view.get("set_aside") or {}).get(side, 0) or 0)
    removed = list((view.get("removed") or {}).get(side) or [])
    parts = []
    if aside:
        parts.append(f"{_leader_count_text(aside, 'leader')} set aside")
    if removed:
        known = [str(ldr.get("name")) for ldr in removed if ldr.get("name")]
        unknown = len(removed) - len(known)
        if unknown:
            known.append(_leader_count_text(unknown, "unrevealed leader"))
        parts.append("lost: " + ", ".join(known))
    line = " / ".join(parts) if parts else "no leader lost"
    draw_text(im, (x0 + 12, y + 10), line, 17, MUTED, anchor="lm", max_width=x1 - x0 - 24, min_size=14)
    y += 24
    on_map = _known_leaders(view, side)
    line = "on the map: " + ", ".join(on_map) if on_map else "no leader known on the map"
    draw_text(im, (x0 + 12, y + 10), line, 17, MUTED, anchor="lm", max_width=x1 - x0 - 24, min_size=13)
    # how this side wins
    y += 26
    d.line((x0 + 12, y, x1 - 12, y), fill=PANEL_EDGE, width=1)
    if side == "viking":
        areas = _area_map(view)
        held = sum(
            1
            for a in areas.values()
            if a.get("control") == "viking" and a.get("kind") in ("coastal", "inland")
        )
        text = f"Wins with 5 areas ({held}/5) or 8 coins ({coins}/8)"
    else:
        track = view.get("track") or {}
        gap = int(track.get("round", 0) or 0) - int(track.get("stronghold", 0) or 0)
        text = f"Wins when Round meets Stronghold ({max(0, gap)} to go)"
    draw_text(im, (x0 + 12, y + 16), text, 19, INK, anchor="lm", max_width=x1 - x0 - 24, min_size=15)


TRACK_H = 100


def _draw_track(im: Image.Image, view: View, box: Box) -> None:
    d = canvas(im)
    x0, y0, x1, y1 = box
    track = view.get("track") or {}
    spaces = max(1, int(track.get("spaces", 8) or 8))
    rnd = int(track.get("round", spaces) or spaces)
    strong = int(track.get("stronghold", 1) or 1)
    d.rounded_rectangle(box, 14, fill=PANEL, outline=PANEL_EDGE, width=2)
    with panel("round track", box):
        _draw_track_cells(im, d, box, spaces, rnd, strong)


def _draw_track_cells(
    im: Image.Image, d: ImageDraw.ImageDraw, box: Box, spaces: int, rnd: int, strong: int
) -> None:
    x0, y0, x1, y1 = box
    _label(im, x0 + 12, y0 + 8, "Round track")
    draw_text(im, (x1 - 12, y0 + 8), "the Round marker moves left", 16, MUTED, anchor="rt")
    cell = (x1 - x0 - 24) / spaces
    top = y0 + 32
    for i in range(spaces):
        pos = i + 1
        cx0 = x0 + 12 + i * cell
        zone = pos <= strong
        fill = shade(SIDE_COLORS["anglo"], 0.6) if zone else (58, 70, 90)
        d.rounded_rectangle(
            (cx0 + 2, top, cx0 + cell - 2, y1 - 10), 8, fill=fill, outline=(90, 106, 130), width=1
        )
        draw_text(
            im, (cx0 + cell / 2, top + 10), str(pos), 16, MUTED if not zone else (200, 214, 240), anchor="mm"
        )
        mx = cx0 + cell / 2
        if pos == rnd and pos == strong:
            # both in one cell: the marker as large as fits, the Stronghold on its corner,
            # both inside the cell however many spaces the track has
            size = max(16, min(30, int(cell) - 10))
            mark = (mx - size / 2 - 3, top + 20)
            paste_sprite(im, round_marker(size), mark)
            small = max(12, round(size * 0.6))
            paste_sprite(im, stronghold_icon(small), (cx0 + cell - 4 - small, top + 20 + size - small + 4))
        elif pos == rnd:
            paste_sprite(im, round_marker(34), (mx - 17, top + 20))
        elif pos == strong:
            paste_sprite(im, stronghold_icon(32), (mx - 16, top + 18))
