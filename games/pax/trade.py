"""TRADE: an offer built step by step during a JOURNEY, answered by the other seat whenever
it looks (both seats act while it waits), as in Vikings on the Volga.

The offer holds Silfr, hand tiles, Followers (by type, from the Jarlboard) and Longships
(from the Jarlboard) given, and Silfr, at most one tile, Followers and Longships asked (the
answering seat picks the tile when it accepts: ``answer V07``). A traded Follower or Longship
joins the other Jarlboard and is its new owner's from then on. Non-binding promises are made
in the chat.
"""

from __future__ import annotations

from typing import Any

from games import core
from games.core import State
from games.pax import board
from games.pax.data import FOLLOWER_NAMES, FOLLOWERS


def new_offer(state: State, seat: int, to: int) -> None:
    state["offer"] = {
        "from": seat,
        "to": to,
        "sent": False,
        "give": {"silfr": 0, "tiles": [], "followers": [], "longships": 0},
        "ask": {"silfr": 0, "tiles": 0, "followers": [], "longships": 0},
    }


def _idle_ships(p: dict[str, Any], moving: dict[str, Any] | None = None) -> int:
    """Longships on the Jarlboard: the ones a TRADE can hand over (never the one on a
    JOURNEY that has not taken its first STEP yet)."""
    return sum(1 for ship in p["ships"] if ship["at"] is None and ship is not moving)


def _moving(state: State) -> tuple[int, dict[str, Any]] | None:
    """The seat on a JOURNEY now and its Longship, if any."""
    pending = state["pending"]
    if pending is None or pending.get("action") != "journey":
        return None
    seat = state["current"]
    return seat, board.player(state, seat)["ships"][pending["ship"] - 1]


def _pieces(state: State, p: dict[str, Any], side: dict[str, Any], verb: str) -> list[str]:
    """``verb FOLLOWER`` for each type the player still has spare, ``verb longship`` likewise."""
    actions = [f"{verb} {kind}" for kind in FOLLOWERS if p["supply"][kind] > side["followers"].count(kind)]
    moving = None if (found := _moving(state)) is None else found[1]
    if _idle_ships(p, moving) > side["longships"]:
        actions.append(f"{verb} longship")
    return actions


def build_actions(state: State) -> list[str]:
    offer = state["offer"]
    giver, taker = board.player(state, offer["from"]), board.player(state, offer["to"])
    give, ask = offer["give"], offer["ask"]
    actions: list[str] = []
    if giver["silfr"] > give["silfr"]:
        actions.append("give silfr")
    actions += [f"give {t}" for t in giver["hand"] if t not in give["tiles"]]
    actions += _pieces(state, giver, give, "give")
    if taker["silfr"] > ask["silfr"]:
        actions.append("ask silfr")
    if taker["hand"] and not ask["tiles"]:
        actions.append("ask tile")
    actions += _pieces(state, taker, ask, "ask")
    if any(_things(give)) or any(_things(ask)):
        actions.append("offer send")
    actions.append("offer cancel")
    return actions


def _things(side: dict[str, Any]) -> tuple[int, int, int, int]:
    """Silfr, tiles, Followers and Longships on one side of an offer."""
    tiles = len(side["tiles"]) if isinstance(side["tiles"], list) else side["tiles"]
    return side["silfr"], tiles, len(side["followers"]), side["longships"]


def _add(side: dict[str, Any], what: str) -> bool:
    """Silfr, a Follower or a Longship on a side; False for a tile."""
    if what == "silfr":
        side["silfr"] += 1
    elif what in FOLLOWERS:
        side["followers"].append(what)
    elif what == "longship":
        side["longships"] += 1
    else:
        return False
    return True


def give(state: State, what: str) -> None:
    side = state["offer"]["give"]
    if not _add(side, what):
        side["tiles"].append(what)


def ask(state: State, what: str) -> None:
    side = state["offer"]["ask"]
    if not _add(side, what):
        side["tiles"] = 1


def side_text(part: dict[str, Any]) -> str:
    """One side of an offer in words: ``2 Silfr and 1 tile``, or ``nothing``."""
    silfr, tiles, _, longships = _things(part)
    bits = [f"{silfr} Silfr"] if silfr else []
    bits += [core.plural(tiles, "tile")] if tiles else []
    bits += [f"1 {FOLLOWER_NAMES[kind]} Follower" for kind in part["followers"]]
    bits += [core.plural(longships, "Longship")] if longships else []
    return " and ".join(bits) or "nothing"


def text(offer: dict[str, Any]) -> str:
    return f"{side_text(offer['give'])} for {side_text(offer['ask'])}"


def send(state: State, seat: int) -> None:
    offer = state["offer"]
    offer["sent"] = True
    if _moving(state) is not None:
        state["pending"]["traded"] = True  # the JOURNEY has done something: no calling it off
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


def _lacks(p: dict[str, Any], side: dict[str, Any], moving: dict[str, Any] | None) -> bool:
    """The player no longer has the Silfr, Followers or Longships of this side."""
    return (
        p["silfr"] < side["silfr"]
        or any(p["supply"][kind] < side["followers"].count(kind) for kind in FOLLOWERS)
        or _idle_ships(p, moving) < side["longships"]
    )


def _problem(state: State, handed: str | None) -> str | None:
    offer = state["offer"]
    giver, taker = board.player(state, offer["from"]), board.player(state, offer["to"])
    moving = None if (found := _moving(state)) is None else found[1]
    if _lacks(giver, offer["give"], moving) or any(t not in giver["hand"] for t in offer["give"]["tiles"]):
        return "the offered things are gone"
    if _lacks(taker, offer["ask"], moving) or (handed is not None and handed not in taker["hand"]):
        return "the asked things are gone"
    return None


def _hand_over(
    source: dict[str, Any], target: dict[str, Any], side: dict[str, Any], moving: dict[str, Any] | None
) -> None:
    """Move a side's Followers and Jarlboard Longships from one Jarlboard to the other."""
    for kind in side["followers"]:
        source["supply"][kind] -= 1
        target["supply"][kind] += 1
    for _ in range(side["longships"]):
        index = next(i for i, ship in enumerate(source["ships"]) if ship["at"] is None and ship is not moving)
        target["ships"].append(source["ships"].pop(index))


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
    found = _moving(state)
    moving = None if found is None else found[1]
    _hand_over(giver, taker, offer["give"], moving)
    _hand_over(taker, giver, offer["ask"], moving)
    if found is not None:  # handed-over Longships shift the numbers of the mover's ships
        ships = board.player(state, found[0])["ships"]
        state["pending"]["ship"] = next(i for i, ship in enumerate(ships) if ship is moving) + 1
    for tile in offer["give"]["tiles"]:
        giver["hand"].remove(tile)
        taker["hand"].append(tile)
    if handed is not None:
        taker["hand"].remove(handed)
        giver["hand"].append(handed)
        core.mark_reveal(state)
    core.log(state, seat, f"accepts the TRADE: {text(offer)}")
    state["offer"] = None
