"""Shapes and smooth sprites shared by the pictures."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from PIL import Image, ImageDraw

from render.common.canvas import canvas
from render.common.style import RGB, SUPERSAMPLE


def rounded(
    draw: ImageDraw.ImageDraw,
    box: Sequence[float],
    radius: int,
    fill: RGB | None,
    outline: RGB | None = None,
    width: int = 1,
) -> None:
    draw.rounded_rectangle(tuple(box), radius, fill=fill, outline=outline, width=width)


def triangle_right(draw: ImageDraw.ImageDraw, x: float, y: float, h: float, fill: RGB) -> None:
    """A ``▶`` whose left edge is at ``x`` and centre line at ``y``, ``h`` pixels tall."""
    draw.polygon([(x, y - h / 2), (x + h * 0.87, y), (x, y + h / 2)], fill=fill)


def supersampled(size: tuple[int, int], paint: Callable[[ImageDraw.ImageDraw, float], None]):
    """An ``"RGBA"`` sprite painted at 4x and scaled down, for smooth edges."""
    big = Image.new("RGBA", (size[0] * SUPERSAMPLE, size[1] * SUPERSAMPLE), (0, 0, 0, 0))
    paint(canvas(big), SUPERSAMPLE)
    return big.resize(size, Image.Resampling.LANCZOS)
