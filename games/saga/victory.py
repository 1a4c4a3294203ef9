"""The victory conditions, checked at the end of every round, and the words for them: why a
side won (the final reason and log line), and where each side stands (the breakdown).

A side wins when one of its conditions is met; when both sides meet one, the Anglo-Saxons
win. There are no points: the winning side's seat scores 1, the other 0.
"""

from __future__ import annotations

from games.core import State
from games.saga import board
from games.saga.data import VICTORY

AREAS = VICTORY["viking_areas"]
COINS = VICTORY["viking_coins"]


def met(state: State) -> list[tuple[str, str]]:
    """Every condition met now, as (side, condition), the Anglo-Saxons' first."""
    track = state["track"]
    found = []
    if track["round"] <= track["stronghold"]:
        found.append(("anglo", "round"))
    if board.in_england(state, "viking") == 0:
        found.append(("anglo", "no_vikings"))
    if len(board.controlled(state, "viking")) >= AREAS:
        found.append(("viking", "areas"))
    if state["coins"]["viking"] >= COINS:
        found.append(("viking", "coins"))
    if board.in_england(state, "anglo") == 0:
        found.append(("viking", "no_saxons"))
    return found


def winner(state: State) -> tuple[str, str] | None:
    """The side that would win if the round ended now, and the condition it meets."""
    found = met(state)
    return found[0] if found else None


def because(state: State, condition: str) -> str:
    """What happened, in plain words: one sentence, which names the winning side (the
    final line names the winner)."""
    if condition == "round":
        space = state["track"]["stronghold"]
        return f"The Round marker reached the Stronghold marker (space {space}): the Anglo-Saxons held out."
    if condition == "no_vikings":
        return "England has no Viking unit left: the Anglo-Saxons drove them all out."
    if condition == "areas":
        held = board.controlled(state, "viking")
        return (
            f"The Vikings control {len(held)} areas of England ({AREAS} areas win): {board.names_text(held)}."
        )
    if condition == "coins":
        return f"The Vikings hold {state['coins']['viking']} coins ({COINS} coins win)."
    return "England has no Anglo-Saxon unit left: the Vikings hold it all."


def reason(state: State, side: str, condition: str) -> str:
    """The final reason: why the side won, and the tie rule when both sides qualified."""
    text = because(state, condition)
    if any(s != side for s, _ in met(state)):  # only the Anglo-Saxons can win this way
        text += " The Vikings met a condition too; when both sides do, the Anglo-Saxons win."
    return text


def logged(state: State, condition: str) -> str:
    """The log line after the winner's name: "wins: the Vikings hold 9 coins (8 coins win)"."""
    text = because(state, condition).rstrip(".")
    return "wins: " + ("the " + text[4:] if text.startswith("The ") else text)


_PARTS = {
    "round": "Round marker met the Stronghold",
    "no_vikings": "No Vikings left in England",
    "coins": "Vikings hold {coins} coins",
    "areas": "Vikings control {areas} areas",
    "no_saxons": "No Anglo-Saxons in England",
}


def part(state: State, condition: str) -> str:
    """A condition as a short row of the final score table."""
    areas = len(board.controlled(state, "viking"))
    return _PARTS[condition].format(coins=state["coins"]["viking"], areas=areas)


def progress(state: State, side: str) -> str:
    """Where ``side`` stands towards its conditions, for a row of the score now."""
    if side == "viking":
        areas = len(board.controlled(state, "viking"))
        return f"Vikings: {areas} of {AREAS} areas, {state['coins']['viking']} of {COINS} coins"
    track = state["track"]
    last = state["round"] + max(0, track["round"] - track["stronghold"])
    return f"Anglo-Saxons: hold out through round {last}"
