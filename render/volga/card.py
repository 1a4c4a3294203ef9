"""One Volga piece as a picture for ``/card``: drawn by the board's own code (a tile as the
map draws it, a contract card, the pass chip, goods, the Horde, the Prince, the price card
and the ships), framed by ``render.common.card_sheet``."""

from __future__ import annotations

from PIL import Image

from games.volga.cards import CARDS
from games.volga.data import CITIES, CONTRACTS, GOODS, PRICES, TILES, city_name, rivers
from render.common import BG, DARK, paste_sprite
from render.common.card_sheet import ART_WIDTH, art_canvas, scaled, sheet
from render.volga.goods import contract_card, good_badge
from render.volga.map import draw_map
from render.volga.market import draw_chip, price_card
from render.volga.pieces import city_sprite, horde_token, prince_token, ship_sprite
from render.volga.style import RIVER

__all__ = ["card_png"]

_BY_ID = {str(card["id"]): card for card in CARDS}
PASS_FILL = (214, 198, 160)  # an unburned city's pass chip, as on the board's market


def card_png(card_id: str) -> bytes:
    """The picture of one Volga piece (``KeyError`` for an id not in ``CARDS``)."""
    card = _BY_ID[card_id]
    if card_id in TILES:
        return sheet(card, _tile(card_id), accent=RIVER)
    if card_id in CONTRACTS:
        data = CONTRACTS[card_id]
        return sheet(card, contract_card(str(data["good"]), city_name(data["city"]), False, ART_WIDTH, 76))
    if card_id in CITIES:
        return sheet(card, _pass(card_id))
    if card_id in GOODS:
        return sheet(card, good_badge(card_id, 150))
    return sheet(card, _piece(card_id))


def _tile(tile_id: str) -> Image.Image:
    """The tile as the map draws it, alone on the table, unturned."""
    data = TILES[tile_id]
    city = data.get("city")
    tile = {
        "id": tile_id,
        "x": 0,
        "y": 0,
        "rot": 0,
        "kind": data.get("kind"),
        "rivers": rivers(tile_id, 0),
        "city": city,
        "name": city_name(city) if city else None,
        "burned": False,
    }
    cities = [
        {"id": c, "name": city_name(c), "good": CITIES[c].get("good"), "burned": False, "holder": None}
        for c in CITIES
    ]
    view = {"tiles": [tile], "cities": cities, "ships": [], "horde": None, "prince": None, "players": 0}
    im = art_canvas(160, 160)
    draw_map(im, view, [], 0, 0, 160, 160)
    return scaled(im, 1.75)


def _pass(city: str) -> Image.Image:
    """The city and its pass, as the market's chip of passes for sale shows it."""
    im = art_canvas(ART_WIDTH, 150, BG)
    sprite = city_sprite(150, False)
    paste_sprite(im, sprite, (40, (150 - sprite.height) / 2))
    draw_chip(im, 230, 57, f"{city_name(city)} pass", PASS_FILL, DARK, BG, 28)
    return im


def _piece(piece: str) -> Image.Image:
    if piece == "horde":
        return horde_token(160)
    if piece == "prince":
        return prince_token(160)
    if piece == "price_card":
        return price_card(tuple(PRICES), 1, ART_WIDTH)
    im = Image.new("RGBA", (ART_WIDTH, 190), (0, 0, 0, 0))
    ship = ship_sprite("red", piece == "large", 240 if piece == "large" else 200, "")
    paste_sprite(im, ship, ((ART_WIDTH - ship.width) / 2, (190 - ship.height) / 2))
    return im
