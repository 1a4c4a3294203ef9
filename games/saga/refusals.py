"""Why a move is refused: for a near miss (the right verb, a wrong place, unit or tile) the
rule that forbids it and what the player has, in one sentence, places and leaders named
as the board prints them.
"""

from __future__ import annotations

from collections.abc import Callable

from games.core import State
from games.saga import actions, board, combat, flow
from games.saga.data import ACTION_NAMES, AREAS, MARKERS, SCANDINAVIA, TAGS, TILE_IDS, area_name

_TAGS = {tag for tags in TAGS.values() for tag in tags}


def _place(word: str) -> str:
    return area_name(word) if word in AREAS or word == "drakkar" else repr(word)


def _either(items: list[str]) -> str:
    """'A', 'A or B', 'A, B or C' (each once, in order)."""
    items = list(dict.fromkeys(items))
    if not items:
        return "none"
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " or " + items[-1]


def _unit(state: State, ref: str) -> str:
    """A unit by what every seat may know of it (refusals go to the acting seat only, but
    stay with public words)."""
    if ref == "warrior":
        return "a warrior"
    if ref not in state["leaders"]:
        return repr(ref)
    return board.unit_text(state, ref)


def _args(legal: list[str], verb: str) -> list[list[str]]:
    return [a.split()[1:] for a in legal if a.split()[0] == verb]


def _unknown(word: str, what: str) -> str | None:
    """A sentence when ``word`` names nothing of the kind ``what`` on the board."""
    if what == "area" and word not in AREAS and word != "drakkar":
        return f"'{word}' is not an area of the board (England: {_either(_england_names())}; Scandinavia: {_either([area_name(a) for a in SCANDINAVIA])})."
    if what == "unit" and word != "warrior" and word not in _TAGS:
        return f"'{word}' is not a unit: say 'warrior' or a leader's tag (VL1 to VL4, AL1 to AL4)."
    if what == "tile" and (not word.isdigit() or int(word) not in TILE_IDS):
        return f"'{word}' is not an action tile: tiles are numbered {TILE_IDS[0]} to {TILE_IDS[-1]}."
    return None


def _england_names() -> list[str]:
    return [str(a["name"]) for a in AREAS.values() if a["id"] not in SCANDINAVIA]


def _take(state: State, seat: int, args: list[str], legal: list[str]) -> str:
    free = [str(t["id"]) for t in state["tiles"] if t["holder"] is None]
    for word in args:
        if (bad := _unknown(word, "tile")) is not None:
            return bad
    if len(args) == 2 and not any(len(a) == 2 for a in _args(legal, "take")):
        return f"You take one tile now (the other side picks next); free tiles: {_either(free)}."
    taken = [w for w in args if w not in free]
    if taken:
        return f"Tile {taken[0]} is already taken; the free tiles are {_either(free)}."
    return f"Take one free tile ({_either(free)}), or two when you pick twice in a row."


def _tile(state: State, seat: int, args: list[str], legal: list[str]) -> str:
    if (bad := _unknown(args[0] if args else "", "tile")) is not None:
        return bad
    mine = [str(t) for t in flow.held_unresolved(state, state["resolving"]["side"])]
    return f"Tile {args[0]} is not one of your tiles left to resolve: you may resolve tile {_either(mine)}."


def _bonus(state: State, seat: int, args: list[str], legal: list[str]) -> str:
    kind = actions.half(state)["bonus"]
    offered = [a[0] for a in _args(legal, "bonus")]
    if kind == "recruit_warrior":
        if args and (bad := _unknown(args[0], "area")) is not None:
            return bad
        places = [area_name(a) for a in offered if a in AREAS]
        return f"The bonus warrior is recruited in the Scandinavian area with the fewest Vikings: {_either(places)}."
    what = {"coin": "1 coin", "move_or_coin": "a move of 1 unit or 1 coin", "move": "a move"}.get(
        kind, "none"
    )
    return f"This tile's bonus is {what}: say {_either(['bonus ' + o for o in offered])}."


def _move(state: State, seat: int, args: list[str], legal: list[str]) -> str:
    r = state["resolving"]
    side = r["side"]
    if len(args) < 2:
        return "Say what moves and where: 'move kent essex' (a warrior) or 'move VL2 essex' (a leader)."
    first, target = args[0], args[1]
    if first not in AREAS and (bad := _unknown(first, "unit")) is not None:
        return f"'{first}' is neither an area nor a leader's tag."
    if (bad := _unknown(target, "area")) is not None:
        return bad
    if r["route"] is not None:
        source, to = r["route"]
        return f"This Movement goes from {area_name(source)} to {area_name(to)}: every unit after the first goes the same way."
    if r["limit"] is not None and r["moves"] >= r["limit"]:
        return "This bonus moves 1 unit only, and it has moved."
    if first in AREAS:
        source, what = first, "warrior"
    else:
        where = board.locate(state, first)
        if where is None or state["leaders"][first]["side"] != side:
            return f"{_unit(state, first)} is not one of your units on the board."
        source, what = str(where), first
    if not board.count(state, source, side):
        return f"You have no unit in {area_name(source)}."
    if not board.engaged_free(state, source, side):
        return f"Your units in {area_name(source)} are held there by the enemy's (engaged units stay)."
    ways = [
        a[1]
        for a in _args(legal, "move")
        if len(a) >= 2 and (a[0] == first or (a[0] == source and what == "warrior"))
    ]
    if not ways:
        return f"{_unit(state, what)} in {area_name(source)} has moved already in this action."
    if args[2:] == ["all"]:
        return f"A whole group moves in one press when two units at least may go; from {area_name(source)} move them one by one."
    can = _either([area_name(w) for w in ways])
    return f"From {area_name(source)} a unit moves to an adjacent area (or its destination): {can}; not {_place(target)}."


def _sail(state: State, seat: int, args: list[str], legal: list[str]) -> str:
    if not args or args[0] not in SCANDINAVIA:
        return f"Ships sail from Scandinavia only ({_either([area_name(a) for a in SCANDINAVIA])}), not {_place(args[0] if args else '')}."
    if not state["pool"]:
        return "No destination marker is left to draw."
    open_ = [area_name(a[0]) for a in _args(legal, "sail")]
    return f"Sail from a Scandinavian area with a unit still to move and no face-down destination: {_either(open_)}."


def _build(state: State, seat: int, args: list[str], legal: list[str]) -> str:
    if args and (bad := _unknown(args[0], "area")) is not None:
        return bad
    open_ = [area_name(a[0]) for a in _args(legal, "build")]
    coins = state["coins"]["anglo"]
    return f"Build in an area of England you control that has no Stronghold, for 1 coin (you have {coins}): {_either(open_)}."


def _fyrd(state: State, seat: int, args: list[str], legal: list[str]) -> str:
    if args and (bad := _unknown(args[0], "area")) is not None:
        return bad
    coins = state["coins"]["anglo"]
    if args[1:] == ["all"]:
        return f"The fyrd against every warrior needs two warriors there and 2 coins at least (you have {coins})."
    open_ = [area_name(a[0]) for a in _args(legal, "fyrd")]
    return f"The fyrd is raised where you have a Stronghold and Viking warriors stand, 1 coin each (you have {coins}): {_either(open_)}."


def _income(state: State, seat: int, args: list[str], legal: list[str]) -> str:
    coins = state["coins"]["anglo"]
    open_ = [area_name(a[0]) for a in _args(legal, "income") if a[0] in AREAS]
    if args and args[0] != "all" and (bad := _unknown(args[0], "area")) is not None:
        return bad
    if args[0:1] == ["all"]:
        return f"Income at every Stronghold at once needs two Strongholds left and the coins for them (you have {coins})."
    if args and args[0] in AREAS and area_name(args[0]) not in open_:
        return f"Income comes once per action at each of your Strongholds: {_either(open_)}; not {area_name(args[0])}."
    if len(args) > 1 and args[1] != "coin" and (bad := _unknown(args[1], "unit")) is not None:
        return f"'{args[1]}' is neither 'coin' nor a unit of your supply."
    return f"Income: a coin from the supply, or pay 1 coin (you have {coins}) to recruit a unit of your supply there."


def _tribute(state: State, seat: int, args: list[str], legal: list[str]) -> str:
    if args and (bad := _unknown(args[0], "area")) is not None:
        return bad
    open_ = [area_name(a[0]) for a in _args(legal, "tribute")]
    coins = state["coins"]["anglo"]
    return f"Tribute is paid where both sides stand, 1 coin (you have {coins}): {_either(open_)}."


def _recruit(state: State, seat: int, args: list[str], legal: list[str]) -> str:
    side = state["resolving"]["side"]
    if args and args[0] != "all" and (bad := _unknown(args[0], "area")) is not None:
        return bad
    if len(args) > 1 and (bad := _unknown(args[1], "unit")) is not None:
        return bad
    places = [area_name(a[0]) for a in _args(legal, "recruit") if a[0] in AREAS]
    if args[:1] == ["all"]:
        return "Recruiting every warrior at once needs two warriors to place."
    supply = board.supply_refs(state, side)
    if len(args) > 1 and args[1] not in supply:
        return f"{_unit(state, args[1])} is not in your supply: you may recruit {_either([_unit(state, r) for r in supply])}."
    if side == "viking":
        return f"Vikings recruit in the Scandinavian area with the fewest Vikings: {_either(places)}."
    return f"Anglo-Saxons recruit at a Stronghold not yet used in this action: {_either(places)}."


def _scout(state: State, seat: int, args: list[str], legal: list[str]) -> str:
    for word in args[:2]:
        if (bad := _unknown(word, "area")) is not None:
            return bad
    pile = _either(sorted(area_name(MARKERS[m]) for m in state["pool"]))
    homes = _either([area_name(a) for a in SCANDINAVIA])
    return f"Scout puts a destination still in the pile ({pile}) face down in Scandinavia ({homes})."


def _fight(state: State, seat: int, args: list[str], legal: list[str]) -> str:
    if args and (bad := _unknown(args[0], "area")) is not None:
        return bad
    left = [area_name(a) for a in state["combat"]["pending"]]
    return f"The combats left to fight are in {_either(left)}."


def _reveal(state: State, seat: int, args: list[str], legal: list[str]) -> str:
    hidden = [a[0] for a in _args(legal, "reveal")]
    mine = _either([_unit(state, t) for t in hidden])
    return f"You may reveal a hidden leader of yours in this combat: {mine}; or pass."


def _bring(state: State, seat: int, args: list[str], legal: list[str]) -> str:
    if args and (bad := _unknown(args[0], "area")) is not None:
        return bad
    if len(args) > 1 and (bad := _unknown(args[1], "unit")) is not None:
        return bad
    sources = [area_name(a[0]) for a in _args(legal, "bring")]
    c = state["combat"]
    if c["ability"] == "reinforce":
        return f"The Horn Thegn brings a unit not engaged from an adjacent area: {_either(sources)}; or skip."
    return f"The Sea-King brings a unit from Scandinavia: {_either(sources)}; or skip."


def _drakkar(state: State, seat: int, args: list[str], legal: list[str]) -> str:
    here = _either([_unit(state, a[0]) for a in _args(legal, "drakkar")])
    return f"The Silver Envoy sends a Viking unit of this combat to the Drakkar: {here}."


def _slay(state: State, seat: int, args: list[str], legal: list[str]) -> str:
    here = _either([_unit(state, a[0]) for a in _args(legal, "slay")])
    return f"The Berserker removes up to 2 Anglo-Saxon units of this combat: {here}; or done."


def _lose(state: State, seat: int, args: list[str], legal: list[str]) -> str:
    side = board.side_of(state, seat)
    area = area_name(state["combat"]["area"])
    if args == ["warriors"]:
        return f"All as warriors is offered when two casualties or more can be warriors; you owe {combat.warrior_losses(state, side)}."
    here = _either([_unit(state, a[0]) for a in _args(legal, "lose") if a[0] != "warriors"])
    return f"Casualties come from your units in {area}: {here}."


def _retreat(state: State, seat: int, args: list[str], legal: list[str]) -> str:
    if args and (bad := _unknown(args[0], "area")) is not None:
        return bad
    side = state["combat"]["retreating"]
    open_ = _either([_place(a[0]) for a in _args(legal, "retreat")])
    if side == "anglo":
        return f"Anglo-Saxons retreat to an adjacent area without Vikings: {open_}."
    return (
        f"Vikings retreat to an adjacent area without Anglo-Saxons or a Stronghold, their own first: {open_}."
    )


def _return(state: State, seat: int, args: list[str], legal: list[str]) -> str:
    if len(args) > 1 and (bad := _unknown(args[1], "area")) is not None:
        return bad
    if args and args[0] != "all" and (bad := _unknown(args[0], "unit")) is not None:
        return bad
    homes = _either([area_name(a) for a in board.scandinavia_min(state)])
    aboard = _either([_unit(state, r) for r in board.unit_refs(state, "drakkar", "viking")])
    return f"Drakkar units come home to the Scandinavian area with the fewest Vikings ({homes}); aboard: {aboard}."


REASONS: dict[str, Callable[[State, int, list[str], list[str]], str]] = {
    "take": _take,
    "tile": _tile,
    "bonus": _bonus,
    "move": _move,
    "sail": _sail,
    "build": _build,
    "fyrd": _fyrd,
    "income": _income,
    "tribute": _tribute,
    "recruit": _recruit,
    "scout": _scout,
    "fight": _fight,
    "reveal": _reveal,
    "bring": _bring,
    "drakkar": _drakkar,
    "slay": _slay,
    "lose": _lose,
    "retreat": _retreat,
    "return": _return,
}


_ACTION_OF = {
    "move": "movement",
    "sail": "movement",
    "build": "build",
    "fyrd": "fyrd",
    "income": "income",
    "tribute": "tribute",
    "recruit": "recruitment",
    "scout": "scout",
}
_ACTION_NAMES = {**ACTION_NAMES, "bonus": "bonus move"}


def _not_now(state: State, verb: str, phase: str) -> str | None:
    """An action of a tile asked for while its tile is not the one being resolved, or
    while another action is under way."""
    if phase not in ("tile", "action", "bonus_move", "landing") or verb not in _ACTION_OF:
        return None
    r = state["resolving"]
    name = _ACTION_OF[verb]
    if r["action"] is not None and r["action"] != name:
        return f"Finish the {_ACTION_NAMES[r['action']]} under way first (done), then choose another action."
    offered = actions.half(state)["actions"]
    if name not in offered:
        names = " and ".join(_ACTION_NAMES[a] for a in offered)
        return f"Tile {r['tile']} offers {names}, not {_ACTION_NAMES[name]}."
    if name not in actions.remaining_actions(state):
        return f"The {_ACTION_NAMES[name]} of tile {r['tile']} is done (or the tile's one choice is made)."
    return None


def refusal(state: State, seat: int, action: str, legal: list[str], phase: str, asked: str) -> str:
    """One sentence saying why ``action`` is not among ``legal`` (``phase``: the phase the
    state is in, as ``rules.phase_of`` names it; ``asked``: what the seat is asked to do now)."""
    words = action.split()
    verb, args = words[0], words[1:]
    if not any(a.split()[0] == verb for a in legal):
        return _not_now(state, verb, phase) or f"'{verb}' is not a step you may take now (now: {asked})."
    reason = REASONS.get(verb)
    if reason is None:
        return f"Say '{verb}' alone: it takes no place or unit."
    return reason(state, seat, args, legal)
