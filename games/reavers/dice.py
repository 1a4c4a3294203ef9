"""Crew dice, effects, paying dice faces, choosing combat dice, and drawing from decks.

A crew die on a longship is ``{"color": "red", "face": "double"}``; in actions it is written
``red-double``. The clan face is wild while the leader belongs to that clan.
"""

from __future__ import annotations

from itertools import product
from typing import Any

from games import core
from games.core import State
from games.reavers.data import (
    CARDS,
    COMBAT_DIE,
    DIE_FACES,
    KEEP,
    MAX_DICE,
    REAVERS,
    UPGRADES,
    effect_text,
)

Player = dict[str, Any]


def player(state: State, seat: int) -> Player:
    return state["seats"][seat]


def code(die: dict[str, str]) -> str:
    return f"{die['color']}-{die['face']}"


def parse_code(text: str) -> tuple[str, str] | None:
    color, _, face = text.partition("-")
    if color in DIE_FACES and face in DIE_FACES[color]:
        return color, face
    return None


def leader_clan(p: Player) -> str | None:
    return None if p["leader"] is None else str(REAVERS[p["leader"]]["clan"])


def is_wild(p: Player, die: dict[str, str]) -> bool:
    return die["face"] == "clan" and die["color"] == leader_clan(p)


def roll_face(state: State, color: str) -> str:
    core.mark_reveal(state)
    return str(core.choice(state, DIE_FACES[color]))


def roll_combat(state: State, count: int) -> list[int]:
    core.mark_reveal(state)
    return [int(core.choice(state, COMBAT_DIE)) for _ in range(count)]


def gain_die(state: State, seat: int, color: str, face: str) -> bool:
    """Put a die on the longship; past the limit it goes onto a free artifact that takes its
    face, else back to the supply. True when the player kept it."""
    p = player(state, seat)
    die = {"color": color, "face": face}
    if len(p["dice"]) < MAX_DICE:
        p["dice"].append(die)
        return True
    for slot in p["artifacts"]:
        if slot["die"] is None and artifact_takes(slot["card"], face):
            slot["die"] = die
            return True
    core.log(state, seat, f"has no room for a {color} die")
    return False


def artifact_takes(card_id: str, face: str) -> bool:
    store = CARDS[card_id]["store"]
    return store is None or store == face


def remove_dice(p: Player, indices: list[int]) -> None:
    for index in sorted(indices, reverse=True):
        p["dice"].pop(index)


def find_die(p: Player, die_code: str) -> int | None:
    for index, die in enumerate(p["dice"]):
        if code(die) == die_code:
            return index
    return None


# --- effects -----------------------------------------------------------------------------


def apply_effect(state: State, seat: int, effect: dict[str, Any]) -> int:
    """Apply an effect that needs no decision; returns the dice the player must discard."""
    p = player(state, seat)
    for key in ("food", "favor", "glory"):
        p[key] = max(0, p[key] + effect.get(key, 0))
    for kind in ("troll", "kraken", "wall"):
        p["trophies"][kind] += effect.get(kind, 0)
    for color in effect.get("dice", []):
        gain_die(state, seat, color, roll_face(state, color))
    for _ in range(effect.get("keep", 0)):
        card_id = draw(state, "keeps")
        if card_id is None:
            continue
        data = KEEP[card_id]
        if data["kind"] == "treasure":
            p["pile"].append(card_id)
            core.log(state, seat, "draws a random Keep Spoils card (a face-down treasure)")
        else:  # a wall or tower drawn by an effect gives what it gives at once, no pillage
            core.log(
                state, seat, f"draws a random Keep Spoils card ({data['name']}: {effect_text(data['gain'])})"
            )
            apply_effect(state, seat, data["gain"])
            state["discards"]["keeps"].append(card_id)
    return min(int(effect.get("lose_dice", 0)), len(p["dice"]))


# --- decks -------------------------------------------------------------------------------


def draw(state: State, deck: str) -> str | None:
    """The top card of a deck (its discards shuffled back in when it runs out), or None."""
    pile = state["decks"][deck]
    if not pile and state["discards"][deck]:
        pile.extend(state["discards"][deck])
        state["discards"][deck] = []
        core.shuffle(state, pile)
    if not pile:
        return None
    return str(core.draw(state, pile))


# --- paying faces ------------------------------------------------------------------------


def _sources(p: Player) -> list[tuple[str, int, list[str]]]:
    """What can stand for a face, in the order it is spent: ready Ship Upgrades (they come back
    each round), real faces, then wild clan dice (they can stand for anything later)."""
    tokens = [("token", i, token_faces(u["token"])) for i, u in enumerate(p["upgrades"]) if u["ready"]]
    real = [("die", i, [d["face"]]) for i, d in enumerate(p["dice"]) if not is_wild(p, d)]
    wild = [
        ("die", i, ["hammer", "double", "shield", "chest"]) for i, d in enumerate(p["dice"]) if is_wild(p, d)
    ]
    return tokens + real + wild


def token_faces(token: str) -> list[str]:
    return list(UPGRADES[token]["faces"])


def find_payment(p: Player, faces: list[str]) -> list[tuple[str, int]] | None:
    """Sources paying every face in ``faces`` (each used once), or None if impossible."""
    sources = _sources(p)
    used: list[int] = []

    def search(k: int) -> bool:
        if k == len(faces):
            return True
        for n, (_, _, can) in enumerate(sources):
            if n not in used and faces[k] in can:
                used.append(n)
                if search(k + 1):
                    return True
                used.pop()
        return False

    if not search(0):
        return None
    return [(sources[n][0], sources[n][1]) for n in used]


def spend(p: Player, payment: list[tuple[str, int]]) -> None:
    for kind, index in payment:
        if kind == "token":
            p["upgrades"][index]["ready"] = False
    remove_dice(p, [index for kind, index in payment if kind == "die"])


# --- combat dice -------------------------------------------------------------------------


def combat_choices(p: Player) -> dict[int, list[tuple[str, int]]]:
    """For each number of combat dice the player can raise, the cheapest sources to spend:
    Ship Upgrades first, then as few crew dice as possible, keeping wild dice longest."""
    tokens1 = [i for i, u in enumerate(p["upgrades"]) if u["ready"] and "hammer" in token_faces(u["token"])]
    tokens2 = [
        i
        for i, u in enumerate(p["upgrades"])
        if u["ready"] and "double" in token_faces(u["token"]) and i not in tokens1
    ]
    hammers = [i for i, d in enumerate(p["dice"]) if d["face"] == "hammer"]
    doubles = [i for i, d in enumerate(p["dice"]) if d["face"] == "double"]
    wilds = [i for i, d in enumerate(p["dice"]) if is_wild(p, d)]
    best: dict[int, tuple[float, list[tuple[str, int]]]] = {}
    ranges = [range(len(group) + 1) for group in (tokens1, tokens2, hammers, doubles, wilds)]
    for a, b, h, d, w in product(*ranges):
        total = a + 2 * b + h + 2 * d + 2 * w
        if total == 0:
            continue
        cost = h + d * 1.05 + w * 1.5 + (a + b) * 0.01
        if total not in best or cost < best[total][0]:
            spent = [("token", i) for i in tokens1[:a] + tokens2[:b]]
            spent += [("die", i) for i in hammers[:h] + doubles[:d] + wilds[:w]]
            best[total] = (cost, spent)
    return {total: spent for total, (_, spent) in sorted(best.items())}
