"""The public Knarr board: header, market, destinations, player panels and recent moves.

Drawn only from ``games.knarr.view(state, None)``; ``view["private"]`` is never read.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from PIL import Image

from games.words import final_places, outcome_title, seat_name
from render.common import (
    BG,
    GAP,
    INK,
    MARGIN,
    WIDTH,
    draw_headline,
    draw_text,
    header_height,
    panel,
    ship_icon,
    status_mid,
    text_width,
)
from render.common.board_header import header_band, outcome_banner
from render.knarr.cards import DEST_H, SLOT_H
from render.knarr.footer import draw_key, draw_log, key_height, log_height
from render.knarr.market import TAKE_H, draw_destinations, draw_market, draw_pending, take_prices
from render.knarr.panels import draw_panel, panel_height
from render.knarr.style import View, ship_colors

OUTCOME_H = 108
FINAL = "FINAL ROUND"


def _headline(view: View, names: Sequence[str]) -> tuple[str, Image.Image | None]:
    """Whose turn and what to do, and the ship of the one seat that must act."""
    to_act = list(view.get("to_act") or [])
    prompt = str(view.get("prompt") or "")
    who = ", ".join(seat_name(names, s) for s in to_act)
    text = f"{who}: {prompt}" if who and prompt else who or prompt
    icon = ship_icon(56, *ship_colors(to_act[0])) if len(to_act) == 1 else None
    return text, icon


def _status_width(view: View) -> float:
    width = text_width(f"Round {view.get('round', 1)}", 32, bold=True) + 16
    if view.get("final_round"):
        width += text_width(FINAL, 26, bold=True) + 28 + 16
    return width


def _header_height(view: View, names: Sequence[str]) -> int:
    if view.get("over") and view.get("outcome"):
        return OUTCOME_H
    return header_height(WIDTH, _status_width(view), *_headline(view, names))


def _draw_header(im: Image.Image, view: View, names: Sequence[str], height: int) -> None:
    d = header_band(im, height)
    outcome = view.get("outcome") if view.get("over") else None
    with panel("header", (0, 0, im.width, height)):
        if outcome:
            _draw_outcome_banner(im, view, outcome, names, height)
            return
        mid = status_mid(height)
        x = MARGIN
        box = draw_text(im, (x, mid), f"Round {view.get('round', 1)}", 32, INK, anchor="lm", bold=True)
        x = box[2] + 16
        if view.get("final_round"):
            w = text_width(FINAL, 26, bold=True) + 28
            d.rounded_rectangle((x, mid - 22, x + w, mid + 22), 22, fill=(196, 40, 36))
            draw_text(im, (x + w / 2, mid), FINAL, 26, (255, 255, 255), anchor="mm", bold=True)
            x += w + 16
        draw_headline(im, x, height, *_headline(view, names))


def _draw_outcome_banner(
    im: Image.Image, view: View, outcome: Mapping[str, Any], names: Sequence[str], height: int
) -> None:
    aside = f"after round {view.get('round', 1)}"
    outcome_banner(im, height, outcome_title(outcome, names, "VP"), aside, outcome, names, min_size=30)


def _without_paid(seat: Mapping[str, Any], pending: Mapping[str, Any]) -> Mapping[str, Any]:
    """The seat with the cards it is paying taken out of its crew: they show as paid only."""
    paid = {str(card.get("id")) for card in pending.get("paid") or []}
    if not paid:
        return seat
    crew = {
        color: [card for card in cards or [] if str(card.get("id")) not in paid]
        for color, cards in (seat.get("crew") or {}).items()
    }
    return {**seat, "crew": crew}


def board_image(view: View, *, names: Sequence[str]) -> Image.Image:
    """The public board, drawn; ``view["private"]`` is never read."""
    seats = list(view.get("seats") or [])
    over = bool(view.get("over"))
    outcome = view.get("outcome") if over else None
    head_h = _header_height(view, names)
    market_top = head_h + 12
    market_h = 24 + SLOT_H + (TAKE_H if take_prices(view) else 0)
    dest_top = market_top + market_h + 14
    dest_h = 24 + DEST_H
    pending = view.get("pending") or {}
    pend_h = 56 + 14 if pending.get("explore") else 0
    players_top = dest_top + dest_h + 14 + pend_h
    cols = 2
    panel_w = (WIDTH - 2 * MARGIN - GAP) // cols
    to_act = list(view.get("to_act") or [])
    if pending.get("paid") and to_act:
        seats = [_without_paid(s, pending) if s.get("seat") == to_act[0] else s for s in seats]
    rows = [seats[i : i + cols] for i in range(0, len(seats), cols)]
    row_heights = [max(panel_height(s, panel_w) for s in row) for row in rows]
    # the recent moves and the key: beside the last panel, or in a row of their own
    log_lines = min(6, max(1, len(view.get("log") or [])))
    notes_h = log_height(log_lines) + GAP + key_height(panel_w)
    beside = bool(rows) and len(rows[-1]) < cols
    if beside:
        row_heights[-1] = max(row_heights[-1], notes_h)
    # in a row of their own, the moves take the key's height (five lines): no taller board
    foot_h = 0 if beside else key_height(panel_w)
    height = players_top + sum(row_heights) + GAP * len(rows) + foot_h + MARGIN - (GAP if beside else 0)

    im = Image.new("RGB", (WIDTH, height), BG)
    _draw_header(im, view, names, head_h)
    draw_market(im, view, market_top)
    draw_destinations(im, view, dest_top)
    if pend_h:
        draw_pending(im, view, names, dest_top + dest_h + 14)
    places = final_places(outcome, len(seats)) if outcome else [""] * len(seats)
    winners = set(outcome.get("winners") or []) if outcome else set()
    y = players_top
    for r, row in enumerate(rows):
        for c, seat in enumerate(row):
            x = MARGIN + c * (panel_w + GAP)
            index = int(seat.get("seat", r * cols + c))
            draw_panel(
                im,
                (x, y, x + panel_w, y + row_heights[r]),
                seat,
                seat_name(names, index),
                active=index in to_act and not over,
                place=places[index] or None,
                winner=index in winners,
            )
        if len(row) < cols:
            x = MARGIN + len(row) * (panel_w + GAP)
            key_top = y + row_heights[r] - key_height(panel_w)
            draw_log(im, view, names, (x, y, x + panel_w, key_top - GAP))
            draw_key(im, (x, key_top, x + panel_w, y + row_heights[r]))
        y += row_heights[r] + GAP
    if not beside:
        draw_log(im, view, names, (MARGIN, y, MARGIN + panel_w, y + foot_h))
        x = MARGIN + panel_w + GAP
        draw_key(im, (x, y, x + panel_w, y + foot_h))
    return im
