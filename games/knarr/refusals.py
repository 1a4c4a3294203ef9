"""Why a move is refused: the rule that forbids it and what the player has, in one
sentence (``Trade 3 needs 3 bracelets; you have 1.``).

``refusal(phase, prompt, state, seat, action, legal)`` is asked by the phase table
(``games.knarr.phases``) only for a move that is not among the seat's legal ones; it
gets the phase's name and prompt from there, so it never decides the phase itself.
"""

from __future__ import annotations

from collections import Counter

from games.core import State
from games.knarr import flow
from games.knarr.data import COLORS, DESTINATIONS, VIKINGS, color_of
from games.knarr.names import and_list, cost_text, destination_text, viking_text

# When each verb is a move at all, for a refusal at another point of the turn.
_WHEN = {
    "recruit": "recruiting is a turn's action (or the Helmet's extra recruit)",
    "explore": "exploring is a turn's action (or the Weathervane's extra one)",
    "trade": "a trade comes once a turn, before or after the action",
    "pass": "passing is only for a turn when you can neither recruit nor explore",
    "take": "taking a face-up Viking comes right after a recruit",
    "skip": "skipping is for an optional artifact reward, or for a take when nothing is free",
    "pay": "paying comes after you choose a destination to explore",
    "cancel": "cancelling is for an exploration being paid",
    "end": "the turn ends after its action",
    "mead": "the Mead Cup discards a face-up Viking after an exploration",
    "reserve": "the Golden Bracelet reserves a destination after a 3rd Viking of a colour",
    "discard": "discarding comes when the Viking deck and discard pile are both empty",
}


def _elsewhere(verb: str) -> str:
    return f"You cannot {verb} at this point: {_WHEN[verb]}. What is asked now: {{prompt}}."


def _cards(cards: list[str]) -> str:
    return and_list([viking_text(c) for c in cards]) if cards else "none"


def _face_up(state: State) -> list[str]:
    return [d for kind in ("A", "B") for d in state["destinations"][kind] if d]


def _have(state: State, seat: int) -> str:
    """The crew by colour and the recruits, as a payment sees them."""
    counts = flow.crew_counts(state, seat)
    crew = ", ".join(f"{n} {c}" for c in COLORS if (n := counts[c])) or "no Vikings"
    recruits = flow.player(state, seat)["recruits"]
    return f"your crew has {crew} and you have {recruits} recruit" + "s" * (recruits != 1)


def _recruit(state: State, seat: int, words: list[str], legal: list[str]) -> str:
    card = words[1] if len(words) > 1 else ""
    hand = flow.player(state, seat)["hand"]
    if card not in hand:
        what = f"{viking_text(card)} is not in it" if card in VIKINGS else f"'{card}' is not a Viking in it"
        return f"You recruit from your hand: {what}; you hold {_cards(hand)}."
    if len(words) > 2:
        free = [a.split()[3] for a in legal if a.startswith(f"recruit {card} take ")]
        if not free:
            return f"Recruiting {viking_text(card)} gives no free take to choose; recruit it, then take."
        return (
            f"Recruiting {viking_text(card)} lets you take {viking_text(free[0])} free "
            "in the same press; any other take comes after the recruit."
        )
    return _elsewhere("recruit")


def _explore(state: State, seat: int, words: list[str]) -> str:
    dest = words[1] if len(words) > 1 else ""
    p = flow.player(state, seat)
    open_ = _face_up(state) + p["reserved"]
    if dest not in DESTINATIONS:
        listed = and_list([destination_text(d) for d in open_]) or "none"
        return f"'{dest}' is not a destination; you may explore a face-up or reserved one: {listed}."
    if dest not in open_:
        listed = and_list([destination_text(d) for d in open_]) or "none"
        return f"{destination_text(dest)} is neither face up nor reserved by you; open to you: {listed}."
    cost = cost_text(DESTINATIONS[dest]["cost"])
    if not flow.affordable(state, seat, dest):
        return f"{destination_text(dest)} costs {cost}; {_have(state, seat)}."
    return _elsewhere("explore")


def _trade(state: State, seat: int, words: list[str]) -> str:
    arg = words[1] if len(words) > 1 else ""
    bracelets = flow.player(state, seat)["bracelets"]
    if state["traded"]:
        return "You have traded this turn already: one trade a turn."
    if arg not in ("1", "2", "3"):
        return f"A trade spends 1, 2 or 3 bracelets, not '{arg}'; you have {bracelets}."
    plural = "s" * (arg != "1")
    return f"Trade {arg} needs {arg} bracelet{plural}; you have {bracelets}."


def _take(state: State, seat: int, words: list[str]) -> str:
    card = words[1] if len(words) > 1 else ""
    face_up = {c: slot for slot, c in state["vikings"].items() if c}
    listed = and_list([f"{viking_text(c)} on the {slot} space" for c, slot in face_up.items()]) or "none"
    if card not in face_up:
        what = viking_text(card) if card in VIKINGS else f"'{card}'"
        return f"You take a face-up Viking; {what} is not one. Face up: {listed}."
    recruits = flow.player(state, seat)["recruits"]
    return (
        f"Taking {viking_text(card)} from the {face_up[card]} space costs 1 recruit "
        f"(only the {state['action']['color']} space is free); you have {recruits}."
    )


def _pay(state: State, seat: int, words: list[str]) -> str:
    pending = state["pending"]
    dest = pending["explore"]
    cost = cost_text(DESTINATIONS[dest]["cost"])
    what = words[1] if len(words) > 1 else ""
    p = flow.player(state, seat)
    if what == "recruit":
        left = p["recruits"] - pending["recruits_paid"]
        if left <= 0:
            return f"You have no recruit left to pay with ({pending['recruits_paid']} paid already)."
        return f"A recruit now would leave {destination_text(dest)} ({cost}) impossible to finish paying."
    crew = [c for colour in COLORS for c in p["crew"][colour]]
    if what in pending["paid"]:
        return f"{viking_text(what)} is paid already."
    if what not in crew:
        named = viking_text(what) if what in VIKINGS else f"'{what}'"
        unpaid = [c for c in crew if c not in pending["paid"]]
        return (
            f"You pay with your crew's Vikings or a recruit; {named} is not in your crew: {_cards(unpaid)}."
        )
    paid = Counter(color_of(c) for c in pending["paid"])
    so_far = ", ".join(f"{n} {c}" for c in COLORS if (n := paid[c])) or "nothing"
    jokers = pending["recruits_paid"]
    more = f" and {jokers} recruit" + "s" * (jokers != 1) if jokers else ""
    return (
        f"{destination_text(dest)} costs {cost}: with {so_far}{more} paid, a {color_of(what)} "
        "Viking does not fit it."
    )


def _one_of(kind: str, what: str, options: list[str], named: dict[str, str]) -> str:
    listed = and_list([named[o] for o in options]) or "none"
    return f"{kind}; '{what}' is not one of them: {listed}."


def refusal(phase: str, prompt: str, state: State, seat: int, action: str, legal: list[str]) -> str | None:
    """One sentence: why ``action`` is not allowed, and what the seat has."""
    words = action.split()
    verb = words[0]
    if not any(a.split()[0] == verb for a in legal):
        if verb == "trade" and phase in ("action", "after") and seat == state["current"]:
            return _trade(state, seat, words)
        if verb == "explore" and phase in ("action", "weathervane") and len(words) > 1:
            return _explore(state, seat, words).replace("{prompt}", prompt)
        return _elsewhere(verb).replace("{prompt}", prompt) if verb in _WHEN else None
    text: str | None = None
    if len(words) == 1:
        choices = [" ".join(a.split()[1:]) for a in legal if a.split()[0] == verb and len(a.split()) == 2]
        if verb == "trade" and choices:
            return f"Say how many bracelets to trade: {' or '.join(choices)}."
        return f"Say what to {verb}: one of {', '.join(choices)}." if choices else None
    if len(words) == 2 and words[1] in COLORS:
        cards = [a.split()[1] for a in legal if a.split()[0] == verb and len(a.split()) == 2]
        alike = [c for c in cards if c in VIKINGS and color_of(c) == words[1]]
        if len(alike) > 1:
            return f"More than one {words[1]} Viking fits; say which by its id: {_cards(alike)}."
    if verb == "recruit":
        text = _recruit(state, seat, words, legal)
    elif verb == "explore":
        text = _explore(state, seat, words)
    elif verb == "trade":
        text = _trade(state, seat, words)
    elif verb == "take":
        text = _take(state, seat, words)
    elif verb == "pay" and state["pending"] is not None:
        text = _pay(state, seat, words)
    elif verb == "mead":
        face_up = {c: f"{viking_text(c)} on the {slot} space" for slot, c in state["vikings"].items() if c}
        text = _one_of("The Mead Cup discards a face-up Viking", words[-1], list(face_up), face_up)
    elif verb == "reserve":
        open_ = _face_up(state)
        text = _one_of(
            "The Golden Bracelet reserves a face-up destination",
            words[-1],
            open_,
            {d: destination_text(d) for d in open_},
        )
    elif verb == "discard":
        crew = [c for colour in COLORS for c in flow.player(state, seat)["crew"][colour]]
        text = _one_of(
            "You discard a Viking of your own crew", words[-1], crew, {c: viking_text(c) for c in crew}
        )
    elif len(words) > 1:
        text = f"'{verb}' takes no more words; say just '{verb}'."
    return text.replace("{prompt}", prompt) if text else None
