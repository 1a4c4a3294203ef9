"""Pax Viking: the standard and influence actions, ESTABLISH, DUCHY, TRADE and the ALTHING."""

from __future__ import annotations

from games import pax
from games.core import Rng
from games.pax import board, bot
from tests.games.pax_support import act, follower, refused, ship, table, texts, venture

# --- INVEST, DRAW, BUY, SAGA TRACK ----------------------------------------------------


def test_invest_draw_removes_the_one_cost_tile_and_refreshes() -> None:
    state = table()
    state["track"] = ["E04", "G03", None, "A04", None]
    top = state["pile"][-1]
    state = act(state, 0, "invest draw")
    assert state["seats"][0]["hand"] == [top]
    assert state["discard"] == ["E04"] and state["track"][:2] == ["G03", "A04"]
    assert None not in state["track"]  # REFRESH filled the empty spaces


def test_invest_buy_pays_the_space_cost_less_any_discount() -> None:
    state = table(jarls=("sigrid", "erik"))  # BUY for 1 Silfr less
    state["track"] = ["E04", "G03", "V09", "A04", "V20"]
    state = act(state, 0, "invest 5")
    assert state["seats"][0]["silfr"] == 8 and state["seats"][0]["hand"] == ["V20"]
    assert state["track"][4] is None  # refilled only by a REFRESH
    state["seats"][0]["silfr"] = 0
    assert "invest 1" in pax.legal_actions(state, 0) and "invest 2" not in pax.legal_actions(state, 0)


# --- PLAY, REQUIREMENT, (RE)PLACE, ESTABLISH --------------------------------------------


def test_play_a_venture_needs_the_requirement() -> None:
    state = table()
    state["seats"][0]["hand"] = ["V01"]  # Birka Mint, Svealand, SWEDEN
    assert not [a for a in pax.legal_actions(state, 0) if a.startswith("play")]
    ship(state, 0, "birka")  # a TRADE CENTER: no Venture goes there
    ship(state, 0, "sigtuna")
    ship(state, 1, "kalmar")
    assert [a for a in pax.legal_actions(state, 0) if a.startswith("play")] == ["play V01 sigtuna"]
    ship(state, 1, "sigtuna")
    assert not [a for a in pax.legal_actions(state, 0) if a.startswith("play")]  # not ALONE
    state["seats"][1]["ships"][1]["at"] = None
    state["seats"][0]["silfr"] = 0  # Sigtuna costs nothing to ESTABLISH
    state = act(state, 0, "play V01 sigtuna")
    spot = state["posts"]["sigtuna"]
    assert spot == {"venture": "V01", "follower": [0, "sweden"]}
    assert state["seats"][0]["silfr"] == 1  # Erik: when you PLAY, GAIN 1
    assert "PLAYS Birka Mint (V01) at Sigtuna" in texts(state)


def test_play_replaces_a_rival_venture_but_not_a_trade_center() -> None:
    state = table()
    venture(state, "sigtuna", "V02", 1)
    state["seats"][0]["hand"] = ["V01", "V08"]  # Svealand and North
    ship(state, 0, "sigtuna")
    ship(state, 0, "visby")
    plays = [a for a in pax.legal_actions(state, 0) if a.startswith("play")]
    assert "play V01 sigtuna" in plays and "play V08 visby" not in plays
    state = act(state, 0, "play V01 sigtuna")
    assert state["discard"] == ["V02"] and state["seats"][1]["supply"]["theocracy"] == 4


def test_establish_one_colour_per_tile_and_needs_a_follower() -> None:
    state = table()
    state["seats"][0]["supply"]["sweden"] = 0
    state["seats"][0]["hand"] = ["V01"]
    ship(state, 0, "sigtuna")
    refused(state, 0, "play V01 sigtuna")
    venture(state, "kalmar", "V04", 0)
    ship(state, 0, "kalmar")
    assert not board.can_establish(state, 0, "kalmar")  # already its colour


def test_establish_trigger_fires_only_after_establishing() -> None:
    state = table()
    state["seats"][0]["hand"] = ["V02"]  # Sigtuna Church: when ESTABLISHED, DRAW 1
    ship(state, 0, "sigtuna")
    state = act(state, 0, "play V02 sigtuna")
    assert len(state["seats"][0]["hand"]) == 1


def test_play_an_event_resolves_and_removes_it() -> None:
    state = table()
    state["seats"][0]["hand"] = ["E09"]  # Silver Hoard Found: GAIN 3
    state = act(state, 0, "play E09 resolve")
    assert state["seats"][0]["silfr"] == 14 and state["removed"] == ["E09"]  # and Erik's 1
    assert "RESOLVES Silver Hoard Found (E09)" in texts(state)


def test_play_gods_and_advocates_on_the_jarlboard() -> None:
    state = table()
    state["seats"][0]["hand"] = ["G03", "G02", "G05", "A04"]
    state = act(state, 0, "play G03 jarlboard", "play G02 jarlboard")
    assert state["seats"][0]["gods"] == ["G03", "G02"]
    assert board.established(state, 0)["jarldom"] == 1  # Thor carries a JARLDOM Follower
    plays = [a for a in pax.legal_actions(state, 0) if a.startswith("play G05")]
    assert plays == ["play G05 G03", "play G05 G02"]  # both spaces full: replace one
    assert "play A04 jarlboard" not in pax.legal_actions(state, 0)  # Danish Envoy needs Jutland
    state = act(state, 0, "play G05 G03")
    assert state["seats"][0]["gods"] == ["G02", "G05"] and state["discard"] == ["G03"]


# --- ACTIVATE, PARLEY, CHALLENGE ------------------------------------------------------------


def test_activate_needs_longship_and_follower_then_exhausts_the_longship() -> None:
    state = table()
    venture(state, "birka", "V01", 0)  # GAIN 2
    assert "activate birka" not in pax.legal_actions(state, 0)
    index = ship(state, 0, "birka")
    state = act(state, 0, "activate birka")
    assert state["seats"][0]["silfr"] == 12 and state["seats"][0]["ships"][index]["exhausted"]
    assert "activate birka" not in pax.legal_actions(state, 0)


def test_parley_alone_establishes() -> None:
    state = table()
    venture(state, "birka", "V01", 1)
    ship(state, 0, "birka")
    state = act(state, 0, "parley birka")
    assert state["posts"]["birka"]["follower"] == [0, "sweden"] and state["seats"][1]["supply"]["sweden"] == 4


def test_parley_challenges_a_rival_with_fewer_longships() -> None:
    state = table(3, jarls=("tosti", "erik", "sigrid"))  # no strength bonus for seat 0
    venture(state, "birka", "V01", 1)
    ship(state, 0, "birka")
    ship(state, 0, "birka")
    ship(state, 1, "birka")
    ship(state, 2, "birka")
    ship(state, 2, "birka")
    actions = [a for a in pax.legal_actions(state, 0) if a.startswith(("parley", "challenge"))]
    assert actions == ["challenge birka 2"]  # seat 3 has as many Longships
    state = act(state, 0, "challenge birka 2")
    assert [s["at"] for s in state["seats"][1]["ships"]][0] is None  # RETURNED
    assert board.ships_at(state, "gotland_sea") == [2, 2]  # moved to the nearest REGION
    assert state["posts"]["birka"]["follower"] == [0, "sweden"]  # then ALONE: ESTABLISH


def test_strength_counts_in_a_challenge() -> None:
    state = table()
    state["seats"][0]["gods"] = ["G02"]  # Thor: count one more Longship in a CHALLENGE
    state["seats"][0]["supply"]["jarldom"] -= 1
    venture(state, "birka", "V01", 1)
    ship(state, 0, "birka")
    ship(state, 1, "birka")
    assert "challenge birka 2" in pax.legal_actions(state, 0)
    assert "challenge birka 1" not in pax.legal_actions(pax.apply(state, 0, "end"), 1)


# --- influence actions ------------------------------------------------------------------------


def test_jarldom_steps_in_returns_a_rival_and_establishes() -> None:
    state = table()
    state["influence"]["jarldom"] = 0
    venture(state, "birka", "V01", 1)
    ship(state, 0, "gotland_sea")
    ship(state, 1, "birka")
    state = act(state, 0, "jarldom birka")
    assert board.ships_at(state, "birka") == [0] and state["seats"][1]["ships"][0]["at"] is None
    assert state["posts"]["birka"]["follower"] == [0, "sweden"]
    refused(state, 0, "jarldom birka")  # once a turn


def test_sweden_draws_a_venture_places_a_longship_and_plays_it() -> None:
    state = table()
    state["influence"]["sweden"] = 0
    state["pile"].append("V01")  # Birka Mint, Svealand
    state = act(state, 0, "sweden")
    assert pax.view(state, None)["pending"] == {
        "action": "sweden",
        "location": "svealand",
        "location_name": "Svealand",
    }
    assert pax.view(state, 0)["private"]["drawn"]["id"] == "V01" and pax.midway(state)
    assert pax.legal_actions(state, 0) == ["place birka", "place sigtuna"]
    state = act(state, 0, "place sigtuna")
    assert state["posts"]["sigtuna"]["venture"] == "V01" and state["seats"][0]["hand"] == []


def test_sweden_keeps_a_non_venture_in_hand() -> None:
    state = table()
    state["influence"]["sweden"] = 0
    state["pile"].append("G03")
    state = act(state, 0, "sweden")
    assert state["pending"] is None and state["seats"][0]["hand"] == ["G03"]


def test_theocracy_establishes_on_a_powerful_ally_which_triggers() -> None:
    state = table()
    state["influence"]["theocracy"] = 0
    state = act(state, 0, "theocracy jorvik")  # no Longship needed; Jórvík: GAIN 3
    assert state["posts"]["jorvik"]["follower"] == [0, "theocracy"]
    assert state["seats"][0]["silfr"] == 10 - 2 + 3


def test_rus_takes_a_rival_advocate() -> None:
    state = table()
    state["influence"]["rus"] = 0
    state["seats"][1]["advocates"] = ["A04"]  # Danish Envoy, Jutland
    state["seats"][1]["supply"]["jarldom"] -= 1
    assert not [a for a in pax.legal_actions(state, 0) if a.startswith("rus")]
    ship(state, 0, "ribe")
    state = act(state, 0, "rus A04 jarlboard")
    assert state["seats"][0]["advocates"] == ["A04"] and state["seats"][1]["advocates"] == []
    assert state["seats"][1]["supply"]["jarldom"] == 4 and state["seats"][0]["silfr"] == 12


# --- TRADE CENTER, POWERFUL ALLY, DUCHY, ONCE ---------------------------------------------------


def test_trade_center_ability_triggers_during_its_action() -> None:
    state = table()
    follower(state, "visby", 0, "sweden")  # Visby: when you INVEST, GAIN 1
    state["track"] = ["E04", None, None, None, None]
    state = act(state, 0, "invest 1")
    assert state["seats"][0]["silfr"] == 10 - 1 + 1
    assert pax.view(state, None)["seats"][0]["trade_centers"] == ["visby"]


def test_powerful_ally_triggers_when_established() -> None:
    state = table()
    ship(state, 0, "baghdad")
    state = act(state, 0, "parley baghdad")
    assert state["seats"][0]["silfr"] == 10 - 2 + 4


def test_duchy_adds_a_home_marker_to_journey_from() -> None:
    state = table()
    venture(state, "sigtuna", "V01", 0)
    state["seats"][0]["hand"] = ["V02"]  # Svealand has only two empty posts: use a Wind one
    venture(state, "birka", "V08")  # (a designer's map edit would do the same)
    ship(state, 0, "birka")
    state["posts"]["birka"]["follower"] = None
    state = act(state, 0, "parley birka")
    assert state["seats"][0]["homes"] == ["uppsala", "svealand"]
    assert pax.view(state, None)["regions"][2]["duchy"] == [0]
    state = act(state, 0, "journey 2")
    assert {"step birka", "step sigtuna", "step bothnia"} <= set(pax.legal_actions(state, 0))


def test_once_ability_applies_once_a_turn() -> None:
    state = table(jarls=("tosti", "sigrid"))
    state["seats"][0]["advocates"] = ["A13"]  # Greek Priest: when you PLAY, GAIN 1 (ONCE)
    state["seats"][0]["hand"] = ["E04", "G03"]
    state = act(state, 0, "play E04 resolve", "play G03 jarlboard")
    assert state["seats"][0]["silfr"] == 11


# --- TRADE ---------------------------------------------------------------------------------


def _traders() -> dict:
    state = table()
    ship(state, 1, "visby")  # in the Gotland Sea REGION
    state["seats"][0]["hand"] = ["G03"]
    state["seats"][1]["hand"] = ["A04", "V20"]
    return act(state, 0, "journey 1", "step bothnia", "step gotland_sea")


def test_trade_offer_answered_whenever_the_other_looks() -> None:
    state = _traders()
    assert "offer 2" in pax.legal_actions(state, 0)  # COLOCATED in the Gotland Sea
    state = act(state, 0, "offer 2", "give silfr", "give silfr", "give G03", "ask tile")
    assert pax.midway(state) and pax.view(state, None)["offer"]["give"] == {
        "silfr": 2,
        "tiles": 1,
        "followers": [],
        "longships": 0,
    }
    state = act(state, 0, "offer send")
    assert pax.to_act(state) == [0, 1] and not pax.midway(state)
    assert pax.view(state, 1)["private"]["offer_tiles"][0]["id"] == "G03"
    assert pax.legal_actions(state, 1) == ["answer A04", "answer V20", "answer decline"]
    state = act(state, 0, "step visby")  # the journey goes on meanwhile
    state = act(state, 1, "answer V20")
    assert state["seats"][0]["hand"] == ["V20"] and state["seats"][1]["hand"] == ["A04", "G03"]
    assert state["seats"][0]["silfr"] == 8 and state["seats"][1]["silfr"] == 12
    assert pax.to_act(state) == [0]


def test_trade_declined_withdrawn_or_lapsed() -> None:
    state = act(_traders(), 0, "offer 2", "ask silfr", "offer send")
    assert pax.apply(state, 1, "answer decline")["offer"] is None
    assert pax.apply(state, 0, "offer cancel")["offer"] is None
    state["seats"][1]["silfr"] = 0
    lapsed = act(state, 1, "answer accept")
    assert lapsed["offer"] is None and "lapses" in texts(lapsed)[-1]
    ended = act(state, 0, "stop", "end")
    assert ended["offer"] is None and ended["current"] == 1


def test_no_trade_without_a_colocated_rival() -> None:
    state = table()
    state = act(state, 0, "journey 1", "step bothnia")
    assert not [a for a in pax.legal_actions(state, 0) if a.startswith("offer")]


# --- ALTHING -----------------------------------------------------------------------------------


def _althing(players: int, caller: int) -> dict:
    """Seat ``caller`` PLAYS Good Harvest (ALL GAIN 2, by ALTHING) in its own turn."""
    state = table(players)
    state["current"] = caller
    state["seats"][caller]["hand"] = ["E01"]
    return act(state, caller, "play E01 resolve")


def test_althing_votes_in_turn_order_from_the_caller() -> None:
    """The ALTHING votes in turn order: the player whose turn it is first, then clockwise;
    one seat acts at a time and sees the votes cast before its own."""
    state = _althing(3, 1)
    assert state["phase"] == "althing" and pax.to_act(state) == [1]
    assert pax.legal_actions(state, 2) == [] and pax.legal_actions(state, 0) == []
    refused(state, 2, "vote no")
    state = act(state, 1, "vote yes")
    assert pax.to_act(state) == [2]
    assert pax.view(state, 2)["althing"]["votes"] == [None, True, None]
    assert pax.prompt(state) == "vote at the ALTHING on Good Harvest (so far 1 for, 0 against)"
    state = act(state, 2, "vote no")
    assert pax.to_act(state) == [0] and pax.view(state, 0)["althing"]["votes"] == [None, True, False]
    state = act(state, 0, "vote no")  # one of three agrees: refused
    assert state["removed"] == ["E01"] and state["seats"][1]["silfr"] == 10
    assert state["phase"] == "action" and pax.to_act(state) == [1]


def test_an_althing_stored_with_votes_cast_out_of_order_goes_on() -> None:
    """A game saved while every seat could vote at once (seat 2 voted before seats 0 and 1)
    loads and continues: the seats still to vote do so in turn order from the caller."""
    state = table(3)
    state["phase"] = "althing"
    state["althing"] = {"tile": "E01", "by": 0, "votes": [None, None, False]}
    assert pax.to_act(state) == [0]
    assert pax.view(state, 0)["althing"]["votes"] == [None, None, False]
    assert bot.choose(pax.view(state, 0), pax.legal_actions(state, 0), Rng(1)) == "vote yes"
    state = act(state, 0, "vote yes")
    assert pax.to_act(state) == [1]
    state = act(state, 1, "vote yes")  # two of three agree
    assert state["removed"] == ["E01"] and state["seats"][2]["silfr"] == 12
    assert state["phase"] == "action" and pax.to_act(state) == [0]


def test_althing_half_the_votes_resolve() -> None:
    state = table(2)
    state["seats"][0]["hand"] = ["E01"]
    state = act(state, 0, "play E01 resolve", "vote yes")
    state = act(state, 1, "vote no")  # 50% agree
    assert state["seats"][1]["silfr"] == 12 and state["removed"] == ["E01"]


def test_invest_draw_with_an_empty_pile_still_removes_the_one_cost_tile() -> None:
    """With no REFRESH able to empty the SAGA TRACK, this keeps the end of the game in reach."""
    state = table()
    state["pile"] = []
    state["track"] = ["E04", "G03", None, None, None]
    assert pax.label(state, "invest draw").startswith("INVEST: DRAW nothing")
    state = act(state, 0, "invest draw")
    assert state["seats"][0]["hand"] == [] and state["discard"] == ["E04"]
    assert state["track"] == ["G03", None, None, None, None]
    state["track"] = [None] * 5
    assert "invest draw" not in pax.legal_actions(state, 0)
