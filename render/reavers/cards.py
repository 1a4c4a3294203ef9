"""The cards and tiles on offer, drawn as light cards: Reavers, Spoils, Sea Battles,
Prophecies, territory stacks and Ship Upgrade tokens.

Each ``draw_*`` draws into ``box`` (left, top, right, bottom) and keeps its text inside it.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from PIL import Image

from games.reavers.data import need_text
from render.common import DARK, INK, Box, draw_text, icon, paste_sprite, shade
from render.common.canvas import canvas
from render.common.style import RGB, text_on
from render.reavers.dice import die
from render.reavers.style import (
    CARD,
    CARD_EDGE,
    DIE_COLORS,
    KIND_COLORS,
    LOCATION_NAMES,
    SET_COLORS,
    SHORT_NAMES,
    TERRITORY_COLORS,
    effect_words,
)

Card = Mapping[str, Any]
RALLY = (196, 180, 150)  # the pill behind a Reaver's Rally dice


def _card_base(im: Image.Image, box: Box, band: tuple[int, int, int], band_h: int) -> None:
    d = canvas(im)
    d.rounded_rectangle(box, 8, fill=CARD, outline=CARD_EDGE, width=2)
    d.rounded_rectangle((box[0] + 2, box[1] + 2, box[2] - 2, box[1] + band_h), 7, fill=band)
    d.rectangle((box[0] + 2, box[1] + band_h - 6, box[2] - 2, box[1] + band_h), fill=band)


def _glory(im: Image.Image, right: float, cy: float, n: int, size: int = 26) -> float:
    """A Glory star with ``n`` in it at the right end; returns its left edge."""
    if n <= 0:
        return right
    paste_sprite(im, icon("vp", size, max(2, n) if n > 1 else 1), (right - size, cy - size / 2))
    return right - size - 2


def dice_row(im: Image.Image, x: float, cy: float, colors: list[str], size: int, face: str = "") -> float:
    """Small dice of ``colors`` (blank unless ``face``) from ``x``; returns the right edge."""
    for color in colors:
        paste_sprite(im, die(str(color), face or "blank", size), (x, cy - size / 2))
        x += size + 3
    return x


def faces_row(im: Image.Image, x: float, cy: float, faces: list[str], size: int) -> int:
    """Neutral dice showing the faces a cost or a battle asks for."""
    for face in faces:
        paste_sprite(im, die("any", str(face), size), (x, cy - size / 2))
        x += size + 3
    return round(x)


WHITE = (255, 255, 255)


def _name(
    im: Image.Image,
    at: tuple[float, float],
    right: float,
    card: Card,
    size: int,
    ink: RGB,
    pad: int,
    least: int,
) -> None:
    """The card's name in its band at ``at`` (the card's left edge, the band's middle),
    bold, shrinking down to ``least`` to fit left of ``right``."""
    x0, cy = at
    draw_text(
        im,
        (x0 + 8, cy),
        str(card.get("name", "?")),
        size,
        ink,
        anchor="lm",
        bold=True,
        max_width=int(right - x0 - pad),
        min_size=least,
    )


def draw_reaver(im: Image.Image, box: Box, card: Card) -> None:
    """A Reaver: clan band with the name, dice rolled on recruiting, Rally dice and ability."""
    x0, y0, x1, y1 = box
    clan = DIE_COLORS.get(str(card.get("clan")), (120, 120, 120))
    _card_base(im, box, clan, 28)
    ink = DARK if str(card.get("clan")) == "yellow" else WHITE
    right = _glory(im, x1 - 4, y0 + 15, int(card.get("glory", 0) or 0), 22)
    _name(im, (x0, y0 + 15), right, card, 18, ink, 12, 13)
    # the dice rolled on recruiting at the left; the Rally dice at the right on a darker pill
    cy = y0 + 43
    roll = list(card.get("roll") or [])
    rally = list(card.get("rally") or [])
    size = 18 if (len(roll) + len(rally)) * 21 + 22 <= x1 - x0 else 13
    dice_row(im, x0 + 6, cy, roll, size)
    rx = x1 - 7 - len(rally) * (size + 3)
    canvas(im).rounded_rectangle((rx - 4, cy - size / 2 - 4, x1 - 3, cy + size / 2 + 4), 7, fill=RALLY)
    dice_row(im, rx, cy, rally, size)
    if y1 - y0 >= 70:
        draw_text(
            im,
            (x0 + 7, y1 - 13),
            str(card.get("text") or ""),
            15,
            DARK,
            anchor="lm",
            max_width=x1 - x0 - 14,
            min_size=11,
        )


def draw_spoil(im: Image.Image, box: Box, card: Card) -> None:
    """A Village or Keep Spoils card: a band in the kind's colour with the name (and the
    defence to pillage it), then what it gives on one line."""
    x0, y0, x1, y1 = box
    kind = str(card.get("kind", ""))
    band = SET_COLORS.get(str(card.get("set")), KIND_COLORS.get(kind, (120, 120, 120)))
    _card_base(im, box, band, 21)
    name = str(card.get("name", "?")).replace("Ship Upgrade: ", "")
    right: float = x1 - 5
    defense = card.get("defense")
    if defense:
        right = draw_defense(im, right, y0 + 11, int(defense), 18)
    draw_text(
        im,
        (x0 + 7, y0 + 11),
        name,
        15,
        text_on(band),
        anchor="lm",
        bold=True,
        max_width=int(right - x0 - 10),
        min_size=11,
    )
    words = spoil_words(card)
    if words and y1 - y0 >= 36:
        draw_text(im, (x0 + 7, y1 - 10), words, 13, DARK, anchor="lm", max_width=x1 - x0 - 12, min_size=10)


def spoil_words(card: Card) -> str:
    kind = str(card.get("kind", ""))
    if kind == "artifact":
        store = card.get("store") or "any"
        place = SHORT_NAMES.get(str(card.get("location")), "?")
        return f"{store} die; {place}: {effect_words(card.get('effect'))}"
    if kind == "upgrade":
        return "ship upgrade"
    if kind == "treasure":
        return "treasure for a set"
    gain = effect_words(card.get("gain"))
    if card.get("reward"):
        return f"{gain}; win {effect_words(card.get('reward'))}"
    return gain


def draw_defense(im: Image.Image, right: float, cy: float, n: int, size: int) -> float:
    """A dark shield with the defence value; returns its left edge."""
    d = canvas(im)
    x0 = right - size
    d.ellipse((x0, cy - size / 2, right, cy + size / 2), fill=(50, 44, 40), outline=(230, 220, 200), width=2)
    draw_text(im, (x0 + size / 2, cy), str(n), int(size * 0.7), (255, 255, 255), anchor="mm", bold=True)
    return x0 - 4


def draw_battle(im: Image.Image, box: Box, card: Card) -> None:
    """A Sea Battle: name, defence, the exact dice that beat it, its Glory and reward."""
    x0, y0, x1, y1 = box
    band = (40, 80, 120)
    _card_base(im, box, band, 22)
    right = _glory(im, x1 - 5, y0 + 12, int(card.get("glory", 0) or 0), 20)
    right = draw_defense(im, right, y0 + 12, int(card.get("defense", 0) or 0), 18)
    _name(im, (x0, y0 + 12), right, card, 16, WHITE, 10, 12)
    cy = (y0 + 22 + y1) / 2
    x = faces_row(im, x0 + 6, cy, list(card.get("combo") or []), 20)
    draw_text(
        im,
        (x + 4, cy),
        "+ " + effect_words(card.get("reward")),
        14,
        DARK,
        anchor="lm",
        max_width=int(x1 - x - 10),
        min_size=11,
    )


def draw_prophecy(im: Image.Image, box: Box, card: Card) -> None:
    x0, y0, x1, y1 = box
    band = (96, 70, 130)
    _card_base(im, box, band, 26)
    right = _glory(im, x1 - 5, y0 + 14, int(card.get("glory", 0) or 0), 24)
    _name(im, (x0, y0 + 14), right, card, 16, WHITE, 10, 12)
    need = card.get("need") or {}
    words = need_text({str(k): int(v) for k, v in need.items()}) or str(card.get("text") or "")
    draw_text(
        im,
        (x0 + 8, y1 - 13),
        f"at the end: {words}",
        14,
        DARK,
        anchor="lm",
        max_width=x1 - x0 - 16,
        min_size=11,
    )


def draw_any(im: Image.Image, box: Box, card: Card) -> None:
    """Whatever kind of card this is (a Glory pile holds cards of every kind)."""
    cid = str(card.get("id", ""))
    if cid.startswith("R"):
        draw_reaver(im, box, card)
    elif cid.startswith("B"):
        draw_battle(im, box, card)
    elif cid.startswith("P"):
        draw_prophecy(im, box, card)
    elif cid.startswith("J"):
        draw_journey(im, box, card)
    else:
        draw_spoil(im, box, card)


def draw_journey(im: Image.Image, box: Box, card: Card) -> None:
    x0, y0, x1, y1 = box
    band = (60, 90, 100)
    _card_base(im, box, band, 26)
    draw_text(
        im,
        (x0 + 8, y0 + 14),
        f"Journey: {card.get('name', '?')}",
        16,
        (255, 255, 255),
        anchor="lm",
        bold=True,
        max_width=x1 - x0 - 16,
        min_size=12,
    )
    draw_text(
        im,
        (x0 + 8, y1 - 13),
        str(card.get("text") or ""),
        14,
        DARK,
        anchor="lm",
        max_width=x1 - x0 - 16,
        min_size=11,
    )


def draw_stack(im: Image.Image, box: Box, kind: str, stack: Mapping[str, Any]) -> None:
    """A territory stack: its type, how many tiles are left, the top tile's defence and price."""
    x0, y0, x1, y1 = box
    d = canvas(im)
    base = TERRITORY_COLORS.get(kind, (100, 100, 100))
    count = int(stack.get("count", 0) or 0)
    d.rounded_rectangle(box, 10, fill=base if count else shade(base, 0.5), outline=shade(base, 1.4), width=2)
    cx = (x0 + x1) / 2
    draw_text(
        im, (cx, y0 + 16), f"{kind.title()} lands", 17, INK, anchor="mm", bold=True, max_width=x1 - x0 - 8
    )
    draw_text(im, (cx, y0 + 40), f"{count} left", 15, INK, anchor="mm")
    top = stack.get("top")
    if not top:
        return
    draw_defense(im, cx + 19, y0 + 72, int(top.get("defense", 0) or 0), 30)
    cost = top.get("cost") or {}
    words = ", ".join(f"{v} {k}" for k, v in cost.items())
    draw_text(im, (cx, y0 + 102), "or pay", 14, INK, anchor="mm")
    draw_text(im, (cx, y0 + 122), words, 17, INK, anchor="mm", bold=True, max_width=x1 - x0 - 8)


def draw_token(
    im: Image.Image, x: float, cy: float, token: Mapping[str, Any], size: int, used: bool = False
) -> int:
    """A Ship Upgrade token: a round plate with its faces; greyed once used. Returns the right edge."""
    d = canvas(im)
    faces = list(token.get("faces") or [])
    w = size * len(faces) + 10
    fill = (70, 74, 80) if used else (164, 120, 60)
    d.rounded_rectangle(
        (x, cy - size / 2 - 4, x + w, cy + size / 2 + 4),
        (size + 8) // 2,
        fill=fill,
        outline=(230, 210, 170) if not used else (110, 110, 110),
        width=2,
    )
    fx = x + 5
    for face in faces:
        paste_sprite(im, die("any", str(face), size), (fx, cy - size / 2))
        fx += size
    return round(x + w)


def location_name(loc: str) -> str:
    return LOCATION_NAMES.get(loc, loc)
