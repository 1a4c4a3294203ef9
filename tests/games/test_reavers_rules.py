"""Scripted Reavers of Midgard scenarios: setup, the round, placement and the locations.

Combat, Battle at Sea, Conquer, artifacts, upgrades, scoring and secrets are in
``test_reavers_combat.py``. Helpers are in ``reavers_helpers.py``.
"""

from __future__ import annotations

import json

import pytest

from games import IllegalAction, reavers
from games.reavers.data import REAVERS, SLOTS
from tests.games.reavers_helpers import act, codes, finish, game, set_dice, stack_deck, top

# --- setup ------------------------------------------------------------------------------


def test_setup_gives_each_player_the_starting_supplies_by_seat_from_the_start_player() -> None:
    state = reavers.setup(5, 4, {"start": "seat2"})
    assert state["start"] == 1 and state["honor"] is None
    assert [p["food"] for p in state["seats"]] == [7, 4, 5, 6]
    for p in state["seats"]:
        assert p["favor"] == 1 and len(p["prophecies"]) == 1
        assert sorted(d["color"] for d in p["dice"]) == ["blue", "red", "yellow"]  # one of each
    assert {len(stack) for stack in state["board"]["territories"].values()} == {9}
    assert len(state["board"]["upgrades"]) == 6
    assert state["reveals"] > 0  # dice were rolled


def test_five_players_get_eight_food_in_the_last_seat_and_three_the_honor_ship() -> None:
    five = reavers.setup(1, 5, {"start": "seat1"})
    assert [p["food"] for p in five["seats"]] == [4, 5, 6, 7, 8]
    three = game(3, start=2)
    assert three["honor"] == 2
    assert [p["pawns"] for p in three["seats"]] == [1, 1, 1]
    assert [p["pawns"] for p in game(2)["seats"]] == [2, 2]


def test_start_player_is_random_by_default_and_a_seat_beyond_the_table_means_random() -> None:
    starts = {reavers.setup(seed, 3)["start"] for seed in range(30)}
    assert starts == {0, 1, 2}
    assert reavers.setup(4, 2, {"start": "seat5"})["start"] in (0, 1)
    with pytest.raises(ValueError):
        reavers.setup(4, 2, {"start": "nobody"})


def test_the_rulebook_setup_deals_no_reaver_cards_and_round_one_begins_at_once() -> None:
    """The rulebook's setup lists all a player receives (longship, pawn, 3 crew dice, 1 Favor,
    1 Prophecy, Food by seat): no Reaver card. The first thing to do is the first placement."""
    for players in (2, 3, 4, 5):
        state = reavers.setup(7, players, {"start": "seat2"})
        assert state["phase"] == "place" and state["round"] == 1
        assert reavers.to_act(state) == [1] and top(state)["kind"] == "place"
        for p in state["seats"]:
            assert p["leader"] is None and p["pile"] == []
            assert not any(p["specialized"].values())
            assert len(p["dice"]) == 3 and p["favor"] == 1 and len(p["prophecies"]) == 1
        on_offer = sum(len(cards) for cards in state["board"]["recruit"])
        assert len(state["decks"]["reavers"]) + on_offer == len(REAVERS)
        assert reavers.view(state, None)["starting"] is None


def test_the_other_editions_two_starting_reavers_are_a_lobby_option() -> None:
    option = next(o for o in reavers.OPTIONS if o["name"] == "starting_reavers")
    assert option["choices"] == ["rulebook", "two"] and option["default"] == "rulebook"
    assert "2 Reavers" in option["description"]
    state = reavers.setup(8, 3, {"start": "seat2", "starting_reavers": "two"})
    assert state["options"] == {"start": "seat2", "starting_reavers": "two"}
    assert state["phase"] == "start" and top(state)["kind"] == "use" and len(top(state)["cards"]) == 2
    assert reavers.setup(8, 3, {"start": "seat2"})["options"]["starting_reavers"] == "rulebook"
    with pytest.raises(ValueError):
        reavers.setup(8, 3, {"starting_reavers": "three"})


def test_a_game_stored_before_the_option_existed_still_plays_its_starting_reavers() -> None:
    """A state saved mid-setup by the earlier code: its options hold only ``start`` and its
    stack still holds the starting Reavers to decide. It loads and plays on."""
    state = reavers.setup(8, 3, {"start": "seat2", "starting_reavers": "two"})
    state["options"] = {"start": "seat2"}
    starting = next(frame for frame in state["stack"] if frame["kind"] == "starting")
    del starting["count"]  # the earlier frame: always the other edition's 2 cards
    state = json.loads(json.dumps(state))
    assert reavers.view(state, None)["starting"]["seat"] == 1
    while state["phase"] == "start":
        seat = reavers.to_act(state)[0]
        state = act(state, reavers.legal_actions(state, seat)[0])
    assert state["phase"] == "place" and reavers.to_act(state) == [1]
    held = [
        len(p["pile"]) + bool(p["leader"]) + sum(map(len, p["specialized"].values())) for p in state["seats"]
    ]
    assert held == [2, 2, 2]


def test_starting_reavers_are_rolled_then_used_seat_by_seat_from_the_start_player() -> None:
    state = reavers.setup(8, 3, {"start": "seat2", "starting_reavers": "two"})
    assert state["phase"] == "start" and reavers.to_act(state) == [1]
    cards = top(state)["cards"]
    assert len(cards) == 2
    rolled = sum(len(REAVERS[c]["roll"]) for c in cards)
    assert len(state["seats"][1]["dice"]) == 3 + rolled
    assert not reavers.midway(state)
    state = act(state, "use lead")
    assert state["seats"][1]["leader"] == cards[0]
    assert reavers.midway(state) and reavers.to_act(state) == [1]
    while reavers.to_act(state) == [1]:
        state = act(state, reavers.legal_actions(state, 1)[0])
    assert reavers.to_act(state) == [2] and not reavers.midway(state)


def test_round_setup_stocks_every_location_for_the_player_count() -> None:
    for players in (2, 3, 4, 5):
        board = game(players)["board"]
        slots = SLOTS[str(players)]
        assert [len(cards) for cards in board["recruit"]] == slots["recruit"]
        assert len(board["sea"]) == players + 1 and None not in board["sea"]
        assert [len(pair) for pair in board["villages"]] == [2] * (players + 1)
        assert [len(pair) for pair in board["keeps"]] == [2] * (players + 1)
        assert len(board["prophecies"]) == 2
        assert sorted(d["color"] for d in board["trade_dice"]) == ["blue"] * 2 + ["red"] * 2 + ["yellow"] * 2


# --- placement ----------------------------------------------------------------------------


def test_two_players_place_two_pawns_each_alternating_and_each_location_once() -> None:
    state = game(2, start=1)
    assert state["queue"] == [1, 0, 1, 0]
    state = act(state, "place trade")
    assert state["seats"][1]["pawns"] == 1
    state = finish(act(state, "prepare food"), 1)
    state = act(state, "prepare food")
    assert reavers.to_act(state) == [0] and top(state)["kind"] == "place"
    assert "place trade" not in reavers.legal_actions(state, 0)
    with pytest.raises(IllegalAction, match="already been chosen"):
        act(state, "place trade")
    with pytest.raises(IllegalAction):
        reavers.apply(state, 1, "place sea")


def test_three_players_the_honor_ship_is_the_fourth_pick_and_passes_clockwise() -> None:
    state = game(3, start=0)
    assert state["queue"] == [0, 1, 2, 0]
    for loc in ("recruit", "villages", "keeps"):
        state = act(state, f"place {loc}")
        for _ in range(3):
            state = finish(act(state, "prepare food"), reavers.to_act(state)[0])
    assert reavers.to_act(state) == [0] and state["seats"][0]["pawns"] == 0
    assert reavers.label(state, "place sea") == "Place the Honor Ship on Battle at Sea"
    state = act(state, "place sea")
    assert state["picks"][-1] == {"location": "sea", "seat": 0, "honor": True}
    for _ in range(3):
        state = act(state, "prepare food")
    assert state["round"] == 2 and state["honor"] == 1 and state["queue"] == [0, 1, 2, 1]


def test_specialized_reavers_fire_for_their_owner_before_anyone_decides() -> None:
    state = game(3, start=0)
    state["seats"][2]["specialized"]["keeps"] = ["R01", "R06"]  # +2 Food, +3 Food
    food = state["seats"][2]["food"]
    state = act(state, "place keeps")
    assert reavers.to_act(state) == [0]
    assert state["seats"][2]["food"] == food + 5
    assert "has the specialized" in state["log"][-1]["text"]


def test_preparing_takes_two_food_or_one_die_on_a_chosen_face() -> None:
    state = game(2)
    set_dice(state, 0, "red-hammer")
    state = act(state, "place keeps")
    actions = reavers.legal_actions(state, 0)
    assert "join" not in actions  # no shields to pay
    assert len(actions) == 16 and "prepare yellow-clan" in actions
    after = act(state, "prepare blue-shield")
    assert codes(after, 0) == ["blue-shield", "red-hammer"]
    food = state["seats"][0]["food"]
    assert act(state, "prepare food")["seats"][0]["food"] == food + 2
    set_dice(state, 0, *["red-hammer"] * 10)
    assert reavers.legal_actions(state, 0) == ["prepare food"]


# --- full rounds with the rewards by seat distance ---------------------------------------


def _trade_actions_of(state: dict, seat: int) -> tuple[dict, int]:
    state = act(state, "join", seat)
    count = 0
    while reavers.to_act(state) == [seat] and top(state)["kind"] == "trade":
        state = act(state, "take food", seat)
        count += 1
    return state, count


def test_full_round_with_two_players() -> None:
    state = game(2, start=0)
    favor = [p["favor"] for p in state["seats"]]
    state = act(state, "place recruit")
    state = finish(act(state, "join"), 0)
    state = finish(act(state, "join"), 1)
    assert state["seats"][0]["favor"] == favor[0] + 2 and state["seats"][1]["favor"] == favor[1]
    state = act(state, "place trade")
    assert state["start"] == 1
    state, count1 = _trade_actions_of(state, 1)
    state, count0 = _trade_actions_of(state, 0)
    assert (count1, count0) == (3, 2)  # the second player's 2 actions, at two players too
    set_dice(state, 0, "red-shield", "blue-shield")
    set_dice(state, 1, "red-shield", "yellow-shield")
    state = act(state, "place keeps")
    deck = len(state["decks"]["keeps"])
    state = finish(act(act(state, "join"), "take pair 1"), 0)
    assert len(state["decks"]["keeps"]) == deck - 2  # the active player's 2 bonus cards
    state = finish(act(act(state, "join"), "take pair 2"), 1)
    assert len(state["decks"]["keeps"]) == deck - 3  # and the second player's 1 bonus card
    state = act(state, "place conquer")
    assert top(state)["seat"] == 1
    state = act(state, "join")
    assert top(state) == {"kind": "conquer", "seat": 1, "left": 3}
    state = finish(state, 1)
    state = act(state, "join")
    assert top(state)["left"] == 2
    state = finish(state, 0)
    assert state["round"] == 2 and state["start"] == 1 and state["queue"] == [1, 0, 1, 0]


def test_two_players_the_second_player_takes_the_second_row_as_the_rulebook_says() -> None:
    """The rulebook gives "the second player" 2 Trade actions, 2 Conquer actions and 1 bonus
    Spoils card, with no exception for two players."""
    state = game(2, start=0)
    for seat in (0, 1):
        state["seats"][seat]["food"] = 10
    state = act(state, "place trade")
    state, first = _trade_actions_of(state, 0)
    state, second = _trade_actions_of(state, 1)
    assert (first, second) == (3, 2)
    bonus = {}
    for loc in ("keeps", "villages"):
        for seat in (0, 1):
            set_dice(state, seat, "red-shield", "blue-shield", "red-chest", "blue-chest")
        state = act(state, f"place {loc}")
        active = state["picks"][-1]["seat"]
        for seat in (active, 1 - active):
            deck = len(state["decks"][loc])
            state = act(act(state, "join"), "take pair deck")
            bonus[loc, seat == active] = deck - len(state["decks"][loc]) - 2
            state = finish(state, seat)
    assert bonus == {("keeps", True): 2, ("keeps", False): 1, ("villages", True): 2, ("villages", False): 1}
    state = act(state, "place conquer")
    lefts = []
    for _ in (0, 1):
        state = act(state, "join")
        lefts.append(top(state)["left"])
        state = finish(state, top(state)["seat"])
    assert lefts == [3, 2]
    view = reavers.view(state, None)
    rows = {loc["id"]: loc["bonus"] for loc in view["locations"]}
    assert rows["trade"] == [{"actions": 3}, {"actions": 2}] and rows["keeps"] == [{"cards": 2}, {"cards": 1}]


def test_full_round_with_three_players() -> None:
    state = game(3, start=0)
    glory = [p["glory"] for p in state["seats"]]
    for seat in range(3):
        state["seats"][seat]["food"] = 20
    state = act(state, "place sea")
    for seat in (0, 1, 2):
        state = finish(act(state, "join"), seat)
    assert [state["seats"][s]["glory"] - glory[s] for s in range(3)] == [2, 0, 0]  # nobody fought
    state = act(state, "place trade")
    counts = {}
    for seat in (1, 2, 0):
        state, counts[seat] = _trade_actions_of(state, seat)
    assert counts == {1: 3, 2: 2, 0: 1}
    for seat in range(3):
        set_dice(state, seat, "red-chest", "blue-chest")
    state = act(state, "place villages")
    drawn = {}
    for seat in (2, 0, 1):
        deck = len(state["decks"]["villages"])
        state = act(act(state, "join"), "take pair deck")
        drawn[seat] = deck - len(state["decks"]["villages"]) - 2
        state = finish(state, seat)
    assert drawn == {2: 2, 0: 1, 1: 0}
    state = act(state, "place conquer")  # the Honor Ship, by seat 0
    lefts = {}
    for seat in (0, 1, 2):
        state = act(state, "join")
        lefts[seat] = top(state)["left"]
        state = finish(state, seat)
    assert lefts == {0: 3, 1: 2, 2: 1}
    assert state["round"] == 2 and state["honor"] == 1 and state["start"] == 1


def test_full_round_with_four_players() -> None:
    state = game(4, start=0)
    state = act(state, "place conquer")
    lefts = {}
    for seat in (0, 1, 2, 3):
        state = act(state, "join")
        lefts[seat] = top(state)["left"]
        state = finish(state, seat)
    assert lefts == {0: 3, 1: 2, 2: 1, 3: 1}
    for seat in range(4):
        set_dice(state, seat, "red-shield", "blue-shield")
        state["seats"][seat]["food"] = 10
    state = act(state, "place keeps")
    drawn = {}
    for seat in (1, 2, 3, 0):
        deck = len(state["decks"]["keeps"])
        state = act(act(state, "join"), "take pair deck")
        drawn[seat] = deck - len(state["decks"]["keeps"]) - 2
        state = finish(state, seat)
    assert drawn == {1: 2, 2: 1, 3: 0, 0: 0}
    favor = [p["favor"] for p in state["seats"]]
    state = act(state, "place recruit")
    for seat in (2, 3, 0, 1):
        state = finish(act(state, "join"), seat)
    assert [state["seats"][s]["favor"] - favor[s] for s in range(4)] == [0, 0, 2, 0]
    state = act(state, "place trade")
    counts = {}
    for seat in (3, 0, 1, 2):
        state, counts[seat] = _trade_actions_of(state, seat)
    assert counts == {3: 3, 0: 2, 1: 1, 2: 1}
    assert state["round"] == 2 and state["start"] == 3 and state["queue"] == [3, 0, 1, 2]


def test_five_players_place_one_pawn_each_and_the_fifth_seat_takes_the_fourth_row() -> None:
    state = game(5, start=3)
    assert state["queue"] == [3, 4, 0, 1, 2]
    state = act(state, "place conquer")
    lefts = {}
    for seat in (3, 4, 0, 1, 2):
        state = act(state, "join")
        lefts[seat] = top(state)["left"]
        state = finish(state, seat)
    assert lefts == {3: 3, 4: 2, 0: 1, 1: 1, 2: 1}
    assert reavers.to_act(state) == [4] and top(state)["kind"] == "place"


# --- Recruit Reavers ----------------------------------------------------------------------


def test_recruit_a_cross_slot_rolls_both_cards_and_each_is_rallied_led_or_specialized() -> None:
    state = game(2)
    state["board"]["recruit"][0] = ["R01", "R22"]
    set_dice(state, 0)
    state = act(act(state, "place recruit"), "join")
    state = act(state, "take slot 1")
    assert len(state["seats"][0]["dice"]) == 3  # R01 rolls red and yellow, R17 yellow
    assert state["board"]["recruit"][0] == []
    assert top(state) == {"kind": "use", "seat": 0, "cards": ["R01", "R22"]}
    state = act(state, "use rally")
    assert reavers.legal_actions(state, 0) == [
        f"face {f}" for f in ("hammer", "double", "shield", "chest", "clan")
    ]
    state = act(act(state, "face shield"), "face double")
    assert {"red-shield", "blue-double"} <= set(codes(state, 0))
    assert "R01" in state["seats"][0]["pile"]
    state = act(state, "use specialize sea")
    assert state["seats"][0]["specialized"]["sea"] == ["R22"]


def test_lead_gives_the_clan_bonus_sends_the_old_leader_to_the_glory_pile_and_makes_clan_wild() -> None:
    state = game(2)
    state["seats"][0]["leader"] = "R41"  # a blue leader
    state["board"]["recruit"][2] = ["R02"]  # red
    food = state["seats"][0]["food"]
    set_dice(state, 0, "red-clan", "red-clan")
    state = act(act(act(state, "place recruit"), "join"), "take slot 3")
    state = act(state, "use lead")
    p = state["seats"][0]
    assert p["leader"] == "R02" and "R41" in p["pile"] and p["food"] == food + 4
    view = reavers.view(state, None)["seats"][0]
    assert [d["wild"] for d in view["dice"] if d["color"] == "red" and d["face"] == "clan"] == [True, True]


def test_a_yellow_leader_lets_the_player_draw_a_spoils_card() -> None:
    state = game(2)
    state["board"]["recruit"][2] = ["R22"]
    stack_deck(state, "keeps", "K01")
    state = act(act(act(state, "place recruit"), "join"), "take slot 3")
    state = act(state, "use lead")
    assert reavers.legal_actions(state, 0) == ["take spoils villages", "take spoils keeps"]
    state = act(state, "take spoils keeps")
    assert state["seats"][0]["pile"][-1] == "K01"


def test_recruit_with_no_reaver_left_anywhere_is_skipped() -> None:
    state = game(2)
    state["board"]["recruit"] = [[], [], []]
    state["decks"]["reavers"], state["discards"]["reavers"] = [], []
    state = act(act(state, "place recruit"), "join")
    assert reavers.legal_actions(state, 0) == ["skip"]
    assert reavers.to_act(act(state, "skip")) == [1]


def test_specialize_holds_at_most_three_reavers_per_space_and_the_deck_gives_one_card() -> None:
    state = game(2)
    state["seats"][0]["specialized"]["keeps"] = ["R02", "R03", "R04"]
    stack_deck(state, "reavers", "R05")
    state = act(act(act(state, "place recruit"), "join"), "take slot deck")
    assert top(state)["cards"] == ["R05"]
    assert "use specialize keeps" not in reavers.legal_actions(state, 0)
    assert "use specialize villages" in reavers.legal_actions(state, 0)


# --- Trade with Villages ------------------------------------------------------------------


def test_trade_takes_two_pool_dice_food_or_a_prophecy_face_up_or_from_the_deck() -> None:
    state = game(3, start=0)
    state["board"]["trade_dice"] = [
        {"color": "red", "face": "hammer"},
        {"color": "red", "face": "hammer"},
        {"color": "blue", "face": "shield"},
    ]
    state["board"]["prophecies"] = ["P01", None]
    set_dice(state, 1)
    state = act(state, "place trade")
    assert state["start"] == 0
    state = act(act(state, "prepare food"), "join")
    actions = reavers.legal_actions(state, 1)
    assert "trade red-hammer red-hammer" in actions and "trade blue-shield blue-shield" not in actions
    state = act(state, "trade red-hammer blue-shield")
    assert codes(state, 1) == ["blue-shield", "red-hammer"]
    assert state["board"]["trade_dice"] == [{"color": "red", "face": "hammer"}]
    state = act(state, "take prophecy P01")
    assert "P01" in state["seats"][1]["prophecies"] and state["board"]["prophecies"] == [None, None]
    assert reavers.to_act(state) == [2]  # two actions for the second player
    assert "trade red-hammer" in reavers.legal_actions(act(state, "join"), 2)
