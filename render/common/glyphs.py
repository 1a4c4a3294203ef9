"""A word put together from its letters, each drawn by FreeType once and kept.

FreeType draws a word's letters afresh every time: a player's name costs 120-190 us, and a
drawing process serving a thousand games draws their names again and again, as they
leave its caches. Pillow puts each letter of a line at its pen position rounded to a
whole pixel, the pen moving on by the letter's advance with kerning; so a letter drawn
once at the origin and pasted at that whole pixel is the same pixels, where letters
overlap too (blended as Pillow blends them). Pasting the letters of a word costs about a
third of drawing it.

Only what that holds for is put together: letters of the Latin, Greek and Cyrillic
blocks, no combining marks, and none of the letter pairs the font draws as one ligature
(``fi``). ``tests/render/test_text.py`` compares the pixels with FreeType's own.
"""

from __future__ import annotations

import math
import unicodedata
from functools import lru_cache

from PIL import Image, ImageDraw, ImageFont

LIGATURES = ("fi", "fl", "ff")  # Open Sans's: its "liga" feature draws these as one glyph
LAST_SIMPLE = 0x052F  # the end of the Cyrillic Supplement: no shaping before it

Letter = tuple[Image.Image, int, int] | None  # its ink, and where that sits from the pen


def composable(text: str) -> bool:
    """Whether ``text`` comes out the same put together from its letters."""
    return (
        len(text) > 1
        and all(ord(ch) <= LAST_SIMPLE and not unicodedata.combining(ch) for ch in text)
        and not any(pair in text for pair in LIGATURES)
    )


@lru_cache(maxsize=4096)
def _letter(f: ImageFont.FreeTypeFont, ch: str) -> Letter:
    """``ch`` drawn at the origin, cut to its ink; None for a letter with none (a space)."""
    left, _, right, _ = f.getbbox(ch)
    ascent, descent = f.getmetrics()
    margin = 2
    x0 = min(0, math.floor(left)) - margin
    width = max(math.ceil(f.getlength(ch)), math.ceil(right)) + margin - x0
    im = Image.new("L", (width, ascent + descent + 2 * margin), 0)
    ImageDraw.Draw(im).text((-x0, margin), ch, font=f, fill=255)
    box = im.getbbox()
    if box is None:
        return None
    return im.crop(box), box[0] + x0, box[1] - margin


@lru_cache(maxsize=16384)  # letter pairs of a few sizes: about 2 MB
def _step(f: ImageFont.FreeTypeFont, ch: str, after: str) -> float:
    """How far the pen moves past ``ch`` when ``after`` follows: its advance and kerning."""
    return f.getlength(ch + after) - f.getlength(after)


def _screen(under: bytes, over: bytes) -> bytes:
    """Two letters' ink where they overlap, as FreeType's text in Pillow blends it: the sum
    less the product (over 255, rounded)."""
    out = bytearray(under)
    for i, b in enumerate(over):
        if b:
            a = out[i]
            t = a * b + 128
            out[i] = a + b - (((t >> 8) + t) >> 8)
    return bytes(out)


def compose(f: ImageFont.FreeTypeFont, text: str, size: tuple[int, int], pad: int) -> Image.Image:
    """The ``"L"`` mask of ``text`` drawn at (``pad``, ``pad``) on a mask of ``size``, put
    together from its letters (check ``composable`` first)."""
    mask = Image.new("L", size, 0)
    pen = 0.0
    reach = -1  # the right edge of the letters pasted so far
    for i, ch in enumerate(text):
        letter = _letter(f, ch)
        if letter is not None:
            ink, dx, dy = letter
            x = pad + math.floor(pen + 0.5) + dx  # Pillow rounds the pen half up
            box = (x, pad + dy, x + ink.width, pad + dy + ink.height)
            overlap = min(reach, box[2]) - box[0]  # columns shared with the letters before
            under = mask.crop((box[0], box[1], box[0] + overlap, box[3])).tobytes() if overlap > 0 else b""
            mask.paste(ink, box)
            if overlap > 0:  # blend the shared columns as FreeType's text in Pillow does
                over = ink.crop((0, 0, overlap, ink.height)).tobytes()
                mask.paste(Image.frombytes("L", (overlap, ink.height), _screen(under, over)), box[:2])
            reach = max(reach, box[2])
        if i + 1 < len(text):
            pen += _step(f, ch, text[i + 1])
    return mask
