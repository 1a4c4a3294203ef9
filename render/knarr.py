"""Knarr pictures: the public board and one player's hand.

Both are drawn only from a view of ``games.knarr.view`` (docs/contract.md, "Knarr view");
the board reads nothing from ``view["private"]``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import lru_cache
from typing import Any

from PIL import Image, ImageDraw

from games.core import name_seats
from render.common import (
    BG,
    DARK,
    GAP,
    GOLD,
    HAND_WIDTH,
    HEADER_BG,
    INK,
    MARGIN,
    MUTED,
    PANEL,
    PANEL_EDGE,
    RGB,
    VIKING_COLORS,
    WIDTH,
    Box,
    draw_text,
    encode_png,
    hand_header,
    icon,
    paste_sprite,
    pip,
    shade,
    ship_icon,
    symbol,
    text_on,
    text_width,
    triangle_right,
    wrap_text,
)

View = Mapping[str, Any]

COLORS: tuple[str, ...] = ("red", "yellow", "green", "blue", "purple")

ACTIVE_EDGE: RGB = GOLD
PARCHMENT: RGB = (240, 228, 200)
PARCHMENT_EDGE: RGB = (92, 64, 36)
CELL: RGB = (222, 206, 170)
TYPE_COLORS: dict[str, RGB] = {"A": (30, 112, 122), "B": (132, 44, 54)}
TYPE_NAMES: dict[str, str] = {"A": "Trading Lands", "B": "Lands of Influence"}

# seat -> (hull, edge): white, beige, brown, black
SHIPS: tuple[tuple[RGB, RGB], ...] = (
    ((246, 246, 240), (40, 36, 32)),
    ((222, 194, 146), (40, 36, 32)),
    ((128, 82, 46), (244, 232, 210)),
    ((22, 22, 24), (222, 222, 222)),
)

ARTIFACTS: dict[str, tuple[str, str]] = {
    "mead_cup": ("Mead Cup", "After exploring, you may discard one face-up Viking and redraw it."),
    "silver_coin": ("Silver Coin", "Each recruit beyond your 3rd of a colour scores +1 VP."),
    "cauldron": ("Cauldron", "Recruit your 2nd of a colour: take any face-up Viking, free."),
    "golden_bracelet": (
        "Golden Bracelet",
        "Recruit your 3rd of a colour: reserve a destination (max 2) to explore later.",
    ),
    "helmet": ("Helmet", "Explore a B land right after an A land: take an extra Recruit."),
    "amulet": ("Amulet", "Complete a row of all 5 colours: +1 bracelet, +1 recruit, +1 reputation."),
    "weathervane": ("Weathervane", "Complete a row of all 5 colours: explore again (and pay)."),
}


def _ship(seat: int) -> tuple[RGB, RGB]:
    return SHIPS[seat % len(SHIPS)]


def _name(names: Sequence[str], seat: int) -> str:
    if 0 <= seat < len(names) and names[seat].strip():
        return names[seat]
    return f"Player {seat + 1}"


# --- card sprites --------------------------------------------------------------------


@lru_cache(maxsize=256)
def _helmet(width: int, color: RGB) -> Image.Image:
    """A horned helmet, the decoration in the middle of a Viking card."""
    height = round(width * 0.62)
    big = Image.new("RGBA", (width * 4, height * 4), (0, 0, 0, 0))
    d = ImageDraw.Draw(big)
    w, h = width * 4, height * 4
    fill = color + (255,)
    d.chord((0.26 * w, 0.2 * h, 0.74 * w, 1.5 * h), 180, 360, fill=fill)
    d.rectangle((0.22 * w, 0.78 * h, 0.78 * w, 0.98 * h), fill=fill)
    d.polygon([(0.28 * w, 0.62 * h), (0.04 * w, 0.0), (0.14 * w, 0.6 * h)], fill=fill)
    d.polygon([(0.72 * w, 0.62 * h), (0.96 * w, 0.0), (0.86 * w, 0.6 * h)], fill=fill)
    return big.resize((width, height), Image.Resampling.LANCZOS)


@lru_cache(maxsize=512)
def viking_card(card_id: str, color: str, asset: str, w: int, h: int) -> Image.Image:
    """A full Viking card: its colour, its asset at the top, a helmet, its id."""
    base = VIKING_COLORS.get(color, (120, 120, 120))
    sprite = Image.new("RGBA", (w, h), (0, 0, 0, 0))
    d = ImageDraw.Draw(sprite)
    radius = max(6, w // 10)
    d.rounded_rectangle((0, 0, w - 1, h - 1), radius, fill=shade(base, 0.55) + (255,))
    d.rounded_rectangle((3, 3, w - 4, h - 4), radius - 2, fill=base + (255,))
    badge = round(w * 0.62)
    bx, by = (w - badge) // 2, round(h * 0.06)
    paste_sprite(sprite, pip(badge, (250, 244, 228), shade(base, 0.5), 3), (bx, by))
    isize = round(badge * 0.72)
    paste_sprite(sprite, icon(asset, isize), (bx + (badge - isize) / 2, by + (badge - isize) / 2))
    hw = round(w * 0.56)
    helm = _helmet(hw, shade(base, 0.72))
    paste_sprite(sprite, helm, ((w - hw) / 2, by + badge + h * 0.06))
    rgb = Image.new("RGB", (w, h))
    draw_text(rgb, (w / 2, h - 6), card_id, max(14, w // 5), (255, 255, 255), anchor="mb", bold=True)
    sprite.paste(text_on(base) + (255,), (0, 0), rgb.convert("L"))
    return sprite


@lru_cache(maxsize=256)
def crew_strip(color: str, asset: str, w: int, h: int) -> Image.Image:
    """A Viking card in a crew column, of which only the top (its asset) shows."""
    base = VIKING_COLORS.get(color, (120, 120, 120))
    sprite = Image.new("RGBA", (w, h), (0, 0, 0, 0))
    d = ImageDraw.Draw(sprite)
    d.rounded_rectangle((0, 0, w - 1, h - 1), 7, fill=shade(base, 0.5) + (255,))
    d.rounded_rectangle((2, 2, w - 3, h - 3), 6, fill=base + (255,))
    isize = 26
    paste_sprite(sprite, pip(isize + 6, (250, 244, 228), shade(base, 0.5), 2), ((w - isize - 6) / 2, 2))
    paste_sprite(sprite, icon(asset, isize - 4), ((w - isize + 4) / 2, 7))
    return sprite


def _cost_key(cost: Mapping[str, int]) -> tuple[tuple[str, int], ...]:
    return tuple((str(k), int(v)) for k, v in cost.items())


def _dest_key(dest: Mapping[str, Any]) -> tuple[Any, ...]:
    return (
        str(dest.get("id", "?")),
        str(dest.get("type", "A")),
        _cost_key(dest.get("cost") or {}),
        _cost_key(dest.get("immediate") or {}),
        tuple(dest.get("trade") or (None, None, None)),
    )


def draw_cost(im: Image.Image, x: int, y: int, cost: Mapping[str, int], size: int) -> int:
    """Cost pips at ``(x, y)`` (top-left), ``size`` pixels tall; returns the right edge."""
    if "different" in cost or "same" in cost:
        kind, count = ("ne", cost["different"]) if "different" in cost else ("eq", cost["same"])
        chip_w = size + 8 + text_width(f"x{count}", size - 2, bold=True) + 8
        ImageDraw.Draw(im).rounded_rectangle((x, y, x + chip_w, y + size), size // 2, fill=(70, 62, 56))
        paste_sprite(im, symbol(kind, size - 4, (255, 255, 255)), (x + 6, y + 2))
        draw_text(
            im, (x + size + 6, y + size / 2), f"x{count}", size - 2, (255, 255, 255), anchor="lm", bold=True
        )
        return x + chip_w
    step = size + 3
    for color in [c for c in COLORS if c in cost] + [c for c in cost if c not in COLORS]:
        fill = VIKING_COLORS.get(color, (128, 128, 128))
        for _ in range(int(cost[color])):
            paste_sprite(im, pip(size, fill, (30, 24, 20), 2), (x, y))
            x += step
    return x - 3


def _immediate_items(immediate: Mapping[str, int]) -> list[tuple[str, int]]:
    items: list[tuple[str, int]] = []
    for asset, count in immediate.items():
        if asset == "vp":
            items.append(("vp", int(count)))
        else:
            items.extend((asset, 1) for _ in range(int(count)))
    return items


@lru_cache(maxsize=128)
def dest_card(key: tuple[Any, ...], w: int, h: int) -> Image.Image:
    """A destination card: id band, cost, immediate assets, the three trade columns."""
    card_id, kind, cost, immediate, trade = key
    sprite = Image.new("RGB", (w, h), BG)
    d = ImageDraw.Draw(sprite)
    band = TYPE_COLORS.get(kind, (80, 80, 80))
    d.rounded_rectangle((0, 0, w - 1, h - 1), 12, fill=PARCHMENT, outline=PARCHMENT_EDGE, width=2)
    d.rounded_rectangle((2, 2, w - 3, 36), 10, fill=band)
    d.rectangle((2, 24, w - 3, 36), fill=band)
    draw_text(sprite, (12, 19), card_id, 22, (255, 255, 255), anchor="lm", bold=True)
    draw_cost(sprite, w - 12 - _cost_width(dict(cost), 22), 8, dict(cost), 22)
    # immediate assets, centred
    items = _immediate_items(dict(immediate))
    isize = 34 if len(items) <= 4 else 32
    total = len(items) * isize + max(0, len(items) - 1) * 2
    ix = (w - total) / 2
    iy = 46
    if not items:
        draw_text(sprite, (w / 2, iy + isize / 2), "-", 22, (150, 130, 100), anchor="mm")
    for asset, count in items:
        paste_sprite(sprite, icon(asset, isize, count), (ix, iy))
        ix += isize + 2
    # trade columns
    top = iy + isize + 10
    cell_w = (w - 16 - 8) // 3
    for col in range(3):
        cx = 8 + col * (cell_w + 4)
        d.rounded_rectangle((cx, top, cx + cell_w, h - 9), 8, fill=CELL)
        draw_text(sprite, (cx + 5, top + 1), str(col + 1), 14, (140, 116, 80))
        traded = trade[col] if col < len(trade) else None
        if traded:
            tsize = 36
            paste_sprite(
                sprite, icon(traded, tsize), (cx + (cell_w - tsize) / 2, top + (h - 9 - top - tsize) / 2 + 3)
            )
    return sprite


def _cost_width(cost: Mapping[str, int], size: int) -> int:
    if "different" in cost or "same" in cost:
        count = cost.get("different", cost.get("same", 0))
        return size + 8 + text_width(f"x{count}", size - 2, bold=True) + 8
    n = sum(int(v) for v in cost.values())
    return max(0, n * (size + 3) - 3)


@lru_cache(maxsize=128)
def card_back(w: int, h: int, fill: RGB, label: str) -> Image.Image:
    """A small face-down pile: two offset card backs."""
    sprite = Image.new("RGBA", (w, h), (0, 0, 0, 0))
    d = ImageDraw.Draw(sprite)
    for off, tone in ((6, 0.6), (0, 1.0)):
        d.rounded_rectangle(
            (off, 6 - off, w - 7 + off, h - 1 - off),
            6,
            fill=shade(fill, tone) + (255,),
            outline=(230, 230, 236, 255),
            width=2,
        )
    rgb = Image.new("RGB", (w, h))
    draw_text(rgb, ((w - 6) / 2 + 3, (h + 6) / 2), label, 18, (255, 255, 255), anchor="mm", bold=True)
    sprite.paste((255, 255, 255, 255), (0, 0), rgb.convert("L"))
    return sprite


# --- board sections ------------------------------------------------------------------

SLOT_W, SLOT_H = 108, 160
CARD_W, CARD_H = 96, 148
DEST_W, DEST_H = 194, 182


def _label(im: Image.Image, x: float, y: float, text: str) -> None:
    draw_text(im, (x, y), text.upper(), 16, MUTED, bold=True)


def _draw_header(im: Image.Image, view: View, names: Sequence[str], height: int) -> None:
    d = ImageDraw.Draw(im)
    d.rectangle((0, 0, im.width, height), fill=HEADER_BG)
    d.line((0, height - 1, im.width, height - 1), fill=PANEL_EDGE, width=2)
    mid = height / 2
    x = MARGIN
    box = draw_text(im, (x, mid), f"Round {view.get('round', 1)}", 28, INK, anchor="lm", bold=True)
    x = box[2] + 14
    if view.get("final_round") and not view.get("over"):
        w = text_width("FINAL ROUND", 22, bold=True) + 24
        d.rounded_rectangle((x, mid - 18, x + w, mid + 18), 18, fill=(196, 40, 36))
        draw_text(im, (x + w / 2, mid), "FINAL ROUND", 22, (255, 255, 255), anchor="mm", bold=True)
        x += w + 14
    outcome = view.get("outcome") if view.get("over") else None
    if outcome:
        _draw_outcome_banner(im, outcome, names, x + 10, height)
        return
    to_act = list(view.get("to_act") or [])
    prompt = str(view.get("prompt") or "")
    if not to_act and not prompt:
        return
    who = ", ".join(_name(names, s) for s in to_act)
    text = f"{who}: {prompt}" if who and prompt else who or prompt
    x += 10
    triangle_right(d, x, mid, 26, GOLD)
    x += 32
    if len(to_act) == 1:
        hull, edge = _ship(to_act[0])
        ship = ship_icon(44, hull, edge)
        paste_sprite(im, ship, (x, mid - ship.height / 2))
        x += 52
    draw_text(
        im, (x, mid), text, 28, GOLD, anchor="lm", bold=True, max_width=im.width - MARGIN - x, min_size=20
    )


def _draw_outcome_banner(
    im: Image.Image, outcome: Mapping[str, Any], names: Sequence[str], x: int, height: int
) -> None:
    winners = [int(s) for s in outcome.get("winners") or []]
    scores = list(outcome.get("scores") or [])
    if winners:
        who = " & ".join(_name(names, s) for s in winners)
        best = scores[winners[0]] if winners[0] < len(scores) else None
        verb = "wins" if len(winners) == 1 else "win"
        title = f"{who} {verb}!" + (f"  {best} VP" if best is not None else "")
    else:
        title = "Game over"
    draw_text(
        im,
        (x, height * 0.36),
        title,
        30,
        GOLD,
        anchor="lm",
        bold=True,
        max_width=im.width - MARGIN - x,
        min_size=20,
    )
    reason = str(outcome.get("reason") or "")
    if reason:
        draw_text(
            im,
            (x, height * 0.76),
            reason,
            18,
            MUTED,
            anchor="lm",
            max_width=im.width - MARGIN - x,
            min_size=16,
        )


def _draw_market(im: Image.Image, view: View, top: int) -> int:
    """The five Viking slots, the piles and the artifacts; returns the bottom edge."""
    d = ImageDraw.Draw(im)
    vikings = view.get("vikings") or {}
    _label(im, MARGIN, top, "Vikings for hire")
    y = top + 24
    for i, color in enumerate(COLORS):
        x = MARGIN + i * (SLOT_W + 10)
        edge = VIKING_COLORS[color]
        d.rounded_rectangle((x, y, x + SLOT_W, y + SLOT_H), 14, fill=shade(edge, 0.28), outline=edge, width=4)
        card = vikings.get(color)
        if card:
            sprite = viking_card(
                str(card.get("id", "")),
                str(card.get("color", color)),
                str(card.get("asset", "")),
                CARD_W,
                CARD_H,
            )
            paste_sprite(im, sprite, (x + (SLOT_W - CARD_W) / 2, y + (SLOT_H - CARD_H) / 2))
        else:
            draw_text(im, (x + SLOT_W / 2, y + SLOT_H / 2), "empty", 20, shade(edge, 1.35), anchor="mm")
    # piles
    piles = view.get("piles") or {}
    px = MARGIN + 5 * (SLOT_W + 10) + 8
    _label(im, px, top, "Piles")
    entries = [
        ("vikings", "Vikings", (60, 70, 96)),
        ("discard", "Discard", (84, 70, 64)),
        ("A", "Trading", TYPE_COLORS["A"]),
        ("B", "Influence", TYPE_COLORS["B"]),
    ]
    for i, (key, label, pile_color) in enumerate(entries):
        cx = px + (i % 2) * 136
        cy = y + (i // 2) * 82
        count = int(piles.get(key, 0) or 0)
        back = card_back(50, 66, pile_color if count else (60, 60, 60), str(count))
        paste_sprite(im, back, (cx, cy))
        draw_text(im, (cx + 56, cy + 33), label, 18, INK if count else MUTED, anchor="lm")
    # artifacts
    ax = px + 282
    aw = im.width - MARGIN - ax
    ids = list((view.get("options") or {}).get("artifacts") or [])
    _label(im, ax, top, "Artifacts" if len(ids) != 1 else "Artifact")
    if not ids:
        d.rounded_rectangle((ax, y, ax + aw, y + SLOT_H), 12, outline=PANEL_EDGE, width=2)
        draw_text(im, (ax + aw / 2, y + SLOT_H / 2), "No artifact in this game", 20, MUTED, anchor="mm")
        return y + SLOT_H
    d.rounded_rectangle((ax, y, ax + aw, y + SLOT_H), 12, fill=(58, 48, 36), outline=(150, 118, 60), width=2)
    ay = y + 10
    per = (SLOT_H - 12) // max(1, len(ids))
    lines_max = 3 if len(ids) == 1 else max(1, (per - 30) // 22)
    for art in ids:
        name, text = ARTIFACTS.get(str(art), (str(art).replace("_", " ").title(), ""))
        draw_text(im, (ax + 14, ay), name, 22, GOLD, bold=True, max_width=aw - 28)
        ly = ay + 28
        for line in wrap_text(text, 18, aw - 28, max_lines=lines_max):
            draw_text(im, (ax + 14, ly), line, 18, INK)
            ly += 22
        ay += per
    return y + SLOT_H


def _draw_destinations(im: Image.Image, view: View, top: int) -> int:
    d = ImageDraw.Draw(im)
    dests = view.get("destinations") or {}
    group_gap = WIDTH - 2 * MARGIN - 6 * DEST_W - 4 * GAP
    y = top + 24
    x = MARGIN
    for kind in ("A", "B"):
        _label(im, x, top, f"{TYPE_NAMES[kind]} ({kind})")
        row = list(dests.get(kind) or [])
        row += [None] * (3 - len(row))
        for dest in row[:3]:
            if dest:
                im.paste(dest_card(_dest_key(dest), DEST_W, DEST_H), (x, y))
            else:
                d.rounded_rectangle((x, y, x + DEST_W, y + DEST_H), 12, outline=PANEL_EDGE, width=3)
                draw_text(im, (x + DEST_W / 2, y + DEST_H / 2), "empty", 20, MUTED, anchor="mm")
            x += DEST_W + GAP
        x += group_gap - GAP
    return y + DEST_H


def _mini_dest(im: Image.Image, x: int, y: int, dest: Mapping[str, Any], h: int = 40) -> int:
    """A compact destination: id tag and cost; returns the right edge."""
    kind = str(dest.get("type", "A"))
    band = TYPE_COLORS.get(kind, (80, 80, 80))
    card_id = str(dest.get("id", "?"))
    cost = dest.get("cost") or {}
    tw = text_width(card_id, 20, bold=True)
    w = _mini_dest_width(dest)
    d = ImageDraw.Draw(im)
    d.rounded_rectangle((x, y, x + w, y + h), 8, fill=PARCHMENT, outline=band, width=3)
    d.rounded_rectangle((x, y, x + tw + 14, y + h), 8, fill=band)
    draw_text(im, (x + 7, y + h / 2), card_id, 20, (255, 255, 255), anchor="lm", bold=True)
    draw_cost(im, x + tw + 20, int(y + (h - 20) / 2), cost, 20)
    return x + w


def _mini_dest_width(dest: Mapping[str, Any]) -> int:
    card_id = str(dest.get("id", "?"))
    return text_width(card_id, 20, bold=True) + 20 + _cost_width(dest.get("cost") or {}, 20) + 10


def _draw_pending(im: Image.Image, view: View, names: Sequence[str], top: int) -> int:
    pending = view.get("pending") or {}
    dest = pending.get("explore")
    if not dest:
        return top
    d = ImageDraw.Draw(im)
    h = 56
    d.rounded_rectangle(
        (MARGIN, top, im.width - MARGIN, top + h), 12, fill=(56, 46, 28), outline=GOLD, width=2
    )
    mid = top + h / 2
    to_act = list(view.get("to_act") or [])
    who = _name(names, to_act[0]) if to_act else "Exploring"
    box = draw_text(im, (MARGIN + 14, mid), f"{who} explores", 22, INK, anchor="lm", bold=True, max_width=360)
    x = _mini_dest(im, box[2] + 12, int(mid - 20), dest) + 24
    paid = list(pending.get("paid") or [])
    recruits = int(pending.get("recruits_paid") or 0)
    box = draw_text(im, (x, mid), "paid so far:", 20, MUTED, anchor="lm")
    x = box[2] + 10
    if not paid and not recruits:
        draw_text(im, (x, mid), "nothing yet", 20, MUTED, anchor="lm")
    for card in paid:
        paste_sprite(im, crew_strip(str(card.get("color")), str(card.get("asset")), 40, 44), (x, mid - 22))
        x += 44
    for _ in range(recruits):
        paste_sprite(im, icon("recruit", 36), (x + 2, mid - 18))
        x += 40
    return top + h


# --- player panel --------------------------------------------------------------------

CREW_W = 56
CREW_GAP = 6
STRIP_STEP = 31
STRIP_LAST = 44
CREW_MAX_H = 300
ROW_H = 36
TAG_W = 66


def _crew_height(seat: Mapping[str, Any]) -> int:
    crew = seat.get("crew") or {}
    tallest = max((len(crew.get(c) or []) for c in COLORS), default=0)
    if tallest == 0:
        return 30 + STRIP_LAST
    return min(CREW_MAX_H, 30 + (tallest - 1) * STRIP_STEP + STRIP_LAST)


def _reserved_rows(seat: Mapping[str, Any], width: int) -> list[list[Mapping[str, Any]]]:
    """The reserved destinations, broken into rows that fit ``width``."""
    rows: list[list[Mapping[str, Any]]] = []
    used = width + 1
    for dest in seat.get("reserved") or []:
        w = _mini_dest_width(dest) + 8
        if used + w > width and (not rows or rows[-1]):
            rows.append([])
            used = 0
        rows[-1].append(dest)
        used += w
    return rows


def _trade_width(panel_width: int) -> int:
    return panel_width - 14 - (5 * CREW_W + 4 * CREW_GAP + 18) - 14


def _trade_height(seat: Mapping[str, Any], width: int) -> int:
    rows = len(seat.get("explored") or []) + 1
    h = 30 + rows * ROW_H
    reserved = _reserved_rows(seat, width)
    if reserved:
        h += 28 + 46 * len(reserved)
    return h


def panel_height(seat: Mapping[str, Any], width: int) -> int:
    """The height of a player panel ``width`` pixels wide."""
    return 58 + 46 + max(_crew_height(seat), _trade_height(seat, _trade_width(width))) + 14


def _draw_crew(im: Image.Image, seat: Mapping[str, Any], x: int, y: int, height: int) -> None:
    d = ImageDraw.Draw(im)
    crew = seat.get("crew") or {}
    for i, color in enumerate(COLORS):
        cx = x + i * (CREW_W + CREW_GAP)
        cards = list(crew.get(color) or [])
        base = VIKING_COLORS[color]
        d.rounded_rectangle((cx, y, cx + CREW_W, y + 24), 8, fill=shade(base, 0.45))
        draw_text(im, (cx + CREW_W / 2, y + 12), str(len(cards)), 20, (255, 255, 255), anchor="mm", bold=True)
        top = y + 30
        if not cards:
            d.rounded_rectangle(
                (cx, top, cx + CREW_W, top + STRIP_LAST), 7, outline=shade(base, 0.6), width=2
            )
            continue
        avail = height - 30 - STRIP_LAST
        step = STRIP_STEP if len(cards) < 2 else min(STRIP_STEP, avail / (len(cards) - 1))
        for j, card in enumerate(cards):
            sprite = crew_strip(str(card.get("color", color)), str(card.get("asset", "")), CREW_W, STRIP_LAST)
            paste_sprite(im, sprite, (cx, top + j * step))


def _draw_trade(im: Image.Image, seat: Mapping[str, Any], x: int, y: int, w: int) -> None:
    d = ImageDraw.Draw(im)
    cell_w = (w - TAG_W - 8) // 3
    _label(im, x, y + 4, "Trade")
    for col in range(3):
        cx = x + TAG_W + 8 + col * cell_w + cell_w / 2
        # the cost of a column: that many bracelets
        n = col + 1
        bsize = 18
        total = n * bsize - (n - 1) * 2
        bx = cx - total / 2
        for _ in range(n):
            paste_sprite(im, icon("bracelet", bsize), (bx, y + 2))
            bx += bsize - 2
    rows: list[tuple[Mapping[str, Any] | None, Sequence[Any]]] = [
        (dest, dest.get("trade") or []) for dest in seat.get("explored") or []
    ]
    rows.append((None, seat.get("ship_trade") or []))
    ry = y + 28
    for i, (dest, trade) in enumerate(rows):
        shade_row = (48, 62, 84) if i % 2 == 0 else (44, 57, 77)
        d.rounded_rectangle((x, ry, x + w, ry + ROW_H - 4), 6, fill=shade_row)
        if dest is not None:
            kind = str(dest.get("type", "A"))
            d.rounded_rectangle(
                (x + 2, ry + 2, x + TAG_W, ry + ROW_H - 6), 6, fill=TYPE_COLORS.get(kind, (80, 80, 80))
            )
            draw_text(
                im,
                (x + TAG_W / 2 + 1, ry + (ROW_H - 4) / 2),
                str(dest.get("id", "?")),
                18,
                (255, 255, 255),
                anchor="mm",
                bold=True,
            )
        else:
            hull, edge = _ship(int(seat.get("seat", 0)))
            ship = ship_icon(40, hull, edge)
            paste_sprite(im, ship, (x + (TAG_W - 40) / 2, ry + (ROW_H - 4 - ship.height) / 2))
        for col in range(3):
            asset = trade[col] if col < len(trade) else None
            cx = x + TAG_W + 8 + col * cell_w + cell_w / 2
            if asset:
                paste_sprite(im, icon(str(asset), 28), (cx - 14, ry + (ROW_H - 4 - 28) / 2))
            else:
                d.ellipse((cx - 2, ry + 14, cx + 2, ry + 18), fill=(90, 104, 128))
        ry += ROW_H
    reserved = _reserved_rows(seat, w)
    if reserved:
        _label(im, x, ry + 6, "Reserved")
        ry += 28
        for row in reserved:
            rx = x
            for dest in row:
                rx = _mini_dest(im, rx, ry, dest, 38) + 8
            ry += 46


def _token_slots(im: Image.Image, x: int, y: int, asset: str, count: int, cap: int = 3) -> int:
    size = 30
    for i in range(max(cap, count)):
        if i < count:
            paste_sprite(im, icon(asset, size), (x, y))
        else:
            paste_sprite(im, pip(size - 10, (52, 66, 88), (86, 102, 128), 2), (x + 5, y + 5))
        x += size + 2
    return x


def draw_panel(
    im: Image.Image,
    box: Box,
    seat: Mapping[str, Any],
    name: str,
    *,
    active: bool,
    place: str | None = None,
    winner: bool = False,
) -> None:
    """One player's area: header, tokens, crew columns and trade rows."""
    d = ImageDraw.Draw(im)
    x0, y0, x1, y1 = box
    index = int(seat.get("seat", 0))
    hull, edge = _ship(index)
    edge_color = ACTIVE_EDGE if active or winner else PANEL_EDGE
    d.rounded_rectangle(box, 14, fill=PANEL, outline=edge_color, width=4 if active or winner else 2)
    # header: ship-coloured band
    head_fill = shade(PANEL, 1.12) if not active else (74, 66, 40)
    d.rounded_rectangle((x0 + 4, y0 + 4, x1 - 4, y0 + 54), 11, fill=head_fill)
    d.rectangle((x0 + 4, y0 + 8, x0 + 14, y0 + 50), fill=hull, outline=edge, width=1)
    ship = ship_icon(52, hull, edge)
    paste_sprite(im, ship, (x0 + 20, y0 + 29 - ship.height / 2))
    nx = x0 + 80
    score = str(seat.get("score", 0))
    score_w = text_width(score, 34, bold=True) + 44
    right = x1 - 14 - score_w
    tag = ""
    if winner:
        tag = "WINNER"
    elif place:
        tag = place
    elif active:
        tag = "to act"
    tag_w = (text_width(tag, 20, bold=True) + 40) if tag else 0
    nbox = draw_text(
        im,
        (nx, y0 + 29),
        name,
        28,
        INK,
        anchor="lm",
        bold=True,
        max_width=right - nx - tag_w - 8,
        min_size=18,
    )
    if tag:
        tx = nbox[2] + 10
        fill = GOLD if (active or winner) else (90, 104, 128)
        d.rounded_rectangle((tx, y0 + 15, tx + tag_w - 6, y0 + 43), 14, fill=fill)
        if active and not winner and not place:
            triangle_right(d, tx + 10, y0 + 29, 14, DARK)
            draw_text(im, (tx + 28, y0 + 29), tag, 20, DARK, anchor="lm", bold=True)
        else:
            draw_text(
                im,
                (tx + (tag_w - 6) / 2, y0 + 29),
                tag,
                20,
                DARK if fill == GOLD else INK,
                anchor="mm",
                bold=True,
            )
    paste_sprite(im, icon("vp", 38), (x1 - 14 - score_w, y0 + 10))
    draw_text(im, (x1 - 14, y0 + 29), score, 34, GOLD, anchor="rm", bold=True)
    # tokens row
    ty = y0 + 62
    x = x0 + 14
    paste_sprite(im, icon("reputation", 32), (x, ty))
    box_ = draw_text(im, (x + 36, ty + 16), str(seat.get("reputation", 0)), 26, INK, anchor="lm", bold=True)
    box_ = draw_text(im, (box_[2] + 4, ty + 17), f"(+{seat.get('income', 0)}/turn)", 18, MUTED, anchor="lm")
    x = box_[2] + 16
    x = _token_slots(im, x, ty + 1, "recruit", int(seat.get("recruits", 0) or 0)) + 12
    x = _token_slots(im, x, ty + 1, "bracelet", int(seat.get("bracelets", 0) or 0)) + 12
    paste_sprite(im, icon("card", 32), (x, ty))
    box_ = draw_text(im, (x + 32, ty + 16), f"{seat.get('hand_count', 0)}", 24, INK, anchor="lm", bold=True)
    if active and seat.get("traded"):
        draw_text(im, (box_[2] + 12, ty + 16), "traded", 18, MUTED, anchor="lm")
    # crew and trade
    by = y0 + 104
    body_h = y1 - 14 - by
    _draw_crew(im, seat, x0 + 14, by, min(body_h, CREW_MAX_H))
    tx = x0 + 14 + 5 * CREW_W + 4 * CREW_GAP + 18
    _draw_trade(im, seat, tx, by, _trade_width(x1 - x0))


# --- the two pictures ----------------------------------------------------------------


def _places(outcome: Mapping[str, Any], n: int) -> list[str]:
    """``1st``, ``2nd``... by final score; winners (tie-break included) come first."""
    scores = list(outcome.get("scores") or [])
    if len(scores) < n:
        return [""] * n
    winners = {int(s) for s in outcome.get("winners") or []}
    ordinals = ("1st", "2nd", "3rd", "4th", "5th")
    places = []
    for seat, score in enumerate(scores):
        if seat in winners:
            ahead = 0
        else:
            ahead = len(winners) + sum(
                1 for other, s in enumerate(scores) if other not in winners and s > score
            )
        places.append(ordinals[min(4, ahead)])
    return places


def _draw_log(im: Image.Image, view: View, names: Sequence[str], box: Box) -> None:
    d = ImageDraw.Draw(im)
    x0, y0, x1, y1 = box
    d.rounded_rectangle(box, 14, fill=(32, 42, 58), outline=PANEL_EDGE, width=2)
    _label(im, x0 + 14, y0 + 12, "Recent moves")
    y = y0 + 40
    lines = list(view.get("log") or [])
    room = max(0, (y1 - 10 - y) // 28)
    for entry in lines[-room:] if room else []:
        seat = entry.get("seat")
        text = name_seats(str(entry.get("text", "")), list(names))
        x = x0 + 14
        color = INK
        if seat is not None:
            hull, edge = _ship(int(seat))
            paste_sprite(im, pip(18, hull, edge, 2), (x, y + 4))
            text = f"{_name(names, int(seat))} {text}"
        else:
            color = GOLD
        draw_text(im, (x + 26, y), text, 20, color, max_width=x1 - 40 - x, min_size=16)
        y += 28


def board_png(view: View, *, names: Sequence[str]) -> bytes:
    """The public board as PNG bytes; ``view["private"]`` is never read."""
    seats = list(view.get("seats") or [])
    over = bool(view.get("over"))
    outcome = view.get("outcome") if over else None
    head_h = 84 if outcome else 68
    market_top = head_h + 12
    market_h = 24 + SLOT_H
    dest_top = market_top + market_h + 14
    dest_h = 24 + DEST_H
    pending = view.get("pending") or {}
    pend_h = 56 + 14 if pending.get("explore") else 0
    players_top = dest_top + dest_h + 14 + pend_h
    cols = 2
    panel_w = (WIDTH - 2 * MARGIN - GAP) // cols
    rows = [seats[i : i + cols] for i in range(0, len(seats), cols)]
    row_heights = [max(panel_height(s, panel_w) for s in row) for row in rows]
    if rows and len(rows[-1]) < cols and view.get("log"):
        row_heights[-1] = max(row_heights[-1], 200)
    height = players_top + sum(row_heights) + GAP * max(0, len(rows) - 1) + MARGIN

    im = Image.new("RGB", (WIDTH, height), BG)
    _draw_header(im, view, names, head_h)
    _draw_market(im, view, market_top)
    _draw_destinations(im, view, dest_top)
    if pend_h:
        _draw_pending(im, view, names, dest_top + dest_h + 14)
    to_act = set(view.get("to_act") or [])
    places = _places(outcome, len(seats)) if outcome else [""] * len(seats)
    winners = set(outcome.get("winners") or []) if outcome else set()
    y = players_top
    for r, row in enumerate(rows):
        for c, seat in enumerate(row):
            x = MARGIN + c * (panel_w + GAP)
            index = int(seat.get("seat", r * cols + c))
            draw_panel(
                im,
                (x, y, x + panel_w, y + row_heights[r]),
                seat,
                _name(names, index),
                active=index in to_act and not over,
                place=places[index] or None,
                winner=index in winners,
            )
        if len(row) < cols and view.get("log"):
            x = MARGIN + len(row) * (panel_w + GAP)
            _draw_log(im, view, names, (x, y, x + panel_w, y + row_heights[r]))
        y += row_heights[r] + GAP
    return encode_png(im)


HAND_CARD_W, HAND_CARD_H = 132, 196


def _recruit_gains(view: View, seat: Mapping[str, Any], card: Mapping[str, Any]) -> list[str]:
    color = str(card.get("color"))
    column = list((seat.get("crew") or {}).get(color) or [])
    return [str(c.get("asset")) for c in column] + [str(card.get("asset"))]


def hand_png(view: View, *, names: Sequence[str], seat: int | None = None) -> bytes | None:
    """One seat's hand (with its tokens, crew and trade rows), or ``None`` for a public view."""
    private = view.get("private")
    if not private:
        return None
    hand = list(private.get("hand") or [])
    seats = list(view.get("seats") or [])
    me = seat if seat is not None else _own_seat(view)
    mine = seats[me] if me is not None and 0 <= me < len(seats) else None
    # Without knowing the seat, draw the cards alone: never guess whose crew it is.
    index = me if mine is not None and me is not None else None
    name = _name(names, index) if index is not None else ""

    slot_w = (HAND_WIDTH - 2 * MARGIN) // 3
    hand_rows = max(1, (len(hand) + 2) // 3)
    head_h = 64
    hand_top = head_h + 12
    hand_h = 24 + hand_rows * (HAND_CARD_H + 14)
    panel_top = hand_top + hand_h + 4
    panel_h = panel_height(mine, HAND_WIDTH - 2 * MARGIN) if mine is not None else 0
    height = panel_top + panel_h + MARGIN

    im = Image.new("RGB", (HAND_WIDTH, height), BG)
    d = ImageDraw.Draw(im)
    icon = None
    if index is not None:
        hull, edge = _ship(index)
        icon = ship_icon(52, hull, edge)
    acting = index is not None and index in (view.get("to_act") or []) and not view.get("over")
    prompt = str(view.get("prompt") or "your turn") if acting else None
    title = f"{name}: your hand" if name else "Your hand"
    hand_header(im, head_h, title, icon=icon, prompt=prompt, prompt_width=360)

    _label(im, MARGIN, hand_top, "Recruit one: you gain / then take")
    vikings = view.get("vikings") or {}
    if not hand:
        draw_text(im, (MARGIN, hand_top + 60), "No cards in hand", 24, MUTED)
    for i, card in enumerate(hand):
        x = MARGIN + (i % 3) * slot_w
        y = hand_top + 24 + (i // 3) * (HAND_CARD_H + 14)
        color = str(card.get("color", ""))
        sprite = viking_card(
            str(card.get("id", "")), color, str(card.get("asset", "")), HAND_CARD_W, HAND_CARD_H
        )
        paste_sprite(im, sprite, (x, y))
        gx = x + HAND_CARD_W + 10
        gw = slot_w - HAND_CARD_W - 22
        d.rounded_rectangle((gx - 4, y, gx + gw, y + HAND_CARD_H), 10, fill=PANEL)
        draw_text(im, (gx + 6, y + 6), "gain", 18, MUTED)
        gains = _recruit_gains(view, mine or {}, card)
        _draw_gains(im, gx + 4, y + 30, gw - 8, gains)
        draw_text(im, (gx + 6, y + 104), "then take", 18, MUTED)
        face_up = vikings.get(color)
        if face_up:
            paste_sprite(
                im,
                crew_strip(str(face_up.get("color", color)), str(face_up.get("asset", "")), 48, 56),
                (gx + 6, y + 130),
            )
            draw_text(im, (gx + 60, y + 158), str(face_up.get("id", "")), 18, INK, anchor="lm")
        else:
            draw_text(im, (gx + 6, y + 140), "empty slot", 18, MUTED)
    if mine is not None:
        draw_panel(
            im, (MARGIN, panel_top, HAND_WIDTH - MARGIN, panel_top + panel_h), mine, name, active=acting
        )
    return encode_png(im)


def _draw_gains(im: Image.Image, x: int, y: int, w: int, gains: list[str]) -> None:
    counts: dict[str, int] = {}
    for asset in gains:
        counts[asset] = counts.get(asset, 0) + 1
    cx, cy = x, y
    for asset, count in counts.items():
        item_w = 34 + (text_width(f"x{count}", 20, bold=True) + 4 if count > 1 else 0)
        if cx + item_w > x + w:
            cx, cy = x, cy + 36
        paste_sprite(im, icon(asset, 32), (cx, cy))
        if count > 1:
            draw_text(im, (cx + 34, cy + 16), f"x{count}", 20, INK, anchor="lm", bold=True)
        cx += item_w + 8


def _own_seat(view: View) -> int | None:
    """The seat whose view this is: ``view["seat"]`` when given, else ``private["seat"]``."""
    for source in (view, view.get("private") or {}):
        seat = source.get("seat") if isinstance(source, Mapping) else None
        if isinstance(seat, int):
            return seat
    return None
