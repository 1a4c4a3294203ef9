"""The Saga status lines and the combat panel."""

from __future__ import annotations

from collections.abc import Sequence

from PIL import Image

from games.saga.data import ABILITIES
from render.common import (
    BAD,
    GOLD,
    INK,
    MUTED,
    RGB,
    Box,
    draw_text,
    panel,
    paste_sprite,
)
from render.common.canvas import canvas
from render.saga.map import area_map, units_of
from render.saga.panels import SIDE_W
from render.saga.pieces import leader_token, shield, sword_axe_icon
from render.saga.style import ACTION_NAMES, SIDE_NAMES, SIDES, View, area_name, side_label, wrapped


def status_lines(view: View, names: Sequence[str]) -> list[tuple[str, RGB]]:
    """Plain lines for the phase panel."""
    lines: list[tuple[str, RGB]] = []
    phase = str(view.get("phase") or "")
    if phase == "draft":
        draft = view.get("draft") or {}
        order = [str(s) for s in draft.get("order") or []]
        picks = int(draft.get("picks", 0) or 0)
        if order and picks < len(order):
            lines.append((f"Pick {picks + 1} of {len(order)}: {side_label(view, names, order[picks])}", GOLD))
    elif phase == "actions":
        res = view.get("resolving") or {}
        side = str(res.get("side") or "")
        if side:
            tile = res.get("tile")
            what = f"tile {tile}" if tile else "choosing a tile"
            lines.append((f"{side_label(view, names, side)} ({SIDE_NAMES.get(side, side)}): {what}", GOLD))
            action = res.get("action")
            if action:
                name = "bonus action" if action == "bonus" else ACTION_NAMES.get(str(action), str(action))
                lines.append((f"Doing: {name}", INK))
            must = res.get("must_move") or {}
            if must.get("to"):
                lines.append(
                    (f"Must move from {area_name(must.get('from'))} to {area_name(must['to'])}", INK)
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
        warriors, leaders = units_of(view.get("returning"))
        n = warriors + len(leaders)
        lines.append((f"Drakkar returns: {n} unit{'s' if n != 1 else ''} to place", GOLD))
        lines.append(("spread evenly over Scandinavia", MUTED))
    return lines


LEADER_LINE = 20


def _combat_leaders(view: View) -> list[tuple[str, str, str]]:
    """``(side, name, what it does)`` for each leader revealed in the current battle."""
    area = (view.get("combat") or {}).get("area")
    found = area_map(view).get(str(area)) or {} if area else {}
    out = []
    for side in SIDES:
        for leader in units_of(found.get(side))[1]:
            if leader.get("revealed") and leader.get("name"):
                text = ABILITIES.get(str(leader.get("ability")), {}).get("text", "")
                out.append((side, str(leader["name"]), text))
    return out


def _leader_lines(name: str, text: str, width: int) -> list[str]:
    return wrapped(f"{name}: {text}" if text else name, 16, width, max_lines=2)


def _strength_so_far(view: View, side: str) -> int:
    """The side's strength counting its revealed leaders' abilities and every hidden leader
    as 1: what the battle stands at while leaders are still being revealed."""
    area = (view.get("combat") or {}).get("area")
    found = area_map(view).get(str(area)) or {}
    warriors, leaders = units_of(found.get(side))
    fort = bool(found.get("stronghold"))
    total = warriors
    for leader in leaders:
        kind = leader.get("ability") if leader.get("revealed") else None
        if kind in ("burh_warden", "siege_breaker") and fort:
            total += 2
        elif kind == "field_thegn" and not fort:
            total += 3
        else:
            total += 1
    return total


def combat_height(view: View) -> int:
    if view.get("phase") != "combat" or not view.get("combat"):
        return 0
    lines = sum(len(_leader_lines(n, t, SIDE_W - 60)) for _, n, t in _combat_leaders(view))
    leaders = len(_combat_leaders(view))
    return 52 + 50 + lines * LEADER_LINE + leaders * 8 + 58


def draw_combat(im: Image.Image, view: View, names: Sequence[str], box: Box) -> None:
    d = canvas(im)
    d.rounded_rectangle(box, 14, fill=(70, 34, 34), outline=BAD, width=3)
    with panel("combat", box):
        _draw_battle(im, view, box)


def _draw_battle(im: Image.Image, view: View, box: Box) -> None:
    x0, y0, x1, y1 = box
    combat = view.get("combat") or {}
    paste_sprite(im, sword_axe_icon(30), (x0 + 12, y0 + 10))
    area = combat.get("area")
    title = f"Battle of {area_name(area)}" if area else "The Vikings choose the next battle"
    draw_text(im, (x0 + 50, y0 + 25), title, 22, INK, anchor="lm", bold=True, max_width=x1 - x0 - 62)
    y = y0 + 52
    strength = combat.get("strength") or {}
    winner = combat.get("winner")
    half = (x1 - x0 - 24) / 2
    for i, side in enumerate(SIDES):
        cx = x0 + 12 + i * half
        paste_sprite(im, shield(side, 36), (cx, y))
        value = strength.get(side)
        if value is None and area:
            big, note = str(_strength_so_far(view, side)), "so far"
        else:
            big, note = (str(value), "") if value is not None else ("-", "")
        box_ = draw_text(
            im, (cx + 42, y + 18), big, 34, GOLD if winner == side else INK, anchor="lm", bold=True
        )
        if winner == side:
            note = "wins"
        elif (combat.get("passed") or {}).get(side) and value is None:
            note = "so far, passed"
        if note:
            draw_text(
                im,
                (box_[2] + 8, y + 18),
                note,
                17,
                GOLD if note == "wins" else MUTED,
                anchor="lm",
                bold=note == "wins",
                max_width=int(cx + half - box_[2] - 12),
                min_size=13,
            )
    y += 50
    for side, name, text in _combat_leaders(view):
        paste_sprite(im, leader_token(side, 22, True), (x0 + 12, y))
        lines = _leader_lines(name, text, x1 - x0 - 60)
        for n, line in enumerate(lines):
            draw_text(im, (x0 + 42, y + n * LEADER_LINE), line, 16, GOLD if n == 0 else INK, bold=n == 0)
        y += len(lines) * LEADER_LINE + 8
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
        kind = str(combat["ability"])
        line = f"Using {ABILITIES.get(kind, {}).get('name', kind.replace('_', ' '))}"
    elif step == "order":
        line = "Vikings pick the next battle"
    y += 4
    if line:
        draw_text(im, (x0 + 12, y + 10), line, 18, INK, anchor="lm", max_width=x1 - x0 - 24, min_size=15)
    pending = [area_name(a) for a in combat.get("pending") or []]
    if pending:
        draw_text(
            im,
            (x0 + 12, y + 34),
            "Still to fight: " + ", ".join(pending),
            18,
            MUTED,
            anchor="lm",
            max_width=x1 - x0 - 24,
            min_size=14,
        )
