"""The animated replay's figures: frames, size and time for a long bot game of every title.

A measurement, not a test: ``python scripts/replay_figures.py [seed]`` plays a seeded
game between sensible bots at each game's largest table, exports it as ``/game log``
does and times ``render.replay.replay_gif`` on it.
"""

from __future__ import annotations

import io
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from PIL import Image  # noqa: E402

import games  # noqa: E402
from render import replay  # noqa: E402
from tests.games.bot_games import bot_game  # noqa: E402

NAMES = ["Astrid", "Bjørn", "Святослав", "Ulf", "Freydis", "Sigrid"]


def main(seed: int) -> None:
    print("game     players  moves  turns  frames  size px     bytes      seconds")
    for game_id in games.names():
        players = games.get(game_id).max_players
        _, moves = bot_game(game_id, players, seed)
        export = {"game": game_id, "seed": seed, "players": NAMES[:players], "options": {}, "moves": moves}
        turns = len(replay.turn_ends(export)[1])
        start = time.perf_counter()
        data = replay.replay_gif(export)
        seconds = time.perf_counter() - start
        with Image.open(io.BytesIO(data)) as gif:
            frames, size = gif.n_frames, f"{gif.width}x{gif.height}"
        print(
            f"{game_id:8} {players:7} {len(moves):6} {turns:6} {frames:7}  {size:10} "
            f"{len(data):10,} {seconds:8.1f}"
        )


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 3)
