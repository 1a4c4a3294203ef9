"""The Saga status lines and the combat panel."""

from __future__ import annotations

from collections.abc import Sequence

from PIL import Image, ImageDraw

from render.common import (
    BAD,
    GOLD,
    INK,
    MUTED,
    RGB,
    Box,
    draw_text,
    paste_sprite,
)
from render.saga.map import _area_map, _units
from render.saga.pieces import leader_token, shield, sword_axe_icon
from render.saga.style import ACTION_NAMES, SIDE_NAMES, SIDES, View, _area_name, _side_label


def _status_lines(view: View, names: Sequence[str]) -> list[tuple[str, RGB]]:
    """Plain lines for the phase panel."""
    lines: list[tuple[str, RGB]] = []
    phase = str(view.get("phase") or "")
    if phase == "draft":
        draft = view.get("draft") or {}
        order = [str(s) for s in draft.get("order") or []]
        picks = int(draft.get("picks", 0) or 0)
        if order and picks < len(order):
            lines.append(
                (f"Pick {picks + 1} of {len(order)}: {_side_label(view, names, order[picks])}", GOLD)
            )
    elif phase == "actions":
        res = view.get("resolving") or {}
        side = str(res.get("side") or "")
        if side:
            tile = res.get("tile")
            what = f"tile {tile}" if tile else "choosing a tile"
            lines.append((f"{_side_label(view, names, side)} ({SIDE_NAMES.get(side, side)}): {what}", GOLD))
            action = res.get("action")
            if action:
                name = "bonus action" if action == "bonus" else ACTION_NAMES.get(str(action), str(action))
                lines.append((f"Doing: {name}", INK))
            must = res.get("must_move") or {}
            if must.get("to"):
                lines.append(
                    (f"Must move from {_area_name(must.get('from'))} to {_area_name(must['to'])}", INK)
                )
            done = [ACTION_NAMES.get(str(a), str(a)) for a in res.get("done") or []]
            if done:
                lines.append(("Done: " + ", ".join(done), MUTED))
            order = [str(s) for s in res.get("order") or []]
            if len(order) == 2:
                lines.append(
                    (f"Order: {SIDE_NAMES.get(order[0])} first, then {SIDE_NAMES.get(order[1])}", MUTED)
                )
    elif phase == "return":
        warriors, leaders = _units(view.get("returning"))
        n = warriors + len(leaders)
        lines.append((f"Drakkar returns: {n} unit{'s' if n != 1 else ''} to place", GOLD))
        lines.append(("spread evenly over Scandinavia", MUTED))
    return lines


def _combat_height(view: View) -> int:
    return 196 if view.get("phase") == "combat" and view.get("combat") else 0


def _draw_combat(im: Image.Image, view: View, names: Sequence[str], box: Box) -> None:
    d = ImageDraw.Draw(im)
    x0, y0, x1, y1 = box
    combat = view.get("combat") or {}
    d.rounded_rectangle(box, 14, fill=(70, 34, 34), outline=BAD, width=3)
    paste_sprite(im, sword_axe_icon(30), (x0 + 12, y0 + 10))
    area = combat.get("area")
    title = f"Battle of {_area_name(area)}" if area else "The Vikings choose the next battle"
    draw_text(im, (x0 + 50, y0 + 25), title, 22, INK, anchor="lm", bold=True, max_width=x1 - x0 - 62)
    y = y0 + 52
    strength = combat.get("strength") or {}
    winner = combat.get("winner")
    revealed: dict[str, list[str]] = {"viking": [], "anglo": []}
    if area:
        found = _area_map(view).get(str(area)) or {}
        for side in SIDES:
            _, leaders = _units(found.get(side))
            revealed[side] = [
                str(ldr.get("name")) for ldr in leaders if ldr.get("revealed") and ldr.get("name")
            ]
    half = (x1 - x0 - 24) / 2
    for i, side in enumerate(SIDES):
        cx = x0 + 12 + i * half
        paste_sprite(im, shield(side, 34), (cx, y))
        value = strength.get(side)
        big = str(value) if value is not None else "?"
        box_ = draw_text(
            im, (cx + 40, y + 17), big, 30, GOLD if winner == side else INK, anchor="lm", bold=True
        )
        if winner == side:
            draw_text(im, (box_[2] + 8, y + 17), "wins", 18, GOLD, anchor="lm", bold=True)
        elif (combat.get("passed") or {}).get(side) and value is None:
            draw_text(im, (box_[2] + 8, y + 17), "passed", 18, MUTED, anchor="lm")
        ly = y + 40
        for name in revealed[side][:2]:
            paste_sprite(im, leader_token(side, 18, True), (cx, ly))
            draw_text(
                im,
                (cx + 22, ly + 11),
                name,
                18,
                GOLD,
                anchor="lm",
                bold=True,
                max_width=int(half) - 28,
                min_size=14,
            )
            ly += 26
    y += 96
    step = str(combat.get("step") or "")
    turn = combat.get("turn")
    line = ""
    if step == "reveal" and turn:
        line = f"{SIDE_NAMES.get(str(turn))}: reveal a leader or pass"
    elif step == "casualties":
        losses = combat.get("losses") or {}
        parts = [f"{SIDE_NAMES[s]} lose {losses[s]}" for s in SIDES if losses.get(s)]
        line = ", ".join(parts) if parts else "casualties"
    elif step == "retreat" and combat.get("retreating"):
        line = f"{SIDE_NAMES.get(str(combat['retreating']))} retreat"
    elif step == "ability" and combat.get("ability"):
        line = f"Ability: {str(combat['ability']).replace('_', ' ')}"
    elif step == "order":
        line = "Vikings pick the next battle"
    if line:
        draw_text(im, (x0 + 12, y), line, 18, INK, anchor="lm", max_width=x1 - x0 - 24, min_size=15)
    pending = [_area_name(a) for a in combat.get("pending") or []]
    if pending:
        draw_text(
            im,
            (x0 + 12, y + 24),
            "Still to fight: " + ", ".join(pending),
            18,
            MUTED,
            anchor="lm",
            max_width=x1 - x0 - 24,
            min_size=14,
        )
