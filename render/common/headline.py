"""The headline of a board: whose turn it is and what to do, large enough for a phone.

Every board's header starts with a few words of status (the round, the phase) and goes
on with the headline. When the headline does not fit beside the status at
:data:`HEADLINE` pixels, it gets a row of its own below, across the whole width, rather
than shrinking below what reads on a phone (a 1280 px board shown 400 px wide).
"""

from __future__ import annotations

from PIL import Image

from render.common.canvas import canvas
from render.common.shapes import triangle_right
from render.common.sprites import paste_sprite
from render.common.style import GOLD, MARGIN
from render.common.text import draw_text, text_width

HEADLINE = 44  # px: about 14 px on a phone
HEAD_H = 88  # status and headline on one row
HEAD_TWO_ROWS = 144  # status above, headline below
STATUS_MID = 40  # the status row's centre line when there are two rows
ARROW = 34  # the gold arrow before the headline and its gap


def _needed(text: str, icon: Image.Image | None) -> float:
    return ARROW + (icon.width + 8 if icon is not None else 0) + text_width(text, HEADLINE, bold=True)


def header_height(width: int, status_width: float, text: str, icon: Image.Image | None) -> int:
    """The header's height: one row when the headline fits after the status, else two."""
    if not text:
        return HEAD_H
    return HEAD_H if MARGIN + status_width + _needed(text, icon) <= width - MARGIN else HEAD_TWO_ROWS


def status_mid(height: int) -> float:
    """Where the status row's centre line is in a header ``height`` pixels tall."""
    return height / 2 if height <= HEAD_H else STATUS_MID


def draw_headline(im: Image.Image, x: float, height: int, text: str, icon: Image.Image | None) -> None:
    """The arrow, the icon and the headline: after the status at ``x`` on one row, or on a
    row of its own when the header is two rows tall."""
    if not text:
        return
    d = canvas(im)
    if height > HEAD_H:
        x, mid = MARGIN, height - (HEAD_TWO_ROWS - STATUS_MID * 2) / 2 - 10
    else:
        mid = height / 2
    triangle_right(d, x, mid, 30, GOLD)
    x += ARROW
    if icon is not None:
        paste_sprite(im, icon, (x, mid - icon.height / 2))
        x += icon.width + 8
    draw_text(
        im,
        (x, mid),
        text,
        HEADLINE,
        GOLD,
        anchor="lm",
        bold=True,
        max_width=int(im.width - MARGIN - x),
        min_size=28,
    )
