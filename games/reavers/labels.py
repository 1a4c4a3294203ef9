"""Short button labels for actions, in the words the board prints."""

from __future__ import annotations

from games.core import State
from games.reavers import board
from games.reavers.board import territory_front
from games.reavers.data import CARDS, LOCATIONS, REAVERS, UPGRADES, amount, die_text, location_name
from games.reavers.dice import parse_code

# --- labels -------------------------------------------------------------------------------


def _die_label(text: str) -> str:
    parsed = parse_code(text)
    return die_text(*parsed) if parsed else text


def label(state: State, action: str) -> str:
    words = action.split()
    verb, args = (words[0], words[1:]) if words else ("", [])
    text = _label(state, verb, args)
    return text if len(text) <= 80 else text[:77] + "..."


def _label(state: State, verb: str, args: list[str]) -> str:
    arg = args[0] if args else ""
    if verb == "place" and arg in LOCATIONS:
        frame = board.top(state) or {}
        honor = state["honor"] is not None and state["seats"][frame.get("seat", 0)]["pawns"] == 0
        return f"Place {'the Honor Ship' if honor else 'a longship'} on {location_name(arg)}"
    if verb == "store" and len(args) == 2 and args[0].upper() in CARDS:
        return f"Store a {_die_label(args[1])} die on {CARDS[args[0].upper()]['name']}"
    if verb == "join":
        return "Take part (pay the cost)"
    if verb == "prepare":
        return "Prepare: take 2 Food" if arg == "food" else f"Prepare: take a {_die_label(arg)} die"
    if verb == "take" and len(args) == 2:
        return _take_label(state, args[0], args[1])
    if verb == "take" and arg == "food":
        return "Take 3 Food"
    if verb == "use":
        if arg == "specialize" and len(args) == 2:
            return f"Specialize at {location_name(args[1])}"
        return {
            "rally": "Rally: take its dice, card to the Glory pile",
            "lead": "Lead: make it your leader",
        }.get(arg, action_text(verb, args))
    if verb == "face" and arg:
        return f"Set the die to {_die_label('red-' + arg).split(' ', 1)[1]}"
    if verb == "trade":
        return "Take " + " and ".join(_die_label(a) for a in args)
    if verb == "fight":
        return "Fight with " + amount(int(arg) if arg.isdigit() else 0, "combat die", "combat dice")
    if verb == "reroll" and arg.isdigit():
        return (
            "Re-roll the lowest die (1 Favor)" if arg == "1" else f"Re-roll the {arg} lowest dice (1 Favor)"
        )
    if verb == "reroll":
        return {
            "blanks": "Re-roll the blank dice (1 Favor)",
            "low": "Re-roll every die below 2 (1 Favor)",
        }.get(arg, "Re-roll all combat dice (1 Favor)")
    if verb == "conquer" and len(args) == 2:
        front = territory_front(state, args[0])
        cost = "" if front is None else ", ".join(f"{v} {k}" for k, v in front["cost"].items())
        how = (
            f"by force (defense {front['defense'] if front else '?'})"
            if args[1] == "force"
            else f"peacefully ({cost})"
        )
        return f"Conquer a {args[0]} territory {how}"
    if verb == "give":
        return f"Give up a {_die_label(arg)} die"
    if verb == "journey":
        return "Pay the Journey's price" if arg == "pay" else "Suffer the Journey's penalty"
    if verb == "beat":
        return "Spend the exact dice to win the battle"
    if verb == "replace" and arg.upper() in CARDS:
        return f"Replace {CARDS[arg.upper()]['name']}"
    if verb == "replace" and arg.upper() in UPGRADES:
        return f"Replace {UPGRADES[arg.upper()]['name']}"
    if verb == "skip":
        return "Skip"
    if verb == "stop":
        return "Stop"
    return action_text(verb, args)


def _take_label(state: State, kind: str, which: str) -> str:
    item = which.upper()
    if kind == "slot":
        if which == "deck":
            return "Recruit the top Reaver of the deck"
        cards = state["board"]["recruit"][int(which) - 1]
        return "Recruit " + " and ".join(f"{REAVERS[c]['name']} ({REAVERS[c]['clan']})" for c in cards)
    if kind == "pair":
        if which == "deck":
            return "Take 2 random Spoils from the deck"
        frame = board.top(state) or {}
        pair = state["board"].get(frame.get("deck", "villages"), [])[int(which) - 1] or []
        return "Take " + " and ".join(CARDS[c]["name"] for c in pair)
    if kind in ("battle", "prophecy"):
        if which == "deck":
            return f"Take the top {'Sea Battle' if kind == 'battle' else 'Prophecy'} of the deck"
        data = CARDS[item]
        extra = f" (defense {data['defense']}, {data['glory']} Glory)" if kind == "battle" else ""
        return f"Take {data['name']}{extra}"
    if kind == "spoils":
        return f"Draw a {'Village' if which == 'villages' else 'Keep'} Spoils card"
    return action_text("take", [kind, which])


def action_text(verb: str, args: list[str]) -> str:
    return " ".join([verb.capitalize(), *args])
