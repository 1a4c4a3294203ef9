"""Bot-against-bot Saga games: neither side may win far more often than the other.

The bots play random legal moves, with one nudge shared by both sides: while something
else is possible they usually (85%) avoid ending an action, a tile or a reveal round
early ("done", "finish", "pass", "skip"). Pure uniform choice ends most actions after
one step, which measures the bots' idleness more than the game (see docs/rules/saga.md).
"""

from __future__ import annotations

import random

from games import saga

GAMES = 200
LIMIT = 0.75
_ENDINGS = ("done", "finish", "pass", "skip")


def _choose(rng: random.Random, actions: list[str]) -> str:
    busy = [a for a in actions if a.split()[0] not in _ENDINGS]
    if busy and rng.random() < 0.85:
        return rng.choice(busy)
    return rng.choice(actions)


def play(seed: int) -> str:
    """One seeded game; the winning side."""
    rng = random.Random(seed)
    state = saga.setup(seed, 2)
    while saga.to_act(state):
        seat = saga.to_act(state)[0]
        state = saga.apply(state, seat, _choose(rng, saga.legal_actions(state, seat)))
    result = saga.outcome(state)
    assert result is not None
    return "viking" if result["winners"] == [state["sides"]["viking"]] else "anglo"


def test_neither_side_dominates() -> None:
    wins = {"viking": 0, "anglo": 0}
    for seed in range(GAMES):
        wins[play(seed)] += 1
    assert max(wins.values()) <= LIMIT * GAMES, wins
