"""A player's longship: Glory, Food, Favor, dice by face, leader, specialized Reavers per
action space, artifacts with their stored die, ship upgrades, territories and trophies.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from PIL import Image

from render.common import (
    DARK,
    GOLD,
    INK,
    MUTED,
    PANEL_EDGE,
    Box,
    draw_text,
    icon,
    panel,
    paste_sprite,
    shade,
    text_width,
    triangle_right,
)
from render.common.canvas import canvas
from render.common.parts import part
from render.reavers.cards import draw_reaver, draw_token
from render.reavers.dice import die, favor_icon, food_icon, pawn
from render.reavers.style import (
    ACTIVE_FILL,
    CARD,
    DIE_COLORS,
    HEAD_FILL,
    LOCATION_COLORS,
    PANEL,
    SHORT_NAMES,
    SLOT,
    SPACES,
    TERRITORY_COLORS,
    label,
    seat_color,
)

HEAD = 64
SCORE = 48  # px: about 15 px on a phone
TOKENS_H = 44
DIE = 40
DICE_H = DIE + 12
LEADER_W = 150
CREW_ROW = 38
FACE_ORDER = {"double": 0, "hammer": 1, "shield": 2, "chest": 3, "clan": 4}
ART_H = 54
EXTRAS_H = 40
BREAKDOWN_H = 30


def _crew_height(seat: Mapping[str, Any]) -> int:
    spec = seat.get("specialized") or {}
    tallest = max((len(spec.get(s) or []) for s in SPACES), default=0)
    return 22 + max(78, tallest * (CREW_ROW + 3) + 3)


def panel_height(seat: Mapping[str, Any], breakdown: bool = False) -> int:
    h = HEAD + 8 + TOKENS_H + DICE_H + _crew_height(seat) + 8
    if seat.get("artifacts"):
        h += ART_H + 8
    if seat.get("upgrades") or seat.get("territories"):
        h += EXTRAS_H
    if breakdown:
        h += BREAKDOWN_H
    return h + 8


def sorted_dice(dice: list[Mapping[str, Any]]) -> list[Mapping[str, Any]]:
    """Dice grouped by face (double hammers first), then by colour."""
    colors = {"red": 0, "yellow": 1, "blue": 2}
    return sorted(
        dice, key=lambda d: (FACE_ORDER.get(str(d.get("face")), 9), colors.get(str(d.get("color")), 9))
    )


def draw_ship(
    im: Image.Image,
    box: Box,
    seat: Mapping[str, Any],
    name: str,
    *,
    active: bool,
    tags: list[str],
    breakdown: Mapping[str, Any] | None = None,
) -> None:
    with panel(f"seat {seat.get('seat', 0)}", box):
        _draw_ship(im, box, seat, name, active=active, tags=tags, breakdown=breakdown)


def _draw_head(
    im: Image.Image, box: Box, seat: Mapping[str, Any], name: str, active: bool, tags: list[str]
) -> None:
    d = canvas(im)
    x0, y0, x1, _ = box
    sail, edge = seat_color(int(seat.get("seat", 0)))
    mid = y0 + 4 + HEAD / 2
    d.rounded_rectangle(
        (x0 + 4, y0 + 4, x1 - 4, y0 + 4 + HEAD), 11, fill=ACTIVE_FILL if active else HEAD_FILL
    )
    d.rectangle((x0 + 4, y0 + 10, x0 + 14, y0 + HEAD - 2), fill=sail)
    paste_sprite(im, pawn(46, sail, edge), (x0 + 22, mid - 23))
    glory = str(seat.get("total", seat.get("glory", 0)))
    score_w = text_width(glory, SCORE, bold=True) + 50
    draw_text(im, (x1 - 16, mid), glory, SCORE, GOLD, anchor="rm", bold=True)
    paste_sprite(im, icon("vp", 42), (x1 - 16 - score_w, mid - 21))
    right = x1 - 24 - score_w
    tag_ws = [text_width(t, 20, bold=True) + (44 if t == "to act" else 24) for t in tags]
    nx = x0 + 76
    nbox = draw_text(
        im,
        (nx, mid),
        name,
        30,
        INK,
        anchor="lm",
        bold=True,
        max_width=max(40, right - nx - sum(tag_ws) - 8 * len(tags)),
        min_size=18,
    )
    tx = nbox[2] + 10
    for tag, w in zip(tags, tag_ws, strict=True):
        if tx + w > right:
            break
        fill = GOLD if tag in ("to act", "WINNER") else (90, 104, 128)
        d.rounded_rectangle((tx, mid - 15, tx + w, mid + 15), 15, fill=fill)
        ink = DARK if fill == GOLD else INK
        if tag == "to act":
            triangle_right(d, tx + 12, mid, 14, DARK)
            draw_text(im, (tx + 32, mid), tag, 20, ink, anchor="lm", bold=True)
        else:
            draw_text(im, (tx + w / 2, mid), tag, 20, ink, anchor="mm", bold=True)
        tx += w + 8


def _draw_tokens(im: Image.Image, x: int, cy: float, right: int, seat: Mapping[str, Any]) -> None:
    paste_sprite(im, food_icon(36), (x, cy - 18))
    box = draw_text(im, (x + 40, cy), str(seat.get("food", 0)), 32, INK, anchor="lm", bold=True)
    x = box[2] + 18
    paste_sprite(im, favor_icon(36), (x, cy - 18))
    box = draw_text(im, (x + 38, cy), str(seat.get("favor", 0)), 32, INK, anchor="lm", bold=True)
    x = box[2] + 22
    bits = []
    pawns = int(seat.get("pawns", 0) or 0)
    if pawns:
        bits.append(f"{pawns} pawn" + ("s" if pawns > 1 else ""))
    count = int(seat.get("prophecies", 0) or 0)
    bits.append(f"{count} {'prophecy' if count == 1 else 'prophecies'}")
    bits.append(f"glory pile {seat.get('glory_pile', 0)}")
    trophies = seat.get("trophies") or {}
    for key in ("troll", "kraken", "wall"):
        n = int(trophies.get(key, 0) or 0)
        if n:
            bits.append(f"{n} {key}")
    draw_text(im, (x, cy), " · ".join(bits), 18, MUTED, anchor="lm", max_width=right - x, min_size=13)


def _draw_crew(im: Image.Image, x0: int, y: int, x1: int, seat: Mapping[str, Any], height: int) -> None:
    d = canvas(im)
    sx = x0 + LEADER_W + 10
    col_w = (x1 - sx - 3 * 6) // 4
    _draw_heads(im, x0, y, x1, col_w)
    leader = seat.get("leader")
    lbox = (x0, y + 20, x0 + LEADER_W, y + height)
    if leader:
        draw_reaver(im, lbox, leader)
    else:
        d.rounded_rectangle(lbox, 8, fill=SLOT)
        draw_text(im, ((lbox[0] + lbox[2]) / 2, (lbox[1] + lbox[3]) / 2), "no leader", 15, MUTED, anchor="mm")
    spec = seat.get("specialized") or {}
    for i, space in enumerate(SPACES):
        cx = sx + i * (col_w + 6)
        d.rounded_rectangle((cx, y + 22, cx + col_w, y + height), 6, fill=SLOT)
        ry = y + 25
        for reaver in spec.get(space) or []:
            clan = str(reaver.get("clan"))
            fill = DIE_COLORS.get(clan, (120, 120, 120))
            d.rounded_rectangle((cx + 3, ry, cx + col_w - 3, ry + CREW_ROW), 6, fill=fill)
            ink = DARK if clan == "yellow" else (255, 255, 255)
            draw_text(
                im,
                (cx + 8, ry + 11),
                str(reaver.get("name", "?")),
                14,
                ink,
                anchor="lm",
                bold=True,
                max_width=col_w - 14,
                min_size=10,
            )
            draw_text(
                im,
                (cx + 8, ry + 28),
                str(reaver.get("text", "")),
                13,
                ink,
                anchor="lm",
                max_width=col_w - 14,
                min_size=10,
            )
            ry += CREW_ROW + 3


def _draw_heads(im: Image.Image, x0: int, y: int, x1: int, col_w: int) -> None:
    """The crew's headings: "Leader", and the four action spaces' names on their hues, the
    same on every longship, on the panel's fill (a label, four shapes and four texts), apart
    from the leader and the columns below them."""
    _heads(im, (x0, y), PANEL, x1 - x0, col_w)


@part(lambda width, col_w: (-2, -2, width + 2, 22))
def _heads(im: Image.Image, x0: float, y: float, width: int, col_w: int) -> None:
    d = canvas(im)
    label(im, x0, y, "Leader", 14)
    sx = x0 + LEADER_W + 10
    for i, space in enumerate(SPACES):
        cx = sx + i * (col_w + 6)
        d.rounded_rectangle((cx, y, cx + col_w, y + 20), 6, fill=shade(LOCATION_COLORS[space], 0.8))
        draw_text(
            im,
            (cx + col_w / 2, y + 10),
            SHORT_NAMES[space],
            14,
            INK,
            anchor="mm",
            bold=True,
            max_width=col_w - 6,
            min_size=10,
        )


def _draw_artifacts(im: Image.Image, x0: int, y: int, x1: int, artifacts: list[Mapping[str, Any]]) -> None:
    d = canvas(im)
    n = max(1, len(artifacts))
    w = min(240, (x1 - x0 - 6 * (n - 1)) // n)
    for i, item in enumerate(artifacts):
        card = item.get("card") or {}
        x = x0 + i * (w + 6)
        d.rounded_rectangle((x, y, x + w, y + ART_H), 8, fill=CARD, outline=(150, 90, 170), width=3)
        stored = item.get("die")
        slot = (x + w - 6 - 38, y + 8, x + w - 6, y + 46)
        if stored:
            paste_sprite(
                im,
                die(str(stored.get("color")), str(stored.get("face")), 38, bool(stored.get("wild"))),
                (slot[0], slot[1]),
            )
        else:
            d.rounded_rectangle(slot, 7, outline=(150, 90, 170), width=2)
            want = card.get("store")
            if want:
                paste_sprite(im, die("any", str(want), 26), (slot[0] + 6, slot[1] + 6))
        draw_text(
            im,
            (x + 8, y + 15),
            str(card.get("name", "?")),
            16,
            DARK,
            anchor="lm",
            bold=True,
            max_width=w - 56,
            min_size=11,
        )
        where = SHORT_NAMES.get(str(card.get("location")), "?")
        draw_text(
            im, (x + 8, y + 38), f"at {where}", 14, (90, 70, 60), anchor="lm", max_width=w - 56, min_size=10
        )


def _draw_extras(im: Image.Image, x: int, cy: float, x1: int, seat: Mapping[str, Any]) -> None:
    d = canvas(im)
    upgrades = list(seat.get("upgrades") or [])
    if upgrades:
        box = draw_text(im, (x, cy), "UPGRADES", 14, MUTED, anchor="lm", bold=True)
        x = box[2] + 8
        for item in upgrades:
            x = draw_token(im, x, cy, item.get("token") or {}, 24, used=not item.get("ready", True)) + 6
        x += 12
    lands = list(seat.get("territories") or [])
    if lands:
        box = draw_text(im, (x, cy), "LANDS", 14, MUTED, anchor="lm", bold=True)
        x = box[2] + 8
        for land in lands:
            if x + 34 > x1:
                break
            kind = str(land.get("type", ""))
            base = TERRITORY_COLORS.get(kind, (100, 100, 100))
            d.rounded_rectangle(
                (x, cy - 15, x + 30, cy + 15), 6, fill=base, outline=shade(base, 1.4), width=2
            )
            draw_text(im, (x + 15, cy), kind[:1].upper(), 16, INK, anchor="mm", bold=True)
            x += 34


def _draw_ship(
    im: Image.Image,
    box: Box,
    seat: Mapping[str, Any],
    name: str,
    *,
    active: bool,
    tags: list[str],
    breakdown: Mapping[str, Any] | None,
) -> None:
    d = canvas(im)
    x0, y0, x1, y1 = box
    edge = GOLD if active or "WINNER" in tags else PANEL_EDGE
    d.rounded_rectangle(box, 14, fill=PANEL, outline=edge, width=4 if edge == GOLD else 2)
    _draw_head(im, box, seat, name, active, tags)
    y = y0 + HEAD + 8
    _draw_tokens(im, x0 + 14, y + TOKENS_H / 2, x1 - 14, seat)
    y += TOKENS_H
    dice = sorted_dice(list(seat.get("dice") or []))
    x = x0 + 14
    for one in dice:
        paste_sprite(
            im, die(str(one.get("color")), str(one.get("face")), DIE, bool(one.get("wild"))), (x, y + 4)
        )
        x += DIE + 4
    if not dice:
        draw_text(im, (x, y + DICE_H / 2), "no dice", 18, MUTED, anchor="lm")
    draw_text(im, (x1 - 14, y + DICE_H / 2), f"{len(dice)}/10", 18, MUTED, anchor="rm")
    y += DICE_H
    crew_h = _crew_height(seat)
    _draw_crew(im, x0 + 14, y, x1 - 14, seat, crew_h)
    y += crew_h + 8
    artifacts = list(seat.get("artifacts") or [])
    if artifacts:
        _draw_artifacts(im, x0 + 14, y, x1 - 14, artifacts)
        y += ART_H + 8
    if seat.get("upgrades") or seat.get("territories"):
        _draw_extras(im, x0 + 14, y + EXTRAS_H / 2 - 2, x1 - 14, seat)
        y += EXTRAS_H
    if breakdown:
        parts = [f"{k.replace('_', ' ')} {v}" for k, v in breakdown.items() if k != "total"]
        draw_text(
            im,
            (x0 + 14, y + BREAKDOWN_H / 2),
            "  ·  ".join(parts),
            17,
            GOLD,
            anchor="lm",
            max_width=x1 - x0 - 28,
            min_size=12,
        )
