"""Reavers of Midgard pictures: the public board and one player's prophecies and Glory pile.

Both are drawn only from a view of ``games.reavers.view`` (docs/contract.md, "Reavers
view"); the board reads nothing from ``view["private"]``. ``style`` holds the palette,
``dice`` the dice and token sprites, ``cards`` the cards on offer, ``locations`` the six
locations, ``ships`` a player's longship, ``status`` the track, resolving, combat and log
bands, ``board`` and ``hand`` the two pictures.
"""

from render.reavers.board import board_png
from render.reavers.hand import hand_png

__all__ = ["board_png", "hand_png"]
