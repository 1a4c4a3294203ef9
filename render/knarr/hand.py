"""One Knarr player's private picture: the hand, what each recruit would gain, and their panel."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from PIL import Image

from games.words import seat_name
from render.common import (
    BG,
    HAND_WIDTH,
    INK,
    MARGIN,
    MUTED,
    PANEL,
    draw_text,
    hand_header,
    hand_header_height,
    icon,
    paste_sprite,
    ship_icon,
    text_width,
)
from render.common.canvas import canvas
from render.knarr.cards import crew_strip, viking_card
from render.knarr.panels import draw_panel, panel_height
from render.knarr.style import View, caption, ship_colors

HAND_CARD_W, HAND_CARD_H = 132, 196


def _recruit_gains(view: View, seat: Mapping[str, Any], card: Mapping[str, Any]) -> list[str]:
    color = str(card.get("color"))
    column = list((seat.get("crew") or {}).get(color) or [])
    return [str(c.get("asset")) for c in column] + [str(card.get("asset"))]


def hand_image(view: View, *, names: Sequence[str], seat: int | None = None) -> Image.Image | None:
    """One seat's hand (with its tokens, crew and trade rows), or ``None`` for a public view."""
    private = view.get("private")
    if not private:
        return None
    hand = list(private.get("hand") or [])
    seats = list(view.get("seats") or [])
    me = seat if seat is not None else _own_seat(view)
    mine = seats[me] if me is not None and 0 <= me < len(seats) else None
    # Without knowing the seat, draw the cards alone: never guess whose crew it is.
    index = me if mine is not None and me is not None else None
    name = seat_name(names, index) if index is not None else ""

    slot_w = (HAND_WIDTH - 2 * MARGIN) // 3
    hand_rows = max(1, (len(hand) + 2) // 3)
    acting = index is not None and index in (view.get("to_act") or []) and not view.get("over")
    prompt = str(view.get("prompt") or "your turn") if acting else None
    head_h = hand_header_height(HAND_WIDTH, prompt)
    hand_top = head_h + 12
    hand_h = 24 + hand_rows * (HAND_CARD_H + 14)
    panel_top = hand_top + hand_h + 4
    panel_h = panel_height(mine, HAND_WIDTH - 2 * MARGIN) if mine is not None else 0
    height = panel_top + panel_h + MARGIN

    im = Image.new("RGB", (HAND_WIDTH, height), BG)
    d = canvas(im)
    icon = None
    if index is not None:
        hull, edge = ship_colors(index)
        icon = ship_icon(52, hull, edge)
    title = f"{name}: your hand" if name else "Your hand"
    hand_header(im, title, icon=icon, prompt=prompt)

    caption(im, MARGIN, hand_top, "Recruit one: you gain / then take")
    vikings = view.get("vikings") or {}
    if not hand:
        draw_text(im, (MARGIN, hand_top + 60), "No cards in hand", 24, MUTED)
    for i, card in enumerate(hand):
        x = MARGIN + (i % 3) * slot_w
        y = hand_top + 24 + (i // 3) * (HAND_CARD_H + 14)
        color = str(card.get("color", ""))
        sprite = viking_card(
            str(card.get("id", "")), color, str(card.get("asset", "")), HAND_CARD_W, HAND_CARD_H
        )
        paste_sprite(im, sprite, (x, y))
        gx = x + HAND_CARD_W + 10
        gw = slot_w - HAND_CARD_W - 22
        d.rounded_rectangle((gx - 4, y, gx + gw, y + HAND_CARD_H), 10, fill=PANEL)
        draw_text(im, (gx + 6, y + 6), "gain", 18, MUTED)
        gains = _recruit_gains(view, mine or {}, card)
        _draw_gains(im, gx + 4, y + 30, gw - 8, gains)
        draw_text(im, (gx + 6, y + 104), "then take", 18, MUTED)
        face_up = vikings.get(color)
        if face_up:
            paste_sprite(
                im,
                crew_strip(str(face_up.get("color", color)), str(face_up.get("asset", "")), 48, 56),
                (gx + 6, y + 130),
            )
            draw_text(im, (gx + 60, y + 158), str(face_up.get("id", "")), 18, INK, anchor="lm")
        else:
            draw_text(im, (gx + 6, y + 140), "empty slot", 18, MUTED)
    if mine is not None:
        draw_panel(
            im, (MARGIN, panel_top, HAND_WIDTH - MARGIN, panel_top + panel_h), mine, name, active=acting
        )
    return im


def _draw_gains(im: Image.Image, x: int, y: int, w: int, gains: list[str]) -> None:
    counts: dict[str, int] = {}
    for asset in gains:
        counts[asset] = counts.get(asset, 0) + 1
    cx, cy = x, y
    for asset, count in counts.items():
        item_w = 34 + (text_width(f"x{count}", 20, bold=True) + 4 if count > 1 else 0)
        if cx + item_w > x + w:
            cx, cy = x, cy + 36
        paste_sprite(im, icon(asset, 32), (cx, cy))
        if count > 1:
            draw_text(im, (cx + 34, cy + 16), f"x{count}", 20, INK, anchor="lm", bold=True)
        cx += item_w + 8


def _own_seat(view: View) -> int | None:
    """The seat whose view this is: ``view["seat"]`` when given, else ``private["seat"]``."""
    for source in (view, view.get("private") or {}):
        seat = source.get("seat") if isinstance(source, Mapping) else None
        if isinstance(seat, int):
            return seat
    return None
