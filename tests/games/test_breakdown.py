"""The optional ``breakdown(state)``: labelled parts of each seat's score.

Over seeded bot games of every title at every player count, the parts add up to the score
that decides the result, at the end and all along the way; then one scenario per game
checks named parts against what happened.
"""

from __future__ import annotations

from typing import Any

import pytest

import games
from games.knarr import flow as knarr_flow
from games.knarr.data import DESTINATIONS, income_for
from games.reavers.data import FAVOR_GLORY
from tests.games import bot_games

State = dict[str, Any]
CHECKS = 12  # mid-game states checked along each game


def _score_now(game_id: str, state: State) -> list[int]:
    """The score so far, read straight from the state (what the breakdown must add up to)."""
    result = games.get(game_id).outcome(state)
    if result is not None:
        return list(result["scores"])
    if game_id == "knarr":
        return [p["score"] for p in state["seats"]]
    if game_id == "volga":
        return [p["rubles"] for p in state["seats"]]
    if game_id == "reavers":
        return [p["glory"] for p in state["seats"]]
    if game_id == "pax":
        from games.pax import board

        return [board.established_total(state, s) for s in range(state["players"])]
    return [0, 0]  # saga: no points before a side wins


def bot_game(game_id: str, players: int, seed: int) -> list[State]:
    return bot_games.bot_game(game_id, players, seed)[0]


def _sums(rows: list[list[tuple[str, int]]]) -> list[int]:
    return [sum(n for _, n in row) for row in rows]


def _cases() -> list[tuple[str, int]]:
    return [
        (g, n) for g in games.names() for n in range(games.get(g).min_players, games.get(g).max_players + 1)
    ]


@pytest.mark.parametrize(("game_id", "players"), _cases())
def test_the_parts_add_up_to_the_scores_that_decide_the_result(game_id: str, players: int) -> None:
    game = games.get(game_id)
    for seed in (1, 2):
        states = bot_game(game_id, players, seed)
        final = states[-1]
        result = game.outcome(final)
        assert result is not None, f"{game_id} {players}p seed {seed} did not finish"
        rows = game.breakdown(final)
        assert len(rows) == players
        assert _sums(rows) == result["scores"]
        for row in rows:
            labels = [label for label, _ in row]
            assert len(labels) == len(set(labels)) and all(labels)
            assert all(isinstance(n, int) for _, n in row)
        step = max(1, len(states) // CHECKS)
        for state in states[::step]:
            assert _sums(game.breakdown(state)) == _score_now(game_id, state)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_knarr_what_is_left_for_crew_and_trades_is_never_negative(players: int) -> None:
    for state in bot_game("knarr", players, 5)[::10]:
        for row in games.get("knarr").breakdown(state):
            assert dict(row)["Crew and trades"] >= 0


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_volga_without_a_trade_every_ruble_is_read_from_the_log(players: int) -> None:
    """Trades are the only part not logged with amounts: with no trade, they are 0."""
    final = bot_game("volga", players, 4)[-1]
    assert not any(e["text"].startswith("accepts the trade") for e in final["log"])
    for row in games.get("volga").breakdown(final):
        assert dict(row)["Trades"] == 0


def test_knarr_reputation_income_and_destinations_are_their_own_parts() -> None:
    knarr = games.get("knarr")
    state = knarr.setup(3, 2, None)
    seat = state["current"]
    p = state["seats"][seat]
    p["reputation"] = 9
    knarr_flow.start_turn(state)  # the rules' own start of a turn pays the income
    income = income_for(9)
    assert income > 0
    vp_dest = next(d for d, card in DESTINATIONS.items() if card["immediate"].get("vp"))
    p["explored"].append(vp_dest)
    p["score"] += DESTINATIONS[vp_dest]["immediate"]["vp"] + 2  # and 2 from a trade
    parts = dict(knarr.breakdown(state)[seat])
    assert parts["Reputation"] == income
    assert parts["Destinations"] == DESTINATIONS[vp_dest]["immediate"]["vp"]
    assert parts["Crew and trades"] == 2
    assert dict(knarr.breakdown(state)[1 - seat]) == {
        "Reputation": 0,
        "Destinations": 0,
        "Crew and trades": 0,
    }


def test_volga_parts_follow_the_log_and_a_new_start_clears_them() -> None:
    volga = games.get("volga")
    state = volga.setup(1, 3, None)
    lines = [
        (0, "buys 1 furs for 1 ruble"),
        (0, "moves to Kiev (T04) and pays 1 ruble to a pass holder ({seat2})"),
        (0, "sells 1 furs on C07 (furs to Kiev) for 4 rubles"),
        (1, "buys the Kiev pass for 3 rubles"),
        (1, "moves the Horde to T09"),
        (1, "burns Kiev, gains 2 rubles; price now 5"),
        (0, "is raided by the Horde and pays 1 ruble"),
        (2, "upgrades to a large ship for 5 rubles"),
        (2, "starts over as a new Viking: 5 rubles, a small ship, no goods or passes"),
        (2, "moves to Novgorod (T01) and pays 1 ruble to the bank"),
    ]
    state["log"] += [{"seat": seat, "text": text} for seat, text in lines]
    state["seats"][0]["rubles"] = 5 - 1 - 1 + 4 - 1
    state["seats"][1]["rubles"] = 5 - 3 + 2 + 1 + 10  # 10 from a trade
    state["seats"][2]["rubles"] = 5 - 1
    rows = [{part: n for part, n in row if n} for row in volga.breakdown(state)]
    assert rows[0] == {
        "Start": 5,
        "Contracts sold": 4,
        "Horde raids": -1,
        "Goods bought": -1,
        "Tolls paid": -1,
    }
    assert rows[1] == {
        "Start": 5,
        "Horde and Prince": 2,
        "Horde raids": 1,
        "Passes bought": -3,
        "Trades": 10,
    }
    # the toll seat 0 paid it before starting over is gone with the rest
    assert rows[2] == {"Start": 5, "Tolls paid": -1}


def test_saga_the_winning_side_has_the_one_point() -> None:
    saga = games.get("saga")
    states = bot_game("saga", 2, 3)
    assert saga.breakdown(states[len(states) // 2]) == [[("Victory", 0)], [("Victory", 0)]]
    (winner,) = saga.outcome(states[-1])["winners"]
    rows = saga.breakdown(states[-1])
    assert rows[winner] == [("Victory", 1)] and rows[1 - winner] == [("Victory", 0)]


def test_reavers_the_track_during_play_then_every_final_category() -> None:
    reavers = games.get("reavers")
    states = bot_game("reavers", 3, 2)
    middle = states[len(states) // 2]
    assert reavers.breakdown(middle) == [[("Glory track", p["glory"])] for p in middle["seats"]]
    final = states[-1]
    for seat, row in enumerate(reavers.breakdown(final)):
        parts = dict(row)
        p = final["seats"][seat]
        assert parts["Favor"] == FAVOR_GLORY * p["favor"]
        assert parts["Glory track"] == p["glory"]
        assert list(parts) == [
            "Glory track",
            "Reavers",
            "Artifacts",
            "Keep Spoils sets",
            "Favor",
            "Trophy majorities",
            "Prophecies",
        ]


def test_pax_followers_on_posts_and_on_the_jarlboard_count_by_type() -> None:
    pax = games.get("pax")
    state = pax.setup(1, 3, None)
    before = dict(pax.breakdown(state)[1])
    posts = list(state["posts"])
    state["posts"][posts[0]]["follower"] = [1, "jarldom"]
    state["posts"][posts[1]]["follower"] = [1, "rus"]
    state["posts"][posts[2]]["follower"] = [0, "rus"]
    after = dict(pax.breakdown(state)[1])
    assert after["Jarldom"] == before["Jarldom"] + 1
    assert after["Rus"] == before["Rus"] + 1
    assert after["Sweden"] == before["Sweden"]
