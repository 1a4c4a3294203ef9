"""The story of a finished game: the final board with the scores and where they came from.

``final_png(view, parts, *, names, palette=False)`` draws the public board of ``view(state, None)`` with,
under it, a table: one column per player, one row per part of the score (from the game's
optional ``breakdown(state)``), the totals, and the winner named above it. Its text is
drawn at 40 px or more on a 1280 px picture, so it still reads when Discord shows the
picture 400 px wide on a phone. ``final_text`` says the same in a few lines for the
channel message. Both use only the public view and the breakdown, which is public.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from PIL import Image

import render
from games.scores import UNITS, Parts, outcome_of, reason_line, score_rows, score_totals, winner_line
from games.words import seat_name
from render.common import (
    BG,
    GOLD,
    INK,
    MARGIN,
    MUTED,
    PANEL,
    PANEL_EDGE,
    draw_text,
    encode,
    panel,
    wrap_text,
)
from render.common.canvas import canvas

TEXT = 40  # px: 12.5 px when a 1280 px picture is shown 400 px wide
TITLE = 48
ROW = 58
LABELS_MIN = 360  # px for the part names ("Horde and Prince", "Keep Spoils sets")
COLUMN_MAX = 220


def _table(view: Mapping[str, Any], parts: Parts | None) -> list[tuple[str, list[int] | None]]:
    """The table's rows: the names under the unit, each part, the totals. A game without
    points (Saga: who won is the result) shows the names alone, the winner in gold."""
    unit = UNITS.get(str(view.get("game")), "points")
    if not unit:
        return [(unit, None)]
    return [(unit, None), *score_rows(view, parts), ("Total", score_totals(view, parts))]


def _table_height(view: Mapping[str, Any], parts: Parts | None, names: Sequence[str], width: int) -> int:
    lines = len(_reason_lines(view, names, width))
    return MARGIN + TITLE + 16 + lines * ROW + len(_table(view, parts)) * ROW + 2 * MARGIN


def _reason_lines(view: Mapping[str, Any], names: Sequence[str], width: int) -> list[str]:
    return wrap_text(reason_line(view, names), TEXT, width - 4 * MARGIN, max_lines=2)


def _draw_table(
    im: Image.Image, y0: int, view: Mapping[str, Any], parts: Parts | None, names: Sequence[str]
) -> None:
    """The score table drawn into ``im`` from ``y0`` down to the bottom of ``im``."""
    width = im.width
    players = int(view["players"])
    winners = {int(s) for s in outcome_of(view).get("winners") or []}
    inner = width - 2 * MARGIN
    column = min(COLUMN_MAX, (inner - LABELS_MIN) // players)
    labels_w = inner - column * players
    reason = _reason_lines(view, names, width)
    top = y0 + MARGIN + TITLE + 16 + len(reason) * ROW
    d = canvas(im)
    d.rounded_rectangle(
        (MARGIN // 2, y0 + 4, width - MARGIN // 2, im.height - 4), 14, fill=PANEL, outline=PANEL_EDGE
    )
    x0 = 2 * MARGIN
    with panel("final title", (0, y0, width, top)):
        title = winner_line(view, names)
        draw_text(im, (x0, y0 + MARGIN), title, TITLE, GOLD, bold=True, max_width=inner - MARGIN)
        for n, line in enumerate(reason):
            draw_text(im, (x0, y0 + MARGIN + TITLE + 16 + n * ROW), line, TEXT, INK)
    for r, (label, values) in enumerate(_table(view, parts)):
        y = top + r * ROW
        mid = y + ROW / 2
        bold = label == "Total"
        if bold:
            d.line((x0, y + 2, width - x0, y + 2), fill=PANEL_EDGE, width=2)
        with panel(f"final row {r}", (MARGIN, y, width - MARGIN, y + ROW)):
            if label:  # the header's label is the unit, muted like the parts
                draw_text(im, (x0, mid), label, TEXT, INK if bold else MUTED, anchor="lm", bold=bold)
            for seat in range(players):
                right = MARGIN + labels_w + (seat + 1) * column - 8
                colour = GOLD if seat in winners else INK
                if values is None:  # the header: names
                    name = seat_name(names, seat)
                    draw_text(
                        im,
                        (right, mid),
                        name,
                        TEXT,
                        colour,
                        anchor="rm",
                        bold=True,
                        max_width=column - 16,
                        min_size=TEXT,
                    )
                else:
                    draw_text(im, (right, mid), str(values[seat]), TEXT, colour, anchor="rm", bold=bold)


def final_png(
    view: Mapping[str, Any], parts: Parts | None, *, names: Sequence[str], palette: bool = False
) -> bytes:
    """The final board of ``view`` (``view(state, None)`` of a finished game) with the
    score table under it, as an RGB PNG. ``parts`` is ``module.breakdown(state)``; ``None``
    for a game without one (the table then shows the totals of ``outcome``). The board looks
    as ``render.board_png`` with the same ``palette`` shows it (64 colours with it)."""
    drawn = render.board_image(view, names=names)
    board = encode.as_shown(drawn, kind=str(view["game"]), packing=render.packing(view), palette=palette)
    del drawn  # with a palette, ``board`` is a copy: one big picture less while the table is drawn
    out = Image.new("RGB", (board.width, board.height + _table_height(view, parts, names, board.width)), BG)
    out.paste(board, (0, 0))
    _draw_table(out, board.height, view, parts, names)
    return encode.final(out)


__all__ = ["final_png"]
