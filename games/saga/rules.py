"""Saga's turn flow as one table of phases: who acts, what they are asked, what they may
do and how each verb is done. ``to_act``, ``legal_actions``, ``prompt``, ``midway`` and
``apply`` are read from it (``games.phases``).

After every action the game settles: a step with exactly one legal action (the last tile
of the draft, a forced retreat, the only tile left to resolve...) is taken at once.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable

from games.core import State
from games.phases import Phase, Rules
from games.saga import actions, combat, flow, refusals
from games.saga.board import seat_of
from games.saga.data import ACTION_NAMES, AREAS, TAGS, area_name
from games.saga.shortcuts import is_shortcut

# --- who acts -------------------------------------------------------------------------


def _drafting(state: State) -> list[int]:
    return [seat_of(state, flow.draft_side(state))]


def _resolving(state: State) -> list[int]:
    return [seat_of(state, state["resolving"]["side"])]


def _vikings(state: State) -> list[int]:
    return [seat_of(state, "viking")]


def _revealing(state: State) -> list[int]:
    return [seat_of(state, state["combat"]["turn"])]


def _leader_owner(state: State) -> list[int]:
    return [seat_of(state, state["leaders"][state["combat"]["leader"]]["side"])]


def _casualties(state: State) -> list[int]:
    return [seat_of(state, combat.casualty_side(state))]


def _retreating(state: State) -> list[int]:
    return [seat_of(state, state["combat"]["retreating"])]


# --- what they are asked ----------------------------------------------------------------


def _says(text: str) -> Callable[[State, int | None], str]:
    return lambda state, seat: text


def _landing(state: State, seat: int | None) -> str:
    return f"move at least 1 unit to {area_name(state['resolving']['must_move']['to'])}"


def _going_on(state: State, seat: int | None) -> str:
    return f"{ACTION_NAMES[state['resolving']['action']]}: continue or done"


def _tile_menu(state: State, seat: int | None) -> str:
    return f"tile {state['resolving']['tile']}: choose an action or finish"


_ACTION_VERBS = {
    "move": actions.move,
    "sail": actions.sail,
    "build": actions.build,
    "fyrd": actions.fyrd,
    "income": actions.income,
    "tribute": actions.tribute,
    "recruit": actions.recruit,
    "scout": actions.scout,
}

PHASES = {
    # Choosing Action Tiles: the side on the Initiative tile takes 1, the other 2, then the last.
    "draft": Phase(
        prompt=_says("choose an action tile"),
        actions=flow.draft_options,
        handlers={"take": flow.take},
        actors=_drafting,
    ),
    # Resolving Actions: the holder of the sword and axe resolves both tiles first.
    "choose_tile": Phase(
        prompt=_says("choose which tile to resolve"),
        actions=actions.tile_choices,
        handlers={"tile": actions.choose_tile},
        actors=_resolving,
    ),
    "tile": Phase(
        prompt=_tile_menu,
        actions=actions.menu,
        handlers={"bonus": actions.bonus, **_ACTION_VERBS, "finish": actions.finish},
        actors=_resolving,
    ),
    "bonus_move": Phase(
        prompt=_says("bonus: move units, then done"),
        actions=actions.continuing,
        handlers={"move": actions.move, "sail": actions.sail, "done": actions.done},
        actors=_resolving,
        midway=True,
    ),
    "landing": Phase(
        prompt=_landing,
        actions=actions.continuing,
        handlers={"move": actions.move},
        actors=_resolving,
        midway=True,
    ),
    "action": Phase(
        prompt=_going_on,
        actions=actions.continuing,
        handlers={**_ACTION_VERBS, "done": actions.done},
        actors=_resolving,
        midway=True,
    ),
    # Combat: the Vikings order the combats; each is fought to the end before the next.
    "order": Phase(
        prompt=_says("choose the next combat"),
        actions=combat.order_options,
        handlers={"fight": combat.fight},
        actors=_vikings,
    ),
    "reveal": Phase(
        prompt=_says("reveal a leader or pass"),
        actions=combat.reveal_options,
        handlers={"reveal": combat.reveal, "pass": combat.pass_},
        actors=_revealing,
    ),
    "ability": Phase(
        prompt=_says("use the leader's ability"),
        actions=combat.ability_options,
        handlers={
            "bring": combat.bring,
            "skip": combat.skip,
            "drakkar": combat.drakkar,
            "slay": combat.slay,
            "done": combat.skip,
        },
        actors=_leader_owner,
    ),
    "casualties": Phase(
        prompt=_says("remove a casualty"),
        actions=combat.casualty_options,
        handlers={"lose": combat.lose},
        actors=_casualties,
    ),
    "retreat": Phase(
        prompt=_says("choose where to retreat"),
        actions=combat.retreat_choices,
        handlers={"retreat": combat.retreat},
        actors=_retreating,
    ),
    # End of Round: the Drakkar's units come home, evenly over Scandinavia.
    "return": Phase(
        prompt=_says("bring a unit home from the Drakkar"),
        actions=flow.return_options,
        handlers={"return": flow.return_},
        actors=_vikings,
    ),
}


def phase_of(state: State) -> str:
    """The one place that names the phase a state is in."""
    phase = str(state["phase"])
    if phase == "actions":
        r = state["resolving"]
        if r["tile"] is None:
            return "choose_tile"
        if r["must_move"] is not None:
            return "landing"
        if r["action"] == "bonus":
            return "bonus_move"
        return "action" if r["action"] is not None else "tile"
    if phase == "combat":
        return str(state["combat"]["step"])
    return phase  # draft | return | over


def settle(state: State) -> None:
    """Take every forced step (exactly one single-step action; the shortcuts beside it
    are not choices of their own) until a real choice is due."""
    while phase_of(state) != "over":
        seat = RULES.to_act(state)[0]
        options = [a for a in RULES.legal_actions(state, seat) if not is_shortcut(a)]
        if len(options) != 1:
            return
        words = options[0].split()
        RULES.phase(state).handlers[words[0]](state, seat, words[1:])


_TAGS = {tag for tags in TAGS.values() for tag in tags}


def fold(text: str) -> str:
    """Lower case, without accents or punctuation (a hyphen parts words; underscores, which
    the ids use, stay)."""
    plain = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode()
    return re.sub(r"[^\w\s]", " ", plain.lower())


# Printed names of more than one word, as folded words -> the id the actions use.
_JOINED = {tuple(fold(area_name(a)).split()): a for a in [*AREAS, "drakkar"] if " " in area_name(a)}


def canonical(words: list[str]) -> list[str]:
    """Typed words in the form the actions use: places by the names the board prints ('East
    Anglia', 'the Drakkar', any case, accents or not) to their ids, leader tags as the
    actions spell them (``vl2`` -> ``VL2``)."""
    folded = fold(" ".join(words)).split()
    out: list[str] = []
    i = 0
    while i < len(folded):
        pair = tuple(folded[i : i + 2])
        if pair in _JOINED:
            out.append(_JOINED[pair])
            i += 2
            continue
        word = folded[i]
        out.append(word.upper() if word.upper() in _TAGS else word)
        i += 1
    return out


def refusal(state: State, seat: int, action: str, legal: list[str]) -> str:
    """Why a near miss is refused: the rule and what the seat has (``refusals``)."""
    return refusals.refusal(state, seat, action, legal, phase_of(state), RULES.prompt(state, seat))


RULES = Rules("Saga", PHASES, phase_of, after=settle, canonical=canonical, refusal=refusal)

to_act = RULES.to_act
legal_actions = RULES.legal_actions
apply = RULES.apply
prompt = RULES.prompt
midway = RULES.midway
