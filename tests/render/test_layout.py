"""Text is never drawn over text, nor outside the panel it belongs to, in any picture; every
text stands out from what it is drawn on; a panel's part of the board reads on a phone.

``render.common.recording`` notes the ink box of every text and the panel it was drawn
in (renderers mark their panels with ``render.common.panel``). Checked on the hand-built
sample views and on views from seeded random playouts of every game in
``render.supported()`` at every player count: the public board and each seat's hand.
A game added later is covered by its playouts without a change here.

Contrast: each text's colour against its halo, or else the commonest colour under it, at
least ``CONTRAST`` by WCAG 2's ratio (its floor for large text and for the parts of a
picture one must see). On a phone: the part of the board the acting seat's panel shows
(``render.detail``) keeps every name its choices give at least 9 px tall at 400 px wide.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from functools import partial
from typing import Any

import pytest
from PIL import Image

import games
import render
from bot.table import turns
from render.common import Placed, recording
from render.common.style import contrast
from render.detail import READABLE, detail
from tests.render import saga_views, sample_views, volga_views

NAMES = ["Astrid", "Bjørn", "Святослав", "Ulf", "Freydis"]
SAMPLES: dict[str, Callable[[], dict[str, dict[str, Any]]]] = {
    "knarr": sample_views.all_views,
    "volga": volga_views.all_views,
    "saga": saga_views.all_views,
}
CONTRAST = 3.0
SNAPSHOTS = 14  # views taken along each playout
MAX_MOVES = 500


def _overlap(a: Placed, b: Placed) -> bool:
    # a pixel of slack: anti-aliased edges of neighbours may touch
    width = min(a.box[2], b.box[2]) - max(a.box[0], b.box[0])
    height = min(a.box[3], b.box[3]) - max(a.box[1], b.box[1])
    return width > 1 and height > 1


def _inside(box: tuple[int, int, int, int], bounds: tuple[int, int, int, int]) -> bool:
    return bounds[0] <= box[0] and bounds[1] <= box[1] and box[2] <= bounds[2] and box[3] <= bounds[3]


def problems(image: Image.Image, texts: list[Placed]) -> list[str]:
    """Each text over another text, outside its panel or outside the picture, in words."""
    found = []
    whole = (0, 0, image.width, image.height)
    for i, a in enumerate(texts):
        if not _inside(a.box, whole):
            found.append(f"{a.text!r} at {a.box} is outside the picture {whole}")
        elif a.bounds is not None and not _inside(a.box, a.bounds):
            found.append(f"{a.text!r} at {a.box} is outside its panel {a.panel} {a.bounds}")
        if a.ink is not None and a.ground is not None and contrast(a.ink, a.ground) < CONTRAST:
            found.append(
                f"{a.text!r} ({a.panel}) in {a.ink} on {a.ground} reads at contrast "
                f"{contrast(a.ink, a.ground):.1f}, under {CONTRAST}"
            )
        for b in texts[i + 1 :]:
            if _overlap(a, b):
                found.append(f"{a.text!r} at {a.box} ({a.panel}) overlaps {b.text!r} at {b.box} ({b.panel})")
    return found


def check(label: str, draw: Callable[[], bytes | None]) -> list[str]:
    with recording() as record:
        data = draw()
    assert data is not None
    pictures = record.pictures()
    assert pictures, f"{label}: nothing was encoded"
    return [f"{label}: {p}" for image, texts in pictures for p in problems(image, texts)]


def phone_problems(label: str, game: Any, state: Any, names: list[str]) -> list[str]:
    """The names in the acting seat's panel picture that read under 9 px on a phone."""
    if not game.to_act(state):
        return []
    seat = game.to_act(state)[0]
    labels = [turns.label(game, state, action, names) for action in game.legal_actions(state, seat)]
    found = detail(game.view(state, None), names=names, labels=labels)
    if found is None:
        return []
    return [
        f"{label} panel: {t.text!r} reads {found.phone_size(t):.1f} px tall on a phone"
        for t in found.named
        if found.phone_size(t) < READABLE
    ]


def playout_views(game_id: str, players: int, seed: int) -> Iterator[tuple[str, Any]]:
    """``(label, state)`` taken evenly along a seeded random game, and its last state."""
    game = games.get(game_id)
    rng = random.Random(seed * 100 + players)
    state = game.setup(seed, players, None)
    states = [state]
    for _ in range(MAX_MOVES):
        if game.outcome(state) is not None or not game.to_act(state):
            break
        seat = rng.choice(game.to_act(state))
        state = game.apply(state, seat, rng.choice(game.legal_actions(state, seat)))
        states.append(state)
    step = max(1, len(states) // SNAPSHOTS)
    picked = states[::step] + [states[-1]]
    for n, st in enumerate(picked):
        yield f"{game_id} {players}p seed {seed} view {n}", st


def _player_counts() -> list[tuple[str, int]]:
    out = []
    for game_id in render.supported():
        game = games.get(game_id)
        out += [(game_id, n) for n in range(game.min_players, game.max_players + 1)]
    return out


@pytest.mark.parametrize(("game_id", "players"), _player_counts())
def test_playout_pictures_have_no_text_over_text(game_id: str, players: int) -> None:
    game = games.get(game_id)
    found: list[str] = []
    for label, state in playout_views(game_id, players, seed=7):
        public = game.view(state, None)
        found += check(f"{label} board", partial(render.board_png, public, names=NAMES[:players]))
        found += phone_problems(label, game, state, NAMES[:players])
        for seat in range(players):
            mine = game.view(state, seat)
            if mine.get("private"):
                hand = partial(render.hand_png, mine, names=NAMES[:players], seat=seat)
                found += check(f"{label} hand {seat}", hand)
    assert not found, "\n".join(found[:20])


@pytest.mark.parametrize("game_id", sorted(SAMPLES))
def test_sample_boards_have_no_text_over_text(game_id: str) -> None:
    found: list[str] = []
    for name, view in SAMPLES[game_id]().items():
        found += check(f"{game_id} {name}", partial(render.board_png, view, names=NAMES))
    assert not found, "\n".join(found[:20])


def test_every_supported_game_is_checked() -> None:
    assert {g for g, _ in _player_counts()} == set(render.supported())


def test_the_check_sees_text_over_text_and_text_outside_its_panel() -> None:
    from render.common import draw_text, encode_png, panel

    def crowded() -> bytes:
        im = Image.new("RGB", (300, 100))
        with panel("left", (0, 0, 100, 100)):
            draw_text(im, (10, 10), "Astrid", 20, (255, 255, 255))
            draw_text(im, (30, 14), "Bjørn", 20, (255, 255, 255))
            draw_text(im, (60, 60), "far too wide", 20, (255, 255, 255))
        draw_text(im, (250, 60), "off the edge", 20, (255, 255, 255))
        return encode_png(im)

    found = "\n".join(check("crowded", crowded))
    assert "'Astrid'" in found and "overlaps 'Bjørn'" in found
    assert "'far too wide'" in found and "outside its panel left" in found
    assert "'off the edge'" in found and "outside the picture" in found
    assert len(check("crowded", crowded)) == 3


def test_the_check_sees_text_that_does_not_stand_out() -> None:
    from render.common import draw_text, encode_png

    def faint() -> bytes:
        im = Image.new("RGB", (300, 100), (212, 170, 40))
        draw_text(im, (10, 10), "Gold", 20, (255, 255, 255))
        draw_text(im, (10, 50), "Dark", 20, (30, 28, 26))
        draw_text(im, (150, 10), "Haloed", 20, (255, 255, 255), halo=(20, 20, 20))
        return encode_png(im)

    found = check("faint", faint)
    assert len(found) == 1 and "'Gold'" in found[0] and "contrast 2.2" in found[0]
