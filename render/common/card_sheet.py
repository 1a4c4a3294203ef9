"""One card as a picture for ``/card``: a band with its name and kind, the card as the game
draws it, and our text about it underneath.

Each game's ``render/<id>/card.py`` draws the card itself (reusing the drawing code of its
boards and hands) into an ``art`` picture; ``sheet`` frames it. The picture is ``WIDTH``
pixels wide, readable on a phone where Discord shows it about 400 pixels wide.
"""

from __future__ import annotations

from collections.abc import Mapping

from PIL import Image

from render.common.canvas import canvas
from render.common.encode import card as encode_card
from render.common.style import BG, GOLD, HEADER_BG, INK, MUTED, PANEL, RGB
from render.common.text import draw_text, wrap_text

__all__ = ["ART_WIDTH", "WIDTH", "art_canvas", "scaled", "sheet"]

WIDTH = 560
PAD = 16
ART_WIDTH = WIDTH - 2 * PAD  # the widest art that fits
NAME = 34
KIND = 19
TEXT = 22
LINE = TEXT + 8
BAND_H = 18 + NAME + 10 + KIND + 16
MAX_LINES = 9


def art_canvas(width: int, height: int, fill: RGB = BG) -> Image.Image:
    """An empty picture to draw a card's art into."""
    return Image.new("RGB", (width, height), fill)


def scaled(art: Image.Image, factor: float) -> Image.Image:
    """``art`` made ``factor`` times bigger (a card drawn at its board size, enlarged)."""
    size = (max(1, round(art.width * factor)), max(1, round(art.height * factor)))
    return art.resize(size, Image.Resampling.LANCZOS)


def sheet(
    card: Mapping[str, object],
    art: Image.Image | None,
    *,
    accent: RGB = GOLD,
) -> bytes:
    """The PNG of ``card`` (an entry of a game's ``CARDS``) around ``art``.

    ``art`` wider than ``ART_WIDTH`` is shrunk to fit; an RGBA ``art`` is laid on the
    background through its alpha. ``accent`` colours the band's edge (a clan, a side, a
    kind)."""
    if art is not None and art.width > ART_WIDTH:
        art = scaled(art, ART_WIDTH / art.width)
    lines = wrap_text(str(card.get("text") or ""), TEXT, WIDTH - 2 * PAD, max_lines=MAX_LINES)
    art_h = art.height + 2 * PAD if art is not None else 0
    text_h = len(lines) * LINE + PAD
    height = BAND_H + art_h + text_h + PAD
    im = Image.new("RGB", (WIDTH, height), BG)
    d = canvas(im)
    d.rectangle((0, 0, WIDTH - 1, BAND_H - 1), fill=HEADER_BG)
    d.rectangle((0, BAND_H - 5, WIDTH - 1, BAND_H - 1), fill=accent)
    draw_text(
        im,
        (PAD, 16),
        str(card.get("name") or card.get("id") or "?"),
        NAME,
        INK,
        bold=True,
        max_width=WIDTH - 2 * PAD,
        min_size=22,
    )
    kind = str(card.get("kind") or "")
    if card.get("designed"):
        kind += "  ·  designed for Skald"
    draw_text(im, (PAD, 18 + NAME + 10), kind.upper(), KIND, MUTED, bold=True, max_width=WIDTH - 2 * PAD)
    y = BAND_H
    if art is not None:
        x = (WIDTH - art.width) // 2
        if art.mode == "RGBA":
            im.paste(art, (x, y + PAD), art)
        else:
            im.paste(art, (x, y + PAD))
        y += art_h
    d.rounded_rectangle((PAD // 2, y, WIDTH - PAD // 2, y + text_h), 10, fill=PANEL)
    ty = y + PAD // 2
    for line in lines:
        draw_text(im, (PAD, ty), line, TEXT, INK)
        ty += LINE
    return encode_card(im)
