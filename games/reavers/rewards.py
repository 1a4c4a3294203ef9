"""What winning gives: a conquered territory and a beaten Sea Battle.

Both are reached by combat and without it (a peaceful conquest, spending a battle's exact
dice), so they live below ``combat``, ``conquer`` and ``sea``.
"""

from __future__ import annotations

from games import core
from games.core import State
from games.reavers.board import lose_dice
from games.reavers.data import BATTLES, TERRITORIES, effect_text
from games.reavers.dice import apply_effect, player


def take_territory(state: State, seat: int, kind: str) -> None:
    tile = state["board"]["territories"][kind].pop()
    player(state, seat)["territories"].append(tile)
    reward = TERRITORIES[tile]["reward"]
    core.log(state, seat, f"conquers a {kind} territory: {effect_text(reward)}")
    lose_dice(state, seat, apply_effect(state, seat, reward))


def win_battle(state: State, seat: int, card: str, slot: int | None) -> None:
    data = BATTLES[card]
    p = player(state, seat)
    p["glory"] += data["glory"]
    p["pile"].append(card)
    if slot is not None:
        state["board"]["sea"][slot] = None
    core.log(state, seat, f"defeats {data['name']}: {data['glory']} Glory, {effect_text(data['reward'])}")
    apply_effect(state, seat, data["reward"])
