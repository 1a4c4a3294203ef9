"""What a seat may do in each phase, and what each move does.

The table in ``games.knarr.phases`` names the phases; this module gives them their legal
actions (``*_actions``) and their handlers (``handler(state, seat, args)``). A handler
changes the state it is given (already a copy) and queues effects; the turn engine
(``flow.run``) works through them once the whole action is done.
"""

from __future__ import annotations

from collections import Counter

from games import core
from games.core import State
from games.knarr import flow, payment
from games.knarr.data import ARTIFACTS, CAPS, COLORS, DESTINATIONS, SHIPS, asset_of, color_of
from games.knarr.flow import Item, player, push
from games.knarr.names import payment_text, viking_text
from games.phases import Handler

# --- legal actions ----------------------------------------------------------------


def trade_actions(state: State) -> list[str]:
    if state["traded"]:
        return []
    return [f"trade {n}" for n in (1, 2, 3) if n <= player(state, state["current"])["bracelets"]]


def recruit_actions(state: State) -> list[str]:
    return [f"recruit {card}" for card in player(state, state["current"])["hand"]]


def explore_actions(state: State) -> list[str]:
    return [f"explore {dest}" for dest in flow.explorable(state, state["current"])]


def action_actions(state: State, seat: int) -> list[str]:
    """The turn's main choice: recruit or explore, a trade before it, or a pass when
    neither recruiting nor exploring is possible. After a move that leads to a choice
    with an obvious pick, the same move with that pick made, as one press: a recruit
    with the free take that follows, an exploration whose payment leaves no choice."""
    recruits = []
    for action in recruit_actions(state):
        recruits.append(action)
        free = free_take(state, action.split()[1])
        if free:
            recruits.append(f"{action} take {free}")
    explores = []
    for action in explore_actions(state):
        explores.append(action)
        paid = only_payment(state, action.split()[1])
        if paid:
            explores.append(f"{action} pay {' '.join(paid)}")
    main = recruits + explores
    return main + trade_actions(state) + ([] if main else ["pass"])


def free_take(state: State, card: str) -> str | None:
    """The free face-up Viking a recruit of ``card`` lets the seat take, when that take
    is a choice (the seat could pay a recruit for another one); ``None`` otherwise."""
    p = player(state, state["current"])
    color = color_of(card)
    matching = state["vikings"][color]
    if matching is None:
        return None
    column = [*p["crew"][color], card]
    recruits = min(CAPS["recruit"], p["recruits"] + [asset_of(c) for c in column].count("recruit"))
    free_all = flow.has_artifact(state, "cauldron") and len(column) == 2
    others = [slot for slot, c in state["vikings"].items() if c is not None and slot != color]
    return str(matching) if others and (free_all or recruits >= 1) else None


def only_payment(state: State, dest: str) -> list[str] | None:
    """The payment of ``dest`` when there is exactly one (recruits being all alike), as
    ``pay`` words; ``None`` when the seat has a choice."""
    p = player(state, state["current"])
    crew = Counter(flow.crew_counts(state, state["current"]))
    found = payment.completions(DESTINATIONS[dest]["cost"], Counter(), 0, crew, p["recruits"])
    if payment.ways(found, crew) != 1:
        return None
    cards, recruits = payment.cheapest(found, p["crew"])
    return cards + ["recruit"] * recruits


def take_actions(state: State, seat: int) -> list[str]:
    actions = [f"take {state['vikings'][slot]}" for slot, _ in flow.take_options(state)]
    if state["vikings"][state["action"]["color"]] is None:
        actions.append("skip")
    return actions


def payment_state(state: State) -> tuple[dict[str, int], Counter[str], int, Counter[str], int]:
    """The cost being paid, the colours and recruits paid so far, and the crew colours
    and recruits still available."""
    pending = state["pending"]
    p = player(state, state["current"])
    paid = Counter(color_of(card) for card in pending["paid"])
    crew = Counter(flow.crew_counts(state, state["current"]))
    crew.subtract(paid)
    recruits_left = p["recruits"] - pending["recruits_paid"]
    return DESTINATIONS[pending["explore"]]["cost"], paid, pending["recruits_paid"], crew, recruits_left


def pay_actions(state: State, seat: int) -> list[str]:
    """One card (or a recruit) at a time, each only if the cost can still be completed."""
    if state["pending"] is None:  # paid in full: its rewards come once the action is done
        return []
    cost, paid, jokers, crew, recruits = payment_state(state)
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
    rest = rest_payment(state)
    return actions + ([f"pay {' '.join(rest)}"] if rest else []) + ["cancel"]


def rest_payment(state: State) -> list[str] | None:
    """The rest of a payment in one press, when it takes two steps or more and there is
    a choice of how (``payment.cheapest``): the cards and recruits it pays."""
    cost, paid, jokers, crew, recruits = payment_state(state)
    found = payment.completions(cost, paid, jokers, crew, recruits)
    if payment.ways(found, crew) < 2:
        return None
    p = player(state, state["current"])
    unpaid = {c: [card for card in p["crew"][c] if card not in state["pending"]["paid"]] for c in COLORS}
    cards, more = payment.cheapest(found, unpaid)
    words = cards + ["recruit"] * more
    return words if len(words) >= 2 else None


def after_actions(state: State, seat: int) -> list[str]:
    return trade_actions(state) + ["end"]


def mead_actions(state: State, seat: int) -> list[str]:
    return [f"mead {card}" for card in state["vikings"].values() if card is not None] + ["skip"]


def reserve_actions(state: State, seat: int) -> list[str]:
    face_up = [d for kind in ("A", "B") for d in state["destinations"][kind] if d]
    return [f"reserve {dest}" for dest in face_up] + ["skip"]


def helmet_actions(state: State, seat: int) -> list[str]:
    return recruit_actions(state) + ["skip"]


def weathervane_actions(state: State, seat: int) -> list[str]:
    return explore_actions(state) + ["skip"]


def discard_actions(state: State, seat: int) -> list[str]:
    crew = player(state, seat)["crew"]
    return [f"discard {card}" for color in COLORS for card in crew[color]]


# --- handlers -----------------------------------------------------------------------


def recruit_and_take(state: State, seat: int, args: list[str]) -> None:
    """A recruit, and with ``take V21`` after it the free take its choice offers."""
    recruit(state, seat, args[:1])
    if args[1:]:
        flow.run(state)  # gains, then the take: a choice (``free_take``)
        take(state, seat, args[2:])


def recruit(state: State, seat: int, args: list[str]) -> None:
    card = args[0]
    p = player(state, seat)
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


def helmet_recruit(state: State, seat: int, args: list[str]) -> None:
    state["steps"].pop(0)
    recruit(state, seat, args)


def explore(back: str) -> Handler:
    """Start paying for a destination; ``cancel`` goes back to phase ``back``."""

    def start(state: State, seat: int, args: list[str]) -> None:
        state["pending"] = {"explore": args[0], "paid": [], "recruits_paid": 0, "back": back}
        state["phase"] = "pay"

    return start


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
    paid = payment_text(list(pending["paid"]), pending["recruits_paid"], ids=False)
    core.log(state, seat, f"explores {dest}, paying {paid}")
    assets = [a for a, n in card["immediate"].items() for _ in range(n)]
    push(state, *flow.gains(seat, assets), {"do": "after_action"})


def _take_destination(state: State, dest: str) -> None:
    """Remove a face-up destination and refill its space from the same deck."""
    kind = DESTINATIONS[dest]["type"]
    row = state["destinations"][kind]
    index = row.index(dest)
    pile = state["dest_decks"][kind]
    row[index] = core.draw(state, pile) if pile else None


def pay(state: State, seat: int, args: list[str]) -> None:
    pending = state["pending"]
    if args[0] == "recruit":
        pending["recruits_paid"] += 1
    else:
        pending["paid"].append(args[0])
    cost, paid, jokers, _, _ = payment_state(state)
    if payment.is_complete(cost, paid, jokers):
        _finish_explore(state)


def cancel(state: State, seat: int, args: list[str]) -> None:
    state["phase"] = state["pending"]["back"]
    state["pending"] = None


def trade(then: Item) -> Handler:
    """Spend bracelets for the trade rows; ``then`` is queued after the gains."""

    def spend(state: State, seat: int, args: list[str]) -> None:
        count = int(args[0])
        p = player(state, seat)
        p["bracelets"] -= count
        state["traded"] = True
        core.log(state, seat, f"trades {count} bracelet" + "s" * (count > 1))
        assets = list(SHIPS[state["options"]["ship"]][:count])
        for dest in p["explored"]:
            assets.extend(DESTINATIONS[dest]["trade"][:count])
        push(state, *flow.gains(seat, assets), dict(then))

    return spend


# Before the action, a line a trade completes is rewarded after the action (counted from
# the start of the turn); after the action, it is checked at once.
trade_before = trade({"do": "phase", "phase": "action"})
trade_after = trade({"do": "trade_lines"})


def take(state: State, seat: int, args: list[str]) -> None:
    slot = next(s for s, c in state["vikings"].items() if c == args[0])
    price = dict(flow.take_options(state))[slot]
    flow.do_take(state, slot, price)


def take_nothing(state: State, seat: int, args: list[str]) -> None:
    core.log(state, seat, "takes no Viking")


def skip_step(state: State, seat: int, args: list[str]) -> None:
    step = state["steps"].pop(0)
    core.log(state, seat, f"does not use the {ARTIFACTS[step]['name']}")
    push(state, {"do": "steps"})


def mead(state: State, seat: int, args: list[str]) -> None:
    card = args[0]
    slot = next(s for s, c in state["vikings"].items() if c == card)
    state["vikings"][slot] = None
    state["discard"].append(card)
    state["steps"].pop(0)
    core.log(state, seat, f"discards a {viking_text(card)} from the {slot} space (Mead Cup)")
    push(state, {"do": "refill", "slot": slot}, {"do": "steps"})


def reserve(state: State, seat: int, args: list[str]) -> None:
    dest = args[0]
    _take_destination(state, dest)
    player(state, seat)["reserved"].append(dest)
    state["steps"].pop(0)
    core.log(state, seat, f"reserves {dest} with the Golden Bracelet")
    push(state, {"do": "steps"})


def discard(state: State, seat: int, args: list[str]) -> None:
    state["discarding"]["chosen"][str(seat)] = args[0]
    if len(state["discarding"]["chosen"]) == len(state["discarding"]["seats"]):
        flow.resolve_discards(state)


def end(state: State, seat: int, args: list[str]) -> None:
    push(state, {"do": "end_turn"})


def pass_turn(state: State, seat: int, args: list[str]) -> None:
    core.log(state, seat, "passes: no action is possible")
    state["action"] = {"kind": "pass"}
    push(state, {"do": "after"})
