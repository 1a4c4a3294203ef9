"""The Volga side column: prices, open contracts, passes and the drawn tile."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from PIL import Image

from render.common import (
    BAD,
    BG,
    DARK,
    GOLD,
    INK,
    MUTED,
    PANEL_EDGE,
    RGB,
    Box,
    draw_text,
    paste_sprite,
    pip,
    text_width,
    wrap_text,
)
from render.common.cache import kept
from render.common.canvas import canvas
from render.common.layout import static_tile
from render.common.parts import panel_text, part
from render.volga.goods import good_icon
from render.volga.map import tile_image, tile_rivers
from render.volga.pieces import city_sprite, fire_mark, horde_token, prince_token
from render.volga.style import (
    GOODS,
    PARCHMENT,
    PARCHMENT_EDGE,
    View,
    burned_cities,
    caption,
    city_names,
    plain_label,
)

PRICE_H = 132


@kept
def price_card(circles: tuple[int, ...], index: int, w: int) -> Image.Image:
    """The price card: revealed circles, the current price ringed in gold, burned markers on the rest."""
    h = PRICE_H
    card = Image.new("RGB", (w, h), BG)
    d = canvas(card)
    d.rounded_rectangle((0, 0, w - 1, h - 1), 12, fill=PARCHMENT, outline=PARCHMENT_EDGE, width=2)
    draw_text(card, (14, 8), "PRICE OF GOODS", 16, (110, 84, 52), bold=True)
    burned = max(0, index)
    tail = f"{burned} of 5 cities burned" if burned != 1 else "1 of 5 cities burned"
    draw_text(card, (w - 14, 8), tail, 16, BAD if burned >= 4 else (110, 84, 52), anchor="rt", bold=True)
    n = max(1, len(circles))
    size = min(58, (w - 28) // n - 8)
    step = (w - 28 - size) / max(1, n - 1)
    y = 34 + (h - 34 - 14 - size) / 2
    for i, value in enumerate(circles):
        x = 14 + i * step
        cx, cy = x + size / 2, y + size / 2
        if i > index:
            # a later price: the table covers it with a burned-city marker until a city
            # burns; drawn dark with a small flame so the price itself still reads
            paste_sprite(card, pip(size, (78, 66, 58), (34, 28, 24), 3), (x, y))
            draw_text(card, (cx, cy), str(value), 26, (236, 222, 196), anchor="mm", bold=True)
            fire = fire_mark(round(size * 0.4))
            paste_sprite(card, fire, (x + size - fire.width * 0.7, y - fire.height * 0.25))
            continue
        current = i == index
        if current:
            paste_sprite(card, pip(size + 10, GOLD, (140, 90, 10), 3), (x - 5, y - 5))
        paste_sprite(
            card, pip(size, (252, 246, 232) if not current else (255, 236, 170), PARCHMENT_EDGE, 3), (x, y)
        )
        draw_text(card, (cx, cy), str(value), 30 if current else 26, DARK, anchor="mm", bold=True)
    return card


def _draw_price(im: Image.Image, view: View, x: int, y: int, w: int) -> int:
    price = view.get("price") or {}
    circles = tuple(int(c) for c in price.get("circles") or (2, 3, 4, 5, 6, 8))
    index = int(price.get("index", 0) or 0)
    im.paste(price_card(circles, index, w), (x, y))
    return y + PRICE_H


CONTRACT_H = 46


GoodsCount = tuple[tuple[str, int], ...]


def _items_width(goods: GoodsCount, isize: int) -> int:
    """Width of the goods of one city card: an icon per good, then ``x2`` when there are two."""
    width = 0
    for _, count in goods:
        width += isize + 6 + (text_width(f"x{count}", 18, bold=True) + 2 if count > 1 else 0)
    return width


@kept
def city_contracts_card(name: str, goods: GoodsCount, burned: bool, w: int, h: int) -> Image.Image:
    """The face-up contracts of one city: its name and each good wanted, with a count.

    Icons never overlap: a good wanted twice is one icon and ``x2``, and a card whose goods
    do not fit half the column gets the whole row (see ``_contract_rows``).
    """
    sprite = Image.new("RGB", (w, h), BG)
    d = canvas(sprite)
    fill = PARCHMENT if not burned else (150, 140, 126)
    d.rounded_rectangle((0, 0, w - 1, h - 1), 9, fill=fill, outline=PARCHMENT_EDGE, width=2)
    isize = h - 14
    x = w - 8 - _items_width(goods, isize) + 6
    right = x - 8
    for good, count in goods:
        paste_sprite(sprite, good_icon(good, isize), (x, 7))
        x += isize + 2
        if count > 1:
            box = draw_text(sprite, (x, h / 2), f"x{count}", 18, DARK, anchor="lm", bold=True)
            x = box[2] + 2
        x += 4
    if burned:
        fire = fire_mark(h - 20)
        paste_sprite(sprite, fire, (8, (h - fire.height) / 2))
    tx = 10 + (h - 14 if burned else 0)
    draw_text(
        sprite,
        (tx, h / 2),
        name,
        20,
        DARK if not burned else (60, 50, 44),
        anchor="lm",
        bold=True,
        max_width=right - tx,
        min_size=14,
    )
    return sprite


def _contract_groups(view: View) -> list[tuple[str, GoodsCount]]:
    """``(city id, ((good, count), ...))`` for the face-up contracts, one per city, table order."""
    groups: dict[str, dict[str, int]] = {}
    for contract in view.get("contracts") or []:
        wanted = groups.setdefault(str(contract.get("city", "")), {})
        good = str(contract.get("good", ""))
        wanted[good] = wanted.get(good, 0) + 1
    order = {g: i for i, g in enumerate(GOODS)}
    return [
        (city, tuple(sorted(wanted.items(), key=lambda item: order.get(item[0], 9))))
        for city, wanted in groups.items()
    ]


def _contract_rows(view: View, w: int) -> list[list[tuple[str, GoodsCount, int]]]:
    """The city cards in rows of two, ``(city, goods, width)``; a crowded card takes a row."""
    half = (w - 6) // 2
    names = city_names(view)
    burned = burned_cities(view)
    rows: list[list[tuple[str, GoodsCount, int]]] = []
    open_row: list[tuple[str, GoodsCount, int]] | None = None  # a half card waiting for a neighbour
    for city, goods in _contract_groups(view):
        name = names.get(city, city.title())
        need = 10 + (CONTRACT_H - 14 if city in burned else 0) + min(text_width(name, 20, bold=True), 72)
        need += 16 + _items_width(goods, CONTRACT_H - 14)
        if need > half:
            rows.append([(city, goods, w)])
        elif open_row is not None:
            open_row.append((city, goods, half))
            open_row = None
        else:
            open_row = [(city, goods, half)]
            rows.append(open_row)
    return rows


def _contracts_height(view: View, w: int) -> int:
    rows = max(1, len(_contract_rows(view, w)))
    return 24 + rows * (CONTRACT_H + 6) - 6


def _draw_contracts(im: Image.Image, view: View, x: int, y: int, w: int) -> int:
    count = len(view.get("contracts") or [])
    cities = city_names(view)
    burned = burned_cities(view)
    plain_label(im, x, y, f"Contracts on the table: {count}", BG)
    deck = view.get("deck")
    if deck is not None:
        panel_text(im, (x + w, y), f"deck {deck}", 16, MUTED, BG, anchor="rt", bold=True)
    y += 24
    rows = _contract_rows(view, w)
    if not rows:
        canvas(im).rounded_rectangle((x, y, x + w, y + CONTRACT_H), 9, outline=PANEL_EDGE, width=2)
        draw_text(im, (x + w / 2, y + CONTRACT_H / 2), "none face up", 20, MUTED, anchor="mm")
        return y + CONTRACT_H
    for row in rows:
        cx = x
        for city, goods, cw in row:
            card = city_contracts_card(cities.get(city, city.title()), goods, city in burned, cw, CONTRACT_H)
            im.paste(card, (cx, y))
            cx += cw + 6
        y += CONTRACT_H + 6
    return y - 6


def draw_chip(
    im: Image.Image, x: int, y: int, text: str, fill: RGB, ink: RGB, under: RGB, size: int = 18
) -> int:
    """A name on a pill of ``fill``, laid on a background of ``under``; its right edge."""
    return _chip(im, (x, y), under, text, fill, ink, size)


def _chip_reach(text: str, fill: RGB, ink: RGB, size: int) -> tuple[int, int, int, int]:
    return (-2, -2, text_width(text, size, bold=True) + 18, size + 12)


@part(_chip_reach)
def _chip(im: Image.Image, x: float, y: float, text: str, fill: RGB, ink: RGB, size: int) -> int:
    w = text_width(text, size, bold=True) + 16
    canvas(im).rounded_rectangle((x, y, x + w, y + size + 10), (size + 10) // 2, fill=fill)
    draw_text(im, (x + w / 2, y + (size + 10) / 2), text, size, ink, anchor="mm", bold=True)
    return int(x + w)


def chip_rows(texts: Sequence[str], w: int, size: int = 18) -> list[list[str]]:
    rows: list[list[str]] = [[]]
    used = 0
    for text in texts:
        cw = text_width(text, size, bold=True) + 16 + 6
        if rows[-1] and used + cw > w:
            rows.append([])
            used = 0
        rows[-1].append(text)
        used += cw
    return rows


def _passes_height(view: View, w: int) -> int:
    names = [city_names(view).get(str(c), str(c)) for c in view.get("passes_available") or []]
    if not names:
        return 24 + 28
    return 24 + len(chip_rows(names, w)) * 34 - 6


def _draw_passes(im: Image.Image, view: View, x: int, y: int, w: int) -> int:
    cities = city_names(view)
    burned = burned_cities(view)
    ids = [str(c) for c in view.get("passes_available") or []]
    plain_label(im, x, y, f"Passes for sale: {len(ids)}", BG)
    y += 24
    if not ids:
        draw_text(im, (x, y + 2), "all passes are taken", 18, MUTED)
        return y + 28
    names = [cities.get(c, c.title()) for c in ids]
    fills = {cities.get(c, c.title()): c in burned for c in ids}
    for row in chip_rows(names, w):
        cx = x
        for text in row:
            dim = fills.get(text, False)
            fill, ink = ((70, 62, 58), MUTED) if dim else ((214, 198, 160), DARK)
            cx = draw_chip(im, cx, y, text, fill, ink, BG) + 6
        y += 34
    return y - 6


def _draw_drawn_tile(im: Image.Image, view: View, x: int, y: int, w: int) -> int:
    tile = view.get("drawn_tile")
    plain_label(im, x, y, f"Tile to place (bag: {view.get('bag', 0)})", BG)
    y += 24
    if not tile:
        draw_text(im, (x, y), "none drawn", 18, MUTED)
        return y + 26
    size = 110
    timg = tile_image(size, tile_rivers(tile))
    im.paste(timg, (x, y))
    if tile.get("city"):
        sprite = city_sprite(round(size * 0.62), False)
        paste_sprite(im, sprite, (x + size / 2 - sprite.width / 2, y + size * 0.44 - sprite.height / 2))
        draw_text(
            im,
            (x + size / 2, y + size - 3),
            str(tile.get("name") or tile["city"]),
            18,
            INK,
            anchor="mb",
            bold=True,
            halo=(16, 16, 20),
            max_width=size - 6,
            min_size=12,
        )
    kind = str(tile.get("kind") or "")
    shape = str(tile.get("shape") or "")
    text = {"city": "a city on the river", "river": "a river", "land": "overland, no river"}.get(kind, kind)
    draw_text(im, (x + size + 14, y + 10), text, 20, INK, bold=True, max_width=w - size - 14)
    if shape:
        draw_text(im, (x + size + 14, y + 40), f"{shape} river", 18, MUTED, max_width=w - size - 14)
    spot = view.get("spot")
    if spot:
        draw_text(im, (x + size + 14, y + 68), "spot chosen: rotate it", 18, GOLD, max_width=w - size - 14)
        return _draw_rotations(im, tile, x, y + size + 10, w)
    return y + size


_CLOCKWISE = {"N": "E", "E": "S", "S": "W", "W": "N"}
PREVIEW = 84


def rotations(tile: Mapping[str, Any]) -> list[tuple[int, tuple[str, ...]]]:
    """``(degrees, rivers)`` for each quarter turn of the drawn tile that changes its rivers."""
    rivers = [str(r) for r in tile.get("rivers") or []]
    seen: list[tuple[str, ...]] = []
    out = []
    for quarter in range(4):
        layout = tuple(sorted(rivers))
        if layout not in seen:
            seen.append(layout)
            out.append((quarter * 90, layout))
        rivers = [_CLOCKWISE.get(r, r) for r in rivers]
    return out


def _rotations_height(view: View) -> int:
    return 10 + PREVIEW + 26 if view.get("spot") and view.get("drawn_tile") else 0


def _draw_rotations(im: Image.Image, tile: Mapping[str, Any], x: int, y: int, w: int) -> int:
    """Each way the tile can be turned, as ``rotate 90`` would place it."""
    options = rotations(tile)
    step = (w + 10) // 4
    for i, (degrees, rivers) in enumerate(options):
        px = x + i * step
        im.paste(tile_image(PREVIEW, rivers), (px, y))
        if tile.get("city"):
            sprite = city_sprite(round(PREVIEW * 0.6), False)
            paste_sprite(
                im, sprite, (px + PREVIEW / 2 - sprite.width / 2, y + PREVIEW * 0.5 - sprite.height / 2)
            )
        draw_text(
            im, (px + PREVIEW / 2, y + PREVIEW + 2), f"rotate {degrees}", 17, GOLD, anchor="mt", bold=True
        )
    return y + PREVIEW + 22


KEY: tuple[tuple[str, str], ...] = (
    ("horde", "Horde: burns the cities it enters, raids ships"),
    ("prince", "Prince: rebuilds burned cities, fights the Horde"),
)
KEY_H = 24 + 60


def _key_height() -> int:
    return KEY_H


def _draw_key(im: Image.Image, x: int, y: int, w: int) -> int:
    """The key never changes: painted once (for each parity of its place), then pasted.

    Its box reaches a little below ``KEY_H``, where a descender of its last line may go;
    that is the gap under the column, plain background until drawn over."""
    static_tile(im, (x, y, x + w, y + KEY_H + 8), "volga key", BG, _paint_key)
    return y + KEY_H


def _paint_key(im: Image.Image, box: Box) -> None:
    """The Horde and the Prince side by side, each with two short lines."""
    x, y, w = box[0], box[1], box[2] - box[0]
    caption(im, x, y, "Key")
    top = y + 24
    col = (w - 10) // len(KEY)
    for i, (kind, words) in enumerate(KEY):
        cx = x + i * (col + 10)
        token = horde_token(36) if kind == "horde" else prince_token(36)
        paste_sprite(im, token, (cx, top + (56 - token.height) / 2))
        lines = wrap_text(words, 16, col - 44, max_lines=3)
        ty = top + 28 - len(lines) * 10
        for line in lines:
            draw_text(im, (cx + 42, ty), line, 16, INK)
            ty += 20


def side_height(view: View, w: int) -> int:
    h = PRICE_H + 14
    if view.get("phase") == "build":
        h += 24 + 110 + 14 + _rotations_height(view)
    h += _contracts_height(view, w) + 14
    h += _passes_height(view, w) + 14
    h += _key_height()
    return h


def draw_side(im: Image.Image, view: View, x: int, y: int, w: int) -> int:
    y = _draw_price(im, view, x, y, w) + 14
    if view.get("phase") == "build":
        y = _draw_drawn_tile(im, view, x, y, w) + 14
    y = _draw_contracts(im, view, x, y, w) + 14
    y = _draw_passes(im, view, x, y, w) + 14
    return _draw_key(im, x, y, w)
