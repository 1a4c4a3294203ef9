"""Hand-built Knarr views (docs/contract.md, "Knarr view") for the renderer tests.

They do not come from ``games.knarr``; they cover the shapes a real game produces: 2, 3
and 4 players, mid-game and end-game, artifacts, reserved destinations, empty slots, a
pending exploration and a private hand.
"""

from __future__ import annotations

import copy
from collections.abc import Sequence
from typing import Any

View = dict[str, Any]

COLORS = ["red", "yellow", "green", "blue", "purple"]

# id -> (colour, asset), a few of the 50 Viking cards
_VIKINGS: dict[str, tuple[str, str]] = {
    "V01": ("red", "vp"),
    "V02": ("red", "vp"),
    "V03": ("red", "vp"),
    "V05": ("red", "bracelet"),
    "V06": ("red", "bracelet"),
    "V07": ("red", "bracelet"),
    "V08": ("red", "recruit"),
    "V10": ("red", "reputation"),
    "V11": ("yellow", "vp"),
    "V12": ("yellow", "vp"),
    "V13": ("yellow", "vp"),
    "V14": ("yellow", "vp"),
    "V16": ("yellow", "bracelet"),
    "V18": ("yellow", "recruit"),
    "V19": ("yellow", "reputation"),
    "V20": ("yellow", "reputation"),
    "V21": ("green", "vp"),
    "V22": ("green", "vp"),
    "V23": ("green", "vp"),
    "V25": ("green", "bracelet"),
    "V27": ("green", "recruit"),
    "V28": ("green", "recruit"),
    "V29": ("green", "recruit"),
    "V30": ("green", "reputation"),
    "V31": ("blue", "vp"),
    "V32": ("blue", "vp"),
    "V33": ("blue", "vp"),
    "V35": ("blue", "bracelet"),
    "V36": ("blue", "bracelet"),
    "V37": ("blue", "recruit"),
    "V38": ("blue", "reputation"),
    "V39": ("blue", "reputation"),
    "V41": ("purple", "vp"),
    "V42": ("purple", "vp"),
    "V45": ("purple", "bracelet"),
    "V46": ("purple", "bracelet"),
    "V47": ("purple", "recruit"),
    "V48": ("purple", "recruit"),
    "V49": ("purple", "reputation"),
    "V50": ("purple", "reputation"),
}

# id -> (cost, immediate, trade)
_DESTINATIONS: dict[str, tuple[dict[str, int], dict[str, int], list[str | None]]] = {
    "A01": ({"different": 3}, {"recruit": 1, "reputation": 1, "card": 1}, [None, "vp", None]),
    "A03": ({"different": 3}, {"bracelet": 1, "recruit": 1, "card": 1}, [None, "vp", None]),
    "A04": ({"different": 3}, {"bracelet": 1}, ["vp", "reputation", "recruit"]),
    "A06": ({"purple": 2}, {"bracelet": 1, "card": 1}, [None, "vp", "card"]),
    "A09": ({"blue": 2}, {"reputation": 2}, [None, "vp", "reputation"]),
    "A10": ({"blue": 2}, {"recruit": 1, "reputation": 1}, ["reputation", None, "vp"]),
    "A12": ({"green": 2}, {"bracelet": 1, "recruit": 1}, ["vp", None, "recruit"]),
    "A14": ({"green": 2}, {"recruit": 2}, [None, "recruit", None]),
    "A15": ({"yellow": 2}, {}, ["vp", "vp", "vp"]),
    "A16": ({"yellow": 2}, {"reputation": 1}, ["vp", "vp", None]),
    "A18": ({"red": 2}, {"bracelet": 1, "card": 1}, ["vp", None, "vp"]),
    "A19": ({"red": 2}, {"bracelet": 1, "reputation": 1}, ["vp", None, "vp"]),
    "A20": ({"red": 2}, {"bracelet": 1}, ["vp", "vp", None]),
    "B01": ({"same": 4}, {"vp": 5, "recruit": 1}, [None, None, "vp"]),
    "B02": ({"same": 4}, {"vp": 5, "reputation": 1}, [None, None, "vp"]),
    "B04": (
        {"red": 1, "yellow": 1, "green": 1, "blue": 1, "purple": 1},
        {"vp": 4, "bracelet": 1, "recruit": 1, "reputation": 1, "card": 1},
        [None, None, "vp"],
    ),
    "B06": ({"purple": 2, "yellow": 2}, {"vp": 6}, [None, "vp", None]),
    "B07": ({"purple": 3, "red": 2}, {"vp": 8, "card": 1}, [None, None, "vp"]),
    "B09": ({"blue": 3, "purple": 2}, {"vp": 7, "reputation": 2}, [None, None, "vp"]),
    "B11": ({"green": 3, "blue": 2}, {"vp": 8, "recruit": 1}, [None, None, "vp"]),
    "B12": ({"yellow": 2, "blue": 2}, {"vp": 6}, [None, "vp", None]),
    "B13": ({"yellow": 3, "green": 2}, {"vp": 9}, [None, None, "vp"]),
    "B15": ({"red": 3, "yellow": 2}, {"vp": 7, "bracelet": 1}, [None, None, "vp"]),
}

_INCOME = [(14, 5), (10, 3), (6, 2), (3, 1), (0, 0)]


def viking(card_id: str) -> dict[str, str]:
    color, asset = _VIKINGS[card_id]
    return {"id": card_id, "color": color, "asset": asset}


def dest(card_id: str) -> dict[str, Any]:
    cost, immediate, trade = _DESTINATIONS[card_id]
    return {
        "id": card_id,
        "type": card_id[0],
        "cost": dict(cost),
        "immediate": dict(immediate),
        "trade": list(trade),
    }


def income(reputation: int) -> int:
    return next(vp for floor, vp in _INCOME if reputation >= floor)


def seat(
    index: int,
    *,
    score: int,
    reputation: int,
    recruits: int,
    bracelets: int,
    crew: list[str],
    explored: Sequence[str] = (),
    reserved: Sequence[str] = (),
    ship: str = "normal",
    hand_count: int = 3,
    traded: bool = False,
) -> dict[str, Any]:
    columns: dict[str, list[dict[str, str]]] = {color: [] for color in COLORS}
    for card_id in crew:
        card = viking(card_id)
        columns[card["color"]].append(card)
    return {
        "seat": index,
        "score": score,
        "reputation": reputation,
        "income": income(reputation),
        "recruits": recruits,
        "bracelets": bracelets,
        "hand_count": hand_count,
        "crew": columns,
        "explored": [dest(card_id) for card_id in explored],
        "reserved": [dest(card_id) for card_id in reserved],
        "ship_trade": ["vp", None, "bracelet"] if ship == "advanced" else [None, "recruit", None],
        "traded": traded,
    }


def _base(players: int, seats: list[dict[str, Any]], **extra: Any) -> View:
    view: View = {
        "game": "knarr",
        "players": players,
        "to_act": [0],
        "prompt": "choose an action",
        "phase": "action",
        "round": 1,
        "first": 0,
        "final_round": False,
        "options": {"ship": "normal", "artifacts": []},
        "vikings": {
            "red": viking("V02"),
            "yellow": viking("V19"),
            "green": viking("V27"),
            "blue": viking("V33"),
            "purple": viking("V45"),
        },
        "destinations": {
            "A": [dest("A12"), dest("A04"), dest("A16")],
            "B": [dest("B07"), dest("B01"), dest("B04")],
        },
        "piles": {"vikings": 12, "discard": 3, "A": 14, "B": 9},
        "seats": seats,
        "pending": None,
        "log": [],
        "over": False,
        "outcome": None,
        "private": None,
    }
    view.update(extra)
    return view


def two_player_mid() -> View:
    """2 players, round 5, Mead Cup + Cauldron, one empty Viking slot, Bjorn to act."""
    seats = [
        seat(
            0,
            score=14,
            reputation=4,
            recruits=2,
            bracelets=1,
            crew=["V01", "V03", "V11", "V21", "V22", "V41"],
            explored=["A18", "A09"],
        ),
        seat(
            1,
            score=11,
            reputation=7,
            recruits=1,
            bracelets=3,
            crew=["V05", "V12", "V13", "V14", "V31", "V38", "V47"],
            explored=["A15"],
        ),
    ]
    view = _base(2, seats, round=5, to_act=[1], first=0)
    view["options"] = {"ship": "normal", "artifacts": ["mead_cup", "cauldron"]}
    view["vikings"]["green"] = None
    view["piles"] = {"vikings": 6, "discard": 4, "A": 13, "B": 11}
    view["log"] = [
        {"seat": 0, "text": "recruits a red Viking"},
        {"seat": 0, "text": "trades 2 bracelets for 2 VP"},
        {"seat": 1, "text": "gains 2 VP from reputation"},
    ]
    return view


def three_player_mid() -> View:
    """3 players, round 6, Golden Bracelet (a reserved card), a pending exploration."""
    seats = [
        seat(
            0,
            score=18,
            reputation=6,
            recruits=1,
            bracelets=2,
            crew=["V02", "V11", "V12", "V25", "V31", "V32", "V36", "V42"],
            explored=["A20", "A10", "B12"],
            reserved=["B13"],
        ),
        seat(
            1,
            score=21,
            reputation=9,
            recruits=3,
            bracelets=0,
            crew=["V06", "V07", "V19", "V27", "V28", "V29", "V45"],
            explored=["A14", "A06"],
        ),
        seat(
            2,
            score=9,
            reputation=3,
            recruits=0,
            bracelets=1,
            crew=["V10", "V16", "V37", "V48", "V49", "V50"],
            explored=["A03"],
        ),
    ]
    view = _base(3, seats, round=6, to_act=[1], first=2, phase="pay", prompt="pay the cost")
    view["options"] = {"ship": "normal", "artifacts": ["golden_bracelet"]}
    view["destinations"]["B"][1] = None
    view["pending"] = {"explore": dest("B11"), "paid": [viking("V21"), viking("V22")], "recruits_paid": 1}
    view["piles"] = {"vikings": 9, "discard": 7, "A": 11, "B": 8}
    view["log"] = [
        {"seat": 2, "text": "gains 1 VP from reputation"},
        {"seat": 2, "text": "recruits a purple Viking"},
        {"seat": 0, "text": "reserves B13"},
        {"seat": 1, "text": "gains 2 VP from reputation"},
        {"seat": 1, "text": "explores B11"},
    ]
    return view


def four_player_mid() -> View:
    """4 players, advanced ships, round 3, Helmet artifact, an empty A slot."""
    seats = [
        seat(
            0,
            score=6,
            reputation=2,
            recruits=1,
            bracelets=1,
            ship="advanced",
            crew=["V01", "V11", "V22", "V31"],
            explored=["A12"],
        ),
        seat(
            1,
            score=8,
            reputation=3,
            recruits=2,
            bracelets=0,
            ship="advanced",
            crew=["V05", "V06", "V19", "V37"],
            explored=["A19"],
        ),
        seat(
            2,
            score=4,
            reputation=1,
            recruits=3,
            bracelets=3,
            ship="advanced",
            crew=["V08", "V13", "V21", "V41", "V46"],
        ),
        seat(
            3,
            score=7,
            reputation=4,
            recruits=0,
            bracelets=2,
            ship="advanced",
            crew=["V12", "V27", "V30", "V35", "V50"],
            explored=["A01"],
        ),
    ]
    view = _base(4, seats, round=3, to_act=[3], first=1)
    view["options"] = {"ship": "advanced", "artifacts": ["helmet"]}
    view["destinations"]["A"][2] = None
    view["piles"] = {"vikings": 18, "discard": 2, "A": 12, "B": 12}
    return view


def four_player_end() -> View:
    """4 players, game over after the final round, big crews, a long name in the tests."""
    seats = [
        seat(
            0,
            score=43,
            reputation=14,
            recruits=2,
            bracelets=1,
            crew=[
                "V01",
                "V02",
                "V03",
                "V05",
                "V06",
                "V07",
                "V08",
                "V10",
                "V11",
                "V12",
                "V21",
                "V31",
                "V32",
                "V41",
                "V42",
            ],
            explored=["A18", "A19", "A20", "B15", "A09", "B09", "A15"],
        ),
        seat(
            1,
            score=38,
            reputation=11,
            recruits=3,
            bracelets=3,
            crew=["V13", "V14", "V16", "V18", "V19", "V20", "V22", "V23", "V25"],
            explored=["A16", "B13", "A12", "A14", "B11"],
        ),
        seat(
            2,
            score=43,
            reputation=10,
            recruits=1,
            bracelets=0,
            crew=["V27", "V28", "V29", "V30", "V33", "V35", "V36"],
            explored=["A10", "B12", "A06", "B06", "A04", "B02"],
            reserved=["A01", "B04"],
        ),
        seat(
            3,
            score=29,
            reputation=6,
            recruits=0,
            bracelets=0,
            hand_count=2,
            crew=["V37", "V38", "V39", "V45", "V46", "V47", "V48", "V49", "V50"],
            explored=["A03", "B01"],
        ),
    ]
    view = _base(4, seats, round=11, to_act=[], first=0, phase="over", prompt="")
    view["options"] = {"ship": "normal", "artifacts": ["golden_bracelet"]}
    view["final_round"] = True
    view["vikings"]["red"] = None
    view["vikings"]["blue"] = None
    view["destinations"] = {"A": [dest("A01"), None, None], "B": [None, dest("B02"), None]}
    view["piles"] = {"vikings": 0, "discard": 0, "A": 0, "B": 0}
    view["over"] = True
    view["outcome"] = {
        "winners": [0],
        "scores": [43, 38, 43, 29],
        "reason": "Astrid reached 40 VP; tie broken by recruits and bracelets",
    }
    return view


def two_player_final_round() -> View:
    """2 players in the final round, the second player trading after the action."""
    view = two_player_mid()
    view["final_round"] = True
    view["round"] = 9
    view["phase"] = "after"
    view["prompt"] = "trade or end your turn"
    view["seats"][0]["score"] = 41
    view["seats"][1]["score"] = 36
    view["seats"][1]["traded"] = False
    return view


def with_hand(view: View, seat_index: int, hand: list[str]) -> View:
    """``view`` as seen by ``seat_index`` holding ``hand``."""
    seen = copy.deepcopy(view)
    seen["private"] = {"hand": [viking(card_id) for card_id in hand]}
    return seen


def all_views() -> dict[str, View]:
    """Every public sample view by name (fresh copies)."""
    return {
        "2p_mid": two_player_mid(),
        "2p_final_round": two_player_final_round(),
        "3p_mid": three_player_mid(),
        "4p_mid": four_player_mid(),
        "4p_end": four_player_end(),
    }


NAMES = ["Astrid", "Bjorn Ironside", "Sigrid", "Ulf"]
LONG_NAMES = [
    "Astrid the Far-Travelled Daughter of Ketil Flatnose",
    "Bjørn Járnsíða 🛶",
    "名前",
    "x",
]
