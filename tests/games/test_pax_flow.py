"""Pax Viking's phase table, the one-press JOURNEY, typed printed names, refusals with
their reasons, and the score now (issues 31 to 33)."""

from __future__ import annotations

import random
import unicodedata

import pytest

from games import pax
from games.core import IllegalAction, State
from games.pax import names, rules
from games.pax.data import HOMES, POSTS, REGIONS, TILES, place_name, tile_name
from tests.games.pax_support import act, ship, table


def _playout(seed: int, players: int, steps: int) -> list[tuple[State, int]]:
    """(state, acting seat) along a seeded random game."""
    rng = random.Random(seed)
    state = pax.setup(seed, players)
    seen: list[tuple[State, int]] = []
    for _ in range(steps):
        acting = pax.to_act(state)
        if not acting:
            break
        seat = rng.choice(acting)
        seen.append((state, seat))
        state = pax.apply(state, seat, rng.choice(pax.legal_actions(state, seat)))
    return seen


def test_every_state_is_in_one_named_phase_of_the_table() -> None:
    for state, seat in _playout(3, 3, 300):
        phase = rules.phase_of(state)
        assert phase in rules.PHASES
        assert pax.prompt(state, seat) == rules.PHASES[phase].prompt(state, seat)
        assert pax.midway(state) == rules.PHASES[phase].midway


def test_a_journey_to_a_post_in_one_press_is_the_same_as_step_by_step() -> None:
    checked = 0
    for state, seat in _playout(5, 2, 250):
        legal = pax.legal_actions(state, seat)
        shortcuts = [a for a in legal if a.startswith("journey ") and not a.split()[1].isdigit()]
        for action in shortcuts[:3]:
            post = action.split()[1]
            number, route = pax.actions.journey_destinations(state, seat)[post]
            assert route and route[-1] == post
            label = pax.label(state, action)
            assert place_name(post) in label and len(label) <= 80
            stepwise = act(state, seat, f"journey {number}", *(f"step {p}" for p in route), "stop")
            assert pax.apply(state, seat, action) == stepwise
            checked += 1
    assert checked > 20


def test_a_journey_to_a_region_in_one_press_is_the_same_as_step_by_step() -> None:
    state = table()
    ship(state, 0, "gotland_sea")
    legal = pax.legal_actions(state, 0)
    regions = [a for a in legal if a.startswith("journey ") and a.split()[1] in REGIONS]
    assert "journey bothnia" in regions and len(regions) >= 3
    for action in regions:
        place = action.split()[1]
        assert REGIONS[place]["kind"] != "harbor", "a harbor REGION is land"
        number, route = pax.actions.journey_destinations(state, 0)[place]
        stepwise = act(state, 0, f"journey {number}", *(f"step {p}" for p in route), "stop")
        assert pax.apply(state, 0, action) == stepwise
        assert pax.label(state, action).startswith(f"JOURNEY to {place_name(place)}: Longship {number}")
    checked = 0
    for state, seat in _playout(8, 3, 300):
        for action in pax.legal_actions(state, seat):
            if action.startswith("journey ") and action.split()[1] in REGIONS:
                number, route = pax.actions.journey_destinations(state, seat)[action.split()[1]]
                stepwise = act(state, seat, f"journey {number}", *(f"step {p}" for p in route), "stop")
                assert pax.apply(state, seat, action) == stepwise
                checked += 1
                break
    assert checked > 10


def test_a_step_and_the_stop_in_one_press_is_the_same_as_both() -> None:
    checked = 0
    for state, seat in _playout(4, 2, 600):
        legal = pax.legal_actions(state, seat)
        for action in (a for a in legal if a.startswith("step ") and a.endswith(" stop")):
            place = action.split()[1]
            assert f"step {place}" in legal and place not in HOMES
            assert pax.apply(state, seat, action) == act(state, seat, f"step {place}", "stop")
            assert pax.label(state, action) == f"STEP to {place_name(place)} and stop the JOURNEY there"
            checked += 1
    assert checked > 20
    state = act(table(), 0, "journey 1", "step bothnia")
    assert "step skara stop" not in pax.legal_actions(state, 0)  # a STEP HOME stops by itself
    state = act(state, 0, "step gotland_sea", "step visby")
    assert not [a for a in pax.legal_actions(state, 0) if a.startswith("step ")]  # no STEP left


def test_two_discards_in_one_press_are_the_same_as_one_by_one() -> None:
    state = table()
    state["seats"][0]["hand"] = ["V09", "E09", "A10", "G01", "V20", "A04", "G14"]
    state = act(state, 0, "end")
    assert state["pending"]["count"] == 3
    legal = pax.legal_actions(state, 0)
    hand = state["seats"][0]["hand"]
    pairs = [a for a in legal if len(a.split()) == 3]
    assert legal[: len(hand)] == [f"discard {t}" for t in hand] and len(pairs) == 21
    for action in pairs:
        _, a, b = action.split()
        assert pax.apply(state, 0, action) == act(state, 0, f"discard {a}", f"discard {b}")
    assert pax.label(state, "discard E10 A01") == (
        "DISCARD Conversion of the North (E10) and Lawspeaker of Uppsala (A01)"
    )
    state = act(state, 0, "discard V09 E09")
    assert state["pending"]["count"] == 1
    assert pax.legal_actions(state, 0) == [f"discard {t}" for t in ["A10", "G01", "V20", "A04", "G14"]]
    with pytest.raises(IllegalAction):
        pax.apply(state, 0, "discard A10 G01")  # only one more to go
    state = act(state, 0, "discard A10")
    assert state["current"] == 1 and state["seats"][0]["hand"] == ["G01", "V20", "A04", "G14"]


def test_the_one_press_journey_takes_only_the_single_shortest_route() -> None:
    state = table()
    ship(state, 0, "gotland_sea")
    routes = pax.actions.routes(state, 0, "gotland_sea", 3)
    for place, route in routes.items():
        if route is not None:
            assert route[-1] == place and len(route) == len(set(route)) and not set(route) & set(HOMES)
    legal = pax.legal_actions(state, 0)
    destinations = pax.actions.journey_destinations(state, 0)
    shortcuts = [a.split()[1] for a in legal if a.startswith("journey ") and not a.split()[1].isdigit()]
    assert shortcuts == list(destinations)
    for place in shortcuts:
        number, route = destinations[place]
        start = state["seats"][0]["ships"][number - 1]["at"]
        from_start = pax.actions.routes(state, 0, start, 3)
        assert from_start[place] == route, "a shortcut only where the route is unambiguous"
        assert start != "gotland_sea" or routes[place] == route
    assert "journey gotland_sea" in legal, "a Longship from the Jarlboard may join the one at sea"
    with pytest.raises(IllegalAction, match="single shortest route"):
        pax.apply(state, 0, "journey baghdad")


def _printed(action: str, rng: random.Random) -> str:
    """The action typed by the names the board prints, in any case, with or without accents."""
    words = []
    for word in action.split():
        if word in POSTS or word in REGIONS or word in HOMES:
            word = place_name(word)
        elif word in TILES:
            word = tile_name(word)
        if rng.random() < 0.5:
            word = "".join(c for c in unicodedata.normalize("NFKD", word) if not unicodedata.combining(c))
        words.append(word.upper() if rng.random() < 0.3 else word.lower())
    return " ".join(words)


def test_a_move_typed_with_the_printed_names_is_that_move() -> None:
    rng = random.Random(9)
    for state, seat in _playout(7, 3, 200):
        for action in pax.legal_actions(state, seat):
            typed = _printed(action, rng)
            assert names.canonical(typed.lower().split()) == action.split(), (typed, action)
    state = table()
    ship(state, 0, "gotland_sea")
    assert pax.apply(state, 0, "journey Læsø") == pax.apply(state, 0, "journey laeso")


def test_a_refusal_names_the_rule_and_what_the_seat_has() -> None:
    state = table()
    state["track"] = ["V30", None, None, None, None]
    state["seats"][0]["silfr"] = 0
    with pytest.raises(IllegalAction, match="costs 1 Silfr; you have 0"):
        pax.apply(state, 0, "invest 1")
    with pytest.raises(IllegalAction, match="SAGA TRACK space 2 is empty"):
        pax.apply(state, 0, "invest 2")
    with pytest.raises(IllegalAction, match="not in your hand; you hold nothing"):
        pax.apply(state, 0, "play V31 birka")
    with pytest.raises(IllegalAction, match="need its Influence marker, which you do not hold"):
        pax.apply(state, 0, "jarldom birka")
    state = act(state, 0, "journey 1")
    with pytest.raises(IllegalAction, match="one STEP reaches"):
        pax.apply(state, 0, "step baghdad")
    with pytest.raises(IllegalAction, match="not building a TRADE offer"):
        pax.apply(state, 0, "give silfr")


def test_the_trade_answer_states_its_terms() -> None:
    state = table()
    ship(state, 0, "gotland_sea")
    ship(state, 1, "gotland_sea")
    state = act(state, 0, "journey 1", "offer 2", "give silfr", "give silfr", "ask longship", "offer send")
    assert pax.label(state, "answer accept") == "Accept: their 2 Silfr for your 1 Longship"
    assert pax.label(state, "answer decline") == "Decline: their 2 Silfr for your 1 Longship"


def test_the_score_now_is_the_breakdown_and_adds_up_to_the_final_scores() -> None:
    seen = _playout(11, 2, 3000)
    last, seat = seen[-1]
    for state, _ in seen[::50]:
        rows = pax.score_now(state, None)
        assert rows == pax.breakdown(state)
        assert all(pax.score_now(state, s) == rows for s in range(state["players"]))
        hand_ids = {t for p in state["seats"] for t in p["hand"]}
        assert not any(label in hand_ids for row in rows for label, _ in row)
    rng = random.Random(1)
    state = last
    while pax.to_act(state):
        seat = pax.to_act(state)[0]
        state = pax.apply(state, seat, rng.choice(pax.legal_actions(state, seat)))
    result = pax.outcome(state)
    assert result is not None
    assert [sum(n for _, n in row) for row in pax.score_now(state, None)] == result["scores"]
