"""Scripted Knarr scenarios, one or more per rule.

Each scenario starts from ``setup`` and then rewrites the JSON state directly: an empty
table (no cards anywhere, seat 0 to act) on which the test places just what it needs.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from games import IllegalAction, knarr
from games.knarr.data import COLORS, VIKINGS, color_of

State = dict[str, Any]


# --- helpers ----------------------------------------------------------------------------


def table(players: int = 2, **options: str) -> State:
    """A started game with everything cleared away; seat 0 is first and to act."""
    state = knarr.setup(7, players, options)
    state.update(deck=[], discard=[], first=0, current=0, log=[], round=1)
    state["vikings"] = {color: None for color in COLORS}
    state["destinations"] = {"A": [None, None, None], "B": [None, None, None]}
    state["dest_decks"] = {"A": [], "B": []}
    for seat in state["seats"]:
        seat.update(score=0, reputation=0, recruits=0, bracelets=0, hand=[], explored=[])
        seat.update(reserved=[], crew={color: [] for color in COLORS})
    return state


def crew(state: State, seat: int, *cards: str) -> None:
    """Put cards in a crew, as it stood at the start of the turn."""
    for card in cards:
        state["seats"][seat]["crew"][color_of(card)].append(card)
    if seat == state["current"]:
        state["turn_lines"] = min(len(column) for column in state["seats"][seat]["crew"].values())


def hand(state: State, seat: int, *cards: str) -> None:
    state["seats"][seat]["hand"].extend(cards)


def slots(state: State, **cards: str) -> None:
    state["vikings"].update(cards)


def seat_of(state: State, seat: int) -> dict[str, Any]:
    return state["seats"][seat]


def act(state: State, *actions: str, seat: int | None = None) -> State:
    for action in actions:
        who = knarr.to_act(state)[0] if seat is None else seat
        state = knarr.apply(state, who, action)
    return state


def crew_ids(state: State, seat: int) -> list[str]:
    return [card for color in COLORS for card in seat_of(state, seat)["crew"][color]]


# --- setup -----------------------------------------------------------------------------


@pytest.mark.parametrize(("players", "cards"), [(2, 30), (3, 40), (4, 50)])
def test_setup_uses_the_right_deck_and_starting_position(players: int, cards: int) -> None:
    state = knarr.setup(3, players)
    everywhere = state["deck"] + [c for c in state["vikings"].values() if c]
    for seat in range(players):
        everywhere += crew_ids(state, seat) + seat_of(state, seat)["hand"]
    assert sorted(everywhere) == sorted(set(everywhere))
    assert len(everywhere) == cards
    marks = {VIKINGS[c]["mark"] for c in everywhere}
    assert marks == {2: {None}, 3: {None, 3}, 4: {None, 3, 4}}[players]
    for seat in range(players):
        mine = crew_ids(state, seat)
        assert len(mine) == 2 and color_of(mine[0]) != color_of(mine[1])
        p = seat_of(state, seat)
        assert (p["recruits"], p["bracelets"], p["score"], p["reputation"]) == (1, 1, 0, 0)
        assert len(p["hand"]) == 3
    assert all(state["vikings"][color] for color in COLORS)
    assert len(state["destinations"]["A"]) == 3 and len(state["dest_decks"]["A"]) == 17
    assert len(state["destinations"]["B"]) == 3 and len(state["dest_decks"]["B"]) == 12
    assert knarr.to_act(state) == [state["first"]]


def test_setup_is_seeded() -> None:
    assert knarr.setup(5, 3) == knarr.setup(5, 3)
    assert knarr.setup(5, 3) != knarr.setup(6, 3)


def test_unknown_options_are_refused() -> None:
    with pytest.raises(ValueError):
        knarr.setup(1, 2, {"ship": "golden"})
    with pytest.raises(ValueError):
        knarr.setup(1, 5)


# --- reputation income -------------------------------------------------------------------


@pytest.mark.parametrize(
    ("reputation", "vp"),
    [(0, 0), (2, 0), (3, 1), (5, 1), (6, 2), (9, 2), (10, 3), (13, 3), (14, 5)],
)
def test_reputation_income_at_the_start_of_a_turn(reputation: int, vp: int) -> None:
    state = table()
    hand(state, 0, "V01")
    seat_of(state, 1)["reputation"] = reputation
    state = act(state, "recruit V01")  # no bracelets: the turn ends by itself
    assert knarr.to_act(state) == [1]
    assert seat_of(state, 1)["score"] == vp
    assert knarr.view(state, None)["seats"][1]["income"] == vp


def test_income_is_paid_on_the_very_first_turn() -> None:
    state = knarr.setup(11, 2)
    assert state["seats"][state["first"]]["score"] == 0  # reputation 0 pays nothing
    from games.knarr import flow

    state["seats"][state["first"]]["reputation"] = 3
    flow.start_turn(state)
    assert state["seats"][state["first"]]["score"] == 1


# --- recruit -----------------------------------------------------------------------------


def test_recruit_gains_every_asset_in_the_column_including_the_new_card() -> None:
    state = table()
    crew(state, 0, "V01", "V05")  # red vp, red bracelet
    hand(state, 0, "V10")  # red reputation (3-player card, fine for the scenario)
    slots(state, red="V21")
    state["deck"] = ["V31"]
    state = act(state, "recruit V10")
    p = seat_of(state, 0)
    assert (p["score"], p["bracelets"], p["reputation"]) == (1, 1, 1)
    assert p["crew"]["red"] == ["V01", "V05", "V10"]
    assert state["phase"] == "after"  # one bracelet gained: may still trade


def test_free_matching_take_is_automatic_and_the_slot_is_refilled() -> None:
    state = table()
    hand(state, 0, "V01")
    slots(state, red="V21", yellow="V11")
    state["deck"] = ["V45", "V32"]
    state = act(state, "recruit V01")
    assert seat_of(state, 0)["hand"] == ["V21"]
    assert state["vikings"]["red"] == "V32"  # the top of the deck is its last item
    assert state["vikings"]["yellow"] == "V11"
    assert state["current"] == 1
    assert "takes V21 from the red space" in [line["text"] for line in state["log"]]


def test_paying_a_recruit_takes_another_face_up_viking() -> None:
    state = table()
    hand(state, 0, "V01")
    seat_of(state, 0)["recruits"] = 1
    slots(state, red="V21", yellow="V11")
    state["deck"] = ["V45"]
    state = act(state, "recruit V01")
    assert state["phase"] == "take"
    assert knarr.legal_actions(state, 0) == ["take V21", "take V11"]
    assert knarr.label(state, "take V11") == "Take V11 (yellow, VP) — costs 1 recruit"
    assert knarr.label(state, "take V21") == "Take V21 (green, VP)"
    state = act(state, "take V11")
    assert seat_of(state, 0)["hand"] == ["V11"]
    assert seat_of(state, 0)["recruits"] == 0
    assert state["vikings"]["yellow"] == "V45" and state["vikings"]["red"] == "V21"


def test_a_recruit_gained_by_the_recruit_itself_can_pay_for_the_take() -> None:
    state = table()
    hand(state, 0, "V08")  # red recruit
    slots(state, red="V21", blue="V31")
    state = act(state, "recruit V08")
    assert state["phase"] == "take"
    assert "take V31" in knarr.legal_actions(state, 0)


def test_empty_matching_space_may_be_skipped() -> None:
    state = table()
    hand(state, 0, "V01")
    seat_of(state, 0)["recruits"] = 1
    slots(state, blue="V31")
    state = act(state, "recruit V01")
    assert knarr.legal_actions(state, 0) == ["take V31", "skip"]
    state = act(state, "skip")
    assert seat_of(state, 0)["hand"] == [] and state["current"] == 1


# --- explore -----------------------------------------------------------------------------


def explore_table(dest: str, *cards: str, recruits: int = 0) -> State:
    state = table()
    kind = dest[0]
    state["destinations"][kind][1] = dest
    crew(state, 0, *cards)
    seat_of(state, 0)["recruits"] = recruits
    return state


def test_explore_three_different_colours() -> None:
    state = explore_table("A04", "V01", "V02", "V11", "V21")  # A04: bracelet now
    assert "explore A04" in knarr.legal_actions(state, 0)
    state = act(state, "explore A04")
    assert state["phase"] == "pay"
    assert knarr.view(state, None)["prompt"] == "pay for A04"
    state = act(state, "pay V01")
    offered = knarr.legal_actions(state, 0)
    assert "pay V02" not in offered  # a second red would not fit
    assert {"pay V11", "pay V21", "cancel"} <= set(offered)
    pending = knarr.view(state, None)["pending"]
    assert pending["explore"]["id"] == "A04" and [v["id"] for v in pending["paid"]] == ["V01"]
    state = act(state, "pay V11", "pay V21")
    p = seat_of(state, 0)
    assert p["explored"] == ["A04"]
    assert crew_ids(state, 0) == ["V02"]
    assert sorted(state["discard"]) == ["V01", "V11", "V21"]
    assert p["bracelets"] == 1 and state["phase"] == "after"


def test_explore_four_of_one_colour() -> None:
    state = explore_table("B01", "V01", "V02", "V03", "V05", "V11", "V12", "V13")
    state = act(state, "explore B01")
    assert "pay V11" not in knarr.legal_actions(state, 0)  # only 3 yellow: a dead end
    state = act(state, "pay V01")
    offered = knarr.legal_actions(state, 0)
    assert offered == ["pay V02", "pay V03", "pay V05", "cancel"]  # red was chosen
    state = act(state, "pay V05", "pay V02", "pay V03")
    assert seat_of(state, 0)["score"] == 5 and seat_of(state, 0)["recruits"] == 1
    assert crew_ids(state, 0) == ["V11", "V12", "V13"]


def test_four_of_one_colour_is_not_offered_when_no_colour_has_enough() -> None:
    state = explore_table("B01", "V01", "V02", "V03", "V11", "V12", "V13")
    assert "explore B01" not in knarr.legal_actions(state, 0)
    seat_of(state, 0)["recruits"] = 1
    assert "explore B01" in knarr.legal_actions(state, 0)


def test_explore_specific_colours_with_recruits_as_jokers_and_immediate_assets() -> None:
    # B07: 3 purple + 2 red -> 8 VP and a card into the crew.
    state = explore_table("B07", "V41", "V45", "V01", recruits=2)
    state["dest_decks"]["B"] = ["B13", "B02"]
    state["deck"] = ["V30"]
    state = act(state, "explore B07", "pay V41", "pay recruit", "pay V45", "pay V01")
    assert knarr.legal_actions(state, 0) == ["pay recruit", "cancel"]
    state = act(state, "pay recruit")
    p = seat_of(state, 0)
    assert p["score"] == 8 and p["recruits"] == 0
    assert crew_ids(state, 0) == ["V30"]  # the card asset went straight to the crew
    assert state["destinations"]["B"][1] == "B02"  # refilled from the B deck
    assert state["current"] == 1  # no bracelets: the turn ended


def test_explore_can_be_paid_wholly_with_recruits() -> None:
    state = explore_table("A15", recruits=3)
    state = act(state, "explore A15", "pay recruit", "pay recruit")
    assert seat_of(state, 0)["explored"] == ["A15"]
    assert seat_of(state, 0)["recruits"] == 1


def test_a_step_that_would_dead_end_is_not_offered() -> None:
    # A16 wants 2 yellow; paying a red can never fit.
    state = explore_table("A16", "V11", "V12", "V01")
    state = act(state, "explore A16")
    assert knarr.legal_actions(state, 0) == ["pay V11", "pay V12", "cancel"]
    with pytest.raises(IllegalAction):
        act(state, "pay V01")


def test_cancel_returns_to_the_action_with_nothing_spent() -> None:
    state = explore_table("A16", "V11", "V12")
    before = crew_ids(state, 0)
    state = act(state, "explore A16", "pay V11", "cancel")
    assert state["phase"] == "action" and state["pending"] is None
    assert crew_ids(state, 0) == before and state["discard"] == []


def test_one_shot_explore_pays_everything_at_once() -> None:
    state = explore_table("A16", "V11", "V12", recruits=1)
    assert not any(len(a.split()) > 2 for a in knarr.legal_actions(state, 0))
    done = act(state, "explore A16 V11 recruit")
    assert seat_of(done, 0)["explored"] == ["A16"]
    assert crew_ids(done, 0) == ["V12"]
    with pytest.raises(IllegalAction, match="whole cost"):
        act(state, "explore A16 V11")
    with pytest.raises(IllegalAction):
        act(state, "explore A16 V11 V12 recruit")


def test_empty_destination_deck_leaves_the_space_empty() -> None:
    state = explore_table("A15", recruits=2)
    state = act(state, "explore A15 recruit recruit")
    assert state["destinations"]["A"] == [None, None, None]
    assert knarr.view(state, None)["destinations"]["A"][1] is None


def test_destination_refills_from_its_own_deck() -> None:
    state = explore_table("A15", recruits=2)
    state["dest_decks"] = {"A": ["A02"], "B": ["B03"]}
    state = act(state, "explore A15 recruit recruit")
    assert state["destinations"]["A"][1] == "A02"
    assert state["dest_decks"] == {"A": [], "B": ["B03"]}


# --- trade -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("count", "score", "recruits", "reputation"),
    [(1, 1, 0, 0), (2, 1, 1, 1), (3, 1, 2, 1)],
)
def test_trade_collects_columns_of_the_ship_and_every_explored_card(
    count: int, score: int, recruits: int, reputation: int
) -> None:
    state = table()
    p = seat_of(state, 0)
    p["bracelets"] = 3
    p["explored"] = ["A04"]  # [vp, reputation, recruit]
    p["reserved"] = ["A15"]  # reserved cards do not trade
    hand(state, 0, "V01")
    state = act(state, f"trade {count}")
    p = seat_of(state, 0)
    # the normal ship gives a recruit in its second column
    assert (p["score"], p["recruits"], p["reputation"]) == (score, recruits, reputation)
    assert p["bracelets"] == 3 - count
    assert state["phase"] == "action"
    assert not any(a.startswith("trade") for a in knarr.legal_actions(state, 0))


def test_trade_once_per_turn_and_the_turn_ends_when_no_trade_is_left() -> None:
    state = table()
    seat_of(state, 0)["bracelets"] = 2
    hand(state, 0, "V01")
    state = act(state, "recruit V01")
    assert state["phase"] == "after"
    assert knarr.legal_actions(state, 0) == ["trade 1", "trade 2", "end"]
    assert knarr.view(state, 0)["prompt"] == "trade or end the turn"
    state = act(state, "trade 1")
    assert state["current"] == 1 and state["phase"] == "action"


def test_advanced_ship_trade_row() -> None:
    state = table(ship="advanced")
    seat_of(state, 0)["bracelets"] = 3
    hand(state, 0, "V01")
    state = act(state, "trade 3")
    p = seat_of(state, 0)
    assert (p["score"], p["bracelets"], p["recruits"]) == (1, 1, 0)
    assert knarr.view(state, None)["seats"][0]["ship_trade"] == ["vp", None, "bracelet"]


def test_caps_on_recruits_bracelets_and_reputation() -> None:
    state = table()
    p = seat_of(state, 0)
    p.update(recruits=3, bracelets=3, reputation=14)
    p["explored"] = ["A14", "A10", "A09"]
    state = act(state, "trade 3")
    p = seat_of(state, 0)
    assert (p["recruits"], p["bracelets"], p["reputation"]) == (3, 0, 14)
    crew(state, 0, "V45")
    hand(state, 0, "V46")
    state = act(state, "recruit V46")  # two purple bracelets
    assert seat_of(state, 0)["bracelets"] == 2


# --- the Viking deck ------------------------------------------------------------------------


def test_empty_deck_reshuffles_the_discard_pile() -> None:
    state = table()
    hand(state, 0, "V01")
    slots(state, red="V21")
    state["discard"] = ["V31"]
    state = act(state, "recruit V01")
    assert state["vikings"]["red"] == "V31"
    assert state["discard"] == [] and state["deck"] == []
    assert any("shuffled" in line["text"] for line in state["log"])


def test_empty_deck_and_discard_make_the_biggest_crews_discard_together() -> None:
    state = table(players=3)
    crew(state, 0, "V11")
    crew(state, 1, "V02", "V12", "V22")
    crew(state, 2, "V03", "V13", "V23")
    hand(state, 0, "V04")
    slots(state, red="V21")
    state = act(state, "recruit V04")  # red is now empty and must be refilled
    assert state["phase"] == "discard"
    assert knarr.to_act(state) == [1, 2]
    assert knarr.view(state, 1)["prompt"] == "discard a Viking from the crew"
    assert knarr.legal_actions(state, 0) == []
    assert knarr.legal_actions(state, 2) == ["discard V03", "discard V13", "discard V23"]
    state = act(state, "discard V12", seat=1)
    assert knarr.to_act(state) == [2]
    assert crew_ids(state, 1) == ["V02", "V12", "V22"]  # choices stay secret until all are in
    with pytest.raises(IllegalAction):
        act(state, "discard V02", seat=1)
    state = act(state, "discard V23", seat=2)
    assert crew_ids(state, 1) == ["V02", "V22"] and crew_ids(state, 2) == ["V03", "V13"]
    assert state["vikings"]["red"] in {"V12", "V23"}
    assert len(state["deck"]) == 1 and state["discard"] == []
    assert state["current"] == 1 and state["phase"] == "action"


def test_no_draw_when_no_card_exists_anywhere() -> None:
    state = table()
    seat_of(state, 0).update(explored=["A07"], bracelets=1)  # trade column 1: a card
    state = act(state, "trade 1")
    assert crew_ids(state, 0) == [] and state["phase"] == "action"


def test_card_asset_interrupted_by_discards_then_continues() -> None:
    state = table()
    crew(state, 1, "V31", "V32")
    seat_of(state, 0)["explored"] = ["A07"]  # trade column 1: card
    seat_of(state, 0)["bracelets"] = 1
    hand(state, 0, "V01")
    state = act(state, "trade 1")
    assert knarr.to_act(state) == [1]
    state = act(state, "discard V32", seat=1)
    assert crew_ids(state, 0) == ["V32"]
    assert state["phase"] == "action" and knarr.to_act(state) == [0]


def test_pass_only_when_nothing_else_is_possible() -> None:
    state = table()
    assert knarr.legal_actions(state, 0) == ["pass"]
    state = act(state, "pass")
    assert state["current"] == 1
    state = table()
    hand(state, 0, "V01")
    assert "pass" not in knarr.legal_actions(state, 0)


# --- end of the game ------------------------------------------------------------------------


def test_forty_points_finishes_the_round() -> None:
    state = table(players=3)
    state["first"] = 1
    state["current"] = 0  # the last seat of the round is 0
    for seat in range(3):
        hand(state, seat, "V01")
    seat_of(state, 1)["score"] = 39
    state["current"] = 1
    state = act(state, "recruit V01")  # 40 points
    assert state["final_round"] and state["phase"] != "over"
    assert state["log"][-1]["text"] == "{seat1} has 40 points or more: this round is the last"
    assert knarr.view(state, None)["final_round"] is True
    state = act(state, "recruit V01")  # seat 2
    assert knarr.to_act(state) == [0]
    state = act(state, "recruit V01")  # seat 0, the last of the round
    assert knarr.to_act(state) == [] and state["phase"] == "over"
    result = knarr.outcome(state)
    assert result is not None
    assert result["winners"] == [1] and result["scores"] == [1, 40, 1]
    with pytest.raises(IllegalAction, match="over"):
        act(state, "pass", seat=0)


def finish(state: State) -> dict[str, Any]:
    from games.knarr import flow

    flow.finish_game(state)
    result = knarr.outcome(state)
    assert result is not None
    return result


def test_tie_break_on_recruits_plus_bracelets() -> None:
    state = table(players=3)
    for seat, (score, recruits, bracelets) in enumerate([(41, 1, 2), (41, 3, 1), (30, 3, 3)]):
        seat_of(state, seat).update(score=score, recruits=recruits, bracelets=bracelets)
    result = finish(state)
    assert result["winners"] == [1]
    assert "recruits" in result["reason"]


def test_full_tie_shares_the_win() -> None:
    state = table()
    for seat in range(2):
        seat_of(state, seat).update(score=40, recruits=1, bracelets=1)
    assert finish(state)["winners"] == [0, 1]


# --- artifacts ------------------------------------------------------------------------------


def test_random_artifact_with_two_players_adds_the_mead_cup() -> None:
    for seed in range(6):
        state = knarr.setup(seed, 2, {"artifact": "random"})
        arts = state["options"]["artifacts"]
        assert len(arts) == 2 and "mead_cup" in arts
        state = knarr.setup(seed, 3, {"artifact": "random"})
        assert len(state["options"]["artifacts"]) == 1


def test_mead_cup_discards_a_face_up_viking_after_explore() -> None:
    state = table(artifact="mead_cup")
    state["destinations"]["A"][0] = "A15"
    seat_of(state, 0)["recruits"] = 2
    slots(state, red="V01", blue="V31")
    state["deck"] = ["V41"]
    state = act(state, "explore A15 recruit recruit")
    assert state["phase"] == "artifact"
    assert knarr.legal_actions(state, 0) == ["mead V01", "mead V31", "skip"]
    state = act(state, "mead V31")
    assert state["vikings"]["blue"] == "V41" and state["discard"] == ["V31"]
    assert state["current"] == 1


def test_silver_coin_pays_for_the_fourth_viking_of_a_colour() -> None:
    state = table(artifact="silver_coin")
    crew(state, 0, "V05", "V06", "V07")  # red bracelets
    hand(state, 0, "V08")  # red recruit
    state = act(state, "recruit V08")
    assert seat_of(state, 0)["score"] == 1
    third = table(artifact="silver_coin")
    crew(third, 0, "V05", "V06")
    hand(third, 0, "V08")
    assert seat_of(act(third, "recruit V08"), 0)["score"] == 0


def test_cauldron_makes_any_take_free_on_a_second_viking_of_a_colour() -> None:
    state = table(artifact="cauldron")
    crew(state, 0, "V01")
    hand(state, 0, "V02")
    slots(state, red="V21", blue="V31")
    state = act(state, "recruit V02")
    assert state["phase"] == "take"
    assert knarr.label(state, "take V31") == "Take V31 (blue, VP)"
    state = act(state, "take V31")
    assert seat_of(state, 0)["hand"] == ["V31"] and seat_of(state, 0)["recruits"] == 0


def test_golden_bracelet_reserves_and_later_explores_a_destination() -> None:
    state = table(artifact="golden_bracelet")
    crew(state, 0, "V01", "V02")
    hand(state, 0, "V03", "V11")
    state["destinations"]["A"][2] = "A15"
    state["dest_decks"]["A"] = ["A20"]
    state = act(state, "recruit V03")
    assert state["phase"] == "artifact"
    assert knarr.legal_actions(state, 0) == ["reserve A15", "skip"]
    state = act(state, "reserve A15")
    assert seat_of(state, 0)["reserved"] == ["A15"]
    assert state["destinations"]["A"][2] == "A20"
    assert knarr.view(state, None)["seats"][0]["reserved"][0]["id"] == "A15"
    state = act(state, "pass", seat=1)
    seat_of(state, 0)["recruits"] = 2
    assert "explore A15" in knarr.legal_actions(state, 0)
    state = act(state, "explore A15 recruit recruit")
    assert seat_of(state, 0)["explored"] == ["A15"] and seat_of(state, 0)["reserved"] == []


def test_golden_bracelet_holds_at_most_two() -> None:
    state = table(artifact="golden_bracelet")
    crew(state, 0, "V01", "V02")
    hand(state, 0, "V03")
    state["destinations"]["A"][2] = "A15"
    seat_of(state, 0)["reserved"] = ["A16", "A17"]
    state = act(state, "recruit V03")
    assert state["current"] == 1  # no reservation step offered


def test_helmet_gives_an_extra_recruit_after_a_b_on_an_a() -> None:
    state = table(artifact="helmet")
    seat_of(state, 0)["explored"] = ["A15"]
    seat_of(state, 0)["recruits"] = 3
    crew(state, 0, "V11")
    state["destinations"]["B"][0] = "B13"  # 3 yellow + 2 green
    hand(state, 0, "V01")
    with pytest.raises(IllegalAction):
        act(state, "explore B13 V11 recruit recruit recruit")  # cannot afford 5
    crew(state, 0, "V12")
    state = act(state, "explore B13 V11 V12 recruit recruit recruit")
    assert state["phase"] == "artifact"
    assert knarr.legal_actions(state, 0) == ["recruit V01", "skip"]
    state = act(state, "recruit V01")
    assert crew_ids(state, 0) == ["V01"] and state["current"] == 1


def test_helmet_does_not_fire_for_a_b_on_a_b() -> None:
    state = table(artifact="helmet")
    seat_of(state, 0).update(explored=["B12"], recruits=3)
    state["destinations"]["A"][0] = "A15"
    hand(state, 0, "V01")
    state = act(state, "explore A15 recruit recruit")
    assert state["current"] == 1


def test_amulet_rewards_completing_a_line() -> None:
    state = table(artifact="amulet")
    crew(state, 0, "V01", "V11", "V21", "V31")
    hand(state, 0, "V41")
    state = act(state, "recruit V41")
    p = seat_of(state, 0)
    assert (p["bracelets"], p["recruits"], p["reputation"]) == (1, 1, 1)


def test_amulet_needs_a_new_line() -> None:
    state = table(artifact="amulet")
    crew(state, 0, "V01", "V02", "V11", "V21", "V31", "V41")
    hand(state, 0, "V03")
    state = act(state, "recruit V03")
    assert seat_of(state, 0)["reputation"] == 0


def test_amulet_counts_a_line_completed_by_a_trade_card() -> None:
    # A07 trades a card in its first column: the card drawn completes the line.
    state = table(artifact="amulet")
    crew(state, 0, "V01", "V11", "V21", "V31")
    seat_of(state, 0).update(explored=["A07"], bracelets=1)
    hand(state, 0, "V02")
    state["deck"] = ["V41"]
    state = act(state, "recruit V02", "trade 1")
    p = seat_of(state, 0)
    assert p["crew"][color_of("V41")] == ["V41"]
    assert (p["bracelets"], p["recruits"], p["reputation"]) == (1, 1, 1)


def test_a_trade_before_the_action_counts_its_line_after_the_action() -> None:
    state = table(artifact="amulet")
    crew(state, 0, "V01", "V11", "V21", "V31")
    seat_of(state, 0).update(explored=["A07"], bracelets=1)
    hand(state, 0, "V02")
    state["deck"] = ["V41"]
    state = act(state, "trade 1")
    assert seat_of(state, 0)["reputation"] == 0  # not yet: rewards come after the action
    state = act(state, "recruit V02")
    assert seat_of(state, 0)["reputation"] == 1


def test_weathervane_after_a_trade_card_line() -> None:
    state = table(artifact="weathervane")
    crew(state, 0, "V01", "V11", "V21", "V31")
    seat_of(state, 0).update(explored=["A07"], bracelets=1, recruits=2)
    hand(state, 0, "V02")
    state["deck"] = ["V41"]
    state["destinations"]["A"][0] = "A15"
    state = act(state, "recruit V02", "trade 1")
    assert state["phase"] == "artifact" and knarr.legal_actions(state, 0) == ["explore A15", "skip"]


def test_two_players_without_artifacts_play_without_the_mead_cup() -> None:
    # The rulebook's Mead Cup advice for two players belongs to the artifact variant ("in
    # addition to the randomly revealed one"): without artifacts there is no Mead Cup.
    for options in ({}, {"artifact": "none"}, {"artifact": "none", "mead_cup": "auto"}):
        state = knarr.setup(1, 2, options)
        assert state["options"]["artifacts"] == []
        assert not any("artifacts in play" in line["text"] for line in state["log"])
    state = table()
    state["destinations"]["A"][0] = "A15"
    seat_of(state, 0)["recruits"] = 2
    slots(state, red="V01")
    state["deck"] = ["V41"]
    state = act(state, "explore A15 recruit recruit")
    assert state["phase"] != "artifact" and state["current"] == 1


def test_mead_cup_is_its_own_option() -> None:
    assert knarr.setup(1, 2)["options"]["artifacts"] == []  # auto: only with the artifact variant
    assert knarr.setup(1, 2, {"mead_cup": "on"})["options"]["artifacts"] == ["mead_cup"]
    assert knarr.setup(1, 3)["options"]["artifacts"] == []
    both = knarr.setup(1, 2, {"artifact": "helmet"})["options"]["artifacts"]
    assert sorted(both) == ["helmet", "mead_cup"]
    assert knarr.setup(1, 2, {"artifact": "helmet", "mead_cup": "off"})["options"]["artifacts"] == ["helmet"]
    assert knarr.setup(1, 4, {"artifact": "amulet", "mead_cup": "on"})["options"]["artifacts"] == [
        "mead_cup",
        "amulet",
    ]
    for seed in range(10):
        drawn = knarr.setup(seed, 2, {"artifact": "random"})["options"]["artifacts"]
        assert len(drawn) == 2 and "mead_cup" in drawn


def test_weathervane_gives_an_extra_explore() -> None:
    state = table(artifact="weathervane")
    crew(state, 0, "V01", "V11", "V21", "V31")
    hand(state, 0, "V41")
    seat_of(state, 0)["recruits"] = 2
    state["destinations"]["A"][0] = "A15"
    state = act(state, "recruit V41")
    assert state["phase"] == "artifact"
    assert knarr.view(state, 0)["prompt"].startswith("Weathervane")
    assert knarr.legal_actions(state, 0) == ["explore A15", "skip"]
    state = act(state, "explore A15", "cancel")
    assert state["phase"] == "artifact"
    state = act(state, "explore A15", "pay V11", "pay recruit")
    assert seat_of(state, 0)["explored"] == ["A15"] and state["current"] == 1


# --- contract details -----------------------------------------------------------------------


def test_views_hide_hands_and_deck_order() -> None:
    state = knarr.setup(4, 3)
    for seat in range(3):
        mine = knarr.view(state, seat)
        assert [v["id"] for v in mine["private"]["hand"]] == state["seats"][seat]["hand"]
        for other in [None, *range(3)]:
            if other == seat:
                continue
            text = json.dumps(knarr.view(state, other))
            assert all(f'"{card}"' not in text for card in state["seats"][seat]["hand"])
    public = knarr.view(state, None)
    assert public["private"] is None and public["seats"][0]["hand_count"] == 3
    assert public["piles"]["vikings"] == len(state["deck"])
    assert all(f'"{card}"' not in json.dumps(public) for card in state["deck"])


def test_illegal_actions_are_refused_without_change() -> None:
    state = table()
    hand(state, 0, "V01")
    before = json.dumps(state)
    for seat, action in [(0, "nonsense"), (1, "recruit V01"), (0, "recruit V99"), (0, "")]:
        with pytest.raises(IllegalAction):
            knarr.apply(state, seat, action)
    with pytest.raises(IllegalAction, match="cannot"):
        knarr.apply(state, 0, "end")
    assert json.dumps(state) == before


def test_labels() -> None:
    state = table()
    assert knarr.label(state, "recruit V03") == "Recruit V03 (red, VP)"
    assert knarr.label(state, "explore B07") == "Explore B07 (8 VP; 3 purple + 2 red)"
    assert knarr.label(state, "explore A01") == "Explore A01 (3 different colours)"
    assert knarr.label(state, "pay V12") == "Pay V12 (yellow)"
    assert knarr.label(state, "pay recruit") == "Pay with a recruit"
    assert knarr.label(state, "trade 2") == "Trade 2 bracelets"
    assert knarr.label(state, "end") == "End turn"
    assert knarr.label(state, "skip") == "Skip"


def test_commands_and_options_follow_the_contract() -> None:
    verbs = {command["name"] for command in knarr.COMMANDS}
    assert verbs == {
        "recruit",
        "take",
        "explore",
        "pay",
        "trade",
        "end",
        "pass",
        "cancel",
        "discard",
        "mead",
        "reserve",
        "skip",
    }
    for command in knarr.COMMANDS:
        assert set(command) == {"name", "description", "args"}
    for option in knarr.OPTIONS:
        assert option["default"] in option["choices"]


def test_the_artifacts_in_play_are_named_in_the_log() -> None:
    state = knarr.setup(5, 3, {"artifact": "random", "mead_cup": "off"})
    (artifact,) = state["options"]["artifacts"]
    from games.knarr.data import ARTIFACTS

    assert state["log"][0] == {
        "seat": None,
        "text": f"artifacts in play: {ARTIFACTS[artifact]['name']} (drawn at random)",
    }
    two = knarr.setup(5, 2, {"mead_cup": "on"})  # the Mead Cup on its own
    assert two["log"][0]["text"] == "artifacts in play: Mead Cup"
