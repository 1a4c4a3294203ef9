"""The Volga pictures: valid, small, deterministic PNGs that show only what the view holds."""

from __future__ import annotations

import copy
import random
from functools import partial
from typing import Any

import pytest
from PIL import Image

import render
from render import board_png, hand_png
from tests.render import pngcheck
from tests.render import volga_views as vv
from tests.render.pngcheck import check_hand

HIDDEN = [("amber", "kiev"), ("furs", "chernigov"), ("fish", "itil")]


def check_board(view: dict[str, Any], names: list[str]) -> Image.Image:
    return pngcheck.check_board(view, names, (500, 1600))


# --- hand-built views -------------------------------------------------------------------


def test_volga_is_supported() -> None:
    assert "volga" in render.supported()


@pytest.mark.parametrize("name", sorted(vv.all_views()))
def test_board_of_every_sample_is_a_small_png(name: str) -> None:
    check_board(vv.all_views()[name], vv.NAMES)


@pytest.mark.parametrize("name", sorted(vv.all_views()))
def test_board_is_deterministic(name: str) -> None:
    view = vv.all_views()[name]
    assert board_png(view, names=vv.NAMES) == board_png(copy.deepcopy(view), names=vv.NAMES)


@pytest.mark.parametrize("name", sorted(vv.all_views()))
def test_board_ignores_the_private_part(name: str) -> None:
    """No hidden contract reaches the public board: its bytes do not depend on them."""
    view = vv.all_views()[name]
    public = board_png(view, names=vv.NAMES)
    first = vv.with_private(view, 0, HIDDEN, drawn=[("fish", "rostov"), ("furs", "bulgar")])
    second = vv.with_private(view, 0, [("fish", "pskov")], offered=[("amber", "polotsk")])
    empty = vv.with_private(view, 1, [])
    for seen in (first, second, empty):
        assert board_png(seen, names=vv.NAMES) == public


@pytest.mark.parametrize("name", sorted(vv.all_views()))
def test_hand_of_every_seat(name: str) -> None:
    view = vv.all_views()[name]
    for seat in range(view["players"]):
        check_hand(vv.with_private(view, seat, HIDDEN[: seat % 3 + 1]), vv.NAMES, seat)


def test_hand_is_none_for_a_public_view() -> None:
    for view in vv.all_views().values():
        assert hand_png(view, names=vv.NAMES) is None
        assert hand_png(view, names=vv.NAMES, seat=0) is None


def test_hand_is_deterministic_and_shows_the_contracts() -> None:
    view = vv.five_player_mid()
    first = vv.with_private(view, 3, HIDDEN)
    other = vv.with_private(view, 3, [("amber", "kiev"), ("furs", "chernigov"), ("fish", "bulgar")])
    data = hand_png(first, names=vv.NAMES, seat=3)
    assert data == hand_png(copy.deepcopy(first), names=vv.NAMES, seat=3)
    assert data != hand_png(other, names=vv.NAMES, seat=3)
    # the view says whose it is, so the seat argument may be left out
    assert hand_png(first, names=vv.NAMES) == data


def test_hand_sections_drawn_and_offered() -> None:
    view = vv.five_player_mid()
    plain = check_hand(vv.with_private(view, 0, HIDDEN[:2]), vv.NAMES, 0)
    drawn = check_hand(
        vv.with_private(view, 0, HIDDEN[:2], drawn=[("fish", "rostov"), ("furs", "bulgar")]), vv.NAMES, 0
    )
    offered = check_hand(vv.with_private(view, 0, HIDDEN[:2], offered=[("amber", "kiev")]), vv.NAMES, 0)
    assert drawn.height > plain.height
    assert offered.height > plain.height
    check_hand(vv.with_private(view, 0, []), vv.NAMES, 0)
    many = [(g, c) for g in ("amber", "fish", "furs") for c in ("kiev", "pskov", "itil", "bulgar")]
    check_hand(vv.with_private(view, 0, many), vv.NAMES, 0)


def test_hand_without_a_seat_draws_the_contracts_alone() -> None:
    seen = vv.with_private(vv.two_player_mid(), 1, HIDDEN)
    with_panel = check_hand(seen, vv.NAMES, 1)
    seen["seat"] = None
    alone = check_hand(seen, vv.NAMES, None)
    assert alone.height < with_panel.height


def test_long_strange_and_missing_names() -> None:
    for view in vv.all_views().values():
        check_board(view, vv.LONG_NAMES)
        check_board(view, [])
        check_hand(vv.with_private(view, 0, HIDDEN), vv.LONG_NAMES, 0)
        check_hand(vv.with_private(view, 1, HIDDEN), [], 1)


def test_two_players_sharing_an_initial() -> None:
    view = vv.two_player_mid()
    assert board_png(view, names=["Arne", "Astrid"]) != board_png(view, names=["Arne", "Bjorn"])
    check_board(view, ["Arne", "Astrid"])


def test_the_outcome_is_drawn() -> None:
    view = vv.five_player_end()
    check_board(view, vv.NAMES)
    other = copy.deepcopy(view)
    other["outcome"]["winners"] = [2]
    assert board_png(view, names=vv.NAMES) != board_png(other, names=vv.NAMES)


def test_public_things_change_the_board() -> None:
    view = vv.five_player_mid()
    public = board_png(view, names=vv.NAMES)
    for change in (
        lambda v: v["seats"][1].update(rubles=9),
        lambda v: v["seats"][1].update(hidden_contracts=4),
        lambda v: v["seats"][1].update(ship="large", capacity=None),
        lambda v: v["ships"][1].update(size="large"),
        lambda v: v.update(horde=vv.tile_of("kiev")),
        lambda v: v["contracts"].pop(),
        lambda v: v.update(offer=None),
        lambda v: v["offer"].update(sent=False),
    ):
        changed = copy.deepcopy(view)
        change(changed)
        assert board_png(changed, names=vv.NAMES) != public


def test_odd_but_legal_shapes_do_not_crash() -> None:
    view = vv.five_player_mid()
    view["contracts"] = [vv.contract(g, c) for g in ("amber", "fish", "furs") for c in vv.CITIES]
    view["log"] = []
    view["to_act"] = [0, 2]
    view["seats"][0]["passes"] = list(vv.CITIES)
    view["seats"][1]["goods"] = {"amber": 12, "fish": 40, "furs": 7}
    view["seats"][1]["rubles"] = 129
    view["offer"] = {
        "from": 4,
        "to": 3,
        "sent": False,
        "give": {
            "rubles": 12,
            "goods": {"amber": 2, "fish": 1, "furs": 3},
            "passes": ["chernigov"],
            "contracts": 2,
        },
        "ask": {"rubles": 3, "goods": {"fish": 1}, "passes": ["smolensk", "novgorod"], "contracts": 1},
    }
    # two pieces on one tile (no free tile to move to)
    view["prince"] = view["horde"]
    view["ships"][3]["tile"] = view["horde"]
    check_board(view, vv.LONG_NAMES)
    check_hand(vv.with_private(view, 0, HIDDEN), vv.LONG_NAMES, 0)


def test_a_long_thin_board_and_an_empty_one() -> None:
    view = vv.two_player_build()
    for i, tile in enumerate(view["tiles"]):
        tile["x"], tile["y"] = i - 4, -1
    view["spots"] = [[i - 4, 0] for i in range(len(view["tiles"]))]
    check_board(view, vv.NAMES)
    view["tiles"] = []
    view["spots"] = [[0, 0]]
    view["spot"] = None
    check_board(view, vv.NAMES)
    view["tiles"] = []
    view["spots"] = []
    view["drawn_tile"] = None
    check_board(view, vv.NAMES)


def test_unknown_game_is_refused() -> None:
    with pytest.raises(KeyError):
        board_png({"game": "chess"}, names=[])


# --- real views from games.volga -----------------------------------------------------------


def _real_states(players: int, seed: int, options: dict[str, str]) -> list[Any]:
    """States along a random game, every few steps, until it ends (or 500 steps)."""
    import games.volga as volga

    state = volga.setup(seed, players, options)
    rng = random.Random(seed)
    states = [state]
    for step in range(500):
        seats = volga.to_act(state)
        if not seats:
            break
        seat = rng.choice(seats)
        actions = volga.legal_actions(state, seat)
        # prefer doing something over ending the turn, so games move on
        busy = [a for a in actions if not a.startswith(("end", "decline", "cancel"))]
        state = volga.apply(state, seat, rng.choice(busy or actions))
        if step % 29 == 0:
            states.append(state)
    states.append(state)
    return states


@pytest.mark.parametrize(
    ("players", "seed", "options"),
    [(2, 1, {}), (3, 2, {"board": "build"}), (4, 3, {}), (5, 4, {"board": "build"}), (5, 5, {})],
)
def test_real_views(players: int, seed: int, options: dict[str, str]) -> None:
    import games.volga as volga

    names = vv.NAMES[:players]
    for state in _real_states(players, seed, options):
        public = volga.view(state, None)
        board = board_png(public, names=names)
        check_board(public, names)
        assert hand_png(public, names=names) is None
        for seat in range(players):
            seen = volga.view(state, seat)
            if seen["prompt"] == public["prompt"]:  # the prompt may speak to this seat
                assert board_png(seen, names=names) == board
            check_hand(seen, names, seat)


# --- drawing shortcuts: the same pixels -------------------------------------------------------


def test_the_key_pasted_is_the_key_painted_in_place() -> None:
    from render.common import BG
    from render.volga import market

    for y in (500, 501):  # a text centred on a half pixel lands by the parity of its place
        painted = Image.new("RGB", (1280, 700), BG)
        market._paint_key(painted, (844, y, 1264, y + market.KEY_H))
        for _ in range(2):  # painted on its tile once, then pasted
            pasted = Image.new("RGB", (1280, 700), BG)
            assert market._draw_key(pasted, 844, y, 420) == y + market.KEY_H
            assert pasted.tobytes() == painted.tobytes()


def test_the_tiles_are_kept_with_every_picture_within_its_bound() -> None:
    from render.common import cache
    from render.volga import map as volga_map

    pictures = cache.pictures
    for size in range(24, 137):
        for rivers in [(), ("N", "S"), ("E", "S"), ("N", "E", "W")]:
            assert volga_map.tile_image(size, rivers) is volga_map.tile_image(size, rivers)
            assert pictures.held <= pictures.limit
    assert pictures.held == sum(cache.picture_bytes(p) for p in pictures.items.values())
    assert any(key[0] is volga_map.tile_image.make for key in pictures.items)


@pytest.mark.parametrize("text", ["Kiev", "Chernigov", "Novgorod", "Sigríður", "Святослав", "Itil x2"])
def test_a_chip_pasted_is_the_chip_drawn_in_place(text: str) -> None:
    from render.common import BG, DARK, draw_text, text_width
    from render.common.canvas import canvas
    from render.volga import market

    w = text_width(text, 18, bold=True) + 16
    for x, y in [(40, 30), (41, 30), (40, 31), (41, 31)]:
        drawn = Image.new("RGB", (300, 80), BG)
        canvas(drawn).rounded_rectangle((x, y, x + w, y + 28), 14, fill=(214, 198, 160))
        draw_text(drawn, (x + w / 2, y + 14), text, 18, DARK, anchor="mm", bold=True)
        pasted = Image.new("RGB", (300, 80), BG)
        assert market.draw_chip(pasted, x, y, text, (214, 198, 160), DARK, BG) == x + w
        assert pasted.tobytes() == drawn.tobytes(), (text, x, y)


def test_the_table_is_the_tiles_pasted_and_their_ids_drawn() -> None:
    """Ids pasted from copies (on plain land) or drawn (where a river passes under them):
    the pixels of pasting every tile and drawing every id, at every size and parity."""
    from render.common import BG, PANEL_EDGE, draw_text
    from render.common.canvas import canvas
    from render.volga import map as volga_map

    rng = random.Random(5)
    shapes = [(), ("N", "S"), ("E", "W"), ("E", "S"), ("N", "E", "W"), ("N", "E", "S", "W")]
    for tile in [24, 31, 46, 63, 85, 99, 100, 136]:
        size = 16 if tile >= 100 else 14
        step = tile + volga_map.TILE_GAP
        tiles = [
            {"x": x, "y": y, "rivers": list(rng.choice(shapes)), "id": f"T{rng.randrange(1, 25):02d}"}
            for x in range(4)
            for y in range(3)
        ]
        for ox, oy in [(20, 30), (21, 30), (20, 31), (21, 31)]:
            box = (
                ox,
                oy,
                ox + 2 * volga_map.MAP_PAD + 4 * step - 4,
                oy + 2 * volga_map.MAP_PAD + 3 * step - 4,
            )
            ours = Image.new("RGB", (box[2] + 20, box[3] + 20), BG)
            volga_map._draw_table(ours, tiles, tile, 0, 0, box)
            drawn = Image.new("RGB", ours.size, BG)
            canvas(drawn).rounded_rectangle(box, 14, fill=volga_map.TABLE, outline=PANEL_EDGE, width=2)
            for x, y, rivers, tile_id in volga_map._in_order(tiles):
                tx, ty = ox + volga_map.MAP_PAD + x * step, oy + volga_map.MAP_PAD + y * step
                drawn.paste(volga_map.tile_image(tile, rivers), (tx, ty))
                draw_text(drawn, (tx + tile - 5, ty + 3), tile_id, size, (44, 58, 30), anchor="rt")
            assert ours.tobytes() == drawn.tobytes(), (tile, ox, oy)
    answers = volga_map._id_on_plain.cache_info()
    assert answers.currsize > 0


def test_a_panels_pieces_from_stamps_are_the_pieces_painted_in_place() -> None:
    """A good and its count, the face-down contracts: at every parity of their place, the
    pixels and the right edge of painting them in place (as while recording)."""
    from render.common import PANEL, recording, stamps
    from render.volga import panels

    pieces = [
        partial(panels._draw_good, good="fish", count=3),
        partial(panels._draw_good, good="amber", count=0),
        partial(panels._draw_hidden, hidden=12),
    ]
    stamps.cache.cache_clear()
    for draw in pieces:
        for x, y in [(200, 100), (201, 100), (200, 101), (201, 101)]:
            painted = Image.new("RGB", (400, 200), PANEL)
            with recording():
                right = draw(painted, x, y)
            for _ in range(2):  # made, then pasted
                pasted = Image.new("RGB", (400, 200), PANEL)
                assert draw(pasted, x, y) == right
                assert pasted.tobytes() == painted.tobytes(), (draw, x, y)
    assert all(made.steps for made in stamps.cache.items.values())  # stamps, not painted in place


def _forget_kept_copies() -> None:
    from render.common import cache

    cache.forget()


def test_boards_drawn_while_recording_leave_nothing_wrong_behind() -> None:
    """While the layout test records, pieces are painted in place: what is kept then must
    be what would be kept otherwise (a tile's id on a river is not plain land)."""
    from render.common import recording

    views = [v for _, v in sorted(vv.all_views().items())]
    _forget_kept_copies()
    plain = [board_png(v, names=vv.NAMES) for v in views]
    _forget_kept_copies()
    with recording():
        assert [board_png(v, names=vv.NAMES) for v in views] == plain  # painted in place
    assert [board_png(v, names=vv.NAMES) for v in views] == plain
