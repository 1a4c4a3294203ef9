"""Saga: one-press shortcuts (issue 32), reasons with refusals, names as printed and the
score now (issue 33)."""

from __future__ import annotations

import pytest

from games import IllegalAction, saga
from games.core import Rng, split_action
from games.saga import combat, rules
from games.saga.data import ABILITIES, AREAS, SCANDINAVIA
from games.saga.shortcuts import is_shortcut
from tests.games import bot_games
from tests.games.test_saga_rules import A, V, act, empty, fighting, fort, n, put, resolving


def refused(state: dict, action: str) -> str:
    with pytest.raises(IllegalAction) as error:
        saga.apply(state, saga.to_act(state)[0], action)
    return str(error.value)


# --- shortcuts ----------------------------------------------------------------------------


def test_a_whole_group_moves_in_one_press_and_the_single_steps_stay() -> None:
    state = empty()
    put(state, "norway", "viking", 3, "VL1")
    state = resolving(state, "viking", 1)
    options = saga.legal_actions(state, V)
    assert "move norway svealand all" in options and "move norway svealand" in options
    state = act(state, "move norway svealand all")
    assert state["areas"]["svealand"]["viking"] == {"warriors": 3, "leaders": ["VL1"]}
    assert any(
        "moves 3 warriors and a leader (VL1) from Norway to Svealand" in e["text"] for e in state["log"]
    )


def test_fyrd_all_pays_a_coin_a_warrior() -> None:
    state = empty()
    fort(state, "kent")
    put(state, "kent", "viking", 3)
    put(state, "kent", "anglo", 1)
    state["coins"]["anglo"] = 2
    state = resolving(state, "anglo", 3)
    assert "fyrd kent all" in saga.legal_actions(state, A)
    state = act(state, "fyrd kent all")
    assert state["areas"]["kent"]["viking"]["warriors"] == 1 and state["coins"]["anglo"] == 0


def test_income_at_every_stronghold_in_one_press() -> None:
    state = empty()
    fort(state, "kent", "essex", "wessex")
    for area in ("kent", "essex", "wessex"):
        put(state, area, "anglo", 1)
    state = resolving(state, "anglo", 3)
    assert "income all coin" in saga.legal_actions(state, A)
    state = act(state, "income all coin")
    assert state["coins"]["anglo"] == 3


def test_shortcuts_are_never_forced_steps_and_the_bot_ignores_them() -> None:
    assert is_shortcut("take 2 3") and is_shortcut("move kent essex all") and is_shortcut("lose warriors")
    assert not is_shortcut("take 2") and not is_shortcut("move kent essex")


# --- refusals -----------------------------------------------------------------------------


def test_refusals_name_the_rule_and_what_the_player_has() -> None:
    state = empty()
    fort(state, "kent")
    put(state, "kent", "viking", 2)
    put(state, "kent", "anglo", 1)
    state["coins"]["anglo"] = 1
    state = resolving(state, "anglo", 3)
    assert "fyrd kent" in saga.legal_actions(state, A)
    reason = refused(state, "fyrd essex")
    assert "Stronghold" in reason and "you have 1" in reason and "Kent" in reason
    assert "not an area of the board" in refused(state, "fyrd nowhere")


def test_a_move_off_the_way_lists_where_the_unit_may_go() -> None:
    state = empty()
    put(state, "norway", "viking", 2)
    state = resolving(state, "viking", 1)
    reason = refused(state, "move norway kent")
    assert reason.startswith("From Norway") and "Svealand" in reason and "not Kent" in reason


def test_a_tile_already_taken_is_refused_with_the_free_ones() -> None:
    state = saga.setup(3, 2, {"side": "first_viking"})
    first = saga.legal_actions(state, saga.to_act(state)[0])[0]
    state = act(state, first)
    reason = refused(state, first)
    assert "already taken" in reason and "free tiles" in reason


# --- names as printed -------------------------------------------------------------------


def printed(action: str) -> str:
    """An action as a player might type it: places by the names the board prints, in
    another case, tags in lower case."""
    words = []
    for word in action.split():
        if word == "drakkar":
            words.append("the Drakkar")
        elif word in AREAS:
            words.append(str(AREAS[word]["name"]).upper())
        else:
            words.append(word.lower())
    return " ".join(words)


@pytest.mark.parametrize("seed", [2, 5])
def test_every_action_typed_by_printed_names_is_that_action(seed: int) -> None:
    state = saga.setup(seed, 2, {})
    rng = Rng(seed)
    for step in range(500):
        acting = saga.to_act(state)
        if not acting:
            break
        seat = acting[0]
        options = saga.legal_actions(state, seat)
        for action in options:
            typed = printed(action)
            assert rules.canonical(split_action(typed)) == action.split(), typed
        if step % 7 == 0:
            action = rng.choice(options)
            assert saga.apply(state, seat, printed(action)) == saga.apply(state, seat, action)
        state = saga.apply(state, seat, rng.choice(options))


def test_typed_names_ignore_case_accents_and_brackets() -> None:
    assert rules.canonical(split_action("move (vl2) Éast-Anglia")) == ["move", "VL2", "east_anglia"]
    assert rules.canonical(split_action("retreat THE drakkar")) == ["retreat", "drakkar"]


# --- score now ----------------------------------------------------------------------------


def test_score_now_at_the_end_gives_the_outcome_scores() -> None:
    for seed in (1, 2):
        states = bot_games.bot_game("saga", 2, seed)[0]
        final = states[-1]
        scores = saga.outcome(final)["scores"]
        for seat in (None, 0, 1):
            assert [sum(n for _, n in row) for row in saga.score_now(final, seat)] == scores
        for state in states[:: max(1, len(states) // 25)]:
            rows = {str(saga.score_now(state, seat)) for seat in (None, 0, 1)}
            assert len(rows) == 1  # nothing hidden counts: every seat sees the same rows
            text = " ".join(label for row in saga.score_now(state, None) for label, _ in row)
            assert not any(a["name"] in text for a in ABILITIES.values())  # no leader's secret


def test_score_now_names_the_side_that_would_win_now() -> None:
    state = empty()
    for area in ("kent", "essex", "wessex", "mercia", "hwicce"):
        put(state, area, "viking", 1)
    put(state, "northumbria", "anglo", 1)
    state = resolving(state, "viking", 1)
    rows = saga.score_now(state, None)
    assert rows[V][0][1] == 1 and "5 areas" in rows[V][0][0]
    assert rows[A][0][1] == 0 and rows[A][0][0].startswith("Anglo-Saxons")
    assert saga.breakdown(state) == [[("Victory", 0)], [("Victory", 0)]]


def test_both_draft_tiles_in_one_press_only_when_picking_twice() -> None:
    state = empty()
    assert not any(len(a.split()) == 3 for a in saga.legal_actions(state, V))  # one pick now
    state = act(state, "take 1")
    assert "take 2 3" in saga.legal_actions(state, A)  # the Anglo-Saxons pick twice in a row
    state = act(state, "take 2 3")
    assert [t["holder"] for t in state["tiles"]] == ["viking", "anglo", "anglo", "viking"]


def test_viking_recruits_all_spread_evenly() -> None:
    state = empty()
    put(state, "norway", "viking", 2)
    state = resolving(state, "viking", 4)
    state = act(state, "recruit all")
    assert [n(state, a, "viking") for a in SCANDINAVIA] == [2, 2, 1]  # 3 recruits, the emptiest first


def test_all_drakkar_units_come_home_evenly() -> None:
    state = empty()
    put(state, "mercia", "viking", 1)
    put(state, "kent", "anglo", 1)
    put(state, "norway", "viking", 1)
    put(state, "drakkar", "viking", 2, "VL1")
    state["track"]["round"] = 6
    state["resolving"] = None
    state["phase"] = "actions"
    combat.start_phase(state)
    rules.settle(state)
    assert state["phase"] == "return" and "return all" in saga.legal_actions(state, V)
    state = act(state, "return all")
    # the leader first, to the emptiest area (Svealand before Denmark), then the warriors
    assert [n(state, a, "viking") for a in SCANDINAVIA] == [2, 1, 1]
    assert state["areas"]["svealand"]["viking"]["leaders"] == ["VL1"]
    assert state["phase"] == "draft" and n(state, "drakkar", "viking") == 0


def test_all_casualties_as_warriors() -> None:
    state = empty()
    put(state, "kent", "viking", 6)
    put(state, "kent", "anglo", 2, "AL1")
    state = fighting(state)
    while state["combat"]["step"] == "reveal":
        state = act(state, "pass")
    assert state["combat"]["step"] == "casualties" and saga.to_act(state) == [A]
    assert {"lose warrior", "lose AL1", "lose warriors"} <= set(saga.legal_actions(state, A))
    state = act(state, "lose warriors")
    assert any(e["text"] == "loses 2 warriors in Kent" for e in state["log"])
    assert state["areas"]["kent"]["anglo"]["warriors"] == 0
