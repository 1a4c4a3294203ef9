"""The header band of a public board with a phase chip: the round, the chip, and who must do what.

Shared by the boards that came after Knarr, Volga and Saga (which keep their own). The
headline is 44 px: about 14 px on a phone, where the board is shown 400 px wide.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from PIL import Image, ImageDraw

from games.core import name_seats
from render.common.canvas import canvas
from render.common.headline import HEADLINE
from render.common.layout import panel
from render.common.shapes import triangle_right
from render.common.sprites import paste_sprite
from render.common.style import GOLD, HEADER_BG, INK, MARGIN, MUTED, PANEL, PANEL_EDGE
from render.common.text import draw_text, text_width

OUTCOME_H = 108


def header_band(im: Image.Image, height: int) -> ImageDraw.ImageDraw:
    """The header's dark band, ``height`` tall, with its bottom edge; a drawer on ``im``."""
    d = canvas(im)
    d.rectangle((0, 0, im.width, height), fill=HEADER_BG)
    d.line((0, height - 1, im.width, height - 1), fill=PANEL_EDGE, width=2)
    return d


def board_header(
    im: Image.Image,
    height: int,
    *,
    title: str,
    chip: str | None = None,
    badge: Image.Image | None = None,
    text: str = "",
) -> None:
    """``title`` (the round), a ``chip`` (the phase), then ``▶ badge text`` in gold."""
    d = header_band(im, height)
    mid = height / 2
    with panel("header", (0, 0, im.width, height)):
        box = draw_text(im, (MARGIN, mid), title, 32, INK, anchor="lm", bold=True)
        x = box[2] + 14
        if chip:
            w = text_width(chip, 24, bold=True) + 28
            d.rounded_rectangle((x, mid - 20, x + w, mid + 20), 20, fill=PANEL)
            draw_text(im, (x + w / 2, mid), chip, 24, INK, anchor="mm", bold=True)
            x += w + 14
        if not text:
            return
        triangle_right(d, x, mid, 30, GOLD)
        x += 34
        if badge is not None:
            paste_sprite(im, badge, (x, mid - badge.height / 2))
            x += badge.width + 10
        draw_text(
            im,
            (x, mid),
            text,
            HEADLINE,
            GOLD,
            anchor="lm",
            bold=True,
            max_width=im.width - MARGIN - x,
            min_size=26,
        )


def outcome_header(
    im: Image.Image,
    height: int,
    *,
    title: str,
    aside: str = "",
    reason: str = "",
    badge: Image.Image | None = None,
) -> None:
    """The header of a finished game: who won in gold, ``aside`` at the right, the reason below."""
    header_band(im, height)
    y = height * 0.38
    with panel("header", (0, 0, im.width, height)):
        x = MARGIN
        if badge is not None:
            paste_sprite(im, badge, (x, y - badge.height / 2))
            x += badge.width + 12
        right = im.width - MARGIN
        if aside:
            aside_box = draw_text(im, (right, y), aside, 24, MUTED, anchor="rm")
            right = aside_box[0] - 16
        box = draw_text(
            im, (x, y), title, HEADLINE, GOLD, anchor="lm", bold=True, max_width=right - x, min_size=26
        )
        if reason:
            draw_text(im, (x, box[3] + 2), reason, 22, INK, max_width=im.width - MARGIN - x, min_size=16)


def outcome_banner(
    im: Image.Image,
    height: int,
    title: str,
    aside: str,
    outcome: Mapping[str, Any],
    names: Sequence[str],
    *,
    min_size: int,
) -> None:
    """A finished game's title in gold inside a header already drawn, ``aside`` at the
    right, and the outcome's reason (seats named) below the title."""
    box = draw_text(
        im,
        (MARGIN, height * 0.38),
        title,
        HEADLINE,
        GOLD,
        anchor="lm",
        bold=True,
        max_width=im.width - 2 * MARGIN - 200,
        min_size=min_size,
    )
    draw_text(im, (im.width - MARGIN, height * 0.38), aside, 24, MUTED, anchor="rm")
    reason = name_seats(str(outcome.get("reason") or ""), list(names))
    if reason:
        draw_text(im, (MARGIN, box[3] + 4), reason, 22, INK, max_width=im.width - 2 * MARGIN, min_size=16)
