"""A reason with every refusal (issue 33): a move that is almost legal (the right verb, a
wrong argument) is refused with the rule that forbids it and what the player has, never
with the generic words. Seeded playouts of every game at every player count."""

from __future__ import annotations

import re

import pytest

import games
from games.core import IllegalAction, Rng

STEPS = 300
GENERIC = re.compile(r"(is not allowed right now|^You cannot \w+ right now)\.?$")
NONSENSE = ["zzz", "V99", "T99", "99", "0", "nowhere"]


def near_misses(actions: list[str], rng: Rng) -> list[str]:
    """Legal verbs with arguments they do not take now: another move's argument, or one
    that names nothing."""
    found = []
    words = [a.split() for a in actions]
    for verb in sorted({w[0] for w in words if len(w) > 1}):
        mine = [w for w in words if w[0] == verb]
        other = [w[-1] for w in words if w[0] != verb and len(w) > 1]
        for token in [*other[:2], rng.choice(NONSENSE)]:
            candidate = " ".join([*mine[0][:-1], token])
            if candidate not in actions:
                found.append(candidate)
    return found


CASES = [(g, n) for g in games.names() for n in range(games.get(g).min_players, games.get(g).max_players + 1)]


@pytest.mark.parametrize(("game", "players"), CASES, ids=[f"{g}-{n}" for g, n in CASES])
def test_an_almost_legal_move_is_refused_with_its_reason(game: str, players: int) -> None:
    module = games.get(game)
    state = module.setup(3, players, {})
    rng = Rng(17)
    generic: dict[str, str] = {}
    for step in range(STEPS):
        acting = module.to_act(state)
        if not acting:
            break
        seat = acting[0]
        actions = module.legal_actions(state, seat)
        if step % 3 == 0:
            for miss in near_misses(actions, rng):
                try:
                    module.apply(state, seat, miss)
                except IllegalAction as error:
                    if GENERIC.search(str(error)):
                        generic.setdefault(miss.split()[0], f"{miss!r}: {error}")
        state = module.apply(state, seat, rng.choice(actions))
    assert not generic, f"{game}: generic refusals: " + "; ".join(generic.values())
