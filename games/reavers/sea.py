"""Battle at Sea: pick a battle, survive the Journey, then beat the battle by its exact dice or
by combat."""

from __future__ import annotations

from typing import Any

from games import core
from games.core import State
from games.reavers import board, combat
from games.reavers.data import BATTLES, JOURNEYS, effect_text
from games.reavers.dice import apply_effect, combat_choices, draw, find_payment, player, spend
from games.reavers.rewards import win_battle

Frame = dict[str, Any]


def sea_actions(state: State, frame: Frame) -> list[str]:
    actions = [f"take battle {b}" for b in state["board"]["sea"] if b is not None]
    if board.deck_open(state, "sea"):
        actions.append("take battle deck")
    return actions or ["skip"]


def sea_act(state: State, frame: Frame, words: list[str]) -> None:
    seat = frame["seat"]
    board.pop(state, frame)
    if words[0] == "skip":
        return
    slot: int | None = None
    if words[2] == "deck":
        card = draw(state, "sea")
        if card is None:
            return
        core.log(state, seat, f"draws a random Sea Battle: {BATTLES[card]['name']}")
    else:
        card = words[2].upper()
        slot = state["board"]["sea"].index(card)
    core.log(state, seat, f"sails against {BATTLES[card]['name']}")
    board.push(state, {"kind": "battle", "seat": seat, "card": card, "slot": slot})
    journey = draw(state, "journeys")
    if journey is None:
        return
    data = JOURNEYS[journey]
    if data["pay"] is None:
        core.log(state, seat, f"journeys: {data['name']} ({effect_text(data['penalty'])})")
        _suffer(state, seat, journey)
    else:
        core.log(state, seat, f"journeys: {data['name']}")
        board.push(state, {"kind": "journey", "seat": seat, "card": journey})


def _suffer(state: State, seat: int, journey: str) -> None:
    board.discard(state, journey)
    board.lose_dice(state, seat, apply_effect(state, seat, JOURNEYS[journey]["penalty"]))


def can_pay_journey(state: State, seat: int, journey: str) -> bool:
    pay = JOURNEYS[journey]["pay"]
    p = player(state, seat)
    return bool(p["food"] >= pay["food"] and find_payment(p, pay["faces"]) is not None)


def journey_actions(state: State, frame: Frame) -> list[str]:
    return (["journey pay"] if can_pay_journey(state, frame["seat"], frame["card"]) else []) + [
        "journey suffer"
    ]


def pay_journey(p: dict[str, Any], journey: str) -> None:
    pay = JOURNEYS[journey]["pay"]
    p["food"] -= pay["food"]
    spend(p, find_payment(p, pay["faces"]) or [])


def journey_act(state: State, frame: Frame, words: list[str]) -> None:
    seat, journey = frame["seat"], frame["card"]
    board.pop(state, frame)
    data = JOURNEYS[journey]
    if words[1] == "pay":
        pay_journey(player(state, seat), journey)
        board.discard(state, journey)
        core.log(state, seat, f"pays its way through the {data['name']}")
    else:
        core.log(state, seat, f"suffers the {data['name']}: {effect_text(data['penalty'])}")
        _suffer(state, seat, journey)


def battle_actions(state: State, frame: Frame) -> list[str]:
    return battle_options(player(state, frame["seat"]), frame["card"]) + ["stop"]


def battle_options(p: dict[str, Any], card: str) -> list[str]:
    """Beating a Sea Battle by its exact dice, and each attack the player can raise."""
    actions = ["beat"] if find_payment(p, BATTLES[card]["combo"]) is not None else []
    return actions + [f"fight {n}" for n in combat_choices(p)]


def battle_act(state: State, frame: Frame, words: list[str]) -> None:
    seat, card, slot = frame["seat"], frame["card"], frame["slot"]
    board.pop(state, frame)
    data = BATTLES[card]
    if words[0] == "beat":
        p = player(state, seat)
        spend(p, find_payment(p, data["combo"]) or [])
        core.log(state, seat, f"spends the exact dice to beat {data['name']}")
        win_battle(state, seat, card, slot)
    elif words[0] == "fight":
        goal = {"kind": "battle", "card": card, "slot": slot}
        combat.start(state, seat, int(words[1]), goal, data["defense"], data["name"])
    else:
        core.log(state, seat, f"turns away from {data['name']}")
        if slot is None:
            board.discard(state, card)
