"""Pax Viking: every verb of the effect vocabulary, and the data written in it."""

from __future__ import annotations

import pytest

from games.pax import board, data, effects
from tests.games.pax_support import act, follower, ship, table, texts, venture


def run(state: dict, seat: int, effect: dict, post: str | None = None) -> None:
    effects.run(state, seat, [effect], post)


def test_gain() -> None:
    state = table()
    run(state, 0, {"do": "gain", "silfr": 3})
    assert state["seats"][0]["silfr"] == 13 and texts(state) == ["GAINS 3 Silfr"]


@pytest.mark.parametrize(
    ("per", "expected"), [("sweden", 2), ("rus", 1), ("types", 2), ("trade_centers", 1), ("longships", 1)]
)
def test_gain_per(per: str, expected: int) -> None:
    state = table()
    venture(state, "sigtuna", "V01", 0)
    follower(state, "visby", 0, "sweden")
    state["seats"][0]["advocates"] = ["A06"]  # a RUS Follower on the Jarlboard
    state["seats"][0]["supply"]["rus"] -= 1
    ship(state, 0, "bothnia")
    run(state, 0, {"do": "gain_per", "per": per})
    assert state["seats"][0]["silfr"] == 10 + expected


def test_draw_takes_from_the_top_of_the_saga_pile() -> None:
    state = table()
    top = state["pile"][-2:]
    run(state, 0, {"do": "draw", "n": 2})
    assert state["seats"][0]["hand"] == top[::-1] and texts(state) == ["DRAWS 2 tiles"]


def test_gain_tile_from_the_track_then_the_discard_pile() -> None:
    state = table()
    state["track"] = ["E04", "G03", None, None, None]
    state["discard"] = ["G01", "A04"]
    run(state, 0, {"do": "gain_tile", "kind": "god"})
    run(state, 0, {"do": "gain_tile", "kind": "god"})
    run(state, 0, {"do": "gain_tile", "kind": "venture"})  # none AVAILABLE: nothing
    assert state["seats"][0]["hand"] == ["G03", "G01"] and state["discard"] == ["A04"]


def test_return_rival_longships_in_the_region() -> None:
    state = table()
    ship(state, 0, "ribe")
    ship(state, 1, "hedeby")
    ship(state, 1, "kattegat")
    run(state, 0, {"do": "return", "where": "region"}, "ribe")  # Jutland
    assert [s["at"] for s in state["seats"][1]["ships"][:2]] == [None, "kattegat"]
    assert state["seats"][0]["ships"][0]["at"] == "ribe"
    run(state, 0, {"do": "return", "where": "kattegat"})
    assert state["seats"][1]["ships"][1]["at"] is None


def test_return_all_hits_every_player() -> None:
    state = table()
    ship(state, 0, "sigtuna")
    ship(state, 1, "gotland_sea")
    ship(state, 1, "dnieper")
    run(state, 0, {"do": "return_all", "where": "north"})
    assert board.ships_at(state, "sigtuna") == [] and board.ships_at(state, "gotland_sea") == []
    assert board.ships_at(state, "dnieper") == [1]


def test_establish_for_free_where_alone() -> None:
    state = table()
    venture(state, "cherson", "V28", 1)
    venture(state, "kaenugard", "V27")
    ship(state, 0, "cherson")
    ship(state, 0, "kaenugard")
    ship(state, 0, "gnezdovo")  # no tile there: nothing to ESTABLISH
    run(state, 0, {"do": "establish", "where": "south"})
    assert state["posts"]["cherson"]["follower"] == [0, "sweden"]
    assert state["posts"]["kaenugard"]["follower"] == [0, "jarldom"]
    assert state["seats"][0]["silfr"] == 10


def test_place_a_longship_on_the_emptiest_post() -> None:
    state = table()
    ship(state, 1, "hogland")
    run(state, 0, {"do": "place", "where": "finland_gulf"})
    assert board.ships_at(state, "hogland") == [0, 1]  # the only post there
    run(state, 0, {"do": "place", "where": "east"})
    assert board.ships_at(state, "aldeigja") == [0]


def test_copy_a_rival_activate_ability() -> None:
    state = table()
    venture(state, "ribe", "V11", 0)  # Ribe Market: COPY
    venture(state, "hedeby", "V09", 1)  # (as if) a GAIN 2 Venture in Jutland
    run(state, 0, {"do": "copy"}, "ribe")
    assert state["seats"][0]["silfr"] == 12 and "COPIES Laeso Saltworks (V09)" in texts(state)
    state = table()
    venture(state, "rostov", "V20", 1)  # GAIN 3, far away: only an off-map COPY reaches it
    run(state, 0, {"do": "copy"}, "ribe")
    assert state["seats"][0]["silfr"] == 10
    run(state, 0, {"do": "copy"}, None)
    assert state["seats"][0]["silfr"] == 13


def test_duchy_from_an_ability() -> None:
    state = table()
    run(state, 0, {"do": "duchy"}, "sarkel")
    assert state["seats"][0]["homes"] == ["uppsala", "khazaria"] and board.duchies(state, 0) == 1


def test_unexhaust_and_refresh() -> None:
    state = table()
    state["seats"][0]["ships"][0]["exhausted"] = True
    run(state, 0, {"do": "unexhaust"})
    assert not state["seats"][0]["ships"][0]["exhausted"]
    state["track"] = [None, "E04", None, None, None]
    run(state, 0, {"do": "refresh"})
    assert state["track"][0] == "E04" and None not in state["track"]


def test_all_gain_all_draw_and_rivals_pay() -> None:
    state = table(3)
    state["seats"][2]["silfr"] = 0
    run(state, 1, {"do": "all_gain", "silfr": 2})
    assert [p["silfr"] for p in state["seats"]] == [12, 12, 2]
    run(state, 1, {"do": "all_draw", "n": 1})
    assert [len(p["hand"]) for p in state["seats"]] == [1, 1, 1]
    state["seats"][2]["silfr"] = 0
    run(state, 1, {"do": "rivals_pay", "silfr": 1})
    assert [p["silfr"] for p in state["seats"]] == [11, 12, 0]


@pytest.mark.parametrize("verb", ["hand_limit", "steps", "strength", "discount"])
def test_lasting_abilities_add_up(verb: str) -> None:
    state = table(jarls=("tosti", "sigrid"))
    assert effects.lasting(state, 0, verb) == 0
    state["seats"][0]["gods"] = ["G01", "G02", "G05", "G15"]  # Odin, Thor, Njord, Aegir
    assert effects.lasting(state, 0, verb) == 1
    run(state, 0, {"do": verb, "n": 5})  # lasting verbs do nothing when run
    assert state["seats"][0]["silfr"] == 10


def test_when_fires_on_the_named_action_only() -> None:
    state = table(jarls=("erik", "sigrid"))  # when you PLAY: GAIN 1
    effects.when(state, 0, "invest")
    assert state["seats"][0]["silfr"] == 10
    effects.when(state, 0, "play")
    effects.when(state, 0, "play")  # a Jarl's ability is not ONCE
    assert state["seats"][0]["silfr"] == 12


def test_solstice_trigger() -> None:
    state = table()
    venture(state, "kalmar", "V07", 0)  # Gotland Farmers: Winter Solstice GAIN 1
    effects.solstice(state, 0)
    assert state["seats"][0]["silfr"] == 11


def test_every_ability_in_the_data_is_vocabulary() -> None:
    abilities = [t["effects"] for t in data.TILES.values()]
    abilities += [j["ability"] for j in data.JARLS.values()]
    abilities += [p["ability"] for p in data.POSTS.values() if "ability" in p]
    for ability in abilities:
        text = effects.describe(ability)
        assert text and any(word.isupper() and len(word) > 2 for word in text.split()), text
        for effect in ability:
            for key in ("where",):
                if key in effect:
                    assert effect[key] in effects.known_ids()
    for tile in data.TILES.values():
        assert tile["location"] is None or tile["location"] in {*data.REGIONS, *data.WINDS}
        assert tile["follower"] in (None, *data.FOLLOWERS)


def test_unknown_effect_is_an_error() -> None:
    with pytest.raises(ValueError):
        effects.describe([{"do": "fly"}])
    with pytest.raises(ValueError):
        run(table(), 0, {"do": "fly"})


# --- designed content that must be able to work (issue 30) ---------------------------------


def test_ribe_market_copies_a_rival_venture_elsewhere_in_the_west() -> None:
    """Ribe is the only post of Jutland a Venture can stand on, so Ribe Market COPIES a
    RIVAL Venture anywhere in its WIND."""
    state = table()
    venture(state, "ribe", "V11", 0)
    venture(state, "laeso", "V09", 1)  # Laeso Saltworks, Kattegat: GAIN 2 Silfr
    ship(state, 0, "ribe")
    state = act(state, 0, "activate ribe")
    assert state["seats"][0]["silfr"] == 12 and "COPIES Laeso Saltworks (V09)" in texts(state)


def test_silver_road_copies_a_rival_venture_elsewhere_in_the_east() -> None:
    """Every East REGION has one post a Venture can stand on, so Silver Road COPIES a RIVAL
    Venture anywhere in the EAST."""
    state = table()
    venture(state, "rostov", "V24", 0)
    venture(state, "abaskun", "V23", 1)  # Abaskun Caravan, Caspian Sea: GAIN 2 Silfr, DRAW 1
    ship(state, 0, "rostov")
    state = act(state, 0, "activate rostov")
    assert state["seats"][0]["silfr"] == 12 and len(state["seats"][0]["hand"]) == 1


def _venture_posts(tile: str) -> list[str]:
    return [p for p in data.posts_in(data.TILES[tile]["location"]) if data.POSTS[p]["kind"] == "empty"]


def test_every_copy_on_the_map_can_find_a_rival_venture() -> None:
    """Wherever a COPY Venture stands, another post in the COPY's reach can hold a RIVAL
    Venture with an ACTIVATE ability that is not a COPY itself."""
    copyable = [
        t
        for t, d in data.TILES.items()
        if d["kind"] == "venture"
        and d["trigger"] == "activate"
        and not any(e["do"] == "copy" for e in d["effects"])
    ]
    for tile, tile_data in data.TILES.items():
        copies = [e for e in tile_data["effects"] if e["do"] == "copy"]
        if tile_data["kind"] != "venture" or not copies:
            continue
        for post in _venture_posts(tile):
            where = copies[0].get("where", "region")
            reach = data.region_of(post) if where in ("region", "here") else where
            others = {p for t in copyable for p in _venture_posts(t) if data.in_location(p, reach)}
            assert others - {post}, f"{tile} at {post} can never COPY anything"
