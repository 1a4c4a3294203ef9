"""The Knarr pictures: valid, small, deterministic PNGs that show only what the view holds."""

from __future__ import annotations

import copy
import random
from typing import Any

import pytest
from PIL import Image

import render
from render import board_png, hand_png
from tests.render import pngcheck
from tests.render import sample_views as sv
from tests.render.pngcheck import check_hand


def check_board(view: dict[str, Any], names: list[str]) -> Image.Image:
    return pngcheck.check_board(view, names, (600, 2000))


# --- hand-built views -------------------------------------------------------------------


@pytest.mark.parametrize("name", sorted(sv.all_views()))
def test_board_of_every_sample_is_a_small_png(name: str) -> None:
    check_board(sv.all_views()[name], sv.NAMES)


@pytest.mark.parametrize("name", sorted(sv.all_views()))
def test_board_is_deterministic(name: str) -> None:
    view = sv.all_views()[name]
    assert board_png(view, names=sv.NAMES) == board_png(copy.deepcopy(view), names=sv.NAMES)


@pytest.mark.parametrize("name", sorted(sv.all_views()))
def test_board_ignores_the_private_part(name: str) -> None:
    view = sv.all_views()[name]
    public = board_png(view, names=sv.NAMES)
    first = sv.with_hand(view, 0, ["V11", "V28", "V50"])
    second = sv.with_hand(view, 0, ["V01", "V02", "V03"])
    assert board_png(first, names=sv.NAMES) == public
    assert board_png(second, names=sv.NAMES) == public


@pytest.mark.parametrize("name", sorted(sv.all_views()))
def test_hand_of_every_sample(name: str) -> None:
    view = sv.all_views()[name]
    for seat in range(view["players"]):
        seen = sv.with_hand(view, seat, ["V11", "V28", "V50"])
        check_hand(seen, sv.NAMES, seat)


def test_hand_is_none_for_a_public_view() -> None:
    for view in sv.all_views().values():
        assert hand_png(view, names=sv.NAMES) is None
        assert hand_png(view, names=sv.NAMES, seat=0) is None


def test_hand_is_deterministic_and_shows_the_cards() -> None:
    view = sv.three_player_mid()
    first = sv.with_hand(view, 1, ["V11", "V28", "V50"])
    other = sv.with_hand(view, 1, ["V01", "V28", "V50"])
    data = hand_png(first, names=sv.NAMES, seat=1)
    assert data == hand_png(copy.deepcopy(first), names=sv.NAMES, seat=1)
    assert data != hand_png(other, names=sv.NAMES, seat=1)


def test_hand_of_a_short_or_empty_hand() -> None:
    view = sv.two_player_mid()
    check_hand(sv.with_hand(view, 0, ["V12", "V31"]), sv.NAMES, 0)
    check_hand(sv.with_hand(view, 0, []), sv.NAMES, 0)
    check_hand(sv.with_hand(view, 0, ["V01", "V11", "V21", "V31", "V41"]), sv.NAMES, 0)


def test_hand_without_a_seat_draws_the_cards_alone() -> None:
    seen = sv.with_hand(sv.two_player_mid(), 1, ["V11", "V28", "V50"])
    alone = check_hand(seen, sv.NAMES, None)
    with_panel = check_hand(seen, sv.NAMES, 1)
    assert alone.height < with_panel.height
    seen["private"]["seat"] = 1
    assert hand_png(seen, names=sv.NAMES) == hand_png(seen, names=sv.NAMES, seat=1)


def test_long_strange_and_missing_names() -> None:
    for view in sv.all_views().values():
        check_board(view, sv.LONG_NAMES)
        check_board(view, [])
        check_hand(sv.with_hand(view, 0, ["V11", "V28", "V50"]), sv.LONG_NAMES, 0)


def test_four_player_end_shows_an_outcome() -> None:
    view = sv.four_player_end()
    check_board(view, sv.NAMES)
    without = copy.deepcopy(view)
    without["outcome"]["winners"] = [2]
    assert board_png(view, names=sv.NAMES) != board_png(without, names=sv.NAMES)


def test_odd_but_legal_shapes_do_not_crash() -> None:
    view = sv.three_player_mid()
    view["destinations"] = {"A": [None, None, None], "B": [None, None, None]}
    view["vikings"] = dict.fromkeys(sv.COLORS)
    view["options"]["artifacts"] = ["mead_cup", "some_future_artifact"]
    view["log"] = []
    view["to_act"] = [0, 2]
    view["pending"] = {"explore": sv.dest("B04"), "paid": [], "recruits_paid": 0}
    view["seats"][0]["reserved"] = [sv.dest("B04"), sv.dest("B07")]
    view["seats"][1]["crew"]["red"] = [sv.viking("V01")] * 14
    check_board(view, sv.NAMES)


def test_unknown_game_is_refused() -> None:
    with pytest.raises(KeyError):
        board_png({"game": "chess"}, names=[])
    assert "knarr" in render.supported()


# --- real views from games.knarr -----------------------------------------------------------


def _real_states(players: int, seed: int, options: dict[str, str]) -> list[Any]:
    """States along a random game, every few steps, until it ends (or 400 steps)."""
    import games

    knarr = games.get("knarr")
    state = knarr.setup(seed, players, options)
    rng = random.Random(seed)
    states = [state]
    for step in range(400):
        seats = knarr.to_act(state)
        if not seats:
            break
        seat = rng.choice(seats)
        actions = knarr.legal_actions(state, seat)
        # prefer doing something over ending the turn, so games move on
        busy = [a for a in actions if not a.startswith(("end", "skip", "cancel"))]
        state = knarr.apply(state, seat, rng.choice(busy or actions))
        if step % 23 == 0:
            states.append(state)
    states.append(state)
    return states


@pytest.mark.parametrize(
    ("players", "seed", "options"),
    [
        (2, 1, {}),
        (3, 2, {"artifact": "golden_bracelet"}),
        (4, 3, {"ship": "advanced", "artifact": "random"}),
    ],
)
def test_real_views(players: int, seed: int, options: dict[str, str]) -> None:
    import games

    knarr = games.get("knarr")
    names = sv.NAMES[:players]
    for state in _real_states(players, seed, options):
        public = knarr.view(state, None)
        board = board_png(public, names=names)
        check_board(public, names)
        assert hand_png(public, names=names) is None
        for seat in range(players):
            seen = knarr.view(state, seat)
            assert board_png(seen, names=names) == board
            check_hand(seen, names, seat)
