"""Parts of the Saga board that come back board after board, painted once and pasted.

Every Saga game is played on one map with four action tiles, and a board draws the same
plates, tiles, labels and panel frames as the boards of every other game: only what is on
them changes. A part is painted once as a stamp and pasted from then on (tested:
``tests/render/test_saga_render.py``, the same pixels as painted in place). How a part
becomes a stamp is ``render.saga.stamp_cut``:

- painted on a black and on a white picture: a pixel that came out the same on both is
  painted over whatever lies under it, and is pasted through the mask of those;
- a pixel that came out different must be one the part leaves alone. When a part blends
  with what lies under it (a sprite's soft edge off its plate), it is no stamp, and is
  painted in place every time; or the sprite (``under``) is, and the stamp keeps the rest;
- a part drawn on a panel of one colour (``ground``: a text on it), or on the map where
  nothing else is drawn, is painted on that, and the stamp keeps the pixels it changed:
  the picture must be that there;
- painted at its place's offset modulo 2: Python rounds halves to even, so a text centred
  on a half pixel lands by the parity of its place, and Pillow's shapes move with whole
  pixels.

While a recording is open (the layout test) parts are painted in place, so their texts
are seen.
"""

from __future__ import annotations

import math
from collections import OrderedDict
from collections.abc import Hashable

from PIL import Image

from render.common import DARK, RGB, draw_text, paste_sprite
from render.common.canvas import canvas
from render.common.layout import recording_now
from render.saga.stamp_cut import Painter, Stamp, made_on, made_over

# pixels kept, at most: boards of 500 games use 960,000 (the drawing process is 5.8 MB
# bigger: 6 bytes a pixel), and 1,070,000 with 300 boards of later rounds; 8 MB at most
LIMIT = 1_300_000
EDGE = 2  # blank pixels around a box when painted: a part must not reach them

_held: OrderedDict[Hashable, Stamp | None] = OrderedDict()
_pixels = 0
_ABSENT = Stamp((), 0)  # not made yet (None: painted in place)


def stamp(
    im: Image.Image,
    box: tuple[int, int, int, int],
    key: Hashable,
    paint: Painter,
    *,
    under: Painter | None = None,
    ground: RGB | Painter | None = None,
) -> None:
    """Paint a part that ``key`` stands for and that stays inside ``box`` (left, top,
    right, bottom, inclusive) of ``im``: pasted from a stamp after the first time.

    ``key`` must name everything the part looks like, as placed by ``box``: two parts of
    one key whose boxes are the same size and parity must be the same pixels.
    ``paint(image, dx, dy)`` paints the part as on ``im``, moved by (-dx, -dy). ``under``
    is the first of what ``paint`` paints, a sprite that blends with what lies under it:
    painted in place, the stamp keeps the rest if the rest leaves the blended pixels
    alone. ``ground``: the part lies on a panel of this colour, or on what this paints (which
    ``key`` must then name too)."""
    if recording_now() or im.mode != "RGB":
        paint(im, 0, 0)
        return
    x0, y0, x1, y1 = box
    sx, sy = x0 - x0 % 2 - EDGE, y0 - y0 % 2 - EDGE  # an even move keeps the pixels
    found = (key, None if callable(ground) else ground, x0 & 1, y0 & 1, x1 - x0, y1 - y0)
    made = _held.get(found, _ABSENT)
    if made is _ABSENT:
        inside = (x0 - sx, y0 - sy, x1 - sx, y1 - sy)
        size = (inside[2] + 1 + EDGE, inside[3] + 1 + EDGE)
        if ground is not None:
            made = made_on(paint, ground, size, inside, sx, sy)
        else:
            made = made_over(paint, under, size, inside, sx, sy)
        _keep(found, made)
    else:
        _held.move_to_end(found)
    if made is None:
        paint(im, 0, 0)
        return
    if under is not None:
        under(im, 0, 0)
    core = im.im  # made by Image.new, so loaded (a load() is 0.5 us; 80 stamps a board)
    for source, mask, left, top, right, bottom in made.steps:
        if mask is None:
            core.paste(source, (sx + left, sy + top, sx + right, sy + bottom))
        else:
            core.paste(source, (sx + left, sy + top, sx + right, sy + bottom), mask)


def _keep(key: Hashable, made: Stamp | None) -> None:
    global _pixels
    _held[key] = made
    _pixels += made.held if made is not None else 1
    while _pixels > LIMIT and len(_held) > 1:
        _, dropped = _held.popitem(last=False)
        _pixels -= dropped.held if dropped is not None else 1


def held() -> int:
    """The pixels the stamps keep."""
    return _pixels


def clear() -> None:
    global _pixels
    _held.clear()
    _pixels = 0


def rounded_box(
    im: Image.Image,
    box: tuple[int, int, int, int],
    radius: int,
    fill: RGB,
    outline: RGB | None = None,
    width: int = 1,
) -> None:
    """``canvas(im).rounded_rectangle(box, radius, fill, outline, width)`` from a stamp: a
    panel's box is filled a row's colours at a time (Pillow draws the inside of a tile's
    box at a fifth of the speed)."""
    x0, y0, x1, y1 = box
    stamp(
        im,
        box,
        ("box", radius, fill, outline, width),
        lambda image, dx, dy: canvas(image).rounded_rectangle(
            (x0 - dx, y0 - dy, x1 - dx, y1 - dy), radius, fill=fill, outline=outline, width=width
        ),
    )


def stamped_text(
    im: Image.Image,
    xy: tuple[float, float],
    text: str,
    size: int,
    fill: RGB,
    ground: RGB,
    *,
    anchor: str = "lt",
    bold: bool = False,
    max_width: int | None = None,
    min_size: int = 14,
) -> None:
    """``draw_text(im, xy, text, ...)`` on a panel of the ``ground`` colour, from a stamp:
    a label, or a line that comes back on board after board ("no leader lost"); not a
    line of one game, or one of many (a stamp is made as a text is drawn a hundred
    times)."""
    x, y = xy
    left, top = math.floor(x), math.floor(y)
    reach = max_width if max_width is not None else size * max(1, len(text))  # wider than the text
    before = {"l": 0, "m": reach // 2, "r": reach}[anchor[0]]
    box = (left - before - 4, top - 2 * size, left - before + reach + 4, top + 2 * size)

    def paint(image: Image.Image, dx: int, dy: int) -> None:
        xy = (x - dx, y - dy)
        draw_text(
            image, xy, text, size, fill, anchor=anchor, bold=bold, max_width=max_width, min_size=min_size
        )

    look = ("text", text, size, fill, anchor, bold, max_width, min_size, x - left, y - top)
    stamp(im, box, look, paint, ground=ground)


def lettered(
    im: Image.Image,
    sprite: Image.Image,
    kind: Hashable,
    at: tuple[float, float],
    middle: tuple[float, float],
    text: str,
    size: int,
    fill: RGB,
) -> None:
    """``sprite`` (of ``kind``) pasted at ``at``, ``text`` in a dark halo centred on
    ``middle`` of it: a warrior's count, a leader's initials. The sprite is pasted, the
    text comes from a stamp (each of 17 texts a board is pasted twice: its halo and its
    letters)."""
    x, y = at
    left, top = math.floor(x), math.floor(y)

    def under(image: Image.Image, dx: int, dy: int) -> None:
        paste_sprite(image, sprite, (x - dx, y - dy))

    def paint(image: Image.Image, dx: int, dy: int) -> None:
        under(image, dx, dy)
        xy = (x + middle[0] - dx, y + middle[1] - dy)
        draw_text(image, xy, text, size, fill, anchor="mm", bold=True, halo=DARK)

    box = (left - 12, top - 12, left + sprite.width + 12, top + sprite.height + 12)
    stamp(im, box, (kind, text, size, fill, middle, x - left, y - top), paint, under=under)
