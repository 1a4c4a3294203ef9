"""Seeded random playouts of every game at every player count.

Each step checks the contract: no dead ends, offered actions are accepted, ``apply``
never changes its input, illegal actions are refused without side effects, the state is
plain JSON, replays are exact, views never leak hidden information, and ``prompt`` and
``private`` agree with the views.
"""

from __future__ import annotations

import json
import random
import re
from collections.abc import Callable
from types import ModuleType
from typing import Any

import pytest

import games
from games import IllegalAction

MAX_STEPS = 5000
State = dict[str, Any]


# --- per-game secrets ------------------------------------------------------------------


def _knarr_secrets(state: State, viewer: int | None) -> set[str]:
    """Card ids ``viewer`` must not see: other hands and every face-down pile."""
    hidden = set(state["deck"]) | set(state["dest_decks"]["A"]) | set(state["dest_decks"]["B"])
    for seat, player in enumerate(state["seats"]):
        if seat != viewer:
            hidden |= set(player["hand"])
    return hidden


def _volga_secrets(state: State, viewer: int | None) -> set[str]:
    """Ids ``viewer`` must not see: the contract deck, the tile bag, other seats' hidden
    contracts (except those offered to the viewer in a sent trade offer) and two drawn
    contracts not yet sorted by someone else."""
    hidden = set(state["deck"]) | set(state["bag"])
    for seat, player in enumerate(state["seats"]):
        if seat != viewer:
            hidden |= set(player["hand"])
    choices = state["choices"]
    if not (choices and choices[0]["kind"] == "keep" and choices[0]["seat"] == viewer):
        hidden |= set(state["drawn"])
    offer = state["offer"]
    if offer is not None and offer["sent"] and offer["to"] == viewer:
        hidden -= set(offer["give"]["contracts"])
    return hidden


def _saga_secrets(state: State, viewer: int | None) -> set[str]:
    """What ``viewer`` must not see: the ability (id or name) of every leader never revealed
    that is not the viewer's own (a set-aside leader is hidden from its owner too), and, for
    everyone but the Viking player, the destination markers face down on the board or off it."""
    from games.saga.data import ABILITIES

    side = None if viewer is None else ("viking" if state["sides"]["viking"] == viewer else "anglo")
    hidden: set[str] = set()
    for data in state["leaders"].values():
        if data["known"] or (data["side"] == side and data["where"] != "aside"):
            continue
        hidden |= {data["ability"], ABILITIES[data["ability"]]["name"]}
    if side != "viking":
        hidden |= set(state["pool"])
        hidden |= {s["marker"] for s in state["spaces"].values() if s["marker"] and not s["face_up"]}
    return hidden


def _saga_pattern() -> re.Pattern[str]:
    from games.saga.data import ABILITIES

    words = sorted({w for a in ABILITIES.values() for w in (a["ability"], a["name"])}, key=len, reverse=True)
    return re.compile(r"\b(D\d|" + "|".join(re.escape(w) for w in words) + r")\b")


def _reavers_secrets(state: State, viewer: int | None) -> set[str]:
    """Ids ``viewer`` must not see: every face-down deck, every territory tile still in its stack
    (even the top one shows only its front), and other seats' Prophecies and Glory piles."""
    hidden = {card for deck in state["decks"].values() for card in deck}
    hidden |= {tile for stack in state["board"]["territories"].values() for tile in stack}
    for seat, player in enumerate(state["seats"]):
        if seat != viewer:
            hidden |= set(player["prophecies"]) | set(player["pile"])
    return hidden


def _pax_secrets(state: State, viewer: int | None) -> set[str]:
    """Ids ``viewer`` must not see: the SAGA PILE, other hands (closed hands), a tile drawn by
    SWEDEN and not yet placed (someone else's), hand tiles in a TRADE offer not made by or to
    the viewer (or not yet sent to it), and face-down Victory Conditions."""
    hidden = set(state["pile"])
    hidden |= {c["id"] for c in state["conditions"] if not c["face_up"]}
    if state["options"]["hands"] == "closed":
        for seat, player in enumerate(state["seats"]):
            if seat != viewer:
                hidden |= set(player["hand"])
        offer = state["offer"]
        if offer is not None and offer["sent"] and offer["to"] == viewer:
            hidden -= set(offer["give"]["tiles"])
    pending = state["pending"]
    if pending is not None and pending["action"] == "sweden" and state["current"] != viewer:
        hidden.add(pending["tile"])
    return hidden


# game id -> (secret ids for a viewer, pattern of an id as it may appear in log text)
SECRETS: dict[str, tuple[Callable[[State, int | None], set[str]], re.Pattern[str]]] = {
    "knarr": (_knarr_secrets, re.compile(r"\b[VAB]\d\d\b")),
    "volga": (_volga_secrets, re.compile(r"\b[CT]\d\d\b")),
    "saga": (_saga_secrets, _saga_pattern()),
    "reavers": (_reavers_secrets, re.compile(r"\b[RVKBJPT]\d\d\b")),
    "pax": (_pax_secrets, re.compile(r"\b(?:[VEAG]\d\d|[NSAE]\d)\b")),
}


def _public_ids(view: dict[str, Any], pattern: re.Pattern[str]) -> set[str]:
    without_log = {k: v for k, v in view.items() if k != "log"}
    return set(pattern.findall(json.dumps(without_log)))


def _check_views(game: ModuleType, before: State, after: State) -> None:
    """Every seat's view keeps the secrets it must, and the game's ``prompt`` and ``private``
    (which the bot asks instead of building a whole view) say what the view says."""
    viewers: list[int | None] = [None, *range(after["players"])]
    for viewer in viewers:
        view = game.view(after, viewer)
        assert game.prompt(after, viewer) == view["prompt"], f"prompt({viewer}) is not the view's"
        assert game.private(after, viewer) == view["private"], f"private({viewer}) is not the view's"
    _check_secrets(game, before, after)


def _check_secrets(game: ModuleType, before: State, after: State) -> None:
    if game.id not in SECRETS:
        return
    secrets, pattern = SECRETS[game.id]
    viewers: list[int | None] = [None, *range(after["players"])]
    for viewer in viewers:
        view = game.view(after, viewer)
        text = json.dumps({k: v for k, v in view.items() if k != "log"})
        leaked = {card for card in secrets(after, viewer) if f'"{card}"' in text}
        assert not leaked, f"seat {viewer} sees hidden cards {leaked}"
    # New log lines may only name cards that were public just before or just after.
    public = _public_ids(game.view(before, None), pattern)
    public |= _public_ids(game.view(after, None), pattern)
    for line in after["log"][len(before["log"]) :]:
        named = set(pattern.findall(line["text"]))
        assert named <= public, f"log line {line['text']!r} names hidden cards"


# --- playouts --------------------------------------------------------------------------


def _cases() -> list[tuple[str, int, dict[str, str]]]:
    cases = []
    for name in games.names():
        game = games.get(name)
        for players in range(game.min_players, game.max_players + 1):
            cases.append((name, players, {}))
    knarr = games.get("knarr")
    artifacts = next(o for o in knarr.OPTIONS if o["name"] == "artifact")["choices"]
    for index, artifact in enumerate(a for a in artifacts if a != "none"):
        players = 2 + index % 3
        ship = "advanced" if index % 2 else "normal"
        cases.append(("knarr", players, {"artifact": artifact, "ship": ship}))
    pax = games.get("pax")
    for index, difficulty in enumerate(next(o for o in pax.OPTIONS if o["name"] == "difficulty")["choices"]):
        conditions = "down" if index % 2 else "up"
        hands = "open" if index == 2 else "closed"
        cases.append(
            ("pax", 2 + index % 3, {"difficulty": difficulty, "conditions": conditions, "hands": hands})
        )
    return cases


def _playout(
    game: ModuleType, players: int, options: dict[str, str], seed: int, check: bool
) -> tuple[State, list[tuple[int, str]]]:
    rng = random.Random(seed)
    state = game.setup(seed, players, options)
    history: list[tuple[int, str]] = []
    for step in range(MAX_STEPS):
        acting = game.to_act(state)
        if not acting:
            break
        assert game.outcome(state) is None
        seat = rng.choice(acting)
        actions = game.legal_actions(state, seat)
        if check:
            for s in acting:
                assert game.legal_actions(state, s), f"seat {s} has no legal action"
            for action in actions:
                assert len(game.label(state, action)) <= 80
        action = rng.choice(actions)
        if action == "cancel" and len(actions) > 1:
            action = rng.choice(actions)  # keep random games from dawdling
        before_text = json.dumps(state) if check and step % 10 == 0 else None
        if check and step % 10 == 0:
            _check_illegal(game, state, seat, action)
        after = game.apply(state, seat, action)
        if before_text is not None:
            assert json.dumps(state) == before_text, "apply changed its input"
        if check:
            assert json.loads(json.dumps(after)) == after, "the state is not plain JSON"
        if check:
            _check_views(game, state, after)
        history.append((seat, action))
        state = after
    assert game.to_act(state) == [], "the game did not end"
    result = game.outcome(state)
    assert result is not None and result["winners"]
    assert game.legal_actions(state, 0) == []
    return state, history


def _check_illegal(game: ModuleType, state: State, seat: int, action: str) -> None:
    before = json.dumps(state)
    with pytest.raises(IllegalAction):
        game.apply(state, seat, "nonsense")
    others = [s for s in range(state["players"]) if s not in game.to_act(state)]
    if others:
        with pytest.raises(IllegalAction):
            game.apply(state, others[0], action)
    assert json.dumps(state) == before


def _case_id(case: tuple[str, int, dict[str, str]]) -> str:
    name, players, options = case
    return "-".join([name, f"{players}p", *options.values()])


@pytest.mark.parametrize(("name", "players", "options"), _cases(), ids=[_case_id(c) for c in _cases()])
def test_random_playout(name: str, players: int, options: dict[str, str]) -> None:
    game = games.get(name)
    seed = 1000 + players + 7 * len(options) + sum(map(ord, "".join(options.values())))
    final, history = _playout(game, players, options, seed, check=True)
    replay = game.setup(seed, players, options)
    for seat, action in history:
        replay = game.apply(replay, seat, action)
    assert json.dumps(replay) == json.dumps(final)
    with pytest.raises(IllegalAction):
        game.apply(final, history[-1][0], history[-1][1])


@pytest.mark.parametrize("name", games.names())
def test_many_quick_playouts(name: str) -> None:
    game = games.get(name)
    for seed in range(40):
        players = game.min_players + seed % (game.max_players - game.min_players + 1)
        _playout(game, players, {}, seed, check=False)
