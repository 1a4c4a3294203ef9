"""Pictures of the games, drawn with Pillow from a game's view (docs/contract.md).

``board_png(view, *, names, palette=False)`` is the public board posted after every move and
``hand_png(view, *, names, seat=None, palette=False)`` one seat's private picture (``None``
for a public view). ``board_image`` and ``hand_image`` are the same pictures before they
are encoded: the final picture (``render.final``) and the replay (``render.replay``) are
drawn around them and from them. Pure functions: no I/O, no bot imports, no state that one
call leaves for the next but caches of what was drawn.

Each call says how its picture is encoded (``render.common.encode``): ``palette=True`` is a
64-colour palette PNG (the bot's drawing processes), the default an exact RGB PNG.
``card_png(game_id, card_id)`` is one entry of a game's ``CARDS`` drawn alone, for ``/card``.
``render.detail.detail_png(view, *, names, labels)`` is the part of a board that a panel's
move labels name, cut to read on a phone: generic, from the texts every renderer records.
All of them dispatch to the package ``render.<game>``; shared helpers live in ``render.common``.

A new game's pictures: a package ``render/<id>/`` whose ``__init__`` exports
``board_image(view, *, names)`` and ``hand_image(view, *, names, seat=None)`` (an ``"RGB"``
image, or ``None`` without a private part), optionally ``PACKING`` (a
``render.common.Packing``: how a dense board is packed as RGB PNG), and its id in
``_GAMES``. Draw text with ``render.common.draw_text`` and mark each panel with
``render.common.panel``: tests/render/test_layout.py then checks the new pictures for text
over text and text outside its panel, on views from seeded playouts at every player count.
"""

from __future__ import annotations

import importlib
from collections.abc import Mapping, Sequence
from types import ModuleType
from typing import Any

from PIL import Image

from render.common import encode

__all__ = ["board_image", "board_png", "card_png", "hand_image", "hand_png", "packing", "supported"]

_GAMES = ("knarr", "volga", "saga", "reavers", "pax")


def supported() -> list[str]:
    """The game ids that have pictures."""
    return list(_GAMES)


def _module(view: Mapping[str, Any]) -> ModuleType:
    game = view.get("game")
    if game not in _GAMES:
        raise KeyError(f"no renderer for game {game!r}")
    return importlib.import_module(f"render.{game}")


def packing(view: Mapping[str, Any]) -> encode.Packing:
    """How the board of ``view``'s game is packed as an RGB PNG."""
    packed: encode.Packing = getattr(_module(view), "PACKING", encode.PLAIN)
    return packed


def board_image(view: Mapping[str, Any], *, names: Sequence[str]) -> Image.Image:
    """The public board of ``view`` (from ``view(state, None)``), drawn, not encoded.

    ``names[i]`` is seat ``i``'s display name. Nothing private is drawn.
    """
    drawn: Image.Image = _module(view).board_image(view, names=names)
    return drawn


def board_png(view: Mapping[str, Any], *, names: Sequence[str], palette: bool = False) -> bytes:
    """The public board of ``view`` as PNG bytes: a 64-colour palette PNG with ``palette``,
    else an exact RGB one."""
    im = board_image(view, names=names)
    return encode.board(im, kind=str(view["game"]), packing=packing(view), palette=palette)


def hand_image(
    view: Mapping[str, Any], *, names: Sequence[str], seat: int | None = None
) -> Image.Image | None:
    """One seat's private picture from ``view(state, seat)``, drawn; ``None`` if it has no
    private part. ``seat`` says whose view it is when the view itself does not."""
    if not view.get("private"):
        return None
    drawn: Image.Image | None = _module(view).hand_image(view, names=names, seat=seat)
    return drawn


def hand_png(
    view: Mapping[str, Any], *, names: Sequence[str], seat: int | None = None, palette: bool = False
) -> bytes | None:
    """``hand_image`` as PNG bytes (a palette PNG with ``palette``); ``None`` without a
    private part."""
    im = hand_image(view, names=names, seat=seat)
    if im is None:
        return None
    return encode.hand(im, kind=f"{view['game']} hand", palette=palette)


def card_png(game_id: str, card_id: str) -> bytes | None:
    """One card, tile, leader, place... of ``game_id`` (an ``id`` of its ``CARDS``) as PNG
    bytes, about 560 pixels wide; ``None`` for a game or a card that has no picture."""
    if game_id not in _GAMES:
        return None
    from games import get  # render may import games; kept here so a board needs no card list

    if card_id not in {str(card["id"]) for card in get(game_id).CARDS}:
        return None
    module = importlib.import_module(f"render.{game_id}.card")
    return bytes(module.card_png(card_id))
