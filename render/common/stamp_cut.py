"""How a part becomes a stamp (``render.common.stamps``): painted on blank pictures,
compared, and cut into the steps that paste it.

Rows painted right across are pasted without the mask (a masked paste costs more than a
copy), and so are the columns of the others painted all the way down (a panel's edge
between its rounded corners). A run of identical rows (the inside of a panel), and in a
box pasted without the mask a run of columns of one colour (the paper of a tile's head),
are kept as colours and filled: Pillow fills a box five times faster than it draws a
rectangle, and the stamp keeps no pixels for them.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from PIL import Image, ImageChops

from render.common.style import RGB

Painter = Callable[[Image.Image, int, int], int | None]
"""``paint(image, dx, dy)``: the part as painted on the picture, moved by (-dx, -dy); it
may return an x on ``image`` (where its text ends, say)."""

# a step of pasting a stamp: a picture (Pillow's core of it) or a colour, its mask (None:
# pasted as it is), and its box from the stamp's corner (left, top, right, bottom)
Step = tuple[Any, Any, int, int, int, int]
Box = tuple[int, int, int, int]

BAND = 8  # identical rows kept as one row's colours when at least this many
RUNS = 8  # ... of at most this many colours
FILLED = 8_000  # ... and at least this many pixels: a fill is one more paste
WIDE = 24  # columns pasted without the mask, or filled, when at least this many
PIECES = 12  # more, and the rows are pasted in one or two masked pieces


@dataclass(frozen=True, slots=True)
class Stamp:
    """The steps that paste a part (Pillow's cores of its pictures: a core lives without
    its picture, which would hold a kilobyte more), or None: the part is painted in place
    each time; what the stamp costs its cache (``held``, below); and the x its painter
    returned, less the left of its box (None: it returned none); and the texts the part
    shows (text, size, ink box on the picture it was made on), for a recording of where
    the texts are (``render.common.layout``)."""

    steps: tuple[Step, ...] | None
    held: int
    after: int | None
    texts: tuple[tuple[str, int, tuple[int, int, int, int]], ...] = ()


# What a stamp costs its cache, in pixels of 5 bytes (a 4-byte colour and a byte of its
# mask): the pixels of its pieces, 4 more for each of their rows (Pillow points to each row
# of a piece and of its mask: 16 bytes), and OBJECTS for each step and for the stamp (its
# key, tuples and Pillow's cores: measured, 920 bytes for a stamp of one piece, ~520 more
# for each further step). So a cache of N pixels holds at most 5 N bytes.
OBJECTS = 128
_IN_PLACE = Stamp(None, OBJECTS, None)


def made_over(
    paint: Painter, under: Painter | None, size: tuple[int, int], box: Box, sx: int, sy: int
) -> Stamp:
    """The stamp of a part painted over anything, with its box at ``box`` of a blank
    picture of ``size``; painted in place when the part blends with what lies under it
    (but ``under``), or reaches out of its box."""
    blanks = [Image.new("RGB", size, color) for color in ((0, 0, 0), (255, 255, 255))]
    black, after = _painted(paint, blanks[0], sx, sy, box)
    white, _ = _painted(paint, blanks[1], sx, sy, box)
    differ = _channels_max(ImageChops.difference(black, white))
    touched = ImageChops.lighter(
        _channels_max(ImageChops.difference(black, blanks[0])),
        _channels_max(ImageChops.difference(white, blanks[1])),
    )
    if not _inside(touched, box):
        return _IN_PLACE  # out of its box (or paints nothing): paint it in place
    blended = ImageChops.multiply(_some(differ), _some(touched))
    kept = touched  # the pixels the stamp paints
    if under is not None:
        black_under, _ = _painted(under, blanks[0], sx, sy, box)
        white_under, _ = _painted(under, blanks[1], sx, sy, box)
        kept = ImageChops.lighter(  # what the rest paints over what ``under`` painted
            _channels_max(ImageChops.difference(black, black_under)),
            _channels_max(ImageChops.difference(white, white_under)),
        )
    if ImageChops.multiply(blended, _some(kept)).getbbox() is not None:
        return _IN_PLACE  # blended with what was under it
    mask = ImageChops.multiply(differ.point(lambda v: 255 if v == 0 else 0), _some(kept))
    return _stamp_of(black, mask, after)


def made_on(
    paint: Painter, ground: RGB | Painter, size: tuple[int, int], box: Box, sx: int, sy: int
) -> Stamp:
    """The stamp of a part painted on what lies under it, a panel of the ``ground``
    colour or what ``ground`` paints: the pixels it changes."""
    if callable(ground):
        blank = Image.new("RGB", size)
        ground(blank, sx, sy)
    else:
        blank = Image.new("RGB", size, ground)
    picture, after = _painted(paint, blank, sx, sy, box)
    changed = _channels_max(ImageChops.difference(picture, blank))
    if changed.getbbox() is None:
        return Stamp((), OBJECTS, after)  # it paints nothing here
    if not _inside(changed, box):
        return _IN_PLACE
    return _stamp_of(picture, _some(changed), after)


def _inside(changed: Image.Image, box: Box) -> bool:
    reach = changed.getbbox()
    if reach is None:
        return False
    left, top, right, bottom = reach
    return left >= box[0] and top >= box[1] and right <= box[2] + 1 and bottom <= box[3] + 1


def _painted(
    paint: Painter, blank: Image.Image, sx: int, sy: int, box: Box
) -> tuple[Image.Image, int | None]:
    """``blank`` painted on a copy, and what ``paint`` returned, less the box's left."""
    picture = blank.copy()
    after = paint(picture, sx, sy)
    return picture, None if after is None else after - box[0]


def _channels_max(im: Image.Image) -> Image.Image:
    """An ``"L"`` picture of each pixel's largest channel."""
    r, g, b = im.split()
    return ImageChops.lighter(ImageChops.lighter(r, g), b)


def _some(im: Image.Image) -> Image.Image:
    """``"L"``: 255 where ``im`` is not 0."""
    return im.point(lambda v: 255 if v else 0)


def _stamp_of(picture: Image.Image, mask: Image.Image, after: int | None) -> Stamp:
    reach = mask.getbbox()
    if reach is None:
        return Stamp((), OBJECTS, after)  # nothing of its own to paint
    steps, held = _cut(picture.crop(reach), mask.crop(reach), reach[0], reach[1])
    return Stamp(steps, OBJECTS + held, after)


def _cut(pixels: Image.Image, mask: Image.Image, x: int, y: int) -> tuple[tuple[Step, ...], int]:
    """The steps that paste ``pixels`` (an ``"L"`` ``mask`` of those painted) at (``x``,
    ``y``), and what they cost the cache: the longest run of identical rows painted right
    across as fills, the rest in boxes."""
    w, h = pixels.size
    marks = mask.tobytes()
    raw = pixels.tobytes()
    whole = [marks[r * w : (r + 1) * w] == b"\xff" * w for r in range(h)]
    rows = [raw[r * 3 * w : (r + 1) * 3 * w] for r in range(h)]
    start, length = _same_rows(whole, rows)
    fills: list[Step] = []
    if length >= BAND and length * w >= FILLED:
        runs = _runs(rows[start])
        if len(runs) <= RUNS:
            fills = [(color, None, x + a, y + start, x + b, y + start + length) for a, b, color in runs]
    spans = [(0, start), (start + length, h)] if fills else [(0, h)]
    boxes: list[tuple[int, int, int, int, bool]] = []  # left, top, right, bottom, through the mask
    for top, bottom in spans:
        r = top
        while r < bottom:  # runs of rows painted right across, and of the others
            end = r
            while end < bottom and whole[end] == whole[r]:
                end += 1
            if whole[r]:
                boxes += _across(pixels, rows[r], (r, end), (x, y), fills)
            else:
                boxes += _columns(mask, (r, end))
            r = end
    if len(boxes) > PIECES:
        boxes = [(0, top, w, bottom, True) for top, bottom in spans if bottom > top]
    bits = mask.convert("1")
    steps = list(fills)
    held = OBJECTS * len(steps)
    for left, top, right, bottom, through in boxes:
        cut = (left, top, right, bottom)
        piece = pixels.crop(cut)
        held += OBJECTS + (piece.width + 4) * piece.height
        through_bits = bits.crop(cut).im if through else None
        steps.append((piece.im, through_bits, x + left, y + top, x + right, y + bottom))
    return tuple(steps), held


def _same_rows(whole: list[bool], rows: list[bytes]) -> tuple[int, int]:
    """The first row and the length of the longest run of identical rows painted right
    across."""
    start, length, r = 0, 0, 0
    while r < len(rows):
        end = r
        while end < len(rows) and whole[end] and rows[end] == rows[r]:
            end += 1
        if end - r > length:
            start, length = r, end - r
        r = max(end, r + 1)
    return start, length


def _widest(flags: list[bool]) -> tuple[int, int]:
    """The widest run of true flags: (start, end)."""
    left, right, c = 0, 0, 0
    while c < len(flags):
        end = c
        while end < len(flags) and flags[end]:
            end += 1
        if end - c > right - left:
            left, right = c, end
        c = end + 1
    return left, right


def _down(im: Image.Image, rows: tuple[int, int]) -> list[bytes]:
    """Each column of rows ``rows`` (top, bottom) of ``im``, as bytes."""
    part = im.crop((0, rows[0], im.width, rows[1])).transpose(Image.Transpose.TRANSPOSE)
    raw = part.tobytes()
    step = len(raw) // im.width
    return [raw[c * step : (c + 1) * step] for c in range(im.width)]


def _columns(mask: Image.Image, rows: tuple[int, int]) -> list[tuple[int, int, int, int, bool]]:
    """Rows ``rows`` (top, bottom) not all painted right across (a panel's rounded
    corners): the widest run of columns painted all the way down pasted without the mask,
    the columns either side through it."""
    top, bottom = rows
    w = mask.width
    full = b"\xff" * (bottom - top)
    left, right = _widest([column == full for column in _down(mask, rows)])
    if right - left < WIDE:
        return [(0, top, w, bottom, True)]
    sides = [(0, top, left, bottom, True), (left, top, right, bottom, False), (right, top, w, bottom, True)]
    return [box for box in sides if box[2] > box[0]]


def _across(
    pixels: Image.Image, first: bytes, rows: tuple[int, int], at: tuple[int, int], fills: list[Step]
) -> list[tuple[int, int, int, int, bool]]:
    """Rows ``rows`` (top, bottom), painted right across, the first of them ``first``: the
    widest run of columns of one colour all the way down filled (added to ``fills``, the
    stamp at ``at``), the columns either side pasted."""
    top, bottom = rows
    w = pixels.width
    # columns the same all the way down (Pillow's "RGB" bytes: three a pixel)
    still = [column == column[:3] * (bottom - top) for column in _down(pixels, rows)]
    left, right, color = 0, 0, (0, 0, 0)
    for a, b, run_color in _runs(first):  # the widest run of one colour, all the way down
        start, end = _widest(still[a:b])
        if end - start > right - left:
            left, right, color = a + start, a + end, run_color
    if right - left < WIDE or (right - left) * (bottom - top) < FILLED // 4:
        return [(0, top, w, bottom, False)]
    fills.append((color, None, at[0] + left, at[1] + top, at[0] + right, at[1] + bottom))
    sides = [(0, top, left, bottom, False), (right, top, w, bottom, False)]
    return [box for box in sides if box[2] > box[0]]


def _runs(row: bytes) -> list[tuple[int, int, RGB]]:
    """The runs of one colour along a row of ``"RGB"`` bytes: (start, end, colour)."""
    runs: list[tuple[int, int, RGB]] = []
    for i in range(0, len(row), 3):
        color = (row[i], row[i + 1], row[i + 2])
        if runs and runs[-1][2] == color:
            runs[-1] = (runs[-1][0], i // 3 + 1, color)
        else:
            runs.append((i // 3, i // 3 + 1, color))
    return runs
