"""Reavers of Midgard, issues 32 and 33: names as printed in typed moves, the one-press
shortcuts, the score if the game ended now, and the words on the board."""

from __future__ import annotations

import re

import pytest

from games import IllegalAction, reavers
from games.core import Rng
from games.reavers import board, shortcuts
from games.reavers.data import BATTLES, CARDS, FACE_NAMES, LOCATIONS, UPGRADES
from games.reavers.labels import label
from tests.games.reavers_helpers import act, game, set_dice, top

State = dict


def printed(state: State, action: str) -> str:
    """``action`` as a player reading the board would type it: places and cards by their
    printed names (a shared battle name with its id in brackets), dice in words."""
    shown = [b for b in state["board"]["sea"] if b]
    verb, *rest = action.split()
    out = [verb]
    for word in rest:
        if word in LOCATIONS and verb != "conquer":
            out.append(LOCATIONS[word]["name"])
        elif word in BATTLES:
            name = BATTLES[word]["name"]
            twins = sum(1 for b in shown if BATTLES[b]["name"] == name) > 1
            out.append(f"{name} ({word})" if twins else name.upper())
        elif word in CARDS and CARDS[word].get("kind") in ("artifact", None) and not word.startswith("B"):
            out.append(CARDS[word]["name"].lower())
        elif word in UPGRADES:
            out.append(UPGRADES[word]["name"])
        elif re.fullmatch(r"(red|yellow|blue)-\w+", word):
            color, face = word.split("-")
            out.append(f"{color} {FACE_NAMES[face]}")
        else:
            out.append(word)
    return " ".join(out)


def playout(players: int, seed: int, steps: int = 600) -> list[tuple[State, int, list[str]]]:
    state = reavers.setup(seed, players, {"starting_reavers": "two"} if seed % 2 else {})
    rng = Rng(seed)
    seen = []
    for _ in range(steps):
        acting = reavers.to_act(state)
        if not acting:
            break
        actions = reavers.legal_actions(state, acting[0])
        seen.append((state, acting[0], actions))
        state = reavers.apply(state, acting[0], rng.choice(actions))
    return seen


@pytest.mark.parametrize("players", [2, 3, 5])
def test_every_move_typed_by_its_printed_names_is_that_move(players: int) -> None:
    for state, seat, actions in playout(players, players)[::3]:
        for action in actions:
            typed = printed(state, action)
            assert reavers.apply(state, seat, typed) == reavers.apply(state, seat, action), typed


def test_names_are_read_in_any_case_with_or_without_accents() -> None:
    state = game(2)
    assert reavers.apply(state, 0, "place RAID KEEPS") == reavers.apply(state, 0, "place keeps")
    assert reavers.apply(state, 0, "Place  Battle at Séa") == reavers.apply(state, 0, "place sea")


def test_a_name_several_battles_share_asks_which_one() -> None:
    state = game(2)
    state = act(state, "place sea join")
    state["board"]["sea"] = ["B01", "B02", "B03"]  # two Raider Ships and a Pirate Knarr
    assert label(state, "take battle B01") != label(state, "take battle B02")
    assert "(B01)" in label(state, "take battle B01") and "(B03)" not in label(state, "take battle B03")
    with pytest.raises(IllegalAction, match="on offer"):
        reavers.apply(state, 0, "take battle raider ship")
    assert reavers.apply(state, 0, "take battle Raider Ship (B02)") == reavers.apply(
        state, 0, "take battle B02"
    )


def test_shortcuts_do_what_the_steps_do() -> None:
    state = game(2)
    set_dice(state, 0, "red-chest", "blue-chest", "red-hammer")
    one = act(state, "place villages join")
    steps = act(act(state, "place villages"), "join")
    assert one == steps and top(one)["kind"] == "raid" and reavers.midway(one)
    assert "place villages join" in reavers.legal_actions(state, 0)
    set_dice(state, 0, "red-hammer")
    assert "place villages join" not in reavers.legal_actions(state, 0)


def test_join_with_a_first_choice_is_join_then_that_choice() -> None:
    state = act(game(2), "place recruit")
    assert reavers.to_act(state) == [0]
    both = act(state, "join take slot 1")
    assert both == act(act(state, "join"), "take slot 1")
    assert label(state, "join take slot 1").startswith("Take part; recruit ")


def test_rally_on_one_face_and_giving_the_cheapest_dice() -> None:
    state = act(game(2), "place recruit join")
    state = act(state, "take slot 1")
    card = top(state)["cards"][0]
    rallied = act(state, "use rally shield")
    steps = act(state, "use rally")
    while top(steps)["kind"] == "face" and top(steps)["seat"] == 0 and reavers.to_act(steps) == [0]:
        steps = act(steps, "face shield")
        if top(steps)["kind"] != "face":
            break
    assert rallied["seats"][0]["dice"] == steps["seats"][0]["dice"], card
    frame = {"kind": "discard", "seat": 0, "count": 2, "then": None}
    set_dice(state, 0, "red-double", "blue-clan", "yellow-chest")
    state["stack"].append(frame)
    assert shortcuts.give_more(state, frame) == ["give blue-clan yellow-chest"]
    assert label(state, "give blue-clan yellow-chest") == "Give up blue Clan and yellow Treasure Chest dice"


def test_reroll_repeat_goes_on_until_won_or_out_of_favor() -> None:
    for state, seat, actions in playout(2, 11, 2000):
        if "reroll repeat" in actions:
            after = reavers.apply(state, seat, "reroll repeat")
            fight = after["combat"]
            assert fight["result"] == "won" or after["seats"][seat]["favor"] == 0
            assert fight["rerolls"] >= 1
            return
    pytest.skip("no combat with 2 Favor in this playout")


def test_stop_and_skip_say_what_they_mean() -> None:
    seen = {}
    for players in (2, 4):
        for state, _, actions in playout(players, players + 20, 1500):
            for action in actions:
                if action in ("stop", "skip"):
                    seen[(board.top(state) or {}).get("kind")] = label(state, action)
    assert all(text not in ("Stop", "Skip") for text in seen.values()) and seen
    assert any(text.startswith("Accept the loss") for text in seen.values())


def test_long_labels_count_alike_dice_and_shorten_to_fit() -> None:
    state = game(2)
    assert (
        label(state, "give red-chest red-chest blue-clan")
        == "Give up 2 red Treasure Chest and blue Clan dice"
    )
    long = label(state, "give blue-chest red-double yellow-chest blue-double")
    assert long == "Give up blue Chest, red Double, yellow Chest and blue Double dice"
    sea = act(game(2), "place sea")
    sea["board"]["sea"] = ["B16", None, None]  # Sea Giant
    set_dice(sea, 0, "red-chest")
    assert (
        label(sea, "take battle B16")
        == "Sail against Sea Giant: defense 5 or 3 Double+Chest, 10 Glory (out of reach)"
    )
    assert label(sea, "join take battle B16").startswith(
        "Pay 4 Food; sail against Sea Giant, out of reach: 5 hits"
    )
    set_dice(sea, 0, "red-hammer")
    assert (
        label(sea, "join take battle B16")
        == "Pay 4 Food; sail against Sea Giant: defense 5 or 3 Double+Chest, 10 Glory"
    )


def test_join_and_costs_are_stated() -> None:
    state = act(game(2), "place sea")
    assert label(state, "join") == "Take part, pay 4 Food"
    keeps = act(game(2), "place keeps")
    assert label(keeps, "join") == "Take part, pay 2 Food and 2 Shield dice"


# --- the score if the game ended now ---------------------------------------------------


def _finished(players: int, seed: int) -> list[State]:
    state = reavers.setup(seed, players, {})
    rng = Rng(seed)
    states = [state]
    while reavers.to_act(state):
        seat = reavers.to_act(state)[0]
        state = reavers.apply(state, seat, rng.choice(reavers.legal_actions(state, seat)))
        states.append(state)
    return states


@pytest.mark.parametrize("players", [2, 4])
def test_score_now_shows_hidden_parts_to_their_owner_only(players: int) -> None:
    states = _finished(players, 40 + players)
    for state in states[::25]:
        public = reavers.score_now(state, None)
        assert len(public) == players
        for seat in range(players):
            mine = reavers.score_now(state, seat)
            for other in range(players):
                if other != seat:
                    assert mine[other] == public[other], "another seat's hidden parts never show"
            labels = {name for name, _ in public[seat]}
            assert "Prophecies" not in labels and "Keep Spoils sets" not in labels
            if state["final"] is None:
                assert {name for name, _ in mine[seat]} >= {"Prophecies", "Keep Spoils sets"}
    end = states[-1]
    result = reavers.outcome(end)
    assert result is not None
    for seat in (None, *range(players)):
        assert [sum(n for _, n in row) for row in reavers.score_now(end, seat)] == result["scores"]


def test_score_now_counts_favor_and_keep_sets_while_playing() -> None:
    state = game(2)
    p = state["seats"][0]
    p.update(glory=53, favor=5)
    gold = [c for c, d in CARDS.items() if d.get("set") == "gold"][:3]
    p["pile"] = list(gold)
    public = dict(reavers.score_now(state, None)[0])
    mine = dict(reavers.score_now(state, 0)[0])
    assert public["Glory track"] == 53 and public["Favor"] == 10
    assert "Keep Spoils sets" not in public and mine["Keep Spoils sets"] == 6
    assert dict(reavers.score_now(state, 1)[0]) == public


def test_horn_of_the_keeps_is_drawn_with_what_it_gives() -> None:
    from render.reavers.style import effect_words

    assert effect_words(CARDS["V25"]["effect"]) == "a Keep Spoils card"
