"""The palette and layout sizes every game's pictures share."""

from __future__ import annotations

RGB = tuple[int, int, int]
Box = tuple[int, int, int, int]
INK: RGB = (242, 236, 222)  # main text on dark backgrounds
MUTED: RGB = (168, 178, 194)
DARK: RGB = (30, 28, 26)  # text on light cards
GOLD: RGB = (244, 196, 60)
BAD: RGB = (214, 64, 52)
WIDTH = 1280  # the board
HAND_WIDTH = 900  # the private picture sent by DM
MARGIN = 16
GAP = 12
BG: RGB = (26, 34, 48)
HEADER_BG: RGB = (16, 22, 32)
PANEL: RGB = (40, 52, 70)
PANEL_EDGE: RGB = (74, 90, 116)
VIKING_COLORS: dict[str, RGB] = {
    "red": (206, 52, 46),
    "yellow": (240, 190, 36),
    "green": (58, 156, 72),
    "blue": (46, 112, 212),
    "purple": (138, 72, 178),
}
ASSETS: tuple[str, ...] = ("vp", "bracelet", "recruit", "reputation", "card")
SUPERSAMPLE = 4


def shade(color: RGB, factor: float) -> RGB:
    """``color`` darkened (factor < 1) or lightened toward white (factor > 1)."""
    if factor <= 1:
        return (int(color[0] * factor), int(color[1] * factor), int(color[2] * factor))
    t = factor - 1
    return (
        int(color[0] + (255 - color[0]) * t),
        int(color[1] + (255 - color[1]) * t),
        int(color[2] + (255 - color[2]) * t),
    )


def is_light(color: RGB) -> bool:
    return 0.299 * color[0] + 0.587 * color[1] + 0.114 * color[2] > 150


def luminance(color: RGB) -> float:
    """The relative luminance of ``color`` (WCAG 2): 0 for black, 1 for white."""

    def linear(value: int) -> float:
        v = value / 255
        return v / 12.92 if v <= 0.03928 else ((v + 0.055) / 1.055) ** 2.4

    return 0.2126 * linear(color[0]) + 0.7152 * linear(color[1]) + 0.0722 * linear(color[2])


def contrast(a: RGB, b: RGB) -> float:
    """How far apart two colours read (WCAG 2's ratio): 1 for the same, 21 for black on white."""
    lighter, darker = sorted((luminance(a), luminance(b)), reverse=True)
    return (lighter + 0.05) / (darker + 0.05)


def text_on(color: RGB) -> RGB:
    """The text colour (``DARK`` or ``INK``) that reads best on a background of ``color``."""
    return DARK if contrast(DARK, color) > contrast(INK, color) else INK
