"""A cache of pictures bounded by the pixels it holds, not by how many it holds.

``functools.lru_cache`` counts entries: 4,096 text masks are a few megabytes when they are
labels and numbers, and tens of megabytes when they are long log lines naming a thousand
different players (a drawing process serving a busy bot). This one keeps the most
recently used pictures up to a budget of pixels.

``kept`` is how a drawing file asks for a picture to be remembered (a card, a token, a
printed map): it says what it draws, and this module decides how much of it is kept, for
every game together (``pictures``, a budget of bytes).
"""

from __future__ import annotations

import functools
import sys
from collections import OrderedDict
from collections.abc import Callable, Hashable
from typing import Any, Generic, ParamSpec, TypeVar, cast

from PIL import Image

Key = TypeVar("Key", bound=Hashable)
Held = TypeVar("Held")  # a picture, or anything whose pixels the cache's ``size`` counts


def pixels(item: Any) -> int:
    """A picture's pixels: its width times its height."""
    return item.width * item.height


class PixelCache(Generic[Key, Held]):
    """``make(key)`` remembered for the most recently used keys, up to ``limit`` pixels
    (``size(item)``: a picture's width times its height, unless told otherwise).

    Without ``make``, the caller makes what is missing: ``find``, then ``keep``."""

    def __init__(
        self, make: Callable[[Key], Held] | None, limit: int, size: Callable[[Held], int] = pixels
    ) -> None:
        self.make = make
        self.limit = limit
        self.size = size
        self.held = 0
        self.items: OrderedDict[Key, Held] = OrderedDict()

    def get(self, key: Key) -> Held:
        found = self.items.get(key)
        if found is not None:
            self.items.move_to_end(key)
            return found
        if self.make is None:
            raise KeyError(key)
        made = self.make(key)
        self.keep(key, made)
        return made

    def find(self, key: Key) -> Held | None:
        """What is kept for ``key`` (now the most recently used), or None."""
        found = self.items.get(key)
        if found is not None:
            self.items.move_to_end(key)
        return found

    def keep(self, key: Key, item: Held) -> None:
        """Keep ``item`` for ``key``, dropping the least recently used beyond the limit. A
        key kept again (two drawing threads made it at once) counts once."""
        old = self.items.pop(key, None)
        if old is not None:
            self.held -= self.size(old)
        self.items[key] = item
        self.held += self.size(item)
        while self.held > self.limit and len(self.items) > 1:
            _, dropped = self.items.popitem(last=False)
            self.held -= self.size(dropped)

    def cache_clear(self) -> None:
        self.items.clear()
        self.held = 0


def picture_bytes(item: Image.Image) -> int:
    """What a picture holds: Pillow keeps 4 bytes a pixel for RGB and RGBA, 1 for L and P."""
    return item.width * item.height * (1 if item.mode in ("1", "L", "P") else 4)


# The pictures drawing files make from a few plain arguments (a card, a token, a sprite,
# Saga's printed map), for every game together: the most recently used up to this many
# bytes. A process drawing 1,500 pictures of all five games mixed kept 18.5 MB of them (501
# pictures; the Knarr cards about half), one drawing Knarr, Saga and Pax 12.6 MB: all of
# them fit, so none is drawn twice. Volga's river tiles, a few sizes for each map's
# geometry, came to join them with the 6 MB they had apart.
PICTURES_LIMIT = 30_000_000
pictures: PixelCache[tuple[Any, ...], Image.Image] = PixelCache(None, PICTURES_LIMIT, picture_bytes)

# Big pictures a board is drawn over (Pax's printed map, 5 MB): the most recently used up
# to four of them, as many as before they came here.
BACKDROPS_LIMIT = 21_000_000
backdrops: PixelCache[Hashable, Image.Image] = PixelCache(None, BACKDROPS_LIMIT, picture_bytes)

Args = ParamSpec("Args")


class Kept(Generic[Args]):
    """``make`` remembered in ``pictures``: what a drawing file marks ``@kept`` it draws
    once while it is among the most recently used, the same picture (not a copy) each time,
    which no one may change. ``cache_clear`` forgets this function's pictures."""

    def __init__(self, make: Callable[Args, Image.Image]) -> None:
        self.make = make
        functools.update_wrapper(self, make)

    def __call__(self, *args: Args.args, **kwargs: Args.kwargs) -> Image.Image:
        key = (self.make, args, tuple(kwargs.items()))
        found = pictures.find(key)
        if found is None:
            found = self.make(*args, **kwargs)
            pictures.keep(key, found)
        return found

    def cache_clear(self) -> None:
        for key in [key for key in pictures.items if key[0] is self.make]:
            pictures.held -= pictures.size(pictures.items.pop(key))


def kept(make: Callable[Args, Image.Image]) -> Kept[Args]:
    """A drawing function whose pictures are remembered (``Kept``)."""
    return Kept(make)


Answer = TypeVar("Answer")


def remembered(count: int) -> Callable[[Callable[Args, Answer]], Callable[Args, Answer]]:
    """A drawing file's pure function of a few plain arguments that is not a picture (a
    line's wrapping, whether a part pastes true there): its answers for the ``count`` most
    recently asked, emptied by ``forget``. Pictures are ``kept``."""

    def made(work: Callable[Args, Answer]) -> Callable[Args, Answer]:
        return cast(Callable[Args, Answer], functools.lru_cache(maxsize=count)(work))

    return made


def forget() -> int:
    """Empty every cache of the drawing modules (``render`` and its packages: remembered
    functions, ``PixelCache``s, ``kept`` pictures); how many. For a drawing process about
    to make a replay, after which it ends: the replay then draws on memory given back,
    filling the caches of its one game again, not on what every game's pictures left."""
    emptied = 0
    for name, module in list(sys.modules.items()):
        if module is None or not (name == "render" or name.startswith("render.")):
            continue
        for value in list(vars(module).values()):
            clear = getattr(value, "cache_clear", None)
            if callable(clear) and not isinstance(value, type):
                clear()
                emptied += 1
    return emptied
