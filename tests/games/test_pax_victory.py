"""Pax Viking: each Victory Condition, when they are checked, the end and its tie-breaks."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from games import pax
from games.pax import data, victory
from tests.games.pax_support import act, follower, table, venture

State = dict


def _winds(n: int) -> Callable[[State], None]:
    def build(state: State) -> None:
        for post, tile in [("sigtuna", "V01"), ("ribe", "V11"), ("rostov", "V20"), ("cherson", "V28")][:n]:
            venture(state, post, tile, 0)

    return build


def _gods(state: State) -> None:
    state["seats"][0]["gods"] = ["G01", "G02"]


def _silfr(state: State) -> None:
    state["seats"][0]["silfr"] = 18


def _established(n: int) -> Callable[[State], None]:
    def build(state: State) -> None:
        posts = [p for p in data.POSTS if data.POSTS[p]["kind"] == "empty"][:n]
        for post in posts:
            follower(state, post, 0, data.FOLLOWERS[len(post) % 4])

    return build


def _trade_centers(posts: list[str]) -> Callable[[State], None]:
    def build(state: State) -> None:
        for post in posts:
            follower(state, post, 0, data.POSTS[post]["icon"])

    return build


def _wind_ventures(state: State) -> None:
    for post, tile in [("sigtuna", "V01"), ("kalmar", "V04"), ("aland", "V06")]:
        venture(state, post, tile, 0)


def _duchies(n: int) -> Callable[[State], None]:
    def build(state: State) -> None:
        state["seats"][0]["homes"] += ["svealand", "frisia", "ladoga"][:n]

    return build


def _influence(n: int) -> Callable[[State], None]:
    def build(state: State) -> None:
        for kind in data.FOLLOWERS[:n]:
            state["influence"][kind] = 0

    return build


def _duchies_and_keys(duchies: int, keys: list[str]) -> Callable[[State], None]:
    def build(state: State) -> None:
        _duchies(duchies)(state)
        _trade_centers(keys)(state)

    return build


def _influence_and_host(state: State) -> None:
    _influence(3)(state)
    _established(10)(state)


def _key_and_winds(state: State) -> None:
    _winds(2)(state)  # the North and the West
    _trade_centers(["miklagard"])(state)  # a KEY TRADE CENTER in the South


def _everything(state: State) -> None:
    _winds(4)(state)
    for post in ["kalmar", "lodose", "laeso", "kaupang", "tunsberg", "hogland", "aldeigja", "sarkel"]:
        follower(state, post, 0, "rus" if post != "sarkel" else "jarldom")


BUILDERS: dict[str, Callable[[State], None]] = {
    "N1": _winds(3),
    "N2": _gods,
    "N3": _silfr,
    "N4": _established(8),
    "S1": _trade_centers(["visby", "hedeby", "birka"]),
    "S2": _winds(4),
    "S3": _wind_ventures,
    "S4": _duchies(1),
    "A1": _key_and_winds,
    "A2": _trade_centers(["visby", "hedeby", "birka", "kaupang"]),
    "A3": _established(10),
    "A4": _duchies_and_keys(1, ["visby", "hedeby"]),
    "E1": _duchies_and_keys(1, ["visby", "hedeby", "india"]),
    "E2": _influence_and_host,
    "E3": _duchies_and_keys(1, ["visby", "hedeby", "birka", "kaupang"]),
    "E4": _everything,
}


@pytest.mark.parametrize("condition", sorted(data.CONDITIONS))
def test_each_victory_condition(condition: str) -> None:
    test = data.CONDITIONS[condition]["test"]
    state = table()
    assert not victory.meets(state, 0, test)
    BUILDERS[condition](state)
    assert victory.meets(state, 0, test) and not victory.meets(state, 1, test)
    assert victory.describe(test)


def test_a1_needs_a_key_trade_center_and_three_winds() -> None:
    test = data.CONDITIONS["A1"]["test"]
    state = table()
    _trade_centers(["visby", "hedeby", "holmgard"])(state)  # three WINDS, no KEY
    assert not victory.meets(state, 0, test)
    _trade_centers(["damascus"])(state)
    assert victory.meets(state, 0, test)
    state = table()
    _trade_centers(["miklagard", "damascus", "changan"])(state)  # three KEYS, two WINDS
    assert not victory.meets(state, 0, test)


def test_e4_needs_both_parts() -> None:
    state = table()
    _established(12)(state)  # twelve Followers, but only in the North, West and East
    assert victory.meets(state, 0, {"test": "established", "n": 12})
    assert not victory.meets(state, 0, data.CONDITIONS["E4"]["test"])


def _winners(state: State) -> list[int]:
    result = pax.outcome(state)
    assert result is not None
    return list(result["winners"])


def _with(condition: str, face_up: bool = True, players: int = 2) -> State:
    state = table(players)
    state["conditions"] = [{"id": condition, "face_up": face_up}]
    return state


def test_novice_is_checked_at_the_end_of_your_own_turn() -> None:
    state = _with("N3")
    state["seats"][1]["silfr"] = 20  # not checked for seat 1 at seat 0's turn end
    state = act(state, 0, "end")
    assert pax.outcome(state) is None
    state = act(state, 1, "end")
    reason = "met the Victory Condition Treasure Hoard (18 Silfr); the scores count ESTABLISHED Followers, which only break ties"
    assert pax.outcome(state) == {"winners": [1], "scores": [0, 0], "reason": reason}
    assert pax.to_act(state) == [] and pax.legal_actions(state, 1) == []


def test_novice_is_not_checked_when_an_event_resolves() -> None:
    state = _with("N3")
    state["seats"][0]["silfr"] = 18
    state["seats"][0]["hand"] = ["E09", "E04"]
    state = act(state, 0, "play E04 resolve")
    assert pax.outcome(state) is None


def test_standard_is_checked_whenever_an_event_resolves() -> None:
    state = _with("S4")
    state["seats"][1]["homes"].append("svealand")  # seat 1 rules a DUCHY
    state = act(state, 0, "end")
    assert pax.outcome(state) is None  # not at the end of a turn
    state["seats"][1]["hand"] = ["E09"]
    state = act(state, 1, "play E09 resolve")
    assert _winners(state) == [1]


def test_a_refused_althing_still_checks() -> None:
    state = _with("S4")
    state["seats"][1]["homes"].append("svealand")
    state["seats"][0]["hand"] = ["E01"]
    state = act(state, 0, "play E01 resolve", "vote no")
    state = act(state, 1, "vote no")
    assert state["removed"] == ["E01"] and _winners(state) == [1]


def test_face_down_conditions_turn_up_one_per_resolved_event() -> None:
    state = table()
    state["conditions"] = [{"id": "S4", "face_up": False}, {"id": "S1", "face_up": False}]
    state["seats"][0]["homes"].append("svealand")
    state["seats"][0]["hand"] = ["E04", "E09"]
    state = act(state, 0, "play E09 resolve")  # S4 turns face up, then the check: met
    assert state["conditions"][0]["face_up"] and not state["conditions"][1]["face_up"]
    assert _winners(state) == [0]


def test_several_meet_at_once_tie_breaks() -> None:
    state = _with("S4", players=3)
    for seat in range(3):
        state["seats"][seat]["homes"].append("svealand")
    follower(state, "birka", 1, "sweden")
    follower(state, "sigtuna", 2, "sweden")
    state["seats"][2]["silfr"] = 11
    state["seats"][0]["hand"] = ["E09"]
    state = act(state, 0, "play E09 resolve")
    assert _winners(state) == [2]  # 1 Follower each for 1 and 2; 2 has more Silfr


def test_the_saga_track_runs_out() -> None:
    state = _with("S2")
    state["pile"] = []
    state["track"] = ["E04", None, None, None, None]
    follower(state, "birka", 1, "sweden")
    state = act(state, 0, "invest 1")  # the last tile leaves the SAGA TRACK
    result = pax.outcome(state)
    assert result == {"winners": [1], "scores": [0, 1], "reason": "the SAGA TRACK ran out"}


def test_nobody_met_and_a_full_tie_is_shared() -> None:
    state = _with("S2")
    state["pile"] = []
    state["track"] = ["E04", None, None, None, None]
    state = act(state, 0, "invest draw")  # the 1-cost tile leaves: nothing remains
    assert _winners(state) == [0, 1]
    assert pax.view(state, None)["over"] is True


def test_e1_needs_the_duchy_a_key_and_three_trade_centers() -> None:
    test = data.CONDITIONS["E1"]["test"]
    state = table()
    _duchies_and_keys(1, ["visby", "hedeby", "birka"])(state)
    assert not victory.meets(state, 0, test)  # three TRADE CENTERS, none of them a KEY
    state = table()
    _trade_centers(["damascus", "india", "miklagard"])(state)
    assert not victory.meets(state, 0, test)  # three KEYS without a DUCHY
    _duchies(1)(state)
    assert victory.meets(state, 0, test)


def test_e3_needs_the_duchy_and_four_trade_centers() -> None:
    test = data.CONDITIONS["E3"]["test"]
    state = table()
    _duchies_and_keys(1, ["visby", "hedeby", "birka"])(state)
    assert not victory.meets(state, 0, test)  # three are not enough
    state = table()
    _trade_centers(["visby", "hedeby", "birka", "damascus"])(state)
    assert not victory.meets(state, 0, test)  # nor four without a DUCHY
    _duchies(1)(state)
    assert victory.meets(state, 0, test)
