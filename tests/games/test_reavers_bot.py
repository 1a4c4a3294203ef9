"""The sensible Reavers bot: legal choices only, and from the seat's own view only."""

from __future__ import annotations

import random

from games import reavers
from games.core import Rng
from games.reavers import bot


def _shuffle_hidden(state: dict, seat: int, seed: int) -> dict:
    """The same state with every part the seat may not see shuffled or swapped."""
    other = reavers.setup(seed, state["players"])
    changed = dict(state, decks={k: list(v) for k, v in state["decks"].items()})
    shuffle = random.Random(seed).shuffle
    for cards in changed["decks"].values():
        shuffle(cards)
    changed["seats"] = [dict(p) for p in state["seats"]]
    for index, p in enumerate(changed["seats"]):
        if index != seat:
            p["prophecies"] = list(other["seats"][index]["prophecies"])
            p["pile"] = list(reversed(p["pile"]))
    return changed


def test_sensible_bot_plays_whole_games_from_its_own_view() -> None:
    for players in (2, 4):
        state = reavers.setup(40 + players, players)
        rng = Rng(players)
        while reavers.to_act(state):
            seat = reavers.to_act(state)[0]
            actions = reavers.legal_actions(state, seat)
            view = reavers.view(state, seat)
            choice = bot.choose(view, actions, Rng(len(state["log"])))
            assert choice in actions
            hidden = _shuffle_hidden(state, seat, len(state["log"]))
            again = bot.choose(reavers.view(hidden, seat), actions, Rng(len(state["log"])))
            assert again == choice
            state = reavers.apply(state, seat, bot.choose(view, actions, rng))
        assert reavers.outcome(state) is not None


def test_sensible_bot_beats_the_exact_dice_and_takes_a_cheap_territory() -> None:
    state = reavers.setup(3, 2, {"start": "seat1"})
    view = reavers.view(state, 0)
    assert bot.choose(view, ["beat", "fight 2", "stop"], Rng(1)) == "beat"
    assert bot.win_chance(2, 1) > bot.win_chance(1, 1) > bot.win_chance(1, 2) == 1 / 6
