"""Each game's panel picture as a phone shows it, before and after ``render.detail``:
``python scripts/phone_pictures.py [OUT_DIR]`` (default ``docs/pictures``).

For each game, at a state of a seeded bot game where the acting seat has choices that name
places or cards on the board, writes two pictures scaled to 400 px wide (a phone's width):
``<game>-panel-before-400px.png``, the whole board the panel used to show, and
``<game>-panel-after-400px.png``, the part of the board the choices are about. Prints the
smallest font among the named texts at that width, before and after.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from PIL import Image  # noqa: E402

import games  # noqa: E402
from bot.table import turns  # noqa: E402
from render import board_image  # noqa: E402
from render.detail import PHONE, detail  # noqa: E402
from tests.games.bot_games import bot_game  # noqa: E402

NAMES = ["Astrid", "Bjørn", "Sigrid", "Ulf", "Freydis", "Ragna"]
TABLES = {"knarr": 3, "volga": 3, "saga": 2, "reavers": 4, "pax": 3}


def at_phone(image: Image.Image) -> Image.Image:
    """``image`` as 400 px wide, in 256 colours (small files for the docs)."""
    height = round(image.height * PHONE / image.width)
    small = image.resize((PHONE, height), Image.Resampling.LANCZOS)
    return small.quantize(256, dither=Image.Dither.NONE)


def main(out: Path) -> None:
    out.mkdir(parents=True, exist_ok=True)
    for game_id, players in TABLES.items():
        game = games.get(game_id)
        states = [s for s in bot_game(game_id, players, seed=4)[0] if game.to_act(s)]
        for state in states[len(states) // 2 :]:
            seat = game.to_act(state)[0]
            labels = [label for _, label in turns.choices(game, state, seat, NAMES[:players])]
            view = game.view(state, None)
            found = detail(view, names=NAMES[:players], labels=labels)
            if found is None or len(found.named) < 2:
                continue
            board = board_image(view, names=NAMES[:players])
            at_phone(board).save(out / f"{game_id}-panel-before-400px.png", optimize=True)
            at_phone(found.image).save(out / f"{game_id}-panel-after-400px.png", optimize=True)
            smallest = min(t.size for t in found.named)
            before = smallest * PHONE / board.width
            after = min(found.phone_size(t) for t in found.named)
            print(f"{game_id}: {labels[0]!r}; smallest named text {before:.1f} px -> {after:.1f} px")
            break


if __name__ == "__main__":
    main(Path(sys.argv[1]) if len(sys.argv) > 1 else Path(__file__).resolve().parent.parent / "docs/pictures")
