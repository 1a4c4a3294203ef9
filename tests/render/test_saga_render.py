"""The Saga pictures: valid, small, deterministic PNGs that show only what the view holds."""

from __future__ import annotations

import copy
import random
from typing import Any

import pytest
from PIL import Image

import render
from render import board_png, hand_png
from tests.render import pngcheck
from tests.render import saga_views as sv
from tests.render.pngcheck import check_hand


def check_board(view: dict[str, Any], names: list[str]) -> Image.Image:
    return pngcheck.check_board(view, names, (900, 1400))


# --- hand-built views -------------------------------------------------------------------


def test_saga_is_supported() -> None:
    assert "saga" in render.supported()


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
    for side in ("viking", "anglo"):
        for secret in (0, 1):
            assert board_png(sv.with_private(view, side, secret), names=sv.NAMES) == public


def _swap_hidden(view: dict[str, Any]) -> dict[str, Any]:
    """Another game that differs only in what nobody may see: the private leaders and scouts."""
    other = copy.deepcopy(view)
    other["private"] = {
        "side": "viking",
        "leaders": {"VL9": {"ability": "x", "name": "Y", "text": "z"}},
        "scouted": [{"space": "norway", "marker": "D5", "target": "wessex"}],
        "pool": [],
    }
    return other


@pytest.mark.parametrize("name", sorted(sv.all_views()))
def test_board_does_not_change_with_hidden_information(name: str) -> None:
    """Which leader is which, and where a face-down Destination goes, never shows publicly."""
    view = sv.all_views()[name]
    public = board_png(view, names=sv.NAMES)
    assert board_png(_swap_hidden(view), names=sv.NAMES) == public
    assert board_png(sv.with_private(view, "viking", 0), names=sv.NAMES) == board_png(
        sv.with_private(view, "viking", 1), names=sv.NAMES
    )


@pytest.mark.parametrize("name", sorted(sv.all_views()))
def test_hand_of_each_side(name: str) -> None:
    view = sv.all_views()[name]
    for side in ("viking", "anglo"):
        seen = sv.with_private(view, side)
        check_hand(seen, sv.NAMES, seen["seat"])
        check_hand(seen, sv.NAMES, None)


def test_hand_is_none_for_a_public_view() -> None:
    for view in sv.all_views().values():
        assert hand_png(view, names=sv.NAMES) is None
        assert hand_png(view, names=sv.NAMES, seat=0) is None


def test_hand_shows_the_secrets() -> None:
    view = sv.mid_round()
    first = sv.with_private(view, "viking", 0)
    other = sv.with_private(view, "viking", 1)
    data = hand_png(first, names=sv.NAMES, seat=0)
    assert data == hand_png(copy.deepcopy(first), names=sv.NAMES, seat=0)
    assert data != hand_png(other, names=sv.NAMES, seat=0)
    assert hand_png(first, names=sv.NAMES) == data  # the view says whose it is


def test_revealed_leader_and_destination_change_the_board() -> None:
    """What the view makes public is drawn: a revealed name, a face-up Destination."""
    view = sv.mid_round()
    public = board_png(view, names=sv.NAMES)
    shown = copy.deepcopy(view)
    shown["destinations"][0] = {
        "space": "norway",
        "state": "face_up",
        "marker": "D1",
        "target": "northumbria",
    }
    assert board_png(shown, names=sv.NAMES) != public
    named = copy.deepcopy(view)
    named["areas"][0]["viking"]["leaders"][0].update(ability="berserker", name="Berserker", revealed=True)
    assert board_png(named, names=sv.NAMES) != public


def test_long_strange_and_missing_names() -> None:
    for view in sv.all_views().values():
        check_board(view, sv.LONG_NAMES)
        check_board(view, [])
        check_hand(sv.with_private(view, "viking"), sv.LONG_NAMES, None)
        check_hand(sv.with_private(view, "anglo"), [], None)


def test_sides_swapped() -> None:
    view = sv.combat()
    view["sides"] = {"viking": 1, "anglo": 0}
    check_board(view, sv.NAMES)
    check_hand(sv.with_private(view, "viking"), sv.NAMES, 1)


def test_odd_counts_and_empty_pieces() -> None:
    view = sv.mid_round()
    view["areas"][1]["viking"] = {
        "warriors": 12,
        "leaders": [sv.leader("VL1"), sv.leader("VL4", "plunderer")],
    }
    view["areas"][1]["anglo"] = {"warriors": 11, "leaders": [sv.leader("AL2", "reinforce", True)]}
    view["drakkar"] = {"warriors": 9, "leaders": [sv.leader("VL2"), sv.leader("VL3")]}
    view["destination_pool"] = 0
    view["track"] = {"spaces": 10, "round": 1, "stronghold": 1}
    check_board(view, sv.NAMES)
    empty = sv.base()
    empty["tiles"] = []
    empty["areas"] = []
    check_board(empty, sv.NAMES)


# --- real games -------------------------------------------------------------------------


def _real_states(seed: int, steps: int) -> list[Any]:
    import games.saga as saga

    state = saga.setup(seed, 2, None)
    rng = random.Random(seed)
    states = [state]
    for _ in range(steps):
        seats = saga.to_act(state)
        if not seats:
            break
        seat = seats[0]
        actions = saga.legal_actions(state, seat)
        busy = [a for a in actions if not a.startswith(("end", "pass", "skip", "done"))]
        state = saga.apply(state, seat, rng.choice(busy or actions))
        states.append(state)
    return states


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_real_games(seed: int) -> None:
    import games.saga as saga

    names = ["Astrid", "Edmund"]
    states = _real_states(seed, 400)
    phases = set()
    for state in states[:: max(1, len(states) // 12)] + states[-1:]:
        public = saga.view(state, None)
        phases.add(public["phase"])
        check_board(public, names)
        assert hand_png(public, names=names) is None
        for seat in (0, 1):
            seen = saga.view(state, seat)
            assert board_png(seen, names=names) == board_png(public, names=names)
            if seen.get("private"):
                check_hand(seen, names, seat)
    assert "draft" in phases


# --- stamps: parts painted once and pasted (``tests/render/test_stamps.py``) ---------------


@pytest.mark.parametrize("name", sorted(sv.all_views()))
def test_board_from_stamps_is_the_board_painted_in_place(name: str) -> None:
    """Parts are painted in place while recording: the same pixels as their stamps, made
    (the first board) and pasted (the next)."""
    from render.common import recording, stamps

    view = sv.all_views()[name]
    with recording():
        painted = board_png(view, names=sv.NAMES)
    stamps.cache.cache_clear()
    assert board_png(view, names=sv.NAMES) == painted
    assert board_png(view, names=sv.NAMES) == painted
    assert stamps.cache.held > 0


def _noise(size: tuple[int, int]) -> Image.Image:
    rng = random.Random(size[0] * 7 + size[1])
    return Image.frombytes("RGB", size, rng.randbytes(3 * size[0] * size[1]))


def test_a_count_on_a_shield_is_the_shield_pasted_and_the_count_stamped() -> None:
    """``lettered``: the shield pasted in place, the count in its halo from a stamp."""
    from render.common import DARK, draw_text, paste_sprite, stamps
    from render.common.parts import lettered
    from render.saga.pieces import shield

    sprite = shield("anglo", 40)
    stamps.cache.cache_clear()
    for move in range(4):
        for count in ("3", "12"):
            expected = _noise((120, 80))
            paste_sprite(expected, sprite, (30.5 + move, 20 + move))
            xy = (50.5 + move, 40 + move)
            draw_text(expected, xy, count, 24, (255, 255, 255), anchor="mm", bold=True, halo=DARK)
            got = _noise((120, 80))
            lettered(
                got, sprite, "shield", (30.5 + move, 20 + move), (20, 20), count, (24, (255, 255, 255), DARK)
            )
            assert got.tobytes() == expected.tobytes()
    kept = list(stamps.cache.items.values())
    assert len(kept) == 4 and all(made.steps for made in kept)  # two counts at two parities: stamps
