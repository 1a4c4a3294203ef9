"""The one picture entry: ``render.board_png(view, *, names, palette=False)`` and its kin.

Each call says how its picture is encoded; nothing is switched for a process, so callers
asking for different encodings in one process (or in two threads at once) each get theirs.
"""

from __future__ import annotations

import io
import random
import threading
from typing import Any

import pytest
from PIL import Image

import games
import render
from render import final
from render.common import png
from tests.render.pngcheck import open_png

NAMES = ["Astrid", "Bjorn", "Sigrid", "Ulf", "Freydis", "Ragna"]


def played(game_id: str, players: int, moves: int, seed: int = 2) -> dict[str, Any]:
    """A game's state after ``moves`` seeded random moves (or at its end)."""
    module = games.get(game_id)
    rng = random.Random(seed)
    state = module.setup(seed, players, None)
    for _ in range(moves):
        if module.outcome(state) is not None:
            break
        seat = module.to_act(state)[0]
        state = module.apply(state, seat, rng.choice(module.legal_actions(state, seat)))
    return state


def public(game_id: str, moves: int = 30) -> dict[str, Any]:
    """A public view at three players (two for Saga)."""
    module = games.get(game_id)
    return module.view(played(game_id, min(3, module.max_players), moves), None)


@pytest.mark.parametrize("game_id", render.supported())
def test_the_palette_keyword_chooses_the_encoding(game_id: str) -> None:
    view = public(game_id)
    exact = open_png(render.board_png(view, names=NAMES[:3]))
    small = open_png(render.board_png(view, names=NAMES[:3], palette=True))
    assert exact.mode == "RGB"
    assert small.mode == "P" and len(small.getcolors(256) or []) <= png.PALETTE_COLORS
    assert small.size == exact.size


def test_no_switch_is_left_for_a_process() -> None:
    assert not hasattr(png, "use_palette") and not hasattr(png, "palette_on") and not hasattr(png, "_palette")


def test_one_call_leaves_no_encoding_to_the_next() -> None:
    view = public("knarr")
    first = render.board_png(view, names=NAMES[:3])
    assert open_png(render.board_png(view, names=NAMES[:3], palette=True)).mode == "P"
    assert render.board_png(view, names=NAMES[:3]) == first  # exact again, byte for byte
    assert open_png(render.board_png(view, names=NAMES[:3], palette=True)).mode == "P"


def test_two_threads_asking_for_different_encodings_each_get_their_own() -> None:
    views = [public("volga", moves) for moves in (10, 40)]
    modes: dict[bool, set[str]] = {True: set(), False: set()}

    def draw(palette: bool) -> None:
        for _ in range(3):
            for view in views:
                modes[palette].add(open_png(render.board_png(view, names=NAMES[:3], palette=palette)).mode)

    threads = [threading.Thread(target=draw, args=(palette,)) for palette in (True, False)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert modes == {True: {"P"}, False: {"RGB"}}


@pytest.mark.parametrize("game_id", ["knarr", "volga", "saga"])
def test_the_drawn_board_is_the_exact_pngs_pixels(game_id: str) -> None:
    """Boards packed without rounding: the RGB PNG holds the drawn picture exactly."""
    view = public(game_id)
    drawn = render.board_image(view, names=NAMES[:3])
    assert drawn.mode == "RGB"
    assert open_png(render.board_png(view, names=NAMES[:3])).tobytes() == drawn.tobytes()


def test_a_hand_is_drawn_and_encoded_by_keyword() -> None:
    state = played("knarr", 3, 12)
    mine = games.get("knarr").view(state, 1)
    drawn = render.hand_image(mine, names=NAMES[:3], seat=1)
    assert drawn is not None and drawn.mode == "RGB"
    exact = render.hand_png(mine, names=NAMES[:3], seat=1)
    assert exact is not None and open_png(exact).tobytes() == drawn.tobytes()
    small = render.hand_png(mine, names=NAMES[:3], seat=1, palette=True)
    assert small is not None and open_png(small).mode == "P"
    assert render.hand_image(games.get("knarr").view(state, None), names=NAMES[:3]) is None


@pytest.mark.parametrize("palette", [False, True])
def test_the_final_pictures_board_is_the_board_as_its_png_shows_it(palette: bool) -> None:
    module = games.get("pax")
    state = played("pax", 3, 5000)
    assert module.outcome(state) is not None
    view = module.view(state, None)
    board = open_png(render.board_png(view, names=NAMES[:3], palette=palette)).convert("RGB")
    with Image.open(
        io.BytesIO(final.final_png(view, module.breakdown(state), names=NAMES[:3], palette=palette))
    ) as im:
        picture = im.convert("RGB")
    assert picture.crop((0, 0, *board.size)).tobytes() == board.tobytes()
