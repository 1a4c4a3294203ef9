"""Stamps (``render.common.stamps``): a part pasted from its stamp is the part painted in
place, over anything or on its ground, at every parity of its place; the cache keeps to
its bound."""

from __future__ import annotations

import random
from collections.abc import Callable
from functools import partial

import pytest
from PIL import Image

from render.common import DARK, INK, PANEL, draw_text, parts, paste_sprite, recording, stamps
from render.common.canvas import canvas
from render.common.icons import pip

PLACES = [(200, 100), (201, 100), (200, 101), (201, 101)]  # every parity


def _noise(size: tuple[int, int]) -> Image.Image:
    rng = random.Random(size[0] * 7 + size[1])
    return Image.frombytes("RGB", size, rng.randbytes(3 * size[0] * size[1]))


def _moved(
    paint: Callable[[Image.Image, int, int], int | None], move: int, image: Image.Image, dx: int, dy: int
) -> int | None:
    return paint(image, dx - move, dy - move)


def _at(paint: Callable[..., int], x: int, y: int, image: Image.Image, dx: int, dy: int) -> int:
    return paint(image, x - dx, y - dy)


@pytest.fixture(autouse=True)
def _empty_cache() -> None:
    stamps.cache.cache_clear()


def _centred(image: Image.Image, x: float, y: float, text: str) -> int:
    return draw_text(image, (x, y), text, 21, INK, anchor="mm", bold=True)[2]


def _tag(image: Image.Image, x: float, y: float) -> int:
    canvas(image).rounded_rectangle((x, y - 15, x + 94, y + 15), 15, fill=(92, 216, 236))
    return draw_text(image, (x + 28, y), "to act", 20, DARK, anchor="lm", bold=True)[2]


def _counted(image: Image.Image, x: float, y: float) -> int:
    paste_sprite(image, pip(36, (200, 60, 40), (16, 16, 20), 2), (x, y - 18))
    return draw_text(image, (x + 40, y), "12", 24, INK, anchor="lm", bold=True)[2]


@pytest.mark.parametrize(
    ("paint", "reach"),
    [
        (partial(_centred, text="Smolensk"), (61, 17, 61, 17)),  # odd reaches
        (_tag, (2, 18, 100, 18)),
        (_counted, (2, 24, 130, 24)),
        (partial(_centred, text="Chernigov"), (2, 2, 10, 10)),  # too short a reach: painted in place
    ],
)
def test_a_part_on_its_ground_is_the_part_painted_there(
    paint: Callable[..., int], reach: tuple[int, int, int, int]
) -> None:
    """At every parity of its place (a centred text lands by it), made and then pasted; the
    x it returns is the x the painter returns."""
    left, up, right, down = reach
    for x, y in PLACES:
        painted = Image.new("RGB", (400, 200), PANEL)
        expected = paint(painted, x, y)
        for _ in range(2):
            got = Image.new("RGB", (400, 200), PANEL)
            box = (x - left, y - up, x + right, y + down)
            moved = stamps.stamp(got, box, ("test", paint), partial(_at, paint, x, y), ground=PANEL)
            assert moved == expected
            assert got.tobytes() == painted.tobytes(), (paint, x, y)
    in_place = [made.steps is None for made in stamps.cache.items.values()]
    assert in_place == [left + right < 20] * 4  # a stamp at each parity, or painted in place


def test_a_part_is_painted_in_place_over_anything() -> None:
    """Over noise, a part that paints every pixel it touches is pasted through the mask of
    those; one that blends with what lies under it is painted in place each time."""

    def plate(image: Image.Image, dx: int, dy: int) -> None:  # at half pixels: parity matters
        canvas(image).rounded_rectangle((20.5 - dx, 11 - dy, 91.5 - dx, 41 - dy), 14, fill=(200, 190, 120))
        paste_sprite(image, pip(22, (60, 90, 160), DARK, 2), (24.5 - dx, 15 - dy))
        draw_text(image, (56.5 - dx, 26 - dy), "Wessex", 16, (0, 0, 0), anchor="mm", bold=True)

    def soft(image: Image.Image, dx: int, dy: int) -> None:  # a sprite's soft edge: no stamp
        paste_sprite(image, pip(30, (200, 60, 40), DARK, 2), (30 - dx, 10 - dy))

    for paint, box in ((plate, (18, 9, 94, 43)), (soft, (28, 8, 62, 42))):
        for move in range(4):  # odd and even places, each made once and pasted after
            expected = _noise((120, 60))
            paint(expected, -move, -move)
            got = _noise((120, 60))
            place = (box[0] + move, box[1] + move, box[2] + move, box[3] + move)
            stamps.stamp(got, place, paint.__name__, partial(_moved, paint, move))
            assert got.tobytes() == expected.tobytes()
    kept = [made for key, made in stamps.cache.items.items() if key[0] == "plate"]
    assert kept and all(made.steps for made in kept)  # the plate: stamps
    assert all(made.steps is None for key, made in stamps.cache.items.items() if key[0] == "soft")


def test_a_text_on_a_sprite_or_on_a_panel_is_stamped_as_drawn() -> None:
    """A count on a sprite: the sprite pasted (``under``), the count from a stamp; a label
    on a panel of one colour: the pixels it changes, from a stamp."""
    sprite = pip(48, (60, 90, 160), (16, 16, 20), 2)
    panel = (40, 52, 70)
    for move in range(4):
        for count in ("3", "12"):
            expected = _noise((120, 100))
            paste_sprite(expected, sprite, (30.5 + move, 20 + move))
            xy = (54.5 + move, 44 + move)
            draw_text(expected, xy, count, 24, (255, 255, 255), anchor="mm", bold=True, halo=DARK)
            got = _noise((120, 100))

            def under(image: Image.Image, dx: int, dy: int, move: int = move) -> None:
                paste_sprite(image, sprite, (30.5 + move - dx, 20 + move - dy))

            def paint(image: Image.Image, dx: int, dy: int, move: int = move, count: str = count) -> None:
                under(image, dx, dy)
                xy = (54.5 + move - dx, 44 + move - dy)
                draw_text(image, xy, count, 24, (255, 255, 255), anchor="mm", bold=True, halo=DARK)

            box = (18 + move, 8 + move, 90 + move, 80 + move)
            stamps.stamp(got, box, ("count", count), paint, under=under)
            assert got.tobytes() == expected.tobytes()
        expected = _noise((120, 80))
        expected.paste(panel, (0, 30, 120, 60))
        got = expected.copy()
        right = draw_text(expected, (10.5 + move, 45), "SUPPLY", 16, INK, anchor="lm", bold=True)[2]
        moved = parts.panel_text(got, (10.5 + move, 45), "SUPPLY", 16, INK, panel, anchor="lm", bold=True)
        assert got.tobytes() == expected.tobytes() and moved == right
    counts = [made for key, made in stamps.cache.items.items() if key[0][0] == "count"]
    assert counts and all(made.steps for made in counts)  # stamped, not painted in place


def test_while_recording_parts_are_painted_in_place() -> None:
    """The layout test sees every text: nothing is stamped while it records, but what asks
    for the stamp itself (``pasted``) still gets it."""
    calls: list[Image.Image] = []

    def paint(image: Image.Image, dx: int, dy: int) -> int:
        calls.append(image)
        return _centred(image, 100 - dx, 50 - dy, "Kiev")

    im = Image.new("RGB", (200, 100), PANEL)
    with recording():
        assert stamps.stamp(im, (40, 30, 160, 70), "kiev", paint, ground=PANEL) == _centred(
            Image.new("RGB", (200, 100)), 100, 50, "Kiev"
        )
        assert calls == [im] and not stamps.cache.items
        other = Image.new("RGB", (200, 100), PANEL)
        stamps.pasted(other, (40, 30, 160, 70), "kiev", paint, ground=PANEL)
    assert other.tobytes() == im.tobytes() and len(stamps.cache.items) == 1


def test_the_cache_keeps_to_its_bound(monkeypatch: pytest.MonkeyPatch) -> None:
    """Counted as its pixels and its objects, the stamps kept never pass the limit; the
    least recently used go first."""
    monkeypatch.setattr(stamps.cache, "limit", 40_000)
    im = Image.new("RGB", (400, 200), PANEL)
    for n in range(200):
        text = f"line {n}"
        parts.panel_text(im, (20, 50 + n % 2), text, 18, INK, PANEL)
        cache = stamps.cache
        assert cache.held <= cache.limit
        assert cache.held == sum(made.held for made in cache.items.values())
    assert len(stamps.cache.items) < 200
    newest = next(reversed(stamps.cache.items))[0]
    assert newest[1:] == (("line 199", 18, INK, "lt", False, None, 14), 0, 0)  # its look, on whole pixels
