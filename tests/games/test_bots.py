"""Every game's sensible bot: blind to hidden information, always legal, and it plays.

(a) At many points of seeded games, every hidden part of the state that the deciding seat
    may not see is reshuffled (other hands, decks, face-down piles, unrevealed abilities);
    the seat's view must not change and neither may the bot's choice.
(b) Whole seeded games with bots in every seat, at every player count: every choice is
    legal (``games.bots.choose`` raises otherwise) and the game ends.
(c) A few games of sensible against random, to catch crashes (the strength figure comes
    from ``scripts/bot_strength.py``).

A new game with a ``bot.py`` is covered once it has an entry in ``HIDE``.
"""

from __future__ import annotations

import importlib.util
import json
import random
from collections.abc import Callable
from typing import Any

import pytest

import games
from games import bots
from games.core import Rng

State = dict[str, Any]
MAX_STEPS = 6000


# --- per game: reshuffle what a seat may not see ------------------------------------------


def _redeal(rng: random.Random, pool: list[Any], piles: list[list[Any]]) -> None:
    """Shuffle ``pool`` and deal it back into ``piles`` (same sizes, in place)."""
    rng.shuffle(pool)
    for pile in piles:
        size = len(pile)
        pile[:] = pool[:size]
        del pool[:size]


def _hide_knarr(state: State, seat: int, rng: random.Random) -> None:
    hands = [p["hand"] for s, p in enumerate(state["seats"]) if s != seat]
    _redeal(rng, [c for pile in [state["deck"], *hands] for c in pile], [state["deck"], *hands])
    for kind in ("A", "B"):
        rng.shuffle(state["dest_decks"][kind])


def _hide_volga(state: State, seat: int, rng: random.Random) -> None:
    rng.shuffle(state["bag"])
    piles = [state["deck"]]
    if state["offer"] is None and not any(c["kind"] == "handover" for c in state["choices"]):
        piles += [p["hand"] for s, p in enumerate(state["seats"]) if s != seat]
    keeping = (
        state["choices"] and state["choices"][0]["kind"] == "keep" and state["choices"][0]["seat"] == seat
    )
    if state["drawn"] and not keeping:
        piles.append(state["drawn"])
    _redeal(rng, [c for pile in piles for c in pile], piles)


def _hide_saga(state: State, seat: int, rng: random.Random) -> None:
    side = "viking" if state["sides"]["viking"] == seat else "anglo"
    for leader_side in ("viking", "anglo"):
        hidden = [
            data
            for data in state["leaders"].values()
            if data["side"] == leader_side
            and not data["known"]
            and (leader_side != side or data["where"] == "aside")
        ]
        abilities = [data["ability"] for data in hidden]
        rng.shuffle(abilities)
        for data, ability in zip(hidden, abilities, strict=True):
            data["ability"] = ability
    if side == "viking":
        rng.shuffle(state["pool"])
        return
    face_down = [s for s in state["spaces"].values() if s["marker"] and not s["face_up"]]
    markers = state["pool"] + [s["marker"] for s in face_down]
    rng.shuffle(markers)
    for space in face_down:
        space["marker"] = markers.pop()
    state["pool"][:] = markers


def _hide_reavers(state: State, seat: int, rng: random.Random) -> None:
    for cards in state["decks"].values():
        rng.shuffle(cards)
    others = [p for s, p in enumerate(state["seats"]) if s != seat]
    piles = [state["decks"]["prophecies"], *(p["prophecies"] for p in others)]
    _redeal(rng, [c for pile in piles for c in pile], piles)
    for p in others:
        rng.shuffle(p["pile"])


def _hide_pax(state: State, seat: int, rng: random.Random) -> None:
    piles = [state["pile"]]
    if state["offer"] is None and state["pending"] is None and state["options"]["hands"] == "closed":
        piles += [p["hand"] for s, p in enumerate(state["seats"]) if s != seat]
    _redeal(rng, [c for pile in piles for c in pile], piles)


HIDE: dict[str, Callable[[State, int, random.Random], None]] = {
    "knarr": _hide_knarr,
    "volga": _hide_volga,
    "saga": _hide_saga,
    "reavers": _hide_reavers,
    "pax": _hide_pax,
}


def _with_bot() -> list[str]:
    return [name for name in games.names() if importlib.util.find_spec(f"games.{name}.bot") is not None]


def _hidden_twin(name: str, state: State, seat: int, rng: random.Random) -> State:
    twin: State = json.loads(json.dumps(state))
    HIDE[name](twin, seat, rng)
    twin["rng"] = rng.getrandbits(64)  # what the table's generator will draw next is hidden too
    return twin


# --- helpers ----------------------------------------------------------------------------------


def _play(
    name: str, players: int, seed: int, levels: list[str], check: Callable[[State, int], None] | None = None
) -> State:
    game = games.get(name)
    state = game.setup(seed, players, {})
    rng = Rng(seed)
    for _ in range(MAX_STEPS):
        acting = game.to_act(state)
        if not acting:
            break
        seat = acting[0]
        if check is not None:
            check(state, seat)
        action = bots.choose(name, levels[seat], game.view(state, seat), game.legal_actions(state, seat), rng)
        state = game.apply(state, seat, action)
    assert game.to_act(state) == [] and game.outcome(state) is not None, "the game did not end"
    return state


# --- (a) hidden state --------------------------------------------------------------------------


@pytest.mark.parametrize("name", _with_bot())
def test_the_bot_ignores_what_it_cannot_see(name: str) -> None:
    assert name in HIDE, f"add a hide helper for {name} to tests/games/test_bots.py"
    game = games.get(name)
    shuffler = random.Random(7)
    checked = 0

    def check(state: State, seat: int) -> None:
        nonlocal checked
        if shuffler.random() > 0.3:
            return
        actions = game.legal_actions(state, seat)
        view = game.view(state, seat)
        for attempt in range(2):
            twin = _hidden_twin(name, state, seat, shuffler)
            assert game.view(twin, seat) == view, "the hide helper changed what the seat sees"
            assert game.legal_actions(twin, seat) == actions
            seed = checked * 10 + attempt
            first = bots.choose(name, "sensible", view, actions, Rng(seed))
            again = bots.choose(name, "sensible", game.view(twin, seat), actions, Rng(seed))
            assert first == again, f"the choice changed with hidden information: {first} / {again}"
        checked += 1

    for seed in range(3):
        players = game.min_players + seed % (game.max_players - game.min_players + 1)
        levels = ["sensible" if s % 2 == 0 else "random" for s in range(players)]
        _play(name, players, seed, levels, check)
    assert checked > 50


# --- (b) always legal, every player count -------------------------------------------------------


@pytest.mark.parametrize("name", _with_bot())
def test_sensible_bots_finish_games_at_every_player_count(name: str) -> None:
    game = games.get(name)
    for players in range(game.min_players, game.max_players + 1):
        for seed in range(2):
            _play(name, players, 100 + seed, ["sensible"] * players)


# --- (c) sensible against random ----------------------------------------------------------------


@pytest.mark.parametrize("name", _with_bot())
def test_sensible_against_random(name: str) -> None:
    game = games.get(name)
    wins = 0
    for seed in range(4):
        sensible = seed % 2
        levels = ["random", "random"]
        levels[sensible] = "sensible"
        final = _play(name, 2, 200 + seed, levels)
        outcome = game.outcome(final)
        assert outcome is not None
        wins += outcome["winners"] == [sensible]
    assert wins >= 2, f"sensible won only {wins} of 4 games against random"
