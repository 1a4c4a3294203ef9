"""The Combat phase: order, leader reveals and abilities, strength, casualties, retreat."""

from __future__ import annotations

from typing import Any

from games import core
from games.core import State
from games.saga import board, flow
from games.saga.board import seat_of, unit_text
from games.saga.data import AREAS, PILLAGE, SCANDINAVIA, SIDE_NAMES, area_name, other

_ACTIVE = ("reinforce", "seize", "sea_king", "berserker")


def start_phase(state: State) -> None:
    pending = board.combat_areas(state)
    if not pending:
        flow.end_round(state)
        return
    state["phase"] = "combat"
    state["combat"] = {
        "area": None,
        "pending": pending,
        "step": "order",
        "turn": "viking",
        "passed": {"viking": False, "anglo": False},
        "revealed": [],
        "ability": None,
        "leader": None,
        "slain": 0,
        "strength": None,
        "winner": None,
        "losses": {"viking": 0, "anglo": 0},
        "retreating": None,
    }


def casualty_side(state: State) -> str:
    """The side removing a casualty now: the Vikings first, then the Anglo-Saxons."""
    return "viking" if _owes(state, "viking") else "anglo"


def _owes(state: State, side: str) -> bool:
    c = state["combat"]
    return c["losses"][side] > 0 and board.count(state, c["area"], side) > 0


def hidden(state: State, side: str) -> list[str]:
    c = state["combat"]
    return [t for t in board.units(state, c["area"], side)["leaders"] if t not in c["revealed"]]


# --- legal actions ----------------------------------------------------------------------


def order_options(state: State, seat: int) -> list[str]:
    """Step ``order``: the Vikings choose the next combat."""
    return [f"fight {a}" for a in state["combat"]["pending"]]


def reveal_options(state: State, seat: int) -> list[str]:
    """Step ``reveal``: one of the side's hidden leaders in this combat, or pass."""
    return [f"reveal {t}" for t in hidden(state, board.side_of(state, seat))] + ["pass"]


def ability_options(state: State, seat: int) -> list[str]:
    """Step ``ability``: how the leader just revealed uses the ability."""
    return _ability_options(state)


def casualty_options(state: State, seat: int) -> list[str]:
    """Step ``casualties``: which of the side's units in this combat to remove, or (a
    shortcut, when leaders could go too) every casualty still owed as a warrior."""
    c = state["combat"]
    side = board.side_of(state, seat)
    options = [f"lose {ref}" for ref in board.unit_refs(state, c["area"], side)]
    if len(options) > 1 and warrior_losses(state, side) >= 2:
        options.append("lose warriors")
    return options


def warrior_losses(state: State, side: str) -> int:
    """The casualties ``side`` still owes that its warriors here can take."""
    c = state["combat"]
    return min(int(c["losses"][side]), int(board.units(state, c["area"], side)["warriors"]))


def retreat_choices(state: State, seat: int) -> list[str]:
    """Step ``retreat``: where the loser's units go."""
    c = state["combat"]
    return [f"retreat {a}" for a in retreat_options(state, c["area"], str(c["retreating"]))]


def _ability_options(state: State) -> list[str]:
    c = state["combat"]
    area = c["area"]
    kind = c["ability"]
    if kind == "reinforce":
        options = [
            f"bring {n} {ref}"
            for n in board.neighbours(area)
            if board.count(state, n, "anglo") and board.engaged_free(state, n, "anglo")
            for ref in board.unit_refs(state, n, "anglo")
        ]
        return [*options, "skip"]
    if kind == "seize":
        return [f"drakkar {ref}" for ref in board.unit_refs(state, area, "viking")]
    if kind == "sea_king":
        options = [f"bring {s} {ref}" for s in SCANDINAVIA for ref in board.unit_refs(state, s, "viking")]
        return [*options, "skip"]
    options = [f"slay {ref}" for ref in board.unit_refs(state, area, "anglo")] if c["slain"] < 2 else []
    return [*options, "done"]


def retreat_options(state: State, area: str, side: str) -> list[str]:
    near = board.neighbours(area)
    if side == "anglo":
        return [n for n in near if not board.count(state, n, "viking")]
    allowed = [n for n in near if not board.count(state, n, "anglo") and not board.stronghold(state, n)]
    own = [n for n in allowed if board.count(state, n, "viking")]
    if own:
        return own
    return allowed + (["drakkar"] if AREAS[area]["kind"] == "coastal" else [])


# --- performing -------------------------------------------------------------------------


def fight(state: State, seat: int, args: list[str]) -> None:
    _begin(state, args[0])


def reveal(state: State, seat: int, args: list[str]) -> None:
    _reveal(state, board.side_of(state, seat), args[0])


def pass_(state: State, seat: int, args: list[str]) -> None:
    c = state["combat"]
    side = board.side_of(state, seat)
    c["passed"][side] = True
    core.log(state, seat, "reveals no more leaders")
    c["turn"] = other(side)
    _advance_reveal(state)


def bring(state: State, seat: int, args: list[str]) -> None:
    area = state["combat"]["area"]
    source, unit = args[0], args[1]
    board.move(state, board.side_of(state, seat), source, area, unit)
    core.log(state, seat, f"brings {unit_text(state, unit)} from {area_name(source)} into {area_name(area)}")
    _end_ability(state)


def skip(state: State, seat: int, args: list[str]) -> None:
    _end_ability(state)


def drakkar(state: State, seat: int, args: list[str]) -> None:
    board.move(state, "viking", state["combat"]["area"], "drakkar", args[0])
    core.log(state, seat, f"sends {unit_text(state, args[0])} of the Vikings to the Drakkar")
    _end_ability(state)


def slay(state: State, seat: int, args: list[str]) -> None:
    c = state["combat"]
    area = c["area"]
    board.remove(state, area, "anglo", args[0])
    c["slain"] += 1
    core.log(state, seat, f"slays {unit_text(state, args[0])} of the Anglo-Saxons")
    if c["slain"] >= 2 or not board.count(state, area, "anglo"):
        _end_ability(state)


def lose(state: State, seat: int, args: list[str]) -> None:
    c = state["combat"]
    area = c["area"]
    side = board.side_of(state, seat)
    unit, n = args[0], 1
    if unit == "warriors":
        unit, n = "warrior", warrior_losses(state, side)
    text = unit_text(state, unit) if n == 1 else f"{n} warriors"
    for _ in range(n):
        board.remove(state, area, side, unit)
        c["losses"][side] -= 1
    core.log(state, seat, f"loses {text} in {area_name(area)}")
    _advance_casualties(state)


def retreat(state: State, seat: int, args: list[str]) -> None:
    _retreat(state, board.side_of(state, seat), args[0])


def _begin(state: State, area: str) -> None:
    c = state["combat"]
    c.update(
        area=area,
        step="reveal",
        turn="viking",
        passed={"viking": False, "anglo": False},
        revealed=[],
        ability=None,
        leader=None,
        slain=0,
        strength=None,
        winner=None,
        losses={"viking": 0, "anglo": 0},
        retreating=None,
    )
    core.log(state, seat_of(state, "viking"), f"opens the combat in {area_name(area)}")
    _advance_reveal(state)


def _advance_reveal(state: State) -> None:
    c = state["combat"]
    c["step"] = "reveal"
    turn = c["turn"]
    if not c["passed"][turn] and hidden(state, turn):
        return
    if not c["passed"][other(turn)] and hidden(state, other(turn)):
        c["turn"] = other(turn)
        return
    _resolve(state)


def _reveal(state: State, side: str, tag: str) -> None:
    c = state["combat"]
    leader = state["leaders"][tag]
    leader["known"] = True
    c["revealed"].append(tag)
    core.mark_reveal(state)
    kind = leader["ability"]
    core.log(state, seat_of(state, side), f"reveals the {board.ability_name(kind)} ({tag})")
    c["turn"] = other(side)
    if kind not in _ACTIVE:
        _advance_reveal(state)
        return
    if kind == "sea_king" and AREAS[c["area"]]["kind"] != "coastal":
        _advance_reveal(state)
        return
    if kind == "berserker":
        board.take(state, c["area"], "viking", tag)
        board.lose_leader(state, tag)
        core.log(state, seat_of(state, side), f"loses the Berserker ({tag}): he falls in his berserk charge")
    c.update(step="ability", ability=kind, leader=tag, slain=0)
    options = _ability_options(state)
    if not options or options in (["skip"], ["done"]):
        _end_ability(state)


def _end_ability(state: State) -> None:
    c = state["combat"]
    c.update(ability=None, leader=None, slain=0)
    _advance_reveal(state)


def _resolve(state: State) -> None:
    c = state["combat"]
    area = c["area"]
    sv = board.strength(state, area, "viking", c["revealed"])
    sa = board.strength(state, area, "anglo", c["revealed"])
    winner = "viking" if sv > sa else "anglo"
    c["strength"] = {"viking": sv, "anglo": sa}
    c["winner"] = winner
    # The Plunderer's condition is met when the combat is won with him revealed; he may
    # then fall among the casualties and the Pillage still happens (docs/rules/saga.md).
    leaders = board.units(state, area, "viking")["leaders"]
    c["plunder"] = winner == "viking" and any(
        t in c["revealed"] and board.ability(state, t) == "plunderer" for t in leaders
    )
    c["losses"] = {
        "viking": min(board.count(state, area, "viking"), sa // 2),
        "anglo": min(board.count(state, area, "anglo"), sv // 2),
    }
    core.log(
        state,
        None,
        f"combat in {area_name(area)}: Vikings {sv}, Anglo-Saxons {sa}; the {SIDE_NAMES[winner]} win",
    )
    c["step"] = "casualties"
    _advance_casualties(state)


def _advance_casualties(state: State) -> None:
    c = state["combat"]
    if _owes(state, "viking") or _owes(state, "anglo"):
        return
    loser = other(c["winner"])
    area = c["area"]
    if not board.count(state, area, loser):
        _after(state)
        return
    options = retreat_options(state, area, loser)
    if options:
        c.update(step="retreat", retreating=loser)
        return
    for ref in board.unit_refs(state, area, loser):
        while ref in board.unit_refs(state, area, loser):
            board.remove(state, area, loser, ref)
    core.log(
        state, seat_of(state, loser), f"has nowhere to retreat from {area_name(area)}: the units are lost"
    )
    _after(state)


def _retreat(state: State, side: str, target: str) -> None:
    c = state["combat"]
    area = c["area"]
    u = board.units(state, area, side)
    n = int(u["warriors"]) + len(u["leaders"])
    for ref in list(u["leaders"]):
        board.move(state, side, area, target, ref)
    for _ in range(u["warriors"]):
        board.move(state, side, area, target, "warrior")
    core.log(
        state,
        seat_of(state, side),
        f"retreats {core.plural(n, 'unit')} from {area_name(area)} to {area_name(target)}",
    )
    _after(state)


def _after(state: State) -> None:
    c = state["combat"]
    area = c["area"]
    if c.get("plunder"):
        pillage(state, area)
    pending = [a for a in c["pending"] if a != area and a in board.combat_areas(state)]
    c.update(
        area=None,
        pending=pending,
        step="order",
        revealed=[],
        strength=None,
        winner=None,
        plunder=False,
        retreating=None,
        losses={"viking": 0, "anglo": 0},
    )
    if not pending:
        flow.end_round(state)


def pillage(state: State, area: str) -> None:
    """Designed (see docs/rules/saga.md): burn the Stronghold, carry off coins."""
    coins = PILLAGE["coins"]
    burned = False
    if board.stronghold(state, area):
        coins = PILLAGE["stronghold_coins"]
        if PILLAGE["destroys_stronghold"]:
            state["areas"][area]["stronghold"] = False
            state["supply"]["anglo"]["strongholds"] += 1
            burned = True
    got = board.gain_coin(state, "viking", coins)
    text = f"pillages {area_name(area)}: {core.plural(got, 'coin')}"
    core.log(state, seat_of(state, "viking"), text + (" and the Stronghold burns" if burned else ""))


def view(state: State) -> dict[str, Any] | None:
    c = state["combat"]
    if c is None:
        return None
    return {
        "area": c["area"],
        "pending": list(c["pending"]),
        "step": c["step"],
        "turn": c["turn"],
        "passed": dict(c["passed"]),
        "ability": c["ability"],
        "strength": None if c["strength"] is None else dict(c["strength"]),
        "winner": c["winner"],
        "losses": dict(c["losses"]),
        "retreating": c["retreating"],
    }
