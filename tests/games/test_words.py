"""The words players read (issue 33): over seeded playouts of every game, the public log,
the labels and the prompts have no "(s)" plurals, no name twice in a row, no empty
phrases ("for at", "with  "), no leftover placeholders, and sentences that begin with a
player's name go on with a verb (checked for the common slip: the name then "the")."""

from __future__ import annotations

import re

import pytest

import games
from games.core import Rng, name_seats

STEPS = 400
NAMES = ["Astrid", "Bjorn", "Sigrid", "Ulf", "Freya", "Leif"]
BAD = [
    (re.compile(r"\w\(s\)"), "a (s) plural"),
    (re.compile(r"\b(Astrid|Bjorn|Sigrid|Ulf|Freya|Leif) \1\b"), "a name twice"),
    (re.compile(r"\b(for|to|at|of|in) (at|for|to|of|in)\b"), "an empty phrase"),
    (re.compile(r"\{seat\d+\}|\{[a-z_]+\}|None\b"), "a placeholder left in"),
    (re.compile(r" {2,}\S|\s[,.;:]"), "a gap where a word is missing"),
    (re.compile(r"^(the|a|an) [A-Z ]{4,}$"), "a shouted fragment"),
]


def problems(text: str) -> list[str]:
    return [what for pattern, what in BAD if pattern.search(text)]


CASES = [(g, n) for g in games.names() for n in range(games.get(g).min_players, games.get(g).max_players + 1)]


@pytest.mark.parametrize(("game", "players"), CASES, ids=[f"{g}-{n}" for g, n in CASES])
def test_the_words_read_well(game: str, players: int) -> None:
    module = games.get(game)
    names = NAMES[:players]
    state = module.setup(5, players, {})
    rng = Rng(23)
    found: dict[str, str] = {}
    for _ in range(STEPS):
        acting = module.to_act(state)
        if not acting:
            break
        seat = acting[0]
        texts = [
            module.prompt(state, seat),
            *(module.label(state, a) for a in module.legal_actions(state, seat)),
        ]
        for text in texts:
            for what in problems(name_seats(text, names)):
                found.setdefault(what, text)
        state = module.apply(state, seat, rng.choice(module.legal_actions(state, seat)))
    for entry in state.get("log", []):
        who = names[entry["seat"]] + " " if entry.get("seat") is not None else ""
        line = who + name_seats(entry["text"], names)
        for what in problems(line):
            found.setdefault(what, line)
        if who and re.match(r"(the|a|an|ALL)\b", entry["text"]):
            found.setdefault("a name and no verb", line)
    outcome = module.outcome(state)
    if outcome:
        reason = name_seats(str(outcome.get("reason") or ""), names)
        for what in problems(reason):
            found.setdefault(what, reason)
    assert not found, f"{game}: " + "; ".join(f"{what}: {text!r}" for what, text in found.items())
