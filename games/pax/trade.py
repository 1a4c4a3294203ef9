"""TRADE: an offer built step by step during a JOURNEY, answered by the other seat whenever
it looks (both seats act while it waits), as in Vikings on the Volga.

The offer holds Silfr and hand tiles given, and Silfr and at most one tile asked (the
answering seat picks that tile when it accepts: ``answer V07``). Non-binding promises are made in the chat.
"""

from __future__ import annotations

from typing import Any

from games import core
from games.core import State
from games.pax import board


def new_offer(state: State, seat: int, to: int) -> None:
    state["offer"] = {
        "from": seat,
        "to": to,
        "sent": False,
        "give": {"silfr": 0, "tiles": []},
        "ask": {"silfr": 0, "tiles": 0},
    }


def build_actions(state: State) -> list[str]:
    offer = state["offer"]
    giver, taker = board.player(state, offer["from"]), board.player(state, offer["to"])
    give, ask = offer["give"], offer["ask"]
    actions: list[str] = []
    if giver["silfr"] > give["silfr"]:
        actions.append("give silfr")
    actions += [f"give {t}" for t in giver["hand"] if t not in give["tiles"]]
    if taker["silfr"] > ask["silfr"]:
        actions.append("ask silfr")
    if taker["hand"] and not ask["tiles"]:
        actions.append("ask tile")
    if give["silfr"] or give["tiles"] or ask["silfr"] or ask["tiles"]:
        actions.append("offer send")
    actions.append("offer cancel")
    return actions


def give(state: State, what: str) -> None:
    side = state["offer"]["give"]
    if what == "silfr":
        side["silfr"] += 1
    else:
        side["tiles"].append(what)


def ask(state: State, what: str) -> None:
    side = state["offer"]["ask"]
    if what == "silfr":
        side["silfr"] += 1
    else:
        side["tiles"] = 1


def text(offer: dict[str, Any]) -> str:
    def side(part: dict[str, Any]) -> str:
        tiles = len(part["tiles"]) if isinstance(part["tiles"], list) else part["tiles"]
        bits = [f"{part['silfr']} Silfr"] if part["silfr"] else []
        bits += [f"{tiles} tile(s)"] if tiles else []
        return " and ".join(bits) or "nothing"

    return f"{side(offer['give'])} for {side(offer['ask'])}"


def send(state: State, seat: int) -> None:
    offer = state["offer"]
    offer["sent"] = True
    if offer["give"]["tiles"]:
        core.mark_reveal(state)  # the other seat now sees the offered tiles
    core.log(state, seat, f"offers {core.seat_ref(offer['to'])} a TRADE: {text(offer)}")


def cancel(state: State, seat: int) -> None:
    if state["offer"]["sent"]:
        core.log(state, seat, "withdraws the TRADE offer")
    state["offer"] = None


def answer_actions(state: State) -> list[str]:
    offer = state["offer"]
    taker = board.player(state, offer["to"])
    accepts = [f"answer {t}" for t in taker["hand"]] if offer["ask"]["tiles"] else ["answer accept"]
    return [*accepts, "answer decline"]


def _problem(state: State, handed: str | None) -> str | None:
    offer = state["offer"]
    giver, taker = board.player(state, offer["from"]), board.player(state, offer["to"])
    if giver["silfr"] < offer["give"]["silfr"] or any(t not in giver["hand"] for t in offer["give"]["tiles"]):
        return "the offered things are gone"
    if taker["silfr"] < offer["ask"]["silfr"] or (handed is not None and handed not in taker["hand"]):
        return "the asked things are gone"
    return None


def answer(state: State, seat: int, accept: bool, handed: str | None) -> None:
    offer = state["offer"]
    if not accept:
        core.log(state, seat, "declines the TRADE")
        state["offer"] = None
        return
    problem = _problem(state, handed)
    if problem is not None:
        core.log(state, seat, f"cannot take the TRADE ({problem}): it lapses")
        state["offer"] = None
        return
    giver, taker = board.player(state, offer["from"]), board.player(state, offer["to"])
    giver["silfr"] += offer["ask"]["silfr"] - offer["give"]["silfr"]
    taker["silfr"] += offer["give"]["silfr"] - offer["ask"]["silfr"]
    for tile in offer["give"]["tiles"]:
        giver["hand"].remove(tile)
        taker["hand"].append(tile)
    if handed is not None:
        taker["hand"].remove(handed)
        giver["hand"].append(handed)
        core.mark_reveal(state)
    core.log(state, seat, f"accepts the TRADE: {text(offer)}")
    state["offer"] = None
