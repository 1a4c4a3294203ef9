"""The picture details issue 8 asked for, checked on what the renderers draw.

Texts are read back through ``render.common.recording`` (each text, its font size and the
panel it was drawn in), so the checks follow the drawing rather than its pixels.
"""

from __future__ import annotations

import copy
import random
from collections import Counter
from collections.abc import Callable
from functools import partial
from typing import Any

import pytest

import games
import render
from games.saga.data import ABILITIES
from games.volga.data import distinct_rotations, rivers
from render.common import Placed, recording
from render.knarr.market import take_prices
from render.saga.style import leader_code
from render.volga.market import _contract_groups, _contract_rows, city_contracts_card, price_card, rotations
from tests.render import saga_views, sample_views, volga_views

NAMES = ["Astrid", "Bjørn", "Святослав", "Ulf", "Freydis"]
PHONE = 400 / 1280  # a board shown on a phone
READABLE = 12.5  # px on the phone: the headline and the scores are at least this


def texts(draw: Callable[[], bytes | None]) -> list[Placed]:
    with recording() as record:
        assert draw() is not None
    (_, placed), *_ = record.pictures()
    return placed


# --- phone --------------------------------------------------------------------------------


def _scores(game: str, view: dict[str, Any]) -> dict[str, str]:
    """Panel name -> the score drawn in it."""
    if game == "saga":
        return {f"{side} panel": str(view["coins"][side]) for side in ("viking", "anglo")}
    key = "score" if game == "knarr" else "rubles"
    return {f"seat {s['seat']}": str(s[key]) for s in view["seats"]}


SAMPLES = (
    [("knarr", name, view) for name, view in sample_views.all_views().items()]
    + [("volga", name, view) for name, view in volga_views.all_views().items()]
    + [("saga", name, view) for name, view in saga_views.all_views().items()]
)


@pytest.mark.parametrize(("game", "name", "view"), SAMPLES, ids=[f"{g}-{n}" for g, n, _ in SAMPLES])
def test_headline_and_scores_read_on_a_phone(game: str, name: str, view: dict[str, Any]) -> None:
    placed = texts(partial(render.board_png, view, names=NAMES))
    header = [p for p in placed if p.panel == "header"]
    if view.get("over"):
        headline = [p for p in header if "wins" in p.text or "Game over" in p.text]
    else:
        headline = [p for p in header if str(view["prompt"]) in p.text]
    assert headline, f"no headline in {[p.text for p in header]}"
    assert max(p.size for p in headline) * PHONE >= READABLE
    for panel, score in _scores(game, view).items():
        drawn = [p for p in placed if p.panel == panel and p.text == score]
        assert drawn, f"{panel}: score {score} not drawn"
        assert max(p.size for p in drawn) * PHONE >= READABLE


# --- Knarr --------------------------------------------------------------------------------


def _take_view(artifacts: list[str], greens: int) -> dict[str, Any]:
    view = sample_views.two_player_mid()
    view.update(phase="take", to_act=[0], prompt="choose a Viking to take")
    view["options"] = {"ship": "normal", "artifacts": artifacts}
    view["seats"][0]["crew"]["green"] = [sample_views.viking("V27")] * greens
    view["vikings"]["green"] = sample_views.viking("V28")
    view["log"] = [
        {"seat": 0, "text": "recruits a green Viking (V27)"},
        {"seat": 0, "text": "gains 1 VP from the Silver Coin"},
    ]
    return view


def test_the_free_slot_is_marked_at_the_take_step() -> None:
    view = _take_view([], 1)
    prices = take_prices(view)
    filled = [c for c, card in view["vikings"].items() if card]
    assert prices == {c: "free" if c == "green" else "1 recruit" for c in filled}
    drawn = [p.text for p in texts(partial(render.board_png, view, names=NAMES))]
    assert drawn.count("FREE") == 1 and drawn.count("1 recruit") == len(filled) - 1
    assert take_prices({**view, "phase": "action"}) == {}


def test_with_the_cauldron_a_second_recruit_makes_every_slot_free() -> None:
    assert set(take_prices(_take_view(["cauldron"], 2)).values()) == {"free"}
    assert set(take_prices(_take_view(["cauldron"], 3)).values()) == {"free", "1 recruit"}


def _paying_state() -> tuple[Any, int]:
    knarr = games.get("knarr")
    for seed in range(1, 40):
        state = knarr.setup(seed, 3, None)
        rng = random.Random(seed)
        for _ in range(400):
            seat = knarr.to_act(state)[0]
            view = knarr.view(state, None)
            if (view.get("pending") or {}).get("paid"):
                return state, seat
            actions = knarr.legal_actions(state, seat)
            busy = [a for a in actions if not a.startswith(("end", "skip", "cancel", "pass"))]
            state = knarr.apply(state, seat, rng.choice(busy or actions))
            if knarr.outcome(state) is not None:
                break
    raise AssertionError("no playout reached a payment")


def test_a_card_being_paid_is_not_also_drawn_in_the_crew() -> None:
    state, seat = _paying_state()
    view = games.get("knarr").view(state, None)
    crew = view["seats"][seat]["crew"]
    paid = Counter(card["color"] for card in view["pending"]["paid"])
    colors = ("red", "yellow", "green", "blue", "purple")
    # the view still lists the paid cards in the crew: the picture must leave them out
    assert all(card["id"] in {c["id"] for c in crew[card["color"]]} for card in view["pending"]["paid"])
    placed = texts(partial(render.board_png, view, names=NAMES))
    counts = [p.text for p in placed if p.panel == f"seat {seat}" and p.size == 20]
    assert counts == [str(len(crew[c]) - paid[c]) for c in colors]


def test_recent_moves_and_the_key_at_every_player_count() -> None:
    for view in sample_views.all_views().values():
        panels = {p.panel for p in texts(partial(render.board_png, view, names=NAMES))}
        assert {"recent moves", "key"} <= panels, view["players"]


def test_the_board_height_is_bounded() -> None:
    view = sample_views.four_player_mid()
    every = [f"V{n:02d}" for n in range(1, 61) if f"V{n:02d}" in sample_views._VIKINGS]
    lands = [d for d in sample_views._DESTINATIONS if d.startswith("A")][:16]
    for index in range(4):
        view["seats"][index] = sample_views.seat(
            index,
            score=30,
            reputation=10,
            recruits=3,
            bracelets=3,
            crew=every,
            explored=lands,
            reserved=lands[:2],
        )
    data = render.board_png(view, names=NAMES)
    height = int.from_bytes(data[20:24], "big")
    assert height <= 2000
    drawn = [p.text for p in texts(partial(render.board_png, view, names=NAMES))]
    assert any("older lands not shown" in t for t in drawn)


def test_seat_colours_differ_clearly() -> None:
    from render.knarr.style import SHIPS

    hulls = [hull for hull, _ in SHIPS]
    for i, a in enumerate(hulls):
        for b in hulls[i + 1 :]:
            assert sum(abs(x - y) for x, y in zip(a, b, strict=True)) > 150, (a, b)
        # and none is lost on the navy background
        assert sum(a) > 300


# --- Volga --------------------------------------------------------------------------------


def test_contracts_of_one_city_are_counted_and_fit() -> None:
    view = volga_views.five_player_mid()
    view["contracts"] = [volga_views.contract(g, "kiev") for g in ("fish", "fish", "furs", "amber", "amber")]
    view["contracts"] += [volga_views.contract("fish", c) for c in ("minsk", "pskov", "itil")]
    groups = dict(_contract_groups(view))
    assert groups["kiev"] == (("amber", 2), ("fish", 2), ("furs", 1))
    assert sum(n for goods in groups.values() for _, n in goods) == len(view["contracts"])
    width = 420
    for row in _contract_rows(view, width):
        assert sum(w for _, _, w in row) + 6 * (len(row) - 1) <= width
    city_contracts_card.cache_clear()  # a cached sprite is drawn once: draw it again here
    with recording() as record:
        render.board_png(view, names=NAMES)
    assert [p.text for p in record.texts].count("x2") == 2


def test_the_rotation_previews_match_the_rules() -> None:
    for tile in (f"T{n:02d}" for n in range(1, 25)):
        expected = [(r * 90, tuple(sorted(rivers(tile, r)))) for r in distinct_rotations(tile)]
        assert rotations({"rivers": rivers(tile, 0)}) == expected


def test_the_build_phase_previews_each_rotation() -> None:
    view = volga_views.two_player_build()
    assert view.get("spot") and view.get("drawn_tile")
    drawn = [p.text for p in texts(partial(render.board_png, view, names=NAMES))]
    previews = [t for t in drawn if t.startswith("rotate ")]
    assert previews == [f"rotate {d}" for d, _ in rotations(view["drawn_tile"])]
    assert len(previews) > 1


def test_later_prices_are_drawn() -> None:
    view = volga_views.two_player_mid()
    circles = view["price"]["circles"]
    price_card.cache_clear()  # a cached sprite is drawn once: draw it again here
    with recording() as record:
        render.board_png(view, names=NAMES)
    drawn = {p.text for p in record.texts}  # the price card is a sprite: all images count
    assert {str(c) for c in circles} <= drawn


# --- Saga ---------------------------------------------------------------------------------


def test_leader_initials_are_unique() -> None:
    codes = [leader_code(a["name"]) for a in ABILITIES.values()]
    assert len(codes) == len(set(codes))


def test_the_map_shows_initials_and_the_side_panel_the_names() -> None:
    view = saga_views.combat()
    placed = texts(partial(render.board_png, view, names=NAMES))
    on_map = [p.text for p in placed if p.panel == "map"]
    assert "SB" in on_map and "Siege-Breaker" not in on_map
    viking = " ".join(p.text for p in placed if p.panel == "viking panel")
    assert "SB Siege-Breaker" in viking


def test_the_combat_panel_shows_strength_so_far_and_what_abilities_do() -> None:
    view = copy.deepcopy(saga_views.combat())
    view["combat"].update(step="reveal", turn="anglo", strength=None, winner=None)
    view["combat"]["passed"] = {"viking": False, "anglo": False}
    placed = [p for p in texts(partial(render.board_png, view, names=NAMES)) if p.panel == "combat"]
    drawn = [p.text for p in placed]
    assert "?" not in drawn
    # Essex: Vikings 3 warriors, Siege-Breaker (2 with the Stronghold), a hidden leader (1);
    # Anglo-Saxons 2 warriors and the Silver Envoy (1)
    big = [p.text for p in placed if p.size == 34]
    assert big == ["6", "3"]
    joined = " ".join(drawn)
    assert "Strength 2 in an area with a" in joined and "so far" in joined
