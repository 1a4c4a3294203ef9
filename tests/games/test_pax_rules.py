"""Pax Viking: setup, the turn, movement and the map terms (STEP, HARBOR, HOME, REGION...)."""

from __future__ import annotations

import random
from collections import Counter
from pathlib import Path

import pytest

from games import IllegalAction, pax
from games.pax import board, data, effects
from tests.games.pax_support import act, refused, ship, table, texts, venture

# --- setup, the rulebook's six steps -------------------------------------------------


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_setup_six_steps(players: int) -> None:
    state = pax.setup(11, players)
    # 1. three standard Victory Conditions, face up
    assert [c["face_up"] for c in state["conditions"]] == [True] * 3
    assert {data.CONDITIONS[c["id"]]["difficulty"] for c in state["conditions"]} == {"standard"}
    # 2. a SAGA PILE of 12 tiles per player, 4 Ventures 3 Events 3 Advocates 2 Gods each
    tiles = state["pile"] + [t for t in state["track"] if t]
    assert len(tiles) == 12 * players
    kinds = Counter(data.TILES[t]["kind"] for t in tiles)
    assert kinds == {
        "venture": 4 * players,
        "event": 3 * players,
        "advocate": 3 * players,
        "god": 2 * players,
    }
    # 3. 6 minus players Ventures pre-placed, each of a different location, not from the pile
    placed = [(p, s["venture"]) for p, s in state["posts"].items() if s["venture"]]
    assert len(placed) == 6 - players
    assert len({data.TILES[t]["location"] for _, t in placed}) == 6 - players
    for post, tile in placed:
        assert data.in_location(post, data.TILES[tile]["location"]) and tile not in tiles
    # 4. Followers and Longships on the Jarlboards, HOME in the Jarl's Wind
    jarls = [p["jarl"] for p in state["seats"]]
    assert len(set(jarls)) == players
    for p in state["seats"]:
        assert all(s["at"] is None for s in p["ships"]) and len(p["ships"]) == data.LONGSHIPS
        assert p["supply"] == dict.fromkeys(data.FOLLOWERS, data.FOLLOWERS_PER_TYPE)
        assert data.HOMES[p["homes"][0]]["wind"] == data.JARLS[p["jarl"]]["wind"]
    # 5. Influence markers in their spaces (nobody holds one)
    assert set(state["influence"].values()) == {None}
    # 6. Silfr by place in turn order from the start player, by default the tuned schedule
    # (test_tuned_silfr_schedule_and_askold_by_player_count), never below 0
    first = state["first"]
    assert state["options"]["silfr"] == "tuned"
    for seat, p in enumerate(state["seats"]):
        order = (seat - first) % players
        start = data.start_silfr(order, players, "standard", "tuned")
        assert p["silfr"] == max(0, start + data.extra_silfr(p["jarl"], players, "standard", "tuned"))
    assert state["current"] == first and pax.to_act(state) == [first]


def test_tuned_silfr_schedule_and_askold_by_player_count() -> None:
    """Option silfr=tuned: 2, 4, 6, 8, 10 by turn order (3, 4, 5, 8, 10, 12 at six players),
    plus the Jarl's bonus or less its malus, never below 0. Askold: +1 at 2 players, -4 at
    3 and 5, -5 at 4 and 6."""
    for players in (2, 3, 4, 5, 6):
        tuned = [3, 4, 5, 8, 10, 12] if players == 6 else [2, 4, 6, 8, 10][:players]
        assert [data.start_silfr(order, players, "standard", "tuned") for order in range(players)] == tuned
    expected = {2: [3, 5], 3: [0, 0, 2], 4: [0, 0, 1, 3], 5: [0, 0, 2, 4, 6], 6: [0, 0, 0, 3, 5, 7]}
    for players, by_order in expected.items():
        seen = set()
        for seed in range(40):
            state = pax.setup(seed, players, {"silfr": "tuned"})
            for seat, p in enumerate(state["seats"]):
                if p["jarl"] == "askold":
                    order = (seat - state["first"]) % players
                    assert p["silfr"] == by_order[order]
                    seen.add(order)
        assert seen == set(range(players))


def test_setup_options() -> None:
    down = pax.setup(3, 3, {"conditions": "down", "difficulty": "eklundian"})
    assert [c["face_up"] for c in down["conditions"]] == [False] * 3
    assert len(down["pile"]) + 5 == 16 * 3  # longer SAGA PILE for the hardest conditions
    mixed = pax.setup(3, 2, {"difficulty": "mixed"})
    assert [data.CONDITIONS[c["id"]]["difficulty"] for c in mixed["conditions"]] == list(data.DIFFICULTIES)
    public = pax.view(down, None)
    assert all(c["id"] is None and c["text"] is None for c in public["conditions"])
    with pytest.raises(ValueError):
        pax.setup(1, 7)


def test_six_players_fit_the_hardest_pile() -> None:
    state = pax.setup(5, 6, {"difficulty": "eklundian"})
    assert len(state["pile"]) + 5 == 96 and len(data.TILES) >= 96


# --- the turn --------------------------------------------------------------------------


def test_four_actions_then_the_winter_solstice() -> None:
    state = table()
    state = act(state, 0, "invest draw", "invest draw", "invest draw")
    assert state["current"] == 0 and pax.view(state, None)["turn"]["left"] == 1
    state = act(state, 0, "invest draw")  # the fourth action ends the turn
    assert state["current"] == 1 and state["turn"]["used"] == []
    assert len(state["seats"][0]["hand"]) == 4


def test_end_passes_the_rest_of_the_turn() -> None:
    state = act(table(), 0, "end")
    assert state["current"] == 1 and pax.to_act(state) == [1]


def test_influence_phase_takes_and_returns_markers() -> None:
    state = table(3)
    venture(state, "birka", "V01", 1)  # a SWEDEN Follower of seat 1
    state = act(state, 0, "end")
    assert state["influence"]["sweden"] == 1  # seat 1 alone has the most
    assert "takes the SWEDEN Influence marker" in texts(state)
    venture(state, "kalmar", "V04", 0)
    venture(state, "laeso", "V09", 0)
    state = act(state, 1, "end")
    state = act(state, 2, "end")  # seat 0 now leads: it takes the marker
    assert state["influence"]["sweden"] == 0
    state["posts"]["laeso"]["follower"] = None  # now 1 against 1
    state = act(state, 0, "end")
    assert state["influence"]["sweden"] == 0  # seat 1 does not lead ALONE: nothing moves
    state = act(state, 1, "end")
    state = act(state, 2, "end")
    assert state["influence"]["sweden"] is None  # seat 0 RETURNED it at its Influence phase
    assert "RETURNS the SWEDEN Influence marker" in texts(state)


def test_influence_action_once_a_turn_and_within_four_actions() -> None:
    state = table()
    state["influence"]["sweden"] = 0
    state = act(state, 0, "sweden")
    if state["pending"]:
        state = act(state, 0, pax.legal_actions(state, 0)[0])
    refused(state, 0, "sweden")
    state = act(state, 0, "invest draw", "invest draw")
    assert pax.view(state, None)["turn"]["used"] == ["sweden", "invest", "invest"]
    state = act(state, 0, "invest draw")
    assert state["current"] == 1


def test_winter_solstice_income_discard_refresh_unexhaust() -> None:
    state = table()
    venture(state, "kalmar", "V01", 0)  # SWEDEN
    venture(state, "sigtuna", "V02", 0)  # THEOCRACY
    state["seats"][0]["hand"] = ["V09", "E09", "A10", "G01", "V20", "A04"]
    state["seats"][0]["ships"][0] = {"at": "birka", "exhausted": True}
    state["track"] = ["E04", "G03", None, None, None]
    state = act(state, 0, "end")
    assert state["phase"] == "discard" and pax.midway(state)
    assert state["seats"][0]["silfr"] == 12  # two Follower types
    state = act(state, 0, "discard V20", "discard A04")
    assert state["current"] == 1 and len(state["seats"][0]["hand"]) == 4
    assert state["discard"] == ["V20", "A04"]  # the SAGA TRACK keeps its tiles
    assert state["track"][:2] == ["E04", "G03"] and state["track"][4] is not None
    assert state["seats"][0]["ships"][0]["exhausted"] is False


def test_hand_limit_raised_by_an_ability() -> None:
    state = table(jarls=("askold", "erik"))
    state["seats"][0]["hand"] = ["V09", "E09", "A10", "G01", "V20"]
    state = act(state, 0, "end")
    assert state["current"] == 1 and len(state["seats"][0]["hand"]) == 5


# --- STEP, HARBOR, HOME, REGION -----------------------------------------------------------


def test_journey_from_home_up_to_three_steps() -> None:
    state = table()
    state = act(state, 0, "journey 1")
    assert pax.midway(state)
    assert pax.legal_actions(state, 0) == [  # Uppsala's links, each also with the stop in one press
        "step bothnia",
        "step gotland_sea",
        "step bothnia stop",
        "step gotland_sea stop",
        "stop",
    ]
    state = act(state, 0, "step bothnia", "step gotland_sea", "step visby")
    assert [a for a in pax.legal_actions(state, 0) if a.startswith("step")] == []
    state = act(state, 0, "stop")
    assert state["seats"][0]["ships"][0] == {"at": "visby", "exhausted": True}
    assert not pax.midway(state) and "journey 1" not in pax.legal_actions(state, 0)


def test_stop_before_a_step_calls_the_journey_off() -> None:
    state = act(table(), 0, "journey 2", "stop")
    assert state["turn"]["used"] == [] and state["seats"][0]["ships"][1]["exhausted"] is False


def test_harbor_posts_entered_only_from_their_sea() -> None:
    state = table()
    ship(state, 0, "gotland_sea", 0)
    state = act(state, 0, "journey 1")
    steps = set(pax.legal_actions(state, 0))
    assert {"step birka", "step kalmar", "step visby"} <= steps  # HARBORS on the Gotland Sea
    assert "step sigtuna" not in steps  # its HARBOR is on Bothnia
    assert "step svealand" not in steps  # a harbor REGION is land: only its posts
    assert "step skara" not in steps  # someone else's HOME


def test_river_posts_entered_from_the_river() -> None:
    state = table()
    ship(state, 0, "black_sea", 0)
    state = act(state, 0, "journey 1", "step dnieper")
    assert {"step gnezdovo", "step kaenugard", "step black_sea"} <= set(pax.legal_actions(state, 0))


def test_sailing_home_returns_the_longship() -> None:
    state = table()
    ship(state, 0, "bothnia", 0)
    state = act(state, 0, "journey 1", "step uppsala")
    assert state["seats"][0]["ships"][0]["at"] is None and state["pending"] is None


def test_extra_step_from_an_ability() -> None:
    state = table(jarls=("ingvar", "erik"))
    state = act(state, 0, "journey 1", "step finland_gulf", "step gotland_sea", "step bothnia")
    assert "step aland" in pax.legal_actions(state, 0)


def test_colocated_is_the_same_region() -> None:
    state = table(3)
    ship(state, 0, "birka")
    ship(state, 1, "svealand")  # never happens in play, but counts as the region
    ship(state, 2, "kalmar")
    assert board.colocated_rivals(state, 0, "birka") == [1]
    assert board.colocated_rivals(state, 0, "sigtuna") == [1]


def test_alone_and_rival() -> None:
    state = table()
    ship(state, 0, "birka")
    assert board.alone(state, 0, "birka") and not board.alone(state, 1, "birka")
    ship(state, 1, "birka")
    assert not board.alone(state, 0, "birka")


def test_winds_regions_and_key_trade_centers() -> None:
    assert {r["wind"] for r in data.REGIONS.values()} == {"north", "west", "east", "south"}
    assert len(data.REGIONS) == 18
    assert {r["kind"] for r in data.REGIONS.values()} == {"sea", "river", "harbor"}
    keys = {p["name"] for p in data.POSTS.values() if p.get("key")}
    assert keys == {"Miklagard", "Chang'an", "India", "Damascus"}
    assert all(data.POSTS[p]["kind"] == "trade_center" for p in data.POSTS if data.POSTS[p].get("key"))
    assert data.region_of("birka") == "svealand" and data.wind_of("miklagard") == "south"
    assert all(data.region_of(h) is None for h in data.HOMES)  # a HOME is in no REGION


def test_every_entry_is_marked_designed() -> None:
    groups = [data.REGIONS, data.POSTS, data.HOMES, data.JARLS, data.TILES, data.CONDITIONS, data.WINDS]
    assert all(entry["designed"] is True for group in groups for entry in group.values())
    assert len(data.TILES) >= 90


def test_every_venture_location_has_an_empty_post() -> None:
    for tile, entry in data.TILES.items():
        if entry["kind"] == "venture":
            assert any(data.POSTS[p]["kind"] == "empty" for p in data.posts_in(entry["location"])), tile


# --- the contract ---------------------------------------------------------------------------


def test_secrets_stay_private_and_open_hands_show_them() -> None:
    state = table()
    state["seats"][0]["hand"] = ["V09"]
    public, rival, own = pax.view(state, None), pax.view(state, 1), pax.view(state, 0)
    assert '"V09"' not in str(public).replace("'", '"') and public["seats"][0]["hand_count"] == 1
    assert '"V09"' not in str({k: v for k, v in rival.items()}).replace("'", '"')
    assert own["private"]["hand"][0]["id"] == "V09" and public["track"]["pile"] == 18
    opened = table(hands="open")
    opened["seats"][0]["hand"] = ["V09"]
    assert pax.view(opened, None)["seats"][0]["hand"][0]["id"] == "V09"


def test_illegal_actions_are_refused() -> None:
    state = table()
    with pytest.raises(IllegalAction):
        pax.apply(state, 1, "end")
    with pytest.raises(IllegalAction):
        pax.apply(state, 0, "journey 9")


def test_commands_and_labels() -> None:
    assert len(pax.COMMANDS) <= 20 and all(len(c["args"]) <= 2 for c in pax.COMMANDS)
    verbs = {c["name"] for c in pax.COMMANDS}
    state = table()
    state["track"] = ["E04", "G03", "V09", None, None]
    for action in pax.legal_actions(state, 0):
        assert action.split()[0] in verbs
        assert len(pax.label(state, action)) <= 80
    assert pax.label(state, "invest 3") == "INVEST: BUY Laeso Saltworks (V09) for 2 Silfr"


def test_view_keys_follow_the_contract_schema() -> None:
    state = table()
    state["seats"][0]["hand"] = ["V01"]
    view = pax.view(state, 0)
    assert set(view) == {
        "game", "seat", "players", "to_act", "prompt", "phase", "options", "round", "first", "current",
        "winds", "regions", "posts", "homes", "borders", "track", "discard", "removed", "influence",
        "conditions", "seats", "turn", "pending", "offer", "althing", "log", "over", "outcome", "private",
    }  # fmt: skip
    assert set(view["posts"][0]) == {
        "id", "name", "region", "wind", "kind", "key", "cost", "entry", "harbor", "icon", "ability",
        "venture", "follower", "longships", "guard",
    }  # fmt: skip
    assert set(view["regions"][0]) == {"id", "name", "wind", "kind", "posts", "longships", "duchy"}
    assert set(view["homes"][0]) == {"id", "name", "wind", "links", "seat"}
    assert set(view["seats"][0]) == {
        "seat", "colour", "silfr", "hand_count", "hand", "hand_limit", "jarl", "supply", "established",
        "established_total", "longships", "gods", "advocates", "homes", "influence", "trade_centers",
    }  # fmt: skip
    assert set(view["private"]["hand"][0]) == {
        "id", "kind", "name", "location", "location_name", "follower", "trigger", "once", "althing", "text",
    }  # fmt: skip
    assert set(view["conditions"][0]) == {"difficulty", "face_up", "id", "name", "text", "met"}
    assert set(view["turn"]) == {"seat", "used", "left", "influence_used"}
    assert set(view["private"]) == {"hand", "drawn", "offer_tiles"}


def test_every_action_has_the_arity_of_its_command() -> None:
    arity = {c["name"]: len(c["args"]) for c in pax.COMMANDS}
    optional = {c["name"]: sum(1 for a in c["args"] if a.get("optional")) for c in pax.COMMANDS}
    assert optional == {c["name"]: 1 if c["name"] in ("step", "discard") else 0 for c in pax.COMMANDS}
    seen: set[str] = set()
    for seed in range(6):
        state = pax.setup(seed, 2 + seed % 5)
        rng = random.Random(seed)
        while pax.to_act(state):
            seat = rng.choice(pax.to_act(state))
            for action in pax.legal_actions(state, seat):
                words = action.split()
                assert arity[words[0]] - optional[words[0]] <= len(words) - 1 <= arity[words[0]], action
                seen.add(words[0] if len(words) - 1 == arity[words[0]] - optional[words[0]] else action)
            state = pax.apply(state, seat, rng.choice(pax.legal_actions(state, seat)))
    assert {"invest", "journey", "step", "stop", "play", "end"} <= seen
    assert any(a.startswith("step ") and a.endswith(" stop") for a in seen)
    assert any(a.startswith("discard ") for a in seen), "two tiles DISCARDED in one move"


def test_tuned_novice_games_start_with_their_own_silfr() -> None:
    """jarls.json's tuned by_difficulty: with silfr=tuned, games dealt only Novice conditions
    start with other Silfr (short games, checked after every turn), and Tosti has less in
    mixed games; the rest keep the tuned defaults."""

    def start(order: int, difficulty: str) -> int:
        return data.start_silfr(order, 3, difficulty, "tuned")

    def extra(jarl: str, difficulty: str) -> int:
        return data.extra_silfr(jarl, 3, difficulty, "tuned")

    assert [start(order, "novice") for order in range(3)] == [2, 5, 8]
    assert [start(order, "mixed") for order in range(3)] == [2, 4, 6]
    assert extra("tosti", "mixed") == -2 and extra("tosti", "advanced") == 1
    assert extra("ragnvald", "novice") == -3 and extra("ragnvald", "standard") == -1
    assert extra("erik", "novice") == extra("erik", "standard")  # not tuned: the default
    for difficulty in ("novice", "mixed", "standard"):
        for seed in range(20):
            state = pax.setup(seed, 3, {"difficulty": difficulty, "silfr": "tuned"})
            for seat, p in enumerate(state["seats"]):
                order = (seat - state["first"]) % 3
                assert p["silfr"] == max(0, start(order, difficulty) + extra(p["jarl"], difficulty))


def test_starting_silfr_is_a_lobby_option_with_its_default_written_down() -> None:
    """Option silfr: the tuned schedule by default (the rulebook's loses the balance target,
    docs/rules/pax.md), or the rulebook's 3, 4, 5... in turn order with Jarls only adding."""
    option = next(o for o in pax.OPTIONS if o["name"] == "silfr")
    assert option["choices"] == ["tuned", "rulebook"] and option["default"] == "tuned"
    assert "tuned (default)" in option["description"] and len(option["description"]) <= 100
    for jarl in data.JARLS:  # by the rulebook a Jarl only ever adds Silfr
        assert all(data.extra_silfr(jarl, n, "standard", "rulebook") >= 0 for n in range(2, 7))
    for players in (2, 3, 4, 5, 6):
        assert [data.start_silfr(o, players, "novice", "rulebook") for o in range(players)] == [
            3 + o for o in range(players)
        ]
    tuned = pax.setup(4, 5)
    rulebook = pax.setup(4, 5, {"silfr": "rulebook"})
    assert rulebook["options"]["silfr"] == "rulebook" and tuned["options"]["silfr"] == "tuned"
    for seat, p in enumerate(rulebook["seats"]):
        order = (seat - rulebook["first"]) % 5
        assert p["silfr"] == 3 + order + data.extra_silfr(p["jarl"], 5, "standard", "rulebook")


# --- REFRESH only fills empty spaces (issue 30) ------------------------------------------


def test_winter_solstice_refresh_keeps_a_full_saga_track() -> None:
    """Only an INVEST DRAW removes the 1-cost tile; the Winter Solstice's REFRESH fills empty
    SAGA TRACK spaces and nothing more."""
    state = table()
    state["track"] = ["V01", "V02", "V03", "V04", "V05"]
    pile = list(state["pile"])
    state = act(state, 0, "end")
    assert state["discard"] == [] and state["track"] == ["V01", "V02", "V03", "V04", "V05"]
    assert state["pile"] == pile


def test_winter_solstice_refresh_fills_the_empty_spaces() -> None:
    state = table()
    state["track"] = ["V01", None, "V03", None, None]
    state = act(state, 0, "end")
    assert state["discard"] == [] and state["track"][0] == "V01" and None not in state["track"]
    assert "V03" in state["track"]


# --- the rules notes say what the data says (issue 30) -----------------------------------

_NOTES = Path(__file__).resolve().parents[2] / "docs" / "rules" / "pax.md"


def _signed(values: list[int]) -> str:
    return ", ".join("0" if v == 0 else f"+{v}" if v > 0 else f"−{-v}" for v in values)


def _row(lines: list[str], first_cell: str) -> str:
    rows = [line for line in lines if line.startswith(f"| {first_cell} |")]
    assert len(rows) == 1, first_cell
    return rows[0]


def test_the_rules_notes_show_each_jarls_silfr_as_jarls_json_has_it() -> None:
    lines = _NOTES.read_text(encoding="utf-8").splitlines()
    for jarl in data.JARLS.values():
        row = _row(lines, jarl["name"])
        for schedule in data.SILFR_SCHEDULES:
            extra = [data.extra_silfr(jarl["id"], n, "standard", schedule) for n in range(2, 7)]
            assert f"| {_signed(extra)} |" in row, (jarl["id"], schedule)


def test_the_rules_notes_show_each_tile_as_tiles_json_has_it() -> None:
    lines = _NOTES.read_text(encoding="utf-8").splitlines()
    for tile, tile_data in data.TILES.items():
        assert _row(lines, tile).endswith(f"| {effects.describe(tile_data['effects'])} |"), tile
