"""The SAGA TRACK with its costs, the Victory Conditions, and who holds each Influence."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from PIL import Image

from render.common import GOLD, INK, MUTED, PANEL, PANEL_EDGE, Box, draw_text, panel, shade, wrap_text
from render.common.canvas import canvas
from render.common.parts import framed, panel_text, part
from render.pax.style import (
    FOLLOWER_NAMES,
    FOLLOWERS,
    View,
    follower_badge,
    label,
    name,
    seat_pip,
    tag,
)
from render.pax.tiles import card_height, draw_tile

TEXT = 15
LINES = 4
TRACK_H = 30 + 26 + card_height(0, TEXT, LINES) + 12
COND_H = 166
PILE_FILL = (58, 46, 34)
FACE_UP, FACE_DOWN = (236, 226, 196), (58, 54, 62)  # a Victory Condition's card
STACKED_CARD = 66  # a condition's card when the cards stand in one column


def stacked_conditions_height(view: View) -> int:
    return 34 + max(1, len(view.get("conditions") or [])) * (STACKED_CARD + 8) + 4


def draw_track(im: Image.Image, view: View, box: Box) -> None:
    d = canvas(im)
    x0, y0, x1, y1 = box
    d.rounded_rectangle(box, 14, fill=PANEL, outline=PANEL_EDGE, width=2)
    track = view.get("track") or {}
    costs = list(track.get("costs") or [])
    tiles = list(track.get("tiles") or [])
    with panel("saga track", box):
        label(im, x0 + 14, y0 + 10, "Saga track: BUY a tile for its cost in Silfr", PANEL)
        top = y0 + 34
        pile_w = 120
        pile = (x0 + 14, top, x0 + 14 + pile_w, y1 - 12)
        _pile(im, pile, str(track.get("pile", 0)))
        n = max(len(costs), len(tiles), 1)
        left = pile[2] + 12
        step = (x1 - 14 - left + 10) // n
        for i in range(n):
            x = left + i * step
            cost = costs[i] if i < len(costs) else None
            if cost is not None:
                tag(im, x, top, f"{cost} Silfr", 15, GOLD, ground=PANEL)
            card = (x, top + 26, x + step - 10, y1 - 12)
            tile = tiles[i] if i < len(tiles) else None
            if tile:
                draw_tile(im, tile, card, text_size=TEXT, lines=LINES, ground=PANEL)
            else:
                _empty(im, card)


def _pile(im: Image.Image, pile: Box, left: str) -> None:
    """The SAGA PILE and how many tiles are left in it (on the panel)."""
    with panel("saga pile", pile):
        _pile_card(im, (pile[0], pile[1]), PANEL, pile[2] - pile[0], pile[3] - pile[1])
        at = ((pile[0] + pile[2]) / 2, (pile[1] + pile[3]) / 2 + 12)
        panel_text(im, at, left, 38, INK, PILE_FILL, anchor="mm", bold=True)


@part(framed)
def _pile_card(im: Image.Image, x: float, y: float, w: int, h: int) -> None:
    canvas(im).rounded_rectangle((x, y, x + w, y + h), 8, fill=PILE_FILL, outline=GOLD, width=2)
    cx = x + w / 2
    draw_text(im, (cx, y + 8), "SAGA PILE", 15, GOLD, anchor="mt", bold=True)
    draw_text(im, (cx, y + 32), "0 Silfr", 15, INK, anchor="mt", bold=True)
    draw_text(im, (cx, y + h - 8), "tiles left", 14, MUTED, anchor="mb")


def _empty(im: Image.Image, card: Box) -> None:
    """A place on the track with no tile (on the panel)."""
    _empty_card(im, (card[0], card[1]), PANEL, card[2] - card[0], card[3] - card[1])


@part(framed)
def _empty_card(im: Image.Image, x: float, y: float, w: int, h: int) -> None:
    canvas(im).rounded_rectangle((x, y, x + w, y + h), 8, outline=PANEL_EDGE, width=2)
    draw_text(im, (x + w / 2, y + h / 2), "empty", 16, MUTED, anchor="mm")


def _difficulty(conditions: Sequence[Mapping[str, Any]]) -> str:
    kinds = sorted({str(c.get("difficulty", "")) for c in conditions})
    return ", ".join(k for k in kinds if k)


def draw_conditions(im: Image.Image, view: View, names: Sequence[str], box: Box) -> None:
    d = canvas(im)
    x0, y0, x1, y1 = box
    d.rounded_rectangle(box, 14, fill=PANEL, outline=PANEL_EDGE, width=2)
    conditions = list(view.get("conditions") or [])
    stacked = x1 - x0 < 500
    with panel("conditions", box):
        title = "Victory conditions" if stacked else "Victory conditions: meet every face-up one to win"
        diff = _difficulty(conditions)
        label(im, x0 + 14, y0 + 10, f"{title} ({diff})" if diff else title, PANEL)
        if not conditions:
            draw_text(im, (x0 + 14, y0 + 40), "none dealt", 18, MUTED)
            return
        step = (x1 - x0 - 28 + 10) // len(conditions)
        for i, cond in enumerate(conditions):
            if stacked:
                cy0 = y0 + 34 + i * (STACKED_CARD + 8)
                card = (x0 + 12, cy0, x1 - 12, cy0 + STACKED_CARD)
            else:
                cx0 = x0 + 14 + i * step
                card = (cx0, y0 + 34, cx0 + step - 10, y1 - 12)
            draw_condition(im, view, cond, card, i)


def draw_condition(im: Image.Image, view: View, cond: Mapping[str, Any], card: Box, i: int) -> None:
    d = canvas(im)
    up = bool(cond.get("face_up"))
    fill = FACE_UP if up else FACE_DOWN
    d.rounded_rectangle(card, 8, fill=fill, outline=GOLD)
    ink = (30, 28, 26)
    with panel(f"condition {i}", card):
        if not up:
            panel_text(
                im,
                ((card[0] + card[2]) / 2, (card[1] + card[3]) / 2),
                f"face down ({cond.get('difficulty', '')})",
                16,
                MUTED,
                fill,
                anchor="mm",
                bold=True,
                max_width=card[2] - card[0] - 12,
                min_size=11,
            )
            return
        # who meets it now: their pips at the right of the name line
        x = card[2] - 6
        for seat in reversed(list(cond.get("met") or [])):
            x -= 20
            seat_pip(im, view, int(seat), (x, card[1] + 5), 18, ground=fill)
        draw_text(
            im,
            (card[0] + 8, card[1] + 14),
            str(cond.get("name", "")),
            18,
            ink,
            anchor="lm",
            bold=True,
            max_width=int(x - 6 - card[0] - 8),
            min_size=12,
        )
        y = card[1] + 25
        for text in wrap_text(str(cond.get("text", "")), 15, card[2] - card[0] - 16, max_lines=2):
            draw_text(im, (card[0] + 8, y), text, 15, ink)
            y += 18


def draw_influence(im: Image.Image, view: View, names: Sequence[str], box: Box) -> None:
    d = canvas(im)
    x0, y0, x1, y1 = box
    d.rounded_rectangle(box, 14, fill=PANEL, outline=PANEL_EDGE, width=2)
    holders = view.get("influence") or {}
    with panel("influence", box):
        label(im, x0 + 14, y0 + 10, "Influence", PANEL)
        y = y0 + 34
        for kind in FOLLOWERS:
            follower_badge(im, (x0 + 14, y), kind, 20, ground=PANEL)
            holder = holders.get(kind)
            panel_text(im, (x0 + 42, y + 10), FOLLOWER_NAMES[kind], 16, INK, PANEL, anchor="lm", bold=True)
            if holder is None:
                panel_text(im, (x1 - 14, y + 10), "nobody", 15, MUTED, PANEL, anchor="rm")
            else:
                who = name(names, int(holder))
                box_t = draw_text(
                    im,
                    (x1 - 14, y + 10),
                    who,
                    16,
                    INK,
                    anchor="rm",
                    bold=True,
                    max_width=(x1 - x0) // 2 - 30,
                    min_size=11,
                )
                seat_pip(im, view, int(holder), (box_t[0] - 22, y + 1), 18, ground=PANEL)
            y += 26
        discard = list(view.get("discard") or [])
        removed = list(view.get("removed") or [])
        text = f"discard {len(discard)} · removed {len(removed)}"
        draw_text(
            im,
            (x0 + 14, y1 - 12),
            text,
            14,
            shade(INK, 0.8),
            anchor="lb",
            max_width=x1 - x0 - 28,
            min_size=11,
        )
