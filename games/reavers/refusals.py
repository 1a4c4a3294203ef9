"""Why a move that is almost legal is refused: the rule that forbids it and what the player
has, in one sentence (``games.phases.Rules`` asks before its generic words)."""

from __future__ import annotations

from collections.abc import Callable

from games.core import State
from games.reavers import board
from games.reavers.data import (
    BATTLES,
    CARDS,
    FACE_NAMES,
    LOCATION_IDS,
    LOCATIONS,
    MAX_DICE,
    MAX_SPECIALIZED,
    SPACES,
    TERRITORY_TYPES,
    amount,
    location_name,
)
from games.reavers.dice import combat_choices, find_payment, parse_code, player
from games.reavers.labels import cost_text, die_label, faces_text
from games.reavers.names import plain

Reason = Callable[[State, int, list[str], list[str]], str]


def dice_text(state: State, seat: int) -> str:
    dice = player(state, seat)["dice"]
    if not dice:
        return "you have no dice"
    return "your dice: " + ", ".join(die_label(f"{d['color']}-{d['face']}") for d in dice)


def _args(legal: list[str], verb: str) -> str:
    """The arguments ``verb`` takes now, e.g. ``1, 3 or deck``."""
    found = [a.split(" ", 1)[1] for a in legal if a.split()[0] == verb and " " in a]
    if not found:
        return "none"
    return ", ".join(found[:-1]) + " or " + found[-1] if len(found) > 1 else found[0]


def _place(state: State, seat: int, words: list[str], legal: list[str]) -> str:
    free = ", ".join(location_name(loc) for loc in LOCATION_IDS if loc not in board.taken(state))
    loc = words[1] if len(words) > 1 else ""
    if loc not in LOCATIONS:
        return f"There is no location '{loc}'; still free this round: {free}."
    if loc in board.taken(state):
        return f"{location_name(loc)} has already been chosen this round; still free: {free}."
    p = player(state, seat)
    return (
        f"Taking part in {location_name(loc)} costs {cost_text(LOCATIONS[loc]['cost'])}; "
        f"you have {p['food']} Food and {dice_text(state, seat)}."
    )


def _join(state: State, seat: int, words: list[str], legal: list[str]) -> str:
    frame = board.top(state) or {}
    loc = frame.get("location", "")
    p = player(state, seat)
    if frame.get("kind") == "join" and loc in LOCATIONS and not any(a.startswith("join") for a in legal):
        return (
            f"Taking part in {location_name(loc)} costs {cost_text(LOCATIONS[loc]['cost'])}; you have "
            f"{p['food']} Food and {dice_text(state, seat)}: prepare instead."
        )
    if frame.get("kind") != "join":
        return "Taking part is decided when a location comes round to you."
    return f"Take part alone, or with a first choice on offer: {_args(legal, 'join')}."


def _prepare(state: State, seat: int, words: list[str], legal: list[str]) -> str:
    if len(player(state, seat)["dice"]) >= MAX_DICE:
        return f"Your longship holds {MAX_DICE} dice already: prepare food (2 Food) instead."
    return "Prepare takes 2 Food (prepare food) or one die as colour-face, e.g. prepare red-double."


def _take(state: State, seat: int, words: list[str], legal: list[str]) -> str:
    kind = words[1] if len(words) > 1 else ""
    kinds = sorted({a.split()[1] for a in legal if a.startswith("take ")})
    if kind not in kinds:
        return f"Here you may take: {', '.join(kinds) or 'nothing'} (you named '{kind}')."
    which = " ".join(words[2:])
    twins = [b for b in state["board"]["sea"] if b and plain(BATTLES[b]["name"]) == which]
    if kind == "battle" and len(twins) > 1:
        return f"{len(twins)} Sea Battles on offer are named {BATTLES[twins[0]]['name']}: add its id, e.g. ({twins[0]})."
    offered = ", ".join(a.split()[2] for a in legal if a.startswith(f"take {kind} ") and len(a.split()) > 2)
    return f"'{which}' is not on offer for take {kind}; on offer: {offered or 'nothing'}."


def _use(state: State, seat: int, words: list[str], legal: list[str]) -> str:
    p = player(state, seat)
    full = [location_name(s) for s in SPACES if len(p["specialized"][s]) >= MAX_SPECIALIZED]
    note = f"; full ({MAX_SPECIALIZED} Reavers): {', '.join(full)}" if full else ""
    return f"A Reaver is used to rally, lead, or specialize at villages, keeps, conquer or sea{note}."


def _face(state: State, seat: int, words: list[str], legal: list[str]) -> str:
    return f"A die face is one of: {', '.join(FACE_NAMES)}."


def _trade(state: State, seat: int, words: list[str], legal: list[str]) -> str:
    pool = ", ".join(die_label(f"{d['color']}-{d['face']}") for d in state["board"]["trade_dice"])
    return f"A trade takes two dice of the pool (the last one alone); the pool holds {pool or 'no dice'}."


def _fight(state: State, seat: int, words: list[str], legal: list[str]) -> str:
    choices = list(combat_choices(player(state, seat)))
    if not choices:
        return f"Combat dice come from hammers, and you have none ({dice_text(state, seat)})."
    return f"Your hammers raise 1 to {max(choices)} combat dice; {dice_text(state, seat)}."


def _reroll(state: State, seat: int, words: list[str], legal: list[str]) -> str:
    favor = player(state, seat)["favor"]
    return f"A re-roll costs 1 Favor (you have {favor}) and takes: {_args(legal, 'reroll')}."


def _conquer(state: State, seat: int, words: list[str], legal: list[str]) -> str:
    kind = words[1] if len(words) > 1 else ""
    if kind not in TERRITORY_TYPES:
        return f"The territory stacks are {', '.join(TERRITORY_TYPES)}; you named '{kind}'."
    front = board.territory_front(state, kind)
    if front is None:
        return f"The {kind} territory stack is empty."
    how = words[2] if len(words) > 2 else ""
    if how == "force" and not combat_choices(player(state, seat)):
        return f"By force needs hammers, and you have none ({dice_text(state, seat)})."
    if how == "force" and len(words) > 3:
        return _fight(state, seat, words, legal)
    if how == "peace":
        p = player(state, seat)
        cost = ", ".join(f"{v} {k}" for k, v in front["cost"].items())
        return f"Peacefully this tile costs {cost}; you have {p['food']} food, {p['favor']} favor, {len(p['dice'])} dice."
    return f"Conquer a {kind} territory by force or peace (conquer {kind} force)."


def _give(state: State, seat: int, words: list[str], legal: list[str]) -> str:
    frame = board.top(state) or {}
    need = amount(int(frame.get("count", 1)), "die", "dice")
    return f"You must give up {need} of your own; {dice_text(state, seat)}."


def _store(state: State, seat: int, words: list[str], legal: list[str]) -> str:
    p = player(state, seat)
    card = words[1].upper() if len(words) > 1 else ""
    mine = [a["card"] for a in p["artifacts"] if a["die"] is None]
    if card not in mine:
        names = ", ".join(CARDS[c]["name"] for c in mine) or "none"
        return f"A die is stored on an artifact of yours without one; yours: {names}."
    store = CARDS[card]["store"]
    what = f"a {FACE_NAMES[store]} die" if store else "a die of any face"
    return f"{CARDS[card]['name']} takes {what}; {dice_text(state, seat)}."


def _journey(state: State, seat: int, words: list[str], legal: list[str]) -> str:
    frame = board.top(state) or {}
    data = CARDS.get(frame.get("card", ""), {})
    price = cost_text(data.get("pay") or {})
    p = player(state, seat)
    return f"A Journey is paid ({price}) or suffered; you have {p['food']} Food and {dice_text(state, seat)}."


def _beat(state: State, seat: int, words: list[str], legal: list[str]) -> str:
    frame = board.top(state) or {}
    data = CARDS.get(frame.get("card", ""), {})
    if "combo" in data and find_payment(player(state, seat), data["combo"]) is None:
        return f"Beating {data['name']} takes {faces_text(data['combo'])}; {dice_text(state, seat)}."
    return "Beat takes no more words: it spends the battle's exact dice."


def _replace(state: State, seat: int, words: list[str], legal: list[str]) -> str:
    return f"You may give up one of yours: {_args(legal, 'replace')}."


def _plain(state: State, seat: int, words: list[str], legal: list[str]) -> str:
    return f"'{words[0]}' takes no more words here; your moves: {', '.join(legal[:6])}."


REASONS: dict[str, Reason] = {
    "place": _place,
    "store": _store,
    "join": _join,
    "prepare": _prepare,
    "take": _take,
    "use": _use,
    "face": _face,
    "trade": _trade,
    "fight": _fight,
    "reroll": _reroll,
    "conquer": _conquer,
    "give": _give,
    "journey": _journey,
    "beat": _beat,
    "replace": _replace,
    "skip": _plain,
    "stop": _plain,
}


def refusal(state: State, seat: int, action: str, legal: list[str]) -> str | None:
    words = action.split()
    verb = words[0]
    if verb != "join" and not any(a.split()[0] == verb for a in legal):
        return None  # not a step of this phase: the generic words say what cannot be done now
    if verb == "prepare" and len(words) == 2 and parse_code(words[1]) is None and words[1] != "food":
        return "Prepare takes 2 Food (prepare food) or one die as colour-face, e.g. prepare red-double."
    return REASONS[verb](state, seat, words, legal) if verb in REASONS else None
