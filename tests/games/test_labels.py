"""Labels a player understands without the picture (issue 32): every move a seat is
offered, over seeded playouts of every game at every player count, has a label of its own
(no two moves of one list share one) that names places and cards as the board prints them:
no raw id (``T17``, ``V03``, ``VL2``) unless in brackets after the name, no snake_case id
(``gotland_sea``), and never the bare action."""

from __future__ import annotations

import re

import pytest

import games
from games.core import Rng, name_seats

STEPS = 400
RAW_ID = re.compile(r"\b[A-Z]{1,3}\d{1,3}\b")
SNAKE = re.compile(r"\b[a-z]+(?:_[a-z]+)+\b")
BRACKETED = re.compile(r"\([^)]*\)|\[[^\]]*\]")


def problems(label: str, action: str) -> list[str]:
    found = []
    outside = BRACKETED.sub("", label)
    if RAW_ID.search(outside):
        found.append(f"a raw id outside brackets: {label!r}")
    if SNAKE.search(label):
        found.append(f"a snake_case id: {label!r}")
    if label.strip().lower() == action.strip().lower():
        found.append(f"the bare action: {label!r}")
    return found


CASES = [(g, n) for g in games.names() for n in range(games.get(g).min_players, games.get(g).max_players + 1)]


@pytest.mark.parametrize(("game", "players"), CASES, ids=[f"{g}-{n}" for g, n in CASES])
def test_every_offered_move_has_a_clear_label_of_its_own(game: str, players: int) -> None:
    module = games.get(game)
    names = ["Astrid", "Bjorn", "Sigrid", "Ulf", "Freya", "Leif"][:players]
    state = module.setup(7, players, {})
    rng = Rng(11)
    seen: dict[str, str] = {}
    for _ in range(STEPS):
        acting = module.to_act(state)
        if not acting:
            break
        for seat in acting:
            actions = module.legal_actions(state, seat)
            labels = [name_seats(module.label(state, a), names) for a in actions]
            same = {label for label in labels if labels.count(label) > 1}
            assert not same, f"{game}: moves share a label {sorted(same)[:3]} in {actions[:8]}"
            for action, label in zip(actions, labels, strict=True):
                for problem in problems(label, action):
                    seen.setdefault(problem, action)
        seat = acting[0]
        state = module.apply(state, seat, rng.choice(module.legal_actions(state, seat)))
    assert not seen, f"{game}: " + "; ".join(f"{p} (for {a!r})" for p, a in list(seen.items())[:12])
