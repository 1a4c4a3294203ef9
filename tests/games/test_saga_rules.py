"""Scripted Saga scenarios: the rulebook's examples and one or more tests per rule.

Each scenario starts from ``setup`` (seat 0 plays the Vikings) and rewrites the JSON state:
an empty board on which the test places just the units it needs.
"""

from __future__ import annotations

import importlib
import json
from typing import Any

import pytest

from games import IllegalAction, saga
from games.saga import combat, flow, rules
from games.saga.data import ENGLAND, MARKERS, SCANDINAVIA, TAGS, VIKING_RECRUITS

State = dict[str, Any]
V, A = 0, 1  # seats: the Vikings and the Anglo-Saxons


# --- helpers ----------------------------------------------------------------------------


def empty(**leaders: str) -> State:
    """A started game, seat 0 Vikings, with an empty board and chosen leader abilities."""
    state = saga.setup(11, 2, {"side": "first_viking"})
    for data in state["areas"].values():
        data.update(
            stronghold=False, viking={"warriors": 0, "leaders": []}, anglo={"warriors": 0, "leaders": []}
        )
    state["drakkar"] = {"warriors": 0, "leaders": []}
    state["supply"] = {"viking": {"warriors": 12}, "anglo": {"warriors": 12, "strongholds": 5}}
    state["coins"] = {"viking": 0, "anglo": 0, "supply": 15}
    state["pool"] = sorted(MARKERS)
    state["spaces"] = {a: {"marker": None, "face_up": False} for a in SCANDINAVIA}
    state["log"] = []
    abilities = {
        "VL1": "siege_breaker",
        "VL2": "sea_king",
        "VL3": "berserker",
        "VL4": "plunderer",
        "AL1": "burh_warden",
        "AL2": "reinforce",
        "AL3": "seize",
        "AL4": "field_thegn",
        **leaders,
    }
    for tag, kind in abilities.items():
        state["leaders"][tag].update(ability=kind, where="supply", known=False)
    state["leaders"]["VL4"]["where"] = "aside"
    state["leaders"]["AL4"]["where"] = "aside"
    return state


def put(state: State, area: str, side: str, warriors: int = 0, *leaders: str) -> None:
    target = state["drakkar"] if area == "drakkar" else state["areas"][area][side]
    target["warriors"] += warriors
    state["supply"][side]["warriors"] -= warriors
    for tag in leaders:
        target["leaders"].append(tag)
        state["leaders"][tag]["where"] = "board"


def fort(state: State, *areas: str) -> None:
    for area in areas:
        state["areas"][area]["stronghold"] = True
        state["supply"]["anglo"]["strongholds"] -= 1


def resolving(state: State, side: str, tile_id: int, other_tile: int | None = None) -> State:
    """Jump to the Actions phase: ``side`` resolves ``tile_id`` now."""
    for t in state["tiles"]:
        t.update(holder=None, resolved=True)
    state["tiles"][tile_id - 1].update(holder=side, resolved=False)
    if other_tile is not None:
        state["tiles"][other_tile - 1].update(holder=side, resolved=False)
    rest = "anglo" if side == "viking" else "viking"
    state["phase"] = "actions"
    state["resolving"] = {
        "side": side,
        "order": [rest, side],
        "tile": tile_id,
        "bonus_used": False,
        "done": [],
    }
    state["resolving"].update(flow.new_context())
    return state


def fighting(state: State) -> State:
    """Skip to the Combat phase with the board as it is."""
    state["resolving"] = None
    combat.start_phase(state)
    rules.settle(state)
    return state


def fought(state: State) -> tuple[int, int]:
    """The strengths (Vikings, Anglo-Saxons) of the last combat, as logged."""
    line = next(line["text"] for line in reversed(state["log"]) if line["text"].startswith("combat in"))
    words = line.replace(",", "").replace(";", "").split()
    return int(words[words.index("Vikings") + 1]), int(words[words.index("Anglo-Saxons") + 1])


def act(state: State, *actions: str) -> State:
    for action in actions:
        state = saga.apply(state, saga.to_act(state)[0], action)
    return state


def legal(state: State) -> list[str]:
    return saga.legal_actions(state, saga.to_act(state)[0])


def n(state: State, area: str, side: str) -> int:
    u = state["drakkar"] if area == "drakkar" else state["areas"][area][side]
    return int(u["warriors"]) + len(u["leaders"])


# --- setup -------------------------------------------------------------------------------


@pytest.mark.parametrize(("option", "viking"), [("first_viking", 0), ("first_anglo", 1)])
def test_side_option(option: str, viking: int) -> None:
    state = saga.setup(3, 2, {"side": option})
    assert state["sides"] == {"viking": viking, "anglo": 1 - viking}
    assert saga.to_act(state) == [viking]  # the Vikings choose the first tile


def test_random_side_depends_on_seed() -> None:
    sides = {saga.setup(seed, 2)["sides"]["viking"] for seed in range(20)}
    assert sides == {0, 1}


@pytest.mark.parametrize("seed", range(8))
def test_setup_matches_the_rulebook(seed: int) -> None:
    state = saga.setup(seed, 2)
    areas = state["areas"]
    assert areas["mercia"]["stronghold"] and areas["mercia"]["anglo"]["warriors"] == 1
    viking_areas = [a for a in ENGLAND if areas[a]["viking"]["warriors"]]
    assert len(viking_areas) == 1 and areas[viking_areas[0]]["viking"]["warriors"] == 2
    forts = [a for a in ENGLAND if areas[a]["stronghold"]]
    assert len(forts) == 2
    for area in ENGLAND:
        if area not in viking_areas:
            assert areas[area]["anglo"]["warriors"] == 1
    for area, tag in zip(SCANDINAVIA, TAGS["viking"][:3], strict=True):
        assert areas[area]["viking"] == {"warriors": 1, "leaders": [tag]}
    assert state["supply"] == {"viking": {"warriors": 7}, "anglo": {"warriors": 6, "strongholds": 3}}
    assert state["coins"] == {"viking": 2, "anglo": 3, "supply": 10}
    assert [state["leaders"][t]["where"] for t in TAGS["anglo"]] == ["supply"] * 3 + ["aside"]
    assert state["leaders"]["VL4"]["where"] == "aside"
    assert state["initiative"] == "viking"
    assert state["track"]["round"] == state["track"]["spaces"]
    assert sorted(state["pool"]) == sorted(MARKERS)


def test_setup_markers_stay_out_when_the_data_says_so(monkeypatch: pytest.MonkeyPatch) -> None:
    # ``setup_markers_return`` in saga.json: false keeps the two markers revealed at setup
    # out of the game (face up beside the board), so only three can be drawn or scouted.
    setup = importlib.import_module("games.saga.setup")  # ``saga.setup`` is the function
    monkeypatch.setattr(setup, "SETUP_MARKERS_RETURN", False)
    state = saga.setup(3, 2)
    viking = next(a for a in ENGLAND if state["areas"][a]["viking"]["warriors"])
    fort = next(a for a in ENGLAND if state["areas"][a]["stronghold"] and a != "mercia")
    assert sorted(state["pool"]) == sorted(m for m, a in MARKERS.items() if a not in (viking, fort))
    assert saga.view(state, None)["destination_pool"] == 3
    assert any("stay out of the game" in line["text"] for line in state["log"])


# --- choosing action tiles -----------------------------------------------------------------


def test_draft_example_and_initiative() -> None:
    state = empty()
    state = act(state, "take 1")
    assert saga.to_act(state) == [A]
    state = act(state, "take 2", "take 3")  # the Vikings get tile 4 automatically
    holders = [t["holder"] for t in state["tiles"]]
    assert holders == ["viking", "anglo", "anglo", "viking"]
    assert state["initiative"] == "viking"
    assert state["phase"] == "actions" and state["resolving"]["side"] == "anglo"  # tile 2: sword and axe
    assert saga.to_act(state) == [A]


def test_initiative_flips_to_whoever_takes_tile_4() -> None:
    state = act(empty(), "take 1", "take 4")
    assert state["initiative"] == "anglo"
    state = act(state, "take 3")
    assert state["phase"] == "actions"
    state["phase"] = "over"  # then a new round starts with the Anglo-Saxons choosing
    state["phase"] = "draft"
    flow.start_round(state)
    assert saga.to_act(state) == [A]
    assert state["draft"]["order"] == ["anglo", "viking", "viking", "anglo"]


def test_both_tiles_resolved_one_after_the_other() -> None:
    state = act(empty(), "take 2", "take 1", "take 3")  # Vikings 2 + 4, Anglo-Saxons 1 + 3
    assert state["resolving"]["side"] == "viking" and state["resolving"]["tile"] is None
    assert sorted(legal(state)) == ["tile 2", "tile 4"]
    state = act(state, "tile 4")
    assert state["resolving"]["tile"] == 4


# --- Anglo-Saxon actions -----------------------------------------------------------------


def test_essex_withdrawal_leaves_the_engaged_units() -> None:
    state = empty()
    put(state, "essex", "viking", 2)
    put(state, "essex", "anglo", 4)
    fort(state, "kent")
    state = resolving(state, "anglo", 4)
    state = act(state, "move essex kent", "move essex kent")
    assert n(state, "essex", "anglo") == 2 and n(state, "kent", "anglo") == 2
    assert not [a for a in legal(state) if a.startswith("move essex")]


def test_a_movement_cannot_split_the_group() -> None:
    state = empty()
    put(state, "kent", "anglo", 3)
    put(state, "mercia", "anglo", 2)
    state = resolving(state, "anglo", 4)
    state = act(state, "move kent essex")
    moves = [a for a in legal(state) if a.startswith("move")]
    assert moves == ["move kent essex"]  # not kent -> wessex, not mercia -> anywhere
    assert "done" in legal(state)


def test_one_movement_moves_one_group_between_two_areas() -> None:
    state = empty()
    put(state, "kent", "anglo", 2)
    put(state, "mercia", "anglo", 2)
    state = resolving(state, "anglo", 4)
    state = act(state, "move kent essex")
    # the rest of the group may follow the same way, nothing else moves in this action
    assert [a for a in legal(state) if a.startswith("move")] == ["move kent essex"]
    state = act(state, "move kent essex")
    assert n(state, "essex", "anglo") == 2 and n(state, "mercia", "anglo") == 2


def test_anglo_saxons_cannot_enter_scandinavia_or_the_drakkar() -> None:
    state = empty()
    put(state, "essex", "anglo", 1)
    state = resolving(state, "anglo", 4)
    targets = {a.split()[2] for a in legal(state) if a.startswith("move")}
    assert targets == {"mercia", "kent", "east_anglia"}


def test_northumbria_build_moves_the_stronghold_marker() -> None:
    state = empty()
    put(state, "northumbria", "anglo", 2)
    put(state, "northumbria", "viking", 1)
    put(state, "mercia", "viking", 1)
    state["coins"]["anglo"] = 2
    state = resolving(state, "anglo", 2)
    assert "build northumbria" in legal(state)
    assert "build mercia" not in legal(state)  # not controlled
    marker = state["track"]["stronghold"]
    state = act(state, "build northumbria")
    assert state["areas"]["northumbria"]["stronghold"]
    assert state["coins"]["anglo"] == 1 and state["supply"]["anglo"]["strongholds"] == 4
    assert state["track"]["stronghold"] == marker + 1
    # tile 2 is Build / Income: the other action is gone
    assert not [a for a in legal(state) if a.startswith("income")]


def test_only_one_stronghold_per_area() -> None:
    state = empty()
    put(state, "kent", "anglo", 1)
    fort(state, "kent")
    state["coins"]["anglo"] = 2
    state = resolving(state, "anglo", 2)
    assert "build kent" not in legal(state)


def test_fyrd_in_northumbria_and_mercia() -> None:
    state = empty()
    fort(state, "northumbria", "mercia")
    put(state, "northumbria", "viking", 2)
    put(state, "mercia", "viking", 1, "VL1")
    state["coins"]["anglo"] = 3
    state = resolving(state, "anglo", 3)
    state = act(state, "fyrd northumbria", "fyrd northumbria", "fyrd mercia")
    assert n(state, "northumbria", "viking") == 0
    assert state["areas"]["mercia"]["viking"] == {"warriors": 0, "leaders": ["VL1"]}
    assert state["coins"]["anglo"] == 0 and state["supply"]["viking"]["warriors"] == 12
    assert legal(state) == ["done"] or state["resolving"]["action"] is None  # no fyrd on a leader


def test_income_coin_then_recruit_a_leader() -> None:
    state = empty()
    fort(state, "kent", "northumbria")
    put(state, "kent", "anglo", 1)
    state["coins"]["anglo"] = 3
    state = resolving(state, "anglo", 3)
    state = act(state, "income kent coin")
    assert state["coins"]["anglo"] == 4
    assert "income kent coin" not in legal(state)
    state = act(state, "income northumbria AL1")
    assert state["coins"]["anglo"] == 3
    assert state["areas"]["northumbria"]["anglo"]["leaders"] == ["AL1"]


def test_tribute_in_east_anglia_sends_engaged_vikings_to_the_drakkar() -> None:
    state = empty()
    put(state, "east_anglia", "anglo", 2)
    put(state, "east_anglia", "viking", 1, "VL2")
    state["coins"]["anglo"] = 1
    state = resolving(state, "anglo", 1)
    state = act(state, "tribute east_anglia")
    assert n(state, "east_anglia", "viking") == 0
    assert state["drakkar"] == {"warriors": 1, "leaders": ["VL2"]}
    texts = [entry["text"] for entry in state["log"]]
    assert any(t.startswith("pays 1 coin of tribute: 2 Viking units leave East Anglia") for t in texts)
    assert state["coins"] == {"viking": 1, "anglo": 0, "supply": 15}


def test_anglo_saxon_recruitment_one_unit_per_stronghold() -> None:
    state = empty()
    fort(state, "kent", "mercia")
    state = resolving(state, "anglo", 4)
    state = act(state, "recruit kent warrior")
    assert not [a for a in legal(state) if a.startswith("recruit kent")]
    state = act(state, "recruit mercia AL2")
    assert legal(state) == ["finish"] or "recruit" not in " ".join(legal(state))


# --- bonus actions -------------------------------------------------------------------------


def test_anglo_bonus_move_one_unit_or_coin() -> None:
    state = empty()
    put(state, "kent", "anglo", 3)
    state["coins"]["anglo"] = 1
    state = resolving(state, "anglo", 2)
    assert {"bonus coin", "bonus move"} <= set(legal(state))
    state = act(state, "bonus move", "move kent essex")
    assert n(state, "essex", "anglo") == 1
    assert not [a for a in legal(state) if a.startswith("bonus")]
    assert not [a for a in legal(state) if a.startswith("move")]  # one unit only


def test_bonus_comes_before_the_actions() -> None:
    state = empty()
    put(state, "kent", "viking", 1)
    state = resolving(state, "viking", 3)
    assert "bonus norway" in legal(state)
    state = act(state, "scout essex norway")
    assert any(a.startswith("move") for a in legal(state))
    assert not [a for a in legal(state) if a.startswith("bonus")]


def test_anglo_bonus_coin() -> None:
    state = resolving(empty(), "anglo", 1)
    state = act(state, "bonus coin")
    assert state["coins"]["anglo"] == 1


def test_viking_bonus_recruit_one_warrior_equal_spread() -> None:
    state = empty()
    put(state, "norway", "viking", 1)
    put(state, "svealand", "viking", 1)
    state = resolving(state, "viking", 3)
    assert [a for a in legal(state) if a.startswith("bonus")] == ["bonus denmark"]
    state = act(state, "bonus denmark")
    assert n(state, "denmark", "viking") == 1


def test_viking_bonus_move_then_actions() -> None:
    state = empty()
    put(state, "norway", "viking", 2)
    state["spaces"]["norway"] = {"marker": "D4", "face_up": True}
    state = resolving(state, "viking", 2)
    state = act(state, "bonus move", "move norway kent", "move norway kent")  # then done, forced
    assert n(state, "kent", "viking") == 2
    assert any(a.startswith("recruit") for a in legal(state))


# --- Viking actions -------------------------------------------------------------------------


def test_viking_recruitment_equal_spread() -> None:
    state = empty()
    put(state, "norway", "viking", 2)
    put(state, "denmark", "viking", 1)
    state = resolving(state, "viking", 4)
    recruits = [a for a in legal(state) if a.startswith("recruit")]
    assert {a.split()[1] for a in recruits} == {"svealand"}
    state = act(state, "recruit svealand warrior")
    assert {a.split()[1] for a in legal(state) if a.startswith("recruit")} == {"svealand", "denmark"}
    state = act(state, "recruit denmark warrior", "recruit svealand warrior")
    assert [n(state, a, "viking") for a in SCANDINAVIA] == [2, 2, 2]


def test_viking_recruitment_limit() -> None:
    state = resolving(empty(), "viking", 4)
    for _ in range(VIKING_RECRUITS):
        state = act(state, next(a for a in legal(state) if a.startswith("recruit") and a.endswith("warrior")))
    assert sum(n(state, a, "viking") for a in SCANDINAVIA) == VIKING_RECRUITS == 3
    assert not any(a.startswith("recruit") for a in legal(state))


def test_scout_is_secret() -> None:
    state = empty()
    put(state, "norway", "viking", 1)
    state = resolving(state, "viking", 1)
    state = act(state, "scout northumbria norway")
    assert state["spaces"]["norway"] == {"marker": "D1", "face_up": False}
    for seat in (A, None):
        view = saga.view(state, seat)
        assert view["destinations"][0] == {
            "space": "norway",
            "state": "face_down",
            "marker": None,
            "target": None,
        }
        assert '"D1"' not in json.dumps({k: v for k, v in view.items() if k != "log"})
    mine = saga.view(state, V)["private"]
    assert mine["scouted"] == [{"space": "norway", "marker": "D1", "target": "northumbria"}]
    assert "D1" not in json.dumps(state["log"]) and "Northumbria" not in state["log"][-1]["text"]


def test_scout_replaces_a_marker_already_there() -> None:
    state = empty()
    state["spaces"]["denmark"] = {"marker": "D3", "face_up": True}
    state["pool"].remove("D3")
    state = resolving(state, "viking", 1)
    state = act(state, "scout kent denmark")
    assert state["spaces"]["denmark"]["marker"] == "D4"
    assert sorted(state["pool"]) == ["D1", "D2", "D3", "D5"]


def test_scouted_destination_revealed_on_move() -> None:
    state = empty()
    put(state, "norway", "viking", 3)
    state["spaces"]["norway"] = {"marker": "D1", "face_up": False}
    state["pool"].remove("D1")
    state = resolving(state, "viking", 4)
    before = state["reveals"]
    state = act(state, "move norway northumbria")
    assert state["spaces"]["norway"]["face_up"] and state["reveals"] == before + 1
    state = act(state, "move norway northumbria", "move norway northumbria")
    assert n(state, "northumbria", "viking") == 3
    assert saga.view(state, A)["destinations"][0]["target"] == "northumbria"


def test_draw_a_destination_and_must_move_one() -> None:
    state = empty()
    put(state, "svealand", "viking", 2, "VL2")
    state["pool"] = ["D3"]  # the draw will be Essex
    state = resolving(state, "viking", 1)
    state = act(state, "sail svealand")
    assert state["spaces"]["svealand"] == {"marker": "D3", "face_up": True}
    # no done, no other move until one unit has gone to Essex
    assert sorted(legal(state)) == ["move VL2 essex", "move svealand essex"]
    state = act(state, "move svealand essex")
    assert "done" in legal(state) and "move svealand essex" in legal(state)


def test_one_sail_per_movement_lands_one_group() -> None:
    # The audit's case: 5 warriors in Norway used to land in 5 coastal areas with one
    # Movement by drawing again and again. Now the draw fixes the way for the whole action.
    state = empty()
    put(state, "norway", "viking", 5)
    state["pool"] = ["D1", "D2", "D3", "D4", "D5"]
    state = resolving(state, "viking", 1)
    state = act(state, "sail norway")  # the one forced warrior goes at once
    target = MARKERS[state["spaces"]["norway"]["marker"]]
    state = act(state, f"move norway {target}")
    assert not [a for a in legal(state) if a.startswith("sail")]
    assert [a for a in legal(state) if a.startswith("move")] == [f"move norway {target}"]
    state = act(state, "done")
    landed = [a for a in ENGLAND if n(state, a, "viking")]
    assert landed == [target] and n(state, target, "viking") == 2 and n(state, "norway", "viking") == 3


def test_no_sail_once_the_group_has_set_off() -> None:
    state = empty()
    put(state, "norway", "viking", 2)
    state["spaces"]["norway"] = {"marker": "D1", "face_up": True}
    state["pool"] = ["D5"]
    state = resolving(state, "viking", 1)
    state = act(state, "move norway northumbria")
    assert legal(state) == ["move norway northumbria", "done"]


def test_redraw_a_face_up_destination() -> None:
    state = empty()
    put(state, "norway", "viking", 1)
    state["spaces"]["norway"] = {"marker": "D1", "face_up": True}
    state["pool"] = ["D5"]
    state = resolving(state, "viking", 1)
    assert "move norway northumbria" in legal(state) and "sail norway" in legal(state)
    state = act(state, "sail norway")
    assert state["spaces"]["norway"]["marker"] == "D5" and state["pool"] == ["D1"]
    assert n(state, "wessex", "viking") == 1  # the only possible move is forced at once


def test_vikings_move_within_scandinavia_but_not_home_from_england() -> None:
    state = empty()
    put(state, "svealand", "viking", 1)
    put(state, "kent", "viking", 1)
    state = resolving(state, "viking", 1)
    moves = {a for a in legal(state) if a.startswith("move")}
    assert moves == {
        "move svealand norway",
        "move svealand denmark",
        "move kent wessex",
        "move kent essex",
    }


# --- combat -------------------------------------------------------------------------------


def test_three_combat_example() -> None:
    state = empty()
    fort(state, "mercia", "essex")
    put(state, "northumbria", "viking", 1)
    put(state, "northumbria", "anglo", 1)
    put(state, "mercia", "viking", 1, "VL4")  # the Plunderer
    put(state, "mercia", "anglo", 0, "AL2")  # Horn Thegn: brings a unit from nearby
    put(state, "wessex", "anglo", 1)
    put(state, "hwicce", "viking", 1)
    state["leaders"]["VL4"]["where"] = "board"
    put(state, "essex", "viking", 3, "VL1", "VL2")  # Siege-Breaker and a hidden Sea-King
    put(state, "essex", "anglo", 2, "AL3")  # Silver Envoy: a Viking unit to the Drakkar
    put(state, "kent", "anglo", 1)
    state = fighting(state)
    assert state["combat"]["step"] == "order" and saga.to_act(state) == [V]
    assert sorted(legal(state)) == ["fight essex", "fight mercia", "fight northumbria"]
    # 1. Northumbria: a draw, the Viking warrior retreats to the Drakkar
    state = act(state, "fight northumbria")
    assert state["drakkar"]["warriors"] == 1 and n(state, "northumbria", "anglo") == 1
    # 2. Mercia: Plunderer revealed, Horn Thegn brings the warrior from Wessex; 2 - 2
    state = act(state, "fight mercia", "reveal VL4")
    assert saga.to_act(state) == [A] and "reveal AL2" in legal(state)
    state = act(state, "reveal AL2")
    assert state["combat"]["step"] == "ability" and "bring wessex warrior" in legal(state)
    state = act(state, "bring wessex warrior")  # nobody has a leader left to reveal
    assert state["combat"]["strength"] == {"viking": 2, "anglo": 2}
    assert state["combat"]["winner"] == "anglo"
    state = act(state, "lose warrior", "lose warrior")  # one each
    # the Viking leader retreats (to Hwicce, the only area with Vikings and no Stronghold)
    assert state["areas"]["hwicce"]["viking"]["leaders"] == ["VL4"]
    assert state["areas"]["mercia"]["stronghold"]  # no pillage after a lost combat
    assert state["combat"]["revealed"] == [] and state["leaders"]["VL4"]["known"]
    # 3. Essex: the last combat starts at once
    assert state["combat"]["area"] == "essex"
    state = act(state, "reveal VL1", "reveal AL3")
    assert sorted(legal(state)) == ["drakkar VL1", "drakkar VL2", "drakkar warrior"]
    state = act(state, "drakkar VL1")
    assert saga.to_act(state) == [V] and "reveal VL2" in legal(state)
    state = act(state, "pass")
    assert state["combat"]["strength"] == {"viking": 4, "anglo": 3}
    assert state["combat"]["losses"] == {"viking": 1, "anglo": 2}
    state = act(state, "lose warrior", "lose warrior", "lose warrior")
    assert state["combat"]["step"] == "retreat"
    assert sorted(legal(state)) == ["retreat east_anglia", "retreat kent", "retreat mercia"]
    state = act(state, "retreat kent")
    assert state["areas"]["essex"]["anglo"] == {"warriors": 0, "leaders": []}
    assert state["areas"]["kent"]["anglo"]["leaders"] == ["AL3"]  # the only area without Vikings
    assert state["drakkar"]["leaders"] == ["VL1"]


def test_tie_goes_to_the_anglo_saxons() -> None:
    state = empty()
    put(state, "kent", "viking", 3)
    put(state, "kent", "anglo", 3)
    put(state, "essex", "viking", 1)
    state = fighting(state)
    assert fought(state) == (3, 3)
    assert n(state, "kent", "viking") == 0 and n(state, "essex", "viking") == 3  # 1 lost, 2 retreated
    assert n(state, "kent", "anglo") == 2


def test_casualties_one_per_two_strength() -> None:
    state = empty()
    put(state, "kent", "viking", 5)
    put(state, "kent", "anglo", 3)
    state = fighting(state)
    # Vikings 5 -> Anglo-Saxons lose 2; Anglo-Saxons 3 -> Vikings lose 1; the last Saxon retreats
    state = act(state, "retreat essex")
    assert "retreats 1 unit from Kent to Essex" in [e["text"] for e in state["log"]]
    assert n(state, "kent", "viking") == 4 and n(state, "essex", "anglo") == 1
    assert n(state, "kent", "anglo") == 0 and state["supply"]["anglo"]["warriors"] == 12 - 3 + 2


@pytest.mark.parametrize(
    ("kind", "fort_here", "strength"),
    [
        ("burh_warden", True, 2),
        ("burh_warden", False, 1),
        ("field_thegn", False, 3),
        ("field_thegn", True, 1),
    ],
)
def test_anglo_strength_leaders(kind: str, fort_here: bool, strength: int) -> None:
    state = empty(AL1=kind, AL4="burh_warden" if kind == "field_thegn" else "field_thegn")
    if fort_here:
        fort(state, "kent")
    put(state, "kent", "viking", 3)
    put(state, "kent", "anglo", 0, "AL1")
    state = fighting(state)
    state = act(state, "reveal AL1")
    assert fought(state)[1] == strength


@pytest.mark.parametrize("fort_here", [True, False])
def test_siege_breaker(fort_here: bool) -> None:
    state = empty()
    if fort_here:
        fort(state, "kent")
    put(state, "kent", "viking", 0, "VL1")
    put(state, "kent", "anglo", 3)
    state = fighting(state)
    state = act(state, "reveal VL1")
    assert fought(state)[0] == (2 if fort_here else 1)


def test_hidden_leaders_fight_with_strength_one() -> None:
    state = empty()
    fort(state, "kent")
    put(state, "kent", "viking", 0, "VL1")
    put(state, "kent", "anglo", 1)
    state = fighting(state)
    state = act(state, "pass")
    assert fought(state) == (1, 1)
    assert state["leaders"]["VL1"]["known"] is False


def test_reinforce_needs_a_non_engaged_unit() -> None:
    state = empty()
    put(state, "kent", "viking", 2)
    put(state, "kent", "anglo", 0, "AL2")
    put(state, "essex", "anglo", 1)
    put(state, "essex", "viking", 1)  # engaged
    put(state, "wessex", "anglo", 2)
    state = fighting(state)
    state = act(state, "fight kent", "reveal AL2")
    assert sorted(legal(state)) == ["bring wessex warrior", "skip"]


def test_sea_king_brings_a_unit_to_a_coastal_combat() -> None:
    state = empty()
    put(state, "kent", "viking", 0, "VL2")
    put(state, "kent", "anglo", 2)
    put(state, "denmark", "viking", 1)
    state = fighting(state)
    state = act(state, "reveal VL2", "bring denmark warrior")
    assert n(state, "denmark", "viking") == 0
    assert fought(state) == (2, 2)
    assert sorted(legal(state)) == ["lose VL2", "lose warrior"]


def test_sea_king_does_nothing_inland() -> None:
    state = empty()
    put(state, "mercia", "viking", 0, "VL2")
    put(state, "mercia", "anglo", 2)
    put(state, "denmark", "viking", 1)
    state = fighting(state)
    state = act(state, "reveal VL2")
    assert n(state, "denmark", "viking") == 1


def test_berserker_and_the_set_aside_leader() -> None:
    state = empty()
    put(state, "kent", "viking", 1, "VL3")
    put(state, "kent", "anglo", 3, "AL1")
    state = fighting(state)
    state = act(state, "reveal VL3")
    assert state["leaders"]["VL3"]["where"] == "removed"
    assert state["leaders"]["VL4"]["where"] == "supply"  # first loss: the set-aside leader comes in
    assert sorted(legal(state)) == ["done", "slay AL1", "slay warrior"]
    state = act(state, "slay AL1", "slay warrior")
    assert state["leaders"]["AL1"]["where"] == "removed"
    assert state["leaders"]["AL4"]["where"] == "supply"
    assert n(state, "kent", "anglo") in (0, 2)


def test_only_the_first_loss_brings_the_set_aside_leader() -> None:
    state = empty()
    put(state, "kent", "viking", 5)
    put(state, "kent", "anglo", 0, "AL1", "AL2")
    state = fighting(state)
    state = act(state, "pass")  # the Vikings have no leader: the Anglo-Saxons pass
    state = act(state, "lose AL1")  # then AL2 is the only choice left and goes at once
    assert state["leaders"]["AL4"]["where"] == "supply"
    assert state["leaders"]["AL1"]["where"] == "removed"
    assert state["leaders"]["AL2"]["where"] == "removed"
    assert [d["where"] for t, d in state["leaders"].items() if t.startswith("AL")].count("supply") == 2


def test_plunderer_pillages_a_stronghold() -> None:
    state = empty()
    fort(state, "kent")
    put(state, "kent", "viking", 2, "VL4")
    put(state, "kent", "anglo", 1)
    state["leaders"]["VL4"]["where"] = "board"
    state = fighting(state)
    state = act(state, "reveal VL4")
    assert not state["areas"]["kent"]["stronghold"]
    assert state["supply"]["anglo"]["strongholds"] == 5
    assert state["coins"]["viking"] == 2


def test_plunderer_pillages_even_if_he_falls() -> None:
    state = empty()
    put(state, "essex", "viking", 0, "VL4")
    state["leaders"]["VL4"]["where"] = "board"
    put(state, "essex", "viking", 0, "VL1")
    put(state, "essex", "anglo", 0, "AL4")  # Field Thegn, 3 in an area without a Stronghold
    put(state, "essex", "viking", 3)
    state = fighting(state)
    state = act(state, "reveal VL4", "reveal AL4", "reveal VL1")
    assert fought(state) == (5, 3)  # Vikings win; they lose one unit per 2 Saxon strength
    state = act(state, "lose VL4")
    assert state["leaders"]["VL4"]["where"] == "removed"
    assert state["coins"]["viking"] == 1  # Pillage without a Stronghold: 1 coin


def test_viking_retreat_restrictions() -> None:
    state = empty()
    fort(state, "essex")
    put(state, "kent", "viking", 1)
    put(state, "kent", "anglo", 1)
    put(state, "essex", "viking", 1)  # Stronghold: forbidden
    state = fighting(state)
    assert sorted(legal(state)) == ["retreat drakkar", "retreat wessex"]  # empty area or the Drakkar


def test_viking_retreat_must_join_own_units() -> None:
    state = empty()
    put(state, "kent", "viking", 1)
    put(state, "kent", "anglo", 1)
    put(state, "wessex", "viking", 1)
    state = fighting(state)
    assert state["areas"]["wessex"]["viking"]["warriors"] == 2  # forced, taken at once


def test_viking_inland_retreat_without_drakkar_is_removal() -> None:
    state = empty()
    put(state, "hwicce", "viking", 2)
    put(state, "hwicce", "anglo", 2)
    put(state, "mercia", "anglo", 1)
    put(state, "wessex", "anglo", 1)
    state = fighting(state)
    assert n(state, "hwicce", "viking") == 0 and state["supply"]["viking"]["warriors"] == 12


def test_anglo_retreat_cannot_enter_viking_areas() -> None:
    state = empty()
    put(state, "northumbria", "viking", 4)
    put(state, "northumbria", "anglo", 1, "AL1")
    put(state, "mercia", "viking", 1)
    state = fighting(state)
    state = act(state, "pass")  # AL1 stays hidden
    state = act(state, "lose warrior")
    assert n(state, "northumbria", "anglo") == 0 and state["leaders"]["AL1"]["where"] == "removed"


# --- end of round -------------------------------------------------------------------------


def _end(state: State) -> State:
    state["phase"] = "combat"
    flow.end_round(state)
    return state


def test_round_marker_inland_coins_and_drakkar_return() -> None:
    state = empty()
    put(state, "mercia", "viking", 1)
    put(state, "hwicce", "viking", 1)
    put(state, "kent", "anglo", 1)
    put(state, "norway", "viking", 1)
    put(state, "drakkar", "viking", 2, "VL1")
    state["track"]["round"] = 6
    state = _end(state)
    assert state["track"]["round"] == 5
    assert state["coins"]["viking"] == 2
    assert state["phase"] == "return"
    assert sorted(saga.legal_actions(state, V)) == [
        "return VL1 denmark",
        "return VL1 svealand",
        "return warrior denmark",
        "return warrior svealand",
    ]
    state = act(state, "return VL1 svealand")
    assert n(state, "denmark", "viking") == 1  # the only lowest area: placed at once
    state = act(state, "return warrior norway")
    assert [n(state, a, "viking") for a in SCANDINAVIA] == [2, 1, 1]
    assert state["phase"] == "draft" and state["round"] == 2


@pytest.mark.parametrize(
    ("setup_fn", "winner", "reason"),
    [
        ("round", A, "Round marker"),
        ("no_vikings", A, "no Viking"),
        ("both", A, "Round marker"),
        ("five_areas", V, "control 5"),
        ("coins", V, "8 coins"),
        ("no_saxons", V, "no Anglo-Saxon"),
    ],
)
def test_victory_conditions(setup_fn: str, winner: int, reason: str) -> None:
    state = empty()
    put(state, "kent", "viking", 1)
    put(state, "mercia", "anglo", 1)
    state["track"].update(round=5, stronghold=2)
    if setup_fn in ("round", "both"):
        state["track"]["stronghold"] = 5
    if setup_fn == "no_vikings":
        state["areas"]["kent"]["viking"]["warriors"] = 0
    if setup_fn in ("five_areas", "both"):
        for area in ("essex", "wessex", "hwicce", "east_anglia"):
            put(state, area, "viking", 1)
    if setup_fn == "coins":
        state["coins"]["viking"] = 8
    if setup_fn == "no_saxons":
        state["areas"]["mercia"]["anglo"]["warriors"] = 0
    state = _end(state)
    result = saga.outcome(state)
    assert result is not None and result["winners"] == [winner] and reason in result["reason"]
    assert saga.to_act(state) == []
    view = saga.view(state, None)
    assert view["over"] and view["outcome"] == result


def test_no_winner_continues() -> None:
    state = empty()
    put(state, "kent", "viking", 1)
    put(state, "mercia", "anglo", 1)
    state["track"].update(round=5, stronghold=2)
    state = _end(state)
    assert saga.outcome(state) is None and state["round"] == 2


# --- hidden information, views and labels -------------------------------------------------


def test_hidden_leader_shows_only_as_a_leader() -> None:
    state = empty()
    put(state, "kent", "viking", 0, "VL3")
    put(state, "kent", "anglo", 1, "AL1")
    for seat, side, own, theirs in ((V, "viking", "VL3", "AL1"), (A, "anglo", "AL1", "VL3")):
        view = saga.view(state, seat)
        kent = next(a for a in view["areas"] if a["id"] == "kent")
        other = "anglo" if side == "viking" else "viking"
        assert kent[other]["leaders"] == [
            {"tag": theirs, "side": other, "ability": None, "name": None, "revealed": False}
        ]
        assert own in view["private"]["leaders"]
        assert theirs not in view["private"]["leaders"]
    public = json.dumps(saga.view(state, None))
    assert "berserker" not in public and "burh_warden" not in public
    assert "VL4" not in json.dumps(saga.view(state, V)["private"])  # set aside: unknown


def test_view_has_the_contract_keys() -> None:
    state = saga.setup(5, 2)
    for seat in (None, 0, 1):
        view = saga.view(state, seat)
        for key in ("game", "seat", "players", "to_act", "prompt", "log", "over", "outcome", "private"):
            assert key in view
        assert view["game"] == "saga" and view["players"] == 2
        assert len(view["areas"]) == 10 and len(view["tiles"]) == 4 and len(view["destinations"]) == 3
    assert saga.view(state, None)["private"] is None


def test_labels_are_short_and_name_hidden_leaders_only_for_their_owner() -> None:
    state = empty()
    put(state, "kent", "viking", 1, "VL3")
    put(state, "kent", "anglo", 1, "AL1")
    state = fighting(state)
    assert saga.label(state, "reveal VL3") == "Reveal leader VL3 (Berserker)"
    assert saga.label(state, "take 2").startswith("Take tile 2")
    for action in legal(state):
        assert len(saga.label(state, action)) <= 80


def test_illegal_actions_change_nothing() -> None:
    state = saga.setup(9, 2)
    before = json.dumps(state)
    with pytest.raises(IllegalAction):
        saga.apply(state, saga.to_act(state)[0], "take 9")
    with pytest.raises(IllegalAction):
        saga.apply(state, 1 - saga.to_act(state)[0], "take 1")
    assert json.dumps(state) == before


def test_commands_have_at_most_two_arguments() -> None:
    for command in saga.COMMANDS:
        assert len(command["args"]) <= 2
    assert saga.OPTIONS[0]["name"] == "side"
