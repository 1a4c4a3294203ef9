"""The sensible bots on situations with a clear right answer (from the seat's view only)."""

from __future__ import annotations

from typing import Any

from games import bots, knarr, saga, volga
from games.core import Rng
from tests.games import test_knarr_rules as kn
from tests.games import test_saga_rules as sg
from tests.games import test_volga_rules as vg

State = dict[str, Any]


def pick(name: str, state: State, seat: int) -> str:
    module = {"knarr": knarr, "volga": volga, "saga": saga}[name]
    return bots.choose(name, "sensible", module.view(state, seat), module.legal_actions(state, seat), Rng(1))


# --- Volga: trade offers, selling, buying ------------------------------------------------------


def test_volga_bot_accepts_a_gift_and_declines_a_bad_deal() -> None:
    state = vg._adjacent_pair(vg.table(2))
    gift = vg.act(state, "offer 2", "give rubles 5", "send")
    assert pick("volga", gift, 1) == "accept"
    robbery = vg.act(state, "offer 2", "give fish 1", "ask pass kiev", "send")
    assert pick("volga", robbery, 1) == "decline"


def test_volga_bot_sells_when_it_can() -> None:
    state = vg.table(2)
    vg.put(state, 0, "T04")  # Kiev
    card = vg.contract_for("fish", "kiev")
    state["table"] = [card]
    vg.seat_of(state, 0)["goods"]["fish"] = 1
    assert pick("volga", state, 0) == f"sell {card}"


def test_volga_bot_buys_a_good_a_contract_wants() -> None:
    state = vg.table(2)
    vg.put(state, 0, "T02")  # Minsk sells fish
    state["table"] = [vg.contract_for("fish", "kiev")]
    assert pick("volga", state, 0) == "buy fish"


# --- Knarr: finish paying, recruit for points ----------------------------------------------------


def test_knarr_bot_never_cancels_a_payment_it_can_finish() -> None:
    state = kn.table()
    kn.crew(state, 0, "V01", "V11")
    kn.seat_of(state, 0)["recruits"] = 1
    state["destinations"]["A"][0] = "A15"
    state = kn.act(state, "explore A15")
    assert pick("knarr", state, 0) != "cancel"


def test_knarr_bot_recruits_onto_its_richest_column() -> None:
    state = kn.table()
    kn.crew(state, 0, "V01", "V02", "V03")  # three red VP Vikings
    kn.hand(state, 0, "V04", "V41")
    assert pick("knarr", state, 0) == "recruit V04"


# --- Saga: casualties and building --------------------------------------------------------------


def test_saga_bot_loses_a_warrior_before_a_leader() -> None:
    state = sg.empty()
    sg.put(state, "essex", "viking", 2, "VL1")
    sg.put(state, "essex", "anglo", 2)
    state = sg.fighting(state)
    state = sg.act(state, "pass")  # the Vikings keep VL1 hidden: tie, the Saxons win
    seat = saga.to_act(state)[0]
    assert any(a.startswith("lose") for a in saga.legal_actions(state, seat))
    assert pick("saga", state, seat) == "lose warrior"


def test_saga_bot_builds_a_stronghold_when_it_can() -> None:
    state = sg.empty()
    sg.put(state, "kent", "anglo", 2)
    sg.put(state, "essex", "viking", 1)
    state["coins"]["anglo"] = 2
    state = sg.resolving(state, "anglo", 2)
    first = pick("saga", state, sg.A)
    assert first.startswith("bonus")  # the free bonus comes first or is lost
    state = sg.act(state, first)
    if saga.to_act(state) == [sg.A] and state["resolving"]["action"] == "bonus":
        state = sg.act(state, "done")
    assert pick("saga", state, sg.A) == "build kent"
