"""One Reavers of Midgard card as a picture for ``/card``: drawn by the board's own code (the
cards on offer, a territory stack, a Ship Upgrade token, a location's head), enlarged for a
phone and framed by ``render.common.card_sheet``."""

from __future__ import annotations

from typing import Any

from PIL import Image

from games.reavers.cards import CARDS
from games.reavers.data import CARDS as DECK_CARDS
from games.reavers.data import LOCATIONS, REAVERS, TERRITORIES, UPGRADES
from games.reavers.views import card_view
from render.common import GOLD
from render.common.card_sheet import ART_WIDTH, art_canvas, scaled, sheet
from render.reavers.cards import draw_any, draw_stack, draw_token
from render.reavers.locations import BODY_H, INFO_H, TITLE_H, draw_location
from render.reavers.style import DIE_COLORS, LOCATION_COLORS, TERRITORY_COLORS

__all__ = ["card_png"]

_BY_ID = {str(card["id"]): card for card in CARDS}
CARD_W = ART_WIDTH // 2  # drawn at the board's size, then doubled
# a card's height on the board by the letter of its id (Reavers show their ability line)
CARD_H = {"R": 96, "V": 60, "K": 60, "B": 66, "P": 72, "J": 66}


def card_png(card_id: str) -> bytes:
    """The picture of one Reavers card or tile (``KeyError`` for an id not in ``CARDS``)."""
    card = _BY_ID[card_id]
    if card_id in DECK_CARDS:
        accent = DIE_COLORS.get(str(REAVERS[card_id]["clan"]), GOLD) if card_id in REAVERS else GOLD
        return sheet(card, _card(card_id), accent=accent)
    if card_id in TERRITORIES:
        kind = str(TERRITORIES[card_id]["type"])
        return sheet(card, _territory(card_id), accent=TERRITORY_COLORS.get(kind, GOLD))
    if card_id in UPGRADES:
        return sheet(card, _upgrade(card_id))
    return sheet(card, _location(card_id), accent=LOCATION_COLORS.get(card_id, GOLD))


def _card(card_id: str) -> Image.Image:
    height = CARD_H.get(card_id[:1], 66)
    im = art_canvas(CARD_W, height)
    draw_any(im, (0, 0, CARD_W - 1, height - 1), card_view(card_id))
    return scaled(im, 2)


def _territory(card_id: str) -> Image.Image:
    """The territory's stack as the Conquer location shows it with this tile on top."""
    data = TERRITORIES[card_id]
    kind = str(data["type"])
    count = sum(1 for t in TERRITORIES.values() if t["type"] == kind)
    top = {"type": kind, "defense": data["defense"], "cost": dict(data["cost"])}
    im = art_canvas(170, 140)
    draw_stack(im, (0, 0, 169, 139), kind, {"count": count, "top": top})
    return scaled(im, 1.6)


def _upgrade(token_id: str) -> Image.Image:
    im = art_canvas(200, 90)
    draw_token(im, 10, 45, UPGRADES[token_id], 60)
    return scaled(im, 1.5)


def _location(loc: str) -> Image.Image:
    """The location's head on the board: its name, cost and bonuses by seat distance."""
    width, height = ART_WIDTH * 2 // 3, TITLE_H + INFO_H + BODY_H
    im = art_canvas(width, height)
    view: dict[str, Any] = {"board": {}, "decks": {}}
    draw_location(im, view, (0, 0, width - 1, height - 1), loc, LOCATIONS[loc], [], now=False)
    # the head only: what is on offer there changes from round to round
    return scaled(im.crop((0, 0, width, TITLE_H + INFO_H + 6)), 1.5)
