"""An animated GIF written frame by frame, holding one frame and the one before it.

Pillow's writer keeps every frame of an animation in memory, and a copy of each, until it
writes them: for an 80-frame replay of a tall board that was over 200 MB in a drawing
process, which kept the memory afterwards. Here each frame is given as the palette indices
of one shared palette (an ``"L"`` image), compared with the frame before it, and written
as the rectangle that changed, with the pixels that did not change made transparent (what
Pillow's ``optimize`` does); Pillow's own LZW encoder packs each frame
(``GifImagePlugin.getdata``). A frame the same as the one before it lengthens that one.
"""

from __future__ import annotations

import struct

from PIL import GifImagePlugin, Image, ImageChops

CLEAR = 255  # the palette index left free for "unchanged": the palettes hold 255 colours
LOOP_FOREVER = b"!\xff\x0bNETSCAPE2.0\x03\x01\x00\x00\x00"
KEEP = 1  # disposal: each frame stays under the next, which draws only what changed


class Animation:
    """A GIF being written: ``add`` each frame in order, then ``finish``."""

    def __init__(self, size: tuple[int, int], palette: bytes) -> None:
        self.size = size
        table = palette[: 3 * 256].ljust(3 * 256, b"\0")
        width, height = size
        # the screen: a global table of 256 colours (0xF7), background index 0, square pixels
        self.parts: list[bytes] = [b"GIF89a", struct.pack("<HHBBB", width, height, 0xF7, 0, 0), table]
        self.parts.append(LOOP_FOREVER)
        self.before: Image.Image | None = None  # the last frame added, not yet written
        self.shown: Image.Image | None = None  # the frame on screen under it
        self.duration = 0

    def add(self, indices: Image.Image, duration_ms: int) -> None:
        """A frame: ``indices`` (mode ``"L"``, the animation's size) shown ``duration_ms``."""
        if self.before is not None:
            if ImageChops.difference(self.before, indices).getbbox() is None:
                self.duration += duration_ms  # as Pillow does: no empty frame
                return
            self._write()
        self.before, self.duration = indices, duration_ms

    def _write(self) -> None:
        frame = self.before
        assert frame is not None
        if self.shown is None:
            self.parts += GifImagePlugin.getdata(frame, (0, 0), duration=self.duration, disposal=KEEP)
        else:
            changed = ImageChops.difference(self.shown, frame)
            box = changed.getbbox()
            assert box is not None  # ``add`` drops a frame the same as the one before
            part = frame.crop(box)
            same = changed.crop(box).point([255] + [0] * 255, "1")
            part.paste(CLEAR, mask=same)
            self.parts += GifImagePlugin.getdata(
                part, box[:2], duration=self.duration, disposal=KEEP, transparency=CLEAR
            )
        self.shown = frame

    def finish(self) -> bytes:
        """The GIF's bytes, the last frame written."""
        if self.before is not None:
            self._write()
        return b"".join(self.parts) + b";"
