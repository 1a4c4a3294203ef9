"""What the table hands to delivery: one message's payload, stored as JSON in the outbox.

Every payload is one JSON object whose keys are all optional; what a message is follows
from which keys it has:

- a board (``image="board"``): the public view drawn, the lines told since the board
  before and whose turn it is; ``turn`` puts a **Your turn** button on it, ``mentions``
  are pinged, ``acting`` is whom a later board carrying this one may still ping;
- a final picture (``image="final"``): a finished game's board with ``parts``, its scores;
- a hand (``image="hand"``): one seat's private view, sent by DM;
- a replay (``replay``): a finished game's export, animated when sent;
- a lobby message (``lobby``: its game id) with its Join, Start and Bot buttons;
- an undo request (``undo``: its game id, with ``version``) with its Allow button;
- a notice: ``text`` alone, with ``mentions``, or with ``turn`` (a reminder);
- a panel's picture (``image="detail"``, with ``labels``): drawn for the mover's private
  panel (``render.detail``), never stored.

A ``TypedDict`` is a plain dict at run time, so the stored JSON is what it always was: a
row stored before this type existed loads as one. It lives in the store, below the table
that builds payloads and the adapter that sends them, as the outbox holds them.
"""

from __future__ import annotations

from typing import Any, Literal, TypedDict

Image = Literal["board", "hand", "final", "detail"]


class Payload(TypedDict, total=False):
    text: str  # the message's text (clipped to Discord's 2,000 characters when sent)
    image: Image  # the picture drawn from ``view`` when sent
    view: dict[str, Any]  # the game's view the picture is drawn from (public but for a hand)
    names: list[str]  # the seats' display names, in seat order
    parts: list[list[tuple[str, int]]]  # a final picture: each seat's labelled score parts
    turn: bool  # a **Your turn** button for the seats that act
    game_id: int  # the game the message and its buttons belong to
    version: int  # the game's version the message shows (an undo request: the one to undo)
    mentions: list[str]  # the user ids it pings, and nobody else
    acting: list[str]  # a board: the user ids who act at it (bot.adapter.coalesce)
    replay: dict[str, Any]  # a finished game's export: the animated replay made when sent
    lobby: int  # a lobby message: its game id, for the lobby's buttons
    undo: int  # a request to take back a move: its game id, for the Allow button
    labels: list[str]  # a panel's picture (``image="detail"``, never stored): the labels it shows
