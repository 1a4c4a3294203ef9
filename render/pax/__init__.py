"""Pax Viking pictures: the public board and one player's hand.

Both are drawn only from a view of ``games.pax.view`` (docs/contract.md, "Pax view"); the
board reads nothing from ``view["private"]``. ``style`` holds the palette, ``map`` the
Winds and Regions, ``tiles`` a tile card, ``track`` the SAGA TRACK and Victory Conditions,
``jarls`` a Jarl's board, ``board`` and ``hand`` the two pictures.

Parts that come back from board to board (tags, Followers, pips, action markers, a card's
frame) are ``@part``s (``render.common.parts``), pasted once painted: the same pixels as
painting them (tests in ``tests/render/test_pax_render.py``).
"""

from render.common import Packing
from render.pax.board import board_image
from render.pax.hand import hand_image

# Rounded to 16 levels a channel (nobody sees a shift of at most 8 levels), the dense board
# packs as RGB PNG under Discord's comfortable 300 KB at zlib level 3; a harder pass only
# when still too big.
PACKING = Packing(posterize=True, levels=(3, 6), limit=296 * 1024)

__all__ = ["PACKING", "board_image", "hand_image"]
