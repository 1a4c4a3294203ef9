"""The Reavers pictures: valid, small, deterministic PNGs from real games that show only
what the view holds (views from seeded random playouts at 2 to 5 players)."""

from __future__ import annotations

import copy
from functools import partial
from typing import Any

import pytest
from PIL import Image

import render
from render import board_png, hand_png
from tests.render import pngcheck
from tests.render import reavers_views as rv
from tests.render.pngcheck import check_hand

PHASES = {"start", "place", "resolve", "over", "combat"}  # combat: one being fought


def check_board(view: dict[str, Any], names: list[str]) -> Image.Image:
    return pngcheck.check_board(view, names, (1000, 2800))


def _by_phase(players: int, seed: int) -> dict[str, Any]:
    """The first state of each phase, and one mid-game state with a combat in the view; the
    ``start`` phase comes from a game with the option of starting Reavers."""
    found: dict[str, Any] = {}
    for state in rv.playout(players, seed):
        view = rv.public(state)
        found.setdefault(str(view["phase"]), state)
        if view.get("combat") and view["combat"].get("result") is None:
            found.setdefault("combat", state)
    found["start"] = rv.playout(players, seed, crew="two")[0]
    return found


def test_reavers_is_supported() -> None:
    assert "reavers" in render.supported()


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_every_phase_at_every_player_count(players: int) -> None:
    names = rv.NAMES[:players]
    states = _by_phase(players, seed=players)
    assert set(states) >= PHASES, sorted(states)
    for kind, state in sorted(states.items()):
        view = rv.public(state)
        check_board(view, names)
        assert hand_png(view, names=names) is None, kind  # a public view has no private part
        for seat in range(players):
            seen = rv.seen_by(state, seat)
            assert seen["private"] is not None
            check_hand(seen, names, seat)
            check_hand(seen, names, None)  # the view says whose it is


@pytest.mark.parametrize("players", [2, 5])
def test_boards_along_a_game(players: int) -> None:
    names = rv.NAMES[:players]
    for state in rv.sample(players, seed=11, count=8):
        check_board(rv.public(state), names)


def test_board_is_deterministic_and_ignores_the_private_part() -> None:
    for state in rv.sample(3, seed=5, count=4):
        public = rv.public(state)
        data = board_png(public, names=rv.NAMES[:3])
        assert board_png(copy.deepcopy(public), names=rv.NAMES[:3]) == data
        for seat in range(3):
            assert board_png(rv.seen_by(state, seat), names=rv.NAMES[:3]) == data


def test_board_draws_what_the_view_holds() -> None:
    state = _by_phase(4, seed=4)["resolve"]
    view = rv.public(state)
    names = rv.NAMES[:4]
    base = board_png(view, names=names)
    changes = [
        lambda v: v["seats"][2].update(glory=v["seats"][2]["glory"] + 7),
        lambda v: v["seats"][1].update(food=v["seats"][1]["food"] + 1),
        lambda v: v["seats"][0]["dice"].append({"color": "blue", "face": "shield", "wild": False}),
        lambda v: v.update(round=v["round"] + 1),
        lambda v: v.update(start=(v["start"] + 1) % 4),
        lambda v: v["board"]["trade_dice"].clear(),
        lambda v: v.update(
            combat={"seat": 1, "target": "Tower", "defense": 3, "dice": [2, 0], "rerolls": 1, "result": None}
        ),
    ]
    for change in changes:
        other = copy.deepcopy(view)
        change(other)
        assert board_png(other, names=names) != base


def test_hand_shows_the_secrets_of_its_seat() -> None:
    state = rv.playout(3, 6)[-1]
    seen = rv.seen_by(state, 1)
    data = hand_png(seen, names=rv.NAMES[:3], seat=1)
    other = copy.deepcopy(seen)
    other["private"]["prophecies"] = other["private"]["prophecies"][:-1]
    assert hand_png(other, names=rv.NAMES[:3], seat=1) != data
    emptied = copy.deepcopy(seen)
    emptied["private"] = {"prophecies": [], "glory_pile": []}
    check_hand(emptied, rv.NAMES[:3], 1)
    assert hand_png(emptied, names=rv.NAMES[:3], seat=1) != data


def test_long_strange_and_missing_names() -> None:
    for state in rv.sample(5, seed=2, count=3):
        check_board(rv.public(state), rv.LONG_NAMES)
        check_board(rv.public(state), [])
        check_hand(rv.seen_by(state, 0), rv.LONG_NAMES, 0)
        check_hand(rv.seen_by(state, 4), [], 4)


def test_the_outcome_names_the_winner() -> None:
    """The finished game is drawn with its breakdown; another winner is another picture."""
    state = rv.playout(4, 8)[-1]
    view = rv.public(state)
    assert view["over"] and view["outcome"]
    data = check_board(view, rv.NAMES[:4])
    other = copy.deepcopy(view)
    other["outcome"]["winners"] = [(view["outcome"]["winners"][0] + 1) % 4]
    assert board_png(other, names=rv.NAMES[:4]) != board_png(view, names=rv.NAMES[:4])
    assert data.height > 1000


def test_no_text_over_text_with_long_names() -> None:
    """The layout test's check, with names that must be shrunk or cut everywhere they go."""
    from functools import partial

    from tests.render.test_layout import check

    found: list[str] = []
    for state in rv.sample(5, seed=9, count=4):
        found += check("board", partial(board_png, rv.public(state), names=rv.LONG_NAMES))
        found += check("hand", partial(hand_png, rv.seen_by(state, 0), names=rv.LONG_NAMES, seat=0))
    assert not found, "\n".join(found[:20])


def test_the_starting_reavers_being_decided_are_drawn() -> None:
    from render.common import recording

    state = next(s for s in rv.playout(3, 3, crew="two") if rv.public(s).get("starting"))
    view = rv.public(state)
    names = rv.NAMES[:3]
    with recording() as record:
        check_board(view, names)
    starting = [p.text for p in record.texts if p.panel == "resolving"]
    seat = view["starting"]["seat"]
    assert names[seat] in starting
    for card in view["starting"]["cards"]:
        assert card["name"] in starting and card["text"] in starting
    other = copy.deepcopy(view)
    other["starting"]["cards"] = other["starting"]["cards"][:1]
    assert board_png(other, names=names) != board_png(view, names=names)


# --- drawing shortcuts: the same pixels -------------------------------------------------------

PLACES = [(40, 100), (41, 100), (40, 101), (41, 101)]  # every parity of a stamp's place


def _pasted_is_painted(draw: Any, ground: tuple[int, int, int], size: tuple[int, int]) -> None:
    """``draw(image, x, y)`` at every parity: painted in place (as while recording), then
    made into a stamp and pasted twice, the same pixels and the same return."""
    from render.common import recording, stamps

    stamps.cache.cache_clear()
    for x, y in PLACES:
        painted = Image.new("RGB", size, ground)
        with recording():
            after = draw(painted, x, y)
        for _ in range(2):  # made, then pasted
            pasted = Image.new("RGB", size, ground)
            assert draw(pasted, x, y) == after
            assert pasted.tobytes() == painted.tobytes(), (draw, x, y)
    assert stamps.cache.items and all(made.steps for made in stamps.cache.items.values())  # not in place


@pytest.mark.parametrize(
    ("recruit", "faces", "food", "bonus"),
    [
        (True, (), 0, "bonus Favor 2"),
        (False, (), 0, "actions 3 · 1"),
        (False, ("chest", "chest"), 0, "bonus cards 2 · 1"),
        (False, ("shield", "double"), 2, "bonus cards 2"),
        (False, (), 4, "bonus Glory 2 · 1"),
    ],
)
def test_a_locations_cost_and_bonus_pasted_are_painted(
    recruit: bool, faces: tuple[str, ...], food: int, bonus: str
) -> None:
    from render.reavers import locations as loc
    from render.reavers.style import PANEL

    def draw(im: Image.Image, x: int, y: int) -> None:
        loc._draw_info(im, x, y, x + loc.LOC_W, recruit, faces, food, bonus)

    _pasted_is_painted(draw, PANEL, (loc.LOC_W + 100, 200))


@pytest.mark.parametrize(("rounds", "now"), [(6, 1), (6, 4), (6, 6), (5, 2)])
@pytest.mark.parametrize("middle", [0.0, 0.5])
def test_the_round_track_pasted_is_painted(rounds: int, now: int, middle: float) -> None:
    from render.reavers import status
    from render.reavers.style import LOG_BG

    def draw(im: Image.Image, x: int, y: int) -> int:
        return status._draw_rounds(im, x, y + middle, rounds, now)

    _pasted_is_painted(draw, LOG_BG, (500, 200))


@pytest.mark.parametrize("width", [586, 1220])
def test_a_longships_crew_headings_pasted_are_painted(width: int) -> None:
    from render.reavers import ships
    from render.reavers.style import PANEL

    col_w = (width - ships.LEADER_W - 10 - 3 * 6) // 4

    def draw(im: Image.Image, x: int, y: int) -> None:
        ships._draw_heads(im, x, y, x + width, col_w)

    _pasted_is_painted(draw, PANEL, (1300, 200))


def test_stamps_of_different_parts_are_told_apart() -> None:
    """Many rounds and costs drawn one after another from one cache: each its own pixels
    (a key that left out what a part looks like would paste another's)."""
    from render.common import recording, stamps
    from render.reavers import locations as loc
    from render.reavers import status
    from render.reavers.style import PANEL

    parts = [partial(status._draw_rounds, cy=125.0, rounds=r, now=n) for r in (5, 6) for n in range(1, r + 1)]
    parts += [
        partial(
            loc._draw_info, top=100, x1=40 + loc.LOC_W, recruit=recruit, faces=faces, food=food, bonus=bonus
        )
        for recruit in (True, False)
        for faces in ((), ("chest",), ("shield", "shield"))
        for food in (0, 2)
        for bonus in ("", "actions 3 · 1")
    ]
    stamps.cache.cache_clear()
    for _ in range(2):
        for part in parts:
            painted, pasted = (Image.new("RGB", (loc.LOC_W + 100, 200), PANEL) for _ in range(2))
            with recording():
                part(painted, 40)
            part(pasted, 40)
            assert pasted.tobytes() == painted.tobytes(), part
