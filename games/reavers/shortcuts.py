"""One press for what would otherwise be several, where the rules leave one decision.

Each shortcut is an extra legal action beside the step-by-step ones, never in their place,
and does exactly what pressing those steps in turn would do:

- ``place keeps join``: place a longship and take part at once (nothing is decided between:
  the Reavers and artifacts that fire only add, so a seat that can pay still can), and
  ``place recruit join take slot 2``: with the location's first choice too, where nothing
  that fires there can change the choices on offer (``steady``);
- ``join take pair 2`` (``take slot 1``, ``take battle B04``, ``take food``, ``conquer food
  force 2``, ...): take part and make the location's first choice;
- ``take slot 3 lead`` (``take slot 3 specialize keeps``): a lone Reaver on offer recruited
  and led or specialized at once;
- ``use rally double``: rally a Reaver with every one of its dice on the same face, and
  ``use all double``: rally every card still to use so; ``use lead specialize keeps``: the
  next two Reavers used at once, each to lead or to specialize (the first only where it asks
  nothing more: a leader whose bonus is a Spoils card to choose is not);
- ``trade blue-double red-double ...``: every trade action left at once, on the dice of the
  pool the game ranks best (Double Hammer, Shield, Hammer, Treasure Chest, Clan), and
  ``take food all``: 3 Food with every trade action left;
- ``conquer food force 3``: attack a territory with that many combat dice at once, and
  ``conquer dice peace red-clan blue-chest``: pay a dice territory with the dice the game
  would spend last;
- ``give red-clan blue-chest``: give up the dice the game would spend last, all at once;
- ``journey pay beat`` (``journey suffer fight 3``, ...): the Journey, then the Sea
  Battle's first decision, where the Journey takes no die of the player's choosing;
- ``reroll repeat``: re-roll the dice below 2 (all of them when none is) until the combat
  is won or the Favor is gone, and ``fight 2 repeat``: attack with that many combat dice,
  then re-roll so if the roll loses.
"""

from __future__ import annotations

from collections.abc import Callable
from copy import deepcopy
from typing import Any

from games.core import State
from games.reavers import board, bot, combat, conquer, flow, parts, raids, sea, seat_view
from games.reavers.board import Frame
from games.reavers.data import (
    CARDS,
    FACES,
    JOURNEYS,
    LEADER_BONUS,
    LOCATION_IDS,
    MAX_SPECIALIZED,
    REAVERS,
    SPACES,
    TERRITORY_TYPES,
)
from games.reavers.dice import code, combat_choices, is_wild, player

Act = Callable[[State, Frame, list[str]], None]

# dice given up first when the game picks: plain faces worth least, wild dice last
GIVE_ORDER = {"clan": 0, "chest": 1, "hammer": 2, "shield": 3, "double": 4}
TRADE_ORDER = {face: -rank for face, rank in GIVE_ORDER.items()}


def place_more(state: State, frame: Frame) -> list[str]:
    seat = frame["seat"]
    taken = board.taken(state)
    joins = [loc for loc in LOCATION_IDS if loc not in taken and parts.can_join(state, seat, loc)]
    # a single trade is left out: the placer trades 3 times, and all 3 at once is on offer
    firsts = [
        f"place {loc} join {tail}"
        for loc in joins
        if steady(state, seat, loc)
        for tail in first_choices(state, seat, loc, seat)
        if not (tail.startswith("trade ") and len(tail.split()) == 3)
    ]
    return [f"place {loc} join" for loc in joins] + firsts


def fired(state: State, loc: str) -> list[tuple[int, dict[str, int]]]:
    """(seat, effect) of what fires when a longship comes to ``loc`` (``flow.place``)."""
    found = []
    for seat, p in enumerate(state["seats"]):
        for reaver in p["specialized"].get(loc, []) if loc in SPACES else []:
            found.append((seat, CARDS[reaver]["ability"]))
        found += [
            (seat, CARDS[s["card"]]["effect"])
            for s in p["artifacts"]
            if s["die"] is not None and CARDS[s["card"]]["location"] == loc
        ]
    return found


def steady(state: State, seat: int, loc: str) -> bool:
    """Whether the first choices at ``loc`` stay the same once what fires there has fired:
    those of a Conquer depend on the seat's own dice, Food and Favor; a Raid Keeps may find
    its deck changed by a Keep card an effect draws; the others read only the board."""
    if loc == "conquer":
        return all(who != seat for who, _ in fired(state, loc))
    if loc == "keeps":
        return all("keep" not in effect for _, effect in fired(state, loc))
    return True


def place_join(state: State, frame: Frame, words: list[str]) -> None:
    seat = frame["seat"]
    board.pop(state, frame)
    flow.place(state, seat, words[1])
    flow.advance(state)  # the Reavers and artifacts fire; the seat's own join comes next
    join = board.top(state)
    assert join is not None
    if len(words) > 3:
        join_then(state, join, ["join", *words[3:]])
    else:
        parts.join_act(state, join, ["join"])


def join_more(state: State, frame: Frame) -> list[str]:
    seat, loc = frame["seat"], frame["location"]
    if not parts.can_join(state, seat, loc):
        return []
    return [f"join {a}" for a in first_choices(state, seat, loc, _active(state))]


def first_choices(state: State, seat: int, loc: str, active: int) -> list[str]:
    """The location's first choices, offered with taking part: the step taking part leads
    to, as it will stand (its left actions are the seat's bonus)."""
    first = {"seat": seat, "deck": loc, "left": board.bonus(state, loc, seat, active).get("actions", 0)}
    if loc in ("trade", "conquer"):
        return [a for a in FIRST[loc](state, first) if a != "stop"]
    return [a for a in FIRST[loc](state, first) if a.startswith("take ")]


def _active(state: State) -> int:
    loc = board.location_frame(state)
    assert loc is not None
    return int(loc["active"])


def join_then(state: State, frame: Frame, words: list[str]) -> None:
    """Take part, then the first choice as the step it leads to would take it."""
    from_rules = FIRST_ACT[frame["location"]]
    parts.join_act(state, frame, ["join"])
    from_rules(state, board.top(state), words[1:])  # type: ignore[arg-type]


def rally_more(state: State, frame: Frame) -> list[str]:
    card = frame["cards"][0]
    return [f"use rally {face}" for face in FACES] if REAVERS[card]["rally"] else []


def rally_on(state: State, frame: Frame, words: list[str]) -> None:
    parts.use_act(state, frame, ["use", "rally"])
    face = board.top(state)
    assert face is not None and face["kind"] == "face"
    for _ in range(len(face["colors"])):
        parts.face_act(state, face, ["face", words[2]])


def conquer_more(state: State, frame: Frame) -> list[str]:
    counts = list(combat_choices(player(state, frame["seat"])))
    return [
        f"conquer {kind} force {n}"
        for kind in TERRITORY_TYPES
        if board.territory_front(state, kind) is not None
        for n in counts
    ]


def conquer_with(state: State, frame: Frame, words: list[str]) -> None:
    conquer.conquer_act(state, frame, words[:3])
    conquer.commit_act(state, board.top(state), ["fight", words[3]])  # type: ignore[arg-type]


def uses_of(state: State, frame: Frame) -> list[list[str]]:
    """The uses of a Reaver that need no dice: lead, and each specialization with room; each
    as its words after ``use``."""
    p = player(state, frame["seat"])
    found = [["specialize", s] for s in SPACES if len(p["specialized"][s]) < MAX_SPECIALIZED]
    return [["lead"], *found]


def pair_more(state: State, frame: Frame) -> list[str]:
    """The first two Reavers of the frame used at once, each to lead or specialize; the
    first only where it asks nothing more, so the second is decided next."""
    if len(frame["cards"]) < 2:
        return []
    p = player(state, frame["seat"])
    first_asks = bool(LEADER_BONUS[REAVERS[frame["cards"][0]]["clan"]].get("spoils"))
    room = {s: MAX_SPECIALIZED - len(p["specialized"][s]) for s in SPACES}
    actions = []
    for one in uses_of(state, frame):
        if one == ["lead"] and first_asks:
            continue
        for two in uses_of(state, frame):
            if one[0] == two[0] == "specialize" and one[1] == two[1] and room[one[1]] < 2:
                continue
            actions.append(" ".join(["use", *one, *two]))
    return actions


def use_pair(state: State, frame: Frame, words: list[str]) -> None:
    first = words[1:3] if words[1] == "specialize" else words[1:2]
    parts.use_act(state, frame, ["use", *first])
    parts.use_act(state, frame, ["use", *words[1 + len(first) :]])


def recruit_more(state: State, frame: Frame) -> list[str]:
    """A lone Reaver on offer, recruited and led or specialized at once (``take slot 3
    lead``): it is face up, and the dice its recruit rolls change neither use."""
    uses = uses_of(state, frame)
    return [
        " ".join(["take", "slot", str(i + 1), *use])
        for i, cards in enumerate(state["board"]["recruit"])
        if len(cards) == 1
        for use in uses
    ]


def recruit_pairs(state: State, frame: Frame) -> list[str]:
    """Two Reavers on offer together, recruited and both led or specialized at once, in the
    one way the sensible bot would use them (``take slot 2 lead specialize keeps``): one
    move a slot, not the 25 ways of using a pair. Their uses read neither dice nor Food, so
    the dice the recruit rolls change none of them. None where it would rally either."""
    seat = frame["seat"]
    found = []
    seen: dict[str, Any] | None = None
    for i, cards in enumerate(state["board"]["recruit"]):
        if len(cards) != 2:
            continue
        pairs = pair_more(state, {"seat": seat, "cards": cards})
        seen = seen or seat_view.uses_view(state, seat)
        pick = bot.pair_pick(seen, [seat_view.card_view(c) for c in cards], pairs)
        if pick is not None:
            found.append(" ".join(["take", "slot", str(i + 1), *pick.split()[1:]]))
    return found


def recruit_step(state: State, frame: Frame) -> list[str]:
    """The Recruit step's actions, then a lone Reaver recruited and used at once, and a pair
    recruited and used as the sensible bot would."""
    return [*parts.recruit_actions(state, frame), *recruit_more(state, frame), *recruit_pairs(state, frame)]


def recruit_any(state: State, frame: Frame, words: list[str]) -> None:
    parts.recruit_act(state, frame, words[:3])
    use = board.top(state)
    if len(words) > 4 and words[3:] != ["specialize", *words[4:5]]:  # two uses
        use_pair(state, use, ["use", *words[3:]])  # type: ignore[arg-type]
    elif len(words) > 3:
        parts.use_act(state, use, ["use", *words[3:]])  # type: ignore[arg-type]


def rally_all_more(state: State, frame: Frame) -> list[str]:
    return [f"use all {face}" for face in FACES] if len(frame["cards"]) > 1 else []


def rally_all(state: State, frame: Frame, words: list[str]) -> None:
    for _ in range(len(frame["cards"])):
        rally_on(state, frame, ["use", "rally", words[2]])


def best_trade(state: State, frame: Frame) -> list[str]:
    """The pool dice the game would take with every trade left, best first."""
    pool = sorted(state["board"]["trade_dice"], key=lambda d: (TRADE_ORDER[d["face"]], d["color"]))
    return sorted(code(d) for d in pool[: 2 * frame["left"]])


def trade_more(state: State, frame: Frame) -> list[str]:
    if frame["left"] < 2:
        return []
    food = ["take food all"]  # 3 Food with every trade left
    if len(state["board"]["trade_dice"]) < 2 * frame["left"]:
        return food
    return ["trade " + " ".join(best_trade(state, frame)), *food]


def trade_all(state: State, frame: Frame, words: list[str]) -> None:
    dice = words[1:]
    for first in range(0, len(dice), 2):
        raids.trade_act(state, frame, ["trade", *dice[first : first + 2]])


def peace_more(state: State, frame: Frame) -> list[str]:
    front = board.territory_front(state, "dice")
    need = int(front["cost"].get("dice", 0)) if front else 0
    if need < 1 or len(player(state, frame["seat"])["dice"]) < need:
        return []
    give = cheapest_dice(state, {"seat": frame["seat"], "count": need})
    return ["conquer dice peace " + " ".join(give)]


def peace_with(state: State, frame: Frame, words: list[str]) -> None:
    conquer.conquer_act(state, frame, words[:3])
    give_all(state, board.top(state), ["give", *words[3:]])  # type: ignore[arg-type]


def cheapest_dice(state: State, frame: Frame) -> list[str]:
    p = player(state, frame["seat"])
    ranked = sorted(p["dice"], key=lambda d: (is_wild(p, d), GIVE_ORDER[d["face"]], d["color"]))
    return [code(d) for d in ranked[: frame["count"]]]


def give_more(state: State, frame: Frame) -> list[str]:
    if frame["count"] < 2 or len(player(state, frame["seat"])["dice"]) < 2:
        return []
    return ["give " + " ".join(cheapest_dice(state, frame))]


def give_all(state: State, frame: Frame, words: list[str]) -> None:
    for die in words[1:]:
        conquer.discard_act(state, frame, ["give", die])


def reroll_more(state: State, frame: Frame) -> list[str]:
    return ["reroll repeat"] if player(state, frame["seat"])["favor"] >= 2 else []


def reroll_repeat(state: State, frame: Frame) -> None:
    fight = state["combat"]
    while True:
        how = "low" if any(value < 2 for value in fight["dice"]) else "all"
        combat.roll_act(state, frame, ["reroll", how])
        if fight["result"] is not None:
            return
        frame = board.top(state)  # type: ignore[assignment]


def fight_more(state: State, frame: Frame, actions: list[str]) -> list[str]:
    """Each attack among a step's ``actions``, with re-rolls while it loses (Favor needed)."""
    if player(state, frame["seat"])["favor"] < 1:
        return []
    return [f"{a} repeat" for a in actions if a.startswith("fight ")]


def fight_then(state: State, frame: Frame, words: list[str], fight: Act) -> None:
    """Attack, then re-roll while the roll loses and Favor lasts (``reroll repeat``)."""
    seat = frame["seat"]
    fight(state, frame, words[:2])
    nxt = board.top(state)
    if nxt is not None and nxt["kind"] == "roll" and nxt["seat"] == seat:
        reroll_repeat(state, nxt)


def journey_more(state: State, frame: Frame) -> list[str]:
    """Paying for (or suffering) the Journey, then beating the Sea Battle by its dice or
    attacking it, as its Battle step will offer once the Journey is behind: paying only
    spends, and a penalty that takes no dice leaves the dice as they are."""
    p = player(state, frame["seat"])
    battle = next(f for f in reversed(state["stack"]) if f["kind"] == "battle")
    found = []
    if sea.can_pay_journey(state, frame["seat"], frame["card"]):
        paid = deepcopy(p)
        sea.pay_journey(paid, frame["card"])
        found += [f"journey pay {a}" for a in sea.battle_options(paid, battle["card"])]
    if not {"lose_dice", "dice", "keep"} & set(JOURNEYS[frame["card"]]["penalty"]):
        found += [f"journey suffer {a}" for a in sea.battle_options(p, battle["card"])]
    return found


def journey_then(state: State, frame: Frame, words: list[str]) -> None:
    sea.journey_act(state, frame, words[:2])
    if len(words) > 2:
        sea.battle_act(state, board.top(state), words[2:])  # type: ignore[arg-type]


def trade_step(state: State, frame: Frame) -> list[str]:
    """The Trade step's actions: one trade at a time, then every trade left at once."""
    return [*raids.trade_actions(state, frame), *trade_more(state, frame)]


def conquer_step(state: State, frame: Frame) -> list[str]:
    """The Conquer step's actions, then an attack with its dice chosen and a dice territory
    paid with the cheapest dice."""
    return [*conquer.conquer_actions(state, frame), *conquer_more(state, frame), *peace_more(state, frame)]


def trade_any(state: State, frame: Frame, words: list[str]) -> None:
    if words[0] == "trade" and len(words) > 3:
        trade_all(state, frame, words)
    elif words == ["take", "food", "all"]:
        for _ in range(frame["left"]):
            raids.trade_act(state, frame, ["take", "food"])
    else:
        raids.trade_act(state, frame, words)


def conquer_any(state: State, frame: Frame, words: list[str]) -> None:
    if words[2:3] == ["force"] and len(words) == 4:
        conquer_with(state, frame, words)
    elif words[2:3] == ["peace"] and len(words) > 3:
        peace_with(state, frame, words)
    else:
        conquer.conquer_act(state, frame, words)


# the first choice of a location, offered together with taking part, and how it is made
FIRST = {
    "recruit": recruit_step,
    "villages": raids.raid_actions,
    "keeps": raids.raid_actions,
    "sea": sea.sea_actions,
    "trade": trade_step,
    "conquer": conquer_step,
}
FIRST_ACT = {
    "recruit": recruit_any,
    "villages": raids.raid_act,
    "keeps": raids.raid_act,
    "sea": sea.sea_act,
    "trade": trade_any,
    "conquer": conquer_any,
}
