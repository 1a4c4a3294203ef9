"""One seat's private picture: its hand of tiles, every text readable, and what to do."""

from __future__ import annotations

from collections.abc import Sequence

from PIL import Image

from render.common import (
    BG,
    HAND_WIDTH,
    INK,
    MARGIN,
    MUTED,
    draw_text,
    hand_header,
    hand_header_height,
    panel,
)
from render.common.canvas import canvas
from render.pax.style import View, label, name, seat_color
from render.pax.tiles import card_height, draw_tile

TEXT = 22
LINES = 3
COLS = 2
GAP = 14


def _seat_of(view: View, seat: int | None) -> int | None:
    if seat is not None:
        return seat
    s = view.get("seat")
    return int(s) if s is not None else None


def hand_image(view: View, *, names: Sequence[str], seat: int | None = None) -> Image.Image:
    private = view.get("private") or {}
    me = _seat_of(view, seat)
    hand = list(private.get("hand") or [])
    drawn = private.get("drawn")
    offered = list(private.get("offer_tiles") or [])
    acting = me is not None and me in (view.get("to_act") or [])
    prompt = str(view.get("prompt") or "") if acting else None
    head_h = hand_header_height(HAND_WIDTH, prompt)
    card_w = (HAND_WIDTH - 2 * MARGIN - GAP * (COLS - 1)) // COLS
    card_h = card_height(card_w, TEXT, LINES, large=True)
    limit = ""
    if me is not None and 0 <= me < len(view.get("seats") or []):
        limit = f", HAND LIMIT {view['seats'][me].get('hand_limit', '')}"
    sections: list[tuple[str, list]] = [(f"Your hand ({len(hand)}{limit})", hand)]
    if drawn:
        sections.insert(0, ("Drawn for SWEDEN", [drawn]))
    if offered:
        sections.append(("Your tiles in the TRADE", offered))
    althing = view.get("althing") or {}
    if althing.get("tile"):  # the Event being voted on: its text decides the vote
        sections.insert(0, ("Voted at the ALTHING", [althing["tile"]]))
    height = head_h + 14
    for _, tiles in sections:
        height += 34 + max(1, (len(tiles) + COLS - 1) // COLS) * (card_h + GAP)
    height += MARGIN
    im = Image.new("RGB", (HAND_WIDTH, height), BG)
    who = name(names, me) if me is not None else "Your"
    silfr = ""
    if me is not None and 0 <= me < len(view.get("seats") or []):
        silfr = f" · {view['seats'][me].get('silfr', 0)} Silfr"
    hand_header(im, f"{who}{silfr}", prompt=prompt)
    if me is not None:
        canvas(im).rectangle((0, 0, 8, head_h), fill=seat_color(view, me))
    y = head_h + 14
    for title, tiles in sections:
        with panel(title, (0, y, HAND_WIDTH, y + 30)):
            label(im, MARGIN, y + 6, title)
        y += 34
        if not tiles:
            with panel("empty hand", (0, y, HAND_WIDTH, y + card_h)):
                draw_text(im, (MARGIN, y + 10), "No tiles", 22, MUTED)
        for n, tile in enumerate(tiles):
            x = MARGIN + (n % COLS) * (card_w + GAP)
            ty = y + (n // COLS) * (card_h + GAP)
            draw_tile(im, tile, (x, ty, x + card_w, ty + card_h), text_size=TEXT, lines=LINES, large=True)
        y += max(1, (len(tiles) + COLS - 1) // COLS) * (card_h + GAP)
    _ = INK
    return im
