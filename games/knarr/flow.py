"""The turn engine: a queue of pending effects in ``state["queue"]``.

Every effect that may need a card from the Viking deck is a queue item, so a draw that
has to wait for players to discard (deck and discard pile both empty) simply pauses the
queue; once the discards are in, the same item is retried and the turn carries on.
Handlers return ``True`` to pause the queue for a player's decision.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from typing import Any

from games import core
from games.core import State
from games.knarr import payment
from games.knarr.data import (
    CAPS,
    COLORS,
    DESTINATIONS,
    END_SCORE,
    color_of,
    income_for,
)
from games.knarr.names import viking_text

Item = dict[str, Any]


# --- small helpers -------------------------------------------------------------------


def player(state: State, seat: int) -> dict[str, Any]:
    return state["seats"][seat]


def crew_counts(state: State, seat: int) -> dict[str, int]:
    return {c: len(cards) for c, cards in player(state, seat)["crew"].items()}


def crew_size(state: State, seat: int) -> int:
    return sum(crew_counts(state, seat).values())


def line_count(state: State, seat: int) -> int:
    """Completed lines: the height of the shortest colour column."""
    return min(crew_counts(state, seat).values())


def has_artifact(state: State, artifact: str) -> bool:
    return artifact in state["options"]["artifacts"]


def push(state: State, *items: Item) -> None:
    """Put ``items`` at the front of the queue, in the given order."""
    state["queue"][0:0] = list(items)


def gains(seat: int, assets: list[str | None]) -> list[Item]:
    return [{"do": "gain", "seat": seat, "asset": a} for a in assets if a is not None]


def add_asset(state: State, seat: int, asset: str, count: int = 1) -> None:
    """Gain a token-like asset, respecting the caps (excess is lost)."""
    p = player(state, seat)
    if asset == "vp":
        p["score"] += count
    elif asset == "bracelet":
        p["bracelets"] = min(CAPS["bracelet"], p["bracelets"] + count)
    elif asset == "recruit":
        p["recruits"] = min(CAPS["recruit"], p["recruits"] + count)
    elif asset == "reputation":
        p["reputation"] = min(CAPS["reputation"], p["reputation"] + count)
    else:
        raise ValueError(f"not a token asset: {asset}")


def affordable(state: State, seat: int, dest: str) -> bool:
    p = player(state, seat)
    crew = Counter(crew_counts(state, seat))
    cost = DESTINATIONS[dest]["cost"]
    return payment.can_complete(cost, Counter(), 0, crew, p["recruits"])


def explorable(state: State, seat: int) -> list[str]:
    """Destinations the seat can explore now: face-up ones, then its reserved ones."""
    face_up = [d for kind in ("A", "B") for d in state["destinations"][kind] if d is not None]
    options = face_up + player(state, seat)["reserved"]
    return [d for d in options if affordable(state, seat, d)]


def check_final_round(state: State) -> None:
    reached = [s for s, p in enumerate(state["seats"]) if p["score"] >= END_SCORE]
    if not state["final_round"] and reached:
        state["final_round"] = True
        names = " and ".join(core.seat_ref(s) for s in reached)
        verb = "has" if len(reached) == 1 else "have"
        core.log(state, None, f"{names} {verb} {END_SCORE} points or more: this round is the last")


# --- the Viking deck -----------------------------------------------------------------


def ensure_deck(state: State) -> str:
    """Make a card available on the Viking deck: "ok", "wait" (players must discard)
    or "none" (no card exists anywhere to draw)."""
    if state["deck"]:
        return "ok"
    if state["discard"]:
        state["deck"] = state["discard"]
        state["discard"] = []
        core.shuffle(state, state["deck"])
        core.log(state, None, "the discard pile is shuffled into a new Viking deck")
        return "ok"
    sizes = [crew_size(state, s) for s in range(state["players"])]
    most = max(sizes)
    if most == 0:
        return "none"
    seats = [s for s, size in enumerate(sizes) if size == most]
    state["discarding"] = {"seats": seats, "chosen": {}}
    state["phase"] = "discard"
    core.log(state, None, "the Viking deck and discard pile are empty: the biggest crews discard")
    return "wait"


def resolve_discards(state: State) -> None:
    """All forced discards are chosen: move them to the discard pile."""
    chosen = state["discarding"]["chosen"]
    for seat in state["discarding"]["seats"]:
        card = chosen[str(seat)]
        player(state, seat)["crew"][color_of(card)].remove(card)
        state["discard"].append(card)
        core.log(state, seat, f"discards a {viking_text(card)} from the crew")
    state["discarding"] = None


# --- queue handlers -----------------------------------------------------------------


def _gain(state: State, item: Item) -> bool:
    seat = item["seat"]
    if item["asset"] != "card":
        add_asset(state, seat, item["asset"])
        return False
    status = ensure_deck(state)
    if status == "wait":
        push(state, item)
        return True
    if status == "ok":
        card = core.draw(state, state["deck"])
        player(state, seat)["crew"][color_of(card)].append(card)
        core.log(state, seat, f"draws a {color_of(card)} Viking ({card}) into the crew")
    return False


def _refill(state: State, item: Item) -> bool:
    slot = item["slot"]
    if state["vikings"][slot] is not None:
        return False
    status = ensure_deck(state)
    if status == "wait":
        push(state, item)
        return True
    if status == "ok":
        state["vikings"][slot] = core.draw(state, state["deck"])
    return False


def take_options(state: State) -> list[tuple[str, int]]:
    """(slot, recruit price) for every face-up Viking the current seat may take."""
    action = state["action"]
    p = player(state, state["current"])
    free_all = has_artifact(state, "cauldron") and action["count"] == 2
    options = []
    for slot in COLORS:
        if state["vikings"][slot] is None:
            continue
        price = 0 if free_all or slot == action["color"] else 1
        if price <= p["recruits"]:
            options.append((slot, price))
    return options


def do_take(state: State, slot: str, price: int) -> None:
    seat = state["current"]
    card = state["vikings"][slot]
    state["vikings"][slot] = None
    p = player(state, seat)
    p["hand"].append(card)
    p["recruits"] -= price
    extra = " for 1 recruit" if price else ""
    core.log(state, seat, f"takes {card} from the {slot} space{extra}")
    push(state, {"do": "refill", "slot": slot})


def _take(state: State, item: Item) -> bool:
    options = take_options(state)
    if not options:
        core.log(state, state["current"], "takes no Viking: the space is empty")
        return False
    matching = state["vikings"][state["action"]["color"]] is not None
    if len(options) > 1 or not matching:
        state["phase"] = "take"
        return True
    do_take(state, *options[0])
    return False


def _after_action(state: State, item: Item) -> bool:
    seat = state["current"]
    p = player(state, seat)
    action = state["action"]
    steps: list[str] = []
    if action["kind"] == "recruit":
        if has_artifact(state, "silver_coin") and action["count"] >= 4:
            add_asset(state, seat, "vp")
            core.log(state, seat, "gains 1 VP from the Silver Coin")
        if has_artifact(state, "golden_bracelet") and action["count"] == 3:
            steps.append("golden_bracelet")
    if action["kind"] == "explore":
        if has_artifact(state, "mead_cup"):
            steps.append("mead_cup")
        row = p["explored"]
        if (
            has_artifact(state, "helmet")
            and DESTINATIONS[row[-1]]["type"] == "B"
            and len(row) >= 2
            and DESTINATIONS[row[-2]]["type"] == "A"
        ):
            steps.append("helmet")
    steps += line_rewards(state, seat)
    state["steps"][0:0] = steps
    push(state, {"do": "steps"})
    return False


def line_rewards(state: State, seat: int) -> list[str]:
    """Amulet and Weathervane for a line completed since the turn began (as on BGA, a line
    completed by a trade's card counts too); returns the artifact steps to offer."""
    now = line_count(state, seat)
    if now <= state.get("turn_lines", now):
        return []
    state["turn_lines"] = now
    steps = []
    if has_artifact(state, "amulet"):
        for asset in ("bracelet", "recruit", "reputation"):
            add_asset(state, seat, asset)
        core.log(state, seat, "completes a line: the Amulet gives 1 bracelet, 1 recruit and 1 reputation")
    if has_artifact(state, "weathervane"):
        steps.append("weathervane")
    return steps


def _trade_lines(state: State, item: Item) -> bool:
    """After a trade that follows the action: its cards may have completed a line."""
    state["steps"][0:0] = line_rewards(state, state["current"])
    push(state, {"do": "steps"})
    return False


def step_possible(state: State, step: str) -> bool:
    seat = state["current"]
    p = player(state, seat)
    if step == "mead_cup":
        return any(card is not None for card in state["vikings"].values())
    if step == "golden_bracelet":
        face_up = [d for kind in ("A", "B") for d in state["destinations"][kind] if d]
        return len(p["reserved"]) < 2 and bool(face_up)
    if step == "helmet":
        return bool(p["hand"])
    if step == "weathervane":
        return bool(explorable(state, seat))
    raise ValueError(step)


def _steps(state: State, item: Item) -> bool:
    while state["steps"] and not step_possible(state, state["steps"][0]):
        state["steps"].pop(0)
    if state["steps"]:
        state["phase"] = "artifact"
        return True
    push(state, {"do": "after"})
    return False


def can_trade(state: State) -> bool:
    return not state["traded"] and player(state, state["current"])["bracelets"] > 0


def _after(state: State, item: Item) -> bool:
    if can_trade(state):
        state["phase"] = "after"
        return True
    push(state, {"do": "end_turn"})
    return False


def _phase(state: State, item: Item) -> bool:
    state["phase"] = item["phase"]
    return True


def start_turn(state: State) -> None:
    seat = state["current"]
    p = player(state, seat)
    state.update(traded=False, action=None, pending=None, steps=[], phase="action")
    state["turn_lines"] = line_count(state, seat)
    vp = income_for(p["reputation"])
    if vp:
        p["score"] += vp
        core.log(state, seat, f"gains {vp} VP from reputation")
    check_final_round(state)


def finish_game(state: State) -> None:
    scores = [p["score"] for p in state["seats"]]
    best = max(scores)
    tied = [s for s, score in enumerate(scores) if score == best]
    reason = f"most points ({best})"
    if len(tied) > 1:
        spare = {s: state["seats"][s]["recruits"] + state["seats"][s]["bracelets"] for s in tied}
        most = max(spare.values())
        winners = [s for s in tied if spare[s] == most]
        if len(winners) == 1:
            reason = f"tied on {best} points; most recruits and bracelets left"
        else:
            reason = f"tied on {best} points and on recruits plus bracelets: a shared win"
        tied = winners
    state["phase"] = "over"
    state["queue"] = []
    state["result"] = {"winners": tied, "scores": scores, "reason": reason}
    core.log(state, None, "the game is over")


def _end_turn(state: State) -> bool:
    check_final_round(state)
    nxt = (state["current"] + 1) % state["players"]
    if state["final_round"] and nxt == state["first"]:
        finish_game(state)
        return True
    if nxt == state["first"]:
        state["round"] += 1
    state["current"] = nxt
    start_turn(state)
    return True


def _end_turn_item(state: State, item: Item) -> bool:
    return _end_turn(state)


HANDLERS: dict[str, Callable[[State, Item], bool]] = {
    "gain": _gain,
    "refill": _refill,
    "take": _take,
    "after_action": _after_action,
    "steps": _steps,
    "after": _after,
    "phase": _phase,
    "end_turn": _end_turn_item,
    "trade_lines": _trade_lines,
}


def run(state: State) -> None:
    """Work through the queue until a player has to decide something."""
    while state["queue"] and state["discarding"] is None:
        item = state["queue"].pop(0)
        if HANDLERS[item["do"]](state, item):
            break
    check_final_round(state)
