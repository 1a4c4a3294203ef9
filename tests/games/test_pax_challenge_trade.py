"""Pax Viking: Followers acting as Longships (CHALLENGE) and TRADES of Followers and Longships."""

from __future__ import annotations

import pytest

from games import IllegalAction, pax
from games.pax import board
from tests.games.pax_support import act, refused, ship, table, texts, venture

# --- Followers acting as Longships ----------------------------------------------------------
# Uppland Levy (V03, North, JARLDOM): "Your Follower here acts as a Longship in this POST".


def test_a_guarding_follower_counts_as_a_longship_for_alone() -> None:
    state = table()
    venture(state, "kalmar", "V03", 1)  # seat 1's Follower guards Kalmar (Götaland)
    ship(state, 0, "kalmar")
    assert board.presence(state, "kalmar") == [0, 1]
    assert not board.alone(state, 0, "kalmar")  # seat 0 is not ALONE beside the Follower
    assert not board.alone(state, 1, "kalmar")
    state["seats"][1]["hand"] = ["A02"]  # Gotar Skald: REQUIREMENT Götaland
    state = act(state, 0, "end")
    assert "play A02 jarlboard" not in pax.legal_actions(state, 1)  # seat 0's Longship is there too
    state["seats"][0]["ships"][0]["at"] = None
    assert board.alone(state, 1, "kalmar")  # seat 1 is, with no Longship of its own there
    assert "play A02 jarlboard" in pax.legal_actions(state, 1)  # the Follower alone meets it


def test_a_venture_without_the_ability_does_not_guard() -> None:
    state = table()
    venture(state, "kalmar", "V04", 1)  # Kalmar Toll: an ACTIVATE Venture
    ship(state, 0, "kalmar")
    assert board.presence(state, "kalmar") == [0] and board.alone(state, 0, "kalmar")
    assert "parley kalmar" in pax.legal_actions(state, 0)


def test_challenge_needs_more_longships_than_ships_and_guard() -> None:
    state = table(jarls=("tosti", "erik"))  # no strength bonus for seat 0
    venture(state, "kalmar", "V03", 1)
    ship(state, 0, "kalmar")
    actions = [a for a in pax.legal_actions(state, 0) if a.startswith(("parley", "challenge"))]
    assert actions == []  # one Longship against one Follower acting as a Longship
    ship(state, 0, "kalmar")
    assert "challenge kalmar 2" in pax.legal_actions(state, 0)
    ship(state, 1, "kalmar")  # now two against two
    assert "challenge kalmar 2" not in pax.legal_actions(state, 0)


def test_challenge_returns_every_follower_acting_as_a_longship() -> None:
    state = table(jarls=("tosti", "erik"))
    venture(state, "kalmar", "V03", 1)
    ship(state, 0, "kalmar")
    ship(state, 0, "kalmar")
    state = act(state, 0, "challenge kalmar 2")
    assert state["seats"][1]["supply"]["jarldom"] == 4  # the Follower went back to its Jarlboard
    assert state["posts"]["kalmar"]["venture"] == "V03"  # the tile stays
    assert state["posts"]["kalmar"]["follower"] == [0, "jarldom"]  # then ALONE: ESTABLISH
    assert state["seats"][0]["silfr"] == 10 - 1  # Kalmar's cost
    assert any("RETURNED" in line for line in texts(state))
    assert board.guards_at(state, "kalmar") == [0]  # the ability now serves seat 0


def test_challenge_returns_a_longship_and_the_guard_together() -> None:
    state = table(jarls=("tosti", "erik"))
    venture(state, "lodose", "V15", 1)  # Danish Mercenaries: a West Venture (here on a test post)
    ship(state, 1, "lodose")
    for _ in range(3):
        ship(state, 0, "lodose")
    state = act(state, 0, "challenge lodose 2")
    assert state["seats"][1]["ships"][0]["at"] is None  # the first Longship RETURNED
    assert state["posts"]["lodose"]["follower"] == [0, "jarldom"]


def test_jarldom_returns_longships_only_so_a_guard_blocks_it() -> None:
    state = table()
    state["influence"]["jarldom"] = 0
    venture(state, "kalmar", "V03", 1)
    ship(state, 0, "gotland_sea")  # Kalmar's HARBOR
    refused(state, 0, "jarldom kalmar")  # no RIVAL Longship to RETURN, and never ALONE
    ship(state, 1, "kalmar")
    state = act(state, 0, "jarldom kalmar")
    assert state["seats"][1]["ships"][0]["at"] is None
    assert state["posts"]["kalmar"]["follower"] == [1, "jarldom"]  # the guard stays: not ALONE


def test_the_view_names_the_guard_and_the_text_says_so() -> None:
    state = table()
    venture(state, "kalmar", "V03", 1)
    post = next(p for p in pax.view(state, None)["posts"] if p["id"] == "kalmar")
    assert post["guard"] == 1 and "acts as a Longship" in post["venture"]["text"]


# --- TRADE: Followers and Longships ----------------------------------------------------------


def _traders() -> dict:
    state = table()
    ship(state, 1, "visby")  # in the Gotland Sea REGION
    return act(state, 0, "journey 1", "step bothnia", "step gotland_sea")


def test_trade_offers_followers_and_longships_both_ways() -> None:
    state = act(_traders(), 0, "offer 2")
    actions = pax.legal_actions(state, 0)
    assert {"give sweden", "give longship", "ask rus", "ask longship"} <= set(actions)
    state = act(
        state, 0, "give sweden", "give sweden", "give longship", "ask rus", "ask longship", "ask silfr"
    )
    offer = pax.view(state, None)["offer"]
    assert offer["give"] == {"silfr": 0, "tiles": 0, "followers": ["sweden", "sweden"], "longships": 1}
    assert offer["ask"] == {"silfr": 1, "tiles": 0, "followers": ["rus"], "longships": 1}
    assert "2 SWEDEN" not in pax.label(state, "offer send")
    assert "1 SWEDEN Follower and 1 SWEDEN Follower and 1 Longship" in pax.label(state, "offer send")
    state = act(state, 0, "offer send", "step visby")
    state = act(state, 1, "answer accept")
    me, rival = state["seats"][0], state["seats"][1]
    assert me["supply"]["sweden"] == 2 and rival["supply"]["sweden"] == 6
    assert me["supply"]["rus"] == 5 and rival["supply"]["rus"] == 3
    assert len(me["ships"]) == 5 and len(rival["ships"]) == 5  # one each way
    assert me["silfr"] == 11 and rival["silfr"] == 9
    assert state["pending"]["at"] == "visby"
    assert me["ships"][state["pending"]["ship"] - 1]["at"] == "visby"  # still the moving ship


def test_traded_longship_renumbers_the_moving_one() -> None:
    state = table()
    ship(state, 1, "visby")
    state = act(state, 0, "journey 3", "step bothnia", "step gotland_sea")  # ships 1 and 2 stay home
    state = act(state, 0, "offer 2", "give longship", "offer send")
    state = act(state, 1, "answer accept")
    assert len(state["seats"][0]["ships"]) == 4 and len(state["seats"][1]["ships"]) == 6
    assert state["pending"]["ship"] == 2  # Longship 1 went over: the mover is now number 2
    assert state["seats"][0]["ships"][1]["at"] == "gotland_sea"
    state = act(state, 0, "step visby", "stop")
    assert state["seats"][0]["ships"][1] == {"at": "visby", "exhausted": True}


def test_only_spare_followers_and_jarlboard_longships_are_offered() -> None:
    state = _traders()
    state["seats"][0]["supply"]["rus"] = 0
    for index in range(1, 5):
        ship(state, 0, "birka", index)  # every other Longship on the map
    state = act(state, 0, "offer 2", "give jarldom")
    actions = pax.legal_actions(state, 0)
    assert "give rus" not in actions and "give longship" not in actions and "give jarldom" in actions


def test_trade_lapses_when_the_offered_follower_is_gone() -> None:
    state = act(_traders(), 0, "offer 2", "give theocracy", "offer send")
    state["seats"][0]["supply"]["theocracy"] = 0  # ESTABLISHED meanwhile
    state = act(state, 1, "answer accept")
    assert state["offer"] is None and "lapses" in texts(state)[-1]
    assert state["seats"][1]["supply"]["theocracy"] == 4


def test_a_traded_follower_is_established_by_its_new_owner() -> None:
    state = act(_traders(), 0, "offer 2", "give sweden", "offer send")
    state = act(state, 1, "answer accept")
    state["seats"][1]["supply"]["sweden"] = 1  # only the traded one is left
    venture(state, "sigtuna", "V01")
    ship(state, 1, "sigtuna")
    state = act(state, 0, "stop", "end")
    state = act(state, 1, "parley sigtuna")
    assert state["posts"]["sigtuna"]["follower"] == [1, "sweden"]


# --- glossary terms without a scenario of their own before --------------------------------


def test_once_is_once_per_turn_and_fires_again_next_turn() -> None:
    state = table(jarls=("tosti", "sigrid"))
    state["seats"][0]["advocates"] = ["A13"]  # Greek Priest: when you PLAY, GAIN 1 (ONCE)
    state["seats"][0]["hand"] = ["E04", "G03"]
    state = act(state, 0, "play E04 resolve")
    assert state["seats"][0]["silfr"] == 11
    state = act(state, 0, "end")
    state = act(state, 1, "end")
    before = state["seats"][0]["silfr"]
    state = act(state, 0, "play G03 jarlboard")
    assert state["seats"][0]["silfr"] == before + 1  # the ONCE ability fired again in the new turn
    assert state["turn"]["once"] == ["A13"]


def test_a_wind_location_is_every_post_of_that_wind() -> None:
    state = table()
    state["seats"][0]["hand"] = ["V07"]  # Gotland Farmers: the NORTH
    ship(state, 0, "sigtuna")  # Svealand, in the North
    ship(state, 0, "lodose")  # Götaland, in the North
    ship(state, 0, "laeso")  # Kattegat, in the West
    plays = [a for a in pax.legal_actions(state, 0) if a.startswith("play V07")]
    assert plays == ["play V07 sigtuna", "play V07 lodose"]


def test_parley_needs_a_tile_on_the_post() -> None:
    state = table()
    ship(state, 0, "sigtuna")  # an empty POST: no Follower icon, nothing to ESTABLISH on
    ship(state, 0, "birka")  # a TRADE CENTER with its printed icon
    parleys = [a for a in pax.legal_actions(state, 0) if a.startswith("parley")]
    assert parleys == ["parley birka"]


def _answered_on_a_later_journey() -> dict:
    """Seat 0 offers a Longship from a JOURNEY it then calls off before a STEP, and sets out
    on a new one from HOME before seat 1 answers: the moving Longship is on the Jarlboard."""
    state = table()
    ship(state, 1, "visby")
    ship(state, 0, "gotland_sea", 0)  # Longship 1 is already out, beside seat 1
    state = act(state, 0, "journey 1", "offer 2", "give longship", "offer send", "stop")
    return act(state, 0, "journey 2")  # Longship 2 sets out from HOME: no STEP yet


def test_a_trade_never_hands_over_the_longship_on_a_journey() -> None:
    state = _answered_on_a_later_journey()
    assert state["pending"]["ship"] == 2 and state["seats"][0]["ships"][1]["at"] is None
    moving = state["seats"][0]["ships"][1]
    state = act(state, 1, "answer accept")
    assert len(state["seats"][0]["ships"]) == 4 and len(state["seats"][1]["ships"]) == 6
    assert state["seats"][0]["ships"][state["pending"]["ship"] - 1] == moving  # another one went
    state = act(state, 0, "step bothnia")
    assert state["seats"][0]["ships"][state["pending"]["ship"] - 1]["at"] == "bothnia"


def test_a_trade_lapses_when_only_the_journeying_longship_is_home() -> None:
    state = _answered_on_a_later_journey()
    for index in (2, 3, 4):
        ship(state, 0, "birka", index)  # every other Longship is out on the map
    state = act(state, 1, "answer accept")
    assert state["offer"] is None and "lapses" in texts(state)[-1]
    assert len(state["seats"][0]["ships"]) == 5 and state["pending"]["ship"] == 2


# --- a TRADE belongs to a JOURNEY (issue 30) ------------------------------------------------


def _trade_before_a_step() -> dict:
    """Seat 0 sets out with a Longship already beside seat 1 and offers a TRADE at once."""
    state = table()
    ship(state, 0, "gotland_sea")
    ship(state, 1, "gotland_sea")
    return act(state, 0, "journey 1", "offer 2", "give silfr", "offer send")


def test_a_trade_before_any_step_spends_the_journey() -> None:
    """TRADE happens inside a JOURNEY, which costs an action and EXHAUSTS the Longship: an
    offer sent before the first STEP no longer lets ``stop`` call the JOURNEY off."""
    state = act(_trade_before_a_step(), 1, "answer accept")
    assert state["pending"]["traded"] and pax.label(state, "stop") == "Stop the JOURNEY here"
    state = act(state, 0, "stop")
    assert state["turn"]["used"] == ["journey"]
    assert state["seats"][0]["ships"][0] == {"at": "gotland_sea", "exhausted": True}
    assert "journey 1" not in pax.legal_actions(state, 0)


def test_a_declined_or_withdrawn_offer_still_spends_the_journey() -> None:
    for answer in ((1, "answer decline"), (0, "offer cancel")):
        state = act(_trade_before_a_step(), *answer)
        state = act(state, 0, "stop")
        assert state["turn"]["used"] == ["journey"] and state["seats"][0]["ships"][0]["exhausted"]


def test_an_offer_never_sent_leaves_the_journey_to_call_off() -> None:
    state = table()
    ship(state, 0, "gotland_sea")
    ship(state, 1, "gotland_sea")
    state = act(state, 0, "journey 1", "offer 2", "give silfr", "offer cancel")
    assert pax.label(state, "stop") == "Call the JOURNEY off (no action spent)"
    state = act(state, 0, "stop")
    assert state["turn"]["used"] == [] and not state["seats"][0]["ships"][0]["exhausted"]


# --- seats named as the table lists them -----------------------------------------------------


def test_a_rival_is_named_by_seat_from_one() -> None:
    state = table(jarls=("tosti", "erik"))
    venture(state, "kalmar", "V03", 1)
    ship(state, 0, "kalmar")
    ship(state, 0, "kalmar")
    assert pax.label(state, "challenge kalmar 2") == "PARLEY at Kalmar: CHALLENGE {seat1} (seat 2)"
    for typed in ("challenge kalmar seat 2", "challenge Kalmar #2"):
        assert pax.apply(state, 0, typed) == pax.apply(state, 0, "challenge kalmar 2")
    assert pax.label(_traders(), "offer 2") == "Offer a TRADE to {seat1} (seat 2)"
    assert pax.apply(_traders(), 0, "offer seat 2")["offer"]["to"] == 1


def said(state: dict, seat: int, action: str) -> str:
    """The one sentence a move is refused with."""
    with pytest.raises(IllegalAction) as refusal:
        pax.apply(state, seat, action)
    return str(refusal.value)


def test_a_bad_seat_number_is_refused_with_the_range() -> None:
    state = table(jarls=("tosti", "erik"))
    venture(state, "kalmar", "V03", 1)
    ship(state, 0, "kalmar")
    ship(state, 0, "kalmar")
    players = state["players"]
    assert said(state, 0, "challenge kalmar 0") == (
        f"A CHALLENGE names the RIVAL by seat as the table lists them, 1 to {players}, not '0'; "
        "you may challenge Kalmar 2."
    )
    assert said(state, 0, f"challenge kalmar {players + 1}").startswith(
        f"A CHALLENGE names the RIVAL by seat as the table lists them, 1 to {players}, not '{players + 1}'"
    )
    assert (
        said(state, 0, "challenge kalmar 1")
        == "Seat 1 is you: a CHALLENGE needs a RIVAL; you may challenge Kalmar 2."
    )
    trading = _traders()
    assert said(trading, 0, "offer 0") == (
        f"A TRADE names the RIVAL by seat as the table lists them, 1 to {players}, not '0'; you may offer 2."
    )
    assert said(trading, 0, "offer 1") == "Seat 1 is you: a TRADE needs a RIVAL; you may offer 2."
