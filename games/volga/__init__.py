"""Vikings on the Volga: trade goods along the rivers while the Horde burns the cities.

The rules follow ``docs/rules/volga.md``; the contract is ``docs/contract.md``.
"""

from __future__ import annotations

from typing import Any

from games.volga.breakdown import breakdown, score_now
from games.volga.cards import CARDS
from games.volga.labels import label
from games.volga.phases import apply, legal_actions, midway, prompt, to_act
from games.volga.setup import OPTIONS, setup
from games.volga.views import outcome, private, view

id = "volga"
title = "Vikings on the Volga"
min_players = 2
max_players = 5


def _arg(name: str, description: str) -> dict[str, str]:
    return {"name": name, "description": description}


def _command(name: str, description: str, *args: dict[str, str]) -> dict[str, Any]:
    return {"name": name, "description": description, "args": list(args)}


_TILE = _arg("tile", "a city or tile as the board prints it, e.g. Kiev or T17")

COMMANDS: list[dict[str, Any]] = [
    _command("move", "Move your ship (3 by river or 1 overland)", _TILE),
    _command(
        "buy", "Buy a good at its source city, or this city's pass", _arg("what", "amber, fish, furs or pass")
    ),
    _command(
        "sell",
        "Sell a good on a face-up contract of this city",
        _arg("contract", "the contract as printed, e.g. fish to Kiev (or its id, C08)"),
    ),
    _command("throw", "Throw one good overboard", _arg("good", "amber, fish or furs")),
    _command("upgrade", "Upgrade to a large ship (5 rubles)"),
    _command("lay", "Lay down all your hidden contracts"),
    {
        "name": "trade",
        "description": "Trade with the ship next to you: offer, give, ask, send, cancel, accept...",
        "verbs": ["offer", "give", "ask", "send", "cancel", "accept", "decline", "hand"],
        "args": [
            _arg(
                "what",
                "a seat as the table lists it (2), or what to give or ask: rubles, a good, pass or contract",
            ),
            _arg("item", "an amount, a city or a contract (fish to Kiev)"),
        ],
    },
    _command("horde", "Move the Horde (special), or put it after a battle", _TILE),
    _command("prince", "Move the Prince (special), or put him where he must go", _TILE),
    _command("draw", "Draw two contracts: keep one hidden, lay one down (special)"),
    _command(
        "keep",
        "Choose the drawn contract to keep hidden",
        _arg("contract", "a drawn contract, e.g. fish to Kiev"),
    ),
    _command("over", "Start over as a new Viking (special)"),
    _command("pick", "Choose a city pass (setup or start over)", _arg("city", "the city")),
    _command("ship", "Place or move your ship where the rules ask", _TILE),
    _command("pay", "Hand a good to the Horde's raider", _arg("good", "amber, fish or furs")),
    {
        "name": "build",
        "description": "Build the board: put the drawn tile at a position, then rotate it",
        "verbs": ["put", "rotate"],
        "args": [_arg("where", "a position x,y, or the degrees 0, 90, 180 or 270")],
    },
    _command("end", "End your turn"),
]

__all__ = [
    "CARDS",
    "COMMANDS",
    "OPTIONS",
    "apply",
    "breakdown",
    "label",
    "legal_actions",
    "max_players",
    "midway",
    "min_players",
    "outcome",
    "private",
    "prompt",
    "score_now",
    "setup",
    "title",
    "to_act",
    "view",
]
