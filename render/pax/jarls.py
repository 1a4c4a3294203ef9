"""A Jarl's board: Silfr, Followers, Longships, action markers, gods, advocates and markers."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from PIL import Image

from render.common import (
    GOLD,
    INK,
    MUTED,
    PANEL,
    PANEL_EDGE,
    RGB,
    Box,
    draw_text,
    panel,
    shade,
    ship_icon,
    text_width,
)
from render.common.canvas import canvas
from render.common.parts import framed, panel_text, part
from render.pax.style import (
    ACTIONS,
    FOLLOWER_COLORS,
    FOLLOWER_NAMES,
    FOLLOWERS,
    KIND_COLORS,
    PARCHMENT,
    View,
    dim,
    follower_badge,
    seat_color,
    seat_edge,
    seat_pip,
    tag,
)

HEAD = 52
JARL = 44
ROW = 32
SHIPS = 50
CHIP = 28


def _chips(seat: Mapping[str, Any]) -> list[Mapping[str, Any]]:
    return list(seat.get("gods") or []) + list(seat.get("advocates") or [])


def _per_row(width: int) -> int:
    return 3 if width >= 500 else 2


def _chip_rows(seat: Mapping[str, Any], width: int) -> int:
    per = _per_row(width)
    return (len(_chips(seat)) + per - 1) // per


def jarl_height(seat: Mapping[str, Any], width: int) -> int:
    return HEAD + JARL + ROW + SHIPS + ROW + ROW + _chip_rows(seat, width) * CHIP + 14


def _place(view: View, at: str | None) -> str:
    if at is None:
        return "on board"
    for key in ("posts", "regions", "homes"):
        for place in view.get(key) or []:
            if place.get("id") == at:
                return str(place.get("name", at))
    return at


def draw_jarl(
    im: Image.Image,
    view: View,
    seat: Mapping[str, Any],
    who: str,
    box: Box,
    *,
    active: bool,
    used: Sequence[str],
    influence_used: Sequence[str],
    winner: bool = False,
) -> None:
    """A Jarl's board. All but the player's name lies on the panel's plain fill and comes
    back from board to board (``render.common.parts``)."""
    d = canvas(im)
    x0, y0, x1, y1 = box
    index = int(seat.get("seat", 0))
    color = seat_color(view, index)
    d.rounded_rectangle(
        box, 14, fill=PANEL, outline=GOLD if active or winner else PANEL_EDGE, width=4 if active else 2
    )
    d.rounded_rectangle((x0 + 2, y0 + 2, x0 + 12, y1 - 2), 5, fill=color)
    with panel(f"jarl {index}", box):
        left = x0 + 22
        # head: name, Silfr and established Followers (the numbers a player looks for first)
        mid = y0 + HEAD // 2 + 2
        silfr = f"{seat.get('silfr', 0)} Silfr"
        right = draw_text(im, (x1 - 14, mid), silfr, 40, GOLD, anchor="rm", bold=True)[0] - 16
        seat_pip(im, view, index, (left, mid - 13), 26, ground=PANEL)
        draw_text(
            im,
            (left + 34, mid),
            who,
            30,
            INK,
            anchor="lm",
            bold=True,
            max_width=right - left - 34,
            min_size=18,
        )
        y = y0 + HEAD
        jarl = seat.get("jarl") or {}
        width = x1 - 14 - left
        panel_text(
            im, (left, y), str(jarl.get("name", "")), 17, GOLD, PANEL, bold=True, max_width=width, min_size=13
        )
        text = str(jarl.get("text", ""))
        panel_text(im, (left, y + 22), text, 15, shade(INK, 0.85), PANEL, max_width=width, min_size=11)
        y += JARL
        _followers(im, seat, left, x1, y)
        y += ROW
        _ships(im, view, seat, color, (left, x1 - 14), y)
        y += SHIPS
        # action markers: exhausted this turn, or ready
        step = (x1 - 14 - left) // len(ACTIONS)
        for n, action in enumerate(ACTIONS):
            _pill(im, left + n * step, y, step, action, action in used)
        y += ROW
        # Influence markers, Trade Center markers, HOMEs and the hand
        x = left
        for kind in seat.get("influence") or []:
            text = FOLLOWER_NAMES.get(str(kind), str(kind)) + (" used" if kind in influence_used else "")
            fill = FOLLOWER_COLORS.get(str(kind), (120, 120, 120))
            x = tag(im, x, y + 5, text, 14, dim(fill) if kind in influence_used else fill, ground=PANEL) + 6
        homes = list(seat.get("homes") or [])
        bits = []
        if len(homes) > 1:
            bits.append(f"{len(homes) - 1} DUCHY")
        if seat.get("trade_centers"):
            bits.append(f"{len(seat['trade_centers'])} TC")
        bits.append(f"hand {seat.get('hand_count', 0)}/{seat.get('hand_limit', 0)}")
        room = max(40, int(x1 - 14 - x - 6))
        draw_text(
            im,
            (x1 - 14, y + 15),
            " · ".join(bits),
            17,
            INK,
            anchor="rm",
            bold=True,
            max_width=room,
            min_size=11,
        )
        y += ROW
        # gods and advocates on the Jarlboard
        per = _per_row(x1 - x0)
        step = (x1 - 14 - left) // per
        for n, tile in enumerate(_chips(seat)):
            _chip(im, left + (n % per) * step, y + (n // per) * CHIP, step, tile)


def _followers(im: Image.Image, seat: Mapping[str, Any], left: int, x1: int, y: int) -> None:
    """Followers: on the Jarlboard, and ESTABLISHED on the map."""
    supply = seat.get("supply") or {}
    est = seat.get("established") or {}
    x = left
    step = (x1 - 14 - left) // 5
    for kind in FOLLOWERS:
        follower_badge(im, (x, y + 6), kind, 22, ground=PANEL)
        count = f"{supply.get(kind, 0)} · {est.get(kind, 0)}"
        draw_text(
            im,
            (x + 28, y + 17),
            count,
            18,
            INK,
            anchor="lm",
            bold=True,
            max_width=step - 32,
            min_size=12,
        )
        x += step
    total = f"{seat.get('established_total', 0)} est."
    draw_text(im, (x1 - 14, y + 17), total, 26, INK, anchor="rm", bold=True, max_width=step - 4, min_size=14)


def _ships(
    im: Image.Image, view: View, seat: Mapping[str, Any], color: RGB, span: tuple[int, int], y: int
) -> None:
    """Longships, numbered, where they are; an exhausted one is drawn dark."""
    ships = list(seat.get("longships") or [])
    if not ships:
        return
    left, right = span
    step = (right - left) // max(5, len(ships))
    for n, ship in enumerate(ships):
        x = left + n * step
        tired = bool(ship.get("exhausted"))
        hull = dim(color) if tired else color
        _ship(im, (x, y), PANEL, hull, seat_edge(color), tired, n, step)
        if ship.get("at") is not None:  # no place: still on the Jarlboard
            place = _place(view, ship.get("at"))
            draw_text(im, (x, y + 36), place, 14, INK, anchor="lm", max_width=step - 6, min_size=11)


@part(lambda hull, edge, tired, n, step: framed(step, 28))
def _ship(im: Image.Image, x: float, y: float, hull: RGB, edge: RGB, tired: bool, n: int, step: int) -> None:
    """A Longship and its number: exhausted (dark and struck through, as the legend
    says), or ready."""
    sprite = ship_icon(26, hull, edge)
    im.paste(sprite, (round(x), round(y + 2)), sprite)
    if tired:
        canvas(im).line((x + 2, y + 22, x + 26, y + 2), fill=(220, 70, 60), width=3)
    draw_text(
        im,
        (x + 30, y + 12),
        str(n + 1),
        16,
        MUTED if tired else INK,
        anchor="lm",
        bold=True,
        max_width=max(8, step - 32),
        min_size=11,
    )


def _pill(im: Image.Image, x: int, y: int, step: int, action: str, done: bool) -> None:
    """An action marker: exhausted this turn (struck through), or ready."""
    _marker(im, (x, y + 3), PANEL, action, done, step)


@part(lambda action, done, step: framed(step - 6, ROW - 8))
def _marker(im: Image.Image, x: float, y: float, action: str, done: bool, step: int) -> None:
    d = canvas(im)
    pill = (x, y, x + step - 6, y + ROW - 8)
    d.rounded_rectangle(
        pill, 8, fill=(52, 52, 56) if done else (214, 200, 150), outline=MUTED if done else GOLD
    )
    draw_text(
        im,
        ((pill[0] + pill[2]) / 2, (pill[1] + pill[3]) / 2),
        action.upper(),
        14,
        MUTED if done else (30, 28, 26),
        anchor="mm",
        bold=True,
        max_width=step - 12,
        min_size=10,
    )
    if done:
        d.line((pill[0] + 6, pill[3] - 4, pill[2] - 6, pill[1] + 4), fill=MUTED, width=2)


def _chip(im: Image.Image, x: int, cy: int, step: int, tile: Mapping[str, Any]) -> None:
    """A god or an advocate on the Jarlboard."""
    chip = (x, cy + 1, x + step - 6, cy + CHIP - 3)
    band = KIND_COLORS.get(str(tile.get("kind")), (90, 90, 90))
    canvas(im).rounded_rectangle(chip, 6, fill=PARCHMENT, outline=band, width=2)
    cx = chip[0] + 4
    if tile.get("follower"):
        cx += follower_badge(im, (cx, chip[1] + 3), str(tile["follower"]), 18, ground=PARCHMENT) + 4
    kind = "GOD" if tile.get("kind") == "god" else "ADV"
    kw = text_width(kind, 11, bold=True)
    mid = (chip[1] + chip[3]) / 2
    draw_text(im, (chip[2] - 4, mid), kind, 11, band, anchor="rm", bold=True)
    room = int(chip[2] - 8 - kw - cx)
    draw_text(
        im,
        (cx, mid),
        str(tile.get("name", "")),
        15,
        (30, 28, 26),
        anchor="lm",
        bold=True,
        max_width=room,
        min_size=11,
    )
