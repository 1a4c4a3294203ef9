"""One Saga side's private picture: its hidden leaders, where they are and the secret destination."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from PIL import Image

from games.words import seat_name
from render.common import (
    BG,
    GAP,
    GOLD,
    HAND_WIDTH,
    INK,
    MARGIN,
    MUTED,
    PANEL,
    Box,
    draw_text,
    hand_header,
    hand_header_height,
    paste_sprite,
    text_width,
    triangle_right,
    wrap_text,
)
from render.common.canvas import canvas
from render.saga.map import units_of
from render.saga.panels import SIDE_PANEL_H, draw_side_panel
from render.saga.pieces import face_down_token, leader_token, shield, sigil_token
from render.saga.style import SIDE_NAMES, SIDES, View, area_name, caption, seat_of, side_of

# Destination marker -> its coastal area (games/saga/saga.json)
MARKER_AREAS: dict[str, str] = {
    "D1": "northumbria",
    "D2": "east_anglia",
    "D3": "essex",
    "D4": "kent",
    "D5": "wessex",
}
CARD_H = 132


def _own_seat(view: View) -> int | None:
    seat = view.get("seat")
    return seat if isinstance(seat, int) else None


def _leader_places(view: View) -> dict[str, str]:
    """Where each leader tag stands, in words, from the public keys."""
    places: dict[str, str] = {}
    for area in view.get("areas") or []:
        for side in SIDES:
            for ldr in units_of(area.get(side))[1]:
                places[str(ldr.get("tag"))] = f"in {area_name(area.get('id'))}"
    for ldr in units_of(view.get("drakkar"))[1]:
        places[str(ldr.get("tag"))] = "on the Drakkar"
    for side in SIDES:
        for ldr in ((view.get("supply") or {}).get(side) or {}).get("leaders") or []:
            places[str(ldr.get("tag"))] = "in your supply"
        for ldr in (view.get("removed") or {}).get(side) or []:
            places[str(ldr.get("tag"))] = "removed"
    return places


def _marker_area(marker: Any, view: View) -> str | None:
    key = str(marker)
    if key in MARKER_AREAS:
        return MARKER_AREAS[key]
    for space in view.get("destinations") or []:
        if str(space.get("marker")) == key and space.get("target"):
            return str(space["target"])
    return None


PILE_LABEL_W = 110  # "In the pile:" before the first marker


def _pool_rows(pool: list[str], view: View) -> list[list[tuple[str, str]]]:
    """The markers in the pile as ``(marker, area)``, in rows that fit the picture."""
    rows: list[list[tuple[str, str]]] = []
    x = MARGIN + PILE_LABEL_W
    for marker in pool:
        area = _marker_area(marker, view) or ""
        w = 36 + text_width(area_name(area) if area else marker, 18) + 14
        if not rows or x + w > HAND_WIDTH - MARGIN:
            rows.append([])
            x = MARGIN + (PILE_LABEL_W if len(rows) == 1 else 0)
        rows[-1].append((marker, area))
        x += w
    return rows


def draw_leader_card(
    im: Image.Image, side: str, tag: str, ability: Mapping[str, Any], place: str, box: Box
) -> None:
    d = canvas(im)
    x0, y0, x1, y1 = box
    d.rounded_rectangle(box, 12, fill=PANEL, outline=GOLD, width=2)
    token = leader_token(side, 40)
    paste_sprite(im, token, (x0 + 12, y0 + 14))
    draw_text(im, (x0 + 32, y0 + 14 + token.height + 12), tag, 16, MUTED, anchor="mm", bold=True)
    tx = x0 + 64
    name = str(ability.get("name") or ability.get("ability") or "?")
    box_ = draw_text(im, (tx, y0 + 10), name, 24, GOLD, bold=True, max_width=x1 - tx - 12, min_size=18)
    draw_text(
        im,
        (box_[2] + 10, y0 + 22),
        place,
        18,
        INK,
        anchor="lm",
        max_width=max(40, x1 - box_[2] - 22),
        min_size=14,
    )
    y = y0 + 44
    for line in wrap_text(str(ability.get("text") or ""), 18, x1 - tx - 12, max_lines=3):
        draw_text(im, (tx, y), line, 18, INK)
        y += 24


def hand_image(view: View, *, names: Sequence[str], seat: int | None = None) -> Image.Image | None:
    """One side's secrets: its leaders' abilities and places, the scouted Destinations."""
    private = view.get("private")
    if not private:
        return None
    me = seat if seat is not None else _own_seat(view)
    side = str(private.get("side") or (side_of(view, me) if me is not None else "") or "")
    if side not in SIDES:
        side = "viking" if "scouted" in private else "anglo"
    if me is None:
        me = seat_of(view, side)
    leaders = [
        (str(tag), ab) for tag, ab in (private.get("leaders") or {}).items() if isinstance(ab, Mapping)
    ]
    leaders.sort()
    scouted = [s for s in private.get("scouted") or [] if isinstance(s, Mapping)]
    pool = [str(m) for m in private.get("pool") or []]
    places = _leader_places(view)

    acting = me is not None and me in (view.get("to_act") or []) and not view.get("over")
    prompt = str(view.get("prompt") or "your turn") if acting else None
    head_h = hand_header_height(HAND_WIDTH, prompt)
    y = head_h + 12
    cols = 2
    card_w = (HAND_WIDTH - 2 * MARGIN - GAP) // cols
    rows = max(1, (len(leaders) + cols - 1) // cols)
    leaders_h = 24 + rows * (CARD_H + GAP)
    dest_h = 0
    if side == "viking":
        dest_h = 24 + max(1, len(scouted)) * 58 + 46 * len(_pool_rows(pool, view)) + GAP
    height = y + leaders_h + dest_h + SIDE_PANEL_H + MARGIN

    im = Image.new("RGB", (HAND_WIDTH, height), BG)
    d = canvas(im)
    who = seat_name(names, me) if me is not None else SIDE_NAMES[side]
    title = f"{who}: your {SIDE_NAMES[side]}' secrets"
    hand_header(im, title, icon=shield(side, 44), title_x=MARGIN + 56, prompt=prompt)

    caption(im, MARGIN, y, "Your leaders (hidden from your opponent until revealed)")
    y += 24
    if not leaders:
        draw_text(im, (MARGIN, y + 30), "No leader left", 22, MUTED)
    for i, (tag, ability) in enumerate(leaders):
        x = MARGIN + (i % cols) * (card_w + GAP)
        cy = y + (i // cols) * (CARD_H + GAP)
        draw_leader_card(im, side, tag, ability, places.get(tag, ""), (x, cy, x + card_w, cy + CARD_H))
    y += rows * (CARD_H + GAP)
    if side == "viking":
        caption(im, MARGIN, y, "Scouted Destinations (face down on the board)")
        y += 24
        if not scouted:
            draw_text(im, (MARGIN, y + 12), "None scouted", 20, MUTED)
            y += 58
        for item in scouted:
            target = str(item.get("target") or _marker_area(item.get("marker"), view) or "")
            d.rounded_rectangle((MARGIN, y, HAND_WIDTH - MARGIN, y + 50), 12, fill=PANEL)
            paste_sprite(im, face_down_token(36), (MARGIN + 10, y + 7))
            box_ = draw_text(
                im, (MARGIN + 56, y + 25), area_name(item.get("space")), 22, INK, anchor="lm", bold=True
            )
            d.line((box_[2] + 12, y + 25, box_[2] + 40, y + 25), fill=GOLD, width=3)
            triangle_right(d, box_[2] + 40, y + 25, 14, GOLD)
            paste_sprite(im, sigil_token(target, 36), (box_[2] + 60, y + 7))
            draw_text(
                im,
                (box_[2] + 104, y + 25),
                f"lands in {area_name(target)}",
                22,
                GOLD,
                anchor="lm",
                bold=True,
            )
            y += 58
        for r, row in enumerate(_pool_rows(pool, view)):
            x = MARGIN
            if r == 0:
                draw_text(im, (x, y + 20), "In the pile:", 18, MUTED, anchor="lm")
                x += PILE_LABEL_W
            for marker, area in row:
                paste_sprite(im, sigil_token(area, 32), (x, y + 4))
                label = area_name(area) if area else marker
                x = draw_text(im, (x + 36, y + 20), label, 18, INK, anchor="lm")[2] + 14
            y += 46
        y += GAP
    draw_side_panel(im, view, names, side, (MARGIN, y, HAND_WIDTH - MARGIN, y + SIDE_PANEL_H))
    return im
