"""A new game of Knarr: decks, face-up cards, starting crews and hands."""

from __future__ import annotations

from typing import Any

from games import core
from games.core import State
from games.knarr import flow
from games.knarr.data import (
    ARTIFACT_IDS,
    ARTIFACTS,
    COLORS,
    FACE_UP_DESTINATIONS,
    HAND_SIZE,
    START,
    color_of,
    destination_ids,
    viking_deck,
)

OPTIONS: list[dict[str, Any]] = [
    {
        "name": "ship",
        "description": "Ship side: normal (first games) or advanced trade row",
        "choices": ["normal", "advanced"],
        "default": "normal",
    },
    {
        "name": "artifact",
        "description": "Artifact variant: none, a random one, or a chosen one",
        "choices": ["none", "random", *ARTIFACT_IDS],
        "default": "none",
    },
    {
        "name": "mead_cup",
        "description": "Mead Cup on top of the artifact: auto (2 players with artifacts), on or off",
        "choices": ["auto", "on", "off"],
        "default": "auto",
    },
]


def _artifacts(state: State, choice: str, mead: bool) -> list[str]:
    """The artifacts in play: the chosen (or a random) one, plus the Mead Cup when asked.

    The rulebook advises the Mead Cup with two players, on top of any artifact; a random
    artifact is then drawn from the six others so that two different ones are in play."""
    picked = {"mead_cup"} if mead else set()
    if choice == "random":
        pool = [a for a in ARTIFACT_IDS if not (mead and a == "mead_cup")]
        picked.add(core.choice(state, pool))
    elif choice != "none":
        picked.add(choice)
    return [a for a in ARTIFACT_IDS if a in picked]


def _mead_cup(choice: str, artifact: str, num_players: int) -> bool:
    """Whether the Mead Cup is in play. The rulebook's advice for two players sits in the
    artifact variant ("in addition to the randomly revealed one"), so ``auto`` adds it only
    to a two-player game that plays with an artifact; ``on`` and ``off`` force it."""
    if choice == "auto":
        return num_players == 2 and artifact != "none"
    return choice == "on"


def _deal_crew(state: State) -> list[str]:
    """The starting crew: START["crew"] Vikings (two) of different colours; a card of a
    colour already dealt is set aside, and the set-aside cards are shuffled back."""
    crew: list[str] = []
    set_aside = []
    while len(crew) < START["crew"]:
        card = core.draw(state, state["deck"])
        if any(color_of(card) == color_of(other) for other in crew):
            set_aside.append(card)
        else:
            crew.append(card)
    if set_aside:
        state["deck"].extend(set_aside)
        core.shuffle(state, state["deck"])
    return crew


def setup(seed: int, num_players: int, options: dict[str, str] | None = None) -> State:
    if not 2 <= num_players <= 4:
        raise ValueError("Knarr is played by 2 to 4 players")
    options = options or {}
    ship = core.option_value(OPTIONS, options, "ship")
    artifact = core.option_value(OPTIONS, options, "artifact")
    mead = core.option_value(OPTIONS, options, "mead_cup")
    state: State = {"game": "knarr", "players": num_players, "reveals": 0, "log": []}
    core.seed_rng(state, seed)
    state["deck"] = viking_deck(num_players)
    core.shuffle(state, state["deck"])
    state["dest_decks"] = {kind: destination_ids(kind) for kind in ("A", "B")}
    for pile in state["dest_decks"].values():
        core.shuffle(state, pile)
    state["destinations"] = {
        kind: [core.draw(state, pile) for _ in range(FACE_UP_DESTINATIONS)]
        for kind, pile in state["dest_decks"].items()
    }
    state["vikings"] = {color: core.draw(state, state["deck"]) for color in COLORS}
    state["discard"] = []
    state["options"] = {
        "ship": ship,
        "artifacts": _artifacts(state, artifact, _mead_cup(mead, artifact, num_players)),
    }
    seats = []
    for _ in range(num_players):
        crew: dict[str, list[str]] = {color: [] for color in COLORS}
        for card in _deal_crew(state):
            crew[color_of(card)].append(card)
        seats.append(
            {
                "score": START["score"],
                "reputation": START["reputation"],
                "recruits": START["recruit"],
                "bracelets": START["bracelet"],
                "hand": [],
                "crew": crew,
                "explored": [],
                "reserved": [],
            }
        )
    for seat in seats:
        seat["hand"] = [core.draw(state, state["deck"]) for _ in range(HAND_SIZE)]
    state["seats"] = seats
    first = core.rand_below(state, num_players)
    state.update(
        first=first,
        current=first,
        round=1,
        final_round=False,
        phase="action",
        traded=False,
        pending=None,
        action=None,
        steps=[],
        queue=[],
        discarding=None,
        result=None,
    )
    in_play = [ARTIFACTS[a]["name"] for a in state["options"]["artifacts"]]
    if in_play:
        drawn = " (drawn at random)" if artifact == "random" else ""
        core.log(state, None, f"artifacts in play: {' and '.join(in_play)}{drawn}")
    core.log(state, first, "goes first")
    flow.start_turn(state)
    return state
