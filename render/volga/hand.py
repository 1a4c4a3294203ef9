"""One Volga player's private picture: their contracts and what is offered to them."""

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
    MARGIN,
    MUTED,
    PANEL_EDGE,
    draw_text,
    hand_header,
    hand_header_height,
)
from render.common.canvas import canvas
from render.volga.goods import contract_card
from render.volga.panels import draw_panel, panel_height
from render.volga.pieces import ship_sprite
from render.volga.style import View, burned_cities, caption, city_names, seat_color, ship_large

HAND_CARD_H = 60


def _own_seat(view: View) -> int | None:
    """The seat whose view this is: ``view["seat"]`` when given, else ``private["seat"]``."""
    for source in (view, view.get("private") or {}):
        seat = source.get("seat") if isinstance(source, Mapping) else None
        if isinstance(seat, int):
            return seat
    return None


def _hand_sections(private: Mapping[str, Any]) -> list[tuple[str, list[Mapping[str, Any]], bool]]:
    sections: list[tuple[str, list[Mapping[str, Any]], bool]] = []
    drawn = list(private.get("drawn") or [])
    if drawn:
        sections.append(("Drawn: keep one hidden, the other goes face up", drawn, True))
    hidden = list(private.get("hidden_contracts") or [])
    sections.append((f"Your hidden contracts: {len(hidden)}", hidden, False))
    offered = list(private.get("offer_contracts") or [])
    if offered:
        sections.append(("Contracts in the trade offer", offered, False))
    return sections


def hand_image(view: View, *, names: Sequence[str], seat: int | None = None) -> Image.Image | None:
    """One seat's hidden contracts and its own panel, or ``None`` for a public view."""
    private = view.get("private")
    if not private:
        return None
    seats = list(view.get("seats") or [])
    me = seat if seat is not None else _own_seat(view)
    mine = seats[me] if me is not None and 0 <= me < len(seats) else None
    index = me if mine is not None else None
    name = seat_name(names, index) if index is not None else ""
    cities = city_names(view)
    burned = burned_cities(view)
    price = (view.get("price") or {}).get("value")

    inner = HAND_WIDTH - 2 * MARGIN
    card_w = (inner - GAP) // 2
    acting = index is not None and index in (view.get("to_act") or []) and not view.get("over")
    prompt = str(view.get("prompt") or "your turn") if acting else None
    head_h = hand_header_height(HAND_WIDTH, prompt)
    sections = _hand_sections(private)
    heights = [28 + max(1, -(-len(cards) // 2)) * (HAND_CARD_H + 10) for _, cards, _ in sections]
    body_top = head_h + 14
    panel_top = body_top + sum(heights) + 6
    panel_h = panel_height(view, mine, inner) if mine is not None else 0
    height = panel_top + panel_h + MARGIN

    im = Image.new("RGB", (HAND_WIDTH, height), BG)
    d = canvas(im)
    icon = ship_sprite(seat_color(view, index), ship_large(view, index), 52) if index is not None else None
    title = f"{name}: your contracts" if name else "Your contracts"
    hand_header(im, title, icon=icon, prompt=prompt)

    y = body_top
    for (label, cards, highlight), h in zip(sections, heights, strict=True):
        box = caption(im, MARGIN, y, label)
        if price is not None and not highlight and cards and label.startswith("Your"):
            draw_text(im, (box[2] + 12, y), f"a sale pays {price} rubles now", 16, GOLD, bold=True)
        cy = y + 26
        if not cards:
            d.rounded_rectangle(
                (MARGIN, cy, MARGIN + card_w, cy + HAND_CARD_H), 9, outline=PANEL_EDGE, width=2
            )
            draw_text(im, (MARGIN + card_w / 2, cy + HAND_CARD_H / 2), "none", 20, MUTED, anchor="mm")
        for i, contract in enumerate(cards):
            cx = MARGIN + (i % 2) * (card_w + GAP)
            ry = cy + (i // 2) * (HAND_CARD_H + 10)
            city = str(contract.get("city", ""))
            card = contract_card(
                str(contract.get("good", "")),
                cities.get(city, city.title()),
                city in burned,
                card_w,
                HAND_CARD_H,
            )
            im.paste(card, (cx, ry))
            if highlight:
                d.rounded_rectangle(
                    (cx - 3, ry - 3, cx + card_w + 3, ry + HAND_CARD_H + 3), 11, outline=GOLD, width=3
                )
        y += h
    if mine is not None and index is not None:
        draw_panel(
            im, view, (MARGIN, panel_top, HAND_WIDTH - MARGIN, panel_top + panel_h), mine, name, active=acting
        )
    return im
