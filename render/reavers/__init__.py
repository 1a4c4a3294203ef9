"""Reavers of Midgard pictures: the public board and one player's prophecies and Glory pile.

Both are drawn only from a view of ``games.reavers.view`` (docs/contract.md, "Reavers
view"); the board reads nothing from ``view["private"]``. ``style`` holds the palette,
``dice`` the dice and token sprites, ``cards`` the cards on offer, ``locations`` the six
locations, ``ships`` a player's longship, ``status`` the track, resolving, combat and log
bands, ``board`` and ``hand`` the two pictures.
"""

from render.common import Packing
from render.reavers.board import TALL, board_image
from render.reavers.hand import hand_image

# The board's flat colours are chosen on 16 levels a channel (style.py), so rounding it
# there changes only anti-aliased edges and packs it smaller as RGB PNG.
PACKING = Packing(posterize=True, tall=TALL)

__all__ = ["PACKING", "board_image", "hand_image"]
