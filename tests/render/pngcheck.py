"""Shared checks of the pictures: valid PNG, RGB, expected size, within the upload budget."""

from __future__ import annotations

import io
from typing import Any

from PIL import Image

from render import board_png, hand_png

SIZE_BUDGET = 300 * 1024
BOARD_WIDTH = 1280


def open_png(data: bytes) -> Image.Image:
    assert data.startswith(b"\x89PNG\r\n\x1a\n")
    image = Image.open(io.BytesIO(data))
    assert image.format == "PNG"
    image.load()  # decodes every row: a broken stream fails here
    return image


def check_board(view: dict[str, Any], names: list[str], heights: tuple[int, int]) -> Image.Image:
    data = board_png(view, names=names)
    image = open_png(data)
    assert image.mode == "RGB"
    assert image.width == BOARD_WIDTH
    assert heights[0] <= image.height <= heights[1]
    assert len(data) < SIZE_BUDGET
    return image


def check_hand(view: dict[str, Any], names: list[str], seat: int | None) -> Image.Image:
    data = hand_png(view, names=names, seat=seat)
    assert data is not None
    image = open_png(data)
    assert image.mode == "RGB"
    assert 600 <= image.width <= 1000
    assert len(data) < SIZE_BUDGET
    return image
