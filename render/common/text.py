"""Fonts and text: Open Sans from the ttf-opensans package, Pillow's bundled font as a fallback.

Open Sans has the letters of Nordic, Slavic and Cyrillic names, so names are drawn as
typed. When the package is missing, the bundled font (ASCII only) is used and
:func:`safe_text` spells other letters in ASCII before drawing. Text masks are cached.
"""

from __future__ import annotations

import math
import unicodedata
from dataclasses import dataclass
from functools import lru_cache

from PIL import Image, ImageChops, ImageDraw, ImageFont

from render.common import glyphs
from render.common.cache import PixelCache
from render.common.layout import ground_under, note_text, painting_in_place, recording_now
from render.common.style import RGB, Box


def _packaged_fonts() -> tuple[str, str] | None:
    """Paths of Open Sans regular and bold from the ``ttf-opensans`` package, if installed.

    It covers Latin (with the extended letters of Nordic and Slavic names), Greek and
    Cyrillic, so names are drawn as typed.
    """
    try:
        import ttf_opensans
    except ImportError:
        return None
    regular, bold = ttf_opensans.OPENSANS_REGULAR.path, ttf_opensans.OPENSANS_BOLD.path
    if not (regular.is_file() and bold.is_file()):
        return None
    return str(regular), str(bold)


FONT_FILES = _packaged_fonts()


@lru_cache(maxsize=128)
def font(size: int, bold: bool = False) -> ImageFont.FreeTypeFont:
    """Open Sans at ``size`` pixels (cached); Pillow's bundled font when it is missing."""
    if FONT_FILES is not None:
        return ImageFont.truetype(FONT_FILES[1 if bold else 0], size)
    loaded = ImageFont.load_default(size=size)
    assert isinstance(loaded, ImageFont.FreeTypeFont), "Pillow was built without FreeType"
    return loaded


@lru_cache(maxsize=1)
def _missing_glyph() -> bytes:
    """The mask of a character no font has: what a missing letter looks like."""
    return _glyph_bytes("\ue000")


def _glyph_bytes(ch: str) -> bytes:
    mask = font(24).getmask(ch)
    return bytes(mask.size) + bytes(mask)


@lru_cache(maxsize=2048)
def has_glyph(ch: str) -> bool:
    """Whether the font draws ``ch`` (the bundled one: printable ASCII only)."""
    if " " <= ch <= "~":
        return True
    if FONT_FILES is None or ch.isspace() or unicodedata.category(ch) in ("Cc", "Cf"):
        return False
    return _glyph_bytes(ch) != _missing_glyph()


_SPELLED = {
    "ø": "o",
    "Ø": "O",
    "ð": "d",
    "Ð": "D",
    "þ": "th",
    "Þ": "Th",
    "æ": "ae",
    "Æ": "Ae",
    "œ": "oe",
    "Œ": "Oe",
    "ß": "ss",
    "ł": "l",
    "Ł": "L",
    "×": "x",
    "–": "-",
    "—": "-",
    "’": "'",
    "‘": "'",
    "“": '"',
    "”": '"',
}


@lru_cache(maxsize=1024)
def safe_text(text: str) -> str:
    """``text`` with every character the font lacks spelled in ASCII (or ``?``)."""
    out: list[str] = []
    for ch in unicodedata.normalize("NFC", text):
        if has_glyph(ch):
            out.append(ch)
            continue
        if ch in _SPELLED:
            out.append(_SPELLED[ch])
            continue
        base = "".join(c for c in unicodedata.normalize("NFKD", ch) if " " <= c <= "~")
        if base:
            out.append(base)
        elif ch.isspace():
            out.append(" ")
        elif unicodedata.category(ch) not in ("Mn", "Cf", "Cc", "Sk"):
            out.append("?")
    return "".join(out)


def text_width(text: str, size: int, *, bold: bool = False) -> int:
    """The width of ``text``'s mask, worked out from the widths of its words, without
    drawing it: a text measured at several sizes (``fit_text``) is drawn at one."""
    return _width(safe_text(text), size, bold)


@lru_cache(maxsize=8192)  # names, labels, log lines: at most about 2 MB
def _width(text: str, size: int, bold: bool) -> int:
    _, pad = _pad(size, bold, False)
    words = text.split(" ")
    end = _advance(text, size, bold) if len(words) < 2 else _placed(words, size, bold)[1]
    return max(1, math.ceil(end) + 2 * pad)


def _pad(size: int, bold: bool, halo: bool) -> tuple[float, int]:
    """The stroke a mask is drawn with and the blank margin around its text."""
    fake_bold = bold and FONT_FILES is None  # the bundled font has no bold face: thicken it
    stroke = (size / 40 if fake_bold else 0.0) + (max(2.0, size / 9) if halo else 0.0)
    return stroke, math.ceil(stroke) + 1


def _draw_mask(key: tuple[str, int, bool, bool]) -> Image.Image:
    """An ``"L"`` mask of ``text``, as tall as the font's line (ascent + descent), drawn by
    FreeType in one go (or put together from its letters, kept: ``render.common.glyphs``).

    ``bold`` thickens the strokes a little; ``halo`` is the mask of a wide outline, pasted
    in a dark colour under the text so it reads on any background.
    """
    text, size, bold, halo = key
    f = font(size, bold and FONT_FILES is not None)
    ascent, descent = f.getmetrics()
    stroke, pad = _pad(size, bold, halo)
    width = math.ceil(f.getlength(text)) + 2 * pad
    shape = (max(1, width), ascent + descent + 2 * pad)
    if not stroke and FONT_FILES is not None and glyphs.composable(text):
        return glyphs.compose(f, text, shape, pad)  # the same pixels, from letters kept
    mask = Image.new("L", shape, 0)
    if text:
        ImageDraw.Draw(mask).text((pad, pad), text, font=f, fill=255, stroke_width=stroke, stroke_fill=255)
    return mask


@lru_cache(maxsize=8192)
def _advance(word: str, size: int, bold: bool) -> float:
    return font(size, bold and FONT_FILES is not None).getlength(word)


def _placed(words: list[str], size: int, bold: bool) -> tuple[list[tuple[int, str]], float]:
    """Where each word of a line starts (rounded to a whole pixel), and where the last ends."""
    space = _advance(" ", size, bold)
    placed: list[tuple[int, str]] = []
    pen = 0.0
    for word in words:
        if word:
            placed.append((round(pen), word))
            pen += _advance(word, size, bold)
        pen += space
    return placed, pen - space


def _make_mask(key: tuple[str, int, bool, bool]) -> Image.Image:
    """The mask of a text: a single word drawn by FreeType, more words put together from
    the masks of their words, each at its place on the line (its left edge rounded to a
    whole pixel, so a letter may sit a pixel off from a line drawn in one go).

    Words come back far more than lines do: a log line is new on every board, its words
    (names, cards, verbs) are not. Drawing a line of ten words costs FreeType about 0.3 ms;
    putting it together from words already drawn costs a tenth of that.
    """
    text, size, bold, halo = key
    words = text.split(" ")
    if len(words) < 2:
        return _draw_mask(key)
    _, pad = _pad(size, bold, halo)
    placed, end = _placed(words, size, bold)
    places = [(x, _words.get((word, size, bold, halo))) for x, word in placed]
    height = places[0][1].height if places else _draw_mask(key).height
    mask = Image.new("L", (max(1, math.ceil(end) + 2 * pad), height), 0)
    reach = 0  # the right edge of the words placed so far
    for x, word_mask in places:
        box = (x, 0, x + word_mask.width, height)
        if x < reach:  # margins (or a halo) overlap the word before: keep the brighter
            word_mask = ImageChops.lighter(mask.crop(box), word_mask)
        mask.paste(word_mask, box)
        reach = box[2]
    return mask


@dataclass(frozen=True, slots=True)
class Lettering:
    """A text's mask, kept: the size of the whole mask (the font's line, which places the
    text), and the part with ink (``None`` for a blank text) at (``dx``, ``dy``) in it.

    Only the ink is pasted. Outside it the mask is 0, and blending at 0 leaves a pixel as
    it was, so the picture is the same; a log line's mask is about 40% blank."""

    width: int
    height: int
    ink: Image.Image | None
    dx: int
    dy: int

    @property
    def held(self) -> int:
        return self.ink.width * self.ink.height if self.ink is not None else 1

    def ink_box(self, x: int, y: int) -> Box | None:
        """The ink's box once the mask is placed at (``x``, ``y``)."""
        if self.ink is None:
            return None
        return (x + self.dx, y + self.dy, x + self.dx + self.ink.width, y + self.dy + self.ink.height)


def _lettering(key: tuple[str, int, bool, bool]) -> Lettering:
    mask = _make_mask(key)
    box = mask.getbbox()
    ink = mask.crop(box) if box is not None else None
    return Lettering(mask.width, mask.height, ink, *(box[:2] if box is not None else (0, 0)))


# 4 million pixels of ink (4 MB of "L" masks): every label, number and name of several
# busy boards; log lines, which rarely come back, are the ones dropped. Measured on 1,000
# pictures of all five games mixed in one process: half the 8 million it was, 6 MB less
# held, and no more time a picture
_masks = PixelCache(_lettering, 4_000_000, lambda lettering: lettering.held)
# the words lines are made of: names, cards, verbs and numbers, which come back on board
# after board of every game (2 MB)
_words = PixelCache(_draw_mask, 2_000_000)


def _text_mask(text: str, size: int, bold: bool, halo: bool) -> Lettering:
    return _masks.get((text, size, bold, halo))


def _paste_ink(im: Image.Image, color: RGB, x: int, y: int, lettering: Lettering) -> None:
    """Blend ``color`` into ``im`` through the lettering's ink, its mask placed at (x, y).

    On an RGB picture the colour is a picture of its own, pasted through the ink: Pillow
    blends a picture through a mask with the same arithmetic as a colour (sum of the two
    weighted by the mask, over 255), but about twice as fast, as its loop for a colour
    asks of every channel whether the picture has an alpha channel."""
    ink = lettering.ink
    if ink is None:
        return
    at = (x + lettering.dx, y + lettering.dy)
    if im.mode == "RGB":
        # Pillow's own steps for this paste, without its Python wrappers' checks (a board
        # pastes 40-90 texts: measured, 5-10% of drawing a Knarr board)
        im.load()
        box = (at[0], at[1], at[0] + ink.width, at[1] + ink.height)
        im.im.paste(Image.core.fill("RGB", ink.size, color), box, ink.im)
    else:
        im.paste(color, at, ink)


def draw_text(
    im: Image.Image,
    xy: tuple[float, float],
    text: str,
    size: int,
    fill: RGB,
    *,
    anchor: str = "lt",
    bold: bool = False,
    halo: RGB | None = None,
    max_width: int | None = None,
    min_size: int = 14,
) -> Box:
    """Draw ``text`` and return its box.

    ``anchor`` is two letters: ``l``/``m``/``r`` horizontally, ``t``/``m``/``b``
    vertically (of the font's full line, so labels of one size line up). With
    ``max_width`` the text shrinks down to ``min_size`` and is then cut with ``...``.
    """
    text = safe_text(text)
    if max_width is not None:
        text, size = fit_text(text, size, max_width, bold=bold, min_size=min_size)
    lettering = _text_mask(text, size, bold, False)
    w, h = lettering.width, lettering.height
    x, y = xy
    if anchor[0] == "m":
        x -= w / 2
    elif anchor[0] == "r":
        x -= w
    if anchor[1] == "m":
        y -= h / 2
    elif anchor[1] == "b":
        y -= h
    ix, iy = round(x), round(y)
    recorded = recording_now()
    ground = (
        (halo or ground_under(im, (ix, iy, ix + w, iy + h))) if recorded and painting_in_place() else None
    )
    if halo is not None:
        outline = _text_mask(text, size, bold, True)
        dx = (outline.width - w) // 2
        dy = (outline.height - h) // 2
        _paste_ink(im, halo, ix - dx, iy - dy, outline)
    _paste_ink(im, fill, ix, iy, lettering)
    if recorded:
        note_text(im, text, size, lettering.ink_box(ix, iy), fill, ground)
    return (ix, iy, ix + w, iy + h)


def fit_text(
    text: str, size: int, max_width: int, *, bold: bool = False, min_size: int = 14
) -> tuple[str, int]:
    """The largest size (down to ``min_size``) at which ``text`` fits, cut with ``...``."""
    return _fit(safe_text(text), size, max_width, bold, min_size)


@lru_cache(maxsize=4096)  # a board fits the same names, cards and lines as the last one
def _fit(text: str, size: int, max_width: int, bold: bool, min_size: int) -> tuple[str, int]:
    while size > min_size and text_width(text, size, bold=bold) > max_width:
        size -= 1
    if text_width(text, size, bold=bold) <= max_width:
        return text, size
    while len(text) > 1 and text_width(text + "...", size, bold=bold) > max_width:
        text = text[:-1]
    return text.rstrip() + "...", size


def wrap_text(text: str, size: int, max_width: int, *, max_lines: int = 3, bold: bool = False) -> list[str]:
    """``text`` broken into lines no wider than ``max_width`` (a line still too wide, and the
    last one when lines are left over, is cut with ``...``)."""
    return list(_wrap(safe_text(text), size, max_width, max_lines, bold))


@lru_cache(maxsize=2048)  # a card's or a post's text comes back on board after board
def _wrap(text: str, size: int, max_width: int, max_lines: int, bold: bool) -> tuple[str, ...]:
    words = text.split()
    lines: list[str] = []
    current = ""
    for word in words:
        trial = f"{current} {word}".strip()
        if current and text_width(trial, size, bold=bold) > max_width:
            lines.append(current)
            current = word
        else:
            current = trial
    if current:
        lines.append(current)
    if len(lines) > max_lines:
        lines = lines[:max_lines]
        lines[-1] = lines[-1] + " ..."
    return tuple(
        line
        if text_width(line, size, bold=bold) <= max_width
        else fit_text(line, size, max_width, bold=bold, min_size=size)[0]
        for line in lines
    )
