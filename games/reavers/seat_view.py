"""A seat's own part of the view (its resources, dice, Reavers and territories) and a card
as views show it: beside the phase table, so the rules' one-press moves can score a seat's
uses of its Reavers (``shortcuts.recruit_pairs``) without the whole view."""

from __future__ import annotations

from functools import cache
from typing import Any

from games.core import State
from games.reavers.data import (
    BATTLES,
    CARDS,
    JOURNEYS,
    KEEP,
    PROPHECIES,
    REAVERS,
    ROUNDS,
    SPACES,
    TERRITORIES,
    UPGRADES,
    effect_text,
    location_name,
    need_text,
)
from games.reavers.dice import is_wild, player


def card_view(card_id: str) -> dict[str, Any]:
    """A card as views show it (a copy: the caller may change it)."""
    return dict(_card(card_id))


@cache
def _card(card_id: str) -> dict[str, Any]:
    """A card's face, worked out once: it depends on the card alone (26 cards a view)."""
    data = CARDS[card_id]
    out = {k: v for k, v in data.items() if k != "designed"}
    if card_id in REAVERS:
        out["text"] = effect_text(data["ability"])
    elif card_id in JOURNEYS:
        pay = data["pay"]
        cost = (
            "nothing to pay"
            if pay is None
            else " and ".join(
                [f"{pay['food']} Food"] * bool(pay["food"]) + [", ".join(pay["faces"])] * bool(pay["faces"])
            )
        )
        out["text"] = f"pay {cost}, or: {effect_text(data['penalty'])}"
    elif card_id in PROPHECIES:
        out["text"] = f"at the end, at least {need_text(data['need'])}: {data['glory']} Glory"
    elif card_id in BATTLES:
        out["text"] = f"{data['glory']} Glory, {effect_text(data['reward'])}"
    else:
        out["text"] = _spoils_text(data)
        # the contract's one shape for every Spoils card; the data file holds only what is read
        for key, empty in (("gain", {}), ("defense", None), ("reward", None)):
            out.setdefault(key, empty)
        if card_id in KEEP:
            out.setdefault("set", None)
    return out


def _spoils_text(data: dict[str, Any]) -> str:
    kind = data["kind"]
    if kind == "treasure":
        return f"{data['name']} for a set"
    if kind == "upgrade":
        return f"fit {UPGRADES[data['token']]['name']}"
    if kind == "artifact":
        store = data["store"] or "any"
        return f"store a {store} die; at {location_name(data['location'])}: {effect_text(data['effect'])}"
    return f"{effect_text(data['gain'])}; pillage {data['defense']}: {effect_text(data['reward'])}"


def _die(p: dict[str, Any], die: dict[str, str]) -> dict[str, Any]:
    return {"color": die["color"], "face": die["face"], "wild": is_wild(p, die)}


def seat_view(state: State, seat: int) -> dict[str, Any]:
    p = player(state, seat)
    return {
        "seat": seat,
        "food": p["food"],
        "favor": p["favor"],
        "glory": p["glory"],
        "pawns": p["pawns"],
        "dice": [_die(p, d) for d in p["dice"]],
        "leader": card_view(p["leader"]) if p["leader"] else None,
        "specialized": {s: [card_view(c) for c in p["specialized"][s]] for s in SPACES},
        "artifacts": [
            {"card": card_view(a["card"]), "die": None if a["die"] is None else _die(p, a["die"])}
            for a in p["artifacts"]
        ],
        "upgrades": [{"token": dict(UPGRADES[u["token"]]), "ready": u["ready"]} for u in p["upgrades"]],
        "territories": [
            {k: v for k, v in TERRITORIES[t].items() if k != "designed"} for t in p["territories"]
        ],
        "trophies": dict(p["trophies"]),
        "prophecies": len(p["prophecies"]),
        "glory_pile": len(p["pile"]),
    }


def uses_view(state: State, seat: int) -> dict[str, Any]:
    """The part of ``view`` that scores a seat's uses of its Reavers (``bot.pair_pick``): its
    own seat and the round, cheaper than the whole view where legal moves need it."""
    return {"seat": 0, "seats": [seat_view(state, seat)], "round": state["round"], "rounds": ROUNDS}
