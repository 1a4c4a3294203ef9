"""Scripted Reavers of Midgard scenarios: raids and Spoils, combat with Favor re-rolls,
Conquer Territories, Battle at Sea, artifacts, ship upgrades, cleanup, scoring and secrets."""

from __future__ import annotations

import json
from typing import Any

from games import reavers
from games.core import State
from games.reavers import scoring
from games.reavers.dice import roll_face
from tests.games.reavers_helpers import (
    act,
    codes,
    end_round,
    finish,
    game,
    rng_for,
    rolls,
    set_dice,
    stack_deck,
    top,
)
from tests.games.test_playouts import _playout

# --- Raid Villages and Raid Keeps ----------------------------------------------------------


def test_raid_villages_costs_two_chest_dice_and_a_wild_clan_die_counts() -> None:
    state = game(2)
    state["seats"][0]["leader"] = "R01"  # red clan: red clan faces are wild
    set_dice(state, 0, "blue-chest", "red-clan", "red-hammer")
    state = act(state, "place villages")
    assert "join" in reavers.legal_actions(state, 0)
    state["seats"][0]["leader"] = None
    assert "join" not in reavers.legal_actions(state, 0)
    state["seats"][0]["leader"] = "R01"
    state = act(state, "join")
    assert codes(state, 0) == ["red-hammer"]


def test_raid_villages_pair_then_bonus_cards_farm_food_and_optional_pillage() -> None:
    state = game(2)
    set_dice(state, 0, "red-chest", "red-chest")
    state["board"]["villages"][0] = ["V01", "V11"]  # a Farm (+3 Food) and a Village Wall (+1 Favor)
    stack_deck(state, "villages", "V19", "V20")  # the active player's 2 bonus cards: upgrades
    food, favor = state["seats"][0]["food"], state["seats"][0]["favor"]
    state = act(act(act(state, "place villages"), "join"), "take pair 1")
    p = state["seats"][0]
    assert p["food"] == food + 3 and p["favor"] == favor + 1  # no hammers: no pillage offered
    assert [u["token"] for u in p["upgrades"]] == ["U1", "U2"]
    assert state["board"]["villages"][0] is None
    assert {"V01", "V11"} <= set(state["discards"]["villages"])


def test_ship_upgrade_whose_token_is_gone_gives_glory_and_a_full_ship_may_swap() -> None:
    state = game(2)
    set_dice(state, 0, "red-chest", "red-chest")
    state["board"]["upgrades"].remove("U1")
    state["seats"][0]["upgrades"] = [{"token": t, "ready": True} for t in ("U3", "U4", "U5")]
    state["board"]["upgrades"] = [u for u in state["board"]["upgrades"] if u not in ("U3", "U4", "U5")]
    state["board"]["villages"][0] = ["V19", "V20"]  # U1 (gone) and U2
    stack_deck(state, "villages", "V01", "V02")
    glory = state["seats"][0]["glory"]
    state = act(act(act(state, "place villages"), "join"), "take pair 1")
    assert state["seats"][0]["glory"] == glory + 2
    assert reavers.legal_actions(state, 0) == ["replace U3", "replace U4", "replace U5", "skip"]
    state = act(state, "replace U4")
    assert [u["token"] for u in state["seats"][0]["upgrades"]] == ["U3", "U5", "U2"]
    assert "U4" in state["board"]["upgrades"]


def test_artifact_goes_on_a_free_space_and_with_four_the_player_chooses() -> None:
    state = game(2)
    set_dice(state, 0, "red-chest", "red-chest")
    state["seats"][0]["artifacts"] = [{"card": c, "die": None} for c in ("V25", "V26", "V27")]
    state["board"]["villages"][0] = ["V28", "V29"]
    stack_deck(state, "villages", "V01", "V02")
    state = act(act(act(state, "place villages"), "join"), "take pair 1")
    p = state["seats"][0]
    assert [a["card"] for a in p["artifacts"]] == ["V25", "V26", "V27", "V28"]
    assert reavers.legal_actions(state, 0)[-1] == "skip"
    state = act(state, "skip")
    assert "V29" in state["seats"][0]["pile"]


def test_raid_keeps_costs_two_shields_and_two_food_treasures_go_to_the_glory_pile() -> None:
    state = game(3, start=0)
    set_dice(state, 0, "red-shield", "blue-shield")
    set_dice(state, 1, "red-shield")
    state["board"]["keeps"][0] = ["K01", "K36"]  # Gold, and a Tower (+red and yellow dice)
    stack_deck(state, "keeps", "K02", "K03")
    food = state["seats"][0]["food"]
    state = act(act(state, "place keeps"), "join")
    state["rng"] = rng_for(state, lambda s: roll_face(s, "red") == "hammer")  # the Tower may be pillaged
    state = act(state, "take pair 1")
    assert sorted(d["color"] for d in state["seats"][0]["dice"]) == ["red", "yellow"]  # the Tower's
    assert reavers.legal_actions(state, 1) == []
    state = finish(state, 0)  # no pillage of the Tower
    p = state["seats"][0]
    assert p["food"] == food - 2 and sorted(p["pile"][-3:]) == ["K01", "K02", "K03"]
    assert "K36" in state["discards"]["keeps"]
    assert "join" not in reavers.legal_actions(state, 1)  # one shield and no upgrade


def test_a_random_keep_treasure_is_never_named_in_public() -> None:
    state = game(2)
    set_dice(state, 0, "red-shield", "blue-shield")
    stack_deck(state, "keeps", "K01", "K11", "K20")  # Gold, Gold, Art
    state = act(act(act(state, "place keeps"), "join"), "take pair deck")
    public = json.dumps(reavers.view(state, None))
    for card in ("K01", "K11", "K20"):
        assert card in state["seats"][0]["pile"] and f'"{card}"' not in public
    assert not any(word in line["text"] for line in state["log"][-4:] for word in ("Gold", "Art"))
    mine = reavers.view(state, 0)["private"]["glory_pile"]
    assert {"K01", "K11", "K20"} <= {c["id"] for c in mine}
    assert reavers.view(state, 1)["seats"][0]["glory_pile"] == len(state["seats"][0]["pile"])


# --- combat -------------------------------------------------------------------------------


def _farm_fight(favor: int) -> dict:
    state = game(2)
    set_dice(state, 0, "red-chest", "red-chest", "red-double", "blue-hammer", "blue-shield")
    state["seats"][0]["favor"] = favor
    state["board"]["villages"][0] = ["V02", "V01"]  # Farm defense 2 (3 Glory), Farm defense 1
    stack_deck(state, "villages", "V03", "V04")
    state = act(act(act(state, "place villages"), "join"), "take pair 1")
    assert top(state)["card"] == "V02"
    return state


def test_pillage_turns_hammers_into_combat_dice_double_hammers_count_twice() -> None:
    state = _farm_fight(favor=0)
    assert reavers.legal_actions(state, 0) == ["fight 1", "fight 2", "fight 3", "skip"]
    state["rng"] = rng_for(state, lambda s: sum(rolls(s, 2)[0]) >= 2)
    state = act(state, "fight 2")
    assert codes(state, 0) == ["blue-hammer", "blue-shield"]  # the double hammer was enough
    fight = state["combat"]
    assert fight["result"] == "won" and sum(fight["dice"]) >= fight["defense"] == 2


def test_a_failed_pillage_without_favor_loses_the_dice_and_the_card() -> None:
    state = _farm_fight(favor=0)
    glory = state["seats"][0]["glory"]
    state["rng"] = rng_for(state, lambda s: sum(rolls(s, 3)[0]) < 2)
    state = act(state, "fight 3")
    assert state["combat"]["result"] == "lost" and codes(state, 0) == ["blue-shield"]
    assert state["seats"][0]["glory"] == glory and "V02" in state["discards"]["villages"]


def _fails_then_blanks_win(s: dict) -> bool:
    first = rolls(s, 3)[0]
    if sum(first) >= 2 or 0 not in first:
        return False
    again = rolls(s, first.count(0))[0]
    return sum(first) + sum(again) >= 2


def test_favor_rerolls_are_decisions_and_blanks_only_rerolls_the_zeros() -> None:
    state = _farm_fight(favor=2)
    state["rng"] = rng_for(state, _fails_then_blanks_win)
    glory = state["seats"][0]["glory"]
    state = act(state, "fight 3")
    first = list(state["combat"]["dice"])
    assert state["combat"]["result"] is None and top(state)["kind"] == "roll"
    assert reavers.midway(state)
    assert {"reroll blanks", "reroll all", "stop"} <= set(reavers.legal_actions(state, 0))
    state = act(state, "reroll blanks")
    fight = state["combat"]
    assert [v for v, old in zip(fight["dice"], first, strict=True) if old] == [v for v in first if v]
    assert fight["result"] == "won" and fight["rerolls"] == 1
    assert state["seats"][0]["favor"] == 1 and state["seats"][0]["glory"] == glory + 3


def test_stopping_after_a_failed_roll_keeps_the_favor_and_loses() -> None:
    state = _farm_fight(favor=2)
    state["rng"] = rng_for(state, lambda s: sum(rolls(s, 1)[0]) < 2)
    state = act(act(state, "fight 1"), "stop")
    assert state["combat"]["result"] == "lost" and state["seats"][0]["favor"] == 2


# --- Conquer Territories -------------------------------------------------------------------


def test_conquer_peacefully_with_food_favor_or_dice_and_reveal_the_reward() -> None:
    state = game(2)
    board = state["board"]["territories"]
    board["food"] = [t for t in board["food"] if t != "T04"] + ["T04"]  # cost 6 Food: 3 Glory
    board["favor"] = [t for t in board["favor"] if t != "T19"] + ["T19"]  # cost 1 Favor: 3 Food
    board["dice"] = [t for t in board["dice"] if t != "T10"] + ["T10"]  # cost 2 dice: 3 Food
    p = state["seats"][0]
    p.update(food=10, favor=1)
    set_dice(state, 0, "red-shield", "blue-chest", "yellow-clan")
    state = act(act(state, "place conquer"), "join")
    state = act(state, "conquer food peace")
    assert state["seats"][0]["food"] == 4 and state["seats"][0]["glory"] == 3
    state = act(state, "conquer favor peace")
    assert state["seats"][0]["favor"] == 0 and state["seats"][0]["food"] == 7
    state = act(state, "conquer dice peace")
    assert top(state)["kind"] == "discard"
    state = act(act(state, "give red-shield"), "give yellow-clan")
    assert codes(state, 0) == ["blue-chest"] and state["seats"][0]["territories"] == ["T04", "T19", "T10"]
    assert reavers.to_act(state) == [1]  # three conquer actions used


def test_conquer_by_force_and_one_glory_per_tile_at_every_cleanup() -> None:
    state = game(2)
    board = state["board"]["territories"]
    board["food"] = [t for t in board["food"] if t != "T01"] + ["T01"]  # defense 1, reward 3 Food
    set_dice(state, 0, "red-double")
    state["seats"][0]["favor"] = 0
    state = act(act(state, "place conquer"), "join")
    state = act(state, "conquer food force")
    assert reavers.legal_actions(state, 0) == ["fight 2", "stop"]  # a double hammer is never split
    state["rng"] = rng_for(state, lambda s: sum(rolls(s, 2)[0]) >= 1)
    state = act(state, "fight 2")
    assert state["seats"][0]["territories"] == ["T01"]
    glory = state["seats"][0]["glory"]
    state = end_round(finish(state, 0))
    assert state["seats"][0]["glory"] == glory + 1


# --- Battle at Sea -------------------------------------------------------------------------


def test_sea_battle_costs_four_food_a_journey_then_the_exact_dice_beat_it() -> None:
    state = game(2)
    state["board"]["sea"][0] = "B03"  # double hammer + shield, 4 Glory and 3 Food
    stack_deck(state, "journeys", "J01")
    set_dice(state, 0, "red-double", "blue-shield", "yellow-chest")
    state["seats"][0].update(food=4, glory=0)
    state = act(act(state, "place sea"), "join")
    assert state["seats"][0]["food"] == 0 and state["seats"][0]["glory"] == 2  # the active bonus
    state = act(state, "take battle B03")
    assert reavers.legal_actions(state, 0) == ["beat", "fight 2", "stop", "fight 2 repeat"]
    state = act(state, "beat")
    p = state["seats"][0]
    assert p["glory"] == 6 and p["food"] == 3 and codes(state, 0) == ["yellow-chest"]
    assert "B03" in p["pile"] and state["board"]["sea"][0] is None


def test_a_journey_is_paid_with_dice_or_suffered_and_a_lost_battle_stays_on_offer() -> None:
    state = game(2)
    state["board"]["sea"][0] = "B05"
    stack_deck(state, "journeys", "J06")  # Storm: a shield or lose a die
    set_dice(state, 0, "blue-shield", "red-hammer")
    state["seats"][0].update(food=4, favor=0)
    state = act(act(act(state, "place sea"), "join"), "take battle B05")
    # paying spends the shield and leaves the hammer; a Storm suffered takes a die of the
    # player's choosing, so only paying goes on to the battle in the same press
    assert reavers.legal_actions(state, 0) == ["journey pay", "journey suffer", "journey pay fight 1"]
    paid = act(state, "journey pay")
    assert codes(paid, 0) == ["red-hammer"] and top(paid)["kind"] == "battle"
    suffered = act(state, "journey suffer")
    assert reavers.legal_actions(suffered, 0) == ["give blue-shield", "give red-hammer"]
    suffered = act(suffered, "give blue-shield")
    suffered["rng"] = rng_for(suffered, lambda s: sum(rolls(s, 1)[0]) < 3)
    suffered = act(suffered, "fight 1")
    assert suffered["combat"]["result"] == "lost" and suffered["board"]["sea"][0] == "B05"


# --- ship upgrades and artifacts -----------------------------------------------------------


def test_a_ship_upgrade_stands_for_a_die_face_once_a_round() -> None:
    state = game(2)
    set_dice(state, 0, "red-shield")
    state["seats"][0]["upgrades"] = [{"token": "U3", "ready": True}]  # a shield
    state = act(act(state, "place keeps"), "join")
    assert state["seats"][0]["upgrades"] == [{"token": "U3", "ready": False}] and codes(state, 0) == []
    state = finish(state, 0)
    view = reavers.view(state, None)["seats"][0]["upgrades"]
    assert view[0]["ready"] is False and view[0]["token"]["faces"] == ["shield"]
    state = end_round(state)
    assert state["seats"][0]["upgrades"][0]["ready"] is True


def test_an_artifact_stores_a_die_and_fires_at_its_location_even_for_a_player_who_prepares() -> None:
    state = game(2)
    set_dice(state, 0, "red-hammer", "blue-shield")
    state["seats"][0]["artifacts"] = [{"card": "V34", "die": None}]  # any face; Raid Keeps: +2 Favor
    favor = state["seats"][0]["favor"]
    assert "store V34 red-hammer" in reavers.legal_actions(state, 0)
    state = act(state, "store V34 red-hammer")
    assert reavers.midway(state) and codes(state, 0) == ["blue-shield"]
    state = act(state, "place keeps")
    assert state["seats"][0]["artifacts"][0]["die"] is None
    state = act(state, "prepare food")
    assert state["seats"][0]["favor"] == favor + 2


def test_at_most_ten_dice_on_a_longship_more_go_onto_an_artifact_or_back() -> None:
    state = game(2)
    set_dice(state, 0, *["red-shield"] * 10)
    state["seats"][0]["artifacts"] = [{"card": "V27", "die": None}]  # stores a hammer
    state["board"]["trade_dice"] = [{"color": "red", "face": "hammer"}, {"color": "blue", "face": "chest"}]
    state = act(act(act(state, "place trade"), "join"), "trade red-hammer blue-chest")
    p = state["seats"][0]
    assert len(p["dice"]) == 10 and p["artifacts"][0]["die"] == {"color": "red", "face": "hammer"}


# --- cleanup, scoring, secrets, flow ------------------------------------------------------


def test_final_scoring_counts_every_category_with_sets_past_the_maximum() -> None:
    state = game(3)
    for p in state["seats"]:
        p.update(glory=0, favor=0, food=0, dice=[], leader=None, pile=[], prophecies=[], territories=[])
        p["artifacts"], p["specialized"] = [], {s: [] for s in p["specialized"]}
        p["trophies"] = {"troll": 0, "kraken": 0, "wall": 0}
    a = state["seats"][0]
    a.update(glory=10, favor=3, leader="R01", territories=["T01", "T02", "T03"], prophecies=["P01", "P02"])
    a["pile"] = ["K01", "K02", "K03", "K04", "K05", "K11", "R02"]  # five Gold, one Art, a Reaver
    a["artifacts"] = [{"card": "V25", "die": None}]
    a["trophies"]["troll"] = 2
    state["seats"][1]["trophies"]["troll"] = 2
    state["seats"][2]["trophies"]["troll"] = 1
    rows = scoring.breakdown(state)
    assert rows[0] == {
        "track": 10,
        "artifacts": 2,
        "favor": 6,
        "keep_spoils": 10 + 1 + 2,  # Gold: a full set of four (10), a new set of one (1); Art (2)
        "majorities": 5,
        "prophecies": 5,  # three territories meet P01, not P02
        "reavers": 2,
        "total": 43,
    }
    assert rows[1]["majorities"] == 5 and rows[2]["majorities"] == 2


def test_the_tie_break_is_food_then_dice_then_shared() -> None:
    state = game(2)
    for p in state["seats"]:
        p.update(glory=5, favor=0, leader=None, pile=[], prophecies=[], artifacts=[], dice=[])
        p["specialized"] = {s: [] for s in p["specialized"]}
    state["seats"][0]["food"], state["seats"][1]["food"] = 3, 4
    assert scoring.final_scores(state)["winners"] == [1]
    state["seats"][0]["food"] = 4
    assert scoring.final_scores(state)["winners"] == [0, 1]


def _over(state: State) -> dict[str, Any]:
    state["final"] = scoring.final_scores(state)
    result = reavers.outcome(state)
    assert result is not None
    return result


def test_the_reason_says_what_decided_and_names_nobody() -> None:
    """The outcome line names the winners; the reason only says why (it used to name the
    winner a second time)."""
    state = game(2)
    for p in state["seats"]:
        p.update(glory=5, favor=0, leader=None, pile=[], prophecies=[], artifacts=[], dice=[], food=2)
        p["specialized"] = {s: [] for s in p["specialized"]}
    state["seats"][1]["glory"] = 6
    assert _over(state)["reason"] == "most Glory after 6 rounds"
    state["seats"][1]["glory"] = 5
    state["seats"][1]["food"] = 3
    result = _over(state)
    assert (
        result["winners"] == [1]
        and result["reason"] == f"tied on {result['scores'][1]} Glory; most food left"
    )
    state["seats"][1]["food"] = 2
    state["seats"][0]["dice"] = [{"code": "x"}]
    assert _over(state)["reason"].endswith("Glory and food; most dice")
    state["seats"][0]["dice"] = []
    result = _over(state)
    assert result["winners"] == [0, 1]
    assert result["reason"] == f"tied on {result['scores'][0]} Glory, food and dice: a shared win"


def test_a_whole_game_ends_after_six_rounds_with_the_breakdown() -> None:
    final, _ = _playout(reavers, 3, {}, seed=11, check=False)
    result = reavers.outcome(final)
    assert final["round"] == 6 and reavers.to_act(final) == []
    assert result["scores"] == [row["total"] for row in result["breakdown"]]
    assert result["winners"] and max(result["scores"]) == result["scores"][result["winners"][0]]


def test_prophecies_are_private_others_see_counts() -> None:
    state = game(3)
    mine = state["seats"][1]["prophecies"][0]
    assert reavers.view(state, 1)["private"]["prophecies"][0]["id"] == mine
    for viewer in (None, 0, 2):
        view = reavers.view(state, viewer)
        assert f'"{mine}"' not in json.dumps(view)
        assert view["seats"][1]["prophecies"] == 1
    assert reavers.view(state, None)["private"] is None


def test_midway_is_true_only_inside_a_seats_part() -> None:
    state = game(2)
    set_dice(state, 0, "red-shield", "blue-shield")
    state = act(state, "place keeps")
    assert not reavers.midway(state)
    state = act(state, "join")
    assert reavers.midway(state)
    state = finish(state, 0)
    assert reavers.to_act(state) == [1] and not reavers.midway(state)


def test_the_view_has_the_keys_of_the_contract_schema() -> None:
    state = game(3)
    set_dice(state, 0, "red-shield", "blue-shield")
    state = act(act(state, "place keeps"), "join")
    view = reavers.view(state, None)
    assert set(view) == {
        "game", "seat", "players", "to_act", "prompt", "phase", "round", "rounds", "options", "start",
        "honor", "picks", "queue", "locations", "board", "decks", "discards", "seats", "resolving",
        "starting", "combat", "log", "over", "outcome", "private",
    }  # fmt: skip
    assert set(view["board"]) == {
        "recruit",
        "trade_dice",
        "prophecies",
        "villages",
        "keeps",
        "sea",
        "territories",
        "upgrades",
    }
    assert set(view["seats"][0]) == {
        "seat", "food", "favor", "glory", "pawns", "dice", "leader", "specialized", "artifacts",
        "upgrades", "territories", "trophies", "prophecies", "glory_pile",
    }  # fmt: skip
    assert set(view["resolving"]) == {
        "location", "active", "order", "current", "answers", "step", "left", "cards", "discard", "target",
    }  # fmt: skip
    assert view["resolving"]["step"] == "pair" and view["resolving"]["answers"] == {"0": "joined"}
    assert set(reavers.view(state, 0)["private"]) == {"prophecies", "glory_pile"}
