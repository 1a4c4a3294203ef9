"""Who acts, what they may do, and applying one action."""

from __future__ import annotations

from games import core
from games.core import IllegalAction, State
from games.pax import actions, board, trade, turn


def to_act(state: State) -> list[int]:
    phase = state["phase"]
    if phase == "over":
        return []
    if phase == "althing":
        return [turn.voter(state)]
    offer = state["offer"]
    if phase == "action" and offer is not None and offer["sent"]:
        return sorted({state["current"], offer["to"]})
    return [state["current"]]


def legal_actions(state: State, seat: int) -> list[str]:
    if seat not in to_act(state):
        return []
    phase = state["phase"]
    if phase == "althing":
        return ["vote yes", "vote no"]
    hand = board.player(state, seat)["hand"]
    if phase == "discard":
        return [f"discard {t}" for t in hand]
    offer = state["offer"]
    if offer is not None and offer["sent"] and seat == offer["to"]:
        return trade.answer_actions(state)
    if offer is not None and not offer["sent"]:
        return trade.build_actions(state)
    withdraw = ["offer cancel"] if offer is not None else []
    pending = state["pending"]
    if pending is None:
        return actions.main_actions(state, seat) + withdraw
    if pending["action"] == "journey":
        return actions.journey_actions(state, seat) + withdraw
    return actions.sweden_actions(state)


def _seat(text: str) -> int:
    return int(text)


def _dispatch(state: State, seat: int, words: list[str]) -> None:
    verb, args = words[0], words[1:]
    arg = args[0] if args else None
    extra = args[1] if len(args) > 1 else None
    if verb == "invest":
        actions.invest(state, seat, str(arg))
    elif verb == "journey":
        actions.journey(state, seat, str(arg))
    elif verb == "step":
        actions.step(state, seat, str(arg))
    elif verb == "stop":
        actions.stop(state, seat)
    elif verb == "play":
        actions.play(state, seat, str(arg), None if extra in ("resolve", "jarlboard") else extra)
    elif verb == "activate":
        actions.activate(state, seat, str(arg))
    elif verb == "parley":
        actions.parley(state, seat, str(arg), None)
    elif verb == "challenge":
        actions.parley(state, seat, str(arg), _seat(str(extra)))
    elif verb == "jarldom":
        actions.jarldom(state, seat, str(arg))
    elif verb == "sweden":
        actions.sweden(state, seat)
    elif verb == "place":
        actions.place(state, seat, str(arg))
    elif verb == "theocracy":
        actions.theocracy(state, seat, str(arg))
    elif verb == "rus":
        actions.rus(state, seat, str(arg), None if extra == "jarlboard" else extra)
    elif verb == "offer":
        if arg == "send":
            trade.send(state, seat)
        elif arg == "cancel":
            trade.cancel(state, seat)
        else:
            trade.new_offer(state, seat, _seat(str(arg)))
    elif verb == "give":
        trade.give(state, str(arg))
    elif verb == "ask":
        trade.ask(state, str(arg))
    elif verb == "answer":
        trade.answer(state, seat, arg != "decline", None if arg in ("accept", "decline") else arg)
    elif verb == "vote":
        turn.vote(state, seat, arg == "yes")
    elif verb == "discard":
        turn.discard(state, seat, str(arg))
    elif verb == "end":
        turn.winter_solstice(state)


def apply(state: State, seat: int, action: str) -> State:
    if seat not in to_act(state):
        raise IllegalAction("It is not your turn to act.")
    wanted = " ".join(core.split_action(action))
    legal = {a.lower(): a for a in legal_actions(state, seat)}
    if wanted not in legal:
        raise IllegalAction(f"'{action}' is not possible now; choose one of the offered actions.")
    words = legal[wanted].split()
    new = core.clone(state)
    _dispatch(new, seat, words)
    if new["phase"] == "action":
        turn.after_action(new)
    return new
