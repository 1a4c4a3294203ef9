"""The Pax Viking pictures, drawn from views of seeded random games at 2 to 6 players:
valid, small, deterministic PNGs that show only what the view holds."""

from __future__ import annotations

import copy
import random
from collections.abc import Callable
from functools import cache
from typing import Any

import pytest
from PIL import Image, ImageChops

import games
import render
from render import board_png, hand_png
from render.pax import map as pax_map
from tests.render import pngcheck

NAMES = ["Astrid", "Bjørn", "Святослав", "Ulf", "Freydis", "Sigrid"]
LONG_NAMES = ["Ragnhildr the Exceedingly Patient Raider of Coasts", "Æðelflǣd 🛡", "", " ", "x", "Ω"]
PAX = games.get("pax")


@cache
def playout(players: int, seed: int) -> tuple[Any, ...]:
    """Every state of a seeded random game, to its end or 500 moves."""
    rng = random.Random(seed * 100 + players)
    state = PAX.setup(seed, players, None)
    states = [state]
    for _ in range(500):
        if PAX.outcome(state) is not None or not PAX.to_act(state):
            break
        seat = rng.choice(PAX.to_act(state))
        state = PAX.apply(state, seat, rng.choice(PAX.legal_actions(state, seat)))
        states.append(state)
    return tuple(states)


def picked(players: int, seed: int, count: int = 5) -> list[Any]:
    states = playout(players, seed)
    return list(states[:: max(1, len(states) // count)]) + [states[-1]]


def check_board(view: dict[str, Any], names: list[str]) -> None:
    pngcheck.check_board(view, names, (1200, 2600))


def test_pax_is_supported() -> None:
    assert "pax" in render.supported()


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_boards_and_every_hand_along_a_game(players: int) -> None:
    names = NAMES[:players]
    for state in picked(players, seed=3):
        public = PAX.view(state, None)
        check_board(public, names)
        assert hand_png(public, names=names) is None
        for seat in range(players):
            mine = PAX.view(state, seat)
            assert mine["private"] is not None
            pngcheck.check_hand(mine, names, seat)


@pytest.mark.parametrize("players", [2, 4, 6])
def test_board_ignores_the_private_part(players: int) -> None:
    """A seat's view draws the same board as the public one: no hand leaks onto it."""
    names = NAMES[:players]
    state = picked(players, seed=5)[3]
    public = board_png(PAX.view(state, None), names=names)
    for seat in range(players):
        assert board_png(PAX.view(state, seat), names=names) == public


def test_board_is_deterministic() -> None:
    view = PAX.view(picked(4, seed=2)[2], None)
    assert board_png(view, names=NAMES[:4]) == board_png(copy.deepcopy(view), names=NAMES[:4])


def test_hands_differ_between_seats_and_follow_the_view() -> None:
    state = picked(3, seed=4)[2]
    first = PAX.view(state, 0)
    second = PAX.view(state, 1)
    assert first["private"]["hand"] != second["private"]["hand"]
    assert hand_png(first, names=NAMES[:3], seat=0) != hand_png(second, names=NAMES[:3], seat=1)
    assert hand_png(first, names=NAMES[:3]) == hand_png(first, names=NAMES[:3], seat=0)


def test_what_the_view_shows_changes_the_board() -> None:
    """A Venture on a post, a Follower, a ship, a bought tile and a met condition are drawn."""
    view = PAX.view(playout(4, 1)[0], None)
    names = NAMES[:4]
    plain = board_png(view, names=names)
    tile = copy.deepcopy(view["track"]["tiles"][0])
    changes = []
    one = copy.deepcopy(view)
    one["posts"][0]["venture"] = tile
    changes.append(one)
    two = copy.deepcopy(view)
    two["posts"][0]["follower"] = {"seat": 1, "type": "rus"}
    changes.append(two)
    three = copy.deepcopy(view)
    three["regions"][0]["longships"] = [2]
    changes.append(three)
    four = copy.deepcopy(view)
    four["track"]["tiles"][0] = None
    changes.append(four)
    five = copy.deepcopy(view)
    five["conditions"][0]["met"] = [0]
    changes.append(five)
    six = copy.deepcopy(view)
    six["seats"][2]["longships"][0]["exhausted"] = True
    changes.append(six)
    seven = copy.deepcopy(view)
    seven["turn"]["used"] = ["invest"]
    changes.append(seven)
    pictures = {board_png(v, names=names) for v in changes}
    assert plain not in pictures and len(pictures) == len(changes)


def test_trade_vote_and_end_are_drawn() -> None:
    """States with a TRADE offer, an ALTHING vote and the end of the game, from real games."""
    seen = set()
    for players in (2, 3, 4, 5, 6):
        for seed in (1, 2, 3):
            for state in playout(players, seed):
                view = PAX.view(state, None)
                kind = (
                    "offer"
                    if view["offer"]
                    else "althing"
                    if view["althing"]
                    else "over"
                    if view["over"]
                    else None
                )
                if kind and kind not in seen:
                    seen.add(kind)
                    check_board(view, NAMES[:players])
                    for seat in range(players):
                        pngcheck.check_hand(PAX.view(state, seat), NAMES[:players], seat)
    assert {"offer", "over"} <= seen


def test_long_strange_and_missing_names() -> None:
    for players in (2, 6):
        state = picked(players, seed=6)[2]
        check_board(PAX.view(state, None), LONG_NAMES[:players])
        check_board(PAX.view(state, None), [])
        pngcheck.check_hand(PAX.view(state, 0), LONG_NAMES[:players], 0)
        pngcheck.check_hand(PAX.view(state, 1), [], 1)


@pytest.mark.parametrize("players", [2, 4, 6])
def test_kept_map_draws_the_same_picture_as_a_full_drawing(players: int) -> None:
    """The map kept from an earlier board, with only what stands on it drawn again, is
    pixel for pixel the map drawn from nothing (DUCHIES, Longships in regions, Followers,
    Ventures, HOME owners all changing along the game)."""
    from render.common import cache

    names = NAMES[:players]
    views = [PAX.view(state, None) for state in picked(players, seed=7, count=8)]
    duchy = copy.deepcopy(views[-1])
    duchy["regions"][0]["duchy"] = [0, 1]
    duchy["regions"][0]["longships"] = [1, 1, 0]
    for view in [*views, duchy]:
        height = pax_map.map_height(view, 24, 1256) + 20
        full = Image.new("RGB", (1280, height), pax_map.BG)
        kept = full.copy()
        pax_map._draw_columns(full, view, 10, 24, 1256, names, kept=False)
        pax_map.draw_map(kept, view, 10, 24, 1256, names)
        assert ImageChops.difference(full, kept).getbbox() is None
    assert len(cache.backdrops.items) >= 1


# The shortcuts of drawing a board (render.common.stamps):
# each must give the pixels of painting in place with draw_text.

PLACES = [(200, 100), (201, 100), (200, 101), (201, 101)]  # every parity of a place


def _pieces() -> list[Callable[[Image.Image, int, int], object]]:
    """Parts of a board drawn at (x, y) on a panel of the PANEL colour: from stamps,
    except while recording (then painted in place)."""
    from render.common import PANEL
    from render.pax import board, jarls, style, tiles, track

    view = PAX.view(playout(4, 1)[0], None)
    tile = view["track"]["tiles"][0]
    seat = copy.deepcopy(view["seats"][1])
    seat["longships"][1]["exhausted"] = True
    god = {"kind": "god", "name": "Odin the Far-Seeing", "follower": "sweden"}
    return [
        lambda im, x, y: style.tag(im, x, y, "DUCHY", 13, (200, 40, 40), right=True, ground=PANEL),
        lambda im, x, y: style.tag(im, x + 0.5, y, "12 Silfr", 15, (214, 170, 60), ground=PANEL),
        lambda im, x, y: style.follower_badge(im, (x, y), "rus", 18, (30, 90, 200), ground=PANEL),
        lambda im, x, y: style.follower_badge(im, (x, y), "sweden", 22, ground=PANEL),
        lambda im, x, y: style.seat_pip(im, view, 1, (x, y), 26, ground=PANEL),
        lambda im, x, y: style.label(im, x, y, "Influence", PANEL),
        lambda im, x, y: jarls._pill(im, x, y, 110, "journey", True),
        lambda im, x, y: jarls._pill(im, x, y, 110, "invest", False),
        lambda im, x, y: jarls._ships(im, view, seat, (200, 60, 40), (x, x + 600), y),
        lambda im, x, y: jarls._chip(im, x, y, 180, god),
        lambda im, x, y: tiles.draw_tile(
            im, tile, (x, y, x + 190, y + 143), text_size=15, lines=4, ground=PANEL
        ),
        lambda im, x, y: track._pile(im, (x, y, x + 120, y + 180), "17"),
        lambda im, x, y: track._empty(im, (x, y, x + 190, y + 143)),
        lambda im, x, y: board._actions_left(im, (x, y), PANEL, "2 actions left", 200),
    ]


def test_parts_from_stamps_are_the_parts_painted_in_place() -> None:
    """Tags, Followers, pips, action markers, Longships, a card, the pile: at every parity
    of their place, the pixels (and the far edge returned) of painting them in place."""
    from render.common import PANEL, recording, stamps

    stamps.cache.cache_clear()
    for n, draw in enumerate(_pieces()):
        for x, y in PLACES:
            painted = Image.new("RGB", (900, 400), PANEL)
            with recording():
                edge = draw(painted, x, y)
            for _ in range(2):  # made, then pasted
                pasted = Image.new("RGB", (900, 400), PANEL)
                assert draw(pasted, x, y) == edge
                assert pasted.tobytes() == painted.tobytes(), (n, x, y)
    assert all(made.steps for made in stamps.cache.items.values())  # stamps, not painted in place


def test_pax_stamps_keep_to_the_bound() -> None:
    """Pax's stamps go to the shared cache and stay within its bound."""
    from render.common import stamps

    names = NAMES[:3]
    stamps.cache.cache_clear()
    for state in picked(3, seed=4):
        board_png(PAX.view(state, None), names=names)
    assert 0 < stamps.cache.held <= stamps.LIMIT


@pytest.mark.parametrize("players", [2, 3, 6])
def test_boards_drawn_while_recording_are_the_boards_drawn_from_stamps(players: int) -> None:
    """While the layout test records, every part is painted in place, the map drawn whole
    and every line drawn by draw_text: the same boards as from stamps, kept maps and lines
    drawn word by word, the first time (stamps made) and the second (pasted)."""
    from render.common import cache, recording, stamps

    names = ["Astrid", "Bjørn Ironside", "Святослав", "Ulf", "Æðelflǣd 🛡", "Sigrid"][:players]
    views = [PAX.view(state, None) for state in picked(players, seed=9, count=6)]
    stamps.cache.cache_clear()
    cache.backdrops.cache_clear()
    with recording():
        painted = [board_png(v, names=names) for v in views]
    assert [board_png(v, names=names) for v in views] == painted
    assert [board_png(v, names=names) for v in views] == painted


def test_the_althing_line_names_the_voter_and_the_earlier_votes() -> None:
    """The ALTHING votes in turn order from the caller: the board says who votes now and how
    the earlier voters voted (issue 30)."""
    from render.pax.board import _status
    from tests.games.pax_support import act, table

    state = table(4)
    state["current"] = 2
    state["seats"][2]["hand"] = ["E01"]
    state = act(state, 2, "play E01 resolve", "vote yes")
    state = act(state, 3, "vote no")
    view = PAX.view(state, None)
    assert _status(view, NAMES[:4]).endswith("ALTHING: Astrid votes now; Святослав for, Ulf against")
    check_board(view, NAMES[:4])


@pytest.mark.parametrize("ground", [None, (64, 70, 84)])
def test_an_owned_followers_ring_shows_even_in_its_own_colour(ground: tuple[int, int, int] | None) -> None:
    """A yellow seat's Sweden Follower (both yellow): the seat's ring is kept apart from the
    square by a dark line, so it reads as a ring and not as a bigger square."""
    from render.common.style import contrast
    from render.pax.style import FOLLOWER_COLORS, RING, SEAT_COLORS, follower_badge

    yellow = SEAT_COLORS["yellow"]
    im = Image.new("RGB", (60, 60), (64, 70, 84))
    width = follower_badge(im, (20, 20), "sweden", 18, yellow, ground=ground)
    assert width == 18 + 2 * RING
    middle = 20 + 9
    ring, gap, square = (
        im.getpixel((20 - 3, middle)),
        im.getpixel((20 - 1, middle)),
        im.getpixel((25, middle)),
    )
    assert ring == yellow and square == FOLLOWER_COLORS["sweden"]
    assert contrast(gap, yellow) >= 3 and contrast(gap, FOLLOWER_COLORS["sweden"]) >= 3
