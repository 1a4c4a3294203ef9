"""Knarr's one-press moves, its reasons for a refusal and typed card names (issues 32, 33).

A one-press move is an extra legal action next to the steps it joins; it must leave the
game exactly where the steps would. A refused near miss names the rule and what the seat
has.
"""

from __future__ import annotations

import pytest

from games import IllegalAction, knarr
from games.core import Rng, State
from tests.games.test_knarr_rules import act, crew, explore_table, hand, seat_of, slots, table


def steps_of(action: str) -> list[str]:
    """The single steps a one-press move joins."""
    words = action.split()
    if words[0] == "explore":
        return [" ".join(words[:2]), *(f"pay {w}" for w in words[3:])]
    if words[0] == "pay":
        return [f"pay {w}" for w in words[1:]]
    return [" ".join(words[:2]), " ".join(words[2:])]


def same_as_steps(state: State, seat: int, action: str) -> None:
    one = knarr.apply(state, seat, action)
    many = state
    for step in steps_of(action):
        assert step in knarr.legal_actions(many, seat), (action, step)
        many = knarr.apply(many, seat, step)
    assert one == many, action


def test_a_recruit_and_its_free_take_in_one_press() -> None:
    state = table()
    hand(state, 0, "V01")
    seat_of(state, 0)["recruits"] = 1
    slots(state, red="V21", yellow="V11")
    state["deck"] = ["V45"]
    offered = knarr.legal_actions(state, 0)
    assert offered[:2] == ["recruit V01", "recruit V01 take V21"]
    assert knarr.label(state, "recruit V01 take V21") == (
        "Recruit red Viking (VP, V01), then take green Viking (VP, V21) free"
    )
    same_as_steps(state, 0, "recruit V01 take V21")
    assert seat_of(knarr.apply(state, 0, "recruit V01 take V21"), 0)["hand"] == ["V21"]


def test_no_recruit_shortcut_when_the_take_is_no_choice() -> None:
    state = table()
    hand(state, 0, "V01")
    slots(state, red="V21", yellow="V11")  # no recruit to pay for the yellow one
    assert knarr.legal_actions(state, 0) == ["recruit V01"]


def test_an_exploration_with_only_one_payment_in_one_press() -> None:
    state = explore_table("A04", "V01", "V11", "V21")  # 3 different colours, 3 cards
    offered = knarr.legal_actions(state, 0)
    assert offered == ["explore A04", "explore A04 pay V01 V11 V21"]
    assert knarr.label(state, offered[1]) == (
        "Explore Trading Land (A04) paying 1 red (V01), 1 yellow (V11), 1 green (V21)"
    )
    same_as_steps(state, 0, offered[1])


def test_the_rest_of_a_payment_in_one_press_keeps_every_step() -> None:
    state = explore_table("A04", "V01", "V05", "V11", "V21")  # two reds: a choice
    assert knarr.legal_actions(state, 0) == ["explore A04"]
    state = act(state, "explore A04")
    offered = knarr.legal_actions(state, 0)
    assert {"pay V01", "pay V05", "pay V11", "pay V21", "cancel"} <= set(offered)
    rest = [a for a in offered if len(a.split()) > 2]
    # The bracelet Viking goes before the VP one: its asset counts for less.
    assert rest == ["pay V05 V11 V21"]
    assert knarr.label(state, rest[0]) == "Pay the rest: 1 red (V05), 1 yellow (V11), 1 green (V21)"
    same_as_steps(state, 0, rest[0])
    done = knarr.apply(state, 0, rest[0])
    assert done["log"][-1]["text"] == "explores A04, paying 1 red, 1 yellow, 1 green"


@pytest.mark.parametrize("players", [2, 3, 4])
def test_every_one_press_move_equals_its_steps_in_playouts(players: int) -> None:
    checked = 0
    for seed in range(2):
        state = knarr.setup(seed, players, {"artifact": "random"})
        rng = Rng(seed)
        for _ in range(250):
            acting = knarr.to_act(state)
            if not acting:
                break
            seat = acting[0]
            actions = knarr.legal_actions(state, seat)
            for action in actions:
                if len(action.split()) > 2:
                    same_as_steps(state, seat, action)
                    checked += 1
            state = knarr.apply(state, seat, rng.choice(actions))
    assert checked > 0


# --- reasons for a refusal -------------------------------------------------------------


def refused(state: State, action: str, seat: int = 0) -> str:
    with pytest.raises(IllegalAction) as error:
        knarr.apply(state, seat, action)
    return str(error.value)


def test_a_trade_needs_the_bracelets_it_spends() -> None:
    state = table()
    hand(state, 0, "V01")
    seat_of(state, 0)["bracelets"] = 1
    assert refused(state, "trade 3") == "Trade 3 needs 3 bracelets; you have 1."
    assert "1, 2 or 3 bracelets" in refused(state, "trade 0")
    assert refused(state, "trade") == "Say how many bracelets to trade: 1."
    assert refused(state, "recruit") == "Say what to recruit: one of V01."


def test_a_recruit_comes_from_the_hand() -> None:
    state = table()
    hand(state, 0, "V01")
    reason = refused(state, "recruit V41")
    assert reason == (
        "You recruit from your hand: purple Viking (VP, V41) is not in it; you hold red Viking (VP, V01)."
    )


def test_an_exploration_names_its_cost_and_what_the_seat_has() -> None:
    state = explore_table("A16", "V01", "V21")  # A16 wants 2 yellow
    reason = refused(state, "explore A16")
    assert reason == (
        "Trading Land (A16) costs 2 yellow; your crew has 1 red, 1 green and you have 0 recruits."
    )
    assert "not a destination" in refused(state, "explore zzz")
    assert "neither face up nor reserved" in refused(state, "explore B07")


def test_a_take_names_the_face_up_vikings() -> None:
    state = table()
    hand(state, 0, "V01")
    seat_of(state, 0)["recruits"] = 1
    slots(state, red="V21", yellow="V11")
    state["deck"] = ["V45"]
    state = act(state, "recruit V01")
    assert state["phase"] == "take"
    assert refused(state, "take V41") == (
        "You take a face-up Viking; purple Viking (VP, V41) is not one. Face up: green Viking "
        "(VP, V21) on the red space and yellow Viking (VP, V11) on the yellow space."
    )


def test_a_payment_step_that_does_not_fit_says_why() -> None:
    state = explore_table("A16", "V11", "V12", "V01")
    state = act(state, "explore A16")
    assert refused(state, "pay V01") == (
        "Trading Land (A16) costs 2 yellow: with nothing paid, a red Viking does not fit it."
    )
    assert "not in your crew" in refused(state, "pay V41")
    assert refused(state, "pay recruit").startswith("You have no recruit left")


def test_a_move_at_the_wrong_point_of_the_turn_says_when_it_comes() -> None:
    state = table()
    hand(state, 0, "V01")
    crew(state, 0, "V11")
    reason = refused(state, "end")
    assert reason.startswith("You cannot end at this point: the turn ends after its action.")
    assert "choose an action" in reason


# --- typed names ----------------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 4])
def test_every_offered_move_may_be_typed_as_printed(players: int) -> None:
    """Cards are typed by the id the board prints on them, in any case (``v03``); a face-up
    Viking also by the colour of its space."""
    state = knarr.setup(5, players, {"artifact": "random", "mead_cup": "on"})
    rng = Rng(3)
    for _ in range(200):
        acting = knarr.to_act(state)
        if not acting:
            break
        seat = acting[0]
        actions = knarr.legal_actions(state, seat)
        spaces = {card: slot for slot, card in state["vikings"].items() if card}
        for action in actions:
            assert len(knarr.label(state, action)) <= 80, action  # a Discord button
            done = knarr.apply(state, seat, action)
            typed = [action.lower()]
            verb, *args = action.split()
            if verb in ("take", "mead") and args[0] in spaces:
                typed.append(f"{verb} {spaces[args[0]].upper()}")  # the space, by its colour
            for form in typed:
                assert knarr.apply(state, seat, form) == done, form
        state = knarr.apply(state, seat, rng.choice(actions))


def test_a_colour_may_be_typed_for_the_one_card_it_names() -> None:
    state = table()
    hand(state, 0, "V01", "V11", "V12")
    seat_of(state, 0)["recruits"] = 1
    slots(state, red="V21", blue="V31")
    state["deck"] = ["V45", "V46"]
    assert knarr.apply(state, 0, "Recruit RED") == knarr.apply(state, 0, "recruit V01")
    assert refused(state, "recruit yellow") == (
        "More than one yellow Viking fits; say which by its id: "
        "yellow Viking (VP, V11) and yellow Viking (VP, V12)."
    )
    taking = act(state, "recruit V01")
    assert taking["phase"] == "take"
    assert knarr.apply(taking, 0, "take blue") == knarr.apply(taking, 0, "take V31")
    paying = act(explore_table("A16", "V11", "V01", recruits=1), "explore A16")
    assert knarr.apply(paying, 0, "pay yellow") == knarr.apply(paying, 0, "pay V11")
