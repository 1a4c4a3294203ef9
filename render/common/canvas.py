"""A drawing context whose rounded rectangles are pasted from pieces Pillow drew once.

Pillow draws every corner of a rounded rectangle as a pie slice and an arc, each time,
with a good deal of Python around them: a Knarr board draws about 30 of them, about 2 ms
of its 10. At whole-pixel coordinates the pixels a rounded rectangle paints do not depend
on where it is, so each shape is drawn once by Pillow itself, and pasted after that:

- a small one whole, through the mask of the pixels it paints;
- a big one as its four corners (pasted the same way), with plain rectangles for the
  rest, which Pillow fills quickly.

The pixels are Pillow's own (``tests/render/test_canvas.py`` compares them). Anything
else (fractional coordinates, blending, palette pictures, chosen corners) is left to
Pillow.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from typing import Any

from PIL import Image, ImageChops, ImageDraw

WHOLE_PIXELS = 20_000  # up to this size a shape is pasted whole (a card, a chip, a tag)

# the pixels, the "1" mask of those painted, and where they go from the shape's top left
Piece = tuple[Image.Image, Image.Image, int, int]
Ink = float | tuple[int, ...] | str | None  # a colour, as Pillow takes it
Shape = tuple[str, float, Ink, Ink, int]  # mode, radius, fill, outline, width
# two backgrounds that differ in every channel (``_drawn``), for each mode pasted: those
# whose drawing writes colours as they are (no palette)
_UNTOUCHED: dict[str, tuple[Ink, Ink]] = {
    "RGB": ((0, 0, 0), (255, 255, 255)),
    "RGBA": ((0, 0, 0, 0), (255, 255, 255, 255)),
    "L": (0, 255),
}


class Canvas(ImageDraw.ImageDraw):
    """``ImageDraw.Draw`` with quick rounded rectangles (same pixels)."""

    def __init__(self, im: Image.Image, mode: str | None = None) -> None:
        super().__init__(im, mode)
        self.picture = im

    def rounded_rectangle(
        self,
        xy: Sequence[float] | Sequence[Sequence[float]],
        radius: float = 0,
        fill: Ink = None,
        outline: Ink = None,
        width: int = 1,
        *,
        corners: tuple[bool, bool, bool, bool] | None = None,
    ) -> None:
        if corners is None and self._pasted(xy, radius, fill, outline, width):
            return
        super().rounded_rectangle(xy, radius, fill, outline, width, corners=corners)

    def _pasted(self, xy: Any, radius: float, fill: Ink, outline: Ink, width: int) -> bool:
        """Paint the shape from cached pieces; False when it must be left to Pillow."""
        box = _whole_box(xy)
        mode = self.mode
        if box is None or mode not in _UNTOUCHED or self.picture.mode != mode:
            return False
        x0, y0, x1, y1 = box
        if x1 < x0 or y1 < y0:
            return False
        shape = (mode, radius, fill, outline, width)
        try:
            hash(shape)
        except TypeError:  # a colour given as a list: not a key
            return False
        w, h = x1 - x0, y1 - y0
        d = radius * 2
        inside = x0 >= 0 and y0 >= 0 and x1 < self.picture.width and y1 < self.picture.height
        if inside and d == int(d) and d > 0 and width >= 0 and min(w, h) >= 2 * d + 3 + width:
            self._by_corners(box, int(d), shape)
            return True
        if (w + 1) * (h + 1) <= WHOLE_PIXELS:
            piece = _whole(*shape, w, h)
            if not self._fits(piece, x0, y0):
                return False
            self._paste(piece, x0, y0)
            return True
        return False

    def _by_corners(self, box: tuple[int, int, int, int], d: int, shape: Shape) -> None:
        """A shape whose corners are apart: its corners pasted, the rest filled with its
        colours, as Pillow paints them (corners first, then the inside, then the edges)."""
        x0, y0, x1, y1 = box
        _, _, fill, outline, width = shape
        core = self.im
        places = ((x0, y0), (x1 - d, y0), (x1 - d, y1 - d), (x0, y1 - d))
        for (pixels, mask), (x, y) in zip(_corners(*shape), places, strict=True):
            core.paste(pixels, (x, y, x + d + 1, y + d + 1), mask)
        ink, fill_ink = self._getink(outline, fill)
        if fill_ink is not None:
            core.paste(fill_ink, (x0 + d + 1, y0, x1 - d, y1 + 1))  # the middle, top to bottom
            core.paste(fill_ink, (x0, y0 + d + 1, x0 + d + 1, y1 - d))  # left of it, between the corners
            core.paste(fill_ink, (x1 - d, y0 + d + 1, x1 + 1, y1 - d))  # right of it
        if ink is not None and ink != fill_ink and width != 0:
            core.paste(ink, (x0 + d + 1, y0, x1 - d, y0 + width))
            core.paste(ink, (x0 + d + 1, y1 - width + 1, x1 - d, y1 + 1))
            core.paste(ink, (x0, y0 + d + 1, x0 + width, y1 - d))
            core.paste(ink, (x1 - width + 1, y0 + d + 1, x1 + 1, y1 - d))

    def _fits(self, piece: Piece, x: int, y: int) -> bool:
        """Whether the piece lies within the picture (Pillow clips what does not)."""
        pixels, _, dx, dy = piece
        x, y = x + dx, y + dy
        return (
            x >= 0
            and y >= 0
            and x + pixels.width <= self.picture.width
            and y + pixels.height <= self.picture.height
        )

    def _paste(self, piece: Piece, x: int, y: int) -> None:
        pixels, mask, dx, dy = piece
        x, y = x + dx, y + dy
        self.im.paste(pixels.im, (x, y, x + pixels.width, y + pixels.height), mask.im)


def canvas(im: Image.Image, mode: str | None = None) -> Canvas:
    """A drawing context for ``im``, as ``ImageDraw.Draw(im, mode)``."""
    return Canvas(im, mode)


def _whole_box(xy: Any) -> tuple[int, int, int, int] | None:
    """``xy`` as four whole numbers, or None when it is not at whole pixels."""
    try:
        flat = [v for point in xy for v in point] if isinstance(xy[0], Sequence) else list(xy)
    except (TypeError, IndexError):
        return None
    if len(flat) != 4 or any(not isinstance(v, int | float) or v != int(v) for v in flat):
        return None
    x0, y0, x1, y1 = (int(v) for v in flat)
    return x0, y0, x1, y1


def _drawn(mode: str, radius: float, fill: Ink, outline: Ink, width: int, w: int, h: int) -> Piece:
    """The shape drawn by Pillow, and the mask of the pixels it painted: those that came
    out the same on two backgrounds that differ in every channel. Drawn with a margin (a
    wide outline on a narrow shape reaches past its box) and cut to what was painted."""
    margin = max(width, 0) + 2
    pictures = []
    for background in _UNTOUCHED[mode]:
        im = Image.new(mode, (w + 1 + 2 * margin, h + 1 + 2 * margin), background)
        box = (margin, margin, margin + w, margin + h)
        ImageDraw.Draw(im).rounded_rectangle(box, radius, fill=fill, outline=outline, width=width)
        pictures.append(im)
    differ = ImageChops.difference(pictures[0], pictures[1])
    if mode != "L":
        differ = differ.convert("L")
    mask = differ.point(lambda v: 255 if v == 0 else 0, "1")
    left, top, right, bottom = mask.getbbox() or (margin, margin, margin + 1, margin + 1)
    cut = (left, top, right, bottom)
    return pictures[0].crop(cut), mask.crop(cut), left - margin, top - margin


@lru_cache(maxsize=256)
def _whole(mode: str, radius: float, fill: Ink, outline: Ink, width: int, w: int, h: int) -> Piece:
    return _drawn(mode, radius, fill, outline, width, w, h)


@lru_cache(maxsize=128)
def _corners(mode: str, radius: float, fill: Ink, outline: Ink, width: int) -> list[tuple[Any, Any]]:
    """The four corners (top left, top right, bottom right, bottom left) of the shape, each
    a square as wide as the corner's curve, cut from one drawn big enough that its sides
    reach no other corner: Pillow's cores of its pixels and of the "1" mask of those
    painted."""
    d = int(radius * 2)
    size = 2 * d + 3 + max(width, 0)
    pixels, mask, dx, dy = _drawn(mode, radius, fill, outline, width, size, size)
    far = size - d
    pieces = []
    for x, y in [(0, 0), (far, 0), (far, far), (0, far)]:
        cut = (x - dx, y - dy, x - dx + d + 1, y - dy + d + 1)  # the square where the shape's corner is
        pieces.append((pixels.crop(cut).im, mask.crop(cut).im))
    return pieces
