"""Scripted Vikings on the Volga scenarios, one or more per rule.

Most scenarios start from ``setup`` and then rewrite the JSON state: a small hand-made map
(below), seat 0 to act at the start of a turn, and just the pieces the test needs.

    x:   0        1        2        3        4        5
y=0  Minsk ══ river ══ river ══ Kiev ═══ river ══ Novgorod
       |        |        |      ║                  ║
y=1  land     land     river  Polotsk          Smolensk
                        (N-S, no river to y=0)

Far away, alone: T23 (Horde) at 9,9 and T24 (Prince) at 7,9 unless a test moves them.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from games import IllegalAction, volga
from games.volga import board, flow
from games.volga.data import CONTRACTS, TILES
from tests.games.test_playouts import _playout

State = dict[str, Any]

MAP = [
    {"id": "T02", "x": 0, "y": 0, "rot": 1},  # Minsk, straight E-W
    {"id": "T11", "x": 1, "y": 0, "rot": 1},  # river E-W
    {"id": "T12", "x": 2, "y": 0, "rot": 1},  # river E-W
    {"id": "T04", "x": 3, "y": 0, "rot": 1},  # Kiev, tee E-S-W
    {"id": "T13", "x": 4, "y": 0, "rot": 1},  # river E-W
    {"id": "T01", "x": 5, "y": 0, "rot": 1},  # Novgorod, tee E-S-W
    {"id": "T21", "x": 0, "y": 1, "rot": 0},  # land
    {"id": "T22", "x": 1, "y": 1, "rot": 0},  # land
    {"id": "T14", "x": 2, "y": 1, "rot": 0},  # river N-S (no river on T12's S edge)
    {"id": "T05", "x": 3, "y": 1, "rot": 0},  # Polotsk, straight N-S
    {"id": "T03", "x": 5, "y": 1, "rot": 0},  # Smolensk, bend N-E
    {"id": "T24", "x": 7, "y": 9, "rot": 0},  # land, far away
    {"id": "T23", "x": 9, "y": 9, "rot": 0},  # land, far away
]


# --- helpers ----------------------------------------------------------------------------


def table(players: int = 2) -> State:
    """A started game on the small map; seat 0 starts a turn; nothing is burned or held."""
    state = volga.setup(7, players)
    state.update(
        phase="turn",
        choices=[],
        current=0,
        first=0,
        turn=flow.fresh_turn(),
        offer=None,
        log=[],
        burned=[],
        deck=["C27"],
        table=[],
        drawn=[],
        horde="T23",
        prince="T24",
        tiles=[dict(t) for t in MAP],
    )
    state["passes"] = {city: None for city in state["passes"]}
    tiles = ["T21", "T03", "T05", "T14", "T22"]
    for seat, p in enumerate(state["seats"]):
        p.update(rubles=5, goods={"amber": 0, "fish": 0, "furs": 0}, ship="small", tile=tiles[seat], hand=[])
    return state


def put(state: State, seat: int, tile: str | None) -> None:
    state["seats"][seat]["tile"] = tile


def seat_of(state: State, seat: int) -> dict[str, Any]:
    return state["seats"][seat]


def act(state: State, *actions: str, seat: int | None = None) -> State:
    for action in actions:
        who = volga.to_act(state)[0] if seat is None else seat
        state = volga.apply(state, who, action)
    return state


def contract_for(good: str, city: str) -> str:
    return next(c for c, d in CONTRACTS.items() if d["good"] == good and d["city"] == city)


def moves(state: State, seat: int = 0) -> set[str]:
    return {a.split()[1] for a in volga.legal_actions(state, seat) if a.startswith("move ")}


# --- setup ------------------------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_setup_picks_run_from_the_last_placer_to_the_right(players: int) -> None:
    state = volga.setup(11, players)
    last = state["last_placer"]
    order = [(last - i) % players for i in range(players)]
    assert len(state["table"]) == 2 * players and len(state["deck"]) == 27 - 2 * players
    assert len(state["burned"]) == 1 and flow.city_at(state["horde"]) == state["burned"][0]
    assert flow.city_at(state["prince"]) not in (None, state["burned"][0])
    for seat in order:
        assert volga.to_act(state) == [seat]
        assert volga.view(state, None)["phase"] == "passes"
        state = act(state, volga.legal_actions(state, seat)[0])
    for seat in order:
        assert volga.to_act(state) == [seat]
        assert volga.view(state, None)["phase"] == "ships"
        options = volga.legal_actions(state, seat)
        assert f"ship {state['horde']}" not in options and f"ship {state['prince']}" not in options
        state = act(state, options[-1])
    assert volga.to_act(state) == [order[-1]]
    assert volga.view(state, None)["first"] == order[-1]
    assert all(len(flow.passes_of(state, s)) == 1 for s in range(players))
    assert all(
        seat_of(state, s)["rubles"] == 5 and seat_of(state, s)["ship"] == "small" for s in range(players)
    )


def test_setup_is_seeded_and_options_are_checked() -> None:
    assert volga.setup(5, 3) == volga.setup(5, 3)
    assert volga.setup(5, 3) != volga.setup(6, 3)
    with pytest.raises(ValueError):
        volga.setup(1, 2, {"board": "hex"})
    with pytest.raises(ValueError):
        volga.setup(1, 6)


def test_the_random_board_is_legal_over_many_seeds() -> None:
    for seed in range(150):
        state = volga.setup(seed, 2 + seed % 4)
        tiles = state["tiles"]
        assert board.legal_board(tiles, river=True)
        assert min(t["x"] for t in tiles) == 0 and min(t["y"] for t in tiles) == 0
        cities = board.city_tiles(tiles)
        assert len(cities) == 10
        assert board.connected(tiles, river_only=True, among=cities)


def test_the_build_option_finishes_a_legal_board() -> None:
    state = volga.setup(3, 3, {"board": "build"})
    assert state["phase"] == "build" and len(state["tiles"]) == 1
    view = volga.view(state, None)
    assert view["bag"] == 22 and view["drawn_tile"]["id"] == state["drawn_tile"]
    assert state["drawn_tile"] not in json.dumps(view["tiles"])
    placers = []
    while state["phase"] == "build":
        seat = volga.to_act(state)[0]
        actions = volga.legal_actions(state, seat)
        if state["spot"] is None:
            placers.append(seat)
            assert actions == [f"put {x},{y}" for x, y in board.free_spots(state["tiles"])]
        else:
            assert all(a.startswith("rotate ") for a in actions)
        state = volga.apply(state, seat, actions[len(actions) // 2])
    assert len(placers) == 23
    assert placers[:3] == [(placers[0] + i) % 3 for i in range(3)]  # around the table
    assert board.legal_board(state["tiles"], river=False)
    assert state["last_placer"] == placers[-1]
    assert volga.to_act(state) == [placers[-1]]  # the last placer picks a pass first


def test_a_placed_tile_can_be_turned() -> None:
    state = volga.setup(3, 2, {"board": "build"})
    while TILES[state["drawn_tile"]]["shape"] != "bend":
        seat = volga.to_act(state)[0]
        state = volga.apply(state, seat, volga.legal_actions(state, seat)[0])
    state = act(state, volga.legal_actions(state, volga.to_act(state)[0])[0])
    assert volga.legal_actions(state, volga.to_act(state)[0]) == [
        "rotate 0",
        "rotate 90",
        "rotate 180",
        "rotate 270",
    ]
    tile = state["drawn_tile"]
    state = act(state, "rotate 90")
    placed = next(t for t in state["tiles"] if t["id"] == tile)
    assert placed["rot"] == 1
    assert next(t for t in volga.view(state, None)["tiles"] if t["id"] == tile)["rivers"] == ["E", "S"]


# --- movement ---------------------------------------------------------------------------


def test_river_move_of_three_and_overland_move_of_one() -> None:
    state = table()
    state["passes"] = {city: 0 for city in state["passes"]}
    put(state, 0, "T02")
    put(state, 1, "T03")
    assert moves(state) == {"T11", "T12", "T04", "T21"}  # 3 river steps east, 1 overland south
    put(state, 0, "T12")
    # T14 is below T12 but there is no river between them: a single overland step.
    assert moves(state) == {"T11", "T02", "T04", "T13", "T01", "T05", "T14"}
    state = act(state, "move T14")
    assert seat_of(state, 0)["tile"] == "T14"
    assert not moves(state)  # one move per turn
    put(state, 0, "T14")
    state["turn"] = flow.fresh_turn()
    assert moves(state) == {"T12", "T22", "T05"}  # overland only, one step


def test_the_overland_move_reads_land_steps_from_the_data(monkeypatch: pytest.MonkeyPatch) -> None:
    # A group whose copy allows two overland steps edits ``land_steps``; ships and the
    # Prince then go two tiles of any kind, still stopped by a city fee and the Horde.
    monkeypatch.setattr(flow, "LAND_STEPS", 2)
    state = table()
    state["passes"] = {city: 0 for city in state["passes"]}
    put(state, 0, "T14")
    put(state, 1, "T03")
    assert moves(state) == {"T12", "T22", "T05", "T11", "T04", "T21"}  # 2 steps; no river here
    state["horde"] = "T12"
    assert moves(state) == {"T22", "T05", "T11", "T04", "T21"}  # Kiev by way of Polotsk
    state["passes"] = {city: None for city in state["passes"]}
    assert moves(state) == {"T22", "T05", "T11", "T21"}  # Polotsk's fee ends the move there
    state["prince"] = "T21"
    prince = {a.split()[1] for a in volga.legal_actions(state, 0) if a.startswith("prince ")}
    assert {"T22", "T02", "T14", "T11"} <= prince


def test_passing_through_a_ship_but_not_ending_on_it() -> None:
    state = table()
    state["passes"] = {city: 0 for city in state["passes"]}
    put(state, 0, "T11")
    put(state, 1, "T12")
    found = moves(state)
    assert "T04" in found and "T13" in found
    assert "T12" not in found
    with pytest.raises(IllegalAction):
        volga.apply(state, 0, "move T12")


def test_the_horde_tile_cannot_be_entered() -> None:
    state = table()
    state["passes"] = {city: 0 for city in state["passes"]}
    put(state, 0, "T11")
    state["horde"] = "T12"
    assert moves(state) == {"T02", "T22"}


def test_fee_to_the_pass_holder() -> None:
    state = table()
    put(state, 0, "T11")
    state["passes"]["kiev"] = 1
    found = moves(state)
    assert "T04" in found and "T13" not in found  # Kiev stops the move
    assert "T02" in found and "T22" in found
    assert "stop, pay 1" in volga.label(state, "move T04")
    state = act(state, "move T04")
    assert seat_of(state, 0)["rubles"] == 4 and seat_of(state, 1)["rubles"] == 6
    assert "pays 1 ruble to a pass holder" in state["log"][-1]["text"]


def test_fee_to_the_bank_and_no_fee_with_the_pass_or_when_burned() -> None:
    state = table()
    put(state, 0, "T11")
    after = act(state, "move T04")
    assert seat_of(after, 0)["rubles"] == 4 and seat_of(after, 1)["rubles"] == 5
    assert "to the bank" in after["log"][-1]["text"]
    state["passes"]["kiev"] = 0
    after = act(state, "move T04")
    assert seat_of(after, 0)["rubles"] == 5
    assert "T13" in moves(state)  # with the pass Kiev is no stop
    state["passes"]["kiev"] = None
    state["burned"] = ["kiev"]
    after = act(state, "move T04")
    assert seat_of(after, 0)["rubles"] == 5
    assert "T13" in moves(state)


def test_no_money_no_entry_into_a_city_without_its_pass() -> None:
    state = table()
    put(state, 0, "T11")
    seat_of(state, 0)["rubles"] = 0
    assert "T04" not in moves(state) and "T02" not in moves(state)
    assert "T12" in moves(state)


def test_ending_on_the_prince_bumps_him_where_the_mover_chooses() -> None:
    state = table()
    state["passes"]["kiev"] = 0
    put(state, 0, "T12")
    put(state, 1, "T13")
    state["prince"] = "T04"
    state = act(state, "move T04")
    assert volga.to_act(state) == [0]
    assert sorted(volga.legal_actions(state, 0)) == ["prince T05", "prince T12"]
    state = act(state, "prince T05")
    assert state["prince"] == "T05" and seat_of(state, 0)["tile"] == "T04"
    assert "end" in volga.legal_actions(state, 0)


def test_a_prince_bumped_onto_a_burned_city_does_not_rebuild_it() -> None:
    state = table()
    state["passes"]["kiev"] = 0
    state["burned"] = ["polotsk"]  # T05, next to Kiev
    put(state, 0, "T12")
    put(state, 1, "T13")
    state["prince"] = "T04"
    rubles = seat_of(state, 0)["rubles"]
    state = act(state, "move T04", "prince T05")
    assert state["prince"] == "T05" and state["burned"] == ["polotsk"]
    assert seat_of(state, 0)["rubles"] == rubles  # no rebuilding reward


# --- buying, selling, upgrading ----------------------------------------------------------


def test_buying_goods_with_the_small_ship_limit_then_upgrading() -> None:
    state = table()
    put(state, 0, "T02")  # Minsk: fish
    seat_of(state, 0)["rubles"] = 12
    assert "buy amber" not in volga.legal_actions(state, 0)
    state = act(state, "buy fish", "buy fish")
    assert seat_of(state, 0)["goods"]["fish"] == 2 and seat_of(state, 0)["rubles"] == 10
    assert "buy fish" not in volga.legal_actions(state, 0)
    with pytest.raises(IllegalAction):
        volga.apply(state, 0, "buy fish")
    state = act(state, "upgrade")
    assert seat_of(state, 0)["ship"] == "large" and seat_of(state, 0)["rubles"] == 5
    assert volga.view(state, None)["seats"][0]["capacity"] is None
    assert "upgrade" not in volga.legal_actions(state, 0)
    state = act(state, "buy fish", "buy fish", "buy fish")
    assert seat_of(state, 0)["goods"]["fish"] == 5


def test_no_buying_in_a_burned_source_city_and_upgrade_needs_five() -> None:
    state = table()
    put(state, 0, "T02")
    state["burned"] = ["minsk"]
    assert "buy fish" not in volga.legal_actions(state, 0)
    seat_of(state, 0)["rubles"] = 4
    assert "upgrade" not in volga.legal_actions(state, 0)


def test_throwing_goods_away() -> None:
    state = table()
    seat_of(state, 0)["goods"]["furs"] = 2
    state = act(state, "throw furs")
    assert seat_of(state, 0)["goods"]["furs"] == 1


def test_buying_the_pass_of_the_city_you_are_in() -> None:
    state = table()
    put(state, 0, "T04")
    state = act(state, "buy pass")
    assert state["passes"]["kiev"] == 0 and seat_of(state, 0)["rubles"] == 0
    assert volga.view(state, None)["seats"][0]["passes"] == ["kiev"]
    other = table()
    put(other, 0, "T04")
    other["passes"]["kiev"] = 1
    assert "buy pass" not in volga.legal_actions(other, 0)
    other["passes"]["kiev"] = None
    other["burned"] = ["kiev"]
    assert "buy pass" not in volga.legal_actions(other, 0)


def test_a_sale_at_the_price_after_a_burn() -> None:
    state = table()
    card = contract_for("fish", "kiev")
    state["table"] = [card, contract_for("amber", "kiev"), contract_for("fish", "polotsk")]
    put(state, 0, "T04")
    seat_of(state, 0)["goods"]["fish"] = 1
    assert [a for a in volga.legal_actions(state, 0) if a.startswith("sell")] == [f"sell {card}"]
    state["burned"] = ["itil"]
    assert volga.view(state, None)["price"] == {"circles": [2, 3, 4, 5, 6, 8], "index": 1, "value": 3}
    state["burned"] = ["itil", "pskov"]
    assert "for 4" in volga.label(state, f"sell {card}")
    state = act(state, f"sell {card}")
    assert seat_of(state, 0)["rubles"] == 9 and seat_of(state, 0)["goods"]["fish"] == 0
    assert card not in state["table"] and len(state["table"]) == 2


def test_no_sale_in_a_burned_city() -> None:
    state = table()
    state["table"] = [contract_for("fish", "kiev")]
    put(state, 0, "T04")
    seat_of(state, 0)["goods"]["fish"] = 1
    state["burned"] = ["kiev"]
    assert not [a for a in volga.legal_actions(state, 0) if a.startswith("sell")]


# --- the Horde ----------------------------------------------------------------------------


def test_the_horde_burns_a_city_and_the_price_rises() -> None:
    state = table()
    state["burned"] = ["itil"]
    state["horde"] = "T21"
    horde = {a.split()[1] for a in volga.legal_actions(state, 0) if a.startswith("horde ")}
    assert "T02" in horde and "T11" in horde  # T11 via the land tile T22
    assert "T12" not in horde  # Minsk stops the Horde; three steps are too many
    state = act(state, "horde T02")
    assert state["burned"] == ["itil", "minsk"] and state["horde"] == "T02"
    assert seat_of(state, 0)["rubles"] == 6
    assert volga.view(state, None)["price"]["value"] == 4
    assert volga.to_act(state) == [1]  # a special action is the whole turn


def test_the_horde_raid_without_money_takes_a_good_chosen_by_the_victim() -> None:
    state = table()
    state["horde"] = "T21"
    put(state, 0, "T02")
    put(state, 1, "T22")
    seat_of(state, 1).update(rubles=0, goods={"amber": 1, "fish": 1, "furs": 0})
    state = act(state, "horde T22")
    assert volga.to_act(state) == [1]
    assert volga.view(state, None)["choice"] == {"kind": "raid_good", "seat": 1}
    assert sorted(volga.legal_actions(state, 1)) == ["pay amber", "pay fish"]
    assert volga.legal_actions(state, 0) == []
    state = act(state, "pay fish", seat=1)
    assert seat_of(state, 1)["goods"] == {"amber": 1, "fish": 0, "furs": 0}
    assert seat_of(state, 0)["goods"]["fish"] == 1
    assert volga.to_act(state) == [1]
    assert sorted(volga.legal_actions(state, 1)) == ["ship T11", "ship T14", "ship T21"]
    state = act(state, "ship T14", seat=1)
    assert seat_of(state, 1)["tile"] == "T14"
    assert volga.to_act(state) == [1] and state["current"] == 1  # seat 0's turn ended


def test_a_full_raider_sends_the_raided_good_back_to_the_supply() -> None:
    state = table()
    state["horde"] = "T21"
    put(state, 0, "T02")
    put(state, 1, "T22")
    seat_of(state, 0).update(goods={"amber": 2, "fish": 0, "furs": 0})  # a full small ship
    seat_of(state, 1).update(rubles=0, goods={"amber": 0, "fish": 1, "furs": 0})
    state = act(state, "horde T22")  # fish is the only good: handed over at once
    assert seat_of(state, 1)["goods"]["fish"] == 0  # the victim still loses it
    assert seat_of(state, 0)["goods"] == {"amber": 2, "fish": 0, "furs": 0}  # never 3 of 2
    assert any("goes back to the supply" in line["text"] for line in state["log"])


def test_buying_with_the_last_ruble_warns_in_the_label() -> None:
    state = table()
    put(state, 0, "T02")  # Minsk sells fish
    seat_of(state, 0)["rubles"] = 1
    assert "fish" in volga.label(state, "buy fish") and "leaves 0 rubles" in volga.label(state, "buy fish")
    seat_of(state, 0)["rubles"] = 2
    assert "leaves 0" not in volga.label(state, "buy fish")


def test_the_horde_raid_with_money_takes_a_ruble_and_no_fee_when_driven_into_a_city() -> None:
    state = table()
    state["horde"] = "T14"
    put(state, 0, "T13")
    put(state, 1, "T12")
    state = act(state, "horde T12")
    assert seat_of(state, 1)["rubles"] == 4 and seat_of(state, 0)["rubles"] == 6
    assert sorted(volga.legal_actions(state, 1)) == ["ship T04", "ship T11", "ship T14"]
    state = act(state, "ship T04", seat=1)
    assert seat_of(state, 1)["rubles"] == 4  # no fee for Kiev


def test_the_raid_takes_as_many_rubles_as_the_data_says(monkeypatch: pytest.MonkeyPatch) -> None:
    # ``raid`` in volga.json is the ruble the rulebook's raid takes; a changed copy takes
    # that many, or what the victim has left.
    monkeypatch.setattr(flow, "RAID", 3)
    state = table()
    state["horde"] = "T14"
    put(state, 0, "T13")
    put(state, 1, "T12")
    after = act(state, "horde T12")
    assert seat_of(after, 1)["rubles"] == 2 and seat_of(after, 0)["rubles"] == 8
    assert any(line["text"] == "is raided by the Horde and pays 3 rubles" for line in after["log"])
    seat_of(state, 1)["rubles"] = 2
    after = act(state, "horde T12")
    assert seat_of(after, 1)["rubles"] == 0 and seat_of(after, 0)["rubles"] == 7


def test_the_horde_beats_the_prince_who_goes_to_a_free_unburned_city() -> None:
    state = table()
    state["horde"] = "T21"
    state["prince"] = "T22"
    state["burned"] = ["kiev"]
    put(state, 1, "T01")
    state = act(state, "horde T22")
    assert volga.to_act(state) == [0]
    options = sorted(volga.legal_actions(state, 0))
    assert options == ["prince T02", "prince T03", "prince T05"]  # not burned Kiev, not T01 (ship)
    state = act(state, "prince T05")
    assert state["prince"] == "T05" and state["horde"] == "T22"


# --- the Prince ---------------------------------------------------------------------------


def test_the_prince_rebuilds_a_city_and_bumps_a_ship() -> None:
    state = table()
    state["burned"] = ["itil", "kiev"]
    state["prince"] = "T12"
    put(state, 1, "T04")
    prince = {a.split()[1] for a in volga.legal_actions(state, 0) if a.startswith("prince ")}
    assert "T04" in prince and "T13" not in prince  # a burned city stops him
    state = act(state, "prince T04")
    assert state["burned"] == ["itil"] and seat_of(state, 0)["rubles"] == 6
    assert volga.view(state, None)["price"]["value"] == 3
    assert volga.to_act(state) == [1]  # the ship's owner chooses where it goes
    assert sorted(volga.legal_actions(state, 1)) == ["ship T05", "ship T12", "ship T13"]
    state = act(state, "ship T13", seat=1)
    assert seat_of(state, 1)["tile"] == "T13" and state["current"] == 1


def test_the_prince_passes_ships_and_unpaid_cities() -> None:
    state = table()
    state["prince"] = "T02"
    put(state, 1, "T11")
    prince = {a.split()[1] for a in volga.legal_actions(state, 0) if a.startswith("prince ")}
    assert {"T11", "T12", "T04", "T21"} <= prince and "T13" not in prince


def test_the_prince_drives_the_horde_to_free_open_land() -> None:
    state = table()
    state["prince"] = "T12"
    state["horde"] = "T04"
    state["burned"] = ["kiev"]
    state = act(state, "prince T04")
    assert state["burned"] == []
    assert sorted(volga.legal_actions(state, 0)) == [
        "horde T11",
        "horde T12",
        "horde T13",
        "horde T14",
        "horde T22",
        "horde T23",
        "horde T24",
    ]
    state = act(state, "horde T24")
    assert state["horde"] == "T24" and state["prince"] == "T04"


# --- contracts ----------------------------------------------------------------------------


def test_draw_two_contracts_keep_one_hidden_lay_the_other() -> None:
    state = table()
    state["deck"] = ["C01", "C02", "C03"]
    state = act(state, "draw")
    assert volga.to_act(state) == [0]
    assert sorted(volga.legal_actions(state, 0)) == ["keep C02", "keep C03"]
    assert [c["id"] for c in volga.view(state, 0)["private"]["drawn"]] == ["C03", "C02"]
    assert "C02" not in json.dumps(volga.view(state, 1)) and "C03" not in json.dumps(volga.view(state, None))
    state = act(state, "keep C02")
    assert seat_of(state, 0)["hand"] == ["C02"] and state["table"] == ["C03"]
    assert volga.view(state, None)["seats"][0]["hidden_contracts"] == 1
    assert "C02" not in json.dumps(volga.view(state, 1))
    assert [c["id"] for c in volga.view(state, 0)["private"]["hidden_contracts"]] == ["C02"]
    assert state["current"] == 1 and state["reveals"] > 0


def test_laying_down_all_hidden_contracts() -> None:
    state = table()
    seat_of(state, 0)["hand"] = ["C05", "C09"]
    state = act(state, "lay")
    assert state["table"] == ["C05", "C09"] and seat_of(state, 0)["hand"] == []
    assert "lay" not in volga.legal_actions(state, 0)


def test_special_actions_only_as_the_first_thing() -> None:
    state = table()
    state["horde"] = "T14"
    actions = volga.legal_actions(state, 0)
    assert "draw" in actions and "over" in actions and any(a.startswith("horde") for a in actions)
    seat_of(state, 0)["goods"]["fish"] = 1
    state = act(state, "throw fish")
    actions = volga.legal_actions(state, 0)
    assert "draw" not in actions and "over" not in actions
    assert not any(a.startswith(("horde", "prince")) for a in actions)


def test_start_over() -> None:
    state = table()
    state["passes"]["kiev"] = 0
    state["passes"]["minsk"] = 0
    seat_of(state, 0).update(rubles=12, goods={"amber": 1, "fish": 0, "furs": 1}, ship="large", hand=["C01"])
    state = act(state, "over")
    p = seat_of(state, 0)
    assert p["rubles"] == 5 and sum(p["goods"].values()) == 0 and p["ship"] == "small"
    assert p["hand"] == ["C01"] and flow.passes_of(state, 0) == []
    assert volga.to_act(state) == [0]
    assert "pick kiev" in volga.legal_actions(state, 0) and "pick novgorod" in volga.legal_actions(state, 0)
    state = act(state, "pick novgorod")
    ships = volga.legal_actions(state, 0)
    assert "ship T03" not in ships and "ship T23" not in ships and "ship T21" in ships
    state = act(state, "ship T05")
    assert seat_of(state, 0)["tile"] == "T05" and flow.passes_of(state, 0) == ["novgorod"]
    assert state["current"] == 1


# --- trading ------------------------------------------------------------------------------


def _adjacent_pair(state: State) -> State:
    put(state, 0, "T11")
    put(state, 1, "T12")
    seat_of(state, 0)["goods"]["fish"] = 1
    state["passes"]["kiev"] = 1
    return state


def test_a_trade_accepted() -> None:
    state = _adjacent_pair(table(3))
    put(state, 2, "T01")
    assert [a for a in volga.legal_actions(state, 0) if a.startswith("offer")] == ["offer 2"]
    state = act(state, "offer 2")
    actions = volga.legal_actions(state, 0)
    assert "give rubles 1" in actions and "give rubles 5" in actions and "give fish 1" in actions
    assert "ask pass kiev" in actions and "ask contract 1" not in actions and "send" not in actions
    state = act(state, "give rubles 1", "give fish 1", "ask pass kiev", "send")
    assert volga.to_act(state) == [0, 1]
    assert volga.legal_actions(state, 1) == ["accept", "decline"]
    public = volga.view(state, None)["offer"]
    assert public == {
        "from": 0,
        "to": 1,
        "sent": True,
        "give": {"rubles": 1, "goods": {"fish": 1}, "passes": [], "contracts": 0},
        "ask": {"rubles": 0, "goods": {}, "passes": ["kiev"], "contracts": 0},
    }
    state = act(state, "accept", seat=1)
    assert state["offer"] is None
    assert seat_of(state, 0)["rubles"] == 4 and seat_of(state, 1)["rubles"] == 6
    assert seat_of(state, 1)["goods"]["fish"] == 1 and state["passes"]["kiev"] == 0
    assert volga.to_act(state) == [0]


def test_a_trade_declined() -> None:
    state = _adjacent_pair(table())
    state = act(state, "offer 2", "give fish 1", "ask rubles 1", "send")
    state = act(state, "decline", seat=1)
    assert state["offer"] is None and seat_of(state, 0)["goods"]["fish"] == 1
    assert "declines" in state["log"][-1]["text"]
    assert "offer 2" not in volga.legal_actions(state, 0) or state["offer"] is None


def test_an_offer_lapses_when_the_turn_ends() -> None:
    state = _adjacent_pair(table())
    state = act(state, "offer 2", "give fish 1", "send", "end", seat=0)
    assert state["offer"] is None and state["current"] == 1
    assert any("lapses" in line["text"] for line in state["log"])
    assert seat_of(state, 1)["goods"]["fish"] == 0


def test_acceptance_rechecks_the_offer() -> None:
    state = _adjacent_pair(table())
    state["passes"]["kiev"] = None
    state = act(state, "offer 2", "give fish 1", "send", seat=0)
    state = act(state, "move T22", seat=0)  # no longer next to seat 1
    state = act(state, "accept", seat=1)
    assert state["offer"] is None and seat_of(state, 1)["goods"]["fish"] == 0
    assert "lapses" in state["log"][-1]["text"]


def test_an_offer_can_be_withdrawn_and_cancelled() -> None:
    state = _adjacent_pair(table())
    state = act(state, "offer 2", "cancel", seat=0)
    assert state["offer"] is None and not state["turn"]["acted"]
    state = act(state, "offer 2", "give fish 1", "send", "cancel", seat=0)
    assert state["offer"] is None and volga.to_act(state) == [0]


def test_trading_hidden_contracts() -> None:
    state = _adjacent_pair(table())
    seat_of(state, 0)["hand"] = ["C01"]
    seat_of(state, 1)["hand"] = ["C10", "C11"]
    state = act(state, "offer 2", "give contract C01", "ask contract 1", seat=0)
    assert "C01" not in json.dumps(volga.view(state, 1)) and "C01" not in json.dumps(volga.view(state, None))
    state = act(state, "send", seat=0)
    assert volga.view(state, None)["offer"]["give"]["contracts"] == 1
    assert [c["id"] for c in volga.view(state, 1)["private"]["offer_contracts"]] == ["C01"]
    assert "C10" not in json.dumps(volga.view(state, 0))
    state = act(state, "accept", seat=1)
    assert volga.to_act(state) == [1]
    assert sorted(volga.legal_actions(state, 1)) == ["hand C10", "hand C11"]
    state = act(state, "hand C11", seat=1)
    assert seat_of(state, 0)["hand"] == ["C11"] and sorted(seat_of(state, 1)["hand"]) == ["C01", "C10"]
    assert volga.to_act(state) == [0]


def test_a_small_ship_cannot_take_too_many_goods_in_a_trade() -> None:
    state = _adjacent_pair(table())
    seat_of(state, 0)["goods"]["fish"] = 2
    seat_of(state, 1)["goods"]["furs"] = 1
    state = act(state, "offer 2", "give fish 1", "give fish 1", "send", seat=0)
    state = act(state, "accept", seat=1)
    assert seat_of(state, 1)["goods"] == {"amber": 0, "fish": 0, "furs": 1}
    assert "small ship" in state["log"][-1]["text"]


# --- the end ------------------------------------------------------------------------------


def test_the_game_ends_at_the_fifth_burn() -> None:
    state = table()
    state["burned"] = ["itil", "pskov", "rostov", "bulgar"]
    state["horde"] = "T21"
    seat_of(state, 1)["rubles"] = 9
    state = act(state, "horde T02")
    assert volga.to_act(state) == []
    result = volga.outcome(state)
    assert result == {"winners": [1], "scores": [6, 9], "reason": "5 cities are burned; most rubles (9)"}
    assert volga.view(state, 0)["over"] and volga.legal_actions(state, 0) == []


def test_the_game_ends_at_thirty_rubles() -> None:
    state = table()
    card = contract_for("fish", "kiev")
    state["table"] = [card]
    put(state, 0, "T04")
    seat_of(state, 0).update(rubles=28, goods={"amber": 0, "fish": 1, "furs": 0})
    state = act(state, f"sell {card}")
    result = volga.outcome(state)
    assert result is not None and result["winners"] == [0] and result["scores"] == [30, 5]
    assert result["reason"].startswith("{seat0} has 30 rubles or more")  # the bot puts the name in


def test_the_game_ends_when_no_contract_is_left() -> None:
    state = table()
    card = contract_for("fish", "kiev")
    state["table"] = [card]
    state["deck"] = []
    put(state, 0, "T04")
    seat_of(state, 0)["goods"]["fish"] = 1
    seat_of(state, 1)["hand"] = ["C01"]
    after = act(state, f"sell {card}")
    assert volga.outcome(after) is None  # a hidden contract is still out there
    seat_of(state, 1)["hand"] = []
    after = act(state, f"sell {card}")
    result = volga.outcome(after)
    assert result is not None and result["reason"].startswith("no contracts are left")


@pytest.mark.parametrize(
    ("seats", "winners"),
    [
        ([(7, 0, 0), (6, 2, 2)], [0]),  # most rubles
        ([(7, 1, 0), (7, 2, 0)], [1]),  # tied rubles: most goods
        ([(7, 1, 2), (7, 1, 1)], [0]),  # tied rubles and goods: most passes
        ([(7, 1, 1), (7, 1, 1)], [0, 1]),  # all tied: all win
    ],
)
def test_tie_breaks(seats: list[tuple[int, int, int]], winners: list[int]) -> None:
    state = table()
    cities = iter(["kiev", "minsk", "pskov", "rostov"])
    for seat, (rubles, goods, passes) in enumerate(seats):
        seat_of(state, seat).update(rubles=rubles, goods={"amber": goods, "fish": 0, "furs": 0})
        for _ in range(passes):
            state["passes"][next(cities)] = seat
    state["burned"] = ["itil", "pskov", "rostov", "bulgar"]
    state["horde"] = "T23"
    state["tiles"].append({"id": "T06", "x": 9, "y": 8, "rot": 0})
    state = act(state, "horde T06")  # the fifth burn (+1 ruble to seat 0)
    seat_of(state, 0)["rubles"] -= 1
    flow.finish(state, "test")
    assert volga.outcome(state)["winners"] == winners  # type: ignore[index]


# --- views, labels, playouts --------------------------------------------------------------


def test_views_hide_the_deck_and_other_hands() -> None:
    state = table()
    state["deck"] = ["C01", "C02"]
    seat_of(state, 1)["hand"] = ["C03"]
    public = volga.view(state, None)
    text = json.dumps(public)
    assert "C01" not in text and "C03" not in text and public["deck"] == 2
    assert public["private"] is None and public["seats"][1]["hidden_contracts"] == 1
    mine = volga.view(state, 1)
    assert mine["private"]["hidden_contracts"] == [{"id": "C03", "good": "amber", "city": "minsk"}]
    assert {k: v for k, v in mine.items() if k not in ("seat", "private", "prompt")} == {
        k: v for k, v in public.items() if k not in ("seat", "private", "prompt")
    }
    for key in ("game", "seat", "players", "to_act", "prompt", "log", "over", "outcome", "private"):
        assert key in public


def test_labels_are_short_and_commands_have_at_most_two_arguments() -> None:
    state = table()
    for action in volga.legal_actions(state, 0):
        assert 0 < len(volga.label(state, action)) <= 80
    assert volga.label(state, "move T04").startswith("Move to Kiev (T04)")
    assert all(len(c["args"]) <= 2 for c in volga.COMMANDS) and len(volga.COMMANDS) <= 20
    verbs = {c["name"] for c in volga.COMMANDS} | {v for c in volga.COMMANDS for v in c.get("verbs", [])}
    assert {"move", "buy", "sell", "offer", "give", "ask", "send", "accept", "decline", "end"} <= verbs
    assert volga.OPTIONS[0]["name"] == "board" and volga.OPTIONS[0]["default"] == "random"


def test_actions_are_typed_case_insensitively() -> None:
    state = table()
    state["passes"] = {city: 0 for city in state["passes"]}
    put(state, 0, "T11")
    state = volga.apply(state, 0, "  MOVE t04 ")
    assert seat_of(state, 0)["tile"] == "T04"


def test_illegal_actions_are_refused() -> None:
    state = table()
    before = json.dumps(state)
    for seat, action in [(1, "end"), (0, "move T23"), (0, "buy fish"), (0, "nonsense"), (0, "")]:
        with pytest.raises(IllegalAction):
            volga.apply(state, seat, action)
    assert json.dumps(state) == before


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_playout_with_the_build_option(players: int) -> None:
    final, history = _playout(volga, players, {"board": "build"}, 50 + players, check=True)
    assert volga.outcome(final) is not None
    replay = volga.setup(50 + players, players, {"board": "build"})
    for seat, action in history:
        replay = volga.apply(replay, seat, action)
    assert json.dumps(replay) == json.dumps(final)


def test_every_action_fits_its_typed_command() -> None:
    # A verb family ("verbs") takes its verb as the first argument, then up to its args.
    arity = {c["name"]: len(c["args"]) for c in volga.COMMANDS if "verbs" not in c}
    arity |= {v: len(c["args"]) for c in volga.COMMANDS for v in c.get("verbs", [])}
    family = {v for c in volga.COMMANDS for v in c.get("verbs", [])}
    seen: set[str] = set()
    for seed, options in [(1, {}), (2, {"board": "build"}), (3, {}), (4, {})]:
        _, history = _playout(volga, 2 + seed % 4, options, seed, check=False)
        for _, action in history:
            words = action.split()
            assert words[0] in arity, action
            if words[0] in family:
                assert len(words) - 1 <= arity[words[0]], action
            else:
                assert len(words) - 1 == arity[words[0]], action
            seen.add(words[0])
    assert {"move", "horde", "prince", "pick", "ship", "put", "end"} <= seen
