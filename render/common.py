"""Drawing helpers shared by every game's pictures.

Everything here is pure and cached at module level: fonts, text masks, icon sprites.
The pictures are drawn into ``"RGB"`` images and encoded by :func:`encode_png`, a small
PNG writer that skips Pillow's adaptive row filters (they cost more than the drawing).

Text is drawn in Open Sans from the ``ttf-opensans`` package (a dependency), which has the
letters of Nordic, Slavic and Cyrillic names. When it is missing, Pillow's bundled font
(ASCII only) is used and :func:`safe_text` spells other letters in ASCII before drawing.
"""

from __future__ import annotations

import math
import struct
import unicodedata
import zlib
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from functools import lru_cache

from PIL import Image, ImageDraw, ImageFont

RGB = tuple[int, int, int]
Box = tuple[int, int, int, int]

# --- palette -------------------------------------------------------------------------

INK: RGB = (242, 236, 222)  # main text on dark backgrounds
MUTED: RGB = (168, 178, 194)
DARK: RGB = (30, 28, 26)  # text on light cards
GOLD: RGB = (244, 196, 60)
BAD: RGB = (214, 64, 52)

# --- layout shared by every game's pictures -------------------------------------------

WIDTH = 1280  # the board
HAND_WIDTH = 900  # the private picture sent by DM
MARGIN = 16
GAP = 12

BG: RGB = (26, 34, 48)
HEADER_BG: RGB = (16, 22, 32)
PANEL: RGB = (40, 52, 70)
PANEL_EDGE: RGB = (74, 90, 116)

VIKING_COLORS: dict[str, RGB] = {
    "red": (206, 52, 46),
    "yellow": (240, 190, 36),
    "green": (58, 156, 72),
    "blue": (46, 112, 212),
    "purple": (138, 72, 178),
}

ASSETS: tuple[str, ...] = ("vp", "bracelet", "recruit", "reputation", "card")

SUPERSAMPLE = 4


def shade(color: RGB, factor: float) -> RGB:
    """``color`` darkened (factor < 1) or lightened toward white (factor > 1)."""
    if factor <= 1:
        return (int(color[0] * factor), int(color[1] * factor), int(color[2] * factor))
    t = factor - 1
    return (
        int(color[0] + (255 - color[0]) * t),
        int(color[1] + (255 - color[1]) * t),
        int(color[2] + (255 - color[2]) * t),
    )


def is_light(color: RGB) -> bool:
    return 0.299 * color[0] + 0.587 * color[1] + 0.114 * color[2] > 150


def text_on(color: RGB) -> RGB:
    """A readable text colour on a background of ``color``."""
    return DARK if is_light(color) else INK


# --- fonts and text ------------------------------------------------------------------


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
    return _text_mask(safe_text(text), size, bold, False).size[0]


@lru_cache(maxsize=4096)
def _text_mask(text: str, size: int, bold: bool, halo: bool) -> Image.Image:
    """An ``"L"`` mask of ``text``, as tall as the font's line (ascent + descent).

    ``bold`` thickens the strokes a little; ``halo`` is the mask of a wide outline, pasted
    in a dark colour under the text so it reads on any background.
    """
    real_bold = bold and FONT_FILES is not None
    f = font(size, real_bold)
    ascent, descent = f.getmetrics()
    fake_bold = bold and not real_bold  # the bundled font has no bold face: thicken it
    stroke = (size / 40 if fake_bold else 0.0) + (max(2.0, size / 9) if halo else 0.0)
    pad = math.ceil(stroke) + 1
    width = math.ceil(f.getlength(text)) + 2 * pad
    mask = Image.new("L", (max(1, width), ascent + descent + 2 * pad), 0)
    if text:
        ImageDraw.Draw(mask).text((pad, pad), text, font=f, fill=255, stroke_width=stroke, stroke_fill=255)
    return mask


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
    mask = _text_mask(text, size, bold, False)
    w, h = mask.size
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
    if halo is not None:
        outline = _text_mask(text, size, bold, True)
        dx = (outline.size[0] - w) // 2
        dy = (outline.size[1] - h) // 2
        im.paste(halo, (ix - dx, iy - dy), outline)
    im.paste(fill, (ix, iy), mask)
    return (ix, iy, ix + w, iy + h)


def fit_text(
    text: str, size: int, max_width: int, *, bold: bool = False, min_size: int = 14
) -> tuple[str, int]:
    """The largest size (down to ``min_size``) at which ``text`` fits, cut with ``...``."""
    text = safe_text(text)
    while size > min_size and text_width(text, size, bold=bold) > max_width:
        size -= 1
    if text_width(text, size, bold=bold) <= max_width:
        return text, size
    while len(text) > 1 and text_width(text + "...", size, bold=bold) > max_width:
        text = text[:-1]
    return text.rstrip() + "...", size


def wrap_text(text: str, size: int, max_width: int, *, max_lines: int = 3) -> list[str]:
    """``text`` broken into lines no wider than ``max_width`` (the last one cut if needed)."""
    words = safe_text(text).split()
    lines: list[str] = []
    current = ""
    for word in words:
        trial = f"{current} {word}".strip()
        if current and text_width(trial, size) > max_width:
            lines.append(current)
            current = word
        else:
            current = trial
    if current:
        lines.append(current)
    if len(lines) > max_lines:
        lines = lines[:max_lines]
        lines[-1] = fit_text(lines[-1] + " ...", size, max_width, min_size=size)[0]
    return lines


# --- shapes --------------------------------------------------------------------------


def rounded(
    draw: ImageDraw.ImageDraw,
    box: Sequence[float],
    radius: int,
    fill: RGB | None,
    outline: RGB | None = None,
    width: int = 1,
) -> None:
    draw.rounded_rectangle(tuple(box), radius, fill=fill, outline=outline, width=width)


def triangle_right(draw: ImageDraw.ImageDraw, x: float, y: float, h: float, fill: RGB) -> None:
    """A ``▶`` whose left edge is at ``x`` and centre line at ``y``, ``h`` pixels tall."""
    draw.polygon([(x, y - h / 2), (x + h * 0.87, y), (x, y + h / 2)], fill=fill)


def _supersampled(size: tuple[int, int], paint: Callable[[ImageDraw.ImageDraw, float], None]):
    """An ``"RGBA"`` sprite painted at 4x and scaled down, for smooth edges."""
    big = Image.new("RGBA", (size[0] * SUPERSAMPLE, size[1] * SUPERSAMPLE), (0, 0, 0, 0))
    paint(ImageDraw.Draw(big), SUPERSAMPLE)
    return big.resize(size, Image.Resampling.LANCZOS)


def paste_sprite(im: Image.Image, sprite: Image.Image, xy: tuple[float, float]) -> None:
    im.paste(sprite, (round(xy[0]), round(xy[1])), sprite)


# --- asset icons ---------------------------------------------------------------------

_OUTLINE: tuple[int, int, int, int] = (24, 20, 16, 255)


def _star_points(cx: float, cy: float, outer: float, inner: float) -> list[tuple[float, float]]:
    points = []
    for i in range(10):
        r = outer if i % 2 == 0 else inner
        a = -math.pi / 2 + i * math.pi / 5
        points.append((cx + r * math.cos(a), cy + r * math.sin(a)))
    return points


def _paint_vp(d: ImageDraw.ImageDraw, s: float, n: int) -> None:
    size = d.im.size[0] / s
    c = size * s / 2
    outer, inner = 0.49 * size * s, (0.30 if n > 1 else 0.24) * size * s
    line = max(2, round(0.06 * size * s))
    d.polygon(_star_points(c, c + 0.03 * size * s, outer, inner), fill=(246, 196, 48, 255))
    d.polygon(
        _star_points(c, c + 0.03 * size * s, outer, inner),
        outline=(110, 70, 10, 255),
        width=line,
    )
    inner_hi = _star_points(c, c - 0.02 * size * s, outer * 0.45, inner * 0.45)
    if n <= 1:
        d.polygon(inner_hi, fill=(255, 232, 150, 255))


def _paint_bracelet(d: ImageDraw.ImageDraw, s: float) -> None:
    size = d.im.size[0]
    m = 0.08 * size
    thick = 0.2 * size
    line = max(2, round(0.05 * size))
    d.ellipse((m, m + 0.08 * size, size - m, size - m - 0.08 * size), fill=(64, 68, 80, 255))
    d.ellipse(
        (m + line, m + 0.08 * size + line, size - m - line, size - m - 0.08 * size - line),
        fill=(214, 220, 232, 255),
    )
    hole = (m + thick, m + 0.08 * size + thick, size - m - thick, size - m - 0.08 * size - thick)
    d.ellipse(hole, fill=(64, 68, 80, 255))
    d.ellipse((hole[0] + line, hole[1] + line, hole[2] - line, hole[3] - line), fill=(0, 0, 0, 0))
    d.arc(
        (m + 2.2 * line, m + 0.08 * size + 2.2 * line, size - m - 2.2 * line, size * 0.7),
        200,
        300,
        fill=(255, 255, 255, 255),
        width=line,
    )


def _paint_recruit(d: ImageDraw.ImageDraw, s: float) -> None:
    size = d.im.size[0]
    line = max(2, round(0.06 * size))
    body = (0.16 * size, 0.5 * size, 0.84 * size, 1.3 * size)
    head = (0.31 * size, 0.06 * size, 0.69 * size, 0.44 * size)
    skin, cloth = (240, 214, 170, 255), (196, 120, 60, 255)
    d.chord(body, 180, 360, fill=_OUTLINE)
    d.chord((body[0] + line, body[1] + line, body[2] - line, body[3] - line), 180, 360, fill=cloth)
    d.rectangle((0, 0.92 * size, size, size), fill=(0, 0, 0, 0))
    d.line((0.17 * size, 0.9 * size, 0.83 * size, 0.9 * size), fill=_OUTLINE, width=line)
    d.ellipse(head, fill=_OUTLINE)
    d.ellipse((head[0] + line, head[1] + line, head[2] - line, head[3] - line), fill=skin)


# centre x, centre y, radius (fractions of the size), start angle, sweep (degrees)
_HORN = (0.6, 0.86, 0.5, 184.0, 112.0)


def _horn_polygon(size: float) -> list[tuple[float, float]]:
    cx, cy, r = _HORN[0] * size, _HORN[1] * size, _HORN[2] * size
    outer: list[tuple[float, float]] = []
    inner: list[tuple[float, float]] = []
    steps = 24
    for i in range(steps + 1):
        t = i / steps
        a = math.radians(_HORN[3] + _HORN[4] * t)
        w = (0.05 + 0.2 * t**1.4) * size
        outer.append((cx + (r + w) * math.cos(a), cy + (r + w) * math.sin(a)))
        inner.append((cx + (r - w) * math.cos(a), cy + (r - w) * math.sin(a)))
    return outer + inner[::-1]


def _paint_reputation(d: ImageDraw.ImageDraw, s: float) -> None:
    size = d.im.size[0]
    line = max(2, round(0.055 * size))
    poly = _horn_polygon(size)
    d.polygon(poly, fill=(238, 226, 190, 255), outline=_OUTLINE, width=line)
    # bronze bands and the bell rim
    cx, cy, r = _HORN[0] * size, _HORN[1] * size, _HORN[2] * size
    for t in (0.35, 0.62):
        a = math.radians(_HORN[3] + _HORN[4] * t)
        w = (0.05 + 0.2 * t**1.4) * size
        p1 = (cx + (r + w) * math.cos(a), cy + (r + w) * math.sin(a))
        p2 = (cx + (r - w) * math.cos(a), cy + (r - w) * math.sin(a))
        d.line((p1, p2), fill=(176, 110, 40, 255), width=int(line * 1.6))
    a = math.radians(_HORN[3] + _HORN[4])
    w = 0.25 * size
    p1 = (cx + (r + w) * math.cos(a), cy + (r + w) * math.sin(a))
    p2 = (cx + (r - w) * math.cos(a), cy + (r - w) * math.sin(a))
    d.line((p1, p2), fill=(176, 110, 40, 255), width=int(line * 2.2))


def _paint_card(d: ImageDraw.ImageDraw, s: float) -> None:
    size = d.im.size[0]
    line = max(2, round(0.05 * size))
    box = (0.2 * size, 0.06 * size, 0.8 * size, 0.94 * size)
    d.rounded_rectangle(box, 0.1 * size, fill=(40, 64, 120, 255), outline=(236, 236, 244, 255), width=line)
    cx, cy = 0.5 * size, 0.5 * size
    rx, ry = 0.17 * size, 0.26 * size
    d.polygon([(cx, cy - ry), (cx + rx, cy), (cx, cy + ry), (cx - rx, cy)], fill=GOLD + (255,))


_PAINTERS: dict[str, Callable[[ImageDraw.ImageDraw, float], None]] = {
    "bracelet": _paint_bracelet,
    "recruit": _paint_recruit,
    "reputation": _paint_reputation,
    "card": _paint_card,
}


@lru_cache(maxsize=512)
def icon(asset: str, size: int, n: int = 1) -> Image.Image:
    """The ``"RGBA"`` sprite of an asset (``vp`` shows ``n`` inside its star when > 1)."""
    if asset == "vp":
        sprite = _supersampled((size, size), lambda d, s: _paint_vp(d, s, n))
        if n > 1:
            label = str(n)
            tsize = max(10, int(size * (0.42 if len(label) == 1 else 0.34)))
            rgb = Image.new("RGB", sprite.size)
            draw_text(rgb, (size / 2, size * 0.55), label, tsize, (255, 255, 255), anchor="mm", bold=True)
            sprite.paste((70, 40, 0, 255), (0, 0), rgb.convert("L"))
        return sprite
    painter = _PAINTERS.get(asset)
    if painter is None:
        return _unknown_icon(asset, size)
    return _supersampled((size, size), painter)


def _unknown_icon(asset: str, size: int) -> Image.Image:
    sprite = Image.new("RGBA", (size, size), (0, 0, 0, 0))
    d = ImageDraw.Draw(sprite)
    d.ellipse((1, 1, size - 2, size - 2), fill=(90, 90, 90, 255), outline=(255, 255, 255, 255))
    rgb = Image.new("RGB", (size, size))
    draw_text(
        rgb, (size / 2, size / 2), asset[:1].upper() or "?", max(10, size // 2), (255, 255, 255), anchor="mm"
    )
    sprite.paste((255, 255, 255, 255), (0, 0), rgb.convert("L"))
    return sprite


@lru_cache(maxsize=64)
def pip(size: int, fill: RGB, outline: RGB, width: int = 2) -> Image.Image:
    """A smooth filled circle."""

    def paint(d: ImageDraw.ImageDraw, s: float) -> None:
        d.ellipse((0, 0, size * s - 1, size * s - 1), fill=outline + (255,))
        w = width * s
        d.ellipse((w, w, size * s - 1 - w, size * s - 1 - w), fill=fill + (255,))

    return _supersampled((size, size), paint)


@lru_cache(maxsize=64)
def symbol(kind: str, size: int, color: RGB) -> Image.Image:
    """``"ne"`` (≠) or ``"eq"`` (=) drawn as lines; the bundled font has no ``≠``."""

    def paint(d: ImageDraw.ImageDraw, s: float) -> None:
        full = size * s
        w = max(2, round(0.12 * full))
        for y in (0.36 * full, 0.64 * full):
            d.line((0.12 * full, y, 0.88 * full, y), fill=color + (255,), width=w)
        if kind == "ne":
            d.line((0.66 * full, 0.1 * full, 0.34 * full, 0.9 * full), fill=color + (255,), width=w)

    return _supersampled((size, size), paint)


@lru_cache(maxsize=32)
def ship_icon(width: int, hull: RGB, edge: RGB) -> Image.Image:
    """A small knarr: hull, mast and square sail, in the ship colour with a contrasting edge."""
    height = round(width * 0.8)

    def paint(d: ImageDraw.ImageDraw, s: float) -> None:
        w, h = width * s, height * s
        line = max(2, round(0.045 * w))
        sail = (0.3 * w, 0.08 * h, 0.72 * w, 0.56 * h)
        d.line((0.51 * w, 0.02 * h, 0.51 * w, 0.66 * h), fill=edge + (255,), width=line)
        d.rectangle(sail, fill=shade(hull, 0.9) + (255,), outline=edge + (255,), width=line)
        stripe = (sail[0] + line, 0.26 * h, sail[2] - line, 0.38 * h)
        d.rectangle(stripe, fill=(196, 50, 44, 255))
        hull_poly = [
            (0.02 * w, 0.52 * h),
            (0.16 * w, 0.62 * h),
            (0.84 * w, 0.62 * h),
            (0.98 * w, 0.52 * h),
            (0.86 * w, 0.92 * h),
            (0.14 * w, 0.92 * h),
        ]
        d.polygon(hull_poly, fill=hull + (255,), outline=edge + (255,), width=line)

    return _supersampled((width, height), paint)


# --- PNG -----------------------------------------------------------------------------


def _chunk(tag: bytes, payload: bytes) -> bytes:
    return (
        struct.pack(">I", len(payload))
        + tag
        + payload
        + struct.pack(">I", zlib.crc32(tag + payload) & 0xFFFFFFFF)
    )


_POOL: ThreadPoolExecutor | None = None
_SPLIT_BYTES = 1 << 20  # below this one zlib pass is quicker than two threads


def _deflate_part(data: memoryview, level: int, last: bool) -> bytes:
    packer = zlib.compressobj(level, zlib.DEFLATED, -15)
    return packer.compress(data) + packer.flush(zlib.Z_FINISH if last else zlib.Z_SYNC_FLUSH)


def _zlib_stream(data: bytes, level: int) -> bytes:
    """``zlib.compress(data, level)``-compatible output, deflated in two halves at once.

    zlib releases the GIL, so on two cores the halves compress side by side (as pigz
    does): the first half ends on a sync flush, so the raw streams simply join.
    """
    global _POOL
    if len(data) < _SPLIT_BYTES:
        return zlib.compress(data, level)
    if _POOL is None:
        _POOL = ThreadPoolExecutor(max_workers=2, thread_name_prefix="render-png")
    view = memoryview(data)
    half = len(data) // 2
    first = _POOL.submit(_deflate_part, view[:half], level, False)
    second = _deflate_part(view[half:], level, True)
    body = first.result() + second
    return b"\x78\x01" + body + struct.pack(">I", zlib.adler32(data) & 0xFFFFFFFF)


def encode_png(im: Image.Image, *, level: int = 3) -> bytes:
    """``im`` as PNG bytes, fast: no row filter, zlib at ``level``.

    Pillow's own PNG writer tries five filters on every row, which costs several times
    more than drawing these flat pictures; unfiltered rows compress well here.
    """
    if im.mode != "RGB":
        im = im.convert("RGB")
    w, h = im.size
    raw = memoryview(im.tobytes())
    stride = 3 * w
    parts: list[bytes | memoryview] = []
    for i in range(0, len(raw), stride):
        parts.append(b"\x00")
        parts.append(raw[i : i + stride])
    rows = b"".join(parts)
    header = struct.pack(">IIBBBBB", w, h, 8, 2, 0, 0, 0)
    return (
        b"\x89PNG\r\n\x1a\n"
        + _chunk(b"IHDR", header)
        + _chunk(b"IDAT", _zlib_stream(rows, level))
        + _chunk(b"IEND", b"")
    )


def hand_header(
    im: Image.Image,
    head_h: int,
    title: str,
    *,
    icon: Image.Image | None = None,
    title_x: int | None = None,
    title_size: int = 28,
    prompt: str | None = None,
    prompt_size: int = 22,
    prompt_min: int = 16,
    prompt_width: int = 380,
) -> None:
    """The header band of a private picture: an icon, the title, and when the player
    must act, a gold badge with the prompt on the right."""
    d = ImageDraw.Draw(im)
    width = im.width
    d.rectangle((0, 0, width, head_h), fill=HEADER_BG)
    if title_x is None:
        title_x = MARGIN + 64 if icon is not None else MARGIN + 4
    if icon is not None:
        paste_sprite(im, icon, (MARGIN, head_h / 2 - icon.height / 2))
    right = width - MARGIN
    if prompt is not None:
        pw = min(prompt_width, text_width(prompt, prompt_size, bold=True) + 44)
        d.rounded_rectangle((right - pw, 14, right, head_h - 14), 18, fill=GOLD)
        triangle_right(d, right - pw + 12, head_h / 2, 16, DARK)
        draw_text(
            im,
            (right - pw + 32, head_h / 2),
            prompt,
            prompt_size,
            DARK,
            anchor="lm",
            bold=True,
            max_width=pw - 44,
            min_size=prompt_min,
        )
        right -= pw + 12
    draw_text(
        im,
        (title_x, head_h / 2),
        title,
        title_size,
        INK,
        anchor="lm",
        bold=True,
        max_width=right - title_x,
        min_size=18,
    )
