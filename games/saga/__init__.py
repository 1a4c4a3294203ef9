"""Saga: Vikings vs Anglo-Saxons, a two-player area-control game of raids on England.

The rules follow ``docs/rules/saga.md``; the contract is ``docs/contract.md``.
"""

from __future__ import annotations

from typing import Any

from games.saga.breakdown import breakdown as breakdown
from games.saga.cards import CARDS
from games.saga.rules import apply, legal_actions, to_act
from games.saga.setup import OPTIONS, setup
from games.saga.views import label, outcome, private, prompt, view

id = "saga"
title = "Saga: Vikings vs Anglo-Saxons"
min_players = 2
max_players = 2


def _arg(name: str, description: str) -> dict[str, str]:
    return {"name": name, "description": description}


def _cmd(name: str, description: str, *args: tuple[str, str]) -> dict[str, Any]:
    return {"name": name, "description": description, "args": [_arg(a, d) for a, d in args]}


COMMANDS: list[dict[str, Any]] = [
    _cmd("take", "Take an action tile in the draft", ("tile", "the tile number")),
    _cmd("tile", "Choose which of your tiles to resolve now", ("tile", "the tile number")),
    _cmd("bonus", "Use the tile's bonus action (before its actions)", ("what", "coin, move, or an area")),
    _cmd(
        "move",
        "Move one unit to an adjacent area",
        ("unit", "an area (a warrior) or a leader tag"),
        ("to", "the area"),
    ),
    _cmd("sail", "Vikings: draw a (new) destination for a Scandinavian area", ("area", "Scandinavian area")),
    _cmd("build", "Anglo-Saxons: build a Stronghold (1 coin)", ("area", "an area you control")),
    _cmd(
        "fyrd", "Anglo-Saxons: pay 1 coin to remove a Viking warrior", ("area", "an area with a Stronghold")
    ),
    _cmd(
        "income",
        "Anglo-Saxons: income of one Stronghold",
        ("area", "the Stronghold's area"),
        ("what", "coin, warrior or a leader tag"),
    ),
    _cmd("tribute", "Anglo-Saxons: pay 1 coin, all Vikings there go to the Drakkar", ("area", "the area")),
    _cmd(
        "recruit", "Recruit one unit from your supply", ("area", "where"), ("unit", "warrior or a leader tag")
    ),
    _cmd(
        "scout",
        "Vikings: place a destination face down",
        ("destination", "the English area"),
        ("space", "Scandinavian area"),
    ),
    _cmd(
        "done",
        "End the action in progress",
    ),
    _cmd("finish", "Finish the tile being resolved"),
    _cmd("fight", "Vikings: choose the next combat", ("area", "the area")),
    _cmd("reveal", "Reveal one of your leaders in this combat", ("leader", "the leader tag")),
    _cmd("pass", "Reveal no more leaders in this combat"),
    {
        "name": "ability",
        "description": "Use a revealed leader's ability (bring, drakkar, slay) or skip it",
        "verbs": ["bring", "drakkar", "slay", "skip"],
        "args": [
            _arg("unit", "bring: the area; drakkar and slay: warrior or a leader tag"),
            _arg("which", "bring: warrior or a leader tag"),
        ],
    },
    _cmd("lose", "Remove one of your units as a casualty", ("unit", "warrior or a leader tag")),
    _cmd("retreat", "Retreat your units", ("to", "the area, or drakkar")),
    _cmd(
        "return",
        "Bring a unit home from the Drakkar",
        ("unit", "warrior or a leader tag"),
        ("to", "Scandinavian area"),
    ),
]

__all__ = [
    "CARDS",
    "COMMANDS",
    "OPTIONS",
    "apply",
    "label",
    "legal_actions",
    "max_players",
    "midway",
    "min_players",
    "outcome",
    "private",
    "prompt",
    "setup",
    "title",
    "to_act",
    "view",
]


def midway(state: dict[str, Any]) -> bool:
    """A tile's action under way (units moving, a bonus): steps of one action."""
    resolving = state.get("resolving")
    return state["phase"] == "actions" and bool(resolving and resolving.get("action"))
