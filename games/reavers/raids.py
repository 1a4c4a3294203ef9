"""Trade with Villages, Raid Villages and Raid Keeps, and collecting Spoils cards."""

from __future__ import annotations

from typing import Any

from games import core
from games.core import State
from games.reavers import board, combat
from games.reavers.data import (
    ARTIFACT_SPACES,
    CARDS,
    KEEP,
    UPGRADE_MISSING_GLORY,
    UPGRADE_SPACES,
    UPGRADES,
    amount,
    die_text,
    effect_text,
)
from games.reavers.dice import (
    apply_effect,
    code,
    combat_choices,
    draw,
    gain_die,
    parse_code,
    player,
)

Frame = dict[str, Any]


# --- Trade with Villages ------------------------------------------------------------------


def trade_actions(state: State, frame: Frame) -> list[str]:
    pool = sorted({code(d) for d in state["board"]["trade_dice"]})
    codes = [code(d) for d in state["board"]["trade_dice"]]
    actions = []
    if len(codes) == 1:
        actions.append(f"trade {codes[0]}")
    for i, a in enumerate(pool):
        for b in pool[i:]:
            if a != b or codes.count(a) >= 2:
                actions.append(f"trade {a} {b}")
    actions.append("take food")
    actions += [f"take prophecy {p}" for p in state["board"]["prophecies"] if p is not None]
    if board.deck_open(state, "prophecies"):
        actions.append("take prophecy deck")
    return actions


def trade_act(state: State, frame: Frame, words: list[str]) -> None:
    seat = frame["seat"]
    p = player(state, seat)
    frame["left"] -= 1
    if frame["left"] == 0:
        board.pop(state, frame)
    if words[0] == "trade":
        pool = state["board"]["trade_dice"]
        for text in words[1:]:
            die = next(d for d in pool if code(d) == text)
            pool.remove(die)
            gain_die(state, seat, die["color"], die["face"])
        dice = " and ".join(f"a {die_text(*parse_code(w))} die" for w in words[1:])  # type: ignore[misc]
        core.log(state, seat, f"takes {dice} from the pool")
    elif words[1] == "food":
        p["food"] += 3
        core.log(state, seat, "takes 3 Food")
    elif words[2] == "deck":
        card = draw(state, "prophecies")
        if card is not None:
            p["prophecies"].append(card)
        core.log(state, seat, "takes a Prophecy from the deck")
    else:
        shown = state["board"]["prophecies"]
        shown[shown.index(words[2].upper())] = None
        p["prophecies"].append(words[2].upper())
        core.log(state, seat, f"takes the Prophecy {CARDS[words[2].upper()]['name']}")


# --- Raid Villages and Raid Keeps ---------------------------------------------------------


def raid_actions(state: State, frame: Frame) -> list[str]:
    pairs = state["board"][frame["deck"]]
    actions = [f"take pair {i + 1}" for i, pair in enumerate(pairs) if pair]
    if board.deck_open(state, frame["deck"]):
        actions.append("take pair deck")
    return actions or ["skip"]


def raid_act(state: State, frame: Frame, words: list[str]) -> None:
    seat, deck = frame["seat"], frame["deck"]
    board.pop(state, frame)
    cards: list[str] = []
    if words[0] == "take" and words[2] == "deck":
        cards = [c for c in (draw(state, deck) for _ in range(2)) if c is not None]
        core.log(state, seat, f"takes {drawn_text(cards, deck, 'from the deck')}")
    elif words[0] == "take":
        slot = int(words[2]) - 1
        cards = state["board"][deck][slot]
        state["board"][deck][slot] = None
        core.log(state, seat, "takes the pair " + " and ".join(CARDS[c]["name"] for c in cards))
    extra = [c for c in (draw(state, deck) for _ in range(frame["extra"])) if c is not None]
    if extra:
        core.log(state, seat, f"draws {drawn_text(extra, deck, 'as a bonus')}")
    board.push(state, {"kind": "collect", "seat": seat, "cards": cards + extra})


def drawn_text(cards: list[str], deck: str, where: str) -> str:
    """Random Spoils cards in words, e.g. ``2 random Village Spoils cards from the deck (Farm
    and Rune Stone)``. A Keep treasure goes face down to the Glory pile: never named."""
    kind = "Village" if deck == "villages" else "Keep"
    names = [
        "a face-down treasure" if CARDS[c]["kind"] == "treasure" else str(CARDS[c]["name"]) for c in cards
    ]
    what = amount(len(cards), f"random {kind} Spoils card", f"random {kind} Spoils cards")
    return f"{what} {where} ({' and '.join(names)})" if names else f"{what} {where}"


def collect(state: State, seat: int, card: str) -> None:
    """A Spoils card comes in: its immediate gain, then what it asks (pillage or a space)."""
    p = player(state, seat)
    data = CARDS[card]
    kind = data["kind"]
    if card in KEEP and kind == "treasure":
        p["pile"].append(card)
        return
    if kind in ("farm", "wall", "tower"):
        apply_effect(state, seat, data["gain"])
        core.log(state, seat, f"collects a {data['name']}: {effect_text(data['gain'])}")
        if combat_choices(p):
            board.push(state, {"kind": "card", "seat": seat, "card": card})
        else:
            board.discard(state, card)
        return
    if kind == "upgrade":
        token = data["token"]
        board.discard(state, card)
        if token not in state["board"]["upgrades"]:
            p["glory"] += UPGRADE_MISSING_GLORY
            core.log(
                state, seat, f"finds {UPGRADES[token]['name']} gone and gains {UPGRADE_MISSING_GLORY} Glory"
            )
        elif len(p["upgrades"]) < UPGRADE_SPACES:
            _take_token(state, seat, token)
        else:
            board.push(state, {"kind": "card", "seat": seat, "card": card})
        return
    if len(p["artifacts"]) < ARTIFACT_SPACES:
        p["artifacts"].append({"card": card, "die": None})
        core.log(state, seat, f"mounts the artifact {data['name']}")
    else:
        board.push(state, {"kind": "card", "seat": seat, "card": card})


def _take_token(state: State, seat: int, token: str) -> None:
    state["board"]["upgrades"].remove(token)
    player(state, seat)["upgrades"].append({"token": token, "ready": True})
    core.log(state, seat, f"fits the Ship Upgrade {UPGRADES[token]['name']}")


def card_actions(state: State, frame: Frame) -> list[str]:
    p = player(state, frame["seat"])
    kind = CARDS[frame["card"]]["kind"]
    if kind == "upgrade":
        return [f"replace {u['token']}" for u in p["upgrades"]] + ["skip"]
    if kind == "artifact":
        return [f"replace {a['card']}" for a in p["artifacts"]] + ["skip"]
    return [f"fight {n}" for n in combat_choices(p)] + ["skip"]


def card_act(state: State, frame: Frame, words: list[str]) -> None:
    seat, card = frame["seat"], frame["card"]
    p = player(state, seat)
    data = CARDS[card]
    board.pop(state, frame)
    if words[0] == "fight":
        goal = {"kind": "pillage", "card": card}
        combat.start(state, seat, int(words[1]), goal, data["defense"], data["name"])
    elif data["kind"] == "upgrade":
        if words[0] == "replace":
            old = words[1].upper()
            p["upgrades"] = [u for u in p["upgrades"] if u["token"] != old]
            state["board"]["upgrades"].append(old)
            _take_token(state, seat, data["token"])
    elif data["kind"] == "artifact":
        if words[0] == "replace":
            old = words[1].upper()
            p["artifacts"] = [a for a in p["artifacts"] if a["card"] != old]
            p["pile"].append(old)
            p["artifacts"].append({"card": card, "die": None})
            core.log(state, seat, f"mounts the artifact {data['name']} in place of {CARDS[old]['name']}")
        else:
            p["pile"].append(card)
            core.log(state, seat, f"puts the artifact {data['name']} in the Glory pile")
    else:
        board.discard(state, card)
        core.log(state, seat, f"leaves the {data['name']} alone")
