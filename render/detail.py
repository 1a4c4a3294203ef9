"""The part of a board a seat's choices are about, big enough to read on a phone.

A whole board is 1,280 px wide, so on a phone (about 400 px wide) its names are 4 to 6 px
tall. The panel shows instead the part of the board whose names the choices' labels give
("Move to Minsk (T02)" names "Minsk" and "T02"): the board is drawn while its texts are
recorded, the texts a label names are found, and a window around as many of them as fit
is cut out, no wider than keeps the smallest of them ``READABLE`` px tall at ``PHONE`` px
wide, then scaled up to ``WIDTH`` px so it stays sharp on a phone's dense screen.

Generic: it reads only the texts every renderer records (``render.common.draw_text``), so
a new game gets it with no code of its own.
"""

from __future__ import annotations

import re
import unicodedata
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from PIL import Image

from render.common import encode
from render.common.layout import Box, Placed, recording

PHONE = 400  # px: a phone's width, as Discord shows a picture there
READABLE = 9.0  # px: the least height of a name read at that width
WIDTH = 800  # px: the detail as sent (twice the phone's width: sharp on a dense screen)
MARGIN = 36  # px of board around the named texts
LEAST = 360  # px: the narrowest window, for some of the board around a single name
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


def window_for(named: Sequence[Placed], size: tuple[int, int]) -> Box | None:
    """The window to cut: around as many named texts as a readable window holds, the
    first named always among them."""
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
    return _tight(best[1], [t for t in named if _inside(t.box, best[1])], whole, widest)


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


def detail(view: Mapping[str, Any], *, names: Sequence[str], labels: Sequence[str]) -> Detail | None:
    """The part of ``view``'s public board that ``labels`` name, or ``None`` when they name
    nothing on it (the whole board is then the picture to show)."""
    from render import board_image  # the package imports this module's users, not this one

    with recording(places_only=True) as record:  # a board's cost: kept parts carry their texts
        board = board_image(view, names=names)
    named = named_texts([t for t in record.texts if t.image is board], labels)
    window = window_for(named, board.size)
    if window is None:
        return None
    cut = board.crop(window)
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
