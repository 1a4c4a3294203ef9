"""Volga pictures: the public board and one player's contracts.

Both are drawn only from a view of ``games.volga.view`` (docs/contract.md, "Volga view");
the board reads nothing from ``view["private"]``. ``style`` holds the palette, ``pieces``
and ``goods`` the sprites, ``map`` the river map, ``market`` the side column, ``offer`` a
trade offer, ``panels`` a player's panel, ``board`` and ``hand`` the two pictures.
"""

from render.volga.board import board_image
from render.volga.hand import hand_image

__all__ = ["board_image", "hand_image"]
