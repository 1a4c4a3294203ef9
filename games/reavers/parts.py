"""Each player's part at a location: joining or preparing, Recruit Reavers and Reaver uses.

Every decision kind has ``actions(state, frame)`` (the legal action strings) and
``act(state, frame, words)`` (apply one of them); ``rules`` dispatches on ``frame["kind"]``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from games import core
from games.core import State
from games.reavers import conquer, flow, raids
from games.reavers.data import (
    COLORS,
    FACES,
    LEADER_BONUS,
    LOCATIONS,
    MAX_DICE,
    MAX_SPECIALIZED,
    REAVERS,
    SPACES,
    amount,
    die_text,
    location_name,
)
from games.reavers.dice import (
    apply_effect,
    draw,
    find_payment,
    gain_die,
    parse_code,
    player,
    roll_face,
    spend,
)

Frame = dict[str, Any]


def _pop(state: State, frame: Frame) -> None:
    flow.pop(state, frame)


def _push(state: State, frame: Frame) -> None:
    state["stack"].append(frame)


def _lose_dice(state: State, seat: int, count: int) -> None:
    if count > 0:
        _push(state, {"kind": "discard", "seat": seat, "count": count, "then": None})


# --- starting Reavers ----------------------------------------------------------------------


def start_reavers(state: State, seat: int, count: int) -> None:
    cards = [c for c in (draw(state, "reavers") for _ in range(count)) if c is not None]
    _recruited(state, seat, cards, "draws the starting Reavers")


def _recruited(state: State, seat: int, cards: list[str], how: str) -> None:
    """The cards' top-left dice are rolled onto the longship; the cards and the dice are
    public (a Reaver is face up until it is rallied)."""
    rolled = []
    for card in cards:
        for color in REAVERS[card]["roll"]:
            face = roll_face(state, color)
            gain_die(state, seat, color, face)
            rolled.append(die_text(color, face))
    if cards:
        names = " and ".join(REAVERS[c]["name"] for c in cards)
        dice = amount(len(rolled), "die", "dice")
        core.log(state, seat, f"{how} {names} and rolls {dice}: {', '.join(rolled)}")
        _push(state, {"kind": "use", "seat": seat, "cards": cards})


# --- joining or preparing --------------------------------------------------------------


def can_join(state: State, seat: int, loc: str) -> bool:
    p = player(state, seat)
    cost = LOCATIONS[loc]["cost"]
    return p["food"] >= cost["food"] and find_payment(p, cost["faces"]) is not None


def join_actions(state: State, frame: Frame) -> list[str]:
    seat = frame["seat"]
    actions = ["join"] if can_join(state, seat, frame["location"]) else []
    actions.append("prepare food")
    if len(player(state, seat)["dice"]) < MAX_DICE:
        actions += [f"prepare {color}-{face}" for color in COLORS for face in FACES]
    return actions


def join_act(state: State, frame: Frame, words: list[str]) -> None:
    seat, loc = frame["seat"], frame["location"]
    p = player(state, seat)
    answers = flow.location_frame(state)["answers"]  # type: ignore[index]
    _pop(state, frame)
    if words[0] == "prepare":
        if words[1] == "food":
            p["food"] += 2
            answers[str(seat)] = "prepared food"
            core.log(state, seat, "prepares: takes 2 Food")
        else:
            color, face = parse_code(words[1])  # type: ignore[misc]
            gain_die(state, seat, color, face)
            answers[str(seat)] = f"prepared {die_text(color, face)}"
            core.log(state, seat, f"prepares: takes a {die_text(color, face)} die")
        return
    cost = LOCATIONS[loc]["cost"]
    p["food"] -= cost["food"]
    spend(p, find_payment(p, cost["faces"]) or [])
    answers[str(seat)] = "joined"
    active = flow.location_frame(state)["active"]  # type: ignore[index]
    extra = flow.bonus(state, loc, seat, active)
    core.log(state, seat, f"takes part in {location_name(loc)}")
    for key in ("favor", "glory"):
        if extra.get(key):
            p[key] += extra[key]
            core.log(state, seat, f"gains {extra[key]} {key.capitalize()} as a bonus")
    if loc == "recruit":
        _push(state, {"kind": "recruit", "seat": seat})
    elif loc in ("trade", "conquer"):
        _push(state, {"kind": loc, "seat": seat, "left": extra["actions"]})
    elif loc in ("villages", "keeps"):
        _push(state, {"kind": "raid", "seat": seat, "deck": loc, "extra": extra.get("cards", 0)})
    else:
        _push(state, {"kind": "sea", "seat": seat})


# --- Recruit Reavers ---------------------------------------------------------------------


def _deck_open(state: State, deck: str) -> bool:
    return bool(state["decks"][deck] or state["discards"][deck])


def recruit_actions(state: State, frame: Frame) -> list[str]:
    actions = [f"take slot {i + 1}" for i, cards in enumerate(state["board"]["recruit"]) if cards]
    if _deck_open(state, "reavers"):
        actions.append("take slot deck")
    return actions or ["skip"]  # every Reaver is on a longship or in a Glory pile


def recruit_act(state: State, frame: Frame, words: list[str]) -> None:
    _pop(state, frame)
    if words[0] == "skip":
        core.log(state, frame["seat"], "finds no Reaver to recruit")
        return
    if words[2] == "deck":
        cards = [c for c in [draw(state, "reavers")] if c is not None]
        how = "recruits a random Reaver from the deck,"
    else:
        slot = int(words[2]) - 1
        cards = state["board"]["recruit"][slot]
        state["board"]["recruit"][slot] = []
        how = "recruits"
    _recruited(state, frame["seat"], cards, how)


def use_actions(state: State, frame: Frame) -> list[str]:
    p = player(state, frame["seat"])
    actions = ["use rally", "use lead"]
    actions += [f"use specialize {s}" for s in SPACES if len(p["specialized"][s]) < MAX_SPECIALIZED]
    return actions


def use_act(state: State, frame: Frame, words: list[str]) -> None:
    seat = frame["seat"]
    p = player(state, seat)
    card = frame["cards"].pop(0)
    if not frame["cards"]:
        _pop(state, frame)
    name = REAVERS[card]["name"]
    if words[1] == "rally":
        p["pile"].append(card)
        core.log(state, seat, f"rallies {name}")
        _push(state, {"kind": "face", "seat": seat, "colors": list(REAVERS[card]["rally"])})
    elif words[1] == "lead":
        if p["leader"] is not None:
            p["pile"].append(p["leader"])
        p["leader"] = card
        clan = REAVERS[card]["clan"]
        core.log(state, seat, f"makes {name} the leader ({clan} clan)")
        lead = LEADER_BONUS[clan]
        apply_effect(state, seat, lead)
        for _ in range(lead.get("spoils", 0)):  # a Spoils card of a deck the player chooses, each
            _push(state, {"kind": "spoils", "seat": seat})
    else:
        p["specialized"][words[2]].append(card)
        core.log(state, seat, f"specializes {name} at {location_name(words[2])}")


def face_actions(state: State, frame: Frame) -> list[str]:
    return [f"face {face}" for face in FACES]


def face_act(state: State, frame: Frame, words: list[str]) -> None:
    color = frame["colors"].pop(0)
    if not frame["colors"]:
        _pop(state, frame)
    gain_die(state, frame["seat"], color, words[1])
    core.log(state, frame["seat"], f"rallies a {die_text(color, words[1])} die")


def spoils_actions(state: State, frame: Frame) -> list[str]:
    return [f"take spoils {deck}" for deck in ("villages", "keeps") if _deck_open(state, deck)] or ["skip"]


def spoils_act(state: State, frame: Frame, words: list[str]) -> None:
    _pop(state, frame)
    if words[0] == "take":
        card = draw(state, words[2])
        if card is not None:
            core.log(state, frame["seat"], f"draws {raids.drawn_text([card], words[2], 'for the leader')}")
            _push(state, {"kind": "collect", "seat": frame["seat"], "cards": [card]})


# --- registry -----------------------------------------------------------------------------

Actions = Callable[[State, Frame], list[str]]
Act = Callable[[State, Frame, list[str]], None]

HANDLERS: dict[str, tuple[Actions, Act]] = {
    "join": (join_actions, join_act),
    "recruit": (recruit_actions, recruit_act),
    "use": (use_actions, use_act),
    "face": (face_actions, face_act),
    "spoils": (spoils_actions, spoils_act),
    "trade": (raids.trade_actions, raids.trade_act),
    "raid": (raids.raid_actions, raids.raid_act),
    "card": (raids.card_actions, raids.card_act),
    "conquer": (conquer.conquer_actions, conquer.conquer_act),
    "commit": (conquer.commit_actions, conquer.commit_act),
    "discard": (conquer.discard_actions, conquer.discard_act),
}
