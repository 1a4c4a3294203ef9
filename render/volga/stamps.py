"""Small pieces that come back board after board (a good and its count, a label), painted
once on their plain background and pasted from then on.

Every text or sprite laid on a board costs tens of thousands of instructions, mostly the
Python around a small blend (measured: a count 35,000, a good's badge 91,000, "cargo
0/2" fitted to its room 112,000); a pasted copy costs a few thousand. A piece is painted
on ``under`` at the parity of its place (a text centred on a half pixel lands by the
parity: Python rounds halves to even) and cut to the pixels it changed; pasted where the
picture is ``under``, it gives the same pixels. While the layout test records, a piece is
painted in place, so its texts are noted.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from dataclasses import dataclass

from PIL import Image, ImageChops

from render.common import RGB, Box, draw_text
from render.common.cache import PixelCache
from render.common.layout import recording_now

# paint(im, x, y, *args) draws the piece with its origin at (x, y) and returns an x to go
# on from (the right edge of its last text, say)
Paint = Callable[..., int]


@dataclass(frozen=True, slots=True)
class Stamp:
    """A piece painted once: its pixels (None: it paints nothing) at (``dx``, ``dy``) from
    its origin, and what its painter returned, less the origin's x; or ``in_place``: it
    reached past its ``reach`` and is painted where it goes each time."""

    pixels: Image.Image | None
    dx: int
    dy: int
    after: int
    in_place: bool = False

    @property
    def width(self) -> int:
        return self.pixels.width if self.pixels is not None else 0

    @property
    def height(self) -> int:
        return self.pixels.height if self.pixels is not None else 0

    @property
    def held(self) -> int:
        """Its pixels, and 256 for the objects that hold them (about 1 KB at 4 bytes)."""
        return self.width * self.height + 256


StampKey = tuple[Paint, tuple[Hashable, ...], RGB, Box, int, int]


def stamp(im: Image.Image, x: int, y: int, under: RGB, reach: Box, paint: Paint, *args: Hashable) -> int:
    """``paint(im, x, y, *args)``, from a copy kept: the piece lies on plain ``under`` and
    within ``reach`` (left, up, right, down) of its origin. Returns what ``paint`` does."""
    if recording_now() or im.mode != "RGB":
        return paint(im, x, y, *args)
    return paste_copy(im, x, y, under, reach, paint, *args)


def paste_copy(im: Image.Image, x: int, y: int, under: RGB, reach: Box, paint: Paint, *args: Hashable) -> int:
    """``stamp`` on an RGB picture, from the copy kept even while the layout test records."""
    found = _stamps.get((paint, args, under, reach, x % 2, y % 2))
    if found.in_place:
        return paint(im, x, y, *args)
    if found.pixels is not None:
        left, top = x + found.dx, y + found.dy
        im.load()
        im.im.paste(found.pixels.im, (left, top, left + found.pixels.width, top + found.pixels.height))
    return x + found.after


def plain_text(
    im: Image.Image,
    xy: tuple[int, int],
    under: RGB,
    reach: Box,
    text: str,
    size: int,
    fill: RGB,
    *,
    anchor: str = "lt",
    bold: bool = False,
    room: int | None = None,
) -> int:
    """``draw_text`` (``room``: its ``max_width``) on plain ``under``, from a copy kept; the
    right edge of the text's box."""
    return stamp(im, xy[0], xy[1], under, reach, _text, text, size, fill, anchor, bold, room)


def _text(
    im: Image.Image,
    x: int,
    y: int,
    text: str,
    size: int,
    fill: RGB,
    anchor: str,
    bold: bool,
    room: int | None,
) -> int:
    return draw_text(im, (x, y), text, size, fill, anchor=anchor, bold=bold, max_width=room, min_size=14)[2]


def _paint_stamp(key: StampKey) -> Stamp:
    paint, args, under, reach, px, py = key
    left, up, right, down = (side + side % 2 for side in reach)  # even, so the origin
    ox, oy = left + px, up + py  # is at the parity of the place the piece goes
    plain = Image.new("RGB", (left + right + 2, up + down + 2), under)
    painted = plain.copy()
    after = paint(painted, ox, oy, *args)
    box = ImageChops.difference(painted, plain).getbbox()
    if box is None:
        return Stamp(None, 0, 0, after - ox)
    if box[0] == 0 or box[1] == 0 or box[2] == painted.width or box[3] == painted.height:
        return Stamp(None, 0, 0, 0, in_place=True)
    return Stamp(painted.crop(box), box[0] - ox, box[1] - oy, after - ox)


# Each piece at four parities: in a stream of boards of 500 games, 237 pieces (179 of them
# tiles' ids) of 194,000 pixels. Counted as its pixels and 256 more for the objects that
# hold it (about 1 KB): 600,000 in all, at most 2.4 MB.
_stamps: PixelCache[StampKey, Stamp] = PixelCache(_paint_stamp, 600_000, lambda found: found.held)
