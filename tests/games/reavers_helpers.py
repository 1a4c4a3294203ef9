"""Helpers shared by the Reavers of Midgard scenario tests.

A scenario starts from ``setup`` with a chosen start player (with the option of starting
Reavers, it plays them the plain way: every one rallied, every rallied die on Hammer), and
then rewrites the JSON state to hold just what the test needs.
"""

from __future__ import annotations

import copy
import importlib
import json
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from types import ModuleType
from typing import Any
from unittest import mock

import games
from games import reavers
from games.reavers import data, dice

State = dict[str, Any]


def game(players: int, start: int = 0, seed: int = 3, crew: str = "rulebook") -> State:
    """A game at the first placement of round 1, seat ``start`` holding the marker."""
    state = reavers.setup(seed, players, {"start": f"seat{start + 1}", "starting_reavers": crew})
    while state["phase"] == "start":
        seat = reavers.to_act(state)[0]
        actions = reavers.legal_actions(state, seat)
        state = reavers.apply(state, seat, "use rally" if "use rally" in actions else "face hammer")
    return state


def act(state: State, action: str, seat: int | None = None) -> State:
    acting = reavers.to_act(state)
    if seat is None:
        seat = acting[0]
    assert seat in acting, f"seat {seat} is not to act ({acting})"
    return reavers.apply(state, seat, action)


def top(state: State) -> dict[str, Any]:
    return state["stack"][-1]  # type: ignore[no-any-return]


def set_dice(state: State, seat: int, *codes: str) -> None:
    state["seats"][seat]["dice"] = [{"color": c.split("-")[0], "face": c.split("-")[1]} for c in codes]


def codes(state: State, seat: int) -> list[str]:
    return sorted(dice.code(d) for d in state["seats"][seat]["dice"])


def stack_deck(state: State, deck: str, *cards: str) -> None:
    """Put ``cards`` on top of a deck, the first one on the very top."""
    pile = [c for c in state["decks"][deck] if c not in cards]
    for key in ("discards",):
        state[key][deck] = [c for c in state[key][deck] if c not in cards]
    state["decks"][deck] = pile + list(reversed(cards))


def rng_for(state: State, wanted: Callable[[State], bool]) -> int:
    """A generator position from which ``wanted`` (rolling on a scratch state) is true."""
    for position in range(10_000):
        scratch: State = {"rng": position}
        if wanted(scratch):
            return position
    raise AssertionError("no generator position gives that roll")


def rolls(scratch: State, *counts: int) -> list[list[int]]:
    return [dice.roll_combat(scratch, n) for n in counts]


def finish(state: State, seat: int) -> State:
    """Play ``seat``'s remaining decisions the quiet way (skip, stop, take food, rally)."""
    preferred = ("skip", "stop", "journey suffer", "take food", "use rally", "face hammer", "take pair 1")
    while reavers.to_act(state) == [seat] and top(state)["kind"] not in ("place", "join"):
        actions = reavers.legal_actions(state, seat)
        choice = next((a for a in preferred if a in actions), actions[0])
        state = reavers.apply(state, seat, choice)
    return state


def end_round(state: State) -> State:
    """Play to the next round: pawns on the first free location, everyone prepares Food."""
    current = state["round"]
    while state["round"] == current and reavers.to_act(state):
        seat = reavers.to_act(state)[0]
        actions = reavers.legal_actions(state, seat)
        if "prepare food" in actions:
            state = reavers.apply(state, seat, "prepare food")
        elif top(state)["kind"] == "place":
            state = reavers.apply(state, seat, next(a for a in actions if a.startswith("place")))
        else:
            state = finish(state, seat)
    return state


@contextmanager
def edited_data(edit: Callable[[dict[str, Any]], None]) -> Iterator[ModuleType]:
    """``games.reavers`` as it loads from a ``reavers.json`` changed by ``edit``, as a group
    would edit the file to match their copy; the module in use is back afterwards."""
    raw = copy.deepcopy(data._RAW)
    edit(raw)
    text = json.dumps(raw)
    path = Path(data.__file__).parent / "reavers.json"
    read_text = Path.read_text

    def fake_read_text(self: Path, *args: Any, **kwargs: Any) -> str:
        return text if self == path else read_text(self, *args, **kwargs)

    def ours() -> list[str]:
        return [name for name in sys.modules if name == "games.reavers" or name.startswith("games.reavers.")]

    saved = {name: sys.modules.pop(name) for name in ours()}
    try:
        with mock.patch.object(Path, "read_text", fake_read_text):
            yield importlib.import_module("games.reavers")
    finally:
        for name in ours():
            del sys.modules[name]
        sys.modules.update(saved)
        games.reavers = saved["games.reavers"]  # type: ignore[attr-defined]
