"""Reavers of Midgard: recruit Reavers, raid villages and keeps, conquer and battle at sea.

The rules follow ``docs/rules/reavers.md``; the contract is ``docs/contract.md``.
"""

from __future__ import annotations

from typing import Any

from games.reavers.breakdown import breakdown as breakdown
from games.reavers.cards import CARDS
from games.reavers.rules import apply, legal_actions, midway, to_act
from games.reavers.setup import OPTIONS, setup
from games.reavers.views import label, outcome, private, prompt, view

id = "reavers"
title = "Reavers of Midgard"
min_players = 2
max_players = 5


def _arg(name: str, description: str) -> dict[str, str]:
    return {"name": name, "description": description}


def _command(name: str, description: str, *args: dict[str, str]) -> dict[str, Any]:
    return {"name": name, "description": description, "args": list(args)}


_DIE = _arg("die", "a die as colour-face, e.g. red-double")

COMMANDS: list[dict[str, Any]] = [
    _command(
        "place",
        "Place a longship on a location",
        _arg("location", "recruit, trade, villages, keeps, conquer or sea"),
    ),
    _command("store", "Store a die on an artifact", _arg("artifact", "the artifact, e.g. V31"), _DIE),
    _command("join", "Take part in the chosen location (pay its cost)"),
    _command(
        "prepare",
        "Prepare instead: 2 Food or a die on a face of your choice",
        _arg("what", "food or a die, e.g. blue-shield"),
    ),
    _command(
        "take",
        "Take a recruit slot, a Spoils pair, a Sea Battle, a Prophecy, Food or Spoils",
        _arg("kind", "slot, pair, battle, prophecy, food or spoils"),
        _arg("which", "a number, a card id, deck, villages or keeps"),
    ),
    _command(
        "use",
        "Use a recruited Reaver",
        _arg("how", "rally, lead or specialize"),
        _arg("space", "villages, keeps, conquer or sea"),
    ),
    _command(
        "face", "Choose the face of a rallied die", _arg("face", "hammer, double, shield, chest or clan")
    ),
    _command("trade", "Take dice from the Trade with Villages pool", _DIE, _arg("second", "the second die")),
    _command("fight", "Fight with a number of combat dice", _arg("dice", "how many combat dice")),
    _command(
        "reroll",
        "Spend 1 Favor to re-roll combat dice",
        _arg("which", "blanks, low, all, or a number: that many of the lowest dice"),
    ),
    _command(
        "conquer", "Conquer a territory", _arg("stack", "food, dice or favor"), _arg("how", "force or peace")
    ),
    _command("give", "Give up one of your dice", _DIE),
    _command("journey", "Pay for the Journey or suffer it", _arg("choice", "pay or suffer")),
    _command("beat", "Beat the Sea Battle by spending its exact dice"),
    _command(
        "replace", "Replace an artifact or Ship Upgrade with the new one", _arg("item", "the one to give up")
    ),
    _command("skip", "Decline the offer (no pillage, no new card)"),
    _command("stop", "Stop: accept the combat result, or end your conquering"),
]

__all__ = [
    "CARDS",
    "COMMANDS",
    "OPTIONS",
    "apply",
    "label",
    "legal_actions",
    "max_players",
    "min_players",
    "midway",
    "outcome",
    "private",
    "prompt",
    "setup",
    "title",
    "to_act",
    "view",
]
