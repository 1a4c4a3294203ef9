"""The map: one column per Wind, each Region a box with its Posts, HOMEs, DUCHIES and Longships.

The view has no coordinates, so the map is drawn as a schematic: Regions stand in their
Wind's column in the view's order, and each navigable Region lists the Regions it borders.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from PIL import Image

from render.common import (
    BG,
    GOLD,
    INK,
    MUTED,
    RGB,
    Box,
    draw_text,
    panel,
    shade,
    ship_icon,
    text_width,
    wrap_text,
)
from render.common.cache import remembered
from render.common.canvas import canvas
from render.common.parts import backdrop
from render.pax.style import (
    PARCHMENT,
    View,
    follower_badge,
    seat_color,
    seat_edge,
    seat_pip,
    tag,
    wind_color,
)

COLUMN_ORDER = ("west", "north", "east", "south")  # west to east, as on the printed board
WIND_H = 40
REGION_HEAD = 56
LINKS_H = 24
HOME_H = 26
POST_LINE = 24
SMALL_LINE = 19
REGION_GAP = 10
COL_GAP = 12
POST_FILL = (64, 70, 84)
SLOT_EDGE = (92, 99, 116)
REGION_FILL = (36, 46, 64)
LAND_FILL = (58, 54, 44)
HOME_FILL = (30, 30, 34)
KIND_WORDS = {"sea": "sea", "river": "river", "harbor": "land"}


def _columns(view: View) -> list[tuple[Mapping[str, Any], list[Mapping[str, Any]]]]:
    winds = list(view.get("winds") or [])
    rank = {w: i for i, w in enumerate(COLUMN_ORDER)}
    winds.sort(key=lambda w: rank.get(str(w.get("id")), len(rank)))
    regions = list(view.get("regions") or [])
    return [(w, [r for r in regions if r.get("wind") == w.get("id")]) for w in winds]


def _post_lines(post: Mapping[str, Any], width: int) -> int:
    """Height of one Post's block ``width`` wide: the name line, what is printed there
    (one or two lines), the Venture's row. Only what is printed counts, so the map keeps
    its layout all game long (and its drawing can be kept, see ``draw_map``)."""
    h = POST_LINE
    if post.get("kind") in PRINTED or post.get("ability"):
        h += SMALL_LINE * max(1, len(_ability_lines(post, width)))
    if post.get("kind") == "empty" or post.get("venture"):
        h += POST_LINE  # a Venture goes only on an empty post: its row waits for one
    return h + 4


def _prefix_width(post: Mapping[str, Any]) -> int:
    """The width of the printed kind's tag and Follower icon before the ability."""
    return _prefix_of(str(post.get("kind", "")), bool(post.get("key")), bool(post.get("icon")))


@remembered(64)
def _prefix_of(kind: str, key: bool, icon: bool) -> int:
    w = 6
    if kind in PRINTED:
        w += text_width(("KEY " if key else "") + PRINTED[kind], 12, bold=True) + 14
    if icon:
        w += 20
    return w


def _ability_lines(post: Mapping[str, Any], width: int) -> list[str]:
    ability = str(post.get("ability") or "")
    if not ability:
        return []
    return wrap_text(ability, 14, width - _prefix_width(post) - 10, max_lines=2)


PRINTED = {"trade_center": "TC", "ally": "ALLY"}


def _has_links(region: Mapping[str, Any], links: Sequence[str]) -> bool:
    """Navigable regions have a row for their neighbours and Longships (land has neither)."""
    return bool(links) or region.get("kind") != "harbor"


def _homes_in(view: View, region: str) -> list[Mapping[str, Any]]:
    return [h for h in view.get("homes") or [] if (h.get("links") or [None])[0] == region]


def region_links(view: View) -> dict[str, list[str]]:
    links: dict[str, list[str]] = {}
    for a, b in view.get("borders") or []:
        links.setdefault(a, []).append(b)
        links.setdefault(b, []).append(a)
    return links


def region_height(
    view: View,
    region: Mapping[str, Any],
    posts: Mapping[str, Mapping[str, Any]],
    links: Sequence[str],
    width: int,
) -> int:
    h = (
        REGION_HEAD
        - (0 if _has_links(region, links) else LINKS_H)
        + HOME_H * len(_homes_in(view, str(region.get("id"))))
    )
    for pid in region.get("posts") or []:
        if pid in posts:
            h += _post_lines(posts[pid], width - 12)
    return h + 6


def column_spans(view: View, left: int, right: int) -> list[tuple[int, int, int]]:
    """Each Wind's column as (left, right, height below the map's top)."""
    columns = _columns(view)
    if not columns:
        return []
    col_w = (right - left - COL_GAP * (len(columns) - 1)) // len(columns)
    posts = {str(p.get("id")): p for p in view.get("posts") or []}
    links = region_links(view)
    spans = []
    for i, (_, regions) in enumerate(columns):
        x0 = left + i * (col_w + COL_GAP)
        h = WIND_H + sum(
            region_height(view, r, posts, links.get(str(r.get("id")), []), col_w) + REGION_GAP
            for r in regions
        )
        spans.append((x0, x0 + col_w, h))
    return spans


def map_height(view: View, left: int, right: int) -> int:
    return max((h for _, _, h in column_spans(view, left, right)), default=0)


def _ships(im: Image.Image, view: View, seats: Sequence[int], right: float, mid: float) -> int:
    """Longship icons in the seats' colours ending at ``right``; returns their left edge."""
    x = right
    for seat in reversed(list(seats)):
        color = seat_color(view, int(seat))
        sprite = ship_icon(24, color, seat_edge(color))
        x -= sprite.width + 1
        im.paste(sprite, (round(x), round(mid - sprite.height / 2)), sprite)
    return round(x)


def _draw_post(
    im: Image.Image, view: View, post: Mapping[str, Any], names: Mapping[str, str], box: Box
) -> None:
    d = canvas(im)
    x0, y0, x1, y1 = box
    d.rounded_rectangle(box, 6, fill=POST_FILL)
    with panel(f"post {post.get('id')}", box):
        y = y0 + 1
        x = x0 + 6
        follower = post.get("follower")
        if follower:
            seat = int(follower.get("seat", 0))
            kind = str(follower.get("type"))
            x += follower_badge(im, (x + 2, y + 3), kind, 18, seat_color(view, seat), ground=POST_FILL) + 6
        cost = post.get("cost")
        right = x1 - 5
        if cost is not None:
            right = tag(im, right, y + 2, f"{cost} S", 14, (196, 200, 210), right=True, ground=POST_FILL) - 4
        right = _ships(im, view, post.get("longships") or [], right, y + POST_LINE / 2) - 2
        nb = draw_text(
            im,
            (x, y + POST_LINE / 2),
            str(post.get("name", "")),
            18,
            INK,
            anchor="lm",
            bold=True,
            max_width=int(right - x),
            min_size=14,
        )
        entry = str(post.get("entry") or "")
        if entry and entry != post.get("region") and right - nb[2] > 60:
            draw_text(
                im,
                (nb[2] + 6, y + POST_LINE / 2 + 1),
                f"from {names.get(entry, entry)}",
                13,
                MUTED,
                anchor="lm",
                max_width=int(right - nb[2] - 8),
                min_size=10,
            )
        y += POST_LINE
        kind = str(post.get("kind", ""))
        if kind in PRINTED or post.get("ability"):
            x = x0 + 6
            if kind in PRINTED:
                printed = ("KEY " if post.get("key") else "") + PRINTED[kind]
                x = tag(im, x, y + 1, printed, 12, GOLD, ground=POST_FILL) + 4
            if post.get("icon"):
                x += follower_badge(im, (x, y + 1), str(post["icon"]), 16, ground=POST_FILL) + 4
            lines = _ability_lines(post, x1 - x0)
            for text in lines:
                draw_text(im, (x0 + _prefix_width(post) + 2, y + SMALL_LINE / 2), text, 14, INK, anchor="lm")
                y += SMALL_LINE
            if not lines:
                y += SMALL_LINE
        venture = post.get("venture")
        chip = (x0 + 4, y + 1, x1 - 4, y + POST_LINE - 1)
        if not venture and kind == "empty":
            d.rounded_rectangle(chip, 5, outline=SLOT_EDGE, width=1)  # room for a Venture
        if venture:
            _venture(im, chip, str(venture.get("name", "")), str(venture.get("follower") or ""))


def _venture(im: Image.Image, chip: Box, name: str, follower: str) -> None:
    """A Venture on its post's row."""
    canvas(im).rounded_rectangle(chip, 5, fill=PARCHMENT)
    cx = chip[0] + 4
    if follower:
        cx += follower_badge(im, (cx, chip[1] + 2), follower, 17, ground=PARCHMENT) + 4
    draw_text(
        im,
        (cx, (chip[1] + chip[3]) / 2),
        name,
        15,
        (30, 28, 26),
        anchor="lm",
        bold=True,
        max_width=int(chip[2] - 4 - cx),
        min_size=11,
    )


def _head_bottom(region: Mapping[str, Any], links: Sequence[str], y0: int) -> int:
    """Where a region's head (name, kind, DUCHIES, neighbours and Longships) ends."""
    return y0 + REGION_HEAD - (0 if _has_links(region, links) else LINKS_H)


def _draw_head(
    im: Image.Image,
    view: View,
    region: Mapping[str, Any],
    names: Mapping[str, str],
    links: Sequence[str],
    box: Box,
    color: RGB,
) -> None:
    """The region's name, kind, DUCHIES, neighbours and the Longships in it."""
    x0, y0, x1, _ = box
    kind = str(region.get("kind", ""))
    fill = _fill(region)
    y = y0 + 4
    right = x1 - 8
    for seat in reversed(list(region.get("duchy") or [])):
        right = tag(im, right, y + 3, "DUCHY", 13, seat_color(view, int(seat)), right=True, ground=fill) - 4
    right = (
        tag(im, right, y + 3, KIND_WORDS.get(kind, kind), 13, shade(color, 1.3), right=True, ground=fill) - 6
    )
    draw_text(
        im,
        (x0 + 10, y + 13),
        str(region.get("name", "")),
        20,
        INK,
        anchor="lm",
        bold=True,
        max_width=int(right - x0 - 10),
        min_size=14,
    )
    y += 28
    if _has_links(region, links):
        right = _ships(im, view, region.get("longships") or [], x1 - 8, y + 11) - 4
        words = "next to " + ", ".join(names.get(r, r) for r in links) if links else ""
        draw_text(
            im,
            (x0 + 10, y + 11),
            words,
            14,
            shade(INK, 0.85),
            anchor="lm",
            max_width=int(right - x0 - 10),
            min_size=11,
        )


def _draw_homes(
    im: Image.Image,
    view: View,
    homes: Sequence[Mapping[str, Any]],
    y: int,
    box: Box,
    player_names: Sequence[str],
    kept: bool,
) -> None:
    """The region's HOMEs. ``kept``: the picture holds them as drawn with no owner, so an
    unowned one is not drawn again (4 of a 2-player board's 6)."""
    x0, _, x1, _ = box
    for home in homes:
        seat = home.get("seat")
        if kept and seat is None:
            y += HOME_H
            continue
        hb = (x0 + 6, y + 1, x1 - 6, y + HOME_H - 2)
        canvas(im).rounded_rectangle(hb, 6, fill=HOME_FILL, outline=GOLD)
        tx = hb[0] + 6
        if seat is not None:
            seat_pip(im, view, int(seat), (tx, (hb[1] + hb[3]) / 2 - 8), 16, ground=HOME_FILL)
            tx += 20
        who = (
            f" · {player_names[int(seat)] if int(seat) < len(player_names) else f'Player {int(seat) + 1}'}"
            if seat is not None
            else ""
        )
        draw_text(
            im,
            (tx, (hb[1] + hb[3]) / 2),
            f"HOME {home.get('name', '')}{who}",
            14,
            GOLD,
            anchor="lm",
            bold=True,
            max_width=int(hb[2] - 4 - tx),
            min_size=11,
        )
        y += HOME_H


def _fill(region: Mapping[str, Any]) -> RGB:
    return REGION_FILL if str(region.get("kind", "")) != "harbor" else LAND_FILL


def _changed(
    region: Mapping[str, Any], homes: Sequence[Mapping[str, Any]], posts: Mapping[str, Mapping[str, Any]]
) -> bool:
    """Whether anything stands in the region that its kept drawing lacks."""
    if region.get("duchy") or region.get("longships"):
        return True
    if any(home.get("seat") is not None for home in homes):
        return True
    return any(_moving(posts[pid]) for pid in region.get("posts") or [] if pid in posts)


def _moving(post: Mapping[str, Any]) -> bool:
    """Anything on a post that the kept drawing of the map lacks."""
    return bool(post.get("follower") or post.get("longships") or post.get("venture"))


def draw_region(
    im: Image.Image,
    view: View,
    region: Mapping[str, Any],
    parts: tuple[Mapping[str, Mapping[str, Any]], Mapping[str, str], Sequence[str]],
    box: Box,
    color: RGB,
    player_names: Sequence[str],
    kept: bool,
) -> None:
    """One region with its HOMEs and posts. ``kept``: the picture already holds the region
    as drawn with nothing on it, so only what differs is drawn again."""
    posts, names, links = parts
    x0, y0, x1, y1 = box
    fill = _fill(region)
    rid = str(region.get("id"))
    homes = _homes_in(view, rid)
    if kept and not _changed(region, homes, posts):
        return  # as kept (most regions of most boards)
    with panel(f"region {rid}", box):
        if not kept:
            canvas(im).rounded_rectangle(box, 10, fill=fill, outline=color, width=3)
            _draw_head(im, view, region, names, links, box, color)
        elif region.get("duchy") or region.get("longships"):
            # wipe the kept head inside the border (the rounded corners stay) and draw it again
            d = canvas(im)
            d.rectangle((x0 + 10, y0 + 3, x1 - 10, y0 + 11), fill=fill)
            d.rectangle((x0 + 3, y0 + 12, x1 - 3, _head_bottom(region, links, y0) - 1), fill=fill)
            _draw_head(im, view, region, names, links, box, color)
        y = _head_bottom(region, links, y0)
        _draw_homes(im, view, homes, y, box, player_names, kept)
        y += HOME_H * len(homes)
        for pid in region.get("posts") or []:
            post = posts.get(pid)
            if post is None:
                continue
            h = _post_lines(post, x1 - x0 - 12)
            if not kept or _moving(post):
                _draw_post(im, view, post, names, (x0 + 6, y, x1 - 6, y + h - 4))
            y += h


def bare(view: View) -> View:
    """The view's map with nothing on it: no Longships, Followers, Ventures, DUCHIES or
    HOME owners (what the kept drawing shows; HOMEs are drawn again on every board)."""
    posts = [{**p, "follower": None, "longships": [], "venture": None} for p in view.get("posts") or []]
    regions = [{**r, "longships": [], "duchy": []} for r in view.get("regions") or []]
    homes = [{**h, "seat": None} for h in view.get("homes") or []]
    return {**view, "posts": posts, "regions": regions, "homes": homes}


def _key(view: View, left: int, right: int) -> tuple[Any, ...]:
    """What the kept drawing depends on: the width, the Winds' colours and the printed map."""
    winds = tuple((w.get("id"), wind_color(view, str(w.get("id")))) for w in view.get("winds") or [])
    regions = tuple(
        (r.get("id"), r.get("name"), tuple(r.get("posts") or [])) for r in view.get("regions") or []
    )
    posts = tuple(
        (p.get("id"), p.get("name"), p.get("cost"), p.get("kind"), p.get("ability"), p.get("icon"))
        for p in view.get("posts") or []
    )
    borders = tuple(tuple(b) for b in view.get("borders") or [])
    homes = tuple((h.get("id"), h.get("name"), tuple(h.get("links") or [])) for h in view.get("homes") or [])
    return (left, right, winds, regions, posts, borders, homes)


def _draw_columns(
    im: Image.Image, view: View, top: int, left: int, right: int, player_names: Sequence[str], kept: bool
) -> None:
    columns = _columns(view)
    col_w = (right - left - COL_GAP * (len(columns) - 1)) // len(columns)
    posts = {str(p.get("id")): p for p in view.get("posts") or []}
    names = {str(r.get("id")): str(r.get("name", "")) for r in view.get("regions") or []}
    links = region_links(view)
    d = canvas(im)
    for i, (wind, regions) in enumerate(columns):
        x0 = left + i * (col_w + COL_GAP)
        color = wind_color(view, str(wind.get("id")))
        band = (x0, top, x0 + col_w, top + WIND_H - 6)
        if not kept:
            d.rounded_rectangle(band, 10, fill=color)
            with panel(f"wind {wind.get('id')}", band):
                draw_text(
                    im,
                    (x0 + col_w / 2, top + (WIND_H - 6) / 2),
                    str(wind.get("name", "")).upper(),
                    24,
                    (255, 255, 255),
                    anchor="mm",
                    bold=True,
                    halo=shade(color, 0.5),
                )
        y = top + WIND_H
        for region in regions:
            rid = str(region.get("id"))
            h = region_height(view, region, posts, links.get(rid, []), col_w)
            parts = (posts, names, links.get(rid, []))
            draw_region(im, view, region, parts, (x0, y, x0 + col_w, y + h), color, player_names, kept)
            y += h + REGION_GAP


def draw_map(
    im: Image.Image, view: View, top: int, left: int, right: int, player_names: Sequence[str]
) -> None:
    if not _columns(view):
        return

    # the map with nothing on it is the same all game: drawn once and kept, and each board
    # draws only what stands on it (a third less time)
    def printed() -> Image.Image:
        base = Image.new("RGB", (im.width, map_height(view, left, right)), BG)
        _draw_columns(base, bare(view), 0, left, right, player_names, kept=False)
        return base

    base = backdrop((_key(view, left, right), im.width), printed)
    if base is None:  # while the layout test records, to see every text
        _draw_columns(im, view, top, left, right, player_names, kept=False)
        return
    im.paste(base, (0, top))
    _draw_columns(im, view, top, left, right, player_names, kept=True)
