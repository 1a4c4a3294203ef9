"""The round: stocking the board, pawn placement, walking a location round the table, cleanup.

Pending work is a stack of frames in ``state["stack"]`` (``board``); the top frame is what
happens next. Decision frames wait for their seat (the phases of ``rules``); the automatic
ones (``starting``, ``location``, ``collect``) are run here until a decision is needed.
"""

from __future__ import annotations

from games import core
from games.core import State
from games.reavers import parts, raids, scoring
from games.reavers.board import discard, order_from, top
from games.reavers.data import (
    CARDS,
    COLORS,
    PAWNS,
    ROUNDS,
    SLOTS,
    SPACES,
    TERRITORY_GLORY,
    TRADE_DICE_PER_COLOR,
    effect_text,
    location_name,
)
from games.reavers.dice import apply_effect, draw, player, roll_face

# --- the board ---------------------------------------------------------------------------


def stock_board(state: State) -> None:
    """Round setup: fill every display for the player count and roll the trade dice."""
    slots = SLOTS[str(state["players"])]
    board = state["board"]
    board["recruit"] = [_draw_many(state, "reavers", size) for size in slots["recruit"]]
    board["sea"] = [draw(state, "sea") for _ in range(slots["sea"])]
    board["prophecies"] = [draw(state, "prophecies") for _ in range(slots["prophecies"])]
    board["villages"] = [_draw_many(state, "villages", 2) or None for _ in range(slots["villages"])]
    board["keeps"] = [_draw_many(state, "keeps", 2) or None for _ in range(slots["keeps"])]
    board["trade_dice"] = [
        {"color": color, "face": roll_face(state, color)}
        for color in COLORS
        for _ in range(TRADE_DICE_PER_COLOR)
    ]


def _draw_many(state: State, deck: str, count: int) -> list[str]:
    cards = [draw(state, deck) for _ in range(count)]
    return [c for c in cards if c is not None]


def _clear_board(state: State) -> None:
    board = state["board"]
    for key in ("recruit", "villages", "keeps"):
        for group in board[key]:
            for card_id in group or []:
                discard(state, card_id)
    for key in ("sea", "prophecies"):
        for card_id in board[key]:
            if card_id is not None:
                discard(state, card_id)
    board["trade_dice"] = []


# --- the round ---------------------------------------------------------------------------


def begin_round(state: State) -> None:
    n = state["players"]
    start = state["start"]
    pawns = PAWNS[str(n)]
    for p in state["seats"]:
        p["pawns"] = pawns
    queue = [seat for _ in range(pawns) for seat in order_from(state, start)]
    if state["honor"] is not None:
        queue.append(state["honor"])
    state["queue"] = queue
    state["picks"] = []
    state["phase"] = "place"
    core.log(state, None, f"round {state['round']} begins")


def cleanup(state: State) -> None:
    for seat, p in enumerate(state["seats"]):
        if p["territories"]:
            p["glory"] += TERRITORY_GLORY * len(p["territories"])
            core.log(state, seat, f"gains {len(p['territories'])} Glory for territories")
        for upgrade in p["upgrades"]:
            upgrade["ready"] = True
    _clear_board(state)
    if state["round"] >= ROUNDS:
        state["phase"] = "over"
        state["final"] = scoring.final_scores(state)
        core.log(state, None, "the sixth round is over: final scoring")
        return
    state["round"] += 1
    if state["honor"] is not None:
        state["honor"] = (state["honor"] + 1) % state["players"]
    stock_board(state)
    begin_round(state)


def place(state: State, seat: int, loc: str) -> None:
    honor = state["honor"] is not None and len(state["queue"]) == 1 and not state["seats"][seat]["pawns"]
    state["queue"].pop(0)
    if not honor:
        state["seats"][seat]["pawns"] -= 1
    state["picks"].append({"location": loc, "seat": seat, "honor": honor})
    ship = "the Honor Ship" if honor else "a longship"
    core.log(state, seat, f"places {ship} on {location_name(loc)}")
    state["phase"] = "resolve"
    if loc == "trade":
        state["start"] = seat
        core.log(state, seat, "takes the Start Player marker")
    order = order_from(state, seat)
    _fire(state, loc, order)
    state["stack"].append(
        {"kind": "location", "location": loc, "active": seat, "order": order, "i": 0, "answers": {}}
    )


def _fire(state: State, loc: str, order: list[int]) -> None:
    """Specialized Reavers under the location, then Artifacts of the location with a stored
    die, fire for every player before anyone pays or prepares."""
    for seat in order:
        p = player(state, seat)
        for reaver in p["specialized"].get(loc, []) if loc in SPACES else []:
            # "has the specialized Astrid fire", never "Astrid Astrid fires" when a player
            # shares the Reaver's name
            name, effect = CARDS[reaver]["name"], effect_text(CARDS[reaver]["ability"])
            core.log(state, seat, f"has the specialized {name} fire: {effect}")
            apply_effect(state, seat, CARDS[reaver]["ability"])
    for seat in order:
        p = player(state, seat)
        for slot in p["artifacts"]:
            data = CARDS[slot["card"]]
            if slot["die"] is not None and data["location"] == loc:
                slot["die"] = None
                core.log(state, seat, f"spends the die on {data['name']}: {effect_text(data['effect'])}")
                apply_effect(state, seat, data["effect"])


# --- running automatic frames -------------------------------------------------------------


def advance(state: State) -> None:
    """Run automatic steps until a seat must decide or the game is over."""
    while state["phase"] != "over":
        frame = top(state)
        if frame is None:
            if state["phase"] == "start":
                begin_round(state)
            elif state["queue"]:
                state["phase"] = "place"
                state["stack"].append({"kind": "place", "seat": state["queue"][0]})
                return
            else:
                cleanup(state)
            continue
        kind = frame["kind"]
        if kind == "starting":
            if not frame["seats"]:
                state["stack"].pop()
                continue
            seat = frame["seats"].pop(0)
            # a game stored before the count was in the frame dealt the other edition's 2
            parts.start_reavers(state, seat, frame.get("count", 2))
        elif kind == "location":
            if frame["i"] >= len(frame["order"]):
                state["stack"].pop()
                continue
            seat = frame["order"][frame["i"]]
            frame["i"] += 1
            state["stack"].append({"kind": "join", "seat": seat, "location": frame["location"]})
            return
        elif kind == "collect":
            if not frame["cards"]:
                state["stack"].pop()
                continue
            raids.collect(state, frame["seat"], frame["cards"].pop(0))
        else:
            return
