"""A cache of pictures bounded by the pixels it holds, not by how many it holds.

``functools.lru_cache`` counts entries: 4,096 text masks are a few megabytes when they are
labels and numbers, and tens of megabytes when they are long log lines naming a thousand
different players (a drawing process serving a busy bot). This one keeps the most
recently used pictures up to a budget of pixels.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable, Hashable
from typing import Any, Generic, TypeVar

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
        """Keep ``item`` for ``key`` (one not kept), dropping the least recently used beyond
        the limit."""
        self.items[key] = item
        self.held += self.size(item)
        while self.held > self.limit and len(self.items) > 1:
            _, dropped = self.items.popitem(last=False)
            self.held -= self.size(dropped)

    def cache_clear(self) -> None:
        self.items.clear()
        self.held = 0
