"""The Volga map: river tiles, cities and the pieces on them."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from PIL import Image, ImageDraw

from render.common import (
    GAP,
    GOLD,
    INK,
    MARGIN,
    MUTED,
    PANEL_EDGE,
    RGB,
    WIDTH,
    Box,
    draw_text,
    paste_sprite,
    pip,
    shade,
)
from render.common.cache import kept, remembered
from render.common.canvas import canvas
from render.common.parts import part
from render.volga.goods import good_icon
from render.volga.pieces import city_sprite, horde_token, prince_token, ship_sprite
from render.volga.style import (
    LAND,
    RIVER,
    RIVER_EDGE,
    RIVER_LIGHT,
    STEPPE,
    View,
    painted_sprite,
    rgba,
    seat_color,
    seat_initials,
    ship_color,
)

SIDES: tuple[str, ...] = ("N", "E", "S", "W")
_SIDE_VEC: dict[str, tuple[float, float]] = {"N": (0, -1), "E": (1, 0), "S": (0, 1), "W": (-1, 0)}


# each map has its own geometry, so tiles of several sizes are kept
@kept
def tile_image(size: int, rivers: tuple[str, ...]) -> Image.Image:
    """One square tile: land, and a river band from each river edge to the centre."""

    def paint(d: ImageDraw.ImageDraw, w: float, h: float) -> None:
        line = max(2, round(0.02 * w))
        land = LAND if rivers else STEPPE
        d.rectangle((0, 0, w - 1, h - 1), fill=rgba(shade(land, 0.72)))
        d.rectangle((line, line, w - 1 - line, h - 1 - line), fill=rgba(land))
        cx, cy = w / 2, h / 2
        if not rivers:
            # overland: hills and pines
            for hx, hy, r in ((0.3, 0.42, 0.22), (0.66, 0.62, 0.18)):
                d.chord(
                    ((hx - r) * w, (hy - r * 0.7) * h, (hx + r) * w, (hy + r * 0.9) * h),
                    180,
                    360,
                    fill=rgba(shade(land, 0.85)),
                )
            for tx, ty in ((0.7, 0.26), (0.78, 0.34), (0.26, 0.72), (0.36, 0.78)):
                d.polygon(
                    [
                        (tx * w, (ty - 0.12) * h),
                        ((tx + 0.06) * w, (ty + 0.04) * h),
                        ((tx - 0.06) * w, (ty + 0.04) * h),
                    ],
                    fill=(70, 104, 56, 255),
                )
            return
        band = 0.26 * w
        edge = 0.035 * w
        for layer, extra in ((RIVER_EDGE, edge), (RIVER, 0.0)):
            half = band / 2 + extra
            for side in rivers:
                dx, dy = _SIDE_VEC.get(side, (0, 0))
                if dx:
                    x0, x1 = sorted((cx, cx + dx * w / 2 + dx * 2))
                    d.rectangle((x0, cy - half, x1, cy + half), fill=rgba(layer))
                else:
                    y0, y1 = sorted((cy, cy + dy * h / 2 + dy * 2))
                    d.rectangle((cx - half, y0, cx + half, y1), fill=rgba(layer))
            d.ellipse((cx - half, cy - half, cx + half, cy + half), fill=rgba(layer))
        # a light line along each bank
        for side in rivers:
            dx, dy = _SIDE_VEC.get(side, (0, 0))
            off = band / 2 - 2 * line
            if dx:
                x0, x1 = sorted((cx, cx + dx * w / 2 + dx * 2))
                d.line((x0, cy - off, x1, cy - off), fill=rgba(RIVER_LIGHT), width=line)
            else:
                y0, y1 = sorted((cy, cy + dy * h / 2 + dy * 2))
                d.line((cx - off, y0, cx - off, y1), fill=rgba(RIVER_LIGHT), width=line)

    return painted_sprite(size, size, paint).convert("RGB")


def tile_rivers(tile: Mapping[str, Any]) -> tuple[str, ...]:
    rivers = tile.get("rivers") or []
    return tuple(side for side in SIDES if side in rivers)


MAP_W = 816
MAP_MAX_H = 840
TILE_MAX = 136
TILE_GAP = 3
MAP_PAD = 10
SIDE_W = WIDTH - 2 * MARGIN - GAP - MAP_W
TABLE: RGB = (34, 44, 60)


def _map_cells(view: View) -> tuple[list[Mapping[str, Any]], list[tuple[int, int]]]:
    tiles = [t for t in view.get("tiles") or [] if t.get("x") is not None and t.get("y") is not None]
    spots = [(int(s[0]), int(s[1])) for s in view.get("spots") or [] if s and len(s) == 2]
    if view.get("phase") != "build":
        spots = []
    return tiles, spots


def _map_geometry(view: View, max_w: int, max_h: int) -> tuple[int, int, int, int, int]:
    """``(tile, min_x, min_y, cols, rows)`` for the board (and free spots while building)."""
    tiles, spots = _map_cells(view)
    xs = [int(t["x"]) for t in tiles] + [s[0] for s in spots]
    ys = [int(t["y"]) for t in tiles] + [s[1] for s in spots]
    if not xs:
        return TILE_MAX, 0, 0, 1, 1
    min_x, min_y = min(xs), min(ys)
    cols, rows = max(xs) - min_x + 1, max(ys) - min_y + 1
    step = min(
        TILE_MAX + TILE_GAP,
        (max_w - 2 * MAP_PAD + TILE_GAP) // cols,
        (max_h - 2 * MAP_PAD + TILE_GAP) // rows,
    )
    return max(24, step - TILE_GAP), min_x, min_y, cols, rows


def _in_order(tiles: Sequence[Mapping[str, Any]]) -> list[tuple[int, int, tuple[str, ...], str]]:
    """``(x, y, rivers, id)`` of each tile, column by column from the left: a tile's id may
    reach over the tile to its left, which is then drawn first."""
    return sorted((int(t["x"]), int(t["y"]), tile_rivers(t), str(t.get("id") or "")) for t in tiles)


def _draw_table(
    im: Image.Image, tiles: Sequence[Mapping[str, Any]], tile: int, min_x: int, min_y: int, box: Box
) -> None:
    """The table with every tile and its id on it (no cities or pieces), straight onto the
    board: a picture of it was never drawn twice, as every game has its own map."""
    ox, oy = box[0], box[1]
    canvas(im).rounded_rectangle(box, 14, fill=TABLE, outline=PANEL_EDGE, width=2)
    step = tile + TILE_GAP
    size = 16 if tile >= 100 else 14
    for x, y, rivers, tile_id in _in_order(tiles):
        tx, ty = ox + MAP_PAD + (x - min_x) * step, oy + MAP_PAD + (y - min_y) * step
        im.paste(tile_image(tile, rivers), (tx, ty))
        if tile_id and _id_on_plain(tile, rivers, tile_id, size):
            _id(im, (tx + tile - 5, ty + 3), _land(rivers), tile_id, size)
        elif tile_id:
            _id.paint(im, tx + tile - 5, ty + 3, tile_id, size)  # painted in place


ID_INK: RGB = (44, 58, 30)


def _land(rivers: tuple[str, ...]) -> RGB:
    return LAND if rivers else STEPPE


@part((-48, -2, 2, 28))
def _id(im: Image.Image, x: float, y: float, tile_id: str, size: int) -> None:
    """A tile's id at its top right corner (``x``, ``y``), on plain land."""
    draw_text(im, (x, y), tile_id, size, ID_INK, anchor="rt")


# Whether a tile is plain land where its id goes, so the id is pasted: a river or a pine
# may be under it.
@remembered(2048)
def _id_on_plain(tile: int, rivers: tuple[str, ...], tile_id: str, size: int) -> bool:
    """Pasting the id's copy gives the pixels of drawing it, on the tile's top right corner
    and the table around it (an id wider than a small tile reaches past it). A text at
    whole pixels, anchored at its right and top, lands the same at any parity."""
    x, y = 50, 4  # the id's place on a piece of table as big as its stamp's box
    drawn = Image.new("RGB", (x + 4, y + 30), TABLE)
    drawn.paste(tile_image(tile, rivers), (x + 5 - tile, y - 3))
    copy = drawn.copy()
    _id.paint(drawn, x, y, tile_id, size)
    _id.pasted(copy, (x, y), _land(rivers), tile_id, size)
    return drawn.tobytes() == copy.tobytes()


def map_size(view: View, max_w: int, max_h: int) -> tuple[int, int]:
    tile, _, _, cols, rows = _map_geometry(view, max_w, max_h)
    step = tile + TILE_GAP
    return 2 * MAP_PAD + cols * step - TILE_GAP, 2 * MAP_PAD + rows * step - TILE_GAP


def draw_map(im: Image.Image, view: View, names: Sequence[str], x0: int, y0: int, w: int, h: int) -> None:
    tiles, spots = _map_cells(view)
    tile, min_x, min_y, cols, rows = _map_geometry(view, w, h)
    step = tile + TILE_GAP
    mw = 2 * MAP_PAD + cols * step - TILE_GAP
    mh = 2 * MAP_PAD + rows * step - TILE_GAP
    ox = x0 + (w - mw) // 2
    oy = y0
    _draw_table(im, tiles, tile, min_x, min_y, (ox, oy, ox + mw - 1, oy + mh - 1))
    d = canvas(im)

    def corner(x: int, y: int) -> tuple[int, int]:
        return ox + MAP_PAD + (x - min_x) * step, oy + MAP_PAD + (y - min_y) * step

    # free spots while building
    chosen = view.get("spot")
    for sx, sy in spots:
        cx, cy = corner(sx, sy)
        is_chosen = chosen is not None and [sx, sy] == list(chosen)
        color = GOLD if is_chosen else (116, 132, 162)
        _dashed_square(d, (cx + 2, cy + 2, cx + tile - 3, cy + tile - 3), color, 3 if is_chosen else 2)
        draw_text(
            im, (cx + tile / 2, cy + tile / 2), f"{sx},{sy}", 18 if tile >= 80 else 14, color, anchor="mm"
        )
    if not tiles:
        draw_text(im, (ox + mw / 2, oy + mh / 2), "No tiles yet", 22, MUTED, anchor="mm")
        return

    cities = {str(c.get("id")): c for c in view.get("cities") or []}
    pieces: dict[str, list[tuple[str, Any]]] = {}
    for ship in view.get("ships") or []:
        if ship.get("tile") is not None:
            pieces.setdefault(str(ship["tile"]), []).append(("ship", ship))
    if view.get("horde") is not None:
        pieces.setdefault(str(view["horde"]), []).append(("horde", None))
    if view.get("prince") is not None:
        pieces.setdefault(str(view["prince"]), []).append(("prince", None))
    initials = seat_initials(names, int(view.get("players") or len(view.get("seats") or [])))

    label_size = 18 if tile >= 96 else 16
    for t in tiles:
        tid = str(t.get("id"))
        tx, ty = corner(int(t["x"]), int(t["y"]))
        here = pieces.get(tid, [])
        city_id = t.get("city")
        if city_id:
            city = cities.get(str(city_id), {})
            burned = bool(city.get("burned", t.get("burned")))
            cw = round(tile * (0.5 if here else 0.62))
            sprite = city_sprite(cw, burned)
            paste_sprite(
                im,
                sprite,
                (
                    tx + tile * (0.3 if here else 0.5) - cw / 2,
                    ty + tile * (0.42 if here else 0.44) - sprite.height / 2,
                ),
            )
            good = city.get("good")
            if good:
                bsize = max(20, round(tile * 0.26))
                paste_sprite(im, pip(bsize, (250, 244, 228), (60, 44, 28), 2), (tx + 3, ty + 3))
                paste_sprite(im, good_icon(str(good), bsize - 8), (tx + 7, ty + 7))
            holder = city.get("holder")
            name = str(t.get("name") or city.get("name") or city_id)
            nbox = draw_text(
                im,
                (tx + tile / 2, ty + tile - 3),
                name,
                label_size,
                INK if not burned else (255, 170, 120),
                anchor="mb",
                bold=True,
                halo=(16, 16, 20),
                max_width=tile - 6 - (18 if holder is not None else 0),
                min_size=12,
            )
            if holder is not None:
                color = ship_color(seat_color(view, int(holder)))
                psize = 16
                paste_sprite(
                    im, pip(psize, color, (16, 16, 20), 3), (nbox[2] + 1, (nbox[1] + nbox[3]) / 2 - psize / 2)
                )
        slots = _piece_slots(len(here), bool(city_id))
        crowded = len(here) > 1
        for (kind, piece), (fx, fy) in zip(here, slots, strict=False):
            px, py = tx + tile * fx, ty + tile * fy
            if kind == "ship":
                seat = int(piece.get("seat", 0))
                large = piece.get("size") == "large"
                sw = round(
                    tile * (0.62 if large else 0.48) * (0.86 if city_id else 1.0) * (0.8 if crowded else 1)
                )
                initial = initials[seat] if seat < len(initials) else str(seat + 1)
                sprite = ship_sprite(seat_color(view, seat), large, sw, initial)
            elif kind == "horde":
                sprite = horde_token(round(tile * (0.38 if crowded else 0.44 if city_id else 0.56)))
            else:
                sprite = prince_token(round(tile * (0.36 if crowded else 0.42 if city_id else 0.52)))
            paste_sprite(im, sprite, (px - sprite.width / 2, py - sprite.height / 2))


def _piece_slots(n: int, city: bool) -> list[tuple[float, float]]:
    """Where on a tile (fractions of its side) its pieces stand: beside the city if any."""
    if n <= 1:
        return [(0.72, 0.44)] if city else [(0.5, 0.5)]
    if city:
        return [(0.74, 0.26), (0.74, 0.62), (0.3, 0.62)][:n] + [(0.5, 0.5)] * max(0, n - 3)
    if n == 2:
        return [(0.3, 0.38), (0.7, 0.62)]
    return [(0.3, 0.3), (0.7, 0.3), (0.5, 0.7)][:n] + [(0.5, 0.5)] * max(0, n - 3)


def _dashed_square(d: ImageDraw.ImageDraw, box: Box, color: RGB, width: int) -> None:
    x0, y0, x1, y1 = box
    dash = 10
    for x in range(x0, x1, 2 * dash):
        d.line((x, y0, min(x + dash, x1), y0), fill=color, width=width)
        d.line((x, y1, min(x + dash, x1), y1), fill=color, width=width)
    for y in range(y0, y1, 2 * dash):
        d.line((x0, y, x0, min(y + dash, y1)), fill=color, width=width)
        d.line((x1, y, x1, min(y + dash, y1)), fill=color, width=width)
