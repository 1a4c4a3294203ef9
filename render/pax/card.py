"""One Pax Viking tile, Jarl, Victory Condition or place as a picture for ``/card``: drawn by
the board's own code (a tile card as the hand shows it, a Victory Condition card, a Region
of the map with its posts and HOMEs), framed by ``render.common.card_sheet``."""

from __future__ import annotations

from functools import cache
from typing import Any

from PIL import Image

from games import pax
from games.pax import effects, victory
from games.pax.cards import CARDS
from games.pax.data import CONDITIONS, HOMES, JARLS, POSTS, REGIONS, TILES, WINDS
from games.pax.views import tile_view
from render.common import GOLD, wrap_text
from render.common.card_sheet import ART_WIDTH, art_canvas, scaled, sheet
from render.pax.map import bare, draw_region, region_height, region_links
from render.pax.style import KIND_COLORS, WIND_COLORS, wind_color
from render.pax.tiles import card_height, draw_tile
from render.pax.track import draw_condition

__all__ = ["card_png"]

_BY_ID = {str(card["id"]): card for card in CARDS}
TEXT = 22
LINES = 5
REGION_W = 300  # about a Wind's column on the board, then enlarged


def card_png(card_id: str) -> bytes:
    """The picture of one Pax Viking entry (``KeyError`` for an id not in ``CARDS``)."""
    card = _BY_ID[card_id]
    if card_id in TILES:
        kind = str(TILES[card_id]["kind"])
        return sheet(card, _tile(tile_view(card_id)), accent=KIND_COLORS.get(kind, GOLD))
    if card_id in JARLS:
        return sheet(card, _jarl(card_id), accent=_wind_rgb(str(JARLS[card_id]["wind"])))
    if card_id in CONDITIONS:
        return sheet(card, _condition(card_id))
    region = _region_of(card_id)
    return sheet(card, _region(region), accent=_wind_rgb(str(REGIONS[region]["wind"])))


def _tile(tile: dict[str, Any]) -> Image.Image:
    """The tile card the hand picture draws, as tall as its text needs."""
    lines = len(wrap_text(str(tile.get("text") or ""), TEXT, ART_WIDTH - 12, max_lines=LINES))
    height = card_height(ART_WIDTH, TEXT, max(2, lines), large=True)
    im = art_canvas(ART_WIDTH, height)
    draw_tile(im, tile, (0, 0, ART_WIDTH - 1, height - 1), text_size=TEXT, lines=LINES, large=True)
    return im


def _jarl(jarl_id: str) -> Image.Image:
    """A Jarl as a card in the tiles' style: name, Wind and HOME, ability."""
    data = JARLS[jarl_id]
    home = HOMES[data["home"]]
    card = {
        "id": jarl_id,
        "kind": "jarl",
        "name": data["name"],
        "location_name": f"{WINDS[data['wind']]['name']} · HOME {home['name']}",
        "follower": None,
        "trigger": "always",
        "text": effects.describe(data["ability"]),
    }
    return _tile(card)


def _condition(cond_id: str) -> Image.Image:
    data = CONDITIONS[cond_id]
    cond = {"face_up": True, "name": data["name"], "text": victory.describe(data["test"]), "met": []}
    width, height = 440, 72  # wide enough for the longest text on its two lines
    im = art_canvas(width, height)
    draw_condition(im, {}, cond, (0, 0, width - 1, height - 1), 0)
    return scaled(im, ART_WIDTH / width)


def _region_of(place: str) -> str:
    if place in REGIONS:
        return place
    if place in POSTS:
        return str(POSTS[place]["region"])
    return str(HOMES[place]["links"][0])  # a HOME is drawn in the region it opens on first


@cache
def _printed_map() -> dict[str, Any]:
    """The public view's map with nothing on it: what the board draws before play."""
    state = pax.setup(0, 2)
    return dict(bare(pax.view(state, None)))


def _wind_rgb(wind: str) -> tuple[int, int, int]:
    return WIND_COLORS.get(str(WINDS[wind].get("colour")), GOLD)


def _region(region_id: str) -> Image.Image:
    """The region as the map draws it: its head, HOMEs and posts, before play."""
    view = _printed_map()
    region = next(r for r in view["regions"] if r["id"] == region_id)
    posts = {str(p["id"]): p for p in view["posts"]}
    names = {str(r["id"]): str(r["name"]) for r in view["regions"]}
    links = region_links(view).get(region_id, [])
    height = region_height(view, region, posts, links, REGION_W)
    im = art_canvas(REGION_W, height)
    color = wind_color(view, str(region["wind"]))
    draw_region(im, view, region, (posts, names, links), (0, 0, REGION_W - 1, height - 1), color, [], False)
    return scaled(im, 1.6)
