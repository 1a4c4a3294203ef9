"""The public Reavers board: header, round track, the six locations, the location being
resolved with the last combat, every longship, and the recent moves.

Drawn only from ``games.reavers.view(state, None)``; ``view["private"]`` is never read.
"""

from __future__ import annotations

from collections.abc import Sequence

from PIL import Image

from games.core import name_seats
from render.common import (
    GAP,
    HEAD_H,
    MARGIN,
    OUTCOME_H,
    WIDTH,
    board_header,
    outcome_header,
)
from render.reavers.dice import pawn
from render.reavers.locations import draw_locations, locations_height
from render.reavers.ships import draw_ship, panel_height
from render.reavers.status import TRACK_H, draw_combat, draw_log, draw_resolving, draw_track, mid_height
from render.reavers.style import BG, View, name_of, seat_color

PHASES = {"start": "Starting Reavers", "place": "Placing", "resolve": "Resolving"}
LOG_H = 170
# Boards this tall (late five-player games) pass the size limit at zlib level 3 as RGB
# PNGs: they are packed at level 4 first (``PACKING`` in ``render.reavers``).
TALL = 2240


def _header(im: Image.Image, view: View, names: Sequence[str], height: int) -> None:
    outcome = view.get("outcome") if view.get("over") else None
    if outcome:
        winners = [int(s) for s in outcome.get("winners") or []]
        scores = list(outcome.get("scores") or [])
        if winners:
            who = " & ".join(name_of(names, s) for s in winners)
            best = scores[winners[0]] if winners[0] < len(scores) else None
            title = f"{who} {'wins' if len(winners) == 1 else 'win'}!" + (
                f"  {best} Glory" if best is not None else ""
            )
        else:
            title = "Game over"
        reason = name_seats(str(outcome.get("reason") or ""), list(names))
        sail, edge = seat_color(winners[0]) if winners else ((200, 200, 200), (40, 40, 40))
        outcome_header(
            im,
            height,
            title=title,
            aside=f"after round {view.get('round', 6)}",
            reason=reason,
            badge=pawn(52, sail, edge) if winners else None,
        )
        return
    to_act = [int(s) for s in view.get("to_act") or []]
    prompt = name_seats(str(view.get("prompt") or ""), list(names))
    who = ", ".join(name_of(names, s) for s in to_act)
    text = f"{who}: {prompt}" if who and prompt else who or prompt
    badge = None
    if len(to_act) == 1:
        sail, edge = seat_color(to_act[0])
        badge = pawn(48, sail, edge)
    title = f"Round {view.get('round', 1)}/{view.get('rounds', 6)}"
    board_header(im, height, title=title, chip=PHASES.get(str(view.get("phase"))), badge=badge, text=text)


def _tags(view: View, index: int) -> list[str]:
    tags = []
    outcome = view.get("outcome") if view.get("over") else None
    if outcome:
        winners = [int(s) for s in outcome.get("winners") or []]
        scores = list(outcome.get("scores") or [])
        if index in winners:
            tags.append("WINNER")
        elif index < len(scores):
            # winners (tie-break included) first, then by final score
            ahead = len(winners) + sum(
                1 for other, score in enumerate(scores) if other not in winners and score > scores[index]
            )
            tags.append(("1st", "2nd", "3rd", "4th", "5th")[min(4, ahead)])
        return tags
    if index in (view.get("to_act") or []):
        tags.append("to act")
    if view.get("start") == index:
        tags.append("start")
    if view.get("honor") == index:
        tags.append("honor ship")
    return tags


def board_image(view: View, *, names: Sequence[str]) -> Image.Image:
    """The public board, drawn; ``view["private"]`` is never read."""
    seats = list(view.get("seats") or [])
    outcome = view.get("outcome") if view.get("over") else None
    breakdowns = list(outcome.get("breakdown") or []) if outcome else []
    head_h = OUTCOME_H if outcome else HEAD_H
    track_top = head_h + GAP
    loc_top = track_top + TRACK_H + GAP
    mid_top = loc_top + locations_height(view) + GAP
    half = (WIDTH - 2 * MARGIN - GAP) // 2
    rows = [seats[i : i + 2] for i in range(0, len(seats), 2)]
    heights = [max(panel_height(s, bool(breakdowns)) for s in row) for row in rows]
    odd = bool(rows) and len(rows[-1]) == 1
    has_combat = bool(view.get("combat"))
    # while pawns are placed there is nothing being resolved: no band for it then, unless it
    # holds the last combat or the recent moves
    busy = view.get("resolving") or view.get("starting") or has_combat
    mid_h = mid_height(view) if busy or not odd else 0
    ships_top = mid_top + (mid_h + GAP if mid_h else 0)
    # the recent moves go beside the last longship when it is alone in its row, else beside
    # the location being resolved, or (with a combat there) in a band of their own
    log_row = LOG_H + GAP if has_combat and not odd else 0
    if odd:
        heights[-1] = max(heights[-1], LOG_H)
    height = ships_top + sum(heights) + GAP * len(rows) + log_row + MARGIN - GAP

    im = Image.new("RGB", (WIDTH, height), BG)
    _header(im, view, names, head_h)
    draw_track(im, view, names, (MARGIN, track_top, WIDTH - MARGIN, track_top + TRACK_H))
    draw_locations(im, view, loc_top)
    left = (MARGIN, mid_top, MARGIN + half, mid_top + mid_h)
    right = (MARGIN + half + GAP, mid_top, WIDTH - MARGIN, mid_top + mid_h)
    if has_combat:
        draw_resolving(im, view, names, left)
        draw_combat(im, view, names, right)
    elif odd and mid_h:
        draw_resolving(im, view, names, (MARGIN, mid_top, WIDTH - MARGIN, mid_top + mid_h))
    elif not odd:
        draw_resolving(im, view, names, left)
        draw_log(im, view, names, right)
    y = ships_top
    to_act = [int(s) for s in view.get("to_act") or []]
    for r, row in enumerate(rows):
        for c, seat in enumerate(row):
            x = MARGIN + c * (half + GAP)
            index = int(seat.get("seat", 2 * r + c))
            breakdown = breakdowns[index] if index < len(breakdowns) else None
            if breakdown and "total" in breakdown:
                seat = {**seat, "total": breakdown["total"]}  # the final score, in place of the track
            draw_ship(
                im,
                (x, y, x + half, y + heights[r]),
                seat,
                name_of(names, index),
                active=index in to_act and not outcome,
                tags=_tags(view, index),
                breakdown=breakdown,
            )
        if len(row) == 1:
            draw_log(im, view, names, (MARGIN + half + GAP, y, WIDTH - MARGIN, y + heights[r]))
        y += heights[r] + GAP
    if log_row:
        draw_log(im, view, names, (MARGIN, y, WIDTH - MARGIN, y + LOG_H))
    return im
