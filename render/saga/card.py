"""One Saga piece as a picture for ``/card``: drawn by the board's own code (a leader card as
the hand shows it, an action tile as the tiles row draws it, the map with the area ringed,
the destination sigil, the Drakkar, the Stronghold, the Initiative tile and the Round
track), framed by ``render.common.card_sheet``."""

from __future__ import annotations

from PIL import Image

from games.saga.cards import CARDS
from games.saga.data import ABILITIES, AREAS, MARKERS, STRONGHOLD_START, TILES, TRACK_SPACES
from render.common import GOLD, paste_sprite
from render.common.canvas import canvas
from render.common.card_sheet import ART_WIDTH, art_canvas, scaled, sheet
from render.saga.geography import ENGLAND_SHAPES, NORTH_SHAPES
from render.saga.hand import draw_leader_card
from render.saga.map import draw_area, map_base
from render.saga.panels import draw_track
from render.saga.pieces import drakkar_icon, initiative_icon, shield, sigil_token, stronghold_icon
from render.saga.style import SIDE_COLORS, SIDE_ONE
from render.saga.tiles import TILE_H, draw_tile

__all__ = ["card_png"]

_BY_ID = {str(card["id"]): card for card in CARDS}
_TILES = {str(t["id"]): t for t in TILES}


def card_png(card_id: str) -> bytes:
    """The picture of one Saga piece (``KeyError`` for an id not in ``CARDS``)."""
    card = _BY_ID[card_id]
    if card_id in ABILITIES:
        side = str(ABILITIES[card_id]["side"])
        return sheet(card, _leader(card_id, side), accent=SIDE_COLORS[side])
    if card_id in _TILES:
        return sheet(card, _tile(card_id))
    if card_id in MARKERS:
        return sheet(card, sigil_token(MARKERS[card_id], 150))
    if card_id in AREAS:
        return sheet(card, _area(card_id))
    return sheet(card, _piece(card_id))


def _leader(ability: str, side: str) -> Image.Image:
    """The leader card of the hand picture, with its ability shown as its owner sees it."""
    im = art_canvas(ART_WIDTH, 132)
    data = ABILITIES[ability]
    info = {"ability": ability, "name": data["name"], "text": data["text"]}
    draw_leader_card(im, side, "", info, f"{SIDE_ONE[side]} leader", (0, 0, ART_WIDTH - 1, 131))
    return im


def _tile(tile_id: str) -> Image.Image:
    """The action tile as the tiles row draws it before the draft: both halves lit."""
    data = _TILES[tile_id]
    tile = {**data, "holder": None, "resolved": False}
    im = art_canvas(ART_WIDTH, TILE_H)
    draw_tile(im, {"phase": "draft", "resolving": None}, [], tile, (0, 0, ART_WIDTH - 1, TILE_H - 1))
    return im


def _area(area: str) -> Image.Image:
    """The whole map, the area ringed in gold: where it lies and what it borders."""
    base = map_base().copy()
    shape = ENGLAND_SHAPES.get(area) or NORTH_SHAPES.get(area) or []
    if shape:
        canvas(base).line([*shape, shape[0]], fill=GOLD, width=8, joint="curve")
    for other in AREAS:  # every area's name plate, as on the board (no units)
        draw_area(base, 0, 0, {"id": other, "stronghold": False}, None)
    return scaled(base, ART_WIDTH / base.width)


def _piece(piece: str) -> Image.Image:
    if piece == "drakkar":
        return drakkar_icon(260)
    if piece == "stronghold":
        return stronghold_icon(140)
    if piece == "initiative":
        # the icon, and the two sides the tile shows: grey for the Vikings, blue for the Saxons
        im = Image.new("RGBA", (400, 150), (0, 0, 0, 0))
        paste_sprite(im, initiative_icon(140), (0, 5))
        paste_sprite(im, shield("viking", 100), (170, 25))
        paste_sprite(im, shield("anglo", 100), (290, 25))
        return im
    im = art_canvas(ART_WIDTH, 120)
    view = {"track": {"spaces": TRACK_SPACES, "round": TRACK_SPACES, "stronghold": STRONGHOLD_START}}
    draw_track(im, view, (0, 0, ART_WIDTH - 1, 119))
    return im
