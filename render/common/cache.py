"""A cache of pictures bounded by the pixels it holds, not by how many it holds.

``functools.lru_cache`` counts entries: 4,096 text masks are a few megabytes when they are
labels and numbers, and tens of megabytes when they are long log lines naming a thousand
different players (a drawing process serving a busy bot). This one keeps the most
recently used pictures up to a budget of pixels.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable, Hashable
from typing import Generic, TypeVar

from PIL import Image

Key = TypeVar("Key", bound=Hashable)


class PixelCache(Generic[Key]):
    """``make(key)`` remembered for the most recently used keys, up to ``limit`` pixels."""

    def __init__(self, make: Callable[[Key], Image.Image], limit: int) -> None:
        self.make = make
        self.limit = limit
        self.held = 0
        self.items: OrderedDict[Key, Image.Image] = OrderedDict()

    def get(self, key: Key) -> Image.Image:
        found = self.items.get(key)
        if found is not None:
            self.items.move_to_end(key)
            return found
        made = self.make(key)
        self.items[key] = made
        self.held += made.width * made.height
        while self.held > self.limit and len(self.items) > 1:
            _, dropped = self.items.popitem(last=False)
            self.held -= dropped.width * dropped.height
        return made

    def cache_clear(self) -> None:
        self.items.clear()
        self.held = 0
