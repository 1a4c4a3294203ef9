"""One Reavers player's private picture: their Prophecies and their Glory pile.

Drawn from ``games.reavers.view(state, seat)``; a public view has no private part.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from PIL import Image

from render.common import (
    HAND_WIDTH,
    MARGIN,
    MUTED,
    draw_text,
    hand_header,
    hand_header_height,
    panel,
)
from render.reavers.cards import draw_any, draw_prophecy
from render.reavers.dice import pawn
from render.reavers.style import BG, View, label, name_of, seat_color

PROPHECY_H = 70
PILE_H = 84
PILE_COLS = 3


def _pile_summary(pile: Sequence[Mapping[str, Any]]) -> str:
    """How many cards of each set or kind: what the end scoring counts (``2 Armor · 1 Gold``)."""
    counts: dict[str, int] = {}
    for card in pile:
        cid = str(card.get("id", ""))
        if cid.startswith("R"):
            key = "Reaver"
        elif cid.startswith("B"):
            key = "Sea Battle"
        else:
            key = str(card.get("set") or card.get("name") or "?").title()
        counts[key] = counts.get(key, 0) + 1
    return " · ".join(f"{n} {key}" for key, n in sorted(counts.items()))


def _own_seat(view: View) -> int | None:
    seat = view.get("seat")
    return seat if isinstance(seat, int) else None


def hand_image(view: View, *, names: Sequence[str], seat: int | None = None) -> Image.Image | None:
    """The seat's Prophecies and Glory pile, or ``None`` for a public view."""
    private = view.get("private")
    if not private:
        return None
    me = seat if seat is not None else _own_seat(view)
    prophecies = list(private.get("prophecies") or [])
    pile = list(private.get("glory_pile") or [])
    acting = me is not None and me in (view.get("to_act") or []) and not view.get("over")
    prompt = str(view.get("prompt") or "your turn") if acting else None
    head_h = hand_header_height(HAND_WIDTH, prompt)
    inner = HAND_WIDTH - 2 * MARGIN
    prophecy_rows = max(1, (len(prophecies) + 1) // 2)
    pile_rows = max(1, (len(pile) + PILE_COLS - 1) // PILE_COLS)
    top = head_h + 14
    pile_top = top + 28 + prophecy_rows * (PROPHECY_H + 8) + 10
    height = pile_top + 28 + pile_rows * (PILE_H + 8) + MARGIN

    im = Image.new("RGB", (HAND_WIDTH, height), BG)
    badge = None
    if me is not None:
        sail, edge = seat_color(me)
        badge = pawn(48, sail, edge)
    name = name_of(names, me) if me is not None else ""
    hand_header(im, f"{name}: your secrets" if name else "Your secrets", icon=badge, prompt=prompt)
    with panel("prophecies", (0, top, HAND_WIDTH, pile_top)):
        label(im, MARGIN, top, f"Prophecies ({len(prophecies)})", 18)
        if not prophecies:
            draw_text(im, (MARGIN, top + 40), "no Prophecies", 22, MUTED)
        w = (inner - 10) // 2
        for i, card in enumerate(prophecies):
            x = MARGIN + (i % 2) * (w + 10)
            y = top + 28 + (i // 2) * (PROPHECY_H + 8)
            draw_prophecy(im, (x, y, x + w, y + PROPHECY_H), card)
    with panel("glory pile", (0, pile_top, HAND_WIDTH, height)):
        label(im, MARGIN, pile_top, f"Glory pile ({len(pile)} cards)", 18)
        summary = _pile_summary(pile)
        if summary:
            draw_text(
                im,
                (HAND_WIDTH - MARGIN, pile_top),
                summary,
                18,
                MUTED,
                anchor="rt",
                max_width=HAND_WIDTH // 2,
                min_size=12,
            )
        if not pile:
            draw_text(im, (MARGIN, pile_top + 40), "empty", 22, MUTED)
        w = (inner - 10 * (PILE_COLS - 1)) // PILE_COLS
        for i, card in enumerate(pile):
            x = MARGIN + (i % PILE_COLS) * (w + 10)
            y = pile_top + 28 + (i // PILE_COLS) * (PILE_H + 8)
            draw_any(im, (x, y, x + w, y + PILE_H), card)
    return im
