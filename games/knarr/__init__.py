"""Knarr: recruit Vikings, explore destinations, trade with silver bracelets.

The rules follow ``docs/rules/knarr.md``; the contract is ``docs/contract.md``.
"""

from __future__ import annotations

from typing import Any

from games.knarr.breakdown import breakdown as breakdown
from games.knarr.cards import CARDS
from games.knarr.rules import apply, legal_actions, to_act
from games.knarr.setup import OPTIONS, setup
from games.knarr.views import label, outcome, private, prompt, view

id = "knarr"
title = "Knarr"
min_players = 2
max_players = 4


def _arg(name: str, description: str) -> dict[str, str]:
    return {"name": name, "description": description}


COMMANDS: list[dict[str, Any]] = [
    {
        "name": "recruit",
        "description": "Recruit a Viking from your hand into your crew",
        "args": [_arg("card", "the Viking card from your hand")],
    },
    {
        "name": "take",
        "description": "Take a face-up Viking into your hand",
        "args": [_arg("card", "the face-up Viking to take")],
    },
    {
        "name": "explore",
        "description": "Explore a destination (then pay its cost)",
        "args": [_arg("destination", "the destination card")],
    },
    {
        "name": "pay",
        "description": "Pay one Viking (or a recruit) towards the exploration cost",
        "args": [_arg("card", "a crew Viking, or 'recruit'")],
    },
    {
        "name": "trade",
        "description": "Spend 1 to 3 bracelets to collect trade assets",
        "args": [_arg("bracelets", "how many bracelets to spend")],
    },
    {"name": "end", "description": "End your turn", "args": []},
    {"name": "pass", "description": "Pass when no action is possible", "args": []},
    {"name": "cancel", "description": "Cancel the exploration being paid", "args": []},
    {
        "name": "discard",
        "description": "Discard a Viking from your crew to refill the deck",
        "args": [_arg("card", "the crew Viking to discard")],
    },
    {
        "name": "mead",
        "description": "Mead Cup: discard a face-up Viking from the board",
        "args": [_arg("card", "the face-up Viking to discard")],
    },
    {
        "name": "reserve",
        "description": "Golden Bracelet: reserve a face-up destination",
        "args": [_arg("destination", "the destination card")],
    },
    {"name": "skip", "description": "Skip an optional artifact reward", "args": []},
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
    """Taking a card after recruiting, or paying an exploration card by card: one action."""
    return state["phase"] in ("take", "pay")
