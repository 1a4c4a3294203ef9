"""Seeded games between sensible bots, played to the end: for tests that need whole games."""

from __future__ import annotations

from typing import Any

import games
from games import bots
from games.core import Rng

State = dict[str, Any]
MAX_MOVES = 4000


def bot_game(game_id: str, players: int, seed: int) -> tuple[list[State], list[tuple[int, str]]]:
    """Every state of a seeded game between sensible bots, and the moves between them."""
    game = games.get(game_id)
    state = game.setup(seed, players, None)
    rng = Rng(seed)
    states = [state]
    moves: list[tuple[int, str]] = []
    for _ in range(MAX_MOVES):
        if game.outcome(state) is not None:
            break
        seat = game.to_act(state)[0]
        actions = game.legal_actions(state, seat)
        action = bots.choose(game_id, "sensible", game.view(state, seat), actions, rng)
        state = game.apply(state, seat, action)
        states.append(state)
        moves.append((seat, action))
    return states, moves
