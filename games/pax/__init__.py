"""Pax Viking: Jarls of the tenth century spread Followers over a map of four Winds.

The rules follow ``docs/rules/pax.md``; the contract is ``docs/contract.md``.
"""

from __future__ import annotations

from typing import Any

from games.pax.breakdown import breakdown, score_now
from games.pax.cards import CARDS
from games.pax.rules import apply, legal_actions, midway, prompt, to_act
from games.pax.setup import OPTIONS, setup
from games.pax.views import label, outcome, private, view

id = "pax"
title = "Pax Viking"
min_players = 2
max_players = 6


def _arg(name: str, description: str, optional: bool = False) -> dict[str, Any]:
    return {"name": name, "description": description} | ({"optional": True} if optional else {})


def _command(name: str, description: str, *args: dict[str, str]) -> dict[str, Any]:
    return {"name": name, "description": description, "args": list(args)}


_POST = _arg("post", "a post, e.g. birka")
_TILE = _arg("tile", "a tile id, e.g. V07")
_SEAT = _arg("seat", "the RIVAL's seat as the table lists it, from 1 (or the player's name)")

COMMANDS: list[dict[str, Any]] = [
    _command(
        "invest",
        "INVEST: DRAW from the SAGA PILE, or BUY from the SAGA TRACK",
        _arg("what", "draw or a slot 1-5"),
    ),
    _command(
        "journey",
        "JOURNEY: move a Longship up to three STEPS (or to a post or region by its one shortest route)",
        _arg("ship", "Longship 1-5, or a post or region to sail to in one go"),
    ),
    _command(
        "step",
        "Take one STEP of your JOURNEY",
        _arg("place", "a region, post or HOME"),
        _arg("then", "stop: end the JOURNEY there in the same move", optional=True),
    ),
    _command("stop", "End the JOURNEY here (before any STEP or TRADE: call it off)"),
    _command(
        "play",
        "PLAY a tile from your hand",
        _TILE,
        _arg("where", "a post (Venture), resolve (Event), jarlboard, or the tile it replaces"),
    ),
    _command("activate", "ACTIVATE your Venture where your Longship is", _POST),
    _command("parley", "PARLEY where you are ALONE: ESTABLISH", _POST),
    _command("challenge", "PARLEY with a CHALLENGE to a RIVAL with fewer Longships", _POST, _SEAT),
    _command("jarldom", "JARLDOM: STEP into a Venture, RETURN a RIVAL Longship, ESTABLISH", _POST),
    _command("sweden", "SWEDEN: DRAW; a Venture brings a Longship to its location"),
    _command("place", "SWEDEN: the post for your Longship", _POST),
    _command("theocracy", "THEOCRACY: ESTABLISH on a Theocracy Venture or POWERFUL ALLY", _POST),
    _command(
        "rus",
        "RUS: take a RIVAL's Advocate and PLAY it",
        _TILE,
        _arg("where", "jarlboard, or your Advocate it replaces"),
    ),
    _command(
        "offer",
        "TRADE with a COLOCATED RIVAL: start, send or cancel",
        _arg("what", "a seat as the table lists it (2), send or cancel"),
    ),
    _command(
        "give",
        "Add to what you give in the TRADE",
        _arg("what", "silfr, a tile id, a Follower type (e.g. sweden) or longship"),
    ),
    _command(
        "ask",
        "Add to what you ask in the TRADE",
        _arg("what", "silfr, tile, a Follower type (e.g. rus) or longship"),
    ),
    _command(
        "answer",
        "Answer the TRADE offered to you",
        _arg("answer", "accept, decline, or the tile you hand over"),
    ),
    _command("vote", "Vote at the ALTHING", _arg("vote", "yes or no")),
    _command(
        "discard",
        "DISCARD down to your HAND LIMIT",
        _TILE,
        _arg("tile2", "a second tile, when two are to go", optional=True),
    ),
    _command("end", "End your Action phase (Winter Solstice)"),
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
