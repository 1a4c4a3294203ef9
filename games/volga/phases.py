"""The turn flow of Vikings on the Volga as one table of named phases.

Every phase is named here once, with who acts in it, what they are asked, their legal
actions and the handler of each verb; ``to_act``, ``legal_actions``, ``prompt``, ``midway``
and ``apply`` are read from the table (``games.phases.Rules``), and ``flow.settle`` runs
the automatic steps after every action.

The phases, in the order ``phase_of`` looks for them:

- ``over``: the game has ended.
- a decision waiting in ``state["choices"]`` (its first entry), named by its kind:
  ``pick`` (a city pass, at setup or after starting over), ``ship`` (a tile for one's
  ship), ``raid_good`` (the good a penniless raided seat hands over), ``bump_ship`` and
  ``bump_prince`` (a free neighbouring tile for a ship or the Prince moved out of the way),
  ``place_prince`` and ``place_horde`` (where the loser of a battle goes), ``keep`` (which
  of two drawn contracts to keep hidden) and ``handover`` (which hidden contract to hand
  over in an accepted trade).
- ``place_tile`` and ``turn_tile``: building the board (``board=build``), where the drawn
  tile goes, then how it is turned.
- ``offer``: the active seat is putting a trade offer together.
- ``answer``: an offer was sent; its recipient answers while the offerer goes on.
- ``turn``: a normal turn.
"""

from __future__ import annotations

from collections.abc import Callable

from games.core import State
from games.phases import Phase, Rules
from games.volga import flow, names, refusals, rules

CHOICE_PROMPTS = {
    "pick": "choose a city pass",
    "ship": "choose a tile for your ship",
    "raid_good": "the Horde raids you: choose a good to hand over",
    "bump_ship": "choose a free tile next to you for your ship",
    "bump_prince": "choose a free tile next to you for the Prince",
    "place_prince": "choose an unburned free city for the Prince",
    "place_horde": "choose a free open tile for the Horde",
    "keep": "choose the contract to keep hidden (the other is laid down)",
    "handover": "choose a hidden contract to hand over",
}


def _chooser(state: State) -> list[int]:
    return [int(state["choices"][0]["seat"])]


def _both(state: State) -> list[int]:
    return sorted({int(state["current"]), int(state["offer"]["to"])})


def _said(text: str) -> Callable[[State, int | None], str]:
    return lambda state, seat: text


def _choice_phase(kind: str) -> Phase:
    return Phase(
        prompt=_said(CHOICE_PROMPTS[kind]),
        actions=rules.choice_actions,
        handlers={flow.CHOICE_VERBS[kind]: rules.resolve},
        actors=_chooser,
        midway=kind == "keep",  # the second half of the draw action, in the drawer's panel
    )


def _answer_prompt(state: State, seat: int | None) -> str:
    if seat == state["offer"]["to"]:
        return "accept or decline the trade offer"
    return "finish your turn; a trade offer is waiting for an answer"


def _turn_prompt(state: State, seat: int | None) -> str:
    if not state["turn"]["acted"]:
        return "choose an action or a special action"
    return "choose an action or end the turn"


PHASES: dict[str, Phase] = {
    **{kind: _choice_phase(kind) for kind in CHOICE_PROMPTS},
    "place_tile": Phase(
        prompt=_said("choose where the drawn tile goes"),
        actions=rules.spot_actions,
        handlers={"put": rules.put},
    ),
    "turn_tile": Phase(
        prompt=_said("choose how to turn the tile"),
        actions=rules.rotation_actions,
        handlers={"rotate": rules.rotate},
    ),
    "offer": Phase(
        prompt=_said("build the trade offer, then send or cancel it"),
        actions=rules.offer_actions,
        handlers=rules.OFFER_HANDLERS,
        midway=True,
    ),
    "answer": Phase(
        prompt=_answer_prompt,
        actions=rules.answer_actions,
        handlers=rules.ANSWER_HANDLERS,
        actors=_both,
    ),
    "turn": Phase(prompt=_turn_prompt, actions=rules.turn_actions, handlers=rules.TURN_HANDLERS),
}


def phase_of(state: State) -> str:
    """The name of the phase ``state`` is in (a key of ``PHASES``, or ``"over"``)."""
    if state["phase"] == "over":
        return "over"
    if state["choices"]:
        return str(state["choices"][0]["kind"])
    if state["phase"] == "build":
        return "place_tile" if state["spot"] is None else "turn_tile"
    offer = state["offer"]
    if offer is not None:
        return "answer" if offer["sent"] else "offer"
    return "turn"


def refusal(state: State, seat: int, action: str, legal: list[str]) -> str:
    """Why ``action`` is not among ``legal``: the rule and what the seat has."""
    phase = phase_of(state)
    verbs = set(PHASES[phase].handlers) if phase in PHASES else set()
    return refusals.reason(state, seat, action, phase, verbs, RULES.prompt(state, seat))


RULES = Rules(
    "Vikings on the Volga",
    PHASES,
    phase_of,
    after=flow.settle,
    canonical=names.canonical,
    refusal=refusal,
)

to_act = RULES.to_act
legal_actions = RULES.legal_actions
apply = RULES.apply
prompt = RULES.prompt
midway = RULES.midway
