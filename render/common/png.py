"""Fast PNG writers: exact RGB (``encode_png``) and 64-colour palette (``encode_palette``).

Pillow's own PNG writer tries five filters on every row, which costs several times
more than drawing these flat pictures; unfiltered rows compress well here. Which writer a
picture gets, and how hard it is packed, is chosen in ``render.common.encode``.
"""

from __future__ import annotations

import struct
import threading
import zlib
from collections.abc import Sequence
from concurrent.futures import ThreadPoolExecutor
from functools import lru_cache
from typing import Any

from PIL import Image, ImageChops

from render.common.layout import note_output

_fast_zlib: Any
try:  # ISA-L's deflate: zlib's format, several times quicker at the low levels
    from isal import isal_zlib as _fast_zlib
except ImportError:  # pragma: no cover - a platform without the wheel
    _fast_zlib = None


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


def _zlib_stream(data: bytes | bytearray, level: int) -> bytes:
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
    note_output(im)
    if im.mode != "RGB":
        im = im.convert("RGB")
    w, h = im.size
    rows = _rows(im)
    header = struct.pack(">IIBBBBB", w, h, 8, 2, 0, 0, 0)
    return (
        b"\x89PNG\r\n\x1a\n"
        + _chunk(b"IHDR", header)
        + _chunk(b"IDAT", _zlib_stream(rows, level))
        + _chunk(b"IEND", b"")
    )


def encode_png_streamed(im: Image.Image, *, level: int = 3) -> bytes:
    """``im`` as an RGB PNG like ``encode_png`` (no row filter, zlib at ``level``), its rows
    deflated a band at a time as they are taken, on one thread: neither the picture's bytes
    nor its rows are ever held whole. For a picture drawn once (a finished game's final
    picture, the largest a drawing process makes), where memory counts more than time."""
    note_output(im)
    if im.mode != "RGB":
        im = im.convert("RGB")
    w, h = im.size
    stride = 3 * w
    packer = zlib.compressobj(level)
    packed: list[bytes] = []
    for top in range(0, h, BAND):
        band = im.crop((0, top, w, min(h, top + BAND))).tobytes()
        rows = bytearray((stride + 1) * (len(band) // stride))
        for i, at in zip(range(0, len(band), stride), range(1, len(rows), stride + 1), strict=True):
            rows[at : at + stride] = band[i : i + stride]
        packed.append(packer.compress(rows))
    packed.append(packer.flush())
    header = struct.pack(">IIBBBBB", w, h, 8, 2, 0, 0, 0)
    return (
        b"\x89PNG\r\n\x1a\n"
        + _chunk(b"IHDR", header)
        + _chunk(b"IDAT", b"".join(packed))
        + _chunk(b"IEND", b"")
    )


# a board bigger than this after the quick pass is packed harder (``encode.Packing``), to
# stay under Discord's comfortable 300 KB
SIZE_SOFT = 280 * 1024
PALETTE_COLORS = 64


BAND = 64  # rows taken from the picture at a time


def _rows(im: Image.Image) -> bytearray:
    """An RGB picture's rows, each behind PNG's "no filter" byte (0), copied in a band of
    rows at a time: the whole picture's bytes and its rows are never held together (for a
    final picture, 7 MB less at the moment a drawing process holds the most)."""
    w, h = im.size
    stride = 3 * w
    rows = bytearray((stride + 1) * h)
    at = 1
    for top in range(0, h, BAND):
        band = im.crop((0, top, w, min(h, top + BAND))).tobytes()
        for i in range(0, len(band), stride):
            rows[at : at + stride] = band[i : i + stride]
            at += stride + 1
    return rows


# A drawing process draws board after board of the same few games, whose colours barely
# change from one board to the next. The palette chosen for the last board of a kind is
# tried first, and kept while it still fits the new board's sample:
# - no colour lost: at most FIT_FAR channel values of the sampled pixels are more than
#   FIT_ERROR off once mapped onto it (measured: 0-19 on boards of every game with their
#   own palette, 0-22 with a kept one; a colour new to the board, a banner say, is hundreds);
# - blends as close as a new palette's: the channel values more than NEAR_ERROR off are at
#   most NEAR_RATIO times those of the board the palette was chosen for (64 colours leave
#   1,000-6,000 of them on any board).
# Pillow keeps its table of nearest colours with the palette, so a kept palette saves
# choosing one and filling that table again (measured on Knarr boards: 4.7 ms a board
# encoded, 3.5 with the palette kept).
FIT_FAR, FIT_ERROR = 32, 40
NEAR_ERROR, NEAR_RATIO = 16, 1.5
_kept = threading.local()  # a palette is used by one thread at a time


def _sample(im: Image.Image) -> Image.Image:
    """Every fourth pixel of every fourth row: exact colours, not blends."""
    return im.resize((max(1, im.width // 4), max(1, im.height // 4)), Image.Resampling.NEAREST)


def misses(palette: Image.Image, sample: Image.Image) -> tuple[int, int]:
    """The channel values of ``sample`` more than FIT_ERROR, and more than NEAR_ERROR, off
    once it is mapped onto ``palette``."""
    back = sample.quantize(palette=palette, dither=Image.Dither.NONE).convert("RGB")
    counts = ImageChops.difference(sample, back).histogram()  # 256 a channel

    def over(error: int) -> int:
        return sum(sum(counts[c * 256 + error + 1 : c * 256 + 256]) for c in range(3))

    return over(FIT_ERROR), over(NEAR_ERROR)


def palette_for(im: Image.Image, colors: int, kind: str) -> Image.Image:
    """A palette of ``colors`` colours for ``im``: the one kept for ``kind`` if it fits,
    else a new one, chosen on a sample of the picture (and kept)."""
    kept: dict[tuple[str, int, int], tuple[Image.Image, int]] = _kept.__dict__.setdefault("palettes", {})
    key = (kind, im.width, colors)
    sample = _sample(im)
    if kind and key in kept:
        palette, near = kept[key]
        far_now, near_now = misses(palette, sample)
        if far_now <= FIT_FAR and near_now <= near * NEAR_RATIO:
            return palette
    palette = sample.quantize(colors, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE)
    if kind:
        kept[key] = (palette, misses(palette, sample)[1])
    return palette


def encode_palette(im: Image.Image, *, colors: int = PALETTE_COLORS, level: int = 1, kind: str = "") -> bytes:
    """``im`` as a palette PNG of ``colors`` colours, deflated at ``level``.

    The boards are flat colours and anti-aliased text: 64 colours keep them readable at
    about a third of the bytes. The palette is chosen on every fourth pixel of every
    fourth row (exact colours, not blends), or kept from the last board of this ``kind``
    (``palette_for``); then the whole picture is mapped onto it without dithering, which
    costs a fraction of choosing it on the whole picture. The rows are deflated by ISA-L
    where it is installed (``isal``: a seventh of zlib's time for a smaller stream,
    measured on a Knarr board: 0.5 ms against 3.7 ms in Pillow's writer), else by zlib,
    ``BAND`` rows at a time (``_index_stream``).
    """
    note_output(im)
    if im.mode != "RGB":
        im = im.convert("RGB")
    palette = palette_for(im, colors, kind)
    mapped = im.quantize(palette=palette, dither=Image.Dither.NONE)
    entries = bytes((mapped.getpalette() or [])[: 3 * colors])
    w, h = mapped.size
    header = struct.pack(">IIBBBBB", w, h, 8, 3, 0, 0, 0)  # 8 bits, colour type 3: a palette
    return (
        b"\x89PNG\r\n\x1a\n"
        + _chunk(b"IHDR", header)
        + _chunk(b"PLTE", entries)
        + _chunk(b"IDAT", _index_stream(mapped, level))
        + _chunk(b"IEND", b"")
    )


def _index_stream(mapped: Image.Image, level: int) -> bytes:
    """The zlib stream of a palette picture's rows, each behind PNG's "no filter" byte:
    ``BAND`` rows at a time pasted one column in on a band of index 0 (half the time of
    joining the rows in Python) and deflated. The rows are never held whole beside the
    picture: measured on boards of Pax (1,280 x 2,196), Reavers and Knarr, 5-7 MB less held
    at once while one is encoded (3.8 MB beyond the picture instead of 10.8 for that Pax
    board), in the same time."""
    w, h = mapped.size
    packer: Any = _fast_zlib.compressobj(min(level, 3)) if _fast_zlib is not None else zlib.compressobj(level)
    packed: list[bytes] = []
    rows = Image.new("P", (w + 1, min(BAND, h)), 0)
    for top in range(0, h, BAND):
        if h - top < rows.height:
            rows = Image.new("P", (w + 1, h - top), 0)
        rows.paste(mapped, (1, -top))  # the band's rows: the rest falls outside
        packed.append(packer.compress(rows.tobytes()))
    packed.append(packer.flush())
    return b"".join(packed)


@lru_cache(maxsize=8)
def _poster_table(keep: tuple[tuple[int, int, int], ...]) -> list[int]:
    """A lookup table for ``Image.point``: each channel to the nearest of 16 even levels
    (0, 17, ... 255) or of the values of the ``keep`` colours, which so stay exact."""
    table: list[int] = []
    for channel in range(3):
        levels = sorted({17 * i for i in range(16)} | {color[channel] for color in keep})
        table += [min(levels, key=lambda level: abs(level - v)) for v in range(256)]
    return table


def posterize(im: Image.Image, keep: Sequence[tuple[int, int, int]] = ()) -> Image.Image:
    """Round each channel of ``im`` to a few levels, in place, for a smaller PNG of a busy
    picture; the ``keep`` colours (backgrounds, panels) stay exact. Returns ``im``.

    Anti-aliased edges then repeat, so zlib packs a text-dense board about a third smaller
    (and faster). In place, so the picture stays the one its text was recorded on.
    """
    im.paste(im.point(_poster_table(tuple(keep))))
    return im
