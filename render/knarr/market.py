"""The shared middle of the Knarr board: Viking market, destinations and the half-done step."""

from __future__ import annotations

from collections.abc import Sequence

from PIL import Image

from games.words import seat_name
from render.common import (
    GAP,
    GOLD,
    INK,
    MARGIN,
    MUTED,
    PANEL_EDGE,
    VIKING_COLORS,
    WIDTH,
    draw_text,
    icon,
    paste_sprite,
    shade,
    text_on,
    wrap_text,
)
from render.common.canvas import canvas
from render.knarr.cards import (
    CARD_H,
    CARD_W,
    DEST_H,
    DEST_W,
    SLOT_H,
    SLOT_W,
    card_back,
    crew_strip,
    dest_card,
    dest_key,
    mini_dest,
    viking_card,
)
from render.knarr.style import ARTIFACTS, COLORS, TYPE_COLORS, TYPE_NAMES, View, caption

TAKE_H = 34  # the row of price tags under the slots at the take step


def take_prices(view: View) -> dict[str, str]:
    """At the take step, what each face-up Viking costs: ``free`` or ``1 recruit``.

    The free one matches the colour just recruited (the view's log says which); with the
    Cauldron, recruiting the second of a colour makes every one free.
    """
    if view.get("phase") != "take" or not view.get("to_act"):
        return {}
    seat = view["to_act"][0]
    color = None
    for entry in reversed(list(view.get("log") or [])):
        words = str(entry.get("text", "")).split()
        if entry.get("seat") == seat and words[:2] == ["recruits", "a"] and len(words) > 2:
            color = words[2]
            break
    seats = [s for s in view.get("seats") or [] if s.get("seat") == seat]
    crew = (seats[0].get("crew") or {}) if seats else {}
    artifacts = (view.get("options") or {}).get("artifacts") or []
    all_free = color is not None and "cauldron" in artifacts and len(crew.get(color) or []) == 2
    vikings = view.get("vikings") or {}
    return {
        c: "free" if all_free or c == color else "1 recruit" for c in COLORS if vikings.get(c) is not None
    }


def draw_market(im: Image.Image, view: View, top: int) -> int:
    """The five Viking slots, the piles and the artifacts; returns the bottom edge."""
    d = canvas(im)
    vikings = view.get("vikings") or {}
    prices = take_prices(view)
    caption(im, MARGIN, top, "Vikings for hire")
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
        price = prices.get(color)
        if price:
            free = price == "free"
            tag = (x + 4, y + SLOT_H + 6, x + SLOT_W - 4, y + SLOT_H + TAKE_H - 2)
            tag_fill = (62, 170, 84) if free else (60, 72, 94)
            d.rounded_rectangle(tag, 13, fill=tag_fill)
            if free:
                d.rounded_rectangle(
                    (x - 3, y - 3, x + SLOT_W + 3, y + SLOT_H + 3), 16, outline=(98, 220, 120), width=3
                )
            text = "FREE" if free else price
            draw_text(
                im,
                ((tag[0] + tag[2]) / 2, (tag[1] + tag[3]) / 2),
                text,
                18,
                text_on(tag_fill),
                anchor="mm",
                bold=free,
            )
    # piles
    piles = view.get("piles") or {}
    px = MARGIN + 5 * (SLOT_W + 10) + 8
    caption(im, px, top, "Piles")
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
    caption(im, ax, top, "Artifacts" if len(ids) != 1 else "Artifact")
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


def draw_destinations(im: Image.Image, view: View, top: int) -> int:
    d = canvas(im)
    dests = view.get("destinations") or {}
    group_gap = WIDTH - 2 * MARGIN - 6 * DEST_W - 4 * GAP
    y = top + 24
    x = MARGIN
    for kind in ("A", "B"):
        caption(im, x, top, f"{TYPE_NAMES[kind]} ({kind})")
        row = list(dests.get(kind) or [])
        row += [None] * (3 - len(row))
        for dest in row[:3]:
            if dest:
                im.paste(dest_card(dest_key(dest), DEST_W, DEST_H), (x, y))
            else:
                d.rounded_rectangle((x, y, x + DEST_W, y + DEST_H), 12, outline=PANEL_EDGE, width=3)
                draw_text(im, (x + DEST_W / 2, y + DEST_H / 2), "empty", 20, MUTED, anchor="mm")
            x += DEST_W + GAP
        x += group_gap - GAP
    return y + DEST_H


def draw_pending(im: Image.Image, view: View, names: Sequence[str], top: int) -> int:
    pending = view.get("pending") or {}
    dest = pending.get("explore")
    if not dest:
        return top
    d = canvas(im)
    h = 56
    d.rounded_rectangle(
        (MARGIN, top, im.width - MARGIN, top + h), 12, fill=(56, 46, 28), outline=GOLD, width=2
    )
    mid = top + h / 2
    to_act = list(view.get("to_act") or [])
    who = seat_name(names, to_act[0]) if to_act else "Exploring"
    box = draw_text(im, (MARGIN + 14, mid), f"{who} explores", 22, INK, anchor="lm", bold=True, max_width=360)
    x = mini_dest(im, box[2] + 12, int(mid - 20), dest) + 24
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
