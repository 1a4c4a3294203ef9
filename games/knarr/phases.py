"""Knarr's turn flow as one table: every phase, who acts in it, what they are told, what
they may do and how each move is done. ``to_act``, ``legal_actions``, ``prompt``,
``midway`` and ``apply`` of the game are read from it (``games.phases.Rules``).

``state["phase"]`` says where the turn stands; an ``artifact`` phase is named after the
artifact whose optional reward is being offered (``state["steps"][0]``), since each of
them asks something different.
"""

from __future__ import annotations

import re

from games.core import IllegalAction, State, split_action
from games.knarr import flow, names, refusals, rules
from games.knarr.data import DESTINATIONS
from games.phases import Phase, Rules


def _discarding(state: State) -> list[int]:
    """Everyone tied for the biggest crew who has not chosen a discard yet."""
    chosen = state["discarding"]["chosen"]
    return [s for s in state["discarding"]["seats"] if str(s) not in chosen]


def _paying_for(state: State, seat: int | None) -> str:
    pending = state["pending"]
    return f"pay for {pending['explore']}" if pending else "pay"


PHASES = {
    "action": Phase(
        prompt=lambda state, seat: "choose an action",
        actions=rules.action_actions,
        handlers={
            "recruit": rules.recruit_and_take,
            "explore": rules.explore(back="action"),
            "trade": rules.trade_before,
            "pass": rules.pass_turn,
        },
    ),
    "take": Phase(
        prompt=lambda state, seat: "choose a Viking to take",
        actions=rules.take_actions,
        handlers={"take": rules.take, "skip": rules.take_nothing},
        midway=True,
    ),
    "pay": Phase(
        prompt=_paying_for,
        actions=rules.pay_actions,
        handlers={"pay": rules.pay, "cancel": rules.cancel},
        midway=True,
    ),
    "after": Phase(
        prompt=lambda state, seat: "trade or end the turn",
        actions=rules.after_actions,
        handlers={"trade": rules.trade_after, "end": rules.end},
    ),
    "mead_cup": Phase(
        prompt=lambda state, seat: "Mead Cup: discard a face-up Viking or skip",
        actions=rules.mead_actions,
        handlers={"mead": rules.mead, "skip": rules.skip_step},
    ),
    "golden_bracelet": Phase(
        prompt=lambda state, seat: "Golden Bracelet: reserve a destination or skip",
        actions=rules.reserve_actions,
        handlers={"reserve": rules.reserve, "skip": rules.skip_step},
    ),
    "helmet": Phase(
        prompt=lambda state, seat: "Helmet: recruit again or skip",
        actions=rules.helmet_actions,
        handlers={"recruit": rules.helmet_recruit, "skip": rules.skip_step},
    ),
    "weathervane": Phase(
        prompt=lambda state, seat: "Weathervane: explore again or skip",
        actions=rules.weathervane_actions,
        handlers={"explore": rules.explore(back="artifact"), "skip": rules.skip_step},
    ),
    "discard": Phase(
        prompt=lambda state, seat: "discard a Viking from the crew",
        actions=rules.discard_actions,
        handlers={"discard": rules.discard},
        actors=_discarding,
    ),
}


def phase_of(state: State) -> str:
    phase = str(state["phase"])
    return str(state["steps"][0]) if phase == "artifact" else phase


_CARD_ID = re.compile(r"^[vab]\d\d$")


def canonical(words: list[str]) -> list[str]:
    """Typed card ids in any case, as the actions spell them (``v03`` -> ``V03``)."""
    return [w.upper() if _CARD_ID.match(w) else w for w in words]


def steps(words: list[str]) -> list[list[str]]:
    """An exploration with its payment (``explore A12 pay V21 recruit``, typed also
    without ``pay``) is the explore and then one ``pay`` step per card or recruit; so is
    the rest of a payment (``pay V21 recruit``)."""
    if words[0] == "explore" and len(words) > 2:
        paid = words[3:] if words[2] == "pay" else words[2:]
        return [words[:2], *(["pay", word] for word in paid)]
    if words[0] == "pay" and len(words) > 2:
        return [["pay", word] for word in words[1:]]
    return [words]


class _Rules(Rules):
    def apply(self, state: State, seat: int, action: str) -> State:
        words = split_action(action)
        if seat in self.to_act(state):  # a colour typed for the one card it names
            words = names.typed(state, seat, words)
        new = super().apply(state, seat, " ".join(words))
        if words[0] == "explore" and len(words) > 2 and new["pending"] is not None:
            dest = new["pending"]["explore"]
            cost = names.cost_text(DESTINATIONS[dest]["cost"])
            raise IllegalAction(
                f"That does not pay the whole cost of {names.destination_text(dest)}: {cost}."
            )
        return new


def refusal(state: State, seat: int, action: str, legal: list[str]) -> str | None:
    """Why a near miss is refused: the rule and what the seat has (``games.knarr.refusals``)."""
    prompt = PHASES[phase_of(state)].prompt(state, seat) if phase_of(state) in PHASES else ""
    return refusals.refusal(phase_of(state), prompt, state, seat, action, legal)


RULES = _Rules("Knarr", PHASES, phase_of, after=flow.run, steps=steps, canonical=canonical, refusal=refusal)
