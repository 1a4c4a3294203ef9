"""The part of a board a seat's choices are about, big enough to read on a phone.

A whole board is 1,280 px wide, so on a phone (about 400 px wide) its names are 4 to 6 px
tall. The panel shows instead the part of the board whose names the choices' labels give
("Move to Minsk (T02)" names "Minsk" and "T02"): the board is drawn while its texts are
recorded, the texts a label names are found, and a window around as many of them as fit
is cut out, no wider than keeps the smallest of them ``READABLE`` px tall at ``PHONE`` px
wide, then scaled up to ``WIDTH`` px so it stays sharp on a phone's dense screen. Its
edges are moved to lines that cut no text where they can (``uncut``: a word cut in half
reads as another word); an edge that cannot fades to the board's ground (``faded``).

Generic: it reads only the texts every renderer records (``render.common.draw_text``), so
a new game gets it with no code of its own.
"""

from __future__ import annotations

import bisect
import re
import unicodedata
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from PIL import Image, ImageChops

from render.common import encode
from render.common.layout import Box, Placed, recording

PHONE = 400  # px: a phone's width, as Discord shows a picture there
READABLE = 9.0  # px: the least height of a name read at that width
WIDTH = 800  # px: the detail as sent (twice the phone's width: sharp on a dense screen)
MARGIN = 36  # px of board around the named texts
LEAST = 360  # px: the narrowest window, for some of the board around a single name
GAP = 3  # px between a window's edge and a text it was moved off
KEPT = 0.6  # the least share of its span a window keeps when an edge moves in off a text
FADE = 24  # px of board over which an edge that still cuts a text fades to the background
# panels whose texts repeat names without being the place itself
NOT_PLACES = ("header", "recent moves", "key")


@dataclass(frozen=True)
class Detail:
    """A cut of a board: the window (on the board), the picture, and the named texts in it."""

    window: Box
    image: Image.Image
    named: list[Placed]

    def phone_size(self, text: Placed) -> float:
        """How tall ``text``'s font is when the detail is shown ``PHONE`` px wide."""
        return text.size * PHONE / (self.window[2] - self.window[0])


def _plain(text: str) -> str:
    """Casefolded, accents off, spaces single: how a board text and a label are compared."""
    decomposed = unicodedata.normalize("NFKD", text.casefold())
    return " ".join("".join(c for c in decomposed if not unicodedata.combining(c)).split())


def named_texts(placed: Sequence[Placed], labels: Sequence[str]) -> list[Placed]:
    """The board texts that one of ``labels`` names as a whole word or words, in the order
    of the first label naming each (a label's first choice leads). A text printed more than
    twice ("sea" on every sea region), or twice in one panel, names a kind, not a place:
    left out (a place may be printed twice: on the map and in a list beside it)."""
    said = [_plain(label) for label in labels]
    counts = Counter(_plain(text.text) for text in placed)
    in_panel = Counter((text.panel, _plain(text.text)) for text in placed)
    ranked: list[tuple[int, int, Placed]] = []
    for order, text in enumerate(placed):
        if text.panel.startswith(NOT_PLACES):
            continue
        plain = _plain(text.text)
        if (
            len(plain) < 3
            or not any(c.isalpha() for c in plain)
            or counts[plain] > 2
            or in_panel[text.panel, plain] > 1
        ):
            continue
        pattern = re.compile(rf"(?<!\w){re.escape(plain)}(?!\w)")
        first = next((i for i, label in enumerate(said) if pattern.search(label)), None)
        if first is not None:
            ranked.append((first, order, text))
    return [text for _, _, text in sorted(ranked, key=lambda r: (r[0], r[1]))]


def _inside(box: Box, window: Box) -> bool:
    return window[0] <= box[0] and window[1] <= box[1] and box[2] <= window[2] and box[3] <= window[3]


def _clamp(left: float, top: float, width: int, height: int, image: Box) -> Box:
    """A ``width`` × ``height`` window at (left, top) moved to lie inside ``image``."""
    width, height = min(width, image[2]), min(height, image[3])
    x = round(min(max(left, 0), image[2] - width))
    y = round(min(max(top, 0), image[3] - height))
    return (x, y, x + width, y + height)


def window_for(named: Sequence[Placed], size: tuple[int, int], texts: Sequence[Placed]) -> Box | None:
    """The window to cut: around as many named texts as a readable window holds, the
    first named always among them, its edges moved off the ``texts`` they would cut."""
    if not named:
        return None
    whole = (0, 0, size[0], size[1])
    smallest = min(text.size for text in named)
    widest = min(size[0], max(LEAST, int(PHONE * smallest / READABLE)))
    tallest = min(size[1], round(widest * 1.25))
    best: tuple[int, Box] | None = None
    for anchor in named[:40]:
        x, y = anchor.box[0] - MARGIN, anchor.box[1] - MARGIN
        for left, top in (
            (x, y),
            (anchor.box[2] + MARGIN - widest, y),
            (x, anchor.box[3] + MARGIN - tallest),
        ):
            window = _clamp(left, top, widest, tallest, whole)
            if not _inside(named[0].box, window):
                continue
            held = sum(_inside(text.box, window) for text in named)
            if best is None or held > best[0]:
                best = (held, window)
    if best is None:  # the first name alone is wider than a readable window: centre on it
        box = named[0].box
        middle = ((box[0] + box[2]) / 2, (box[1] + box[3]) / 2)
        return _clamp(middle[0] - widest / 2, middle[1] - tallest / 2, widest, tallest, whole)
    holds = [t for t in named if _inside(t.box, best[1])]
    return uncut(_tight(best[1], holds, whole, widest), texts, holds, (widest, tallest), whole)


def _tight(window: Box, held: Sequence[Placed], whole: Box, widest: int) -> Box:
    """``window`` shrunk round the texts it holds (with ``MARGIN``), keeping at least
    ``LEAST`` px (or ``widest``, if less) of board across and three quarters of that down."""
    left = min(t.box[0] for t in held) - MARGIN
    top = min(t.box[1] for t in held) - MARGIN
    right = max(t.box[2] for t in held) + MARGIN
    bottom = max(t.box[3] for t in held) + MARGIN
    width = max(round(right - left), min(LEAST, widest))
    height = max(round(bottom - top), round(width * 0.75))
    width, height = min(width, window[2] - window[0]), min(height, window[3] - window[1])
    centre = ((left + right) / 2, (top + bottom) / 2)
    return _clamp(centre[0] - width / 2, centre[1] - height / 2, width, height, whole)


def uncut(
    window: Box, texts: Sequence[Placed], keep: Sequence[Placed], reach: tuple[int, int], whole: Box
) -> Box:
    """``window`` with its edges moved off the ``texts`` they would cut through (a word cut
    in half at a picture's edge reads as another word): to the nearest lines that cross no
    text, while the window keeps every text of ``keep``, stays within ``reach`` (width,
    height) and ``whole``, and keeps ``KEPT`` of its span. Edges with no such lines stay."""
    edges = window
    least = ((window[2] - window[0]) * KEPT, (window[3] - window[1]) * KEPT)
    for _ in range(3):  # moving the sides changes which texts the top and bottom cross
        before = edges
        for axis in (0, 1):
            low, high = _free_ends(edges, axis, texts, keep, reach[axis], least[axis], whole)
            edges = (low, edges[1], high, edges[3]) if axis == 0 else (edges[0], low, edges[2], high)
        if edges == before:
            break
    return edges


def _free_ends(
    edges: Box,
    axis: int,
    texts: Sequence[Placed],
    keep: Sequence[Placed],
    reach: int,
    least: float,
    whole: Box,
) -> tuple[int, int]:
    """The two ends of ``edges`` along ``axis`` (0 across, 1 down), each on a line that
    crosses none of the ``texts`` beside the window, as near where they are as fits."""
    spans = sorted((t.box[axis] - GAP, t.box[axis + 2] + GAP) for t in texts if _beside(t.box, edges, axis))
    merged: list[list[int]] = []
    for start, end in spans:
        if merged and start < merged[-1][1]:
            merged[-1][1] = max(merged[-1][1], end)
        else:
            merged.append([start, end])

    starts = [start for start, _ in merged]

    def free(at: int) -> bool:
        # the spans are apart and in order: only the last one starting before ``at`` can hold it
        last = bisect.bisect_left(starts, at) - 1
        return whole[axis] <= at <= whole[axis + 2] and (last < 0 or merged[last][1] <= at)

    low, high = edges[axis], edges[axis + 2]
    lines = {low, high, whole[axis], whole[axis + 2], *(end for span in merged for end in span)}
    room = MARGIN // 2  # kept round a named text, where the board has it
    lows = [at for at in lines if free(at) and all(at <= max(whole[axis], k.box[axis] - room) for k in keep)]
    highs = [
        at
        for at in lines
        if free(at) and all(at >= min(whole[axis + 2], k.box[axis + 2] + room) for k in keep)
    ]
    pairs = [(a, b) for a in lows for b in highs if least <= b - a <= reach]
    if not pairs or (free(low) and free(high)):
        return low, high
    return min(pairs, key=lambda pair: (abs(pair[0] - low) + abs(pair[1] - high), pair))


def _beside(box: Box, window: Box, axis: int) -> bool:
    """Whether ``box`` overlaps ``window`` along the other axis than ``axis``: an edge of
    ``window`` across ``axis`` at the right place would cut it."""
    across = 1 - axis
    return box[across] < window[across + 2] and box[across + 2] > window[across]


def cut_sides(window: Box, texts: Sequence[Placed]) -> list[int]:
    """The sides of ``window`` (0 left, 1 top, 2 right, 3 bottom) that cut through a text."""
    return [
        end
        for end in range(4)
        if any(
            t.box[end % 2] < window[end] < t.box[end % 2 + 2] and _beside(t.box, window, end % 2)
            for t in texts
        )
    ]


def background(board: Image.Image) -> tuple[int, ...]:
    """The board's commonest colour (its ground), from a coarse sample."""
    sample = board.resize((64, 64), Image.Resampling.NEAREST).convert("RGB")
    _, colour = max(sample.getcolors(64 * 64) or [], default=(0, (0, 0, 0)))
    return colour if isinstance(colour, tuple) else (int(colour),) * 3


def faded(cut: Image.Image, sides: Sequence[int], ground: tuple[int, ...]) -> Image.Image:
    """``cut`` with each of ``sides`` fading to ``ground`` over its last ``FADE`` px, so a
    word cut there reads as going on past the edge rather than as a shorter word."""
    if not sides:
        return cut
    cut = cut.convert("RGB")
    fill = Image.new("RGB", cut.size, ground[:3])
    ramp = Image.frombytes("L", (FADE, 1), bytes(round(255 * (i + 1) / FADE) for i in range(FADE)))
    mask = Image.new("L", cut.size, 0)
    for side in sides:
        across = side % 2 == 0
        length = cut.height if across else cut.width
        strip = ramp if side >= 2 else ramp.transpose(Image.Transpose.FLIP_LEFT_RIGHT)
        strip = strip.resize((FADE, length), Image.Resampling.NEAREST)
        if not across:
            strip = strip.transpose(Image.Transpose.TRANSPOSE)
        at = (cut.width - FADE if side == 2 else 0, cut.height - FADE if side == 3 else 0)
        mask.paste(ImageChops.lighter(mask.crop((*at, at[0] + strip.width, at[1] + strip.height)), strip), at)
    return Image.composite(fill, cut, mask)


def detail(view: Mapping[str, Any], *, names: Sequence[str], labels: Sequence[str]) -> Detail | None:
    """The part of ``view``'s public board that ``labels`` name, or ``None`` when they name
    nothing on it (the whole board is then the picture to show)."""
    from render import board_image  # the package imports this module's users, not this one

    with recording(places_only=True) as record:  # a board's cost: kept parts carry their texts
        board = board_image(view, names=names)
    texts = [t for t in record.texts if t.image is board]
    named = named_texts(texts, labels)
    window = window_for(named, board.size, texts)
    if window is None:
        return None
    cut = board.crop(window)
    if sides := cut_sides(window, texts):
        cut = faded(cut, sides, background(board))
    if cut.width < WIDTH:
        cut = cut.resize((WIDTH, round(cut.height * WIDTH / cut.width)), Image.Resampling.LANCZOS)
    return Detail(window, cut, [t for t in named if _inside(t.box, window)])


def detail_png(
    view: Mapping[str, Any], *, names: Sequence[str], labels: Sequence[str], palette: bool = False
) -> bytes | None:
    """``detail`` as PNG bytes (a palette PNG with ``palette``), or ``None``."""
    found = detail(view, names=names, labels=labels)
    if found is None:
        return None
    return encode.board(found.image, kind=f"{view['game']} detail", palette=palette)
