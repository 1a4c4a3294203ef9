"""One Knarr card as a picture for ``/card``: drawn by the board's own sprites (a Viking card,
a destination card, the ship's trade row, the artifact panel), framed by
``render.common.card_sheet``."""

from __future__ import annotations

from PIL import Image

from games.knarr.cards import CARDS
from games.knarr.data import DESTINATIONS, SHIPS, VIKINGS
from games.knarr.views import destination
from render.common import GOLD, INK, RGB, VIKING_COLORS, draw_text, wrap_text
from render.common.canvas import canvas
from render.common.card_sheet import art_canvas, scaled, sheet
from render.knarr.cards import DEST_H, DEST_W, dest_card, dest_key, viking_card
from render.knarr.panels import draw_trade
from render.knarr.style import ARTIFACTS, TYPE_COLORS

__all__ = ["card_png"]

_BY_ID = {str(card["id"]): card for card in CARDS}
ARTIFACT_FILL: RGB = (58, 48, 36)  # as the board's artifact panel (render/knarr/market.py)
ARTIFACT_EDGE: RGB = (150, 118, 60)


def card_png(card_id: str) -> bytes:
    """The picture of one Knarr card (``KeyError`` for an id not in ``CARDS``)."""
    card = _BY_ID[card_id]
    if card_id in VIKINGS:
        color = str(VIKINGS[card_id]["color"])
        art = viking_card(card_id, color, str(VIKINGS[card_id]["asset"]), 200, 300)
        return sheet(card, art, accent=VIKING_COLORS.get(color, GOLD))
    if card_id in DESTINATIONS:
        dest = destination(card_id)
        art = scaled(dest_card(dest_key(dest), DEST_W, DEST_H), 2)
        return sheet(card, art, accent=TYPE_COLORS.get(str(dest["type"]), GOLD))
    if card_id in SHIPS:
        return sheet(card, _ship(card_id))
    return sheet(card, _artifact(card_id))


def _ship(side: str) -> Image.Image:
    """The ship's row of the trade table a player's panel shows, the bracelets above it."""
    im = art_canvas(420, 66)
    draw_trade(im, {"seat": 0, "explored": [], "ship_trade": list(SHIPS[side])}, 0, 0, 420)
    return scaled(im, 1.25)


def _artifact(artifact: str) -> Image.Image:
    """The artifact as the board's artifact panel shows it: its name and its short rule."""
    name, text = ARTIFACTS.get(artifact, (artifact.replace("_", " ").title(), ""))
    im = art_canvas(480, 150)
    canvas(im).rounded_rectangle((0, 0, 479, 149), 12, fill=ARTIFACT_FILL, outline=ARTIFACT_EDGE, width=3)
    draw_text(im, (18, 14), name, 30, GOLD, bold=True, max_width=444)
    y = 58
    for line in wrap_text(text, 24, 444, max_lines=3):
        draw_text(im, (18, y), line, 24, INK)
        y += 30
    return im
