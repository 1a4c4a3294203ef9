"""The animated replay of a finished game: one frame per turn, under Discord's limit.

A long seeded game of every title (sensible bots at the largest table) is exported as
``/game log`` exports it, replayed into a GIF and decoded back with Pillow.
"""

from __future__ import annotations

import io
from typing import Any

import pytest
from PIL import Image, ImageChops

import games
from render import replay
from tests.games.bot_games import bot_game

NAMES = ["Astrid", "Bjørn", "Святослав", "Ulf", "Freydis", "Sigrid"]
LIMIT = 8_000_000  # bytes: Discord takes 10 MB from a bot; we aim lower


def export_of(game_id: str, players: int, seed: int) -> dict[str, Any]:
    _, moves = bot_game(game_id, players, seed)
    return {
        "game": game_id,
        "seed": seed,
        "players": NAMES[:players],
        "options": {},
        "moves": [[seat, action] for seat, action in moves],
    }


def frames(data: bytes) -> list[Image.Image]:
    with Image.open(io.BytesIO(data)) as gif:
        assert gif.format == "GIF"
        out = []
        for n in range(gif.n_frames):
            gif.seek(n)
            out.append(gif.convert("RGB"))
        return out


@pytest.mark.parametrize("game_id", games.names())
def test_a_long_game_gives_one_frame_per_turn_under_the_upload_limit(game_id: str) -> None:
    game = games.get(game_id)
    export = export_of(game_id, game.max_players, seed=3)
    module, states = replay.turn_ends(export)
    assert module.outcome(states[-1]) is not None
    turns = len(states)
    assert turns > 15  # a real game: many turns, far fewer than moves
    data = replay.replay_gif(export)
    assert len(data) < LIMIT
    pictures = frames(data)
    assert len(pictures) == min(turns, replay.MAX_FRAMES)
    assert all(p.size == pictures[0].size for p in pictures)
    assert pictures[0].width == replay.WIDTH
    # every frame differs from the one before (Pillow would merge two identical ones)
    for before, after in zip(pictures, pictures[1:], strict=False):
        assert ImageChops.difference(before, after).getbbox() is not None
    with Image.open(io.BytesIO(data)) as gif:
        gif.seek(gif.n_frames - 1)
        assert gif.info["duration"] == replay.LAST_MS


def test_turns_end_when_who_must_act_changes() -> None:
    export = export_of("knarr", 2, seed=5)
    module, states = replay.turn_ends(export)
    state = module.setup(5, 2, {})
    expected = [state]
    for seat, action in export["moves"]:
        before = module.to_act(state)
        state = module.apply(state, seat, action)
        if module.to_act(state) != before:
            expected.append(state)
    assert states == expected
    assert len(states) < len(export["moves"])  # recruiting then taking a card is one turn


def test_sampling_keeps_the_first_and_last_and_spreads_evenly() -> None:
    picked = replay.sample(list(range(101)), 11)
    assert picked == [0, 10, 20, 30, 40, 50, 60, 70, 80, 90, 100]
    assert replay.sample([1, 2, 3], 10) == [1, 2, 3]
    assert len(replay.sample(list(range(500)), 90)) == 90


def test_too_big_a_replay_is_made_again_with_fewer_frames() -> None:
    export = export_of("saga", 2, seed=4)
    full = replay.replay_gif(export, max_frames=24)
    small = replay.replay_gif(export, max_frames=24, max_bytes=len(full) // 2)
    assert len(small) <= len(full) // 2
    assert len(frames(small)) < len(frames(full))
    with Image.open(io.BytesIO(small)) as gif:
        gif.seek(gif.n_frames - 1)
        assert gif.info["duration"] == replay.LAST_MS  # still ends on the held result
