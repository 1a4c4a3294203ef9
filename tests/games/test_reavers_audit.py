"""Reavers of Midgard scenarios added by the rules audit (docs/rules/reavers.md, "Audit"):
firing order, rewards by seat distance when a nearer player prepares, a two-player round over
the other locations, Favor re-rolls of some dice, Keep Walls and Towers, the two-face Ship
Upgrade, cleanup, the dice, the starting Reavers in the view, and the words of the log."""

from __future__ import annotations

import json

from games import reavers
from games.reavers.data import COMBAT_DIE, DIE_FACES
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


def _texts(state: dict, last: int) -> list[str]:
    return [line["text"] for line in state["log"][-last:]]


# --- every player takes part ------------------------------------------------------------


def test_specialized_reavers_then_artifacts_fire_for_everyone_in_order_from_the_active_player() -> None:
    state = game(3, start=1)
    state["seats"][0]["specialized"]["keeps"] = ["R01"]  # +2 Food
    state["seats"][2]["specialized"]["keeps"] = ["R06"]  # +3 Food
    state["seats"][1]["specialized"]["sea"] = ["R02"]  # another location: stays quiet
    state["seats"][0]["artifacts"] = [{"card": "V34", "die": {"color": "red", "face": "hammer"}}]
    food = [p["food"] for p in state["seats"]]
    favor = state["seats"][0]["favor"]
    state = act(state, "place keeps")  # seat 1 is active: order 1, 2, 0
    assert [p["food"] - f for p, f in zip(state["seats"], food, strict=True)] == [2, 0, 3]
    assert state["seats"][0]["favor"] == favor + 2 and state["seats"][0]["artifacts"][0]["die"] is None
    assert [(line["seat"], line["text"].split(":")[0]) for line in state["log"][-3:]] == [
        (2, "has the specialized Gunnar fire"),
        (0, "has the specialized Astrid fire"),
        (0, "spends the die on Warding Amulet"),
    ]
    assert top(state) == {"kind": "join", "seat": 1, "location": "keeps"}  # nobody decided yet


def test_rewards_follow_seat_distance_even_when_a_nearer_player_prepares() -> None:
    state = game(4, start=0)
    for seat in range(4):
        set_dice(state, seat, "red-chest", "blue-chest")
    state = act(state, "place villages")
    drawn = {}
    for seat in (0, 1, 2):
        if seat == 1:
            state = act(state, "prepare food")
            continue
        deck = len(state["decks"]["villages"])
        state = act(act(state, "join"), "take pair deck")
        drawn[seat] = deck - len(state["decks"]["villages"]) - 2
        state = finish(state, seat)
    assert drawn == {0: 2, 2: 0}  # the third seat keeps the third row: no bonus card


def test_full_round_with_two_players_over_sea_and_villages() -> None:
    state = game(2, start=0)
    for seat in range(2):
        state["seats"][seat].update(food=12, glory=0)
        set_dice(state, seat, "red-chest", "blue-chest")
    stack_deck(state, "journeys", "J01", "J02")  # All Quiet twice
    state = act(state, "place sea")
    for seat in (0, 1):
        state = finish(act(state, "join"), seat)
    assert [p["glory"] for p in state["seats"]] == [2, 0]  # the sea's bonus is the active player's
    assert [p["food"] for p in state["seats"]] == [8, 8]
    state = act(state, "place villages")
    drawn = {}
    for seat in (1, 0):
        deck = len(state["decks"]["villages"])
        state = act(act(state, "join"), "take pair deck")
        drawn[seat] = deck - len(state["decks"]["villages"]) - 2
        state = finish(state, seat)
    assert drawn == {1: 2, 0: 1}  # the second player's bonus card, at two players too
    state = act(state, "place recruit")
    favor = [p["favor"] for p in state["seats"]]
    state = finish(act(state, "join"), 0)
    state = finish(act(state, "join"), 1)
    assert [p["favor"] - f for p, f in zip(state["seats"], favor, strict=True)] == [2, 0]
    state = act(state, "place keeps")
    state = act(act(state, "prepare food"), "prepare food")
    assert state["round"] == 2 and state["picks"] == []


# --- combat -------------------------------------------------------------------------------


def test_favor_rerolls_some_of_the_ones_the_lowest_dice_first() -> None:
    state = game(2)
    set_dice(state, 0, "red-hammer", "red-hammer", "blue-hammer", "blue-hammer")
    state["seats"][0].update(food=4, favor=1)
    state["board"]["sea"][0] = "B17"  # defense 6
    stack_deck(state, "journeys", "J01")
    state = act(act(act(state, "place sea"), "join"), "take battle B17")
    state["rng"] = rng_for(state, lambda s: sorted(rolls(s, 4)[0]) == [0, 1, 1, 2])
    state = act(state, "fight 4")
    dice = list(state["combat"]["dice"])
    assert top(state)["kind"] == "roll"
    assert reavers.legal_actions(state, 0) == [
        "reroll blanks",
        "reroll 2",
        "reroll low",
        "reroll all",
        "stop",
    ]
    assert reavers.label(state, "reroll 2") == "Re-roll the 2 lowest dice (1 Favor)"
    state = act(state, "reroll 2")  # the blank and the first 1
    kept = sorted(range(4), key=lambda i: dice[i])[2:]
    assert [state["combat"]["dice"][i] for i in kept] == [dice[i] for i in kept]
    assert sorted(dice[i] for i in kept) == [1, 2] and state["seats"][0]["favor"] == 0
    assert state["combat"]["rerolls"] == 1 and "re-roll 2 combat dice" in " ".join(_texts(state, 6))


def test_keep_wall_and_tower_give_at_once_then_may_be_pillaged() -> None:
    state = game(2)
    set_dice(state, 0, "red-shield", "blue-shield", "red-double", "yellow-hammer")
    state["seats"][0].update(food=2, favor=0, glory=0)
    state["board"]["keeps"][0] = ["K29", "K36"]  # Keep Wall (defense 2), Tower (defense 3)
    stack_deck(state, "keeps", "K01", "K02")
    state = act(act(act(state, "place keeps"), "join"), "take pair 1")
    assert state["seats"][0]["favor"] == 2 and top(state)["card"] == "K29"
    state["rng"] = rng_for(state, lambda s: sum(rolls(s, 2)[0]) >= 2)
    state = act(state, "fight 2")
    p = state["seats"][0]
    assert p["favor"] == 3 and p["trophies"]["wall"] == 1 and "K29" in state["discards"]["keeps"]
    assert len(p["dice"]) == 3  # the yellow hammer and the Tower's two dice, rolled
    assert top(state)["card"] == "K36" and "fight 1" in reavers.legal_actions(state, 0)
    state["seats"][0]["favor"] = 0  # one combat die never reaches defense 3
    state = act(state, "fight 1")
    assert state["combat"]["result"] == "lost" and state["seats"][0]["glory"] == 0
    assert "K36" in state["discards"]["keeps"]


def test_the_war_mast_stands_for_a_hammer_or_a_shield_once_a_round() -> None:
    state = game(2)
    set_dice(state, 0, "red-shield")
    state["seats"][0]["upgrades"] = [{"token": "U6", "ready": True}]
    state = act(state, "place keeps")
    assert "join" in reavers.legal_actions(state, 0)  # one shield die and the mast as a shield
    state = act(state, "join")
    assert state["seats"][0]["upgrades"][0]["ready"] is False and codes(state, 0) == []
    fight = game(2)
    set_dice(fight, 0, "red-chest", "red-chest")
    fight["seats"][0]["upgrades"] = [{"token": "U6", "ready": True}]
    fight["board"]["villages"][0] = ["V02", "V01"]  # Farm, defense 2
    fight = act(act(act(fight, "place villages"), "join"), "take pair 1")
    # the ready mast as a hammer; with Favor, the attack re-rolled while it loses
    assert reavers.legal_actions(fight, 0) == ["fight 1", "skip"] + ["fight 1 repeat"] * (
        fight["seats"][0]["favor"] > 0
    )


# --- cleanup and dice ---------------------------------------------------------------------


def test_cleanup_scores_territories_clears_the_board_and_readies_upgrades() -> None:
    state = game(3, start=0)
    old = {
        "reavers": [c for slot in state["board"]["recruit"] for c in slot],
        "sea": list(state["board"]["sea"]),
        "villages": [c for pair in state["board"]["villages"] for c in pair],
    }
    state["seats"][1]["territories"] = ["T01", "T02"]
    state["seats"][2]["upgrades"] = [{"token": "U1", "ready": False}]
    glory = state["seats"][1]["glory"]
    state = end_round(state)
    assert state["round"] == 2 and state["honor"] == 1
    assert state["seats"][1]["glory"] == glory + 2 and state["seats"][2]["upgrades"][0]["ready"]
    for deck, cards in old.items():
        assert set(cards) <= set(state["discards"][deck]), deck
    assert len(state["board"]["trade_dice"]) == 6 and None not in state["board"]["sea"]
    assert "gains 2 Glory for territories" in _texts(state, 30)


def test_crew_dice_roll_their_colours_faces_and_combat_dice_show_0_to_2() -> None:
    assert DIE_FACES == {
        "red": ["hammer", "hammer", "double", "shield", "chest", "clan"],
        "yellow": ["hammer", "double", "chest", "chest", "shield", "clan"],
        "blue": ["hammer", "double", "shield", "shield", "chest", "clan"],
    }
    assert sorted(COMBAT_DIE) == [0, 0, 1, 1, 1, 2]
    scratch: dict = {"rng": 7}
    for color, faces in DIE_FACES.items():
        seen = {roll_face(scratch, color) for _ in range(200)}
        assert seen == set(faces), color
    assert set(rolls(scratch, 200)[0]) == {0, 1, 2}


# --- what the table sees ------------------------------------------------------------------


def test_the_starting_reavers_are_public_while_their_seat_decides() -> None:
    state = reavers.setup(8, 3, {"start": "seat2", "starting_reavers": "two"})
    cards = top(state)["cards"]
    view = reavers.view(state, None)
    assert view["starting"]["seat"] == 1 and [c["id"] for c in view["starting"]["cards"]] == cards
    assert view["starting"]["cards"][0]["text"]  # the whole card: clan, dice, ability
    line = state["log"][-1]
    assert line["seat"] == 1 and line["text"].startswith("draws the starting Reavers")
    assert " dice: " in line["text"] or " die: " in line["text"]
    state = act(state, "use specialize sea")
    assert [c["id"] for c in reavers.view(state, None)["starting"]["cards"]] == cards[1:]
    while state["phase"] == "start":
        state = act(state, reavers.legal_actions(state, reavers.to_act(state)[0])[0])
    assert reavers.view(state, None)["starting"] is None


def test_random_cards_are_named_in_words_when_public_and_counts_agree() -> None:
    state = game(2)
    set_dice(state, 0, "red-chest", "blue-chest", "red-hammer")
    state["seats"][0]["favor"] = 0
    stack_deck(state, "villages", "V29", "V11", "V19", "V02")
    state = act(act(act(state, "place villages"), "join"), "take pair deck")
    texts = _texts(state, 6)
    assert "takes 2 random Village Spoils cards from the deck (Rune Stone and Village Wall)" in texts
    assert "draws 2 random Village Spoils cards as a bonus (Ship Upgrade: Iron Prow and Farm)" in texts
    state["rng"] = rng_for(state, lambda s: sum(rolls(s, 1)[0]) == 1)
    state = act(state, "fight 1")  # the Village Wall, defense 1
    assert "attacks Village Wall (defense 1) with 1 combat die" in _texts(state, 6)
    assert "rolls 1: 1 hit" in _texts(state, 6)
    keeps = game(2)
    set_dice(keeps, 0, "red-shield", "blue-shield")
    stack_deck(keeps, "keeps", "K01", "K29", "K20", "K36")
    keeps = act(act(act(keeps, "place keeps"), "join"), "take pair deck")
    public = " ".join(_texts(keeps, 6))
    assert "takes 2 random Keep Spoils cards from the deck (a face-down treasure and Keep Wall)" in public
    assert "Gold" not in public and '"K01"' not in json.dumps(reavers.view(keeps, None))


def test_card_texts_count_their_things_in_words() -> None:
    from games.reavers.data import effect_text
    from games.reavers.views import card_view

    assert (
        card_view("P06")["text"]
        == "at the end, at least 1 Kraken trophy: " + f"{card_view('P06')['glory']} Glory"
    )
    assert card_view("P07")["text"].startswith("at the end, at least 2 Wall trophies")
    assert effect_text({"troll": 1, "lose_dice": 1}) == "1 Troll trophy, lose 1 die"
    assert (
        effect_text({"kraken": 2, "keep": 2, "lose_dice": 2})
        == "2 Kraken trophies, 2 Keep Spoils cards, lose 2 dice"
    )
