"""The Saga map drawn from a view: areas, units, destinations, the drakkar and the pool."""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from functools import cache
from typing import Any

from PIL import Image, ImageDraw

from render.common import (
    BAD,
    BG,
    DARK,
    GOLD,
    INK,
    MUTED,
    RGB,
    draw_text,
    paste_sprite,
    shade,
    text_on,
    text_width,
)
from render.common.cache import kept
from render.common.canvas import canvas
from render.common.parts import Painter, lettered, panel_text, part
from render.saga.geography import (
    ANCHORS,
    DEST_SPOTS,
    DRAKKAR_BOX,
    ENGLAND_SHAPES,
    FOREST_SHAPE,
    LEGEND_XY,
    MAP_H,
    MAP_W,
    NEUTRAL_SHAPES,
    NORTH_SHAPES,
    POOL_XY,
    SEA_LABELS,
)
from render.saga.pieces import (
    crown_icon,
    drakkar_icon,
    face_down_token,
    leader_token,
    shield,
    sigil_token,
    stronghold_icon,
    sword_axe_icon,
    tree_icon,
)
from render.saga.style import (
    ENGLAND_LAND,
    FOREST,
    INLAND,
    LAND_EDGE,
    NEUTRAL_LAND,
    NORTH_LAND,
    PARCHMENT,
    SCANDINAVIA,
    SEA,
    SEA_DEEP,
    SHALLOW,
    SIDE_COLORS,
    SIDES,
    SIGILS,
    Point,
    View,
    area_name,
    leader_code,
)

BERTH: RGB = shade(SEA_DEEP, 0.8)  # the Drakkar's berth


def _scale(points: Sequence[Point], s: float) -> list[Point]:
    return [(x * s, y * s) for x, y in points]


@kept
def map_base() -> Image.Image:
    """The sea, the coasts, England's and Scandinavia's areas and their borders (no pieces)."""
    s = 2
    big = Image.new("RGB", (MAP_W * s, MAP_H * s), SEA)
    d = canvas(big)
    lands = list(ENGLAND_SHAPES.values()) + NEUTRAL_SHAPES + list(NORTH_SHAPES.values())
    for shape in lands:  # shallow water along every coast
        d.line(_scale(shape + shape[:1], s), fill=SHALLOW, width=22 * s, joint="curve")
    for shape in lands:  # the coast: the outer half of a wide line survives the fills below
        d.line(_scale(shape + shape[:1], s), fill=LAND_EDGE, width=6 * s, joint="curve")
    for shape in NEUTRAL_SHAPES:
        d.polygon(_scale(shape, s), fill=NEUTRAL_LAND)
    d.polygon(_scale(FOREST_SHAPE, s), fill=FOREST)
    for area, shape in ENGLAND_SHAPES.items():
        d.polygon(_scale(shape, s), fill=ENGLAND_LAND[area])
    for area, shape in NORTH_SHAPES.items():
        d.polygon(_scale(shape, s), fill=NORTH_LAND[area])
    # borders between areas: England dotted, Scandinavia dashed (as printed); solid
    # thin lines against the lands nobody plays
    for a, b, neutral in _inner_edges():
        if neutral:
            d.line(_scale([a, b], s), fill=LAND_EDGE, width=2 * s)
        else:
            north = a in _VERTICES_NORTH
            _dashed_line(
                d, _scale([a, b], s), LAND_EDGE, 3 * s, (14 if north else 5) * s, (8 if north else 5) * s
            )
    # waves
    for x, y in (
        (70, 200),
        (40, 330),
        (480, 120),
        (520, 300),
        (600, 700),
        (690, 650),
        (760, 740),
        (500, 760),
        (30, 660),
    ):
        for k in range(2):
            d.arc(
                ((x + 14 * k) * s, y * s, (x + 14 * k + 14) * s, (y + 10) * s),
                200,
                340,
                fill=SHALLOW,
                width=2 * s,
            )
    base = big.resize((MAP_W, MAP_H), Image.Resampling.BOX)
    # forest trees and map furniture
    for tx, ty in ((392, 578), (410, 592), (424, 608)):
        paste_sprite(base, tree_icon(16), (tx - 8, ty - 8))
    for (sx, sy), text in SEA_LABELS:
        if text:
            draw_text(base, (sx, sy), text, 18, shade(SEA, 1.5), anchor="mm", bold=True)
    # the Drakkar's berth
    bd = canvas(base)
    bd.rounded_rectangle(DRAKKAR_BOX, 14, fill=BERTH, outline=(120, 160, 190), width=2)
    ship = drakkar_icon(96)
    paste_sprite(base, ship, (DRAKKAR_BOX[0] + 8, DRAKKAR_BOX[1] + 6))
    draw_text(base, (DRAKKAR_BOX[0] + 112, DRAKKAR_BOX[1] + 10), "Drakkar", 22, INK, bold=True)
    draw_text(base, (DRAKKAR_BOX[0] + 112, DRAKKAR_BOX[1] + 36), "sails home", 16, MUTED)
    draw_text(base, (DRAKKAR_BOX[0] + 112, DRAKKAR_BOX[1] + 54), "at round end", 16, MUTED)
    # legend
    lx, ly = LEGEND_XY
    paste_sprite(base, crown_icon(26), (lx, ly))
    draw_text(base, (lx + 34, ly + 10), "Inland area", 16, INK, anchor="lm", bold=True)
    draw_text(base, (lx + 34, ly + 28), "Viking +1 coin/round", 16, MUTED, anchor="lm")
    paste_sprite(base, sigil_token("kent", 26), (lx, ly + 46))
    draw_text(base, (lx + 34, ly + 58), "Coastal: its sigil", 16, INK, anchor="lm", bold=True)
    draw_text(base, (lx + 34, ly + 76), "lands ships from", 16, MUTED, anchor="lm")
    draw_text(base, (lx + 34, ly + 94), "a Destination", 16, MUTED, anchor="lm")
    return base


_VERTICES_NORTH: frozenset[Point] = frozenset(p for shape in NORTH_SHAPES.values() for p in shape)


@cache  # a table of the map's fixed geometry, worked out once
def _inner_edges() -> list[tuple[Point, Point, bool]]:
    """Every edge two land shapes share, and whether one of them is a land nobody plays."""
    seen: dict[tuple[Point, Point], list[bool]] = {}
    shapes = [(shape, False) for shape in ENGLAND_SHAPES.values()]
    shapes += [(shape, False) for shape in NORTH_SHAPES.values()]
    shapes += [(shape, True) for shape in [*NEUTRAL_SHAPES, FOREST_SHAPE]]
    for shape, neutral in shapes:
        for a, b in zip(shape, shape[1:] + shape[:1], strict=True):
            key = (a, b) if a <= b else (b, a)
            seen.setdefault(key, []).append(neutral)
    return [(a, b, any(flags)) for (a, b), flags in seen.items() if len(flags) > 1]


def _dashed_line(
    d: ImageDraw.ImageDraw, pts: Sequence[Point], color: RGB, width: int, dash: float, gap: float
) -> None:
    for (x0, y0), (x1, y1) in zip(pts, pts[1:], strict=False):
        length = math.hypot(x1 - x0, y1 - y0)
        if length == 0:
            continue
        ux, uy = (x1 - x0) / length, (y1 - y0) / length
        t = 0.0
        while t < length:
            e = min(length, t + dash)
            d.line((x0 + ux * t, y0 + uy * t, x0 + ux * e, y0 + uy * e), fill=color, width=width)
            t = e + gap


SHIELD = 40
LEADER = 28
PLATE_H = 30
ROW_MAX = 230


def units_of(raw: Any) -> tuple[int, list[Mapping[str, Any]]]:
    units = raw if isinstance(raw, Mapping) else {}
    return int(units.get("warriors", 0) or 0), [dict(x) for x in units.get("leaders") or []]


def _leader_label(leader: Mapping[str, Any]) -> str | None:
    name = leader.get("name")
    return str(name) if name else None


def _units_width(warriors: int, leaders: Sequence[Mapping[str, Any]], *, names: bool = True) -> int:
    w = 0
    if warriors:
        w += SHIELD + 2
    w += len(leaders) * (LEADER + 2)
    return max(0, w - 2)


def draw_units(
    im: Image.Image,
    x: float,
    cy: float,
    side: str,
    warriors: int,
    leaders: Sequence[Mapping[str, Any]],
    *,
    engaged: bool = False,
) -> float:
    """A warrior shield with its count, then each leader; left edge ``x``, centre line ``cy``."""
    if warriors:
        lettered(
            im,
            shield(side, SHIELD, engaged),
            ("shield", side, engaged),
            (x, cy - SHIELD / 2),
            (SHIELD / 2, SHIELD / 2),
            str(warriors),
            (24, (255, 255, 255), DARK),
        )
        x += SHIELD + 2
    for leader in leaders:
        revealed = bool(leader.get("revealed"))
        token = leader_token(side, LEADER, revealed)
        label = _leader_label(leader)
        # a known leader shows its initials (the side panel spells them out); a full
        # name here ran over the neighbouring areas
        code = leader_code(label) if label else "?"
        lettered(
            im,
            token,
            ("leader", side, revealed),
            (x, cy - token.height / 2),
            (LEADER / 2, token.height / 2 + 4),
            code,
            (20 if len(code) == 1 else 15, GOLD if revealed else (255, 255, 255), DARK),
        )
        x += LEADER + 2
    return x


def area_map(view: View) -> dict[str, Mapping[str, Any]]:
    return {str(a.get("id")): a for a in view.get("areas") or [] if isinstance(a, Mapping)}


def _plate_width(name: str, kind: str, strong: bool) -> int:
    icon_w = 28 if kind in ("inland", "coastal") else 0
    return text_width(name, 20, bold=True) + 18 + icon_w + (30 if strong else 0)


def _plate_reach(
    key: str, plate: RGB, kind: str, strong: bool, fighting: bool
) -> tuple[float, float, float, float]:
    half = _plate_width(area_name(key), kind, strong) / 2
    return (-half - 8, -(PLATE_H // 2 + 8), half + 9, PLATE_H // 2 + 8)


@part(_plate_reach, anywhere=True)
def _draw_plate(
    im: Image.Image, cx: int, cy: int, key: str, plate: RGB, kind: str, strong: bool, fighting: bool
) -> None:
    """An area's plate, its name and its Crown or sigil, centred on (``cx``, ``cy``)."""
    d = canvas(im)
    name = area_name(key)
    icon_w = 28 if kind in ("inland", "coastal") else 0
    pw = _plate_width(name, kind, strong)
    x0 = cx - pw / 2
    if fighting:
        d.rounded_rectangle((x0 - 6, cy - PLATE_H / 2 - 6, x0 + pw + 6, cy + PLATE_H / 2 + 6), 18, fill=BAD)
    d.rounded_rectangle(
        (x0, cy - PLATE_H / 2, x0 + pw, cy + PLATE_H / 2), 14, fill=plate, outline=DARK, width=2
    )
    ix = x0 + 6
    if kind == "inland":
        paste_sprite(im, crown_icon(26), (ix, cy - 11))
    elif kind == "coastal":
        paste_sprite(im, sigil_token(key, 26), (ix, cy - 13))
    draw_text(im, (ix + icon_w + 3, cy), name, 20, text_on(plate), anchor="lm", bold=True)


def draw_area(im: Image.Image, ox: int, oy: int, area: Mapping[str, Any], combat_area: str | None) -> None:
    key = str(area.get("id"))
    if key not in ANCHORS:
        return
    ax, ay = ANCHORS[key]
    cx, cy = ox + int(ax), oy + int(ay)
    control = area.get("control")
    plate = {"viking": SIDE_COLORS["viking"], "anglo": SIDE_COLORS["anglo"]}.get(str(control), PARCHMENT)
    kind = str(
        area.get("kind")
        or ("inland" if key in INLAND else "scandinavia" if key in SCANDINAVIA else "coastal")
    )
    strong = bool(area.get("stronghold"))
    fighting = combat_area == key
    pw = _plate_width(area_name(key), kind, strong)
    x0 = cx - pw / 2
    # the plate is the same on every board where the area looks the same (Pillow itself
    # draws a plate at a half pixel). The stronghold's top row lies off the plate, so it
    # is pasted apart
    _draw_plate(im, (cx, cy), None, key, plate, kind, strong, fighting)
    if strong:
        paste_sprite(im, stronghold_icon(28), (x0 + pw - 32, cy - 16))
    # the pieces: one row with both sides (swords between them) when it fits, else two
    rows: list[tuple[str, int, list[Mapping[str, Any]]]] = []
    for side in SIDES:
        warriors, leaders = units_of(area.get(side))
        if warriors or leaders:
            rows.append((side, warriors, leaders))
    engaged = len(rows) == 2 and kind != "scandinavia"
    widths = [_units_width(w, ls) for _, w, ls in rows]
    y = cy + PLATE_H / 2 + 6 + SHIELD / 2
    swords = sword_axe_icon(28, (255, 255, 255) if fighting else GOLD)
    if len(rows) == 2 and sum(widths) + 44 <= ROW_MAX:
        x = cx - (sum(widths) + 44) / 2
        draw_units(im, x, y, rows[0][0], rows[0][1], rows[0][2], engaged=engaged)
        paste_sprite(im, swords, (x + widths[0] + 8, y - 14))
        draw_units(im, x + widths[0] + 44, y, rows[1][0], rows[1][1], rows[1][2], engaged=engaged)
        return
    for (side, warriors, leaders), w in zip(rows, widths, strict=True):
        draw_units(im, cx - w / 2, y, side, warriors, leaders, engaged=engaged)
        y += SHIELD + 4
    if engaged:
        paste_sprite(im, swords, (x0 - 32, cy - 14))


def _on_map(ox: int, oy: int) -> Painter:
    """What lies under a part drawn on the map at (``ox``, ``oy``) where nothing else is
    drawn: the map, on the board's background."""

    def paint(image: Image.Image, dx: int, dy: int) -> None:
        image.paste(BG, (0, 0, image.width, image.height))
        image.paste(map_base(), (ox - dx, oy - dy))

    return paint


def _draw_destinations(im: Image.Image, view: View, ox: int, oy: int) -> None:
    for space in view.get("destinations") or []:
        if str(space.get("space")) in DEST_SPOTS:
            _draw_space(im, space, ox, oy)


def _draw_space(im: Image.Image, space: Mapping[str, Any], ox: int, oy: int) -> None:
    key = str(space.get("space"))
    sx, sy = DEST_SPOTS[key]
    cx, cy = ox + int(sx), oy + int(sy)
    state = str(space.get("state") or "empty")
    target = str(space["target"]) if state == "face_up" and space.get("target") else None
    shown = "face_up" if target else state if state == "face_down" else "empty"
    # the marker (or the empty space) on the map, where nothing else is drawn (three a
    # board), the chip below it; on the map, which the space's key names
    _paint_space(im, (cx, cy), _on_map(ox, oy), key, shown, target)
    size = 40
    if target:
        _chip(im, cx, cy + size / 2 + 2, f"to {area_name(target)}", SIGILS.get(target, (DARK, ""))[0])
    elif shown == "face_down":
        _chip(im, cx, cy + size / 2 + 2, "face down", (60, 44, 36))


@part((-24, -24, 24, 24))
def _paint_space(im: Image.Image, cx: int, cy: int, key: str, shown: str, target: str | None) -> None:
    """Destination space ``key`` centred on (``cx``, ``cy``): its marker face up or face
    down, or an empty space."""
    size = 40
    if shown == "face_up" and target:
        paste_sprite(im, sigil_token(target, size), (cx - size / 2, cy - size / 2))
    elif shown == "face_down":
        paste_sprite(im, face_down_token(size), (cx - size / 2, cy - size / 2))
    else:
        canvas(im).ellipse(
            (cx - size / 2, cy - size / 2, cx + size / 2, cy + size / 2), outline=DARK, width=2
        )
        draw_text(im, (cx, cy), "-", 18, DARK, anchor="mm")


def _chip_reach(text: str, fill: RGB) -> tuple[float, float, float, float]:
    w = text_width(text, 16, bold=True) + 12
    return (-w / 2 - 2, -2, w / 2 + 3, 24)


@part(_chip_reach, anywhere=True)
def _paint_chip(im: Image.Image, x: float, y: float, text: str, fill: RGB) -> None:
    """A name on a pill centred on ``x``, its top at ``y``: the same on every board."""
    w = text_width(text, 16, bold=True) + 12
    canvas(im).rounded_rectangle((x - w / 2, y, x + w / 2, y + 22), 11, fill=fill, outline=DARK)
    draw_text(im, (x, y + 11), text, 16, text_on(fill), anchor="mm", bold=True)


def _chip(im: Image.Image, cx: float, top: float, text: str, fill: RGB) -> None:
    _paint_chip(im, (cx, top), None, text, fill)


def _draw_drakkar(im: Image.Image, view: View, ox: int, oy: int) -> None:
    warriors, leaders = units_of(view.get("drakkar"))
    x0, y0, x1, y1 = DRAKKAR_BOX
    y = oy + y1 - 6 - SHIELD / 2
    if not warriors and not leaders:
        panel_text(im, (ox + x0 + 14, y), "empty", 18, MUTED, BERTH, anchor="lm")  # on the berth
        return
    draw_units(im, ox + x0 + 12, y, "viking", warriors, leaders)


def _draw_pool(im: Image.Image, view: View, ox: int, oy: int) -> None:
    count = int(view.get("destination_pool", 0) or 0)
    x, y = ox + POOL_XY[0], oy + POOL_XY[1]
    # on the map, right of Kent's pieces and below Essex's
    _paint_pool(im, (x, y), _on_map(ox, oy), count)


@part((-4, -12, 200, 50))
def _paint_pool(im: Image.Image, x: int, y: int, count: int) -> None:
    """The pile of face-down Destinations: up to three markers and how many."""
    for i in range(min(count, 3)):
        paste_sprite(im, face_down_token(30), (x + 10 * (min(count, 3) - 1 - i), y + 4))
    draw_text(im, (x + 60, y + 8), f"{count} Destination{'s' if count != 1 else ''}", 18, INK, anchor="lm")
    draw_text(im, (x + 60, y + 30), "in the pile", 16, MUTED, anchor="lm")


def draw_map(im: Image.Image, view: View, ox: int, oy: int) -> None:
    im.paste(map_base(), (ox, oy))
    combat = view.get("combat") or {}
    combat_area = str(combat.get("area")) if combat.get("area") else None
    _draw_destinations(im, view, ox, oy)
    for area in area_map(view).values():
        draw_area(im, ox, oy, area, combat_area)
    _draw_drakkar(im, view, ox, oy)
    _draw_pool(im, view, ox, oy)
