"""Knarr's score now (issue 33): per seat the labelled parts of its score if the game
ended now. Nothing hidden scores in Knarr, so every seat sees what the public sees."""

from __future__ import annotations

import json

import pytest

from games import knarr
from games.core import Rng


def totals(rows: list[list[tuple[str, int]]]) -> list[int]:
    return [sum(n for _, n in row) for row in rows]


@pytest.mark.parametrize("players", [2, 3, 4])
def test_score_now_adds_up_and_ends_as_the_outcome(players: int) -> None:
    state = knarr.setup(players, players, {"artifact": "silver_coin"})
    rng = Rng(players)
    while knarr.to_act(state):
        public = knarr.score_now(state, None)
        assert totals(public) == [p["score"] for p in state["seats"]]
        for seat in range(players):
            mine = knarr.score_now(state, seat)
            assert mine == public  # nothing hidden scores
            others = [card for s, p in enumerate(state["seats"]) if s != seat for card in p["hand"]]
            assert all(card not in json.dumps(mine) for card in others)
        seat = knarr.to_act(state)[0]
        state = knarr.apply(state, seat, rng.choice(knarr.legal_actions(state, seat)))
    outcome = knarr.outcome(state)
    assert outcome is not None
    for seat in [None, *range(players)]:
        assert totals(knarr.score_now(state, seat)) == outcome["scores"]
    assert knarr.score_now(state, None) == knarr.breakdown(state)
