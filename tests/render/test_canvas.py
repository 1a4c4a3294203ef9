"""The quick rounded rectangles paint exactly the pixels Pillow's own do."""

from __future__ import annotations

import random
from typing import Any

import pytest
from PIL import Image, ImageDraw

from render.common import canvas as canvas_module
from render.common.canvas import Canvas, canvas

Color = Any

COLORS: list[Color] = [(200, 40, 36), (255, 255, 255), (0, 0, 0), (62, 170, 84), "#123456", None]


def _noise(mode: str, size: tuple[int, int], seed: int) -> Image.Image:
    """A background of random pixels: a pixel painted wrongly, or one wrongly left, shows."""
    return Image.frombytes(mode, size, random.Random(seed).randbytes(size[0] * size[1] * len(mode)))


def _both(
    mode: str, box: tuple[float, ...], radius: float, fill: Color, outline: Color, width: int, seed: int
):
    ours = _noise(mode, (180, 160), seed)
    theirs = ours.copy()
    canvas(ours).rounded_rectangle(box, radius, fill=fill, outline=outline, width=width)
    ImageDraw.Draw(theirs).rounded_rectangle(box, radius, fill=fill, outline=outline, width=width)
    return ours, theirs


def _color(mode: str, color: Color) -> Color:
    if mode == "L" and isinstance(color, tuple):
        return color[0]
    if mode == "L" and isinstance(color, str):
        return 99
    return color


@pytest.mark.parametrize("mode", ["RGB", "RGBA", "L"])
def test_random_shapes_are_pillows_own(mode: str) -> None:
    rng = random.Random(mode)
    for case in range(400):
        x0, y0 = rng.randrange(0, 70), rng.randrange(0, 70)  # some reach past the edges
        w = rng.choice([rng.randrange(0, 12), rng.randrange(0, 130)])
        h = rng.choice([rng.randrange(0, 12), rng.randrange(0, 110)])
        radius = rng.choice([0, 1, 2, 3, 6, 7.5, 8, 11, 14, 22, rng.randrange(0, 60)])
        fill = _color(mode, rng.choice(COLORS))
        outline = _color(mode, rng.choice(COLORS))
        width = rng.choice([1, 2, 3, 4, 9])
        box = (x0, y0, x0 + w, y0 + h)
        ours, theirs = _both(mode, box, radius, fill, outline, width, case)
        assert ours.tobytes() == theirs.tobytes(), (mode, box, radius, fill, outline, width)


def test_big_shapes_go_by_corners_and_match() -> None:
    """Shapes too big to paste whole: corners pasted, the rest filled; same pixels."""
    for width in (1, 2, 4):
        for radius in (6, 12, 14, 22):
            for box in [(3, 5, 170, 150), (0, 0, 179, 159), (10, 20, 160, 141)]:
                ours, theirs = _both("RGB", box, radius, (90, 70, 40), (200, 180, 60), width, radius)
                assert ours.tobytes() == theirs.tobytes(), (box, radius, width)
                ours, theirs = _both("RGB", box, radius, None, (200, 180, 60), width, radius)
                assert ours.tobytes() == theirs.tobytes(), (box, radius, width, "outline only")


def test_big_shapes_over_anything_anywhere_are_pillows_own() -> None:
    """The big panels: corners pasted, the rest filled with its colours; Pillow's pixels
    over noise, at every size and place (some reach past the picture: left to Pillow)."""
    rng = random.Random(3)
    for case in range(300):
        radius = rng.choice([6, 11, 12, 14])
        width = rng.choice([0, 1, 2, 4])
        fill = rng.choice([None, (rng.randrange(256), rng.randrange(256), rng.randrange(256))])
        outline = rng.choice([None, fill, (244, 196, 60)])
        x0, y0 = rng.randrange(-4, 80), rng.randrange(-4, 60)
        box = (x0, y0, x0 + rng.randrange(0, 150), y0 + rng.randrange(0, 130))
        ours, theirs = _both("RGB", box, radius, fill, outline, width, case)
        assert ours.tobytes() == theirs.tobytes(), (box, radius, fill, outline, width)


def test_shapes_are_pasted_not_drawn_again(monkeypatch: pytest.MonkeyPatch) -> None:
    """Whole-pixel shapes, small and big, never reach Pillow's rounded rectangle after the
    first of their kind (else the quick path is not taken and the test above proves little)."""
    calls: list[object] = []
    original = ImageDraw.ImageDraw.rounded_rectangle

    def counted(self: ImageDraw.ImageDraw, *args: object, **kwargs: object) -> None:
        calls.append(args)
        original(self, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(ImageDraw.ImageDraw, "rounded_rectangle", counted)
    canvas_module._whole.cache_clear()
    canvas_module._corners.cache_clear()
    im = Image.new("RGB", (400, 300), (1, 2, 3))
    draw = canvas(im)
    for x in range(0, 90, 9):
        draw.rounded_rectangle((x, 5, x + 108, 165), 14, fill=(50, 60, 70), outline=(200, 0, 0), width=4)
        draw.rounded_rectangle((x, 170, x + 300, 290), 14, fill=(50, 60, 70), outline=(200, 0, 0), width=2)
    # the card: drawn twice (two backgrounds), once; the panel's corners: the same, once
    assert len(calls) == 4


def test_what_it_leaves_to_pillow_is_still_drawn() -> None:
    """Fractional boxes, blending, chosen corners and palette pictures: Pillow's own."""
    for mode, draw_mode in [("RGB", "RGBA"), ("P", None), ("RGB", None)]:
        ours = Image.new(mode, (120, 100), 0)
        theirs = ours.copy()
        fill = (10, 200, 30, 128) if draw_mode else 5 if mode == "P" else (10, 200, 30)
        for box, corners in [((2.5, 3, 90.5, 70), None), ((4, 4, 100, 90), (True, False, True, False))]:
            Canvas(ours, draw_mode).rounded_rectangle(box, 9, fill=fill, corners=corners)
            ImageDraw.Draw(theirs, draw_mode).rounded_rectangle(box, 9, fill=fill, corners=corners)
        assert ours.tobytes() == theirs.tobytes(), mode
