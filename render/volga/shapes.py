"""Big rounded rectangles (the map's table, the players' panels, the log) filled quickly.

Pillow fills a rectangle a row at a time asking a mask about every pixel, and
``render.common.canvas`` fills the middle of a big rounded rectangle that way (twice
over where its two rectangles cross): a Volga board's big panels are about a million
pixels, and filling them took 8.3 million instructions of the 76 million a board took.
A colour pasted fills whole rows at about an instruction a pixel (measured: 0.7 million
a board). The corners are Pillow's own, drawn once on a small shape and pasted through
the mask of the pixels they paint, as ``canvas`` does; so the pixels are Pillow's
(``tests/render/test_volga_render.py`` compares them).
"""

from __future__ import annotations

from functools import lru_cache

from PIL import Image, ImageChops, ImageDraw

from render.common import RGB, Box
from render.common.canvas import canvas

Corner = tuple[Image.Image, Image.Image]  # its pixels, and the "1" mask of those painted


def big_rounded(
    im: Image.Image, box: Box, radius: int, fill: RGB, outline: RGB | None = None, width: int = 1
) -> None:
    """``canvas(im).rounded_rectangle(box, radius, fill=fill, outline=outline, width=width)``
    on an RGB picture, the same pixels; a small shape, or one not wholly on the picture,
    is left to ``canvas``."""
    x0, y0, x1, y1 = box
    d = 2 * radius
    inside = x0 >= 0 and y0 >= 0 and x1 < im.width and y1 < im.height
    if im.mode != "RGB" or not inside or min(x1 - x0, y1 - y0) < _side(radius, width):
        canvas(im).rounded_rectangle(box, radius, fill=fill, outline=outline, width=width)
        return
    # Pillow's own steps, without the checks of its Python wrappers: they cost more than
    # pasting a corner (measured: ~30,000 instructions a corner through ``Image.paste``)
    im.load()
    core = im.im
    places = ((x0, y0), (x1 - d, y0), (x1 - d, y1 - d), (x0, y1 - d))
    for (pixels, mask), (x, y) in zip(_corners(radius, fill, outline, width), places, strict=True):
        core.paste(pixels.im, (x, y, x + d + 1, y + d + 1), mask.im)
    core.paste(fill, (x0 + d + 1, y0, x1 - d, y1 + 1))  # the middle, top to bottom
    core.paste(fill, (x0, y0 + d + 1, x0 + d + 1, y1 - d))  # left of it, between the corners
    core.paste(fill, (x1 - d, y0 + d + 1, x1 + 1, y1 - d))  # right of it
    if outline is not None and outline != fill and width > 0:
        core.paste(outline, (x0 + d + 1, y0, x1 - d, y0 + width))
        core.paste(outline, (x0 + d + 1, y1 - width + 1, x1 - d, y1 + 1))
        core.paste(outline, (x0, y0 + d + 1, x0 + width, y1 - d))
        core.paste(outline, (x1 - width + 1, y0 + d + 1, x1 + 1, y1 - d))


def _side(radius: int, width: int) -> int:
    """The shortest side whose corners are apart: a corner's square reaches no other."""
    return 4 * radius + 3 + max(width, 0)


@lru_cache(maxsize=16)  # a few shapes a board, each four squares of 2 x radius + 1 pixels
def _corners(radius: int, fill: RGB, outline: RGB | None, width: int) -> list[Corner]:
    """The four corners (top left, top right, bottom right, bottom left) of the shape, as
    Pillow draws them: the pixels that came out the same on black and on white."""
    d = 2 * radius
    size = _side(radius, width)
    drawn = []
    for under in ((0, 0, 0), (255, 255, 255)):
        im = Image.new("RGB", (size + 1, size + 1), under)
        ImageDraw.Draw(im).rounded_rectangle(
            (0, 0, size, size), radius, fill=fill, outline=outline, width=width
        )
        drawn.append(im)
    same = ImageChops.difference(drawn[0], drawn[1]).convert("L").point(lambda v: 255 if v == 0 else 0, "1")
    far = size - d
    squares = [(0, 0), (far, 0), (far, far), (0, far)]
    return [
        (drawn[0].crop((x, y, x + d + 1, y + d + 1)), same.crop((x, y, x + d + 1, y + d + 1)))
        for x, y in squares
    ]
