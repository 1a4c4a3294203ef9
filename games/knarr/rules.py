"""Who acts, what they may do, and applying one action."""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable

from games import core
from games.core import IllegalAction, State
from games.knarr import flow, payment
from games.knarr.data import COLORS, DESTINATIONS, SHIPS, asset_of, color_of
from games.knarr.flow import player, push

VERBS = (
    "recruit",
    "take",
    "explore",
    "pay",
    "trade",
    "end",
    "pass",
    "cancel",
    "discard",
    "mead",
    "reserve",
    "skip",
)
_CARD_ID = re.compile(r"^[vab]\d\d$")


def to_act(state: State) -> list[int]:
    if state["phase"] == "over":
        return []
    if state["phase"] == "discard":
        chosen = state["discarding"]["chosen"]
        return [s for s in state["discarding"]["seats"] if str(s) not in chosen]
    return [state["current"]]


# --- legal actions ----------------------------------------------------------------


def _trades(state: State) -> list[str]:
    if state["traded"]:
        return []
    return [f"trade {n}" for n in (1, 2, 3) if n <= player(state, state["current"])["bracelets"]]


def _recruits(state: State) -> list[str]:
    return [f"recruit {card}" for card in player(state, state["current"])["hand"]]


def _explores(state: State) -> list[str]:
    return [f"explore {dest}" for dest in flow.explorable(state, state["current"])]


def _payment_state(state: State) -> tuple[dict[str, int], Counter[str], int, Counter[str], int]:
    pending = state["pending"]
    p = player(state, state["current"])
    paid = Counter(color_of(card) for card in pending["paid"])
    crew = Counter(flow.crew_counts(state, state["current"]))
    crew.subtract(paid)
    recruits_left = p["recruits"] - pending["recruits_paid"]
    return DESTINATIONS[pending["explore"]]["cost"], paid, pending["recruits_paid"], crew, recruits_left


def _pays(state: State) -> list[str]:
    cost, paid, jokers, crew, recruits = _payment_state(state)
    actions = []
    p = player(state, state["current"])
    for color in COLORS:
        for card in p["crew"][color]:
            if card in state["pending"]["paid"]:
                continue
            more = paid + Counter({color: 1})
            less = crew - Counter({color: 1})
            if payment.can_complete(cost, more, jokers, less, recruits):
                actions.append(f"pay {card}")
    if recruits > 0 and payment.can_complete(cost, paid, jokers + 1, crew, recruits - 1):
        actions.append("pay recruit")
    return actions + ["cancel"]


def _artifact_actions(state: State) -> list[str]:
    step = state["steps"][0]
    if step == "mead_cup":
        actions = [f"mead {card}" for card in state["vikings"].values() if card is not None]
    elif step == "golden_bracelet":
        face_up = [d for kind in ("A", "B") for d in state["destinations"][kind] if d]
        actions = [f"reserve {dest}" for dest in face_up]
    elif step == "helmet":
        actions = _recruits(state)
    else:
        actions = _explores(state)
    return actions + ["skip"]


def legal_actions(state: State, seat: int) -> list[str]:
    if seat not in to_act(state):
        return []
    phase = state["phase"]
    if phase == "action":
        main = _recruits(state) + _explores(state)
        return main + _trades(state) + ([] if main else ["pass"])
    if phase == "take":
        actions = [f"take {state['vikings'][slot]}" for slot, _ in flow.take_options(state)]
        if state["vikings"][state["action"]["color"]] is None:
            actions.append("skip")
        return actions
    if phase == "pay":
        return _pays(state)
    if phase == "after":
        return _trades(state) + ["end"]
    if phase == "artifact":
        return _artifact_actions(state)
    if phase == "discard":
        crew = player(state, seat)["crew"]
        return [f"discard {card}" for color in COLORS for card in crew[color]]
    return []


# --- performing actions ------------------------------------------------------------


def _recruit(state: State, card: str) -> None:
    seat = state["current"]
    p = player(state, seat)
    if state["phase"] == "artifact":
        state["steps"].pop(0)
    color = color_of(card)
    lines_before = flow.line_count(state, seat)
    p["hand"].remove(card)
    p["crew"][color].append(card)
    column = p["crew"][color]
    state["action"] = {
        "kind": "recruit",
        "color": color,
        "count": len(column),
        "lines_before": lines_before,
    }
    core.log(state, seat, f"recruits a {color} Viking ({card})")
    push(
        state,
        *flow.gains(seat, [asset_of(c) for c in column]),
        {"do": "take"},
        {"do": "after_action"},
    )


def _explore(state: State, dest: str) -> None:
    state["pending"] = {
        "explore": dest,
        "paid": [],
        "recruits_paid": 0,
        "back": state["phase"],
    }
    state["phase"] = "pay"


def _finish_explore(state: State) -> None:
    seat = state["current"]
    p = player(state, seat)
    pending = state["pending"]
    dest = pending["explore"]
    card = DESTINATIONS[dest]
    lines_before = flow.line_count(state, seat)
    for viking in pending["paid"]:
        p["crew"][color_of(viking)].remove(viking)
        state["discard"].append(viking)
    p["recruits"] -= pending["recruits_paid"]
    if dest in p["reserved"]:
        p["reserved"].remove(dest)
    else:
        _take_destination(state, dest)
    p["explored"].append(dest)
    if pending["back"] == "artifact":
        state["steps"].pop(0)
    state["pending"] = None
    state["action"] = {"kind": "explore", "dest": dest, "lines_before": lines_before}
    paid = list(pending["paid"])
    if pending["recruits_paid"]:
        paid.append(f"{pending['recruits_paid']} recruit" + "s" * (pending["recruits_paid"] > 1))
    core.log(state, seat, f"explores {dest}, paying {', '.join(paid)}")
    assets = [a for a, n in card["immediate"].items() for _ in range(n)]
    push(state, *flow.gains(seat, assets), {"do": "after_action"})


def _take_destination(state: State, dest: str) -> None:
    """Remove a face-up destination and refill its space from the same deck."""
    kind = DESTINATIONS[dest]["type"]
    row = state["destinations"][kind]
    index = row.index(dest)
    pile = state["dest_decks"][kind]
    row[index] = core.draw(state, pile) if pile else None


def _pay(state: State, what: str) -> None:
    pending = state["pending"]
    if what == "recruit":
        pending["recruits_paid"] += 1
    else:
        pending["paid"].append(what)
    cost, paid, jokers, _, _ = _payment_state(state)
    if payment.is_complete(cost, paid, jokers):
        _finish_explore(state)


def _cancel(state: State) -> None:
    state["phase"] = state["pending"]["back"]
    state["pending"] = None


def _trade(state: State, count: int) -> None:
    seat = state["current"]
    p = player(state, seat)
    p["bracelets"] -= count
    state["traded"] = True
    core.log(state, seat, f"trades {count} bracelet" + "s" * (count > 1))
    assets = list(SHIPS[state["options"]["ship"]][:count])
    for dest in p["explored"]:
        assets.extend(DESTINATIONS[dest]["trade"][:count])
    # Before the action, a line it completes is rewarded after the action (counted from
    # the start of the turn); after the action, it is checked at once.
    follow = {"do": "phase", "phase": "action"} if state["phase"] == "action" else {"do": "trade_lines"}
    push(state, *flow.gains(seat, assets), follow)


def _take(state: State, card: str) -> None:
    slot = next(s for s, c in state["vikings"].items() if c == card)
    price = dict(flow.take_options(state))[slot]
    flow.do_take(state, slot, price)


def _skip(state: State) -> None:
    if state["phase"] == "take":
        core.log(state, state["current"], "takes no Viking")
        return
    step = state["steps"].pop(0)
    core.log(state, state["current"], f"does not use the {step.replace('_', ' ')}")
    push(state, {"do": "steps"})


def _mead(state: State, card: str) -> None:
    seat = state["current"]
    slot = next(s for s, c in state["vikings"].items() if c == card)
    state["vikings"][slot] = None
    state["discard"].append(card)
    state["steps"].pop(0)
    core.log(state, seat, f"discards {card} from the {slot} space (Mead Cup)")
    push(state, {"do": "refill", "slot": slot}, {"do": "steps"})


def _reserve(state: State, dest: str) -> None:
    seat = state["current"]
    _take_destination(state, dest)
    player(state, seat)["reserved"].append(dest)
    state["steps"].pop(0)
    core.log(state, seat, f"reserves {dest} (Golden Bracelet)")
    push(state, {"do": "steps"})


def _discard(state: State, seat: int, card: str) -> None:
    state["discarding"]["chosen"][str(seat)] = card
    if len(state["discarding"]["chosen"]) == len(state["discarding"]["seats"]):
        flow.resolve_discards(state)


def _end(state: State) -> None:
    push(state, {"do": "end_turn"})


def _pass(state: State) -> None:
    core.log(state, state["current"], "passes: no action is possible")
    state["action"] = {"kind": "pass"}
    push(state, {"do": "after"})


def _canonical(words: list[str]) -> str:
    return " ".join(w.upper() if _CARD_ID.match(w) else w for w in words)


def _perform(state: State, seat: int, verb: str, arg: str) -> None:
    actions: dict[str, Callable[[], None]] = {
        "recruit": lambda: _recruit(state, arg),
        "take": lambda: _take(state, arg),
        "explore": lambda: _explore(state, arg),
        "pay": lambda: _pay(state, arg),
        "trade": lambda: _trade(state, int(arg)),
        "end": lambda: _end(state),
        "pass": lambda: _pass(state),
        "cancel": lambda: _cancel(state),
        "discard": lambda: _discard(state, seat, arg),
        "mead": lambda: _mead(state, arg),
        "reserve": lambda: _reserve(state, arg),
        "skip": lambda: _skip(state),
    }
    actions[verb]()


def _check(state: State, seat: int, action: str) -> None:
    legal = legal_actions(state, seat)
    if action in legal:
        return
    verb = action.split()[0]
    if verb not in VERBS:
        raise IllegalAction(f"'{verb}' is not a Knarr action.")
    if not any(a.split()[0] == verb for a in legal):
        raise IllegalAction(f"You cannot {verb} right now.")
    raise IllegalAction(f"'{action}' is not allowed right now.")


def apply(state: State, seat: int, action: str) -> State:
    if state["phase"] == "over":
        raise IllegalAction("The game is over.")
    if seat not in to_act(state):
        raise IllegalAction("It is not your turn to act.")
    words = core.split_action(action)
    if not words:
        raise IllegalAction("Say which action to take.")
    new = core.clone(state)
    payments = words[2:] if words[0] == "explore" else []
    first = _canonical(words[:2] if payments else words)
    _check(new, seat, first)
    parts = first.split()
    _perform(new, seat, parts[0], parts[1] if len(parts) > 1 else "")
    if payments:
        dest = parts[1]
        for word in payments:
            if new["pending"] is None:
                raise IllegalAction(f"That pays more than the cost of {dest}.")
            step = _canonical(["pay", word])
            if step not in legal_actions(new, seat):
                raise IllegalAction(f"Paying {word} does not fit the cost of {dest}.")
            _perform(new, seat, "pay", step.split()[1])
        if new["pending"] is not None:
            raise IllegalAction(f"That does not pay the whole cost of {dest}.")
    flow.run(new)
    return new
