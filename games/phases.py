"""A game's turn flow as one table of named phases, and the contract read from it.

Each game lists its phases once (Rally the Troops keeps one table of states the same
way): for each, who must act, the phrase that tells them what to do, their legal actions
and the handler of each verb. ``Rules`` reads ``to_act``, ``legal_actions``, ``prompt``
and ``midway`` from that table, and ``apply`` makes the one shared check every game needs
before a handler runs: the game is not over, the seat is acting, the action is one of
its legal actions (else one plain sentence saying why), and the state is copied, so the
input is never changed.

A handler gets the copy, the seat and the action's words after the verb, and changes the
copy; ``after`` (the game's engine: a queue of effects, automatic steps) runs once the
whole action is done. A game whose typed actions may carry several steps at once (Knarr's
``explore D pay V01 V02``) gives ``steps``, which splits one into the actions its panel
would have offered one by one; each is checked against the legal actions in turn.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field

from games.core import IllegalAction, State, clone, split_action

Handler = Callable[[State, int, list[str]], None]


def current(state: State) -> list[int]:
    """The usual actors: the seat whose turn it is (``state["current"]``)."""
    return [int(state["current"])]


def nobody(state: State) -> list[int]:
    return []


@dataclass(frozen=True)
class Phase:
    """One named state of the turn flow."""

    prompt: Callable[[State, int | None], str]  # what the acting seat must do ("choose an action")
    actions: Callable[[State, int], list[str]]  # an acting seat's legal actions, complete and short
    handlers: Mapping[str, Handler] = field(default_factory=dict)  # verb -> how it is done
    actors: Callable[[State], list[int]] = current  # the seats that must decide now
    midway: bool = False  # an action's later steps, done in the actor's private panel


OVER = Phase(prompt=lambda state, seat: "the game is over", actions=lambda state, seat: [], actors=nobody)


class Rules:
    """``to_act``, ``legal_actions``, ``prompt``, ``midway`` and ``apply`` of one game,
    read from its table of phases."""

    def __init__(
        self,
        title: str,
        phases: Mapping[str, Phase],
        phase_of: Callable[[State], str],
        *,
        after: Callable[[State], None] | None = None,
        steps: Callable[[list[str]], list[list[str]]] | None = None,
        canonical: Callable[[list[str]], list[str]] | None = None,
        refusal: Callable[[State, int, str, list[str]], str | None] | None = None,
    ) -> None:
        """``phase_of(state)`` names the phase a state is in (``"over"`` is always known);
        ``canonical`` puts typed words in the form the legal actions use (``v01`` ->
        ``V01``); ``refusal(state, seat, action, legal)`` may say why a near miss is not
        allowed, in one sentence, before the generic words are used."""
        self.title = title
        self.phases = {"over": OVER, **phases}
        self.phase_of = phase_of
        self.after = after
        self.steps = steps
        self.canonical = canonical
        self.refusal = refusal
        self.verbs = {verb for phase in self.phases.values() for verb in phase.handlers}

    def phase(self, state: State) -> Phase:
        return self.phases[self.phase_of(state)]

    def to_act(self, state: State) -> list[int]:
        return self.phase(state).actors(state)

    def legal_actions(self, state: State, seat: int) -> list[str]:
        phase = self.phase(state)
        return phase.actions(state, seat) if seat in phase.actors(state) else []

    def prompt(self, state: State, seat: int | None = None) -> str:
        return self.phase(state).prompt(state, seat)

    def midway(self, state: State) -> bool:
        return self.phase(state).midway

    def apply(self, state: State, seat: int, action: str) -> State:
        if self.phase_of(state) == "over":
            raise IllegalAction("The game is over.")
        if seat not in self.to_act(state):
            raise IllegalAction("It is not your turn to act.")
        words = split_action(action)
        if not words:
            raise IllegalAction("Say which action to take.")
        new = clone(state)
        for step in self.steps(words) if self.steps else [words]:
            self._one(new, seat, self.canonical(step) if self.canonical else step)
        if self.after is not None:
            self.after(new)
        return new

    def _one(self, state: State, seat: int, words: list[str]) -> None:
        """Check one step against the seat's legal actions now, then do it."""
        action = " ".join(words)
        phase = self.phase(state)
        legal = phase.actions(state, seat) if seat in phase.actors(state) else []
        if action not in legal:
            raise IllegalAction(self.why(state, seat, action, legal))
        phase.handlers[words[0]](state, seat, words[1:])

    def why(self, state: State, seat: int, action: str, legal: list[str]) -> str:
        """One sentence for an action that is not among ``legal``."""
        verb = action.split()[0] if action.split() else action
        if verb not in self.verbs:
            return f"'{verb}' is not a {self.title} action."
        if self.refusal is not None:
            reason = self.refusal(state, seat, action, legal)
            if reason:
                return reason
        if not any(a.split()[0] == verb for a in legal):
            return f"You cannot {verb} right now."
        return f"'{action}' is not allowed right now."
