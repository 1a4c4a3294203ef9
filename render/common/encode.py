"""A drawn picture's bytes: every board, hand, final and card picture is encoded here.

Each call says how (``palette``); nothing is switched for a process, so two callers in one
process may ask for different encodings:

- ``palette=True`` (the bot's drawing processes): a 64-colour palette PNG. About a third
  of the bytes and of the CPU of the RGB PNG; each game's palette is kept for its next
  board (``png.palette_for``).
- ``palette=False`` (the default: tests, the thread fallback): an exact RGB PNG, packed
  the way the game's ``Packing`` says.
"""

from __future__ import annotations

from dataclasses import dataclass

from PIL import Image

from render.common.layout import note_output
from render.common.png import (
    PALETTE_COLORS,
    SIZE_SOFT,
    encode_palette,
    encode_png,
    encode_png_streamed,
    palette_for,
    posterize,
)


@dataclass(frozen=True)
class Packing:
    """How a game's boards are packed as RGB PNGs (palette PNGs are packed alike for all).

    The zlib ``levels`` are tried in turn until the PNG is at most ``limit`` bytes (the last
    one is kept whatever its size): a board bigger than that after the quick pass is packed
    harder, to stay under Discord's comfortable 300 KB, and big boards are rare.
    """

    # rounded to 16 levels a channel first (``png.posterize``): anti-aliased edges then
    # repeat, so a text-dense board packs about a third smaller, and faster
    posterize: bool = False
    levels: tuple[int, ...] = (3, 6, 9)
    limit: int = SIZE_SOFT
    # boards at least this tall are packed at level 4 first: at level 3 they pass ``limit``
    # and would be packed twice; level 4 at once is under it at half the cost
    tall: int | None = None

    def tries(self, height: int) -> tuple[int, ...]:
        """The zlib levels to try, in order, for a board ``height`` pixels tall."""
        if self.tall is not None and height >= self.tall:
            return (4, *self.levels)
        return self.levels


PLAIN = Packing()


def board(im: Image.Image, *, kind: str, packing: Packing = PLAIN, palette: bool = False) -> bytes:
    """A board as PNG bytes. ``kind`` names the game: with ``palette``, its palette is kept
    for its next board."""
    if palette:
        return encode_palette(im, kind=kind)
    if packing.posterize:
        posterize(im)  # in place: the picture stays the one its text was recorded on
    data = b""
    for level in packing.tries(im.height):
        data = encode_png(im, level=level)
        if len(data) <= packing.limit:
            break
    return data


def hand(im: Image.Image, *, kind: str, palette: bool = False) -> bytes:
    """A seat's private picture as PNG bytes (at level 3: hands are small)."""
    if palette:
        return encode_palette(im, kind=kind)
    return encode_png(im)


def final(im: Image.Image) -> bytes:
    """A finished game's final picture (its board, already as ``as_shown`` shows it, and the
    score table) as an RGB PNG at level 3: it is sent once a game, so it is deflated as its
    rows are taken (``encode_png_streamed``), for the least memory, not the least time."""
    return encode_png_streamed(im)


def card(im: Image.Image) -> bytes:
    """One card's picture for ``/card`` (``render.common.card_sheet``) as an RGB PNG at
    level 3: sent once when someone asks for it."""
    return encode_png(im)


def table(im: Image.Image) -> bytes:
    """A server's leaderboard (``render.leaderboard``) as an RGB PNG at level 3: text on
    flat panels, sent when someone asks for it."""
    return encode_png(im)


def as_shown(im: Image.Image, *, kind: str, packing: Packing = PLAIN, palette: bool = False) -> Image.Image:
    """The board ``im`` as its PNG from ``board`` shows it, without encoding it: for a
    picture drawn around a board (the final picture). The same pixels, and the same palette
    kept for ``kind``, as ``board`` with the same arguments. With ``palette``, a palette
    picture (a quarter of an RGB one's bytes: the final picture is a drawing process's
    largest), which a paste onto an RGB picture turns into those colours."""
    note_output(im)
    if palette:
        return im.quantize(palette=palette_for(im, PALETTE_COLORS, kind), dither=Image.Dither.NONE)
    if packing.posterize:
        posterize(im)
    return im
