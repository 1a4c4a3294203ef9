"""Sensible-bot Saga games: neither side may win far more often than the other.

Both seats play ``games.saga.bot`` (the ``sensible`` level). The tuning itself, over
thousands of games, is ``scripts/balance.py`` (see docs/rules/saga.md); this test keeps a
loose band over a few hundred so that a rules change that breaks the balance shows.
"""

from __future__ import annotations

from games import bots, saga
from games.core import Rng

GAMES = 200
BAND = (0.35, 0.65)


def play(seed: int) -> str:
    """One seeded game between two sensible bots; the winning side."""
    rng = Rng(seed)
    state = saga.setup(seed, 2)
    while saga.to_act(state):
        seat = saga.to_act(state)[0]
        action = bots.choose("saga", "sensible", saga.view(state, seat), saga.legal_actions(state, seat), rng)
        state = saga.apply(state, seat, action)
    result = saga.outcome(state)
    assert result is not None
    return "viking" if result["winners"] == [state["sides"]["viking"]] else "anglo"


def test_neither_side_dominates() -> None:
    wins = {"viking": 0, "anglo": 0}
    for seed in range(GAMES):
        wins[play(seed)] += 1
    low, high = BAND
    assert low * GAMES <= wins["viking"] <= high * GAMES, wins
