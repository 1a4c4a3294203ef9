"""Small builders for Pax Viking rule scenarios: a quiet table the test then arranges."""

from __future__ import annotations

from typing import Any

import pytest

from games import pax
from games.core import State
from games.pax import board

Game = Any


def table(players: int = 2, jarls: tuple[str, ...] = ("erik", "sigrid"), **options: str) -> State:
    """A game at the start of seat 0's turn: no Ventures on the map, empty hands, 10 Silfr
    each, a known SAGA PILE and an empty SAGA TRACK, every Longship on its Jarlboard."""
    state = pax.setup(7, players, options or None)
    names = list(jarls) + [j for j in ("tosti", "ingvar", "ragnvald", "askold") if j not in jarls]
    for post in state["posts"].values():
        post["venture"] = None
        post["follower"] = None
    for seat, player in enumerate(state["seats"]):
        player["jarl"] = names[seat]
        player["homes"] = [pax.data.JARLS[names[seat]]["home"]]
        player["silfr"] = 10
        player["hand"] = []
    state["first"] = state["current"] = 0
    state["pile"] = (
        [f"V{n}" for n in range(30, 37)] + [f"E{n}" for n in range(17, 24)] + ["A20", "A21", "G14", "G15"]
    )
    state["track"] = [None] * 5
    state["discard"] = []
    state["log"] = []
    state["influence"] = dict.fromkeys(state["influence"])
    return state


def ship(state: State, seat: int, at: str | None, index: int | None = None) -> int:
    """Put a Longship of ``seat`` at ``at``; returns its index."""
    ships = board.player(state, seat)["ships"]
    if index is None:
        index = next(i for i, s in enumerate(ships) if s["at"] is None)
    ships[index]["at"] = at
    return index


def venture(state: State, post: str, tile: str, seat: int | None = None) -> None:
    """A Venture on a post, with ``seat``'s Follower ESTABLISHED on it when given."""
    state["posts"][post]["venture"] = tile
    if seat is not None:
        kind = pax.data.TILES[tile]["follower"]
        board.player(state, seat)["supply"][kind] -= 1
        state["posts"][post]["follower"] = [seat, kind]


def follower(state: State, post: str, seat: int, kind: str) -> None:
    board.player(state, seat)["supply"][kind] -= 1
    state["posts"][post]["follower"] = [seat, kind]


def act(state: State, seat: int, *actions: str) -> State:
    for action in actions:
        assert action in pax.legal_actions(state, seat), (action, pax.legal_actions(state, seat))
        state = pax.apply(state, seat, action)
    return state


def refused(state: State, seat: int, action: str) -> None:
    assert action not in pax.legal_actions(state, seat)
    with pytest.raises(pax.rules.IllegalAction):
        pax.apply(state, seat, action)


def texts(state: State) -> list[str]:
    return [line["text"] for line in state["log"]]
