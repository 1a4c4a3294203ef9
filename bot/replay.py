"""``python -m bot replay game.json``: replay an exported game (from ``/game log``).

The export holds the seed, the options and every move that stands; replaying them
must reach the same final position. A file written before seats in moves were counted
from 1 (it has no ``format``) has its moves upgraded first (``games.upgrade``). The final
board is written as a picture. A file that cannot be replayed is answered in one sentence,
and the exit code is 1.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from pathlib import Path
from typing import Any

import games
import render
from bot.table import turns
from bot.table.options import game_options
from games import IllegalAction, upgrade

_MARKDOWN = re.compile(r"\*\*|\\(?=[\\*_~`|>#\[\]()<])")


class ReplayError(ValueError):
    """A file that cannot be replayed; the message is one sentence for the person."""


def plain(text: str) -> str:
    """Discord's markdown (bold, escapes) taken out, for a terminal."""
    return _MARKDOWN.sub("", text)


def read(path: Path) -> dict[str, Any]:
    """The export in ``path``, checked enough to be replayed."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise ReplayError(f"There is no file {path}.") from None
    except (OSError, UnicodeDecodeError) as error:
        raise ReplayError(f"{path} could not be read ({error.__class__.__name__}).") from None
    except json.JSONDecodeError:
        raise ReplayError(f"{path} is not a Skald game file: it is not JSON.") from None
    if not isinstance(data, dict) or "game" not in data:
        raise ReplayError(f"{path} is not a Skald game file: it names no game.")
    if "moves" not in data or "seed" not in data:
        raise ReplayError(
            f"{path} is the public log of a game still being played; the replayable file comes "
            "with /game log once the game is over."
        )
    if data["game"] not in games.names():
        raise ReplayError(f"{path} is a game of '{str(data['game'])[:40]}', which Skald does not know.")
    if not upgrade.readable(data):
        raise ReplayError(f"{path} was written by a newer Skald (file format {str(data['format'])[:10]}).")
    return data


def replay(data: dict[str, Any], path: Path) -> tuple[Any, dict[str, Any], list[str]]:
    module = games.get(data["game"])
    names = [str(n) for n in data.get("players") or []]
    try:
        moves = [(int(seat), str(action)) for seat, action in upgrade.export(data)["moves"]]
        state = module.setup(int(data["seed"]), len(names), game_options(dict(data.get("options") or {})))
    except (TypeError, ValueError, KeyError):
        raise ReplayError(f"{path} is damaged: its seed, players, options or moves cannot be read.") from None
    for number, (seat, action) in enumerate(moves, start=1):
        try:
            state = module.apply(state, seat, action)
        except IllegalAction:
            raise ReplayError(
                f"Move {number} of {path} ('{action[:60]}' by seat {seat + 1}) is not legal there: the file "
                "was changed, or it comes from another version of the rules."
            ) from None
    return module, state, names


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="python -m bot replay", description=__doc__.splitlines()[0])
    parser.add_argument("export", help="the JSON file attached to /game log")
    parser.add_argument("--out", default="replay-board.png", help="where to write the final board")
    args = parser.parse_args(argv)
    path = Path(args.export)
    try:
        data = read(path)
        module, state, names = replay(data, path)
    except ReplayError as error:
        print(error, file=sys.stderr)
        return 1
    seats = [turns.Seat(f"bot:{i}", name, False) for i, name in enumerate(names)]  # names, no pings
    Path(args.out).write_bytes(render.board_png(module.view(state, None), names=names))
    print(f"{module.title}: {len(data['moves'])} moves replayed.")
    print(plain(turns.whose_turn(module, state, seats)))
    print(f"Final board written to {args.out}")
    return 0
