"""Saga's palette, names of sides, areas and actions, and the small helpers every Saga picture uses."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from PIL import Image, ImageDraw

from games.words import seat_name
from render.common import (
    MUTED,
    RGB,
    Box,
    draw_text,
    safe_text,
    text_width,
    wrap_text,
)
from render.common.canvas import canvas

View = Mapping[str, Any]
Point = tuple[float, float]
Paint = Callable[[ImageDraw.ImageDraw, float, float], None]
SIDES: tuple[str, str] = ("viking", "anglo")
SIDE_NAMES: dict[str, str] = {"viking": "Vikings", "anglo": "Anglo-Saxons"}
SIDE_ONE: dict[str, str] = {"viking": "Viking", "anglo": "Anglo-Saxon"}
# the rulebook's colours: Vikings grey, Anglo-Saxons blue
SIDE_COLORS: dict[str, RGB] = {"viking": (150, 154, 162), "anglo": (44, 108, 206)}
SIDE_EDGES: dict[str, RGB] = {"viking": (36, 38, 44), "anglo": (232, 238, 250)}
SIDE_DARK: dict[str, RGB] = {"viking": (70, 72, 80), "anglo": (28, 62, 124)}
SEA: RGB = (34, 78, 112)
SEA_DEEP: RGB = (28, 64, 94)
SHALLOW: RGB = (58, 108, 140)
LAND_EDGE: RGB = (62, 52, 36)
ENGLAND_LAND: dict[str, RGB] = {
    "northumbria": (178, 190, 124),
    "mercia": (204, 190, 128),
    "hwicce": (190, 176, 116),
    "east_anglia": (196, 200, 134),
    "essex": (176, 188, 120),
    "kent": (200, 194, 128),
    "wessex": (186, 198, 130),
}
NORTH_LAND: dict[str, RGB] = {
    "norway": (170, 182, 176),
    "svealand": (186, 192, 170),
    "denmark": (178, 188, 158),
}
NEUTRAL_LAND: RGB = (108, 116, 98)
FOREST: RGB = (78, 104, 70)
AREA_NAMES: dict[str, str] = {
    "northumbria": "Northumbria",
    "mercia": "Mercia",
    "hwicce": "Hwicce",
    "east_anglia": "East Anglia",
    "essex": "Essex",
    "kent": "Kent",
    "wessex": "Wessex",
    "norway": "Norway",
    "svealand": "Svealand",
    "denmark": "Denmark",
    "drakkar": "Drakkar",
}
INLAND: frozenset[str] = frozenset({"mercia", "hwicce"})
SCANDINAVIA: tuple[str, ...] = ("norway", "svealand", "denmark")
# the Destination sigil of each coastal area: colour and the letters on the marker
SIGILS: dict[str, tuple[RGB, str]] = {
    "northumbria": ((186, 54, 48), "N"),
    "east_anglia": ((212, 150, 30), "EA"),
    "essex": ((120, 70, 160), "Ex"),
    "kent": ((30, 140, 120), "K"),
    "wessex": ((176, 60, 120), "W"),
}
ACTION_NAMES: dict[str, str] = {
    "movement": "Move",
    "build": "Build",
    "fyrd": "Fyrd",
    "income": "Income",
    "tribute": "Tribute",
    "recruitment": "Recruit",
    "scout": "Scout",
}
BONUS_NAMES: dict[str, str] = {
    "move_or_coin": "Move 1 or +1 coin",
    "coin": "+1 coin",
    "recruit_warrior": "+1 Warrior",
    "move": "Move",
}


def rgba(color: RGB, alpha: int = 255) -> tuple[int, int, int, int]:
    return (color[0], color[1], color[2], alpha)


def painted_sprite(w: int, h: int, paint: Paint) -> Image.Image:
    """An ``"RGBA"`` sprite painted at 4x and box-filtered down; ``paint(d, W, H)`` gets the big size."""
    big = Image.new("RGBA", (w * 4, h * 4), (0, 0, 0, 0))
    paint(canvas(big), w * 4, h * 4)
    return big.resize((w, h), Image.Resampling.BOX)


def area_name(area: Any) -> str:
    key = str(area)
    return AREA_NAMES.get(key, key.replace("_", " ").title())


def seat_of(view: View, side: str) -> int | None:
    seat = (view.get("sides") or {}).get(side)
    return int(seat) if isinstance(seat, int) else None


def side_of(view: View, seat: int) -> str | None:
    for side, s in (view.get("sides") or {}).items():
        if s == seat:
            return str(side)
    return None


def side_label(view: View, names: Sequence[str], side: str) -> str:
    seat = seat_of(view, side)
    return seat_name(names, seat) if seat is not None else SIDE_NAMES.get(side, side)


PARCHMENT: RGB = (240, 228, 200)


def caption(im: Image.Image, x: float, y: float, text: str) -> Box:
    return draw_text(im, (x, y), text.upper(), 16, MUTED, bold=True)


def leader_count_text(n: int, word: str) -> str:
    return f"{n} {word}{'s' if n != 1 else ''}"


def leader_code(name: str) -> str:
    """The initials that stand for a leader on the map: ``SB`` for Siege-Breaker."""
    words = [w for w in name.replace("-", " ").split() if w]
    return "".join(w[0].upper() for w in words[:2]) or "?"


def wrapped(text: str, size: int, width: int, *, max_lines: int = 3, bold: bool = False) -> list[str]:
    """``wrap_text(text, ...)``: a text that fits on one line is measured once, not once a
    word longer at a time, each a new text to spell."""
    line = " ".join(safe_text(text).split())
    if line and text_width(line, size, bold=bold) <= width:
        return [line]
    return wrap_text(text, size, width, max_lines=max_lines, bold=bold)
