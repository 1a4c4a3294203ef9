"""The header of a private picture, shared by every game's hand: an icon and the title,
and, when the player must act, what to do in a gold band of its own below.

The prompt gets the full width (wrapped to two lines when long) so it is never cut, and
is large enough to read on a phone.
"""

from __future__ import annotations

from PIL import Image

from render.common.canvas import canvas
from render.common.layout import panel
from render.common.shapes import triangle_right
from render.common.sprites import paste_sprite
from render.common.style import DARK, GOLD, HEADER_BG, INK, MARGIN
from render.common.text import draw_text, wrap_text

TITLE_H = 64
PROMPT_SIZE = 28
PROMPT_LINE = 36


def _prompt_lines(prompt: str, width: int) -> list[str]:
    return wrap_text(prompt, PROMPT_SIZE, width - 2 * MARGIN - 48, max_lines=2, bold=True)


def hand_header_height(width: int, prompt: str | None) -> int:
    """The height of the header of a private picture ``width`` pixels wide."""
    if prompt is None:
        return TITLE_H
    return TITLE_H + 14 + len(_prompt_lines(prompt, width)) * PROMPT_LINE


def hand_header(
    im: Image.Image,
    title: str,
    *,
    icon: Image.Image | None = None,
    title_x: int | None = None,
    title_size: int = 30,
    prompt: str | None = None,
) -> int:
    """Draw the header; returns its bottom edge (``hand_header_height``)."""
    d = canvas(im)
    width = im.width
    bottom = hand_header_height(width, prompt)
    d.rectangle((0, 0, width, bottom), fill=HEADER_BG)
    if title_x is None:
        title_x = MARGIN + 64 if icon is not None else MARGIN + 4
    if icon is not None:
        paste_sprite(im, icon, (MARGIN, TITLE_H / 2 - icon.height / 2))
    with panel("hand header", (0, 0, width, bottom)):
        draw_text(
            im,
            (title_x, TITLE_H / 2),
            title,
            title_size,
            INK,
            anchor="lm",
            bold=True,
            max_width=width - MARGIN - title_x,
            min_size=18,
        )
        if prompt is not None:
            box = (MARGIN, TITLE_H, width - MARGIN, bottom - 8)
            d.rounded_rectangle(box, 16, fill=GOLD)
            lines = _prompt_lines(prompt, width)
            y = (box[1] + box[3]) / 2 - len(lines) * PROMPT_LINE / 2
            triangle_right(d, MARGIN + 14, y + PROMPT_LINE / 2, 18, DARK)
            for line in lines:
                draw_text(
                    im, (MARGIN + 40, y + PROMPT_LINE / 2), line, PROMPT_SIZE, DARK, anchor="lm", bold=True
                )
                y += PROMPT_LINE
    return bottom
