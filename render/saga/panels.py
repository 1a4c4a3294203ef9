"""The Saga side panels (each side's supply) and the round track."""

from __future__ import annotations

from collections.abc import Sequence

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
    paste_sprite,
    shade,
    text_width,
)
from render.saga.geography import MAP_W
from render.saga.map import _area_map, _draw_units
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
)

SIDE_W = WIDTH - 2 * MARGIN - GAP - MAP_W
SIDE_PANEL_H = 176


def _draw_side_panel(im: Image.Image, view: View, names: Sequence[str], side: str, box: Box) -> None:
    d = ImageDraw.Draw(im)
    x0, y0, x1, y1 = box
    seat = _seat_of(view, side)
    over = bool(view.get("over"))
    active = seat is not None and seat in (view.get("to_act") or []) and not over
    winners = set((view.get("outcome") or {}).get("winners") or []) if over else set()
    won = seat is not None and seat in winners
    edge = GOLD if active or won else PANEL_EDGE
    d.rounded_rectangle(box, 14, fill=PANEL, outline=edge, width=4 if active or won else 2)
    head = SIDE_DARK[side]
    d.rounded_rectangle((x0 + 4, y0 + 4, x1 - 4, y0 + 56), 11, fill=head)
    paste_sprite(im, shield(side, 44), (x0 + 10, y0 + 8))
    coins = int((view.get("coins") or {}).get(side, 0) or 0)
    cw = text_width(str(coins), 32, bold=True) + 44
    paste_sprite(im, coin_icon(34), (x1 - 14 - cw, y0 + 13))
    draw_text(im, (x1 - 14, y0 + 30), str(coins), 32, GOLD, anchor="rm", bold=True)
    nx = x0 + 62
    tag = "WINNER" if won else ("to act" if active else "")
    tag_w = text_width(tag, 18, bold=True) + 22 if tag else 0
    name = _name(names, seat) if seat is not None else SIDE_NAMES[side]
    avail = x1 - 14 - cw - 10 - nx - (tag_w + 8 if tag else 0)
    nbox = draw_text(im, (nx, y0 + 20), name, 24, INK, anchor="lm", bold=True, max_width=avail, min_size=18)
    draw_text(im, (nx, y0 + 43), SIDE_NAMES[side], 16, shade(SIDE_COLORS[side], 1.3), anchor="lm", bold=True)
    if tag:
        tx = nbox[2] + 8
        d.rounded_rectangle((tx, y0 + 8, tx + tag_w, y0 + 32), 12, fill=GOLD)
        draw_text(im, (tx + tag_w / 2, y0 + 20), tag, 18, DARK, anchor="mm", bold=True)
    if view.get("initiative") == side:
        draw_text(im, (x1 - 14, y0 + 78), "picks first", 16, GOLD, anchor="rm", bold=True)
        paste_sprite(
            im, initiative_icon(22), (x1 - 14 - text_width("picks first", 16, bold=True) - 26, y0 + 67)
        )
    # supply
    y = y0 + 66
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
    # set aside and removed leaders
    y += 44
    aside = int((view.get("set_aside") or {}).get(side, 0) or 0)
    removed = list((view.get("removed") or {}).get(side) or [])
    parts = []
    if aside:
        parts.append(f"{_leader_count_text(aside, 'leader')} set aside")
    if removed:
        shown = [str(ldr.get("name") or "?") for ldr in removed]
        parts.append("lost: " + ", ".join(shown))
    draw_text(
        im,
        (x0 + 12, y + 10),
        " / ".join(parts) if parts else "no leader lost",
        18,
        MUTED,
        anchor="lm",
        max_width=x1 - x0 - 24,
        min_size=16,
    )
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
    draw_text(im, (x0 + 12, y + 16), text, 18, INK, anchor="lm", max_width=x1 - x0 - 24, min_size=15)


TRACK_H = 100


def _draw_track(im: Image.Image, view: View, box: Box) -> None:
    d = ImageDraw.Draw(im)
    x0, y0, x1, y1 = box
    track = view.get("track") or {}
    spaces = max(1, int(track.get("spaces", 8) or 8))
    rnd = int(track.get("round", spaces) or spaces)
    strong = int(track.get("stronghold", 1) or 1)
    d.rounded_rectangle(box, 14, fill=PANEL, outline=PANEL_EDGE, width=2)
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
            paste_sprite(im, round_marker(30), (mx - 30, top + 20))
            paste_sprite(im, stronghold_icon(28), (mx + 1, top + 20))
        elif pos == rnd:
            paste_sprite(im, round_marker(34), (mx - 17, top + 20))
        elif pos == strong:
            paste_sprite(im, stronghold_icon(32), (mx - 16, top + 18))
