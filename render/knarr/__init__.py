"""Knarr pictures: the public board and one player's hand.

Both are drawn only from a view of ``games.knarr.view`` (docs/contract.md, "Knarr view");
the board reads nothing from ``view["private"]``. ``style`` holds the palette, ``cards``
the card sprites, ``panels`` a player's panel, ``market`` the shared middle of the board,
``board`` and ``hand`` the two pictures.
"""

from render.knarr.board import board_image
from render.knarr.hand import hand_image

__all__ = ["board_image", "hand_image"]
