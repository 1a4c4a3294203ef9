"""Pictures of the games, drawn with Pillow from a game's view (docs/contract.md).

``board_png(view, names=...)`` is the public board posted after every move and
``hand_png(view, names=...)`` is one seat's private picture (``None`` for a public view).
``card_png(game_id, card_id)`` is one entry of a game's ``CARDS`` drawn alone, for ``/card``.
All three dispatch on ``view["game"]`` to the package ``render.<game>``; shared helpers live in
``render.common``. Pure functions: no I/O, no bot imports.

A new game's pictures: a package ``render/<id>/`` whose ``__init__`` exports
``board_png`` and ``hand_png`` with the signatures below, and its id in ``_GAMES``. Draw
text with ``render.common.draw_text`` and mark each panel with ``render.common.panel``:
tests/render/test_layout.py then checks the new pictures for text over text and text
outside its panel, on views from seeded playouts at every player count.
"""

from __future__ import annotations

import importlib
from collections.abc import Mapping, Sequence
from types import ModuleType
from typing import Any

__all__ = ["board_png", "card_png", "hand_png", "supported"]

_GAMES = ("knarr", "volga", "saga", "reavers", "pax")


def supported() -> list[str]:
    """The game ids that have pictures."""
    return list(_GAMES)


def _module(view: Mapping[str, Any]) -> ModuleType:
    game = view.get("game")
    if game not in _GAMES:
        raise KeyError(f"no renderer for game {game!r}")
    return importlib.import_module(f"render.{game}")


def board_png(view: Mapping[str, Any], *, names: Sequence[str]) -> bytes:
    """The public board of ``view`` (from ``view(state, None)``) as PNG bytes.

    ``names[i]`` is seat ``i``'s display name. Nothing private is drawn.
    """
    return _module(view).board_png(view, names=names)


def hand_png(view: Mapping[str, Any], *, names: Sequence[str], seat: int | None = None) -> bytes | None:
    """One seat's private picture from ``view(state, seat)``; ``None`` if it has no private part.

    ``seat`` says whose view it is when the view itself does not.
    """
    if not view.get("private"):
        return None
    return _module(view).hand_png(view, names=names, seat=seat)


def card_png(game_id: str, card_id: str) -> bytes | None:
    """One card, tile, leader, place... of ``game_id`` (an ``id`` of its ``CARDS``) as PNG
    bytes, about 560 pixels wide; ``None`` for a game or a card that has no picture."""
    if game_id not in _GAMES:
        return None
    from games import get  # render may import games; kept here so a board needs no card list

    if card_id not in {str(card["id"]) for card in getattr(get(game_id), "CARDS", [])}:
        return None
    module = importlib.import_module(f"render.{game_id}.card")
    return bytes(module.card_png(card_id))
