"""The picture cache keeps the most recently used pictures within its pixel budget; a static
panel's tile is the same pixels as the panel painted in place."""

from __future__ import annotations

import pytest
from PIL import Image

from render.common.cache import PixelCache
from render.common.style import Box


def test_pictures_beyond_the_budget_are_dropped_oldest_first() -> None:
    made: list[int] = []

    def make(width: int) -> Image.Image:
        made.append(width)
        return Image.new("L", (width, 10))

    cache = PixelCache(make, limit=1000)  # room for 100 columns of 10 pixels
    first = cache.get(40)
    assert cache.get(40) is first and made == [40]  # a hit draws nothing
    cache.get(30)
    cache.get(40)  # 40 is now the most recently used
    cache.get(50)  # 1,200 pixels: the least recently used (30) goes
    assert list(cache.items) == [40, 50] and cache.held == 900
    cache.get(30)
    assert made == [40, 30, 50, 30]
    assert cache.held <= 1000


def test_one_picture_larger_than_the_budget_is_still_returned_and_kept_alone() -> None:
    cache = PixelCache(lambda w: Image.new("L", (w, 100)), limit=1000)
    cache.get(5)
    big = cache.get(50)
    assert big.size == (50, 100) and list(cache.items) == [50]
    cache.cache_clear()
    assert cache.held == 0 and not cache.items


def test_a_static_tile_is_the_same_pixels_as_the_panel_painted_in_place() -> None:
    from render.common import BG
    from render.common.layout import static_tile
    from render.knarr import footer

    painted: list[Box] = []

    def paint(im: Image.Image, box: Box) -> None:
        painted.append(box)
        footer._paint_key(im, box)

    # at every parity of place (a text centred on a half pixel lands by the parity)
    for box in [(657, 809, 1265, 989), (658, 810, 1266, 990), (21, 34, 629, 214)]:
        in_place = Image.new("RGB", (1280, 1004), BG)
        footer._paint_key(in_place, box)
        for _ in range(2):  # painted on its tile once, then pasted
            pasted = Image.new("RGB", (1280, 1004), BG)
            static_tile(pasted, box, "test key", BG, paint)
            assert pasted.tobytes() == in_place.tobytes()
    assert len(painted) == 3  # once for each size and parity


def test_kept_pictures_are_drawn_once_and_bounded_by_their_bytes(monkeypatch: pytest.MonkeyPatch) -> None:
    from PIL import Image

    from render.common import cache as module

    store = module.PixelCache(None, 3 * 40 * 40 * 4, module.picture_bytes)
    monkeypatch.setattr(module, "pictures", store)
    drawn: list[int] = []

    @module.kept
    def square(size: int, mode: str = "RGBA") -> Image.Image:
        drawn.append(size)
        return Image.new(mode, (size, size))

    @module.kept
    def other(size: int) -> Image.Image:
        return Image.new("L", (size, size))

    first = square(40)
    assert square(40) is first and drawn == [40]  # the same picture, drawn once
    assert square(40, mode="L") is not first  # another picture: its arguments differ
    other(40)
    assert store.held == 40 * 40 * 4 + 40 * 40 + 40 * 40
    for size in (41, 42):
        square(size)
    assert store.held <= store.limit  # the least recently used gave way
    assert square(40) is not first  # and is drawn again when asked for
    square.cache_clear()
    assert all(key[0] is not square.make for key in store.items)
    assert store.held == sum(module.picture_bytes(p) for p in store.items.values())


def test_forgetting_empties_every_cache_and_draws_the_same_pixels() -> None:
    import games
    import render
    from render.common import cache as module
    from render.common import stamps, text

    views = [games.get(g).view(games.get(g).setup(3, 2, None), None) for g in ("knarr", "saga")]
    names = ["Astrid", "Bjorn", "Sigrid"]
    before = [render.board_image(view, names=names).tobytes() for view in views]
    assert stamps.cache.items and text._masks.items and module.pictures.items
    assert module.forget() > 10
    assert not stamps.cache.items and not text._masks.items and not module.pictures.items
    assert stamps.cache.held == text._masks.held == module.pictures.held == 0
    assert [render.board_image(view, names=names).tobytes() for view in views] == before


def test_a_picture_kept_again_for_its_key_counts_once() -> None:
    """Two drawing threads that made the same picture at once both keep it: the cache then
    holds one, and counts one."""
    store = PixelCache(None, 10_000, lambda im: im.width * im.height)
    store.keep("tile", Image.new("L", (10, 10)))
    store.keep("tile", Image.new("L", (10, 20)))
    assert list(store.items) == ["tile"] and store.held == 200
