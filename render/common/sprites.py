"""Laying a sprite (an ``"RGBA"`` picture) over a picture.

On a board (RGB), Pillow blends every pixel of a sprite through its alpha, even where the
alpha is 255 and the blend is a copy: a Knarr board pastes about 70 sprites (cards,
icons), 150,000 pixels, and this blending was a tenth of its drawing. A big sprite is cut
once into the largest opaque rectangle found, copied as it is, and the strips around it,
which are blended as before. A blend at alpha 255 gives the sprite's pixel exactly, so the
board is the same (``tests/render/test_sprites.py`` compares them). What is kept for a
sprite is its strips and the opaque rectangle's box, not a copy of that rectangle: it is
cut from the sprite as it is pasted (two copies of its rows cost far less than a blend,
and a drawing process would otherwise hold its big sprites twice).

On a sprite being built (RGBA), the sprite is composited over it instead of pasted: a
paste blends the alpha channels as well, so a card whose icons were pasted on let the
board show through their soft edges, and could not be split.
"""

from __future__ import annotations

import re
import weakref

from PIL import Image

from render.common.layout import note_sprite

SPLIT_PIXELS = 1_500  # a smaller sprite is pasted whole: one paste costs less than five
_OPAQUE = re.compile(rb"\xff+")

# the pieces of a sprite: each with where it goes from the sprite's top left, and whether
# it is blended through its alpha (else copied)
Piece = tuple[Image.Image, int, int, bool]
# what is kept of a piece: a blended strip, or the box of the opaque rectangle in the sprite
Kept = tuple[Image.Image | tuple[int, int, int, int], int, int]
_pieces: dict[int, list[Kept]] = {}  # by id(sprite); an entry ends with its sprite


def paste_sprite(im: Image.Image, sprite: Image.Image, xy: tuple[float, float]) -> None:
    """Lay ``sprite`` over ``im`` at ``xy`` (rounded), through its own alpha.

    On an RGB picture, as ``im.paste(sprite, xy, sprite)``. On a sprite being built (an
    ``"RGBA"`` picture) it is composited over it: a paste would blend the alpha channels
    too, leaving the sprite see-through wherever the pasted one's edges are soft."""
    x, y = round(xy[0]), round(xy[1])
    note_sprite(im, sprite, x, y)
    if im.mode == "RGBA" and sprite.mode == "RGBA":
        im.alpha_composite(sprite, (x, y))
        return
    if sprite.mode != "RGBA" or im.mode != "RGB":
        im.paste(sprite, (x, y), sprite)
        return
    im.load()
    sprite.load()
    core = im.im
    pieces = _split_once(sprite) if sprite.width * sprite.height >= SPLIT_PIXELS else []
    if not pieces:  # small, or little of it opaque: whole, blended (Pillow's paste, less its checks)
        core.paste(sprite.im, (x, y, x + sprite.width, y + sprite.height), sprite.im)
        return
    for piece, dx, dy in pieces:
        if isinstance(piece, tuple):  # the opaque rectangle: copied from the sprite
            left, top, right, bottom = piece
            core.paste(sprite.im.crop(piece), (x + dx, y + dy, x + dx + right - left, y + dy + bottom - top))
        else:
            box = (x + dx, y + dy, x + dx + piece.width, y + dy + piece.height)
            core.paste(piece.im, box, piece.im)


def _split_once(sprite: Image.Image) -> list[Kept]:
    """``split(sprite)``, kept while the sprite lives (sprites come from caches, and are
    never changed once made): the strips, and the opaque rectangle as its box."""
    kept = _pieces.get(id(sprite))
    if kept is None:
        kept = []
        for piece, dx, dy, blended in split(sprite):
            kept.append(
                (piece, dx, dy) if blended else ((dx, dy, dx + piece.width, dy + piece.height), dx, dy)
            )
        _pieces[id(sprite)] = kept
        weakref.finalize(sprite, _pieces.pop, id(sprite), None)
    return kept


def _widest_run(alpha: bytes, width: int, row: int) -> tuple[int, int]:
    """The columns of the longest opaque run in a row of the alpha channel."""
    runs = [match.span() for match in _OPAQUE.finditer(alpha, row * width, (row + 1) * width)]
    if not runs:
        return 0, 0
    left, right = max(runs, key=lambda span: span[1] - span[0])
    return left - row * width, right - row * width


def opaque_box(sprite: Image.Image) -> tuple[int, int, int, int] | None:
    """A large rectangle where the sprite's alpha is 255 throughout, or None.

    From each of a few rows, the longest opaque run is grown up and down while the rows
    stay opaque over those columns; the biggest rectangle wins (not always the largest
    possible: a sprite with holes may keep more of it blended)."""
    width, height = sprite.size
    alpha = sprite.getchannel("A").tobytes()
    best: tuple[int, tuple[int, int, int, int]] | None = None
    for row in sorted({height // 2, height // 3, 2 * height // 3, height // 5, 4 * height // 5}):
        left, right = _widest_run(alpha, width, row)
        if right <= left:
            continue
        solid = b"\xff" * (right - left)
        top, bottom = row, row + 1
        while top > 0 and alpha[(top - 1) * width + left : (top - 1) * width + right] == solid:
            top -= 1
        while bottom < height and alpha[bottom * width + left : bottom * width + right] == solid:
            bottom += 1
        area = (right - left) * (bottom - top)
        if best is None or area > best[0]:
            best = (area, (left, top, right, bottom))
    return best[1] if best is not None else None


def split(sprite: Image.Image) -> list[Piece]:
    """The sprite as its opaque rectangle (copied) and the strips around it (blended),
    each strip cut to where its alpha is not 0; none when little of it is opaque (it is
    then pasted whole; the pieces never hold the sprite itself, which would keep it alive)."""
    found = opaque_box(sprite)
    width, height = sprite.size
    if found is None or (found[2] - found[0]) * (found[3] - found[1]) < width * height // 3:
        return []
    left, top, right, bottom = found
    pieces: list[Piece] = [(sprite.crop(found), left, top, False)]
    for box in (
        (0, 0, width, top),
        (0, bottom, width, height),
        (0, top, left, bottom),
        (right, top, width, bottom),
    ):
        if box[2] <= box[0] or box[3] <= box[1]:
            continue
        strip = sprite.crop(box)
        inked = strip.getchannel("A").getbbox()
        if inked is None:  # wholly transparent: nothing to paste
            continue
        pieces.append((strip.crop(inked), box[0] + inked[0], box[1] + inked[1], True))
    return pieces
