"""Units on the board: counting, control, moving, removing, leader bookkeeping.

A unit reference in an action is ``"warrior"`` or a leader's public tag (``"VL2"``).
Areas hold ``{"viking": UNITS, "anglo": UNITS, "stronghold": bool}``; the Drakkar is
``state["drakkar"]`` (Viking units only).
"""

from __future__ import annotations

from typing import Any

from games import core
from games.core import State
from games.saga.data import ABILITIES, ADJACENT, ENGLAND, SCANDINAVIA, area_name, other

Units = dict[str, Any]


def seat_of(state: State, side: str) -> int:
    return int(state["sides"][side])


def side_of(state: State, seat: int) -> str:
    return "viking" if state["sides"]["viking"] == seat else "anglo"


def units(state: State, area: str, side: str) -> Units:
    if area == "drakkar":
        if side != "viking":
            return {"warriors": 0, "leaders": []}
        return state["drakkar"]
    return state["areas"][area][side]


def count(state: State, area: str, side: str) -> int:
    u = units(state, area, side)
    return int(u["warriors"]) + len(u["leaders"])


def control(state: State, area: str) -> str | None:
    v, a = count(state, area, "viking"), count(state, area, "anglo")
    if v > a:
        return "viking"
    if a > v:
        return "anglo"
    return None


def stronghold(state: State, area: str) -> bool:
    return area in state["areas"] and bool(state["areas"][area]["stronghold"])


def in_england(state: State, side: str) -> int:
    return sum(count(state, area, side) for area in ENGLAND)


def controlled(state: State, side: str, areas: list[str] | None = None) -> list[str]:
    return [a for a in (areas or ENGLAND) if control(state, a) == side]


def combat_areas(state: State) -> list[str]:
    return [a for a in ENGLAND if count(state, a, "viking") and count(state, a, "anglo")]


def engaged_free(state: State, area: str, side: str) -> bool:
    """May one more unit of ``side`` leave ``area`` (units in excess of the enemy's)?"""
    if area == "drakkar":
        return False
    return count(state, area, side) > count(state, area, other(side))


def unit_refs(state: State, area: str, side: str) -> list[str]:
    """The distinct unit references of ``side`` in ``area``: warrior (if any) and leader tags."""
    u = units(state, area, side)
    return (["warrior"] if u["warriors"] else []) + list(u["leaders"])


def take(state: State, area: str, side: str, unit: str) -> None:
    u = units(state, area, side)
    if unit == "warrior":
        u["warriors"] -= 1
    else:
        u["leaders"].remove(unit)


def put(state: State, area: str, side: str, unit: str) -> None:
    u = units(state, area, side)
    if unit == "warrior":
        u["warriors"] += 1
    else:
        u["leaders"].append(unit)
        state["leaders"][unit]["where"] = "board"


def move(state: State, side: str, source: str, target: str, unit: str) -> None:
    take(state, source, side, unit)
    put(state, target, side, unit)


def locate(state: State, tag: str) -> str | None:
    """The area (or ``"drakkar"``) where a leader stands, ``None`` when off the board."""
    side = state["leaders"][tag]["side"]
    if tag in state["drakkar"]["leaders"]:
        return "drakkar"
    for area, data in state["areas"].items():
        if tag in data[side]["leaders"]:
            return str(area)
    return None


def recruit(state: State, side: str, area: str, unit: str) -> None:
    """Put a unit from ``side``'s supply into ``area``."""
    if unit == "warrior":
        state["supply"][side]["warriors"] -= 1
    put(state, area, side, unit)


def supply_leaders(state: State, side: str) -> list[str]:
    return [t for t, d in state["leaders"].items() if d["side"] == side and d["where"] == "supply"]


def supply_refs(state: State, side: str) -> list[str]:
    refs = ["warrior"] if state["supply"][side]["warriors"] > 0 else []
    return refs + supply_leaders(state, side)


def remove(state: State, area: str, side: str, unit: str) -> None:
    """A unit leaves play: a warrior back to supply, a leader out of the game for good."""
    take(state, area, side, unit)
    if unit == "warrior":
        state["supply"][side]["warriors"] += 1
    else:
        lose_leader(state, unit)


def lose_leader(state: State, tag: str) -> None:
    data = state["leaders"][tag]
    data["where"] = "removed"
    side = data["side"]
    state["leaders_lost"][side] += 1
    if state["leaders_lost"][side] == 1:
        for other_data in state["leaders"].values():
            if other_data["side"] == side and other_data["where"] == "aside":
                other_data["where"] = "supply"
                core.mark_reveal(state)  # its owner now learns who it is
                core.log(state, seat_of(state, side), "takes the set-aside leader into supply")
                break


def ability(state: State, tag: str) -> str:
    return str(state["leaders"][tag]["ability"])


def strength(state: State, area: str, side: str, revealed: list[str]) -> int:
    u = units(state, area, side)
    total = int(u["warriors"])
    fort = stronghold(state, area)
    for tag in u["leaders"]:
        power = 1
        if tag in revealed:
            kind = ability(state, tag)
            if kind in ("burh_warden", "siege_breaker") and fort:
                power = 2
            elif kind == "field_thegn" and not fort:
                power = 3
        total += power
    return total


def scandinavia_min(state: State) -> list[str]:
    """Scandinavian areas with the fewest Viking units (where the next unit must go)."""
    counts = {a: count(state, a, "viking") for a in SCANDINAVIA}
    low = min(counts.values())
    return [a for a in SCANDINAVIA if counts[a] == low]


def neighbours(area: str) -> list[str]:
    return list(ADJACENT[area])


def gain_coin(state: State, side: str, n: int = 1) -> int:
    """Take up to ``n`` coins from the general supply; returns how many were taken."""
    n = min(n, state["coins"]["supply"])
    state["coins"]["supply"] -= n
    state["coins"][side] += n
    return n


def pay_coin(state: State, side: str, to: str = "supply") -> None:
    state["coins"][side] -= 1
    state["coins"][to] += 1


def ability_name(tag_ability: str) -> str:
    return ABILITIES[tag_ability]["name"]


def unit_text(state: State, unit: str) -> str:
    """A unit as log lines name it: a leader by its ability once that is public, its tag
    in brackets ("the Sea-King (VL2)", "a leader (VL2)")."""
    if unit == "warrior":
        return "a warrior"
    data = state["leaders"][unit]
    return f"the {ability_name(data['ability'])} ({unit})" if data["known"] else f"a leader ({unit})"


def joined(parts: list[str]) -> str:
    """'A', 'A and B', 'A, B and C'."""
    return parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " and " + parts[-1]


def units_text(state: State, refs: list[str]) -> str:
    """Several units as log lines name them ("2 warriors and a leader (VL2)")."""
    warriors = refs.count("warrior")
    parts = [core.plural(warriors, "warrior")] if warriors else []
    return joined(parts + [unit_text(state, ref) for ref in refs if ref != "warrior"])


def names_text(areas: list[str]) -> str:
    """Areas by the names the board prints ("Kent, Mercia and Essex")."""
    return joined([area_name(a) for a in areas])
