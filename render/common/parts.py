"""What a board draws the same from board to board: a tag, a chip, a badge, a panel's
frame, a label. A drawing file says what such a part is, and this module decides how it
gets onto the picture (pasted from a stamp, ``render.common.stamps``, or painted in place).

- ``@part(reach)`` on a painter ``paint(image, x, y, *look)`` makes a ``Part``: drawn with
  ``thing(im, (x, y), ground, *look)``. ``look`` is all the part looks like (plain values:
  texts, numbers, colours); ``reach`` is the box around (``x``, ``y``) it stays inside:
  (left, top, right, bottom), or a function of ``look`` giving it. ``ground`` is the colour
  of the panel under it (or what a painter paints there: then ``look`` names it too), or
  None when it lies on whatever is there: then it is painted in place, unless the part was
  made ``anywhere`` (a stamp of it is cut to paste over anything).
- ``panel_text`` is a line of text on a panel of one colour; ``lettered`` a text on a
  sprite; ``backdrop`` a big picture a board is drawn over.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Hashable
from typing import Generic, TypeVar

from PIL import Image

from render.common.cache import backdrops
from render.common.layout import recording_now
from render.common.sprites import paste_sprite
from render.common.stamp_cut import Painter
from render.common.stamps import pasted, stamp
from render.common.style import RGB
from render.common.text import draw_text

Right = TypeVar("Right", int, None)
Reach = tuple[float, float, float, float]
Ground = RGB | Painter | None


class Part(Generic[Right]):
    """A part painted by ``paint(image, x, y, *look)``, staying inside ``reach`` around
    (``x``, ``y``); what ``paint`` returns (an x where its text ends, or None) is returned
    as on the picture drawn on. ``anywhere``: stamped even where no ground is known."""

    def __init__(
        self, paint: Callable[..., Right], reach: Reach | Callable[..., Reach], anywhere: bool = False
    ) -> None:
        self.paint: Callable[..., Right] = paint
        self.reach: Reach | Callable[..., Reach] = reach
        self.anywhere = anywhere
        self.__doc__ = paint.__doc__

    def __call__(self, im: Image.Image, at: tuple[float, float], ground: Ground, *look: Hashable) -> Right:
        """The part drawn at ``at`` on ``im``: from a stamp when one may be pasted there."""
        return self._drawn(stamp, im, at, ground, look)

    def pasted(self, im: Image.Image, at: tuple[float, float], ground: Ground, *look: Hashable) -> Right:
        """The part pasted from its stamp even while the layout test records (to tell
        whether the stamp is the part painted, say)."""
        return self._drawn(pasted, im, at, ground, look)

    def _drawn(
        self,
        how: Callable[..., Right],
        im: Image.Image,
        at: tuple[float, float],
        ground: Ground,
        look: tuple[Hashable, ...],
    ) -> Right:
        x, y = at
        if ground is None and not self.anywhere:
            return self.paint(im, x, y, *look)
        left, top, right, bottom = self.reach(*look) if callable(self.reach) else self.reach
        box = (math.floor(x + left), math.floor(y + top), math.floor(x + right), math.floor(y + bottom))
        # the part's place within its box's first pixel: a text on a half pixel lands
        # by it
        key = (self.paint, look, x - math.floor(x), y - math.floor(y))

        def moved(image: Image.Image, dx: int, dy: int) -> Right:
            return self.paint(image, x - dx, y - dy, *look)

        return how(im, box, key, moved, ground=ground)


def part(
    reach: Reach | Callable[..., Reach], *, anywhere: bool = False
) -> Callable[[Callable[..., Right]], Part[Right]]:
    """A painter ``paint(image, x, y, *look)`` made a ``Part`` reaching ``reach``."""

    def made(paint: Callable[..., Right]) -> Part[Right]:
        return Part(paint, reach, anywhere)

    return made


def framed(*look: float) -> Reach:
    """The reach of a part as big as the last two of ``look`` (its width, its height) from
    its top left, and 4 pixels more all round (a frame's line, a ring)."""
    w, h = look[-2], look[-1]
    return (-4, -4, w + 4, h + 4)


def _text_reach(
    text: str, size: int, fill: RGB, anchor: str, bold: bool, max_width: int | None, min_size: int
) -> Reach:
    """Wider than the text, as tall as two lines each way from where it is anchored."""
    wide = max_width if max_width is not None else size * max(1, len(text))
    before = {"l": 0, "m": wide // 2, "r": wide}[anchor[0]]
    return (-before - 4, -2 * size, wide - before + 4, 2 * size)


@part(_text_reach)
def _label(
    image: Image.Image,
    x: float,
    y: float,
    text: str,
    size: int,
    fill: RGB,
    anchor: str,
    bold: bool,
    max_width: int | None,
    min_size: int,
) -> int:
    return draw_text(
        image, (x, y), text, size, fill, anchor=anchor, bold=bold, max_width=max_width, min_size=min_size
    )[2]


def panel_text(
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
) -> int:
    """``draw_text(im, xy, text, ...)`` on a panel of the ``ground`` colour; the right edge
    of the text's box. For a label, or a line that comes back on board after board ("no
    leader lost"), not a line of one game or one of many: those are drawn with
    ``draw_text`` (a label is kept, as a stamp, to be pasted a hundred times)."""
    return _label(im, xy, ground, text, size, fill, anchor, bold, max_width, min_size)


def lettered(
    im: Image.Image,
    sprite: Image.Image,
    kind: Hashable,
    at: tuple[float, float],
    middle: tuple[float, float],
    text: str,
    look: tuple[int, RGB, RGB],
) -> None:
    """``sprite`` (which ``kind`` names) pasted at ``at``, and ``text`` centred on
    ``middle`` of it, bold, in a halo: ``look`` is its size, its colour and the halo's (a
    warrior's count, a leader's initials). The sprite is pasted, the text comes from a
    stamp."""
    x, y = at
    left, top = math.floor(x), math.floor(y)
    size, fill, halo = look

    def under(image: Image.Image, dx: int, dy: int) -> None:
        paste_sprite(image, sprite, (x - dx, y - dy))

    def paint(image: Image.Image, dx: int, dy: int) -> None:
        under(image, dx, dy)
        xy = (x + middle[0] - dx, y + middle[1] - dy)
        draw_text(image, xy, text, size, fill, anchor="mm", bold=True, halo=halo)

    box = (left - 12, top - 12, left + sprite.width + 12, top + sprite.height + 12)
    stamp(im, box, (kind, text, size, fill, halo, middle, x - left, y - top), paint, under=under)


def backdrop(key: Hashable, make: Callable[[], Image.Image]) -> Image.Image | None:
    """The big picture ``make()`` draws, kept for ``key`` (which names all it shows) among
    the most recently used: the same picture each time, which no one may change. None while
    texts are recorded (the layout test, a panel's detail): the caller then draws all of it
    in place, so the texts still there once the board is drawn are seen, and no others."""
    if recording_now():
        return None
    found = backdrops.find(key)
    if found is None:
        found = make()
        backdrops.keep(key, found)
    return found
