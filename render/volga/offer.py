"""A Volga trade offer on the board: who offers what to whom."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from PIL import Image

from games.words import seat_name
from render.common import (
    DARK,
    GOLD,
    INK,
    MARGIN,
    MUTED,
    RGB,
    WIDTH,
    draw_text,
    paste_sprite,
    text_width,
)
from render.common.canvas import canvas
from render.volga.goods import coin_icon, contract_back, good_badge
from render.volga.market import draw_chip
from render.volga.pieces import ship_sprite
from render.volga.style import GOODS, View, city_names, seat_color, ship_large

OFFER_FILL: RGB = (56, 46, 28)


def _bundle_items(bundle: Mapping[str, Any], cities: Mapping[str, str]) -> list[tuple[str, str, int]]:
    """``(kind, what, count)`` for each part of a trade bundle."""
    items: list[tuple[str, str, int]] = []
    rubles = int(bundle.get("rubles") or 0)
    if rubles:
        items.append(("rubles", "", rubles))
    goods = bundle.get("goods") or {}
    for good in [g for g in GOODS if g in goods] + [g for g in goods if g not in GOODS]:
        if int(goods[good] or 0):
            items.append(("good", str(good), int(goods[good])))
    for city in bundle.get("passes") or []:
        items.append(("pass", cities.get(str(city), str(city).title()), 1))
    contracts = int(bundle.get("contracts") or 0)
    if contracts:
        items.append(("contracts", "", contracts))
    return items


def _draw_bundle(im: Image.Image, x: int, mid: float, items: list[tuple[str, str, int]]) -> int:
    if not items:
        return draw_text(im, (x, mid), "nothing", 20, MUTED, anchor="lm")[2]
    for kind, what, count in items:
        if kind == "rubles":
            note = coin_icon(34)
            paste_sprite(im, note, (x, mid - note.height / 2))
            x = draw_text(im, (x + 38, mid), str(count), 24, GOLD, anchor="lm", bold=True)[2] + 14
        elif kind == "good":
            paste_sprite(im, good_badge(what, 34), (x - 1, mid - 17))
            x = draw_text(im, (x + 34, mid), f"x{count}", 22, INK, anchor="lm", bold=True)[2] + 14
        elif kind == "pass":
            x = draw_chip(im, x, round(mid - 14), what, (214, 198, 160), DARK, OFFER_FILL) + 10
        else:
            back = contract_back(32)
            paste_sprite(im, back, (x, mid - 16))
            label = f"x{count} contract" + ("s" if count != 1 else "")
            x = draw_text(im, (x + back.width + 4, mid), label, 20, INK, anchor="lm", bold=True)[2] + 14
    return x


OFFER_H = 64
OFFER_LINE = 44


def _bundle_width(items: list[tuple[str, str, int]]) -> int:
    if not items:
        return text_width("nothing", 20)
    w = 0
    for kind, what, count in items:
        if kind == "rubles":
            w += 38 + text_width(str(count), 24, bold=True) + 14
        elif kind == "good":
            w += 34 + text_width(f"x{count}", 22, bold=True) + 14
        elif kind == "pass":
            w += text_width(what, 18, bold=True) + 16 + 10
        else:
            label = f"x{count} contract" + ("s" if count != 1 else "")
            w += contract_back(32).width + 4 + text_width(label, 20, bold=True) + 14
    return w


def _offer_lines(view: View, names: Sequence[str]) -> list[list[tuple[str, Any]]]:
    """The parts of the offer banner, flowed into lines that fit the picture."""
    offer = view.get("offer") or {}
    cities = city_names(view)
    giver, taker = int(offer.get("from", 0) or 0), offer.get("to")
    verb = "offers" if offer.get("sent") else "is preparing an offer for"
    target = seat_name(names, int(taker)) if taker is not None else "someone"
    title = f"{seat_name(names, giver)} {verb} {target}:"
    give = _bundle_items(offer.get("give") or {}, cities)
    ask = _bundle_items(offer.get("ask") or {}, cities)
    parts: list[tuple[str, Any, int]] = [
        ("title", title, 46 + min(420, text_width(title, 22, bold=True)) + 14),
        ("give", give, _bundle_width(give)),
        ("for", "for", text_width("for", 20) + 18),
        ("ask", ask, _bundle_width(ask)),
    ]
    room = WIDTH - 2 * MARGIN - 24
    lines: list[list[tuple[str, Any]]] = [[]]
    used = 0
    for kind, value, w in parts:
        if lines[-1] and used + w > room and kind != "for":
            lines.append([])
            used = 0
        lines[-1].append((kind, value))
        used += w
    return lines


def offer_height(view: View, names: Sequence[str]) -> int:
    return OFFER_H + OFFER_LINE * (len(_offer_lines(view, names)) - 1)


def draw_offer(im: Image.Image, view: View, names: Sequence[str], top: int) -> None:
    offer = view.get("offer") or {}
    lines = _offer_lines(view, names)
    h = offer_height(view, names)
    canvas(im).rounded_rectangle(
        (MARGIN, top, im.width - MARGIN, top + h), 12, fill=OFFER_FILL, outline=GOLD, width=2
    )
    giver = int(offer.get("from", 0) or 0)
    mid = top + OFFER_H / 2
    for line in lines:
        x = MARGIN + 12
        for kind, value in line:
            if kind == "title":
                ship = ship_sprite(seat_color(view, giver), ship_large(view, giver), 40)
                paste_sprite(im, ship, (x, mid - ship.height / 2))
                box = draw_text(im, (x + 46, mid), value, 22, INK, anchor="lm", bold=True, max_width=420)
                x = box[2] + 14
            elif kind == "for":
                x = draw_text(im, (x + 4, mid), "for", 20, MUTED, anchor="lm")[2] + 14
            else:
                x = _draw_bundle(im, x, mid, value)
        mid += OFFER_LINE
