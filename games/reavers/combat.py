"""Combat: crew dice with hammers become combat dice; Favor buys re-rolls, one decision each.

``state["combat"]`` holds the combat being fought (and, once over, the last one fought, for
the picture). Its ``goal`` says what winning gives: a pillaged card, a territory, a Sea Battle.
"""

from __future__ import annotations

from typing import Any

from games import core
from games.core import State
from games.reavers import board
from games.reavers.data import CARDS, amount, effect_text
from games.reavers.dice import apply_effect, combat_choices, player, roll_combat, spend
from games.reavers.rewards import take_territory, win_battle

Frame = dict[str, Any]


def start(state: State, seat: int, count: int, goal: dict[str, Any], defense: int, name: str) -> None:
    p = player(state, seat)
    spend(p, combat_choices(p)[count])
    state["combat"] = {
        "seat": seat,
        "target": name,
        "defense": defense,
        "dice": roll_combat(state, count),
        "rerolls": 0,
        "result": None,
        "goal": goal,
    }
    core.log(
        state, seat, f"attacks {name} (defense {defense}) with {amount(count, 'combat die', 'combat dice')}"
    )
    _check(state)


def hits(state: State) -> int:
    return sum(state["combat"]["dice"])


def _check(state: State) -> None:
    fight = state["combat"]
    seat = fight["seat"]
    core.log(state, seat, f"rolls {' '.join(map(str, fight['dice']))}: {amount(hits(state), 'hit', 'hits')}")
    if hits(state) >= fight["defense"]:
        _finish(state, won=True)
    elif player(state, seat)["favor"] > 0:
        board.push(state, {"kind": "roll", "seat": seat})
    else:
        _finish(state, won=False)


def roll_actions(state: State, frame: Frame) -> list[str]:
    """Favor re-rolls "some or all" of the combat dice: the blanks, the blanks and some or all
    of the 1s (``reroll N``: the N lowest dice), or every die. Other subsets are left out: a
    blank can only improve, and a 2 cannot."""
    dice = state["combat"]["dice"]
    blanks, ones = dice.count(0), dice.count(1)
    actions = ["reroll blanks"] if blanks else []
    actions += [f"reroll {n}" for n in range(blanks + 1, blanks + ones)]
    if ones:
        actions.append("reroll low")
    return actions + ["reroll all", "stop"]


def roll_act(state: State, frame: Frame, words: list[str]) -> None:
    board.pop(state, frame)
    if words[0] == "stop":
        _finish(state, won=False)
        return
    fight = state["combat"]
    if words[1].isdigit():
        chosen = sorted(range(len(fight["dice"])), key=lambda i: fight["dice"][i])[: int(words[1])]
    else:
        limit = {"blanks": 1, "low": 2, "all": 3}[words[1]]
        chosen = [i for i, value in enumerate(fight["dice"]) if value < limit]
    fresh = roll_combat(state, len(chosen))
    for index, value in zip(chosen, fresh, strict=True):
        fight["dice"][index] = value
    player(state, fight["seat"])["favor"] -= 1
    fight["rerolls"] += 1
    core.log(
        state, fight["seat"], f"spends 1 Favor to re-roll {amount(len(chosen), 'combat die', 'combat dice')}"
    )
    _check(state)


def _finish(state: State, won: bool) -> None:
    fight = state["combat"]
    fight["result"] = "won" if won else "lost"
    seat, goal = fight["seat"], fight["goal"]
    core.log(state, seat, f"{'wins' if won else 'loses'} against {fight['target']}")
    if goal["kind"] == "pillage":
        card = CARDS[goal["card"]]
        if won:
            apply_effect(state, seat, card["reward"])
            core.log(state, seat, f"pillages the {card['name']}: {effect_text(card['reward'])}")
        board.discard(state, goal["card"])
    elif goal["kind"] == "conquer":
        if won:
            take_territory(state, seat, goal["stack"])
    elif won:
        win_battle(state, seat, goal["card"], goal["slot"])
    elif goal["slot"] is None:
        board.discard(state, goal["card"])
