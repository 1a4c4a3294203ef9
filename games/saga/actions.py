"""The Actions phase: tile menus, bonus actions and every action of both sides.

Multi-step actions (movement, fyrd, income, recruitment) start with their first step
straight from the tile menu and end with ``done``; single actions (build, tribute, scout)
are one step. ``state["resolving"]`` holds the tile being resolved and the action context.
"""

from __future__ import annotations

from typing import Any

from games import core
from games.core import State
from games.saga import board, combat, flow
from games.saga.board import seat_of, unit_text
from games.saga.data import (
    ENGLAND,
    MARKER_OF,
    MARKERS,
    SCANDINAVIA,
    VIKING_RECRUITS,
    area_name,
    tile,
)


def half(state: State) -> dict[str, Any]:
    r = state["resolving"]
    return tile(r["tile"])[r["side"]]


# --- option generators ------------------------------------------------------------------


def _moved(r: dict[str, Any], area: str) -> dict[str, Any]:
    return r["moved"].get(area, {"warriors": 0, "leaders": []})


def _free_refs(state: State, area: str, side: str) -> list[str]:
    """Units of ``side`` in ``area`` that have not moved during this action."""
    r = state["resolving"]
    u = board.units(state, area, side)
    done = _moved(r, area)
    refs = ["warrior"] if u["warriors"] > done["warriors"] else []
    return refs + [t for t in u["leaders"] if t not in done["leaders"]]


def move_targets(state: State, side: str, area: str) -> list[str]:
    targets = board.neighbours(area)
    if area in SCANDINAVIA:
        marker = state["spaces"][area]["marker"]
        if marker is not None:
            targets.append(MARKERS[marker])
    return targets


def move_options(state: State, side: str) -> list[str]:
    """One Movement moves one group: every step after the first goes the same way (from
    the same area to the same area), and a destination is drawn at most once, first."""
    r = state["resolving"]
    if r["limit"] is not None and r["moves"] >= r["limit"]:
        return []
    route = r["route"]
    if route is not None:
        source, target = route
        if not board.engaged_free(state, source, side):
            return []
        return [_move(ref, source, target) for ref in _free_refs(state, source, side)]
    options = []
    areas = ENGLAND + SCANDINAVIA if side == "viking" else ENGLAND
    for area in areas:
        if not board.count(state, area, side) or not board.engaged_free(state, area, side):
            continue
        refs = _free_refs(state, area, side)
        for target in move_targets(state, side, area):
            options += [_move(ref, area, target) for ref in refs]
    if side == "viking" and state["pool"]:
        for area in SCANDINAVIA:
            space = state["spaces"][area]
            if (space["marker"] is None or space["face_up"]) and _free_refs(state, area, side):
                options.append(f"sail {area}")
    return options


def move_all_options(state: State, side: str) -> list[str]:
    """Shortcut: every unit of a group that may go, along one of the ways open now (two
    units at least, none held back by the enemy's: who stays engaged is a choice)."""
    r = state["resolving"]
    if r["limit"] is not None:
        return []
    ways: list[tuple[str, str]] = []
    for option in move_options(state, side):
        words = option.split()
        if words[0] == "move":
            source = words[1] if words[1] in state["areas"] else str(board.locate(state, words[1]))
            if (source, words[2]) not in ways:
                ways.append((source, words[2]))
    enemy = "anglo" if side == "viking" else "viking"
    return [
        f"move {source} {target} all"
        for source, target in ways
        if len(group_refs(state, source, side)) >= 2
        and board.count(state, source, side) - len(group_refs(state, source, side))
        >= board.count(state, source, enemy)
    ]


def _move(ref: str, area: str, target: str) -> str:
    return f"move {area} {target}" if ref == "warrior" else f"move {ref} {target}"


def build_options(state: State) -> list[str]:
    if state["coins"]["anglo"] < 1 or state["supply"]["anglo"]["strongholds"] < 1:
        return []
    return [
        f"build {a}" for a in ENGLAND if not board.stronghold(state, a) and board.control(state, a) == "anglo"
    ]


def fyrd_options(state: State) -> list[str]:
    if state["coins"]["anglo"] < 1:
        return []
    return [
        f"fyrd {a}"
        for a in ENGLAND
        if board.stronghold(state, a) and board.units(state, a, "viking")["warriors"]
    ]


def fyrd_all_options(state: State) -> list[str]:
    """Shortcut: as many Viking warriors in one area as the coins pay for (two at least)."""
    coins = state["coins"]["anglo"]
    return [
        f"fyrd {area} all"
        for area in (o.split()[1] for o in fyrd_options(state))
        if min(coins, board.units(state, area, "viking")["warriors"]) >= 2
    ]


def unused_strongholds(state: State) -> list[str]:
    """Areas with a Stronghold that has given no Income or recruit in this action yet."""
    used = state["resolving"]["used"]
    return [a for a in ENGLAND if board.stronghold(state, a) and a not in used]


def income_all_options(state: State) -> list[str]:
    """Shortcuts: the same Income at every Stronghold left (two at least), a coin each or
    a warrior each for a coin."""
    n = len(unused_strongholds(state))
    if n < 2:
        return []
    options = ["income all coin"] if state["coins"]["supply"] >= n else []
    if state["coins"]["anglo"] >= n and state["supply"]["anglo"]["warriors"] >= n:
        options.append("income all warrior")
    return options


def recruit_all_places(state: State, side: str) -> list[str]:
    """Where ``recruit all`` puts its warriors: the Vikings' spread evenly over Scandinavia
    (first the area earliest in the north-south chain among the emptiest), the
    Anglo-Saxons' one at each Stronghold left."""
    warriors = state["supply"][side]["warriors"]
    if side == "anglo":
        return unused_strongholds(state)[:warriors] if warriors >= len(unused_strongholds(state)) else []
    counts = {a: board.count(state, a, "viking") for a in SCANDINAVIA}
    places = []
    for _ in range(min(VIKING_RECRUITS - state["resolving"]["recruited"], warriors)):
        area = min(SCANDINAVIA, key=lambda a: counts[a])
        counts[area] += 1
        places.append(area)
    return places


def recruit_all_options(state: State, side: str) -> list[str]:
    """Shortcut: every warrior the Recruitment may still place (two at least)."""
    if not recruit_options(state, side):
        return []
    return ["recruit all"] if len(recruit_all_places(state, side)) >= 2 else []


def income_options(state: State) -> list[str]:
    used = state["resolving"]["used"]
    options = []
    for area in ENGLAND:
        if not board.stronghold(state, area) or area in used:
            continue
        if state["coins"]["supply"] > 0:
            options.append(f"income {area} coin")
        if state["coins"]["anglo"] > 0:
            options += [f"income {area} {ref}" for ref in board.supply_refs(state, "anglo")]
    return options


def tribute_options(state: State) -> list[str]:
    if state["coins"]["anglo"] < 1:
        return []
    return [f"tribute {a}" for a in board.combat_areas(state)]


def recruit_options(state: State, side: str) -> list[str]:
    r = state["resolving"]
    refs = board.supply_refs(state, side)
    if side == "viking":
        if r["recruited"] >= VIKING_RECRUITS:
            return []
        return [f"recruit {a} {ref}" for a in board.scandinavia_min(state) for ref in refs]
    areas = [a for a in ENGLAND if board.stronghold(state, a) and a not in r["used"]]
    return [f"recruit {a} {ref}" for a in areas for ref in refs]


def scout_options(state: State) -> list[str]:
    targets = sorted(MARKERS[m] for m in state["pool"])
    return [f"scout {t} {s}" for t in targets for s in SCANDINAVIA]


def action_options(state: State, name: str) -> list[str]:
    side = state["resolving"]["side"]
    if name == "movement":
        return move_options(state, side)
    if name == "build":
        return build_options(state)
    if name == "fyrd":
        return fyrd_options(state)
    if name == "income":
        return income_options(state)
    if name == "tribute":
        return tribute_options(state)
    if name == "recruitment":
        return recruit_options(state, side)
    return scout_options(state)


def shortcut_options(state: State, name: str) -> list[str]:
    """The one-press shortcuts of an action (see ``games.saga.shortcuts``)."""
    side = state["resolving"]["side"]
    if name == "movement":
        return move_all_options(state, side)
    if name == "fyrd":
        return fyrd_all_options(state)
    if name == "income":
        return income_all_options(state)
    if name == "recruitment":
        return recruit_all_options(state, side)
    return []


def bonus_options(state: State) -> list[str]:
    r = state["resolving"]
    kind = half(state)["bonus"]
    if kind is None or r["bonus_used"] or r["done"]:
        return []
    side = r["side"]
    options = []
    if kind in ("coin", "move_or_coin") and state["coins"]["supply"] > 0:
        options.append("bonus coin")
    if kind in ("move", "move_or_coin"):
        r_limit = r["limit"]
        r["limit"] = 1 if kind == "move_or_coin" else None
        if move_options(state, side):
            options.append("bonus move")
        r["limit"] = r_limit
    if kind == "recruit_warrior" and state["supply"]["viking"]["warriors"] > 0:
        options += [f"bonus {a}" for a in board.scandinavia_min(state)]
    return options


def remaining_actions(state: State) -> list[str]:
    r = state["resolving"]
    h = half(state)
    if h["choose_one"] and r["done"]:
        return []
    return [a for a in h["actions"] if a not in r["done"]]


def tile_choices(state: State, seat: int) -> list[str]:
    """Phase ``choose_tile``: which of the side's tiles to resolve now."""
    return [f"tile {t}" for t in flow.held_unresolved(state, state["resolving"]["side"])]


def menu(state: State, seat: int) -> list[str]:
    """Phase ``tile``: the tile's bonus, the first step of each action left, or finish."""
    options = bonus_options(state)
    for name in remaining_actions(state):
        options += action_options(state, name) + shortcut_options(state, name)
    return [*options, "finish"]


def continuing(state: State, seat: int) -> list[str]:
    """Phases ``action``, ``bonus_move`` and ``landing``: the next step of the action under
    way, or done (not before a unit has gone to a newly drawn destination)."""
    r = state["resolving"]
    action = r["action"]
    name = "movement" if action == "bonus" else action
    steps = action_options(state, name) + shortcut_options(state, name)
    return steps if r["must_move"] is not None else [*steps, "done"]


# --- handlers: the state, the acting seat and the action's words after its verb ----------


def choose_tile(state: State, seat: int, args: list[str]) -> None:
    flow.choose_tile(state, int(args[0]))


def finish(state: State, seat: int, args: list[str]) -> None:
    if flow.finish_tile(state):
        combat.start_phase(state)


def done(state: State, seat: int, args: list[str]) -> None:
    _end_action(state)


def bonus(state: State, seat: int, args: list[str]) -> None:
    _bonus(state, args[0])


def move(state: State, seat: int, args: list[str]) -> None:
    _begin(state, "movement")
    side = state["resolving"]["side"]
    if args[2:] != ["all"]:
        _do_move(state, side, args[0], args[1])
        return
    source, target = args[0], args[1]
    group = group_refs(state, source, side)
    for ref in group:
        _do_move(state, side, source if ref == "warrior" else ref, target, quiet=True)
    core.log(
        state,
        seat,
        f"moves {board.units_text(state, group)} from {area_name(source)} to {area_name(target)}",
    )


def sail(state: State, seat: int, args: list[str]) -> None:
    _begin(state, "movement")
    _sail(state, args[0])


def build(state: State, seat: int, args: list[str]) -> None:
    _begin(state, "build")
    area = args[0]
    board.pay_coin(state, "anglo")
    state["areas"][area]["stronghold"] = True
    state["supply"]["anglo"]["strongholds"] -= 1
    track = state["track"]
    track["stronghold"] = min(track["spaces"], track["stronghold"] + 1)
    core.log(state, seat, f"builds a Stronghold in {area_name(area)}; the Stronghold marker advances")
    _end_action(state)


def fyrd(state: State, seat: int, args: list[str]) -> None:
    _begin(state, "fyrd")
    area = args[0]
    n = 1
    if args[1:] == ["all"]:
        n = min(state["coins"]["anglo"], board.units(state, area, "viking")["warriors"])
    for _ in range(n):
        board.pay_coin(state, "anglo")
        board.remove(state, area, "viking", "warrior")
    if n == 1:
        core.log(
            state, seat, f"raises the fyrd in {area_name(area)}: a Viking warrior is driven off for 1 coin"
        )
    else:
        core.log(
            state,
            seat,
            f"raises the fyrd in {area_name(area)}: {n} Viking warriors are driven off for {n} coins",
        )


def income(state: State, seat: int, args: list[str]) -> None:
    _begin(state, "income")
    if args[0] != "all":
        _income(state, args[0], args[1])
        return
    areas = unused_strongholds(state)
    for area in areas:
        _income(state, area, args[1], quiet=True)
    names = board.names_text(areas)
    if args[1] == "coin":
        core.log(state, seat, f"takes 1 coin of income at each Stronghold: {len(areas)} coins from {names}")
    else:
        core.log(state, seat, f"pays {len(areas)} coins to recruit a warrior at each Stronghold: {names}")


def tribute(state: State, seat: int, args: list[str]) -> None:
    _begin(state, "tribute")
    _tribute(state, args[0])


def recruit(state: State, seat: int, args: list[str]) -> None:
    _begin(state, "recruitment")
    side = state["resolving"]["side"]
    if args != ["all"]:
        _recruit(state, side, args[0], args[1])
        core.log(state, seat, f"recruits {unit_text_public(state, args[1])} in {area_name(args[0])}")
        return
    places = recruit_all_places(state, side)
    for area in places:
        _recruit(state, side, area, "warrior")
    where = board.names_text(sorted(set(places), key=places.index))
    core.log(state, seat, f"recruits {core.plural(len(places), 'warrior')}: {where}")


def _recruit(state: State, side: str, area: str, unit: str) -> None:
    r = state["resolving"]
    board.recruit(state, side, area, unit)
    if side == "viking":
        r["recruited"] += 1
    else:
        r["used"].append(area)


def scout(state: State, seat: int, args: list[str]) -> None:
    _begin(state, "scout")
    _scout(state, args[0], args[1])


# --- performing -------------------------------------------------------------------------


def _begin(state: State, name: str) -> None:
    """An action's first step, taken from the tile menu, starts it; later steps (and the
    moves of a bonus move) belong to the action under way."""
    if state["resolving"]["action"] is None:
        _start_action(state, name)


def _start_action(state: State, name: str) -> None:
    r = state["resolving"]
    r.update(flow.new_context())
    r["action"] = name
    r["bonus_used"] = True  # a bonus must come before the tile's actions


def _end_action(state: State) -> None:
    r = state["resolving"]
    if r["action"] != "bonus":
        r["done"].append(r["action"])
    r.update(flow.new_context())


def _bonus(state: State, what: str) -> None:
    r = state["resolving"]
    seat = seat_of(state, r["side"])
    r["bonus_used"] = True
    if what == "coin":
        board.gain_coin(state, r["side"])
        core.log(state, seat, "takes 1 coin (bonus)")
    elif what == "move":
        r.update(flow.new_context())
        r["action"] = "bonus"
        r["limit"] = 1 if half(state)["bonus"] == "move_or_coin" else None
    else:
        board.recruit(state, "viking", what, "warrior")
        core.log(state, seat, f"recruits a warrior in {area_name(what)} (bonus)")


def unit_text_public(state: State, unit: str) -> str:
    """A unit just recruited: a leader's ability stays hidden from the other side."""
    return "a warrior" if unit == "warrior" else f"a leader ({unit})"


def group_refs(state: State, area: str, side: str) -> list[str]:
    """Every unit of ``side`` in ``area`` that has not moved during this action, one
    reference per unit (``["warrior", "warrior", "VL2"]``)."""
    u = board.units(state, area, side)
    done = _moved(state["resolving"], area)
    warriors = int(u["warriors"]) - int(done["warriors"])
    return ["warrior"] * warriors + [t for t in u["leaders"] if t not in done["leaders"]]


def _do_move(state: State, side: str, first: str, target: str, *, quiet: bool = False) -> None:
    r = state["resolving"]
    unit = "warrior" if first in state["areas"] else first
    source = first if unit == "warrior" else str(board.locate(state, unit))
    board.move(state, side, source, target, unit)
    moved = r["moved"].setdefault(target, {"warriors": 0, "leaders": []})
    if unit == "warrior":
        moved["warriors"] += 1
    else:
        moved["leaders"].append(unit)
    r["moves"] += 1
    r["route"] = [source, target]
    seat = seat_of(state, side)
    if source in SCANDINAVIA and target not in SCANDINAVIA:
        space = state["spaces"][source]
        if not space["face_up"]:
            space["face_up"] = True
            core.mark_reveal(state)
            core.log(
                state,
                seat,
                f"reveals the destination at {area_name(source)}: {area_name(target)} ({space['marker']})",
            )
    must = r["must_move"]
    if must is not None and must["from"] == source and must["to"] == target:
        r["must_move"] = None
    if not quiet:
        core.log(
            state, seat, f"moves {unit_text(state, unit)} from {area_name(source)} to {area_name(target)}"
        )


def _sail(state: State, area: str) -> None:
    r = state["resolving"]
    space = state["spaces"][area]
    old = space["marker"]
    marker = core.draw(state, state["pool"])
    if old is not None:
        state["pool"].append(old)
        core.shuffle(state, state["pool"])
    space.update(marker=marker, face_up=True)
    r["must_move"] = {"from": area, "to": MARKERS[marker]}
    r["route"] = [area, MARKERS[marker]]
    verb = "draws a new destination" if old is not None else "draws a destination"
    core.log(
        state,
        seat_of(state, "viking"),
        f"{verb} for {area_name(area)}: {area_name(MARKERS[marker])} ({marker})",
    )


def _income(state: State, area: str, what: str, *, quiet: bool = False) -> None:
    r = state["resolving"]
    seat = seat_of(state, "anglo")
    r["used"].append(area)
    if what == "coin":
        board.gain_coin(state, "anglo")
        text = f"takes 1 coin of income at {area_name(area)}"
    else:
        board.pay_coin(state, "anglo")
        board.recruit(state, "anglo", area, what)
        text = f"pays 1 coin to recruit {unit_text_public(state, what)} at {area_name(area)}"
    if not quiet:
        core.log(state, seat, text)


def _tribute(state: State, area: str) -> None:
    seat = seat_of(state, "anglo")
    board.pay_coin(state, "anglo", "viking")
    u = board.units(state, area, "viking")
    sent = int(u["warriors"]) + len(u["leaders"])
    state["drakkar"]["warriors"] += u["warriors"]
    state["drakkar"]["leaders"] += u["leaders"]
    u["warriors"] = 0
    u["leaders"] = []
    core.log(
        state,
        seat,
        f"pays 1 coin of tribute: {core.plural(sent, 'Viking unit')} {'leaves' if sent == 1 else 'leave'} {area_name(area)} for the Drakkar",
    )
    _end_action(state)


def _scout(state: State, target: str, area: str) -> None:
    marker = MARKER_OF[target]
    space = state["spaces"][area]
    state["pool"].remove(marker)
    if space["marker"] is not None:
        state["pool"].append(space["marker"])
    space.update(marker=marker, face_up=False)
    core.shuffle(state, state["pool"])
    core.log(
        state,
        seat_of(state, "viking"),
        f"scouts: a face-down destination marker now lies in {area_name(area)}",
    )
    _end_action(state)
