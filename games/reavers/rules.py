"""The phase table: every decision of the game named once, with its prompt, its legal
actions and the handler of each verb. ``to_act``, ``legal_actions``, ``prompt``, ``midway``
and ``apply`` are read from it (``games.phases.Rules``).

A phase is the kind of the frame on top of the pending-work stack (``board``), split where
the same kind asks for a different kind of press: placing after a die was stored on an
artifact (still the same action) and a seat's first starting Reaver (a new turn).
"""

from __future__ import annotations

from collections.abc import Callable

from games import core
from games.core import State
from games.phases import Phase, Rules
from games.reavers import board, combat, conquer, flow, parts, raids, sea, shortcuts
from games.reavers.board import Frame
from games.reavers.data import CARDS, LOCATION_IDS, amount, die_text, location_name
from games.reavers.dice import artifact_takes, code, find_die, parse_code, player
from games.reavers.names import canonical, shared_name
from games.reavers.refusals import refusal

Actions = Callable[[State, Frame], list[str]]
Act = Callable[[State, Frame, list[str]], None]
ENTRY = ("place", "join")  # a seat's new action starts here: the channel sees a new board


# --- placing a longship ----------------------------------------------------------------------


def place_actions(state: State, frame: Frame) -> list[str]:
    taken = board.taken(state)
    actions = [f"place {loc}" for loc in LOCATION_IDS if loc not in taken]
    p = player(state, frame["seat"])
    for slot in p["artifacts"]:
        if slot["die"] is None:
            codes = sorted({code(d) for d in p["dice"] if artifact_takes(slot["card"], d["face"])})
            actions += [f"store {slot['card']} {c}" for c in codes]
    return actions


def place_act(state: State, frame: Frame, words: list[str]) -> None:
    seat = frame["seat"]
    if words[2:3] == ["join"]:
        shortcuts.place_join(state, frame, words)
        return
    if words[0] == "store":
        p = player(state, seat)
        card = words[1].upper()
        slot = next(a for a in p["artifacts"] if a["card"] == card)
        slot["die"] = p["dice"].pop(find_die(p, words[2]))
        frame["stored"] = True
        core.log(state, seat, f"stores a {die_text(*parse_code(words[2]))} die on {CARDS[card]['name']}")  # type: ignore[misc]
        return
    board.pop(state, frame)
    flow.place(state, seat, words[1])


def _with(actions: Actions, more: Actions) -> Actions:
    """The step-by-step actions, then the shortcuts (``shortcuts``) beside them."""
    return lambda state, frame: [*actions(state, frame), *more(state, frame)]


def join_act(state: State, frame: Frame, words: list[str]) -> None:
    if words[0] == "join" and len(words) > 1:
        shortcuts.join_then(state, frame, words)
    else:
        parts.join_act(state, frame, words)


def use_act(state: State, frame: Frame, words: list[str]) -> None:
    if len(words) > 3 or words[1:] == ["lead", "lead"]:
        shortcuts.use_pair(state, frame, words)
    elif words[1:2] == ["all"]:
        shortcuts.rally_all(state, frame, words)
    elif words[1:2] == ["rally"] and len(words) == 3:
        shortcuts.rally_on(state, frame, words)
    else:
        parts.use_act(state, frame, words)


def give_act(state: State, frame: Frame, words: list[str]) -> None:
    if len(words) > 2:
        shortcuts.give_all(state, frame, words)
    else:
        conquer.discard_act(state, frame, words)


def roll_act(state: State, frame: Frame, words: list[str]) -> None:
    if words == ["reroll", "repeat"]:
        shortcuts.reroll_repeat(state, frame)
    else:
        combat.roll_act(state, frame, words)


def with_repeats(actions: Actions) -> Actions:
    """A step's actions, then each attack with re-rolls while it loses (``fight 2 repeat``)."""
    return lambda state, frame: [
        *(base := actions(state, frame)),
        *shortcuts.fight_more(state, frame, base),
    ]


def fighting(act: Act) -> Act:
    """``act``, with ``fight N repeat`` (attack, then re-roll while losing) beside it."""

    def fight_or(state: State, frame: Frame, words: list[str]) -> None:
        if words[0] == "fight" and words[2:] == ["repeat"]:
            shortcuts.fight_then(state, frame, words, act)
        else:
            act(state, frame, words)

    return fight_or


PLACE = _with(place_actions, shortcuts.place_more)
USE = _with(
    _with(_with(parts.use_actions, shortcuts.rally_more), shortcuts.rally_all_more), shortcuts.pair_more
)


# --- the table ---------------------------------------------------------------------------


def _frame(state: State) -> Frame:
    frame = board.top(state)
    assert frame is not None
    return frame


def _actors(state: State) -> list[int]:
    return [int(_frame(state)["seat"])]


def _loc(state: State) -> str:
    loc = board.location_frame(state)
    return location_name(loc["location"]) if loc else ""


def _phase(
    prompt: Callable[[State, Frame], str],
    actions: Actions,
    act: Act,
    verbs: tuple[str, ...],
    midway: bool = True,
) -> Phase:
    def handler(verb: str) -> Callable[[State, int, list[str]], None]:
        def handle(state: State, seat: int, args: list[str]) -> None:
            state["midway"] = seat  # who moved; ``after`` keeps it while that seat goes on
            act(state, _frame(state), [verb, *args])

        return handle

    return Phase(
        prompt=lambda state, seat: prompt(state, _frame(state)),
        actions=lambda state, seat: actions(state, _frame(state)),
        handlers={verb: handler(verb) for verb in verbs},
        actors=_actors,
        midway=midway,
    )


def _use_prompt(state: State, frame: Frame) -> str:
    return f"rally, lead or specialize {CARDS[frame['cards'][0]]['name']}"


PHASES: dict[str, Phase] = {
    "place": _phase(
        lambda s, f: "choose a location for a longship", PLACE, place_act, ("place", "store"), False
    ),
    "place_after_store": _phase(
        lambda s, f: "choose a location for a longship", PLACE, place_act, ("place", "store")
    ),
    "join": _phase(
        lambda s, f: f"take part in {_loc(s)} or prepare",
        _with(parts.join_actions, shortcuts.join_more),
        join_act,
        ("join", "prepare"),
        False,
    ),
    "starting": _phase(_use_prompt, USE, use_act, ("use",), False),
    "use": _phase(_use_prompt, USE, use_act, ("use",)),
    "recruit": _phase(
        lambda s, f: "choose Reaver cards to recruit",
        shortcuts.recruit_step,
        shortcuts.recruit_any,
        ("take", "skip"),
    ),
    "face": _phase(
        lambda s, f: f"choose the face of a rallied {f['colors'][0]} die",
        parts.face_actions,
        parts.face_act,
        ("face",),
    ),
    "spoils": _phase(
        lambda s, f: "choose a Spoils deck for the leader's bonus",
        parts.spoils_actions,
        parts.spoils_act,
        ("take", "skip"),
    ),
    "trade": _phase(
        lambda s, f: f"trade with the villages ({f['left']} left)",
        shortcuts.trade_step,
        shortcuts.trade_any,
        ("trade", "take"),
    ),
    "raid": _phase(
        lambda s, f: "choose a pair of Spoils", raids.raid_actions, raids.raid_act, ("take", "skip")
    ),
    "card": _phase(
        lambda s, f: f"decide about the {CARDS[f['card']]['name']}",
        with_repeats(raids.card_actions),
        fighting(raids.card_act),
        ("fight", "replace", "skip"),
    ),
    "conquer": _phase(
        lambda s, f: f"conquer a territory ({f['left']} left)",
        shortcuts.conquer_step,
        shortcuts.conquer_any,
        ("conquer", "stop"),
    ),
    "commit": _phase(
        lambda s, f: "choose how many combat dice to roll",
        with_repeats(conquer.commit_actions),
        fighting(conquer.commit_act),
        ("fight", "stop"),
    ),
    "discard": _phase(
        lambda s, f: f"give up {amount(int(f['count']), 'die', 'dice')}",
        _with(conquer.discard_actions, shortcuts.give_more),
        give_act,
        ("give",),
    ),
    "sea": _phase(lambda s, f: "choose a Sea Battle", sea.sea_actions, sea.sea_act, ("take", "skip")),
    "journey": _phase(
        lambda s, f: "pay for the Journey or suffer it",
        _with(sea.journey_actions, shortcuts.journey_more),
        shortcuts.journey_then,
        ("journey",),
    ),
    "battle": _phase(
        lambda s, f: f"beat {CARDS[f['card']]['name']} by its dice or by combat",
        with_repeats(sea.battle_actions),
        fighting(sea.battle_act),
        ("beat", "fight", "stop"),
    ),
    "roll": _phase(
        lambda s, f: "re-roll with Favor or accept the result",
        _with(combat.roll_actions, shortcuts.reroll_more),
        roll_act,
        ("reroll", "stop"),
    ),
}


def _first_starting_card(state: State, frame: Frame) -> bool:
    """A seat's first decision on its starting Reavers (before round 1): a new turn."""
    below = next((f for f in reversed(state["stack"]) if f["kind"] == "starting"), None)
    # a game stored before the count was in the frame dealt the other edition's 2
    return state["phase"] == "start" and below is not None and len(frame["cards"]) == below.get("count", 2)


def phase_of(state: State) -> str:
    frame = board.top(state)
    if state["phase"] == "over" or frame is None:
        return "over"
    kind = str(frame["kind"])
    if kind == "place" and frame.get("stored"):
        return "place_after_store"
    if kind == "use" and _first_starting_card(state, frame):
        return "starting"
    return kind


def after(state: State) -> None:
    """Run the automatic steps, then note whether the seat that moved is still mid-action."""
    seat = state["midway"]
    flow.advance(state)
    nxt = board.top(state)
    busy = nxt is not None and nxt["seat"] == seat and (nxt["kind"] not in ENTRY or nxt.get("stored"))
    state["midway"] = seat if busy and state["phase"] != "over" else None


class ReaversRules(Rules):
    """The shared rules, with one addition: a card name several cards share (three Draugr
    Longships) means the one of them on offer. ``canonical`` sees only the words, so the
    legal actions are consulted here before the shared check."""

    def apply(self, state: State, seat: int, action: str) -> State:
        if seat in self.to_act(state):
            words = canonical(core.split_action(action))
            legal = self.legal_actions(state, seat)
            if " ".join(words) not in legal:
                action = " ".join(shared_name(words, legal))
        return super().apply(state, seat, action)


RULES = ReaversRules(
    "Reavers of Midgard", PHASES, phase_of, after=after, canonical=canonical, refusal=refusal
)

to_act = RULES.to_act
legal_actions = RULES.legal_actions
apply = RULES.apply
prompt = RULES.prompt
midway = RULES.midway
