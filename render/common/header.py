"""The header band of a private picture, shared by every game's hand."""

from __future__ import annotations

from PIL import Image, ImageDraw

from render.common.shapes import paste_sprite, triangle_right
from render.common.style import DARK, GOLD, HEADER_BG, INK, MARGIN
from render.common.text import draw_text, text_width


def hand_header(
    im: Image.Image,
    head_h: int,
    title: str,
    *,
    icon: Image.Image | None = None,
    title_x: int | None = None,
    title_size: int = 28,
    prompt: str | None = None,
    prompt_size: int = 22,
    prompt_min: int = 16,
    prompt_width: int = 380,
) -> None:
    """The header band of a private picture: an icon, the title, and when the player
    must act, a gold badge with the prompt on the right."""
    d = ImageDraw.Draw(im)
    width = im.width
    d.rectangle((0, 0, width, head_h), fill=HEADER_BG)
    if title_x is None:
        title_x = MARGIN + 64 if icon is not None else MARGIN + 4
    if icon is not None:
        paste_sprite(im, icon, (MARGIN, head_h / 2 - icon.height / 2))
    right = width - MARGIN
    if prompt is not None:
        pw = min(prompt_width, text_width(prompt, prompt_size, bold=True) + 44)
        d.rounded_rectangle((right - pw, 14, right, head_h - 14), 18, fill=GOLD)
        triangle_right(d, right - pw + 12, head_h / 2, 16, DARK)
        draw_text(
            im,
            (right - pw + 32, head_h / 2),
            prompt,
            prompt_size,
            DARK,
            anchor="lm",
            bold=True,
            max_width=pw - 44,
            min_size=prompt_min,
        )
        right -= pw + 12
    draw_text(
        im,
        (title_x, head_h / 2),
        title,
        title_size,
        INK,
        anchor="lm",
        bold=True,
        max_width=right - title_x,
        min_size=18,
    )
