"""The public Pax Viking board: whose turn, the map, the SAGA TRACK, Victory Conditions,
Influence, every Jarl's board and the recent moves.

Drawn only from ``games.pax.view(state, None)``; ``view["private"]`` is never read.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from PIL import Image

from games.core import name_seats
from render.common import (
    BG,
    GAP,
    GOLD,
    INK,
    MARGIN,
    MUTED,
    PANEL,
    PANEL_EDGE,
    WIDTH,
    Box,
    draw_text,
    panel,
    text_width,
    triangle_right,
)
from render.common.board_header import header_band
from render.common.canvas import canvas
from render.common.parts import framed, panel_text, part
from render.common.style import HEADER_BG
from render.pax.jarls import draw_jarl, jarl_height
from render.pax.map import column_spans, draw_map
from render.pax.style import View, label, name, seat_pip
from render.pax.track import (
    COND_H,
    TRACK_H,
    draw_conditions,
    draw_influence,
    draw_track,
    stacked_conditions_height,
)

HEADLINE = 44  # px: about 14 px on a phone, where the board is shown 400 px wide
HEAD_H = 88
STATUS_H = 48
LOG_LINE = 26
LOG_LINES = 6
LOG_FILL = (32, 42, 58)


def _draw_header(im: Image.Image, view: View, names: Sequence[str]) -> None:
    d = header_band(im, HEAD_H)
    mid = HEAD_H / 2
    with panel("header", (0, 0, im.width, HEAD_H)):
        outcome = view.get("outcome") if view.get("over") else None
        if outcome:
            winners = [int(s) for s in outcome.get("winners") or []]
            who = " & ".join(name(names, s) for s in winners)
            title = f"{who} {'wins' if len(winners) == 1 else 'win'}!" if winners else "Game over"
            draw_text(
                im,
                (MARGIN, mid),
                title,
                HEADLINE,
                GOLD,
                anchor="lm",
                bold=True,
                max_width=im.width - 2 * MARGIN - 220,
                min_size=28,
            )
            draw_text(
                im, (im.width - MARGIN, mid), f"after round {view.get('round', 1)}", 26, MUTED, anchor="rm"
            )
            return
        x = panel_text(
            im, (MARGIN, mid), f"Round {view.get('round', 1)}", 32, INK, HEADER_BG, anchor="lm", bold=True
        )
        x += 16
        turn = view.get("turn") or {}
        right = im.width - MARGIN
        if view.get("phase") == "action" and turn.get("left") is not None:
            left = int(turn.get("left", 0))
            text = f"{left} action{'' if left == 1 else 's'} left"
            w = text_width(text, 30, bold=True) + 28
            _actions_left(im, (right - w, mid - 24), HEADER_BG, text, w)
            right -= w + 14
        to_act = list(view.get("to_act") or [])
        prompt = str(view.get("prompt") or "")
        if not to_act and not prompt:
            return
        triangle_right(d, x, mid, 30, GOLD)
        x += 36
        if len(to_act) == 1:
            seat_pip(im, view, int(to_act[0]), (x, mid - 16), 32, ground=HEADER_BG)
            x += 40
        who = ", ".join(name(names, int(s)) for s in to_act)
        draw_text(
            im,
            (x, mid),
            who or prompt,
            HEADLINE,
            GOLD,
            anchor="lm",
            bold=True,
            max_width=int(right - x),
            min_size=26,
        )


@part(lambda text, w: framed(w, 48))
def _actions_left(im: Image.Image, x: float, y: float, text: str, w: int) -> None:
    """The pill of the actions left in the turn, its top left at (x, y)."""
    canvas(im).rounded_rectangle((x, y, x + w, y + 48), 24, fill=GOLD)
    draw_text(im, (x + w / 2, y + 24), text, 30, (30, 28, 26), anchor="mm", bold=True)


def _side(side: dict[str, Any]) -> str:
    """One side of a TRADE offer: Silfr and tiles, then any Followers and Longships."""
    text = f"{side.get('silfr', 0)} Silfr + {side.get('tiles', 0)} tiles"
    followers = list(side.get("followers") or [])
    if followers:
        text += " + " + ", ".join(f"1 {str(kind).upper()}" for kind in followers)
    if side.get("longships"):
        text += f" + {side['longships']} Longship" + ("s" if side["longships"] != 1 else "")
    return text


def _status(view: View, names: Sequence[str]) -> str:
    """What is going on now, in words: the prompt, and any journey, trade or vote under way."""
    bits = [str(view.get("prompt") or "")]
    outcome = view.get("outcome") if view.get("over") else None
    if outcome and outcome.get("reason"):
        bits = [f"The game is over: {outcome['reason']}"]
    pending = view.get("pending") or {}
    if pending.get("action") == "journey":
        bits.append(
            f"JOURNEY of Longship {pending.get('ship')}: step {pending.get('steps')} of {pending.get('max')}"
        )
    elif pending.get("action") == "sweden":
        bits.append(f"SWEDEN: a tile drawn for {pending.get('location_name') or 'anywhere'}")
    elif pending.get("action") == "discard":
        bits.append(f"discard {pending.get('count')}")
    offer = view.get("offer")
    if offer:
        give, ask = offer.get("give") or {}, offer.get("ask") or {}
        bits.append(
            f"TRADE from {name(names, int(offer.get('from', 0)))} to {name(names, int(offer.get('to', 0)))}: gives "
            f"{_side(give)} for {_side(ask)}{'' if offer.get('sent') else ' (being made)'}"
        )
    althing = view.get("althing")
    if althing:
        bits.append(_althing(althing, list(view.get("to_act") or []), names))
    return " · ".join(b for b in bits if b)


def _althing(althing: View, to_act: list[int], names: Sequence[str]) -> str:
    """The ALTHING votes in turn order from the caller: who votes now (first, so a long line
    loses only its tail), then who voted which way."""
    votes = list(althing.get("votes") or [])
    by = int(althing.get("by") or 0)
    order = [(by + i) % len(votes) for i in range(len(votes))] if votes else []
    cast = [f"{name(names, s)} {'for' if votes[s] else 'against'}" for s in order if votes[s] is not None]
    now = f"{name(names, to_act[0])} votes now" if to_act else ""
    return "ALTHING: " + "; ".join(b for b in (now, ", ".join(cast)) if b)


# too low for its corners to be pasted apart (render.common.canvas), Pillow draws it slice
# by slice: as a part, pasted
@part(framed)
def _status_frame(im: Image.Image, x: float, y: float, w: int, h: int) -> None:
    canvas(im).rounded_rectangle((x, y, x + w, y + h), 12, fill=PANEL, outline=GOLD, width=2)


def _draw_status(im: Image.Image, view: View, names: Sequence[str], top: int) -> None:
    box = (MARGIN, top, im.width - MARGIN, top + STATUS_H - 8)
    _status_frame(im, (box[0], box[1]), BG, box[2] - box[0], box[3] - box[1])
    with panel("status", box):
        draw_text(
            im,
            (MARGIN + 14, (box[1] + box[3]) / 2),
            _status(view, names),
            22,
            INK,
            anchor="lm",
            bold=True,
            max_width=box[2] - box[0] - 28,
            min_size=14,
        )


KEY_H = 34
KEY = (
    "S: Silfr to ESTABLISH · J S T R: Jarldom, Sweden, Theocracy, Rus · ringed: ESTABLISHED · Jarl boards:"
    " Followers at hand · established; struck ship: exhausted; coloured tag: Influence held"
)


def _draw_key(im: Image.Image, top: int) -> None:
    with panel("key", (MARGIN, top, im.width - MARGIN, top + KEY_H)):
        panel_text(
            im,
            (MARGIN + 4, top + KEY_H / 2 - 2),
            KEY,
            15,
            MUTED,
            BG,
            anchor="lm",
            max_width=im.width - 2 * MARGIN - 8,
            min_size=12,
        )


def _draw_log(im: Image.Image, view: View, names: Sequence[str], box: Box) -> None:
    canvas(im).rounded_rectangle(box, 14, fill=LOG_FILL, outline=PANEL_EDGE, width=2)
    x0, y0, x1, y1 = box
    with panel("recent moves", box):
        label(im, x0 + 14, y0 + 10, "Recent moves", LOG_FILL)
        y = y0 + 36
        room = max(1, min(LOG_LINES + 2, (y1 - 10 - y) // LOG_LINE))
        lines = list(view.get("log") or [])[-room:]
        if not lines:
            panel_text(im, (x0 + 14, y), "Nothing yet", 18, INK, LOG_FILL)
        for entry in lines:
            seat = entry.get("seat")
            text = name_seats(str(entry.get("text", "")), list(names))
            x = x0 + 14
            color = INK
            if seat is not None:
                seat_pip(im, view, int(seat), (x, y + 4), 16, ground=LOG_FILL)
                text = f"{name(names, int(seat))} {text}"
                x += 24
            else:
                color = GOLD
            draw_text(im, (x, y), text, 18, color, max_width=x1 - 14 - x, min_size=13)
            y += LOG_LINE


def board_image(view: View, *, names: Sequence[str]) -> Image.Image:
    """The public board, drawn; ``view["private"]`` is never read."""
    seats = list(view.get("seats") or [])
    map_top = HEAD_H + 8 + STATUS_H
    spans = column_spans(view, MARGIN, WIDTH - MARGIN)
    map_h = max((h for _, _, h in spans), default=0)
    # the Victory Conditions and the Influence stand in the room the short columns leave,
    # when there is enough of it; otherwise they take a row of their own below the track
    free = sorted(spans, key=lambda span: span[2])
    cond_h = stacked_conditions_height(view)
    places: list[tuple[int, int, int]] = []  # (left, right, top below the map's top) of each
    if len(free) >= 2 and free[0][2] + cond_h <= map_h and free[1][2] + COND_H <= map_h:
        places = [free[0], free[1]]
    elif free and free[0][2] + cond_h + GAP + COND_H <= map_h:
        x0, x1, h = free[0]
        places = [free[0], (x0, x1, h + cond_h + GAP)]
    beside_map = bool(places)
    key_top = map_top + map_h
    track_top = key_top + KEY_H
    cond_top = track_top + TRACK_H + GAP
    jarl_top = cond_top + (0 if beside_map else COND_H + GAP)
    # three boards a row (two for two players); the recent moves fill a short last row
    cols = 3 if len(seats) > 2 else 2
    panel_w = (WIDTH - 2 * MARGIN - GAP * (cols - 1)) // cols
    rows = [seats[i : i + cols] for i in range(0, len(seats), cols)]
    heights = [max(jarl_height(s, panel_w) for s in row) for row in rows]
    log_h = 36 + LOG_LINES * LOG_LINE + 10
    beside = bool(rows) and len(rows[-1]) < cols
    if beside:
        heights[-1] = max(heights[-1], log_h)
        log_x = MARGIN + len(rows[-1]) * (panel_w + GAP)
        log_top = jarl_top + sum(h + GAP for h in heights[:-1])
        log_box = (log_x, log_top, WIDTH - MARGIN, log_top + heights[-1])
        height = jarl_top + sum(h + GAP for h in heights) - GAP + MARGIN
    else:
        log_top = jarl_top + sum(h + GAP for h in heights)
        log_box = (MARGIN, log_top, WIDTH - MARGIN, log_top + log_h)
        height = log_top + log_h + MARGIN
    im = Image.new("RGB", (WIDTH, height), BG)
    _draw_header(im, view, names)
    _draw_status(im, view, names, HEAD_H + 8)
    draw_map(im, view, map_top, MARGIN, WIDTH - MARGIN, names)
    _draw_key(im, key_top)
    draw_track(im, view, (MARGIN, track_top, WIDTH - MARGIN, track_top + TRACK_H))
    if beside_map:
        (cx0, cx1, ch), (ix0, ix1, ih) = places
        draw_conditions(im, view, names, (cx0, map_top + ch, cx1, map_top + ch + cond_h))
        draw_influence(im, view, names, (ix0, map_top + ih, ix1, map_top + ih + COND_H))
    else:
        infl_w = 300
        draw_conditions(im, view, names, (MARGIN, cond_top, WIDTH - MARGIN - infl_w - GAP, cond_top + COND_H))
        draw_influence(
            im, view, names, (WIDTH - MARGIN - infl_w, cond_top, WIDTH - MARGIN, cond_top + COND_H)
        )
    turn: Mapping[str, Any] = view.get("turn") or {}
    to_act = [int(s) for s in view.get("to_act") or []]
    outcome = view.get("outcome") if view.get("over") else None
    winners = {int(s) for s in (outcome or {}).get("winners") or []}
    y = jarl_top
    for r, row in enumerate(rows):
        for c, seat in enumerate(row):
            x = MARGIN + c * (panel_w + GAP)
            index = int(seat.get("seat", r * cols + c))
            mine = turn.get("seat") == index
            draw_jarl(
                im,
                view,
                seat,
                name(names, index),
                (x, y, x + panel_w, y + heights[r]),
                active=index in to_act and not view.get("over"),
                used=list(turn.get("used") or []) if mine else [],
                influence_used=list(turn.get("influence_used") or []) if mine else [],
                winner=index in winners,
            )
        y += heights[r] + GAP
    _draw_log(im, view, names, log_box)
    return im
