"""Victory Conditions, their checks, the end of the game and its tie-breaks."""

from __future__ import annotations

from typing import Any

from games import core
from games.core import State
from games.pax import board
from games.pax.data import CONDITIONS, POSTS, WINDS, wind_of


def _winds(state: State, seat: int) -> int:
    """Winds where the seat has a Follower ESTABLISHED on the map."""
    return len(
        {
            wind_of(post)
            for post, spot in state["posts"].items()
            if spot["follower"] and spot["follower"][0] == seat
        }
    )


def _trade_centers(state: State, seat: int, key_only: bool) -> int:
    return sum(
        1
        for post, spot in state["posts"].items()
        if POSTS[post]["kind"] == "trade_center"
        and (POSTS[post].get("key") or not key_only)
        and spot["follower"]
        and spot["follower"][0] == seat
    )


def _wind_ventures(state: State, seat: int) -> int:
    """The most of the seat's Ventures (with its Follower) in one Wind."""
    counts = dict.fromkeys(WINDS, 0)
    for post, spot in state["posts"].items():
        if spot["venture"] and spot["follower"] and spot["follower"][0] == seat:
            counts[str(wind_of(post))] += 1
    return max(counts.values())


def meets(state: State, seat: int, test: dict[str, Any]) -> bool:
    kind = test["test"]
    if kind == "all":
        return all(meets(state, seat, t) for t in test["of"])
    p = board.player(state, seat)
    value = {
        "winds": lambda: _winds(state, seat),
        "gods": lambda: len(p["gods"]),
        "silfr": lambda: p["silfr"],
        "established": lambda: board.established_total(state, seat),
        "trade_centers": lambda: _trade_centers(state, seat, False),
        "key_trade_centers": lambda: _trade_centers(state, seat, True),
        "wind_ventures": lambda: _wind_ventures(state, seat),
        "duchies": lambda: board.duchies(state, seat),
        "influence": lambda: len(board.influence_of(state, seat)),
    }[kind]()
    return bool(value >= test["n"])


def describe(test: dict[str, Any]) -> str:
    kind = test["test"]
    if kind == "all":
        return " and ".join(describe(t) for t in test["of"])
    n = test["n"]
    return {
        "winds": f"Followers ESTABLISHED in {n} different WINDS",
        "gods": f"{n} Gods on your Jarlboard",
        "silfr": f"{n} Silfr",
        "established": f"{n} ESTABLISHED Followers",
        "trade_centers": f"ESTABLISHED on {n} TRADE CENTERS",
        "key_trade_centers": f"ESTABLISHED on {n} KEY TRADE CENTERS",
        "wind_ventures": f"{n} of your Ventures in one WIND",
        "duchies": f"{core.plural(n, 'DUCHY HOME marker')}",
        "influence": f"{n} Influence markers",
    }[kind]


def met_by(state: State, condition: str) -> list[int]:
    return [s for s in range(state["players"]) if meets(state, s, CONDITIONS[condition]["test"])]


def active(state: State, novice: bool | None) -> list[str]:
    """Face-up conditions; ``novice`` True/False keeps only that kind, None keeps all."""
    return [
        c["id"]
        for c in state["conditions"]
        if c["face_up"] and (novice is None or (CONDITIONS[c["id"]]["difficulty"] == "novice") == novice)
    ]


def winners_among(state: State, seats: list[int]) -> list[int]:
    """Tie-breaks: most ESTABLISHED Followers, then most Silfr; still tied: shared."""
    best = max(board.established_total(state, s) for s in seats)
    seats = [s for s in seats if board.established_total(state, s) == best]
    most = max(board.player(state, s)["silfr"] for s in seats)
    return [s for s in seats if board.player(state, s)["silfr"] == most]


def check(state: State, seats: list[int], novice: bool | None) -> bool:
    """A victory check: end the game if any of ``seats`` meets an active condition."""
    conditions = active(state, novice)
    met = sorted({s for c in conditions for s in met_by(state, c) if s in seats})
    if not met:
        return False
    winners = winners_among(state, met)
    named = [c for c in conditions if set(met_by(state, c)) & set(winners)]
    what = "; ".join(f"{CONDITIONS[c]['name']} ({describe(CONDITIONS[c]['test'])})" for c in named)
    finish(
        state,
        winners,
        f"met the Victory Condition {what}; the scores count ESTABLISHED Followers, which only break ties",
    )
    return True


def final_check(state: State) -> None:
    """The SAGA TRACK ran out: check every condition one last time, then the tie-breaks."""
    if not check(state, list(range(state["players"])), None):
        finish(state, winners_among(state, list(range(state["players"]))), "the SAGA TRACK ran out")


def finish(state: State, winners: list[int], reason: str) -> None:
    state["phase"] = "over"
    state["pending"] = None
    state["offer"] = None
    state["althing"] = None
    scores = [board.established_total(state, s) for s in range(state["players"])]
    state["result"] = {"winners": winners, "scores": scores, "reason": reason}
    names = " and ".join(core.seat_ref(s) for s in winners)
    core.log(
        state,
        None,
        f"The game ends: {names} {'wins' if len(winners) == 1 else 'win'} ({reason.split(';')[0]})",
    )


def flip_one(state: State) -> None:
    """Face-down conditions: one turns face up each time an Event RESOLVES."""
    for condition in state["conditions"]:
        if not condition["face_up"]:
            condition["face_up"] = True
            core.mark_reveal(state)
            core.log(state, None, f"Victory Condition {condition['id']} is turned face up")
            return
