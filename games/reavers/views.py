"""What each seat sees and the outcome."""

from __future__ import annotations

from typing import Any

from games.core import State
from games.reavers import board, scoring
from games.reavers.board import territory_front
from games.reavers.data import (
    CARDS,
    LOCATION_IDS,
    LOCATIONS,
    ROUNDS,
    SLOTS,
    TERRITORY_TYPES,
    UPGRADES,
    location_name,
)
from games.reavers.dice import player
from games.reavers.rules import prompt, to_act
from games.reavers.seat_view import card_view, seat_view


def _board(state: State) -> dict[str, Any]:
    board = state["board"]

    def group(cards: list[str] | None) -> list[dict[str, Any]] | None:
        return [card_view(c) for c in cards] if cards else None

    sizes = SLOTS[str(state["players"])]["recruit"]
    return {
        "recruit": [
            {"slot": i + 1, "size": sizes[i], "cards": [card_view(c) for c in cards]}
            for i, cards in enumerate(board["recruit"])
        ],
        "trade_dice": [{"color": d["color"], "face": d["face"], "wild": False} for d in board["trade_dice"]],
        "prophecies": [None if c is None else card_view(c) for c in board["prophecies"]],
        "villages": [group(pair) for pair in board["villages"]],
        "keeps": [group(pair) for pair in board["keeps"]],
        "sea": [None if c is None else card_view(c) for c in board["sea"]],
        "territories": {
            kind: {"count": len(board["territories"][kind]), "top": territory_front(state, kind)}
            for kind in TERRITORY_TYPES
        },
        "upgrades": [dict(UPGRADES[u]) for u in board["upgrades"]],
    }


def _resolving(state: State) -> dict[str, Any] | None:
    loc = board.location_frame(state)
    if loc is None:
        return None
    frame = board.top(state) or {}
    kind = frame.get("kind")
    cards: list[str] = []
    if kind == "use":
        cards = list(frame["cards"])
    elif kind in ("card", "journey", "battle"):
        cards = [frame["card"]]
    battle = next((f for f in state["stack"] if f["kind"] == "battle"), None)
    if battle is not None and battle["card"] not in cards:
        cards.append(battle["card"])
    step = {"commit": "fight", "roll": "fight", "sea": "battle", "raid": "pair"}.get(str(kind), kind)
    return {
        "location": loc["location"],
        "active": loc["active"],
        "order": list(loc["order"]),
        "current": frame.get("seat"),
        "answers": dict(loc["answers"]),
        "step": step,
        "left": frame.get("left"),
        "cards": [card_view(c) for c in cards],
        "discard": frame.get("count") if kind == "discard" else None,
        "target": _target(frame),
    }


def _target(frame: dict[str, Any]) -> dict[str, Any] | None:
    """What the current seat may attack now: a pillage, a territory or a Sea Battle."""
    kind = frame.get("kind")
    if kind == "commit":
        return {"name": frame["name"], "defense": frame["defense"]}
    if kind in ("card", "battle") and CARDS[frame["card"]].get("defense"):
        return {"name": CARDS[frame["card"]]["name"], "defense": CARDS[frame["card"]]["defense"]}
    return None


def _starting(state: State) -> dict[str, Any] | None:
    """The starting Reavers a seat is deciding before the first round: drawn and their dice
    rolled in front of everyone, so public, like the cards of a Recruit slot."""
    if state["phase"] != "start":
        return None
    frame = next((f for f in reversed(state["stack"]) if f["kind"] == "use"), None)
    if frame is None:
        return None
    return {"seat": frame["seat"], "cards": [card_view(c) for c in frame["cards"]]}


def _combat(state: State) -> dict[str, Any] | None:
    fight = state["combat"]
    if fight is None:
        return None
    return {k: fight[k] for k in ("seat", "target", "defense", "dice", "rerolls", "result")}


def view(state: State, seat: int | None) -> dict[str, Any]:
    return {
        "game": "reavers",
        "seat": seat,
        "players": state["players"],
        "to_act": to_act(state),
        "prompt": prompt(state, seat),
        "phase": state["phase"],
        "round": state["round"],
        "rounds": ROUNDS,
        "options": dict(state["options"]),
        "start": state["start"],
        "honor": state["honor"],
        "picks": [dict(p) for p in state["picks"]],
        "queue": list(state["queue"]),
        "locations": [
            {
                "id": loc,
                "name": location_name(loc),
                "taken": loc in board.taken(state),
                "cost": {
                    "food": LOCATIONS[loc]["cost"]["food"],
                    "faces": list(LOCATIONS[loc]["cost"]["faces"]),
                },
                "bonus": [board.bonus(state, loc, s, 0) for s in board.order_from(state, 0)],
            }
            for loc in LOCATION_IDS
        ],
        "board": _board(state),
        "decks": {deck: len(cards) for deck, cards in state["decks"].items()},
        "discards": {deck: len(cards) for deck, cards in state["discards"].items() if deck != "prophecies"},
        "seats": [seat_view(state, s) for s in range(state["players"])],
        "resolving": _resolving(state),
        "starting": _starting(state),
        "combat": _combat(state),
        "log": [dict(line) for line in state["log"][-10:]],
        "over": state["phase"] == "over",
        "outcome": outcome(state),
        "private": private(state, seat),
    }


def private(state: State, seat: int | None) -> dict[str, Any] | None:
    """The seat's own secrets, its prophecies and Glory pile (``None`` for the public view)."""
    if seat is None:
        return None
    p = player(state, seat)
    return {
        "prophecies": [card_view(c) for c in p["prophecies"]],
        "glory_pile": [card_view(c) for c in p["pile"]],
    }


def outcome(state: State) -> dict[str, Any] | None:
    final = state["final"]
    if final is None:
        return None
    return {
        "winners": list(final["winners"]),
        "scores": list(final["scores"]),
        "reason": scoring.reason(state, final, ROUNDS),
        "breakdown": final["breakdown"],
    }
