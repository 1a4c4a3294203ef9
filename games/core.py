"""Shared helpers for the pure rule modules.

Everything here works on plain JSON states (dicts, lists, str, int, bool, None).
Randomness is a small generator whose whole position is one integer kept in
``state["rng"]``, so a state can be stored, copied and replayed exactly.
"""

from __future__ import annotations

import re
from typing import Any

State = dict[str, Any]

_MASK64 = (1 << 64) - 1


# Every member a game's module provides (docs/contract.md), all of them required: the bot,
# the sandbox and the renderers call each one without a fallback (tests/games/test_contract.py).
DATA_MEMBERS = ("id", "title", "min_players", "max_players", "OPTIONS", "COMMANDS", "CARDS")
CALLED_MEMBERS = (
    "setup",
    "to_act",
    "legal_actions",
    "apply",
    "prompt",
    "midway",
    "view",
    "private",
    "label",
    "outcome",
    "breakdown",
    "score_now",
)


class IllegalAction(Exception):
    """An action that is not legal now. ``str(error)`` is one plain sentence for the player."""


def clone(value: Any) -> Any:
    """A deep copy of a JSON value, faster than ``copy.deepcopy`` for plain data."""
    if isinstance(value, dict):
        return {key: clone(item) for key, item in value.items()}
    if isinstance(value, list):
        return [clone(item) for item in value]
    return value


# --- options -----------------------------------------------------------------------


def option_value(specs: list[dict[str, Any]], options: dict[str, str] | None, name: str) -> str:
    """The value of option ``name`` (its default when not given); ``ValueError`` if unknown."""
    spec = next(o for o in specs if o["name"] == name)
    value = str((options or {}).get(name, spec["default"]))
    if value not in spec["choices"]:
        raise ValueError(f"unknown {name} option: {value}")
    return value


# --- seeded randomness -------------------------------------------------------------


def seed_rng(state: State, seed: int) -> None:
    state["rng"] = seed & _MASK64


def _next64(state: State) -> int:
    # splitmix64: tiny, well mixed, and its whole position is one integer.
    x = (state["rng"] + 0x9E3779B97F4A7C15) & _MASK64
    state["rng"] = x
    x = ((x ^ (x >> 30)) * 0xBF58476D1CE4E5B9) & _MASK64
    x = ((x ^ (x >> 27)) * 0x94D049BB133111EB) & _MASK64
    return x ^ (x >> 31)


def rand_below(state: State, n: int) -> int:
    """A uniform integer in ``range(n)``, advancing the state's generator."""
    if n <= 0:
        raise ValueError("rand_below needs n > 0")
    limit = (1 << 64) - ((1 << 64) % n)
    while True:
        x = _next64(state)
        if x < limit:
            return x % n


def choice(state: State, items: list[Any]) -> Any:
    return items[rand_below(state, len(items))]


def shuffle(state: State, items: list[Any]) -> None:
    """Shuffle ``items`` in place (Fisher-Yates) with the state's generator."""
    for i in range(len(items) - 1, 0, -1):
        j = rand_below(state, i + 1)
        items[i], items[j] = items[j], items[i]


# --- hidden information ------------------------------------------------------------


def mark_reveal(state: State) -> None:
    """Note that hidden information came to light (a card drawn, a die rolled).

    The bot compares this counter before and after a move: a move that revealed
    something cannot be taken back by its player alone.
    """
    state["reveals"] = state.get("reveals", 0) + 1


def draw(state: State, pile: list[Any]) -> Any:
    """Take the top card of a face-down pile (its last item) and count the reveal."""
    mark_reveal(state)
    return pile.pop()


def revealed(before: State, after: State) -> bool:
    """Did going from ``before`` to ``after`` bring hidden information to light?"""
    return before.get("reveals", 0) != after.get("reveals", 0) or before.get("rng") != after.get("rng")


# --- public log --------------------------------------------------------------------


def log(state: State, seat: int | None, text: str) -> None:
    """Append one public line to the game's log.

    ``text`` is written without the player's name ("recruits a red Viking"); the bot
    puts the seat's name in front. Other seats are named with ``seat_ref``. It must
    never mention hidden cards.
    """
    state.setdefault("log", []).append({"seat": seat, "text": text})


def plural(n: int, word: str) -> str:
    """``n`` and ``word``, with an s when ``n`` is not 1 ("1 unit", "3 units")."""
    return f"{n} {word}" + ("" if n == 1 else "s")


_SEAT_REF = re.compile(r"\{seat(\d+)\}")


def seat_ref(seat: int) -> str:
    """How log lines and labels name another seat; readers put the player's name in."""
    return f"{{seat{seat}}}"


def name_seats(text: str, names: list[str] | tuple[str, ...]) -> str:
    """Replace every ``seat_ref`` in ``text`` with that seat's name."""

    def name(match: re.Match[str]) -> str:
        seat = int(match[1])
        return names[seat] if seat < len(names) else f"seat {seat + 1}"

    return _SEAT_REF.sub(name, text)


def split_action(action: str) -> list[str]:
    return action.strip().lower().split()


# --- a generator for bot seats -----------------------------------------------------


class Rng:
    """A small seeded generator for bot seats (the same splitmix64 as the state's).

    A bot never sees the state, so it cannot use the state's generator; it gets one of
    these, seeded by the table, and the same seed always gives the same choices.
    """

    def __init__(self, seed: int) -> None:
        self._box: State = {"rng": seed & _MASK64}

    def below(self, n: int) -> int:
        return rand_below(self._box, n)

    def random(self) -> float:
        return _next64(self._box) / float(1 << 64)

    def choice(self, items: list[Any] | tuple[Any, ...]) -> Any:
        return items[self.below(len(items))]

    def shuffle(self, items: list[Any]) -> None:
        shuffle(self._box, items)
