"""Saga pictures: the public board and one side's hidden leaders.

Both are drawn only from a view of ``games.saga.view`` (docs/contract.md, "Saga view");
the board reads nothing from ``view["private"]``. ``style`` holds the palette and names,
``pieces`` the sprites, ``geography`` and ``map`` the map, ``panels`` the supplies and the
round track, ``combat`` the combat panel, ``tiles`` the action tiles, ``board`` and
``hand`` the two pictures. The parts that come back board after board are ``@part``s
(``render.common.parts``): painted once, and pasted after that.
"""

from render.saga.board import board_image
from render.saga.hand import hand_image

__all__ = ["board_image", "hand_image"]
