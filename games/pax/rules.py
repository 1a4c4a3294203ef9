"""The turn flow as one table of named phases (``games.phases``): who acts, what each
acting seat may do, the phrase that says so, and the handler of every verb.

A seat's turn is its Action phase (``action``); a JOURNEY (``journey``) and SWEDEN's
placement (``sweden``) are done step by step, and so is a TRADE offer (``build``). Once an
offer is sent its RIVAL may answer while the turn goes on: the same three phases then have
both seats acting (``offered``, ``offered_journey``, ``offered_sweden``), and they are not
midway, so the channel hears of the offer. ``discard`` is the Winter Solstice's DISCARD
down to the HAND LIMIT, ``althing`` the vote on an Event.
"""

from __future__ import annotations

from collections.abc import Callable

from games.core import IllegalAction, State
from games.pax import actions, names, refusals, trade, turn
from games.pax.data import place_name, tile_name
from games.phases import Handler, Phase, Rules

__all__ = [
    "PHASES",
    "RULES",
    "IllegalAction",
    "apply",
    "legal_actions",
    "midway",
    "phase_of",
    "prompt",
    "to_act",
]


# --- handlers: what each verb does (its words after the verb) ----------------------------


def _invest(state: State, seat: int, args: list[str]) -> None:
    actions.invest(state, seat, args[0])


def _journey(state: State, seat: int, args: list[str]) -> None:
    """``journey 2``: Longship 2 sets out, STEP by STEP; ``journey birka``: a Longship sails
    the one shortest route to Birka and stops there, in one press for the same moves
    (``journey 2``, ``step ...``, ``stop``)."""
    if args[0].isdigit():
        actions.journey(state, seat, args[0])
        return
    number, route = actions.journey_destinations(state, seat)[args[0]]
    actions.journey(state, seat, str(number))
    for place in route:
        actions.step(state, seat, place)
    actions.stop(state, seat)


def _step(state: State, seat: int, args: list[str]) -> None:
    """``step ribe``, or ``step ribe stop``: that STEP and the stop in one press."""
    actions.step(state, seat, args[0])
    if args[1:] == ["stop"]:
        actions.stop(state, seat)


def _stop(state: State, seat: int, args: list[str]) -> None:
    actions.stop(state, seat)


def _play(state: State, seat: int, args: list[str]) -> None:
    actions.play(state, seat, args[0], None if args[1] in ("resolve", "jarlboard") else args[1])


def _activate(state: State, seat: int, args: list[str]) -> None:
    actions.activate(state, seat, args[0])


def _parley(state: State, seat: int, args: list[str]) -> None:
    actions.parley(state, seat, args[0], None)


def _challenge(state: State, seat: int, args: list[str]) -> None:
    """``challenge birka 2``: the RIVAL is named by seat as the table lists it, from 1."""
    actions.parley(state, seat, args[0], int(args[1]) - 1)


def _jarldom(state: State, seat: int, args: list[str]) -> None:
    actions.jarldom(state, seat, args[0])


def _sweden(state: State, seat: int, args: list[str]) -> None:
    actions.sweden(state, seat)


def _place(state: State, seat: int, args: list[str]) -> None:
    actions.place(state, seat, args[0])


def _theocracy(state: State, seat: int, args: list[str]) -> None:
    actions.theocracy(state, seat, args[0])


def _rus(state: State, seat: int, args: list[str]) -> None:
    actions.rus(state, seat, args[0], None if args[1] == "jarlboard" else args[1])


def _offer(state: State, seat: int, args: list[str]) -> None:
    if args[0] == "send":
        trade.send(state, seat)
    elif args[0] == "cancel":
        trade.cancel(state, seat)
    else:
        trade.new_offer(state, seat, int(args[0]) - 1)  # ``offer 2``: seat 2 as the table lists it


def _give(state: State, seat: int, args: list[str]) -> None:
    trade.give(state, args[0])


def _ask(state: State, seat: int, args: list[str]) -> None:
    trade.ask(state, args[0])


def _answer(state: State, seat: int, args: list[str]) -> None:
    arg = args[0]
    trade.answer(state, seat, arg != "decline", None if arg in ("accept", "decline") else arg)


def _vote(state: State, seat: int, args: list[str]) -> None:
    turn.vote(state, seat, args[0] == "yes")


def _discard(state: State, seat: int, args: list[str]) -> None:
    """``discard V07``, or ``discard V07 E04``: both in one press."""
    for tile in args:
        turn.discard(state, seat, tile)


def _end(state: State, seat: int, args: list[str]) -> None:
    turn.winter_solstice(state)


MAIN: dict[str, Handler] = {
    "invest": _invest,
    "journey": _journey,
    "play": _play,
    "activate": _activate,
    "parley": _parley,
    "challenge": _challenge,
    "jarldom": _jarldom,
    "sweden": _sweden,
    "theocracy": _theocracy,
    "rus": _rus,
    "end": _end,
}
JOURNEY: dict[str, Handler] = {"step": _step, "stop": _stop, "offer": _offer}
SWEDEN: dict[str, Handler] = {"place": _place}
BUILD: dict[str, Handler] = {"give": _give, "ask": _ask, "offer": _offer}
ANSWER: dict[str, Handler] = {"answer": _answer}


# --- what the acting seat may do in each phase --------------------------------------------


def _withdraw(state: State) -> list[str]:
    """A sent TRADE offer may be withdrawn while its maker goes on with the turn."""
    return ["offer cancel"] if state["offer"] is not None else []


def _main(state: State, seat: int) -> list[str]:
    return actions.main_actions(state, seat) + _withdraw(state)


def _journeying(state: State, seat: int) -> list[str]:
    return actions.journey_actions(state, seat) + _withdraw(state)


def _placing(state: State, seat: int) -> list[str]:
    return actions.sweden_actions(state)


def _building(state: State, seat: int) -> list[str]:
    return trade.build_actions(state)


def _or_answer(mover: Callable[[State, int], list[str]]) -> Callable[[State, int], list[str]]:
    """The RIVAL a sent offer waits for answers it; the seat whose turn it is goes on."""

    def offered(state: State, seat: int) -> list[str]:
        return trade.answer_actions(state) if seat == state["offer"]["to"] else mover(state, seat)

    return offered


def _both(state: State) -> list[int]:
    """The seat whose turn it is and the RIVAL its sent TRADE offer waits for."""
    return sorted({state["current"], state["offer"]["to"]})


def _voter(state: State) -> list[int]:
    return [turn.voter(state)]


# --- prompts ---------------------------------------------------------------------------


def _choose(state: State, seat: int | None) -> str:
    return f"choose an action ({turn.actions_left(state)} left)"


def _journey_prompt(state: State, seat: int | None) -> str:
    return "take a STEP, TRADE or stop the JOURNEY"


def _sweden_prompt(state: State, seat: int | None) -> str:
    return f"PLACE a Longship in {place_name(state['pending']['location'])}"


def _build_prompt(state: State, seat: int | None) -> str:
    return "build the TRADE offer"


def _answer_prompt(state: State, seat: int | None) -> str:
    return "answer the TRADE offer (or go on with the turn)"


def _discard_prompt(state: State, seat: int | None) -> str:
    return f"DISCARD down to the HAND LIMIT ({state['pending']['count']} more)"


def _althing_prompt(state: State, seat: int | None) -> str:
    yes, no = turn.tally(state)
    return f"vote at the ALTHING on {tile_name(state['althing']['tile'])} (so far {yes} for, {no} against)"


PHASES: dict[str, Phase] = {
    "action": Phase(prompt=_choose, actions=_main, handlers=MAIN),
    "journey": Phase(prompt=_journey_prompt, actions=_journeying, handlers=JOURNEY, midway=True),
    "sweden": Phase(prompt=_sweden_prompt, actions=_placing, handlers=SWEDEN, midway=True),
    "build": Phase(prompt=_build_prompt, actions=_building, handlers=BUILD, midway=True),
    "offered": Phase(
        prompt=_answer_prompt,
        actions=_or_answer(_main),
        handlers={**MAIN, **ANSWER, "offer": _offer},
        actors=_both,
    ),
    "offered_journey": Phase(
        prompt=_journey_prompt, actions=_or_answer(_journeying), handlers={**JOURNEY, **ANSWER}, actors=_both
    ),
    "offered_sweden": Phase(
        prompt=_sweden_prompt, actions=_or_answer(_placing), handlers={**SWEDEN, **ANSWER}, actors=_both
    ),
    "discard": Phase(
        prompt=_discard_prompt,
        actions=turn.discard_actions,
        handlers={"discard": _discard},
        midway=True,
    ),
    "althing": Phase(
        prompt=_althing_prompt,
        actions=lambda state, seat: ["vote yes", "vote no"],
        handlers={"vote": _vote},
        actors=_voter,
    ),
}


def phase_of(state: State) -> str:
    """The one place that reads which phase a state is in."""
    if state["phase"] in ("over", "althing", "discard"):
        return str(state["phase"])
    offer, pending = state["offer"], state["pending"]
    if offer is not None and not offer["sent"]:
        return "build"
    step = "" if pending is None else pending["action"]
    if offer is not None:
        return f"offered_{step}" if step else "offered"
    return step or "action"


def _after(state: State) -> None:
    """After a completed action: the game may end, and with no action left the turn ends."""
    if state["phase"] == "action":
        turn.after_action(state)


RULES = Rules(
    "Pax Viking",
    PHASES,
    phase_of,
    after=_after,
    canonical=names.canonical,
    refusal=refusals.refusal,
)
to_act = RULES.to_act
legal_actions = RULES.legal_actions
apply = RULES.apply
prompt = RULES.prompt
midway = RULES.midway
