"""The animated GIF written a frame at a time (``render.common.gif``): Pillow reads back the
frames given, each frame after the first stores only the rectangle that changed."""

from __future__ import annotations

import io

from PIL import Image, ImageDraw

from render.common.gif import CLEAR, Animation

PALETTE = bytes(v for i in range(CLEAR) for v in (i, (i * 7) % 256, 255 - i))


def frame(spots: list[tuple[int, int, int]]) -> Image.Image:
    """A 64 x 40 frame of palette indices: index 3 with squares of other indices."""
    im = Image.new("L", (64, 40), 3)
    draw = ImageDraw.Draw(im)
    for x, y, index in spots:
        draw.rectangle((x, y, x + 5, y + 5), fill=index)
    return im


def colours(im: Image.Image) -> bytes:
    """What a frame of indices looks like with ``PALETTE``."""
    shown = im.convert("P")
    shown.putpalette(PALETTE)
    return shown.convert("RGB").tobytes()


def test_the_frames_come_back_as_given() -> None:
    frames = [frame([]), frame([(10, 10, 40)]), frame([(10, 10, 40), (50, 30, 200)]), frame([(0, 0, 254)])]
    animation = Animation((64, 40), PALETTE)
    for i, im in enumerate(frames):
        animation.add(im, 700 if i < 3 else 5000)
    data = animation.finish()
    with Image.open(io.BytesIO(data)) as gif:
        assert gif.n_frames == 4 and gif.info.get("loop") == 0
        for n, im in enumerate(frames):
            gif.seek(n)
            assert gif.convert("RGB").tobytes() == colours(im)
            assert gif.info["duration"] == (700 if n < 3 else 5000)


def test_a_later_frame_stores_only_what_changed() -> None:
    animation = Animation((64, 40), PALETTE)
    animation.add(frame([]), 700)
    animation.add(frame([(20, 12, 99)]), 700)
    with Image.open(io.BytesIO(animation.finish())) as gif:
        gif.seek(1)
        assert gif.dispose_extent == (20, 12, 26, 18)  # the square alone


def test_a_frame_the_same_as_the_one_before_lengthens_it() -> None:
    animation = Animation((64, 40), PALETTE)
    for im, ms in ((frame([]), 700), (frame([]), 700), (frame([(1, 1, 9)]), 5000)):
        animation.add(im, ms)
    with Image.open(io.BytesIO(animation.finish())) as gif:
        assert gif.n_frames == 2
        assert gif.info["duration"] == 1400
