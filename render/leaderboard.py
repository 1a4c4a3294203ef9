"""A server's leaderboard as a picture: a heading and up to three tables one under the
other (top ratings, most active, fastest movers), each a list of (rank, name, figure,
figure) rows. Stacked, not side by side: the picture is narrow enough that a phone shows it
at nearly its size, so names read at 14 px there. Pure: names and figures in, PNG bytes out
(``/game leaderboard``)."""

from __future__ import annotations

from collections.abc import Sequence

from PIL import Image, ImageDraw

from render.common import encode
from render.common.style import BG, GOLD, HEADER_BG, INK, MARGIN, MUTED, PANEL, PANEL_EDGE
from render.common.text import draw_text

Row = tuple[str, str, str, str]
COLUMN = 520  # the tables' width
LINE = 34  # one row's height
HEAD = 84


def leaderboard_png(
    *, title: str, period: str, tables: Sequence[tuple[str, tuple[str, str], Sequence[Row]]]
) -> bytes:
    """``tables``: (heading, the two figure columns' headings, rows) each, drawn top to
    bottom; an empty table says so."""
    tall = [LINE * (max(len(found), 1) + 2) for _, _, found in tables]
    width = MARGIN + COLUMN + MARGIN
    height = HEAD + MARGIN + sum(h + MARGIN for h in tall)
    im = Image.new("RGB", (width, height), BG)
    draw = ImageDraw.Draw(im)
    draw.rectangle((0, 0, im.width, HEAD), fill=HEADER_BG)
    draw_text(
        im,
        (MARGIN, HEAD * 0.35),
        f"{title} leaderboard",
        28,
        GOLD,
        anchor="lm",
        bold=True,
        max_width=im.width - 2 * MARGIN,
        min_size=18,
    )
    draw_text(im, (MARGIN, HEAD * 0.75), period, 20, MUTED, anchor="lm", max_width=im.width - 2 * MARGIN)
    left, top = MARGIN, HEAD + MARGIN
    for (heading, figures, found), high in zip(tables, tall, strict=True):
        draw.rectangle((left, top, left + COLUMN, top + high), fill=PANEL, outline=PANEL_EDGE, width=2)
        draw_text(
            im, (left + 12, top + LINE / 2), heading, 22, INK, anchor="lm", bold=True, max_width=COLUMN - 24
        )
        y = top + LINE * 1.5
        draw_text(im, (left + COLUMN - 100, y), figures[0], 16, MUTED, anchor="rm", max_width=90)
        draw_text(im, (left + COLUMN - 12, y), figures[1], 16, MUTED, anchor="rm", max_width=80)
        if not found:
            draw_text(im, (left + 12, y + LINE), "nobody yet", 20, MUTED, anchor="lm")
        for n, (rank, name, first, second) in enumerate(found):
            row_y = y + LINE * (n + 1)
            draw_text(
                im, (left + 12, row_y), rank, 20, GOLD if rank == "1" else MUTED, anchor="lm", bold=True
            )
            draw_text(im, (left + 48, row_y), name, 20, INK, anchor="lm", max_width=COLUMN - 48 - 200)
            draw_text(im, (left + COLUMN - 100, row_y), first, 20, INK, anchor="rm", bold=True, max_width=90)
            draw_text(im, (left + COLUMN - 12, row_y), second, 20, MUTED, anchor="rm", max_width=80)
        top += high + MARGIN
    return encode.table(im)
