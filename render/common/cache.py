"""A cache of pictures bounded by the pixels it holds, not by how many it holds.

``functools.lru_cache`` counts entries: 4,096 text masks are a few megabytes when they are
labels and numbers, and tens of megabytes when they are long log lines naming a thousand
different players (a drawing process serving a busy bot). This one keeps the most
recently used pictures up to a budget of pixels.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable, Hashable
from typing import Generic, Protocol, TypeVar

Key = TypeVar("Key", bound=Hashable)


class Pixels(Protocol):
    """What the cache holds: a picture, or anything that says how many pixels it keeps."""

    @property
    def width(self) -> int: ...

    @property
    def height(self) -> int: ...


Held = TypeVar("Held", bound=Pixels)


def pixels(item: Pixels) -> int:
    return item.width * item.height


class PixelCache(Generic[Key, Held]):
    """``make(key)`` remembered for the most recently used keys, up to ``limit`` pixels
    (``size(item)``: a picture's width times its height, unless told otherwise)."""

    def __init__(self, make: Callable[[Key], Held], limit: int, size: Callable[[Held], int] = pixels) -> None:
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
        made = self.make(key)
        self.items[key] = made
        self.held += self.size(made)
        while self.held > self.limit and len(self.items) > 1:
            _, dropped = self.items.popitem(last=False)
            self.held -= self.size(dropped)
        return made

    def cache_clear(self) -> None:
        self.items.clear()
        self.held = 0
