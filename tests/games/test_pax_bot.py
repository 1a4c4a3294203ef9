"""The sensible Pax Viking bot: legal, blind to hidden tiles, and better than random."""

from __future__ import annotations

import json
import random

from games import pax
from games.core import Rng
from games.pax import bot
from tests.games.pax_support import act, ship, table, venture


def _play(seed: int, levels: list[str]) -> dict:
    state = pax.setup(seed, len(levels))
    rng, pick = Rng(seed), random.Random(seed)
    while pax.to_act(state):
        seat = pick.choice(pax.to_act(state))
        actions = pax.legal_actions(state, seat)
        if levels[seat] == "sensible":
            action = bot.choose(pax.view(state, seat), actions, rng)
            assert action in actions
        else:
            action = pick.choice(actions)
        state = pax.apply(state, seat, action)
    return state


def test_sensible_bots_finish_games_at_every_count() -> None:
    for players in (2, 4, 6):
        state = _play(players, ["sensible"] * players)
        assert pax.outcome(state) is not None


def test_sensible_beats_random() -> None:
    wins = 0
    for seed in range(20):
        levels = ["random", "sensible"] if seed % 2 else ["sensible", "random"]
        result = pax.outcome(_play(seed, levels))
        assert result is not None
        wins += result["winners"] == [levels.index("sensible")]
    assert wins >= 17


def test_choice_ignores_hidden_tiles() -> None:
    state = pax.setup(5, 3)
    rng = random.Random(5)
    for _ in range(120):
        seat = pax.to_act(state)[0]
        actions = pax.legal_actions(state, seat)
        other = _reshuffled(state, seat, rng)
        assert bot.choose(pax.view(state, seat), actions, Rng(9)) == bot.choose(
            pax.view(other, seat), pax.legal_actions(other, seat), Rng(9)
        )
        state = pax.apply(state, seat, bot.choose(pax.view(state, seat), actions, Rng(1)))
        if not pax.to_act(state):
            break


def _reshuffled(state: dict, seat: int, rng: random.Random) -> dict:
    """The same game with every tile the seat cannot see swapped around."""
    other = json.loads(json.dumps(state))
    hidden = list(other["pile"])
    for s, p in enumerate(other["seats"]):
        if s != seat:
            hidden += p["hand"]
    rng.shuffle(hidden)
    for s, p in enumerate(other["seats"]):
        if s != seat:
            p["hand"], hidden = hidden[: len(p["hand"])], hidden[len(p["hand"]) :]
    other["pile"] = hidden
    return other


def test_bot_sails_to_a_post_where_it_can_play_its_venture() -> None:
    state = table()
    state["seats"][0]["hand"] = ["V04"]  # Kalmar Toll, Götaland
    state = act(state, 0, "journey 1")
    assert bot.choose(pax.view(state, 0), pax.legal_actions(state, 0), Rng(1)) == "step gotland_sea"
    state = act(state, 0, "step gotland_sea")
    legal = pax.legal_actions(state, 0)
    assert bot.choose(pax.view(state, 0), _stepwise(legal), Rng(1)) == "step kalmar"
    assert bot.choose(pax.view(state, 0), legal, Rng(1)) == "step kalmar stop"  # its STEPS run out
    state = act(state, 0, "step kalmar stop")
    assert bot.choose(pax.view(state, 0), pax.legal_actions(state, 0), Rng(1)) == "play V04 kalmar"


def _stepwise(actions: list[str]) -> list[str]:
    """The actions without the one-press moves that do several steps at once."""
    return [
        a
        for a in actions
        if not (a.startswith("journey ") and not a.split()[1].isdigit())
        and not (a.split()[0] in ("step", "discard") and len(a.split()) > 2)
    ]


def _bot_game(seed: int, players: int, one_press: bool) -> tuple[dict, int, set[str]]:
    """A seeded game between sensible bots; the final state, the moves made and the verbs
    and word counts of the one-press moves among them (``journey2``: a JOURNEY to a place)."""
    state, rng = pax.setup(seed, players), Rng(seed)
    moves, shortcuts = 0, set()
    while pax.to_act(state) and moves < 3000:
        seat = pax.to_act(state)[0]
        legal = pax.legal_actions(state, seat)
        action = bot.choose(pax.view(state, seat), legal if one_press else _stepwise(legal), rng)
        if action not in _stepwise(legal):
            shortcuts.add(f"{action.split()[0]}{len(action.split())}")
        state, moves = pax.apply(state, seat, action), moves + 1
    return state, moves, shortcuts


def test_the_bot_presses_a_one_press_move_only_for_the_steps_it_would_take() -> None:
    """With the one-press moves offered, the bot's games are the same, in fewer moves."""
    used: set[str] = set()
    for seed, players in ((1, 2), (2, 3), (3, 6), (4, 2), (5, 4), (6, 5)):
        stepwise, moves, none = _bot_game(seed, players, one_press=False)
        merged, fewer, shortcuts = _bot_game(seed, players, one_press=True)
        assert not none and pax.outcome(stepwise) is not None
        assert merged == stepwise and fewer < moves
        used |= shortcuts
    assert used == {"journey2", "step3", "discard3"}


def test_bot_votes_and_answers() -> None:
    state = table()
    state["seats"][1]["hand"] = ["E03"]  # Tribute Demanded: every RIVAL pays
    state = act(act(state, 0, "end"), 1, "play E03 resolve")
    assert bot.choose(pax.view(state, 1), pax.legal_actions(state, 1), Rng(1)) == "vote yes"
    state = act(state, 1, "vote yes")  # the caller votes first, then the next in turn order
    assert bot.choose(pax.view(state, 0), pax.legal_actions(state, 0), Rng(1)) == "vote no"
    state = table()
    ship(state, 1, "visby")
    state = act(state, 0, "journey 1", "step gotland_sea", "offer 2", "give silfr", "offer send")
    assert bot.choose(pax.view(state, 1), pax.legal_actions(state, 1), Rng(1)) == "answer accept"


def test_bot_empties_the_saga_track_once_the_pile_is_gone() -> None:
    """Only INVESTS empty the SAGA TRACK then, so the bot INVESTS before ACTIVATING again."""
    state = table()
    venture(state, "kalmar", "V04", 0)  # Kalmar Toll: ACTIVATE to GAIN 1 and DRAW 1
    ship(state, 0, "kalmar")
    state["pile"] = []
    state["track"] = ["E04", "G03", None, None, None]
    choice = bot.choose(pax.view(state, 0), pax.legal_actions(state, 0), Rng(1))
    assert choice.startswith("invest")


def test_bot_does_not_sail_off_a_target_to_come_back_to_it() -> None:
    """A Longship already on the post it wants gains nothing from a JOURNEY there and back,
    and a Venture whose Follower type is used up cannot be PLAYED, so it is no target (two
    such loops kept 2 of 1,000 two-player games going past 2,500 moves)."""
    state = table()
    ship(state, 0, "ribe")
    state["seats"][0]["hand"] = ["V11"]  # Ribe Market: a SWEDEN Venture for Jutland
    state["seats"][0]["supply"]["sweden"] = 0
    view = pax.view(state, 0)
    assert "ribe" not in bot._targets(view)
    state["seats"][0]["supply"]["sweden"] = 1
    view = pax.view(state, 0)
    assert "ribe" in bot._targets(view) and bot._best_target(view, "ribe", 3, away=True)[0] != "ribe"
