"""The Saga side panels (each side's supply) and the round track."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from PIL import Image

from games.words import seat_name
from render.common import (
    DARK,
    GAP,
    GOLD,
    INK,
    MARGIN,
    MUTED,
    PANEL,
    PANEL_EDGE,
    RGB,
    WIDTH,
    Box,
    draw_text,
    panel,
    paste_sprite,
    shade,
    text_width,
)
from render.common.canvas import canvas
from render.common.parts import panel_text, part
from render.saga.geography import MAP_W
from render.saga.map import area_map, draw_units, units_of
from render.saga.pieces import coin_icon, initiative_icon, round_marker, shield, stronghold_icon
from render.saga.style import (
    SIDE_COLORS,
    SIDE_DARK,
    SIDE_NAMES,
    View,
    caption,
    leader_code,
    leader_count_text,
    seat_of,
)

SIDE_W = WIDTH - 2 * MARGIN - GAP - MAP_W
SIDE_PANEL_H = 206
BAND = 64
SCORE = 44  # coins: to read on a phone


def _known_leaders(view: View, side: str) -> list[str]:
    """``SB Siege-Breaker`` for each of the side's leaders on the map whose name is public:
    the map shows only the initials, so names never spill over neighbouring areas."""
    out = []
    places: list[Any] = [a.get(side) for a in area_map(view).values()]
    if side == "viking":
        places.append(view.get("drakkar"))
    for units in places:
        for leader in units_of(units)[1]:
            name = leader.get("name")
            if name:
                out.append(f"{leader_code(str(name))} {name}")
    return out


def draw_side_panel(im: Image.Image, view: View, names: Sequence[str], side: str, box: Box) -> None:
    with panel(f"{side} panel", box):
        _draw_side(im, view, names, side, box)


@part(lambda side, width: (0, 0, width, BAND), anywhere=True)
def _band(im: Image.Image, x0: int, y0: int, side: str, width: int) -> None:
    """The band atop a side's panel, its shield and the side's name."""
    box = (x0, y0, x0 + width, y0 + BAND)
    mid = y0 + BAND / 2
    canvas(im).rounded_rectangle(box, 11, fill=SIDE_DARK[side])
    paste_sprite(im, shield(side, 48), (x0 + 6, mid - 24))
    draw_text(
        im, (x0 + 62, mid + 17), SIDE_NAMES[side], 16, shade(SIDE_COLORS[side], 1.3), anchor="lm", bold=True
    )


def _draw_side(im: Image.Image, view: View, names: Sequence[str], side: str, box: Box) -> None:
    d = canvas(im)
    x0, y0, x1, y1 = (int(v) for v in box)
    seat = seat_of(view, side)
    over = bool(view.get("over"))
    active = seat is not None and seat in (view.get("to_act") or []) and not over
    winners = set((view.get("outcome") or {}).get("winners") or []) if over else set()
    won = seat is not None and seat in winners
    lit = active or won
    d.rounded_rectangle(
        (x0, y0, x1, y1), 14, fill=PANEL, outline=GOLD if lit else PANEL_EDGE, width=4 if lit else 2
    )
    # the band is the same on every board; the side's name on it is drawn where the
    # player's name above it never reaches
    _band(im, (x0 + 4, y0 + 4), None, side, x1 - x0 - 8)
    mid = y0 + 4 + BAND / 2
    coins = int((view.get("coins") or {}).get(side, 0) or 0)
    cw = text_width(str(coins), SCORE, bold=True) + 48
    _coins(im, (x1 - 14, mid), SIDE_DARK[side], coins, cw)
    nx = x0 + 66
    tag = "WINNER" if won else ("to act" if active else "")
    tag_w = text_width(tag, 18, bold=True) + 22 if tag else 0
    name = seat_name(names, seat) if seat is not None else SIDE_NAMES[side]
    avail = x1 - 14 - cw - 10 - nx - (tag_w + 8 if tag else 0)
    nbox = draw_text(im, (nx, mid - 11), name, 26, INK, anchor="lm", bold=True, max_width=avail, min_size=18)
    if tag:
        _tag(im, (nbox[2] + 8, int(mid)), None, tag, tag_w)
    # supply
    y = y0 + BAND + 12
    if view.get("initiative") == side:
        _picks_first(im, (x1 - 14, y), PANEL)
    supply = (view.get("supply") or {}).get(side) or {}
    warriors = int(supply.get("warriors", 0) or 0)
    leaders = list(supply.get("leaders") or [])
    # the label and the lines below lie on the panel's colour, where nothing else is
    # drawn
    panel_text(im, (x0 + 12, y + 12), "SUPPLY", 16, MUTED, PANEL, bold=True)
    x: float = x0 + 12 + text_width("SUPPLY", 16, bold=True) + 10  # after the label
    if warriors or leaders:
        x = draw_units(im, x, y + 20, side, warriors, leaders)
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
        parts.append(f"{leader_count_text(aside, 'leader')} set aside")
    if removed:
        known = [str(ldr.get("name")) for ldr in removed if ldr.get("name")]
        unknown = len(removed) - len(known)
        if unknown:
            known.append(leader_count_text(unknown, "unrevealed leader"))
        parts.append("lost: " + ", ".join(known))
    line = " / ".join(parts) if parts else "no leader lost"
    _line(im, (x0 + 12, y + 10), line, 17, MUTED, (x1 - x0 - 24, 14), steady=not removed)
    y += 24
    on_map = _known_leaders(view, side)
    line = "on the map: " + ", ".join(on_map) if on_map else "no leader known on the map"
    _line(im, (x0 + 12, y + 10), line, 17, MUTED, (x1 - x0 - 24, 13), steady=not on_map)
    # how this side wins
    y += 26
    d.line((x0 + 12, y, x1 - 12, y), fill=PANEL_EDGE, width=1)
    if side == "viking":
        areas = area_map(view)
        held = sum(
            1
            for a in areas.values()
            if a.get("control") == "viking" and a.get("kind") in ("coastal", "inland")
        )
        text = f"To win: 5 areas (holds {held}) or 8 coins (has {coins})"
    else:
        track = view.get("track") or {}
        gap = int(track.get("round", 0) or 0) - int(track.get("stronghold", 0) or 0)
        last = int(view.get("round", 1) or 1) + max(0, gap)  # checked at the end of each round
        text = f"To win: hold out through round {last}"
    _line(im, (x0 + 12, y + 16), text, 19, INK, (x1 - x0 - 24, 15), steady=False)


def _line(
    im: Image.Image,
    xy: tuple[float, float],
    text: str,
    size: int,
    fill: RGB,
    fit: tuple[int, int],
    *,
    steady: bool,
) -> None:
    """A line across the panel, shrunk to ``fit`` (its width, the smallest size): a
    ``panel_text`` when it is one of a few ("no leader lost"), drawn when it is one of many
    (names of leaders; how a side wins, 64 lines)."""
    max_width, min_size = fit
    if steady:
        panel_text(im, xy, text, size, fill, PANEL, anchor="lm", max_width=max_width, min_size=min_size)
    else:
        draw_text(im, xy, text, size, fill, anchor="lm", max_width=max_width, min_size=min_size)


@part(lambda coins, cw: (-cw - 2, -40, 2, 40))
def _coins(im: Image.Image, x: float, mid: float, coins: int, cw: int) -> None:
    """The side's coins and the coin before them, right-aligned on the band."""
    paste_sprite(im, coin_icon(38), (x - cw, mid - 19))
    draw_text(im, (x, mid), str(coins), SCORE, GOLD, anchor="rm", bold=True)


@part(lambda tag, tag_w: (-2, -26, tag_w + 2, 3), anywhere=True)
def _tag(im: Image.Image, tx: float, mid: float, tag: str, tag_w: int) -> None:
    """The tag after the player's name: "to act" or "WINNER"."""
    canvas(im).rounded_rectangle((tx, mid - 24, tx + tag_w, mid + 1), 12, fill=GOLD)
    draw_text(im, (tx + tag_w / 2, mid - 11), tag, 18, DARK, anchor="mm", bold=True)


def _picks_first_reach() -> tuple[float, float, float, float]:
    return (-text_width("picks first", 16, bold=True) - 30, 0, 2, 40)


@part(_picks_first_reach)
def _picks_first(im: Image.Image, x: float, y: float) -> None:
    """The Initiative's holder: "picks first" right-aligned on the supply's row."""
    tw = text_width("picks first", 16, bold=True)
    draw_text(im, (x, y + 20), "picks first", 16, GOLD, anchor="rm", bold=True)
    paste_sprite(im, initiative_icon(22), (x - tw - 26, y + 9))


TRACK_H = 100


def draw_track(im: Image.Image, view: View, box: Box) -> None:
    x0, y0, x1, y1 = (int(v) for v in box)
    track = view.get("track") or {}
    spaces = max(1, int(track.get("spaces", 8) or 8))
    rnd = int(track.get("round", spaces) or spaces)
    strong = int(track.get("stronghold", 1) or 1)
    with panel("round track", box):
        # the panel and its labels are the same on every board
        _track(im, (x0, y0), None, x1 - x0, y1 - y0)
        _draw_track_cells(im, (x0, y0, x1, y1), spaces, rnd, strong)


@part(lambda w, h: (0, 0, w, h), anywhere=True)
def _track(im: Image.Image, x0: int, y0: int, w: int, h: int) -> None:
    box = (x0, y0, x0 + w, y0 + h)
    x1 = x0 + w
    canvas(im).rounded_rectangle(box, 14, fill=PANEL, outline=PANEL_EDGE, width=2)
    caption(im, x0 + 12, y0 + 8, "Round track")
    draw_text(im, (x1 - 12, y0 + 8), "the Round marker moves left", 16, MUTED, anchor="rt")


# the same on every board (Pillow itself draws a rounded box at a fraction of a pixel)
@part(lambda pos, zone, cell, height: (0, 0, cell + 1, height), anywhere=True)
def _cell(im: Image.Image, cx0: float, top: float, pos: int, zone: bool, cell: float, height: int) -> None:
    """A cell of the track, ``cell`` wide from ``cx0``: the Stronghold's side of the track
    blue (``zone``), its number."""
    bottom = top + height
    fill = shade(SIDE_COLORS["anglo"], 0.6) if zone else (58, 70, 90)
    canvas(im).rounded_rectangle(
        (cx0 + 2, top, cx0 + cell - 2, bottom), 8, fill=fill, outline=(90, 106, 130), width=1
    )
    draw_text(
        im, (cx0 + cell / 2, top + 10), str(pos), 16, MUTED if not zone else (200, 214, 240), anchor="mm"
    )


def _draw_track_cells(im: Image.Image, box: Box, spaces: int, rnd: int, strong: int) -> None:
    x0, y0, x1, y1 = box
    cell = (x1 - x0 - 24) / spaces
    top = y0 + 32
    for i in range(spaces):
        pos = i + 1
        cx0 = x0 + 12 + i * cell
        zone = pos <= strong
        _cell(im, (cx0, top), None, pos, zone, cell, y1 - 10 - top)
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
