"""Where the text went: a record kept while drawing, for the layout test.

Renderers mark the panels they draw with ``with panel("name", box):``; every
:func:`render.common.draw_text` inside notes the box of its ink and the innermost panel.
:func:`render.common.encode_png` notes which images became pictures, so text drawn into
sprites is left out. Nothing is noted unless a :func:`recording` is open: outside one,
drawing pays a context-variable read per text and per panel.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterator, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, field
from typing import TypeVar, cast

from PIL import Image

from render.common.cache import PixelCache
from render.common.style import RGB, Box


@dataclass(frozen=True)
class Placed:
    """One text drawn into an image: its ink box and the panel it was drawn in."""

    image: Image.Image
    text: str
    size: int  # font size in pixels
    box: Box
    panel: str  # "" when drawn outside every marked panel
    bounds: Box | None  # the panel's box; None: the whole picture
    ink: RGB | None = None  # the text's colour (None: not known, as on a sprite)
    ground: RGB | None = None  # what it stands out from: its halo, else the commonest colour under it


@dataclass
class Recording:
    texts: list[Placed] = field(default_factory=list)
    # the images kept alive here, so no id is reused by a later image while recording
    outputs: list[Image.Image] = field(default_factory=list)
    # only where texts are (the panel's detail): parts kept as pictures (stamps, tiles,
    # backdrops) are pasted as at any board and note the texts they carry, with no ink or
    # ground; else (the layout test) every part is painted in place, each text seen whole
    places_only: bool = False

    def pictures(self) -> list[tuple[Image.Image, list[Placed]]]:
        """Each picture encoded while recording, with the texts drawn into it."""
        out = []
        for image in self.outputs:
            out.append((image, [p for p in self.texts if p.image is image]))
        return out


T = TypeVar("T")

_RECORDING: ContextVar[Recording | None] = ContextVar("render_recording", default=None)
_PANELS: ContextVar[tuple[tuple[str, Box], ...]] = ContextVar("render_panels", default=())


@contextmanager
def recording(*, places_only: bool = False) -> Iterator[Recording]:
    """Record every text drawn and every picture encoded inside the ``with`` block; with
    ``places_only``, where the texts are, at the cost of a board (``Recording``)."""
    record = Recording(places_only=places_only)
    token = _RECORDING.set(record)
    try:
        yield record
    finally:
        _RECORDING.reset(token)


@contextmanager
def panel(name: str, box: Sequence[float]) -> Iterator[None]:
    """Text drawn inside the ``with`` block belongs to the panel ``box`` (left, top, right, bottom)."""
    if _RECORDING.get() is None:
        yield
        return
    bounds = (round(box[0]), round(box[1]), round(box[2]), round(box[3]))
    token = _PANELS.set(_PANELS.get() + ((name, bounds),))
    try:
        yield
    finally:
        _PANELS.reset(token)


def note_text(
    image: Image.Image,
    text: str,
    size: int,
    box: Box | None,
    ink: RGB | None = None,
    ground: RGB | None = None,
) -> None:
    """Record a text drawn on ``image``; ``box`` is where its ink is (``None``: no ink)."""
    record = _RECORDING.get()
    if record is None or box is None:
        return
    panels = _PANELS.get()
    name, bounds = panels[-1] if panels else ("", None)
    record.texts.append(Placed(image, text, size, box, name, bounds, ink, ground))


def ground_under(image: Image.Image, box: Box) -> RGB | None:
    """The commonest colour of ``image`` inside ``box`` (before a text is drawn there)."""
    left, top = max(0, round(box[0])), max(0, round(box[1]))
    right, bottom = min(image.width, round(box[2])), min(image.height, round(box[3]))
    if right <= left or bottom <= top or image.mode != "RGB":
        return None
    colours = image.crop((left, top, right, bottom)).getcolors((right - left) * (bottom - top))
    if not colours:
        return None
    _, commonest = max(colours, key=lambda c: c[0])
    red, green, blue = cast(tuple[int, int, int], commonest)
    return (red, green, blue)


def carry_text(sprite: Image.Image, text: str, size: int, box: Box) -> None:
    """Note that ``sprite`` (a cached picture pasted onto boards) shows ``text`` at ``box``:
    each board it is pasted on while recording then records the text where it lands
    (``note_sprite``), as if drawn there."""
    sprite.info.setdefault("texts", []).append((text, size, box))


def note_sprite(image: Image.Image, sprite: Image.Image, x: int, y: int) -> None:
    """Record the texts ``sprite`` carries (``carry_text``), pasted on ``image`` at (x, y)."""
    if _RECORDING.get() is None:
        return
    for text, size, (left, top, right, bottom) in sprite.info.get("texts", ()):
        note_text(image, text, size, (left + x, top + y, right + x, bottom + y))


def note_output(image: Image.Image) -> None:
    record = _RECORDING.get()
    if record is not None and not any(image is seen for seen in record.outputs):
        record.outputs.append(image)


def recording_now() -> bool:
    return _RECORDING.get() is not None


def painting_in_place() -> bool:
    """A recording that sees every text whole is open (the layout test): parts kept as
    pictures are painted in place instead of pasted."""
    record = _RECORDING.get()
    return record is not None and not record.places_only


def texts_on(image: Image.Image, paint: Callable[[], T]) -> tuple[T, tuple[tuple[str, int, Box], ...]]:
    """What ``paint()`` returns, and the texts it drew on ``image`` (each once, where its
    ink is): for a picture kept to be pasted again to carry (``carry_text``)."""
    with recording(places_only=True) as record:
        made = paint()
    return made, tuple(dict.fromkeys((t.text, t.size, t.box) for t in record.texts if t.image is image))


TILES = 32  # a few static panels a game, at a few sizes each
_tiles: PixelCache[tuple[Hashable, RGB, int, int, int, int], Image.Image] = PixelCache(
    None, TILES, lambda _: 1
)


def static_tile(
    im: Image.Image, box: Box, key: Hashable, background: RGB, paint: Callable[[Image.Image, Box], None]
) -> None:
    """A panel that never changes (a key to the icons, say), painted once on a tile of
    ``background`` (what lies under the panel) and pasted into ``box`` from then on.

    ``paint(image, box)`` draws the panel into ``box`` of ``image``. While recording, it
    draws straight into ``im``, so the layout test sees its texts. The tile is painted at
    the box's offset modulo 2 (Python rounds halves to even, so a text centred on a half
    pixel lands by the parity of its place): a pasted tile is the same pixels as the panel
    painted in place."""
    x0, y0, x1, y1 = (round(v) for v in box)
    if painting_in_place():
        paint(im, (x0, y0, x1, y1))
        return
    w, h, dx, dy = x1 - x0 + 1, y1 - y0 + 1, x0 % 2, y0 % 2  # a box's edges are drawn on its last pixels
    found = (key, background, w, h, dx, dy)
    tile = _tiles.find(found)
    if tile is None:
        canvas = Image.new("RGB", (w + dx, h + dy), background)
        _, texts = texts_on(canvas, lambda: paint(canvas, (dx, dy, dx + w - 1, dy + h - 1)))
        tile = canvas.crop((dx, dy, dx + w, dy + h))
        for text, size, (left, top, right, bottom) in texts:
            carry_text(tile, text, size, (left - dx, top - dy, right - dx, bottom - dy))
        _tiles.keep(found, tile)
    im.paste(tile, (x0, y0))
    note_sprite(im, tile, x0, y0)
