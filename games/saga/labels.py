"""Button text for every action, shown only to the seat that acts: places by the names the
board prints, leaders by their ability when the seat may know it (the tag in brackets,
which is how the picture marks them), costs and what a step gives up said in words.
"""

from __future__ import annotations

from typing import Any

from games.core import State, plural
from games.saga import actions, board, combat, flow
from games.saga.board import joined, names_text
from games.saga.data import (
    ABILITIES,
    ACTION_NAMES,
    AREAS,
    MARKERS,
    SCANDINAVIA,
    SIDE_NAMES,
    area_name,
    other,
    tile,
)
from games.saga.rules import phase_of, to_act

LIMIT = 80
_BONUS = {
    "coin": "bonus 1 coin",
    "move_or_coin": "bonus move 1 unit or 1 coin",
    "recruit_warrior": "bonus 1 warrior",
    "move": "bonus move",
}


def sees(state: State, tag: str, side: str | None) -> bool:
    """May ``side`` know this leader's ability (its own, or one revealed in a combat)?"""
    data = state["leaders"][tag]
    return bool(data["known"]) or (side == data["side"] and data["where"] != "aside")


def leader_name(state: State, tag: str, side: str | None) -> str:
    """ "Sea-King (VL2)" for a leader ``side`` knows, else "a hidden leader (VL2)"."""
    if sees(state, tag, side):
        return f"{ABILITIES[state['leaders'][tag]['ability']]['name']} ({tag})"
    whose = (
        "" if state["leaders"][tag]["side"] == side else f"{SIDE_NAMES[state['leaders'][tag]['side']][:-1]} "
    )
    return f"a hidden {whose}leader ({tag})"


def _unit(state: State, ref: str, side: str | None) -> str:
    return "a warrior" if ref == "warrior" else leader_name(state, ref, side)


def _units(state: State, refs: list[str], side: str | None) -> str:
    warriors = refs.count("warrior")
    parts = [plural(warriors, "warrior")] if warriors else []
    return joined(parts + [leader_name(state, r, side) for r in refs if r != "warrior"])


def _half(half: dict[str, Any]) -> str:
    text = (" / " if half["choose_one"] else " + ").join(ACTION_NAMES[a] for a in half["actions"])
    return f"{_BONUS[half['bonus']]}; {text}" if half["bonus"] else text


def _fit(*choices: str) -> str:
    """The first text that fits a button (the last one is cut if none does)."""
    return next((c for c in choices if len(c) <= LIMIT), choices[-1][:LIMIT])


def label(state: State, action: str) -> str:
    """Short button text for ``action`` (at most 80 characters)."""
    words = action.split()
    seats = to_act(state)
    side = board.side_of(state, seats[0]) if seats else None
    try:
        return _fit(*_label(state, words[0], words[1:], side))
    except (KeyError, IndexError, ValueError, TypeError):
        return action[:LIMIT]


def _label(state: State, verb: str, args: list[str], side: str | None) -> tuple[str, ...]:
    mine = side or "viking"
    if verb == "take" and len(args) == 2:
        a, b = (tile(int(n)) for n in args)
        left = next(t["id"] for t in state["tiles"] if t["holder"] is None and str(t["id"]) not in args)
        return (
            f"Take tiles {a['id']} ({_half(a[mine])}) and {b['id']} ({_half(b[mine])})",
            f"Take tiles {a['id']} and {b['id']}, leave tile {left} to the {SIDE_NAMES[other(mine)]}",
        )
    if verb in ("take", "tile"):
        data = tile(int(args[0]))
        icon = " [resolves first]" if data["sword"] else (" [initiative]" if data["initiative"] else "")
        head = "Take tile" if verb == "take" else "Resolve tile"
        return (f"{head} {args[0]}{icon}: {_half(data[mine])}",)
    if verb == "bonus":
        return (_bonus(state, args[0]),)
    if verb in ("move", "sail", "build", "fyrd", "income", "tribute", "recruit", "scout", "finish") or (
        verb == "done" and phase_of(state) in ("action", "bonus_move", "landing")
    ):
        return _action(state, verb, args, side)
    return _combat(state, verb, args, side)


def _bonus(state: State, what: str) -> str:
    if what == "coin":
        return "Bonus: take 1 coin from the supply"
    if what == "move":
        if actions.half(state)["bonus"] == "move_or_coin":
            return "Bonus: move 1 unit to an adjacent area"
        return "Bonus: move a group of units (then the tile's actions)"
    return f"Bonus: recruit a warrior in {area_name(what)}"


def _move(state: State, args: list[str], side: str | None) -> tuple[str, ...]:
    if len(args) == 3:
        source, target = args[0], args[1]
        group = actions.group_refs(state, source, str(side))
        text = f"Move all {len(group)} units {area_name(source)} → {area_name(target)}"
        return f"{text}: {_units(state, group, side)}", text
    unit = "warrior" if args[0] in AREAS else args[0]
    source = args[0] if unit == "warrior" else str(board.locate(state, unit))
    text = f"Move {_unit(state, unit, side)} {area_name(source)} → {area_name(args[1])}"
    space = state["spaces"].get(source)
    if space and space["marker"] and not space["face_up"] and args[1] not in SCANDINAVIA:
        return (f"{text} (reveals the scouted destination)", text)
    return (text,)


def _action(state: State, verb: str, args: list[str], side: str | None) -> tuple[str, ...]:
    coins = state["coins"]["anglo"]
    if verb == "move":
        return _move(state, args, side)
    if verb == "sail":
        space = state["spaces"][args[0]]
        if space["marker"] is not None and space["face_up"]:
            now = area_name(MARKERS[space["marker"]])
            return (f"Draw a new destination for {area_name(args[0])} (now {now}) and sail there",)
        return (f"Draw a destination for {area_name(args[0])} and sail there",)
    if verb == "build":
        return (f"Build a Stronghold in {area_name(args[0])}: pay 1 coin (you have {coins})",)
    if verb == "fyrd":
        if args[1:] == ["all"]:
            n = min(coins, board.units(state, args[0], "viking")["warriors"])
            return (f"Fyrd in {area_name(args[0])}: pay {n} coins, remove {n} Viking warriors",)
        return (f"Fyrd in {area_name(args[0])}: pay 1 coin, remove a Viking warrior",)
    if verb == "income":
        return _income(state, args, side)
    if verb == "tribute":
        n = board.count(state, args[0], "viking")
        return (
            f"Tribute in {area_name(args[0])}: 1 coin to the Vikings, their {plural(n, 'unit')} to the Drakkar",
        )
    if verb == "recruit":
        if args == ["all"]:
            places = actions.recruit_all_places(state, str(side))
            if side == "anglo":
                return (
                    f"Recruit a warrior at each Stronghold: {names_text(places)}",
                    f"Recruit a warrior at each of your {len(places)} Strongholds",
                )
            counts = ", ".join(f"{places.count(a)} in {area_name(a)}" for a in SCANDINAVIA if a in places)
            return (f"Recruit {len(places)} warriors, spread evenly: {counts}",)
        return (f"Recruit {_unit(state, args[1], side)} in {area_name(args[0])}",)
    if verb == "scout":
        return (f"Scout: the {area_name(args[0])} destination face down in {area_name(args[1])}",)
    r = state["resolving"]
    if verb == "done":
        name = "bonus move" if r["action"] == "bonus" else ACTION_NAMES.get(r["action"], "action")
        return (f"Done: end the {name}",)
    left = [ACTION_NAMES[a] for a in actions.remaining_actions(state)]
    if left:
        return (f"Finish tile {r['tile']}, leaving {' and '.join(left)} unused",)
    return (f"Finish tile {r['tile']}",)


def _income(state: State, args: list[str], side: str | None) -> tuple[str, ...]:
    if args[0] == "all":
        places = actions.unused_strongholds(state)
        if args[1] == "coin":
            return (f"Income: 1 coin at each Stronghold ({len(places)} coins)",)
        return (
            f"Income: pay {len(places)} coins, a warrior at each Stronghold: {names_text(places)}",
            f"Income: pay {len(places)} coins, a warrior at each of your {len(places)} Strongholds",
        )
    if args[1] == "coin":
        return (f"Income at {area_name(args[0])}: take 1 coin",)
    return (f"Income at {area_name(args[0])}: pay 1 coin, recruit {_unit(state, args[1], side)}",)


def _combat(state: State, verb: str, args: list[str], side: str | None) -> tuple[str, ...]:
    c = state["combat"] or {}
    if verb == "fight":
        area = args[0]
        v, a = board.count(state, area, "viking"), board.count(state, area, "anglo")
        sides = f"{plural(v, 'Viking unit')} against {plural(a, 'Anglo-Saxon unit')}"
        return (f"Fight in {area_name(area)} next: {sides}",)
    if verb == "reveal":
        return (f"Reveal {_unit(state, args[0], side)}",)
    if verb == "pass":
        return ("Pass: reveal no more leaders in this combat",)
    if verb == "bring":
        return (f"Bring {_unit(state, args[1], side)} from {area_name(args[0])} into {area_name(c['area'])}",)
    if verb == "drakkar":
        unit = "a Viking warrior" if args[0] == "warrior" else leader_name(state, args[0], side)
        return (f"Send {unit} to the Drakkar",)
    if verb == "slay":
        unit = "an Anglo-Saxon warrior" if args[0] == "warrior" else leader_name(state, args[0], side)
        return (f"Remove {unit} with the Berserker",)
    if verb == "skip":
        return (f"Skip the {_ability(state, c)}'s ability",)
    if verb == "done":
        return (f"Done: the {_ability(state, c)} removes no more",)
    if verb == "lose":
        if args == ["warriors"]:
            n = combat.warrior_losses(state, str(side))
            owed = int(c["losses"][side])
            more = "" if n == owed else f", then choose {owed - n} more"
            return (f"Lose {n} warriors{more}",)
        return (f"Lose {_unit(state, args[0], side)}",)
    if verb == "retreat":
        n = board.count(state, c["area"], str(side))
        return (f"Retreat {plural(n, 'unit')} to {area_name(args[0])}",)
    if verb == "return":
        if args == ["all"]:
            return _return_all(state, side)
        return (f"Return {_unit(state, args[0], side)} to {area_name(args[1])}",)
    raise KeyError(verb)


def _ability(state: State, c: dict[str, Any]) -> str:
    return str(ABILITIES[state["leaders"][c["leader"]]["ability"]]["name"])


def _return_all(state: State, side: str | None) -> tuple[str, ...]:
    plan = flow.homecoming(state)
    places = []
    for area in SCANDINAVIA:
        refs = [ref for ref, where in plan if where == area]
        if refs:
            places.append(f"{_units(state, refs, side)} to {area_name(area)}")
    counts = ", ".join(
        f"{sum(1 for _, w in plan if w == a)} to {area_name(a)}"
        for a in SCANDINAVIA
        if any(w == a for _, w in plan)
    )
    return (f"Bring all home: {'; '.join(places)}", f"Bring all {len(plan)} units home: {counts}")
