"""``python -m bot replay game.json``: replay an exported game (from ``/game log``).

The export holds the seed, the options and every move that stands; replaying them
must reach the same final position. The final board is written as a picture.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path

import games
import render
from bot.table import turns


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="python -m bot replay", description=__doc__.splitlines()[0])
    parser.add_argument("export", help="the JSON file attached to /game log")
    parser.add_argument("--out", default="replay-board.png", help="where to write the final board")
    args = parser.parse_args(argv)
    data = json.loads(Path(args.export).read_text(encoding="utf-8"))
    module = games.get(data["game"])
    names = list(data["players"])
    moves = [(int(seat), str(action)) for seat, action in data["moves"]]
    state = turns.replay(module, int(data["seed"]), len(names), dict(data["options"]), moves)
    seats = [turns.Seat(f"bot:{i}", name, False) for i, name in enumerate(names)]  # names, no pings
    Path(args.out).write_bytes(render.board_png(module.view(state, None), names=names))
    print(f"{module.title}: {len(moves)} moves replayed.")
    print(turns.whose_turn(module, state, seats))
    print(f"Final board written to {args.out}")
    return 0
