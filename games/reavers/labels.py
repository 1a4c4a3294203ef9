"""Button labels: each move in words a player understands without the picture.

Places and cards go by the names the board prints (a card id follows in brackets only where
two cards on offer share a name), costs and terms are stated, and no two moves offered at
once share a label. At most 80 characters (a Discord button).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from games.core import State
from games.reavers import board
from games.reavers.board import territory_front
from games.reavers.data import (
    BATTLES,
    CARDS,
    FACE_NAMES,
    JOURNEYS,
    LOCATIONS,
    REAVERS,
    UPGRADES,
    amount,
    die_text,
    effect_text,
    location_name,
)
from games.reavers.dice import combat_choices, find_payment, parse_code, player

LIMIT = 80
SHORT_FACES = {"hammer": "Hammer", "double": "Double", "shield": "Shield", "chest": "Chest", "clan": "Clan"}


def label(state: State, action: str) -> str:
    words = action.split()
    verb, args = (words[0], words[1:]) if words else ("", [])
    text = _label(state, verb, args)
    return text if len(text) <= LIMIT else text[: LIMIT - 3].rstrip(" ,;:") + "..."


def _frame(state: State) -> dict[str, Any]:
    return board.top(state) or {}


def _seat(state: State) -> int:
    return int(_frame(state).get("seat", 0))


def die_label(text: str) -> str:
    parsed = parse_code(text)
    return die_text(*parsed) if parsed else text


def dice_words(codes: list[str], short: bool = False) -> str:
    """Dice in words, alike ones counted: ``a red Clan die``, ``red Clan and 2 blue Shield
    dice``; ``short`` names the faces in a word (Double, Chest)."""
    counted: dict[str, int] = {}
    for text in codes:
        counted[text] = counted.get(text, 0) + 1
    names = []
    for text, n in counted.items():
        color, face = text.split("-", 1)
        name = f"{color} {SHORT_FACES.get(face, face) if short else FACE_NAMES.get(face, face)}"
        names.append(f"{n} {name}" if n > 1 else name)
    if len(codes) == 1:
        return f"a {names[0]} die"
    listed = ", ".join(names[:-1]) + " and " + names[-1] if len(names) > 1 else names[0]
    return f"{listed} dice"


def combo_text(faces: list[str]) -> str:
    """A Sea Battle's dice in a word each, alike ones counted: ``3 Double+Chest``."""
    counted: dict[str, int] = {}
    for face in faces:
        counted[face] = counted.get(face, 0) + 1
    return "+".join(f"{n} {SHORT_FACES[f]}" if n > 1 else SHORT_FACES[f] for f, n in counted.items())


def fit(*texts: str) -> str:
    """The first text that fits on a button, else the last."""
    return next((text for text in texts if len(text) <= LIMIT), texts[-1])


def faces_text(faces: list[str]) -> str:
    """Faces to pay, e.g. ``2 Shield dice`` or ``Double Hammer, Shield``."""
    if faces and all(f == faces[0] for f in faces):
        return amount(len(faces), f"{FACE_NAMES[faces[0]]} die", f"{FACE_NAMES[faces[0]]} dice")
    return ", ".join(FACE_NAMES[f] for f in faces)


def cost_text(cost: dict[str, Any], short: bool = False) -> str:
    """A location's or Journey's price in words; ``no cost`` when free; ``short`` names the
    faces in a word."""
    parts = [f"{cost['food']} Food"] if cost.get("food") else []
    if cost.get("faces"):
        faces = faces_text(cost["faces"])
        parts.append(
            faces.replace("Treasure Chest", "Chest").replace("Double Hammer", "Double") if short else faces
        )
    return " and ".join(parts) if parts else "no cost"


def _join_text(loc: str) -> str:
    cost = LOCATIONS[loc]["cost"]
    return "take part (no cost)" if cost_text(cost) == "no cost" else f"take part, pay {cost_text(cost)}"


def _label(state: State, verb: str, args: list[str]) -> str:
    handler = _LABELS.get(verb)
    text = handler(state, args, False) if handler else None
    return text or " ".join([verb.capitalize(), *args]) + " (a move of this game)"


def _place(state: State, args: list[str], short: bool = False) -> str | None:
    if not args or args[0] not in LOCATIONS:
        return None
    p = player(state, _seat(state))
    honor = state["honor"] is not None and p["pawns"] == 0
    ship = "the Honor Ship" if honor else "a longship"
    text = f"Place {ship} on {location_name(args[0])}"
    if args[1:] == ["join"]:
        return f"{text} and {_join_text(args[0])}"
    if args[1:2] != ["join"] or len(args) < 3:
        return text
    loc, name = args[0], location_name(args[0])
    texts = []
    for brief in (False, True):  # the step's own words, then its short ones
        cost = cost_text(LOCATIONS[loc]["cost"], brief)
        then = _then(state, args[2:], brief, loc)
        paid = "" if cost == "no cost" else f", pay {cost}"
        texts += [f"{text}{paid}; {then}", f"{name}{paid}; {then}"]
    return fit(*texts)


def _then(state: State, args: list[str], short: bool, loc: str) -> str:
    """A first choice made together with taking part, in lower case after a semicolon."""
    then = (
        _take(state, args[1:], short, loc) if args[0] == "take" else _LABELS[args[0]](state, args[1:], short)
    ) or ""
    return then[:1].lower() + then[1:]


def _store(state: State, args: list[str], short: bool = False) -> str | None:
    if len(args) != 2 or args[0].upper() not in CARDS:
        return None
    return f"Store a {die_label(args[1])} die on {CARDS[args[0].upper()]['name']}"


def _join(state: State, args: list[str], short: bool = False) -> str | None:
    loc = _frame(state).get("location", "")
    first = "T" + _join_text(loc)[1:] if loc in LOCATIONS else "Take part"
    if not args:
        return first
    texts = []
    for brief in (False, True):  # the step's own words, then its short ones
        cost = cost_text(LOCATIONS[loc]["cost"], brief) if loc in LOCATIONS else "no cost"
        then = _then(state, args, brief, loc)
        texts += [
            f"{first.replace(' (no cost)', '')}; {then}",
            f"Pay {cost}; {then}" if cost != "no cost" else "",
        ]
    return fit(*[text for text in texts if text])


def _prepare(state: State, args: list[str], short: bool = False) -> str | None:
    if args == ["food"]:
        return "Prepare instead: take 2 Food"
    return f"Prepare instead: take a {die_label(args[0])} die" if args and parse_code(args[0]) else None


def _take(state: State, args: list[str], short: bool = False, loc: str = "") -> str | None:
    if args == ["food"]:
        return "Take 3 Food"
    if args[:1] == ["slot"] and len(args) > 2 and len(state["board"]["recruit"][int(args[1]) - 1]) == 2:
        return _recruit_pair(state, args, short)
    if args[:1] == ["slot"] and len(args) > 2:
        card = state["board"]["recruit"][int(args[1]) - 1][0]
        name = f"{REAVERS[card]['name']} ({REAVERS[card]['clan']})"
        if args[2] == "lead":
            return f"Recruit {name} and make it your leader"
        return f"Recruit {name} and specialize it at {location_name(args[3])}"
    if args == ["food", "all"]:
        left = int(_frame(state).get("left", 0)) or _bonus_actions(state, loc)
        return f"Take 3 Food with each of the {left} trades left ({3 * left} Food)"
    if len(args) != 2:
        return None
    kind, which = args
    if kind == "slot":
        if which == "deck":
            return "Recruit the top Reaver of the deck (unseen)"
        cards = state["board"]["recruit"][int(which) - 1]
        names = " and ".join(f"{REAVERS[c]['name']} ({REAVERS[c]['clan']})" for c in cards)
        return f"Recruit {names}"
    if kind == "pair":
        deck = loc or _frame(state).get("deck", "villages")
        if which == "deck":
            return f"Take 2 random {'Village' if deck == 'villages' else 'Keep'} Spoils from the deck"
        pair = state["board"][deck][int(which) - 1] or []
        named = [str(CARDS[c]["name"]) for c in pair]
        if short:  # "Ship Upgrade: War Mast" -> "War Mast"
            named = [name.split(": ", 1)[-1] for name in named]
        return f"Take pair {which}: " + " and ".join(named)
    if kind == "battle":
        return _battle(state, which, short)
    if kind == "prophecy":
        if which == "deck":
            return "Take the top Prophecy of the deck (unseen)"
        return f"Take the Prophecy {CARDS[which.upper()]['name']}"
    if kind == "spoils":
        return f"Draw a {'Village' if which == 'villages' else 'Keep'} Spoils card"
    return None


def _recruit_pair(state: State, args: list[str], short: bool = False) -> str:
    """A pair on offer recruited and both used (``take slot 2 lead specialize keeps``):
    ``Recruit Astrid and Bjorn: make Astrid your leader; specialize Bjorn at Raid Keeps``,
    shortened to fit."""
    cards = state["board"]["recruit"][int(args[1]) - 1]
    full, brief = _pair_words([REAVERS[c]["name"] for c in cards], args[2:])
    names = " and ".join(REAVERS[c]["name"] for c in cards)
    shortest = f"Recruit {brief.replace('; ', ' and ')}"
    if short:
        return shortest
    return fit(f"Recruit {names}: {full[:1].lower()}{full[1:]}", f"Recruit {names}: {brief}", shortest)


def _bonus_actions(state: State, loc: str) -> int:
    """The trade or conquer actions taking part at ``loc`` will give the seat deciding: by
    its distance from the active player (itself, while it places)."""
    resolving = board.location_frame(state)
    active = int(resolving["active"]) if resolving else _seat(state)
    return int(board.bonus(state, loc, _seat(state), active).get("actions", 0)) if loc else 0


def _battle(state: State, which: str, short: bool = False) -> str:
    if which == "deck":
        return "Sail against the top Sea Battle of the deck (unseen)"
    card = which.upper()
    data = BATTLES[card]
    shown = [b for b in state["board"]["sea"] if b is not None]
    same = sum(1 for b in shown if BATTLES[b]["name"] == data["name"]) > 1
    name = f"{data['name']} ({card})" if same else data["name"]
    p = player(state, _seat(state))
    can = bool(combat_choices(p)) or find_payment(p, data["combo"]) is not None
    terms = f"{data['defense']} or {combo_text(data['combo'])}, {data['glory']} Glory"
    text, brief = (
        f"Sail against {name}: defense {terms}",
        f"Sail against {name}: {terms.replace(' or', ' hits or', 1)}",
    )
    if can:
        return brief if short else fit(text, brief)
    hints = [
        f"{text} (no hammer, nor its dice)",
        f"{text} (out of reach)",
        f"Sail against {name}, out of reach: {terms.replace(' or', ' hits or', 1)}",
    ]
    return hints[-1] if short else fit(*hints)


def _use(state: State, args: list[str], short: bool = False) -> str | None:
    if len(args) > 2 or args == ["lead", "lead"]:
        return _use_pair(state, args)
    if args[:1] == ["specialize"] and len(args) == 2:
        return f"Specialize at {location_name(args[1])} (fires whenever it is chosen)"
    if args == ["rally"]:
        return "Rally: roll its dice onto faces you choose, card to the Glory pile"
    if args[:1] == ["rally"] and len(args) == 2 and args[1] in FACE_NAMES:
        return f"Rally with every die on {FACE_NAMES[args[1]]}, card to the Glory pile"
    if args[:1] == ["all"] and len(args) == 2 and args[1] in FACE_NAMES:
        cards = " and ".join(REAVERS[c]["name"] for c in _frame(state).get("cards", []))
        return f"Rally {cards}, every die on {FACE_NAMES[args[1]]}"
    if args == ["lead"]:
        return "Lead: make it your leader"
    return None


def _use_pair(state: State, args: list[str]) -> str | None:
    """The next two Reavers led or specialized at once (``use lead specialize keeps``)."""
    cards = _frame(state).get("cards", [])[:2]
    if len(cards) < 2:
        return None
    return fit(*_pair_words([REAVERS[c]["name"] for c in cards], args))


def _pair_words(names: list[str], args: list[str]) -> list[str]:
    """Two Reavers' uses in words, in full and brief: ``Make Astrid your leader; specialize
    Bjorn at Raid Keeps`` and ``Astrid leads; Bjorn at Raid Keeps``."""
    first = args[:2] if args[0] == "specialize" else args[:1]
    uses = [first, args[len(first) :]]

    def words(name: str, use: list[str], brief: bool) -> str:
        if use[0] == "lead":
            return f"{name} leads" if brief else f"make {name} your leader"
        return (
            f"{name} at {location_name(use[1])}" if brief else f"specialize {name} at {location_name(use[1])}"
        )

    texts = [
        "; ".join(words(n, u, brief) for n, u in zip(names, uses, strict=True)) for brief in (False, True)
    ]
    return [t[:1].upper() + t[1:] for t in texts]


def _face(state: State, args: list[str], short: bool = False) -> str | None:
    return f"Set the die to {FACE_NAMES[args[0]]}" if args and args[0] in FACE_NAMES else None


def _trade(state: State, args: list[str], short: bool = False) -> str | None:
    if len(args) > 2:  # every trade left at once: the dice by colour, to stay on one button
        faces: dict[str, list[str]] = {}
        for die in args:
            color, face = die.split("-", 1)
            faces.setdefault(color, []).append(SHORT_FACES.get(face, face))
        dice = ", ".join(f"{color} {'+'.join(names)}" for color, names in faces.items())
        text = f"All {len(args) // 2} trades: take {dice} from the pool"
        return (
            f"{len(args) // 2} trades: {dice}" if short else fit(text, f"All {len(args) // 2} trades: {dice}")
        )
    return f"Take {dice_words(args, short)} from the pool"


def _fight(state: State, args: list[str], short: bool = False) -> str | None:
    if not args or not args[0].isdigit():
        return None
    target, dice = _target(state), amount(int(args[0]), "combat die", "combat dice")
    if args[1:] == ["repeat"]:
        return fit(
            f"Attack {target} with {dice}, re-rolling with Favor until you win",
            f"Attack {target} with {dice}, re-rolling with Favor",
            f"Attack {target} with {dice} + Favor re-rolls",
        )
    return f"Attack {target} with {dice}"


def _target(state: State) -> str:
    frame = _frame(state)
    if frame.get("kind") == "commit":
        return f"{frame['name']} (defense {frame['defense']})"
    card = CARDS.get(frame.get("card", ""), {})
    return f"the {card['name']} (defense {card['defense']})" if card.get("defense") else "it"


def _reroll(state: State, args: list[str], short: bool = False) -> str | None:
    arg = args[0] if args else ""
    if arg.isdigit():
        return (
            "Re-roll the lowest die (1 Favor)" if arg == "1" else f"Re-roll the {arg} lowest dice (1 Favor)"
        )
    return {
        "blanks": "Re-roll the blank dice (1 Favor)",
        "low": "Re-roll every die below 2 (1 Favor)",
        "all": "Re-roll all combat dice (1 Favor)",
        "repeat": "Re-roll the dice below 2 until you win or run out of Favor (1 each time)",
    }.get(arg)


def _conquer(state: State, args: list[str], short: bool = False) -> str | None:
    if len(args) < 2:
        return None
    front = territory_front(state, args[0])
    if front is None:
        return None
    if args[1:2] == ["peace"] and len(args) > 2:
        text, brief = (
            f"Conquer a {args[0]} territory peacefully, giving up",
            f"Conquer a {args[0]} territory for",
        )
        return fit(
            *[
                f"{words} {dice_words(args[2:], abridged)}"
                for words in ((brief,) if short else (text, brief))
                for abridged in (False, True)
            ]
        )
    if args[1:2] == ["force"] and len(args) == 3:
        dice = amount(int(args[2]), "combat die", "combat dice")
        if short:  # "by force" is what attacking with combat dice means
            return f"Conquer a {args[0]} territory with {dice} (defense {front['defense']})"
        return f"Conquer a {args[0]} territory by force with {dice} (defense {front['defense']})"
    if args[1] == "force":
        return f"Conquer a {args[0]} territory by force (defense {front['defense']})"
    cost = ", ".join(f"{v} {'dice' if k == 'dice' else k.capitalize()}" for k, v in front["cost"].items())
    return f"Conquer a {args[0]} territory peacefully (pay {cost})"


def _give(state: State, args: list[str], short: bool = False) -> str | None:
    if not args:
        return None
    return fit(f"Give up {dice_words(args, short)}", f"Give up {dice_words(args, True)}")


def _journey(state: State, args: list[str], short: bool = False) -> str | None:
    journey = JOURNEYS.get(_frame(state).get("card", ""))
    if journey is None:
        return None
    if args[1:]:
        return _journey_then(state, journey, args)
    if args == ["pay"]:
        return f"Pay for {journey['name']}: {cost_text(journey['pay'] or {})}"
    return f"Suffer {journey['name']}: {effect_text(journey['penalty'])}"


def _journey_then(state: State, journey: dict[str, Any], args: list[str]) -> str:
    """The Journey paid or suffered, then the Sea Battle beaten or attacked."""
    battle = next(f for f in reversed(state["stack"]) if f["kind"] == "battle")
    data = BATTLES[battle["card"]]
    texts = []
    for brief in (False, True):
        if args[0] == "pay":
            first = f"Pay {cost_text(journey['pay'] or {}, brief)} for {journey['name']}"
        else:
            first = f"Suffer {journey['name']} ({effect_text(journey['penalty'])})"
        if args[1] == "beat":
            combo = combo_text(data["combo"]) if brief else faces_text(data["combo"])
            then = f"beat {data['name']} with {combo}"
        else:  # the brief words put the count first: a long name is what gets cut
            dice = amount(int(args[2]), "combat die", "combat dice")
            target = f"{data['name']} (defense {data['defense']})"
            then = f"{dice} against {target}" if brief else f"attack {target} with {dice}"
        texts.append(f"{first}; {then}")
    return fit(*texts)


def _beat(state: State, args: list[str], short: bool = False) -> str | None:
    data = BATTLES.get(_frame(state).get("card", ""))
    if data is None:
        return None
    return fit(
        f"Beat {data['name']}: spend {faces_text(data['combo'])}",
        f"Beat {data['name']}: spend {combo_text(data['combo'])}",
    )


def _replace(state: State, args: list[str], short: bool = False) -> str | None:
    item = args[0].upper() if args else ""
    new = CARDS.get(_frame(state).get("card", ""), {}).get("name", "the new one")
    if item in UPGRADES:
        return f"Give back {UPGRADES[item]['name']} for {new}"
    if item in CARDS:
        return f"Put {CARDS[item]['name']} in the Glory pile for {new}"
    return None


def _skip(state: State, args: list[str], short: bool = False) -> str | None:
    frame = _frame(state)
    kind = frame.get("kind")
    if kind == "card":
        data = CARDS[frame["card"]]
        if data["kind"] == "upgrade":
            return f"Leave {UPGRADES[data['token']]['name']} on the board"
        if data["kind"] == "artifact":
            return f"Put {data['name']} in the Glory pile, keep your artifacts"
        return f"Leave the {data['name']} alone (no pillage)"
    return {
        "recruit": "Recruit nobody (no Reaver is left)",
        "spoils": "Draw no Spoils card (both decks are empty)",
        "raid": "Take no Spoils (none is left)",
        "sea": "Sail against nothing (no Sea Battle is left)",
    }.get(str(kind), "Pass")


def _stop(state: State, args: list[str], short: bool = False) -> str | None:
    frame = _frame(state)
    kind = frame.get("kind")
    if kind == "conquer":
        return f"Stop conquering ({amount(frame['left'], 'action', 'actions')} unused)"
    if kind == "commit":
        return f"Do not attack {frame['name']}"
    if kind == "battle":
        return f"Turn away from {BATTLES[frame['card']]['name']} (no Glory)"
    if kind == "roll":
        fight = state["combat"]
        return f"Accept the loss against {fight['target']} (keep your Favor)"
    return None


_LABELS: dict[str, Callable[[State, list[str], bool], str | None]] = {
    "place": _place,
    "store": _store,
    "join": _join,
    "prepare": _prepare,
    "take": _take,
    "use": _use,
    "face": _face,
    "trade": _trade,
    "fight": _fight,
    "reroll": _reroll,
    "conquer": _conquer,
    "give": _give,
    "journey": _journey,
    "beat": _beat,
    "replace": _replace,
    "skip": _skip,
    "stop": _stop,
}
