"""The map: one column per Wind, each Region a box with its Posts, HOMEs, DUCHIES and Longships.

The view has no coordinates, so the map is drawn as a schematic: Regions stand in their
Wind's column in the view's order, and each navigable Region lists the Regions it borders.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from PIL import Image, ImageDraw

from render.common import GOLD, INK, MUTED, PANEL, RGB, Box, draw_text, panel, ship_icon, shade, text_width
from render.pax.style import (
    FOLLOWER_NAMES,
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
HOME_H = 26
POST_LINE = 24
SMALL_LINE = 19
REGION_GAP = 10
KIND_WORDS = {"sea": "sea", "river": "river", "harbor": "land"}


def _columns(view: View) -> list[tuple[Mapping[str, Any], list[Mapping[str, Any]]]]:
    winds = list(view.get("winds") or [])
    rank = {w: i for i, w in enumerate(COLUMN_ORDER)}
    winds.sort(key=lambda w: rank.get(str(w.get("id")), len(rank)))
    regions = list(view.get("regions") or [])
    return [(w, [r for r in regions if r.get("wind") == w.get("id")]) for w in winds]


def _post_lines(post: Mapping[str, Any]) -> int:
    """Height of one Post's block."""
    h = POST_LINE + SMALL_LINE  # name line, then what is printed there
    if post.get("ability"):
        h += SMALL_LINE
    if post.get("venture"):
        h += POST_LINE
    return h + 6


def _homes_in(view: View, region: str) -> list[Mapping[str, Any]]:
    return [h for h in view.get("homes") or [] if (h.get("links") or [None])[0] == region]


def region_height(view: View, region: Mapping[str, Any], posts: Mapping[str, Mapping[str, Any]]) -> int:
    h = REGION_HEAD + HOME_H * len(_homes_in(view, str(region.get("id"))))
    for pid in region.get("posts") or []:
        if pid in posts:
            h += _post_lines(posts[pid])
    return h + 6


def map_height(view: View) -> int:
    posts = {str(p.get("id")): p for p in view.get("posts") or []}
    best = 0
    for _, regions in _columns(view):
        h = WIND_H + sum(region_height(view, r, posts) + REGION_GAP for r in regions)
        best = max(best, h)
    return best


def _ships(im: Image.Image, view: View, seats: Sequence[int], right: float, mid: float) -> float:
    """Longship icons in the seats' colours ending at ``right``; returns their left edge."""
    x = right
    for seat in reversed(list(seats)):
        color = seat_color(view, int(seat))
        sprite = ship_icon(24, color, seat_edge(color))
        x -= sprite.width + 1
        im.paste(sprite, (round(x), round(mid - sprite.height / 2)), sprite)
    return x


def _draw_post(
    im: Image.Image, view: View, post: Mapping[str, Any], names: Mapping[str, str], box: Box
) -> None:
    d = ImageDraw.Draw(im)
    x0, y0, x1, y1 = box
    d.rounded_rectangle(box, 6, fill=shade(PANEL, 1.12))
    with panel(f"post {post.get('id')}", box):
        y = y0 + 2
        x = x0 + 6
        follower = post.get("follower")
        if follower:
            seat = int(follower.get("seat", 0))
            x += follower_badge(im, (x + 2, y + 3), str(follower.get("type")), 18, seat_color(view, seat)) + 6
        cost = post.get("cost")
        right = x1 - 6
        if cost is not None:
            right = tag(im, right, y + 2, f"{cost} S", 15, (196, 200, 210), right=True) - 4
        right = _ships(im, view, post.get("longships") or [], right, y + POST_LINE / 2) - 2
        draw_text(
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
        y += POST_LINE
        bits = []
        kind = post.get("kind")
        if kind == "trade_center":
            bits.append("KEY TRADE CENTER" if post.get("key") else "TRADE CENTER")
        elif kind == "ally":
            bits.append("ALLY")
        if post.get("icon"):
            bits.append(FOLLOWER_NAMES.get(str(post.get("icon")), str(post.get("icon"))))
        entry = str(post.get("entry") or "")
        if entry and entry != post.get("region"):
            bits.append(f"from {names.get(entry, entry)}")
        color = GOLD if kind in ("trade_center", "ally") else MUTED
        draw_text(
            im,
            (x0 + 8, y + SMALL_LINE / 2),
            " · ".join(bits) or "empty post",
            14,
            color,
            anchor="lm",
            bold=kind in ("trade_center", "ally"),
            max_width=x1 - x0 - 16,
            min_size=12,
        )
        y += SMALL_LINE
        if post.get("ability"):
            draw_text(
                im,
                (x0 + 8, y + SMALL_LINE / 2),
                str(post["ability"]),
                14,
                INK,
                anchor="lm",
                max_width=x1 - x0 - 16,
                min_size=11,
            )
            y += SMALL_LINE
        venture = post.get("venture")
        if venture:
            chip = (x0 + 6, y + 1, x1 - 6, y + POST_LINE - 1)
            d.rounded_rectangle(chip, 5, fill=PARCHMENT)
            cx = chip[0] + 4
            if venture.get("follower"):
                cx += follower_badge(im, (cx, chip[1] + 2), str(venture["follower"]), 17) + 4
            draw_text(
                im,
                (cx, (chip[1] + chip[3]) / 2),
                str(venture.get("name", "")),
                15,
                (30, 28, 26),
                anchor="lm",
                bold=True,
                max_width=int(chip[2] - 4 - cx),
                min_size=11,
            )


def _draw_region(
    im: Image.Image,
    view: View,
    region: Mapping[str, Any],
    posts: Mapping[str, Mapping[str, Any]],
    names: Mapping[str, str],
    links: Sequence[str],
    box: Box,
    color: RGB,
    player_names: Sequence[str],
) -> None:
    d = ImageDraw.Draw(im)
    x0, y0, x1, y1 = box
    kind = str(region.get("kind", ""))
    fill = shade(color, 0.42) if kind != "harbor" else (62, 60, 48)
    d.rounded_rectangle(box, 10, fill=fill, outline=color, width=3)
    rid = str(region.get("id"))
    with panel(f"region {rid}", box):
        y = y0 + 4
        right = x1 - 8
        for seat in reversed(list(region.get("duchy") or [])):
            right = tag(im, right, y + 3, "DUCHY", 13, seat_color(view, int(seat)), right=True) - 4
        right = tag(im, right, y + 3, KIND_WORDS.get(kind, kind), 13, shade(color, 1.3), right=True) - 6
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
        right = _ships(im, view, region.get("longships") or [], x1 - 8, y + 11) - 4
        words = (
            "next to " + ", ".join(names.get(r, r) for r in links) if links else "reached through its posts"
        )
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
        y += 24
        for home in _homes_in(view, rid):
            seat = home.get("seat")
            hb = (x0 + 6, y + 1, x1 - 6, y + HOME_H - 2)
            d.rounded_rectangle(hb, 6, fill=(30, 30, 34), outline=GOLD)
            tx = hb[0] + 6
            if seat is not None:
                seat_pip(im, view, int(seat), (tx, (hb[1] + hb[3]) / 2 - 8), 16)
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
        for pid in region.get("posts") or []:
            post = posts.get(pid)
            if post is None:
                continue
            h = _post_lines(post)
            _draw_post(im, view, post, names, (x0 + 6, y, x1 - 6, y + h - 4))
            y += h


def draw_map(
    im: Image.Image, view: View, top: int, left: int, right: int, player_names: Sequence[str]
) -> None:
    columns = _columns(view)
    if not columns:
        return
    gap = 12
    col_w = (right - left - gap * (len(columns) - 1)) // len(columns)
    posts = {str(p.get("id")): p for p in view.get("posts") or []}
    names = {str(r.get("id")): str(r.get("name", "")) for r in view.get("regions") or []}
    links: dict[str, list[str]] = {}
    for a, b in view.get("borders") or []:
        links.setdefault(a, []).append(b)
        links.setdefault(b, []).append(a)
    d = ImageDraw.Draw(im)
    for i, (wind, regions) in enumerate(columns):
        x0 = left + i * (col_w + gap)
        color = wind_color(view, str(wind.get("id")))
        band = (x0, top, x0 + col_w, top + WIND_H - 6)
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
            h = region_height(view, region, posts)
            rid = str(region.get("id"))
            _draw_region(
                im,
                view,
                region,
                posts,
                names,
                links.get(rid, []),
                (x0, y, x0 + col_w, y + h),
                color,
                player_names,
            )
            y += h + REGION_GAP
