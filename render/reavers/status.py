"""The bands between the locations and the longships: the round track with the start
marker and the Honor Ship, the location being resolved, the last combat, recent moves.
"""

from __future__ import annotations

from collections.abc import Sequence

from PIL import Image

from games.core import name_seats
from render.common import GOLD, INK, MUTED, PANEL_EDGE, Box, draw_text, panel, paste_sprite, wrap_text
from render.common.canvas import canvas
from render.common.parts import part
from render.reavers.cards import draw_any, draw_defense
from render.reavers.dice import combat_die, pawn
from render.reavers.style import LOCATION_NAMES, LOG_BG, View, label, name_of, seat_color

TRACK_H = 50
RESOLVE_H = 120
CARDS_H = 88  # the cards the current seat is resolving


def _frame(im: Image.Image, box: Box, edge: tuple[int, int, int] = PANEL_EDGE) -> None:
    canvas(im).rounded_rectangle(box, 12, fill=LOG_BG, outline=edge, width=2)


def _seat_chip(
    im: Image.Image,
    x: float,
    cy: float,
    seat: int,
    names: Sequence[str],
    size: int,
    max_w: int,
    honor: bool = False,
) -> int:
    sail, edge = seat_color(seat)
    paste_sprite(im, pawn(size, sail, edge, honor), (x, cy - size / 2))
    box = draw_text(
        im,
        (x + size + 4, cy),
        name_of(names, seat),
        18,
        INK,
        anchor="lm",
        bold=True,
        max_width=max_w,
        min_size=12,
    )
    return box[2]


def draw_track(im: Image.Image, view: View, names: Sequence[str], box: Box) -> None:
    """Round circles 1 to 6, the start marker, the Honor Ship and who places next."""
    x0, y0, x1, y1 = box
    _frame(im, box)
    cy = (y0 + y1) / 2
    with panel("track", box):
        rounds = int(view.get("rounds", 6) or 6)
        now = int(view.get("round", 1) or 1)
        x = _draw_rounds(im, x0, cy, rounds, now) + 16
        start = view.get("start")
        if start is not None:
            box_ = draw_text(im, (x, cy), "START", 15, MUTED, anchor="lm", bold=True)
            x = _seat_chip(im, box_[2] + 8, cy, int(start), names, 30, 150) + 20
        honor = view.get("honor")
        if honor is not None:
            box_ = draw_text(im, (x, cy), "HONOR SHIP", 15, MUTED, anchor="lm", bold=True)
            x = _seat_chip(im, box_[2] + 8, cy, int(honor), names, 30, 150, honor=True) + 20
        queue = [int(s) for s in view.get("queue") or []]
        if queue and view.get("phase") == "place":
            box_ = draw_text(im, (x, cy), "TO PLACE", 15, MUTED, anchor="lm", bold=True)
            x = box_[2] + 8
            # with 3 players the Honor Ship's pick is the last in the queue until it is placed
            honor_left = int(view.get("players", 0) or 0) == 3 and not any(
                p.get("honor") for p in view.get("picks") or []
            )
            for i, seat in enumerate(queue):
                if x + 32 > x1 - 8:
                    break
                sail, edge = seat_color(seat)
                is_honor = honor_left and i == len(queue) - 1
                paste_sprite(im, pawn(30, sail, edge, is_honor), (x, cy - 15))
                x += 34


def _draw_rounds(im: Image.Image, x0: int, cy: float, rounds: int, now: int) -> int:
    """The round circles from ``x0`` on the track's middle line ``cy``, on its fill (the
    same on most boards; an ellipse and a text a round); the x after the last."""
    return _rounds(im, (x0, cy), LOG_BG, rounds, now)


@part(lambda rounds, now: (4, -20, 100 + 40 * rounds, 20))
def _rounds(im: Image.Image, x0: float, cy: float, rounds: int, now: int) -> int:
    d = canvas(im)
    box_ = draw_text(im, (x0 + 12, cy), "ROUND", 15, MUTED, anchor="lm", bold=True)
    x = box_[2] + 10
    for r in range(1, rounds + 1):
        fill = GOLD if r == now else ((70, 84, 104) if r > now else (50, 60, 76))
        d.ellipse((x, cy - 17, x + 34, cy + 17), fill=fill, outline=(20, 24, 30), width=2)
        draw_text(im, (x + 17, cy), str(r), 19, (30, 28, 26) if r == now else INK, anchor="mm", bold=True)
        x += 40
    return x


def draw_resolving(im: Image.Image, view: View, names: Sequence[str], box: Box) -> None:
    """Who takes part in the location being resolved, in order, and what the current seat holds."""
    x0, y0, x1, y1 = box
    res = view.get("resolving")
    _frame(im, box, GOLD if res else PANEL_EDGE)
    with panel("resolving", box):
        if not res:
            phase = str(view.get("phase") or "")
            title = {"start": "Starting Reavers", "place": "Placing longships", "over": "Game over"}.get(
                phase, ""
            )
            label(im, x0 + 14, y0 + 12, title or "Between locations")
            lines = [
                name_seats(str(e.get("text", "")), list(names)) for e in list(view.get("log") or [])[-1:]
            ]
            starting = view.get("starting") if phase == "start" else None
            if starting:
                _draw_starting(im, starting, names, (x0 + 14, y0 + 38, x1 - 14, y1 - 8))
                return
            if phase == "start":
                lines = ["each player in turn rallies, leads or specializes a starting Reaver"]
            elif phase == "place":
                lines = ["one pawn at a time from the start player; each location once a round"]
            for i, line in enumerate(lines):
                draw_text(im, (x0 + 14, y0 + 44 + 26 * i), line, 18, INK, max_width=x1 - x0 - 28, min_size=13)
            return
        loc = str(res.get("location", ""))
        active = int(res.get("active", 0) or 0)
        box_ = draw_text(
            im, (x0 + 14, y0 + 20), f"Now: {LOCATION_NAMES.get(loc, loc)}", 22, GOLD, anchor="lm", bold=True
        )
        draw_text(
            im,
            (box_[2] + 12, y0 + 21),
            f"active: {name_of(names, active)}",
            17,
            MUTED,
            anchor="lm",
            max_width=max(20, x1 - box_[2] - 26),
            min_size=12,
        )
        order = [int(s) for s in res.get("order") or []]
        answers = res.get("answers") or {}
        current = res.get("current")
        col_w = (x1 - x0 - 28) // max(1, len(order))
        for i, seat in enumerate(order):
            cx = x0 + 14 + i * col_w
            if seat == current:
                canvas(im).rounded_rectangle(
                    (cx - 4, y0 + 38, cx + col_w - 6, y0 + 88), 8, outline=GOLD, width=2
                )
            _seat_chip(im, cx, y0 + 54, seat, names, 26, col_w - 40)
            answer = str(answers.get(str(seat)) or ("deciding" if seat == current else "waiting"))
            draw_text(
                im,
                (cx + 2, y0 + 78),
                answer,
                15,
                INK if seat == current else MUTED,
                anchor="lm",
                max_width=col_w - 14,
                min_size=11,
            )
        _draw_step(im, view, res, (x0 + 14, y0 + 96, x1 - 14, y1 - 8))


def _draw_starting(im: Image.Image, starting: View, names: Sequence[str], box: Box) -> None:
    """The seat deciding its starting Reavers, and the cards still to rally, lead or specialize."""
    x0, y0, x1, y1 = box
    seat = int(starting.get("seat", 0) or 0)
    end = _seat_chip(im, x0, y0 + 16, seat, names, 26, (x1 - x0) // 2)
    draw_text(
        im,
        (end + 10, y0 + 16),
        "rallies, leads or specializes:",
        17,
        MUTED,
        anchor="lm",
        max_width=max(20, x1 - end - 10),
        min_size=12,
    )
    _draw_cards(im, list(starting.get("cards") or []), (x0, y0 + 40, x1, y1))


def _draw_cards(im: Image.Image, cards: list, box: Box) -> None:
    x0, y0, x1, y1 = box
    if not cards or y1 - y0 < 40:
        return
    w = min(200, (x1 - x0 - 6 * (len(cards) - 1)) // len(cards))
    x = x0
    for card in cards:
        draw_any(im, (x, y0, x + w, y1), card)
        x += w + 6


def _draw_step(im: Image.Image, view: View, res: dict, box: Box) -> None:
    x0, y0, x1, y1 = box
    notes = []
    if res.get("left"):
        notes.append(f"{res['left']} action{'s' if res['left'] != 1 else ''} left")
    if res.get("discard"):
        notes.append(f"discard {res['discard']} {'die' if res['discard'] == 1 else 'dice'}")
    target = res.get("target")
    if target:
        notes.append(f"may attack {target.get('name', '?')} (defense {target.get('defense', '?')})")
    if notes:
        box_ = draw_text(im, (x0, y0), " · ".join(notes), 16, GOLD, bold=True, max_width=x1 - x0)
        y0 = box_[3] + 4
    _draw_cards(im, list(res.get("cards") or []), (x0, y0, x1, y1))


def mid_height(view: View) -> int:
    """The band of the location being resolved: taller while it shows the current cards."""
    res = view.get("resolving") or view.get("starting") or {}
    return RESOLVE_H + (CARDS_H if res.get("cards") else 0)


def draw_combat(im: Image.Image, view: View, names: Sequence[str], box: Box) -> None:
    """The combat being fought, or the last one: attacker, target, defence, dice and result."""
    fight = view.get("combat") or {}
    x0, y0, x1, y1 = box
    result = fight.get("result")
    _frame(im, box, GOLD if result is None else PANEL_EDGE)
    with panel("combat", box):
        label(im, x0 + 14, y0 + 10, "Combat" if result is None else "Last combat")
        defense = int(fight.get("defense", 0) or 0)
        left = draw_defense(im, x1 - 14, y0 + 30, defense, 40)
        draw_text(im, (left - 4, y0 + 30), "defense", 15, MUTED, anchor="rm")
        seat = int(fight.get("seat", 0) or 0)
        end = _seat_chip(im, x0 + 14, y0 + 50, seat, names, 28, (x1 - x0) // 2 - 60)
        draw_text(
            im,
            (end + 8, y0 + 50),
            f"vs {fight.get('target', '?')}",
            20,
            INK,
            anchor="lm",
            bold=True,
            max_width=max(20, int(left - end - 90)),
            min_size=12,
        )
        dice = [int(v) for v in fight.get("dice") or []]
        hits = sum(dice)
        x = x0 + 14
        size = 40 if len(dice) <= 6 else 30
        for value in dice[:10]:
            paste_sprite(im, combat_die(value, size), (x, y0 + 92 - size / 2))
            x += size + 5
        verdict = {"won": "WON", "lost": "LOST"}.get(str(result), "fighting")
        draw_text(
            im,
            (x + 8, y0 + 84),
            f"{hits} hit{'s' if hits != 1 else ''} vs {defense}: {verdict}",
            20,
            GOLD if result == "won" else INK,
            anchor="lm",
            bold=True,
            max_width=max(20, x1 - x - 22),
            min_size=13,
        )
        rerolls = int(fight.get("rerolls", 0) or 0)
        if rerolls:
            draw_text(
                im,
                (x + 8, y0 + 106),
                f"{rerolls} re-roll{'s' if rerolls != 1 else ''} for Favor",
                15,
                MUTED,
                anchor="lm",
                max_width=max(20, x1 - x - 22),
                min_size=11,
            )


def draw_log(im: Image.Image, view: View, names: Sequence[str], box: Box) -> None:
    x0, y0, x1, y1 = box
    _frame(im, box)
    with panel("recent moves", box):
        label(im, x0 + 12, y0 + 10, "Recent moves")
        y = y0 + 34
        room = max(0, (y1 - 8 - y) // 23)
        blocks: list[list[str]] = []
        used = 0
        for entry in reversed(list(view.get("log") or [])):
            seat = entry.get("seat")
            text = name_seats(str(entry.get("text", "")), list(names))
            if seat is not None:
                text = f"{name_of(names, int(seat))} {text}"
            lines = wrap_text(text, 18, x1 - x0 - 24, max_lines=2)
            if used + len(lines) > room:
                break
            blocks.append(lines)
            used += len(lines)
        for lines in reversed(blocks):
            for line in lines:
                draw_text(im, (x0 + 12, y), line, 18, INK)
                y += 23
