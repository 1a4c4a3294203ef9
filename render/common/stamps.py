"""Parts that look the same from board to board, painted once and pasted after that.
Drawing files do not call this module: they say what they draw with
``render.common.parts``, which stamps through it.

A board draws the same plates, labels, counts and panel frames as the boards of other
games: only what is on them changes. A part is painted once as a stamp and pasted from
then on (``tests/render/test_stamps.py``: the same pixels as painted in place). How a
part becomes a stamp is ``render.common.stamp_cut``:

- painted on a black and on a white picture: a pixel that came out the same on both is
  painted over whatever lies under it, and is pasted through the mask of those;
- a pixel that came out different must be one the part leaves alone. When a part blends
  with what lies under it (a sprite's soft edge off its plate), it is no stamp, and is
  painted in place every time; or the sprite (``under``) is, and the stamp keeps the rest;
- a part drawn on a panel of one colour (``ground``: a text on it), or on a picture that
  ``ground`` paints, is painted on that, and the stamp keeps the pixels it changed: the
  picture must be that there;
- painted at its place's offset modulo 2: Python rounds halves to even, so a text centred
  on a half pixel lands by the parity of its place, and Pillow's shapes move with whole
  pixels.

While a recording is open (the layout test) parts are painted in place, so their texts
are seen.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from dataclasses import replace
from typing import TypeVar, cast

from PIL import Image

from render.common.cache import PixelCache
from render.common.layout import note_text, painting_in_place, recording_now, texts_on
from render.common.stamp_cut import Painter, Stamp, made_on, made_over
from render.common.style import RGB

EDGE = 2  # blank pixels around a box when painted: a part must not reach them

# What a stamp costs: its pixels (a mask byte beside each 4-byte colour) and OBJECTS more
# for the objects that hold it; at most 5 bytes for each pixel counted. A process drawing
# 400 boards of 500 games in turn keeps 1,091,000 (233 stamps) of Saga, 540,000 (226) of
# Pax, 284,000 (248) of Volga, 86,000 (9) of Reavers: about 2 million for all of them
# mixed, within the limit: at most 12 MB.
LIMIT = 2_400_000
cache: PixelCache[Hashable, Stamp] = PixelCache(None, LIMIT, lambda made: made.held)

Right = TypeVar("Right", int, None)


def stamp(
    im: Image.Image,
    box: tuple[int, int, int, int],
    key: Hashable,
    paint: Callable[[Image.Image, int, int], Right],
    *,
    under: Painter | None = None,
    ground: RGB | Painter | None = None,
) -> Right:
    """Paint a part that ``key`` stands for and that stays inside ``box`` (left, top,
    right, bottom, inclusive) of ``im``: pasted from a stamp after the first time.

    ``key`` must name everything the part looks like, as placed by ``box``: two parts of
    one key whose boxes are the same size and parity must be the same pixels.
    ``paint(image, dx, dy)`` paints the part as on ``im``, moved by (-dx, -dy), and may
    return an x on ``image`` (where its text ends): ``stamp`` returns it as on ``im``.
    ``under`` is the first of what ``paint`` paints, a sprite that blends with what lies
    under it: painted in place, the stamp keeps the rest if the rest leaves the blended
    pixels alone. ``ground``: the part lies on a panel of this colour, or on what this
    paints (which ``key`` must then name too)."""
    if painting_in_place() or im.mode != "RGB":
        return paint(im, 0, 0)
    return pasted(im, box, key, paint, under=under, ground=ground)


def pasted(
    im: Image.Image,
    box: tuple[int, int, int, int],
    key: Hashable,
    paint: Callable[[Image.Image, int, int], Right],
    *,
    under: Painter | None = None,
    ground: RGB | Painter | None = None,
) -> Right:
    """``stamp`` on an ``"RGB"`` picture, from the stamp even while the layout test
    records (to tell whether a stamp is the part painted, say)."""
    x0, y0, x1, y1 = box
    sx, sy = x0 - x0 % 2 - EDGE, y0 - y0 % 2 - EDGE  # an even move keeps the pixels
    found = (key, None if callable(ground) else ground, x0 & 1, y0 & 1, x1 - x0, y1 - y0)
    made = cache.find(found)
    if made is None:
        inside = (x0 - sx, y0 - sy, x1 - sx, y1 - sy)
        size = (inside[2] + 1 + EDGE, inside[3] + 1 + EDGE)
        shown: list[tuple[str, int, tuple[int, int, int, int]]] = []

        def noted(image: Image.Image, dx: int, dy: int) -> Right:
            done, texts = texts_on(image, lambda: paint(image, dx, dy))
            shown.extend(texts)
            return done

        if ground is not None:
            made = made_on(noted, ground, size, inside, sx, sy)
        else:
            made = made_over(noted, under, size, inside, sx, sy)
        if made.steps:
            made = replace(made, texts=tuple(dict.fromkeys(shown)))
        cache.keep(found, made)
    if made.steps is None:
        return paint(im, 0, 0)
    if under is not None:
        under(im, 0, 0)
    core = im.im  # made by Image.new, so loaded (a load() is 0.5 us; 80 stamps a board)
    for source, mask, left, top, right, bottom in made.steps:
        if mask is None:
            core.paste(source, (sx + left, sy + top, sx + right, sy + bottom))
        else:
            core.paste(source, (sx + left, sy + top, sx + right, sy + bottom), mask)
    if made.texts and recording_now():
        for text, size_, (left, top, right, bottom) in made.texts:
            note_text(im, text, size_, (left + sx, top + sy, right + sx, bottom + sy))
    return cast(Right, None if made.after is None else x0 + made.after)
