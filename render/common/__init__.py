"""Drawing helpers shared by every game's pictures.

``style`` holds the palette and layout sizes, ``text`` the fonts and text drawing (and the
record of where text went, for the layout test), ``shapes`` and ``icons`` the shared
sprites, ``png`` the PNG writers, ``encode`` the one place a picture becomes bytes,
``header`` a private picture's header band, ``headline`` a board's header band. Everything
is pure and cached at module level. The pictures are drawn into ``"RGB"`` images, which
``render`` hands to ``encode``.
"""

from render.common.board_header import OUTCOME_H, board_header, outcome_header
from render.common.encode import Packing
from render.common.header import hand_header, hand_header_height
from render.common.headline import HEAD_H, HEADLINE, draw_headline, header_height, status_mid
from render.common.icons import icon, pip, ship_icon, symbol
from render.common.layout import Placed, Recording, panel, recording
from render.common.png import encode_png, posterize
from render.common.shapes import rounded, triangle_right
from render.common.sprites import paste_sprite
from render.common.style import (
    ASSETS,
    BAD,
    BG,
    DARK,
    GAP,
    GOLD,
    HAND_WIDTH,
    HEADER_BG,
    INK,
    MARGIN,
    MUTED,
    PANEL,
    PANEL_EDGE,
    RGB,
    SUPERSAMPLE,
    VIKING_COLORS,
    WIDTH,
    Box,
    is_light,
    shade,
    text_on,
)
from render.common.text import (
    FONT_FILES,
    draw_text,
    fit_text,
    font,
    has_glyph,
    safe_text,
    text_width,
    wrap_text,
)

__all__ = [
    "ASSETS",
    "BAD",
    "BG",
    "DARK",
    "FONT_FILES",
    "GAP",
    "GOLD",
    "HEAD_H",
    "HEADLINE",
    "HAND_WIDTH",
    "HEADER_BG",
    "INK",
    "MARGIN",
    "MUTED",
    "OUTCOME_H",
    "PANEL",
    "PANEL_EDGE",
    "Packing",
    "Placed",
    "RGB",
    "Recording",
    "SUPERSAMPLE",
    "VIKING_COLORS",
    "WIDTH",
    "Box",
    "board_header",
    "draw_headline",
    "draw_text",
    "encode_png",
    "fit_text",
    "font",
    "hand_header",
    "hand_header_height",
    "has_glyph",
    "header_height",
    "icon",
    "outcome_header",
    "is_light",
    "panel",
    "paste_sprite",
    "pip",
    "posterize",
    "recording",
    "rounded",
    "safe_text",
    "shade",
    "ship_icon",
    "status_mid",
    "symbol",
    "text_on",
    "text_width",
    "triangle_right",
    "wrap_text",
]
