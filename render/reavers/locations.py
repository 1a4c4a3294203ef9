"""The six locations in a 3 x 2 grid: each with its cost, pawns placed this round, the
bonus by seat distance, and the cards, dice or tiles on offer there.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from PIL import Image

from render.common import (
    GAP,
    INK,
    MARGIN,
    MUTED,
    PANEL_EDGE,
    WIDTH,
    Box,
    draw_text,
    panel,
    paste_sprite,
)
from render.common.canvas import canvas
from render.common.parts import part
from render.reavers.cards import (
    draw_battle,
    draw_prophecy,
    draw_reaver,
    draw_spoil,
    draw_stack,
    draw_token,
    faces_row,
)
from render.reavers.dice import die, food_icon, pawn
from render.reavers.style import LOCATION_COLORS, LOCATIONS, PANEL, SLOT, View, bonus_line, seat_color

COLS = 3
LOC_W = (WIDTH - 2 * MARGIN - (COLS - 1) * GAP) // COLS
TITLE_H = 40
INFO_H = 30
BODY_H = 200  # with up to 4 Spoils pairs or Sea Battles; more (5 players) make it taller
ROW_MIN = 42  # a Spoils pair or Sea Battle row with its text line
DECKS: dict[str, str] = {"recruit": "reavers", "villages": "villages", "keeps": "keeps", "sea": "sea"}


def _body_height(view: View) -> int:
    board = view.get("board") or {}
    rows = max(
        len(board.get("villages") or []) + 1, len(board.get("keeps") or []), len(board.get("sea") or [])
    )
    return max(BODY_H, rows * (ROW_MIN + 3))


def _loc_height(view: View) -> int:
    return TITLE_H + INFO_H + _body_height(view) + 8


def locations_height(view: View) -> int:
    return 2 * _loc_height(view) + GAP


def draw_locations(im: Image.Image, view: View, top: int) -> None:
    by_id = {str(loc.get("id")): loc for loc in view.get("locations") or []}
    picks: dict[str, list[Mapping[str, Any]]] = {}
    for pick in view.get("picks") or []:
        picks.setdefault(str(pick.get("location")), []).append(pick)
    resolving = view.get("resolving") or {}
    loc_h = _loc_height(view)
    for i, loc in enumerate(LOCATIONS):
        x = MARGIN + (i % COLS) * (LOC_W + GAP)
        y = top + (i // COLS) * (loc_h + GAP)
        box = (x, y, x + LOC_W, y + loc_h)
        with panel(f"location {loc}", box):
            draw_location(
                im,
                view,
                box,
                loc,
                by_id.get(loc, {}),
                picks.get(loc, []),
                now=resolving.get("location") == loc,
            )


def draw_location(
    im: Image.Image,
    view: View,
    box: Box,
    loc: str,
    info: Mapping[str, Any],
    picks: Sequence[Mapping[str, Any]],
    *,
    now: bool,
) -> None:
    d = canvas(im)
    x0, y0, x1, y1 = box
    hue = LOCATION_COLORS[loc]
    d.rounded_rectangle(
        box, 12, fill=PANEL, outline=(244, 196, 60) if now else PANEL_EDGE, width=4 if now else 2
    )
    d.rounded_rectangle((x0 + 3, y0 + 3, x1 - 3, y0 + TITLE_H), 10, fill=hue)
    # pawns placed here, at the right of the title band
    px = x1 - 8
    for pick in reversed(list(picks)):
        sail, edge = seat_color(int(pick.get("seat", 0)))
        sprite = pawn(34, sail, edge, bool(pick.get("honor")))
        px -= sprite.width + 2
        paste_sprite(im, sprite, (px, y0 + 4))
    deck = DECKS.get(loc)
    count = (view.get("decks") or {}).get(deck) if deck else None
    if count is not None and not picks:
        box_ = draw_text(im, (x1 - 12, y0 + TITLE_H / 2 + 1), f"deck {count}", 15, INK, anchor="rm")
        px = box_[0] - 4
    draw_text(
        im,
        (x0 + 12, y0 + TITLE_H / 2 + 1),
        str(info.get("name") or loc),
        22,
        (255, 255, 255),
        anchor="lm",
        bold=True,
        max_width=int(px - x0 - 20),
        min_size=15,
    )
    cost = info.get("cost") or {}
    faces = tuple(str(face) for face in cost.get("faces") or [])
    food = int(cost.get("food", 0) or 0)
    bonus = bonus_line(list(info.get("bonus") or []))
    _draw_info(im, x0, y0 + TITLE_H, x1, loc == "recruit", faces, food, bonus)
    body = (x0 + 8, y0 + TITLE_H + INFO_H + 2, x1 - 8, y1 - 8)
    board = view.get("board") or {}
    if loc == "recruit":
        _draw_recruit(im, body, list(board.get("recruit") or []))
    elif loc == "trade":
        _draw_trade(
            im,
            body,
            list(board.get("trade_dice") or []),
            list(board.get("prophecies") or []),
            (view.get("decks") or {}).get("prophecies"),
        )
    elif loc in ("villages", "keeps"):
        _draw_pairs(
            im,
            body,
            list(board.get(loc) or []),
            list(board.get("upgrades") or []) if loc == "villages" else None,
        )
    elif loc == "conquer":
        _draw_stacks(im, body, board.get("territories") or {})
    else:
        _draw_battles(im, body, list(board.get("sea") or []))


def _draw_info(
    im: Image.Image, x0: int, top: int, x1: int, recruit: bool, faces: tuple[str, ...], food: int, bonus: str
) -> None:
    """A location's cost, then the bonus by seat distance from the active player, below its
    title band: the same on board after board, on the panel's fill."""
    _info(im, (x0, top), PANEL, x1 - x0, recruit, faces, food, bonus)


@part(lambda width, *_: (4, 2, width - 4, INFO_H + 1))
def _info(
    im: Image.Image,
    x0: float,
    top: float,
    width: int,
    recruit: bool,
    faces: tuple[str, ...],
    food: int,
    bonus: str,
) -> None:
    x1 = x0 + width
    cy = top + INFO_H / 2 + 2
    x = x0 + 10
    if faces or food:
        x = faces_row(im, x, cy, list(faces), 24)
        if food:
            paste_sprite(im, food_icon(26), (x + 2, cy - 13))
            box_ = draw_text(im, (x + 30, cy), str(food), 20, INK, anchor="lm", bold=True)
            x = box_[2] + 4
    elif recruit:
        # the key to a Reaver card's two dice groups
        box_ = draw_text(im, (x, cy), "dice: roll | rally", 15, MUTED, anchor="lm")
        x = box_[2]
    else:
        box_ = draw_text(im, (x, cy), "free", 17, MUTED, anchor="lm")
        x = box_[2]
    if bonus:
        draw_text(im, (x1 - 10, cy), bonus, 16, MUTED, anchor="rm", max_width=int(x1 - x - 24), min_size=12)


def _empty(im: Image.Image, box: Box, text: str = "empty") -> None:
    canvas(im).rounded_rectangle(box, 8, fill=SLOT)
    draw_text(
        im,
        ((box[0] + box[2]) / 2, (box[1] + box[3]) / 2),
        text,
        15,
        MUTED,
        anchor="mm",
        max_width=max(10, box[2] - box[0] - 8),
        min_size=10,
    )


def _draw_recruit(im: Image.Image, body: Box, slots: list[Mapping[str, Any]]) -> None:
    """Slots in rows (two, or three when the cards would be too narrow), each headed by its
    number: a cross slot holds two Reavers."""
    x0, y0, x1, y1 = body
    sizes = [max(1, int(s.get("size", 1) or 1)) for s in slots]
    nrows = 2 if sum(sizes) <= 8 or y1 - y0 < 260 else 3
    per_row = -(-sum(sizes) // nrows)
    rows: list[list[Mapping[str, Any]]] = [[] for _ in range(nrows)]
    r, used = 0, 0
    for slot, size in zip(slots, sizes, strict=True):
        if rows[r] and used + size > per_row and r < nrows - 1:
            r, used = r + 1, 0
        rows[r].append(slot)
        used += size
    row_h = (y1 - y0 - 6 * (nrows - 1)) // nrows
    d = canvas(im)
    for r, row in enumerate(rows):
        y = y0 + r * (row_h + 6)
        units = sum(max(1, int(s.get("size", 1) or 1)) for s in row) or 1
        unit_w = (x1 - x0 - 8 * max(0, len(row) - 1)) / units
        x = float(x0)
        for slot in row:
            size = max(1, int(slot.get("size", 1) or 1))
            w = size * unit_w
            d.rounded_rectangle((x, y, x + w, y + row_h), 8, fill=SLOT)
            draw_text(im, (x + 6, y + 9), f"slot {slot.get('slot', '')}", 13, MUTED, anchor="lm", bold=True)
            cards = list(slot.get("cards") or [])
            for c in range(size):
                cx = x + c * unit_w
                cbox = (round(cx + 2), y + 19, round(cx + unit_w - 2), y + row_h - 2)
                if c < len(cards):
                    draw_reaver(im, cbox, cards[c])
                else:
                    _empty(im, cbox)
            x += w + 8


def _draw_trade(
    im: Image.Image, body: Box, dice: list[Mapping[str, Any]], prophecies: list[Any], deck: int | None
) -> None:
    x0, y0, x1, y1 = body
    draw_text(im, (x0 + 2, y0 + 2), "DICE", 14, MUTED, bold=True)
    x = x0 + 2
    for d_ in dice:
        paste_sprite(
            im, die(str(d_.get("color")), str(d_.get("face")), 40, bool(d_.get("wild"))), (x, y0 + 22)
        )
        x += 44
    if not dice:
        draw_text(im, (x0 + 2, y0 + 34), "all taken", 16, MUTED)
    y = y0 + 72
    tail = f" (deck {deck})" if deck is not None else ""
    draw_text(im, (x0 + 2, y), f"PROPHECIES{tail}", 14, MUTED, bold=True)
    y += 20
    shown = prophecies[:2]
    card_h = min(56, (y1 - y - 4) // 2)
    for i, card in enumerate(shown):
        cbox = (x0, y + i * (card_h + 4), x1, y + i * (card_h + 4) + card_h)
        if card:
            draw_prophecy(im, cbox, card)
        else:
            _empty(im, cbox, "taken")


def _draw_pairs(im: Image.Image, body: Box, pairs: list[Any], upgrades: list[Any] | None) -> None:
    """Spoils by pairs, one pair a row; at Raid Villages the Ship Upgrade tokens left below."""
    x0, y0, x1, y1 = body
    bottom = y1 - (30 if upgrades is not None else 0)
    n = max(1, len(pairs))
    row_h = min(52, (bottom - y0 - 3 * (n - 1)) // n)
    half = (x1 - x0 - 4) // 2
    for i, pair in enumerate(pairs):
        y = y0 + i * (row_h + 3)
        for c in range(2):
            cbox = (x0 + c * (half + 4), y, x0 + c * (half + 4) + half, y + row_h)
            if pair and c < len(pair):
                draw_spoil(im, cbox, pair[c])
            else:
                _empty(im, cbox, "taken")
    if upgrades is not None:
        cy = y1 - 12
        box_ = draw_text(im, (x0 + 2, cy), "UPGRADES", 14, MUTED, anchor="lm", bold=True)
        x = box_[2] + 8
        for token in upgrades:
            if x + 24 * len(token.get("faces") or []) + 12 > x1:
                break
            x = draw_token(im, x, cy, token, 20) + 5


def _draw_stacks(im: Image.Image, body: Box, stacks: Mapping[str, Any]) -> None:
    x0, y0, x1, y1 = body
    kinds = ("food", "dice", "favor")
    w = (x1 - x0 - 2 * 8) // 3
    for i, kind in enumerate(kinds):
        x = x0 + i * (w + 8)
        draw_stack(im, (x, y0 + 10, x + w, min(y1, y0 + 160)), kind, stacks.get(kind) or {})


def _draw_battles(im: Image.Image, body: Box, battles: list[Any]) -> None:
    x0, y0, x1, y1 = body
    n = max(1, len(battles))
    row_h = min(58, (y1 - y0 - 3 * (n - 1)) // n)
    for i, battle in enumerate(battles):
        y = y0 + i * (row_h + 3)
        cbox = (x0, y, x1, y + row_h)
        if battle:
            draw_battle(im, cbox, battle)
        else:
            _empty(im, cbox, "fought")
