"""Pax Viking's palette and the small helpers every Pax picture uses."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from PIL import Image

from render.common import (
    MUTED,
    RGB,
    VIKING_COLORS,
    draw_text,
    parts,
    pip,
    shade,
    text_on,
    text_width,
)
from render.common.canvas import canvas
from render.common.parts import framed, part

View = Mapping[str, Any]
# the Winds' printed colours, by the colour name the view gives
WIND_COLORS: dict[str, RGB] = {
    "blue": (52, 110, 196),
    "purple": (128, 78, 172),
    "green": (52, 140, 76),
    "orange": (214, 120, 40),
}
SEAT_COLORS: dict[str, RGB] = {**VIKING_COLORS, "white": (238, 236, 228), "black": (34, 34, 38)}
FOLLOWERS: tuple[str, ...] = ("jarldom", "sweden", "theocracy", "rus")
FOLLOWER_NAMES: dict[str, str] = {
    "jarldom": "Jarldom",
    "sweden": "Sweden",
    "theocracy": "Theocracy",
    "rus": "Rus",
}
FOLLOWER_COLORS: dict[str, RGB] = {
    "jarldom": (176, 52, 44),
    "sweden": (226, 182, 40),
    "theocracy": (200, 206, 222),
    "rus": (134, 88, 52),
}
KIND_COLORS: dict[str, RGB] = {
    "venture": (70, 116, 74),
    "event": (150, 62, 48),
    "advocate": (60, 96, 150),
    "god": (148, 112, 40),
}
ACTIONS: tuple[str, ...] = ("invest", "journey", "play", "activate", "parley")
PARCHMENT: RGB = (238, 228, 202)
TRIGGERS: dict[str, str] = {
    "establish": "on ESTABLISH",
    "activate": "ACTIVATE",
    "solstice": "Winter Solstice",
    "always": "always",
    "resolve": "Event",
}


def name(names: Sequence[str], seat: int) -> str:
    if 0 <= seat < len(names) and names[seat].strip():
        return names[seat]
    return f"Player {seat + 1}"


def seat_color(view: View, seat: int) -> RGB:
    seats = list(view.get("seats") or [])
    colour = str(seats[seat].get("colour", "")) if 0 <= seat < len(seats) else ""
    return SEAT_COLORS.get(colour, (150, 150, 150))


def seat_edge(color: RGB) -> RGB:
    return (20, 20, 24) if sum(color) > 240 else (236, 236, 236)


def wind_color(view: View, wind: str | None) -> RGB:
    for w in view.get("winds") or []:
        if w.get("id") == wind:
            return WIND_COLORS.get(str(w.get("colour")), (110, 110, 120))
    return (110, 110, 120)


def seat_pip(
    im: Image.Image,
    view: View,
    seat: int,
    xy: tuple[float, float],
    size: int = 18,
    ground: RGB | None = None,
) -> None:
    """A seat's pip, on a panel of the ``ground`` colour if one is known."""
    _pip(im, (round(xy[0]), round(xy[1])), ground, seat_color(view, seat), size)


@part(lambda color, size: framed(size, size))
def _pip(im: Image.Image, x: float, y: float, color: RGB, size: int) -> None:
    sprite = pip(size, color, seat_edge(color), 2)
    im.paste(sprite, (round(x), round(y)), sprite)


def follower_badge(
    im: Image.Image,
    xy: tuple[float, float],
    kind: str,
    size: int = 18,
    seat: RGB | None = None,
    ground: RGB | None = None,
) -> int:
    """A Follower: a square in its type's colour with its initial; a seat's is framed by a
    ring of the seat colour, kept apart from the square by a dark line so that a yellow
    seat's ring shows round a yellow Sweden Follower. Returns its width. On a panel of the
    ``ground`` colour if one is known."""
    _badge(im, xy, ground, kind, size, seat)
    return size + (2 * RING if seat is not None else 0)


RING = 4  # px round a seat's Follower: its edge, 2 px of seat colour, a dark line


@part(lambda kind, size, seat: (-RING - 4, -RING - 4, size + RING + 4, size + RING + 4))
def _badge(im: Image.Image, x: float, y: float, kind: str, size: int, seat: RGB | None) -> None:
    d = canvas(im)
    fill = FOLLOWER_COLORS.get(kind, (120, 120, 120))
    if seat is not None:
        ring = (x - RING, y - RING, x + size + RING, y + size + RING)
        d.rounded_rectangle(ring, 6, fill=seat, outline=seat_edge(seat))
        d.rounded_rectangle((x - 1, y - 1, x + size + 1, y + size + 1), 4, fill=(20, 20, 20))
    d.rounded_rectangle((x, y, x + size, y + size), 4, fill=fill, outline=(20, 20, 20))
    draw_text(
        im, (x + size / 2, y + size / 2), kind[:1].upper(), size - 5, text_on(fill), anchor="mm", bold=True
    )


def tag(
    im: Image.Image,
    x: float,
    y: float,
    text: str,
    size: int,
    fill: RGB,
    *,
    right: bool = False,
    ground: RGB | None = None,
) -> int:
    """A rounded label; returns its far edge (right edge, or left edge when ``right``).
    On a panel of the ``ground`` colour if one is known."""
    w = _tag_size(text, size)[0]
    x0 = x - w if right else x
    _tag(im, (x0, y), ground, text, size, fill)
    return round(x0 if right else x0 + w)


def _tag_size(text: str, size: int) -> tuple[int, int]:
    return text_width(text, size, bold=True) + 10, size + 6


@part(lambda text, size, fill: framed(*_tag_size(text, size)))
def _tag(im: Image.Image, x: float, y: float, text: str, size: int, fill: RGB) -> None:
    w, h = _tag_size(text, size)
    canvas(im).rounded_rectangle((x, y, x + w, y + h), 5, fill=fill)
    draw_text(im, (x + w / 2, y + h / 2), text, size, text_on(fill), anchor="mm", bold=True)


def label(im: Image.Image, x: float, y: float, text: str, ground: RGB | None = None) -> None:
    """A panel's title, on a panel of the ``ground`` colour if one is known."""
    if ground is None:
        draw_text(im, (x, y), text.upper(), 16, MUTED, bold=True)
    else:
        parts.panel_text(im, (x, y), text.upper(), 16, MUTED, ground, bold=True)


def dim(color: RGB) -> RGB:
    return shade(color, 0.45)
