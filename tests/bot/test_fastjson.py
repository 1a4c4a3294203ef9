"""The database's JSON (bot.fastjson) reads back as the standard library's would."""

from __future__ import annotations

import json
import random

import games
from bot.store import fastjson


def test_msgspec_does_the_work() -> None:
    """It is a dependency: without it the fallback would hide a slower bot."""
    assert fastjson.msgspec is not None


def test_every_games_states_and_views_read_back_as_json_reads_them() -> None:
    for game_id in games.names():
        module = games.get(game_id)
        for players in sorted({module.min_players, module.max_players}):
            state = module.setup(7, players, None)
            rng = random.Random(7)
            for _ in range(60):
                if module.outcome(state) is not None:
                    break
                seat = module.to_act(state)[0]
                for value in (state, module.view(state, None), module.view(state, seat)):
                    assert fastjson.loads(fastjson.dumps(value)) == json.loads(json.dumps(value)), game_id
                state = module.apply(state, seat, rng.choice(module.legal_actions(state, seat)))


def test_names_keys_and_numbers() -> None:
    value = {"names": ["Bjørn", "Sigríður", "Жанна", "\u2028"], 3: (1, 2.5), "seed": 2**62 - 1, "none": None}
    assert fastjson.loads(fastjson.dumps(value)) == json.loads(json.dumps(value))
    # text written by the standard library before reads back the same
    assert fastjson.loads(json.dumps(value)) == json.loads(json.dumps(value))
