"""Why a near miss is refused: the rule that forbids it and what the seat has, in one
sentence (``Rules(refusal=...)``; the shared check calls it for an action that is not legal)."""

from __future__ import annotations

from games.core import State
from games.pax import board, effects, turn
from games.pax.data import (
    FOLLOWERS,
    HOMES,
    JOURNEY_STEPS,
    POSTS,
    REGIONS,
    TILES,
    TRACK_COSTS,
    place_name,
    tile_name,
)

RULES = {
    "invest": "INVEST DRAWS from the SAGA PILE or BUYS a tile from a SAGA TRACK space you can pay for",
    "journey": "a JOURNEY moves one of your unEXHAUSTED Longships, or sails to a post or REGION by one shortest route",
    "step": "a STEP goes to a place next to where your Longship is, within the JOURNEY's STEPS",
    "play": "you PLAY a tile from your hand where its REQUIREMENT is met (a Venture on an empty post where you are ALONE and can pay)",
    "activate": "ACTIVATE needs your Venture with an ACTIVATE ability and your unEXHAUSTED Longship on its post",
    "parley": "PARLEY needs your Longship ALONE on a post whose Follower you can ESTABLISH and pay for",
    "challenge": "a CHALLENGE needs your Longship on the post and more Longships there than the RIVAL",
    "jarldom": "JARLDOM needs its marker, an action, and your Longship on or beside a Venture's post",
    "theocracy": "THEOCRACY needs its marker, an action, and a Theocracy Venture or POWERFUL ALLY where you can ESTABLISH",
    "rus": "RUS takes a RIVAL's Advocate whose REQUIREMENT you meet, with a RUS Follower on your Jarlboard",
    "place": "SWEDEN PLACES your Longship on a post of the drawn Venture's location",
    "offer": "a TRADE goes to a RIVAL COLOCATED with your Longship; then 'offer send' or 'offer cancel'",
    "give": "you can give only Silfr, hand tiles, Followers and Jarlboard Longships you have spare",
    "ask": "you can ask only for what the RIVAL has: Silfr, one tile, Followers, Jarlboard Longships",
    "answer": "answer the TRADE with accept or decline (or the tile you hand over, when a tile is asked)",
    "vote": "the ALTHING vote is yes or no",
    "discard": "you DISCARD a tile from your hand",
}


def _say(word: str) -> str:
    """An action's word as the board prints it."""
    if word in POSTS or word in REGIONS or word in HOMES:
        return place_name(word)
    if word.upper() in TILES:
        return f"{tile_name(word.upper())} ({word.upper()})"
    return word


def _options(verb: str, legal: list[str]) -> str:
    mine = [" ".join(_say(w) for w in a.split()[1:]) for a in legal if a.split()[0] == verb]
    if not mine:
        return f"you cannot {verb} now"
    shown = ", ".join(mine[:4]) + (f" and {len(mine) - 4} more" if len(mine) > 4 else "")
    return f"you may {verb} {shown}"


def _invest(state: State, seat: int, args: list[str]) -> str | None:
    what = args[0] if args else ""
    if what == "draw":
        return "the SAGA PILE and the 1-cost SAGA TRACK space are both empty: there is nothing to DRAW"
    if not what.isdigit() or not 1 <= int(what) <= len(TRACK_COSTS):
        return f"INVEST takes 'draw' or a SAGA TRACK space from 1 to {len(TRACK_COSTS)}, not '{what}'"
    slot = int(what) - 1
    tile = state["track"][slot]
    if tile is None:
        return f"SAGA TRACK space {what} is empty"
    cost, silfr = turn.track_cost(state, seat, slot), board.player(state, seat)["silfr"]
    return f"BUYING {tile_name(tile)} costs {cost} Silfr; you have {silfr}"


def _journey(state: State, seat: int, args: list[str]) -> str | None:
    ships = board.player(state, seat)["ships"]
    what = args[0] if args else ""
    if not what.isdigit():
        most = JOURNEY_STEPS + effects.lasting(state, seat, "steps")
        if what not in POSTS and what not in REGIONS:
            return (
                f"a JOURNEY names a Longship by number, 1 to {len(ships)}, or a post or REGION; "
                f"'{what}' is neither"
            )
        return (
            f"no Longship of yours has a single shortest route to {_say(what)} within {most} STEPS; "
            "go STEP by STEP with 'journey' and a Longship number"
        )
    if not 1 <= int(what) <= len(ships):
        return f"a JOURNEY names one of your Longships by number, 1 to {len(ships)}, not '{what}'"
    if ships[int(what) - 1]["exhausted"]:
        return f"Longship {what} is EXHAUSTED: it has made its JOURNEY this turn"
    return None


def _step(state: State, seat: int, args: list[str]) -> str | None:
    pending = state["pending"]
    if pending is None or pending["action"] != "journey":
        return "you are not on a JOURNEY"
    if pending["steps"] >= pending["max"]:
        return f"this JOURNEY has taken all its {pending['max']} STEPS; stop it"
    here = "your HOME" if pending["at"] is None else place_name(pending["at"])
    reach = ", ".join(_say(p) for p in board.step_options(state, seat, pending["at"]))
    return f"from {here} one STEP reaches {reach}"


def _play(state: State, seat: int, args: list[str]) -> str | None:
    hand = board.player(state, seat)["hand"]
    tile = args[0].upper() if args else ""
    if tile not in hand:
        held = ", ".join(_say(t) for t in hand) or "nothing"
        return f"{_say(tile) if tile in TILES else repr(args[0] if args else '')} is not in your hand; you hold {held}"
    return None


def _discard(state: State, seat: int, args: list[str]) -> str | None:
    return _play(state, seat, args)


def _rival(state: State, seat: int, what: str, verb: str) -> str | None:
    """A RIVAL named by seat as the table lists it, from 1: why ``what`` names none."""
    players = state["players"]
    if not what.isdigit() or not 1 <= int(what) <= players:
        return f"{verb} names the RIVAL by seat as the table lists them, 1 to {players}, not '{what[:40]}'"
    if int(what) - 1 == seat:
        return f"seat {what} is you: {verb} needs a RIVAL"
    return None


def _challenge(state: State, seat: int, args: list[str]) -> str | None:
    if len(args) != 2:
        return None
    return _rival(state, seat, args[1], "a CHALLENGE")


def _offer(state: State, seat: int, args: list[str]) -> str | None:
    if len(args) != 1 or args[0] in ("send", "cancel"):
        return None
    return _rival(state, seat, args[0], "a TRADE")


def _vote(state: State, seat: int, args: list[str]) -> str | None:
    return f"the ALTHING vote is 'yes' or 'no', not '{' '.join(args)}'"


IDLE = {
    "answer": "no TRADE offer waits for your answer",
    "vote": "no ALTHING vote waits for yours",
    "discard": "you DISCARD only at your Winter Solstice, down to the HAND LIMIT",
    "give": "you are not building a TRADE offer",
    "ask": "you are not building a TRADE offer",
    "place": "SWEDEN has drawn no Venture for you to place",
}


def _idle(state: State, seat: int, verb: str) -> str | None:
    """Why a verb has no move at all now, where one sentence says it better than the rule."""
    if verb in FOLLOWERS:
        if state["influence"][verb] != seat:
            return (
                f"{verb.upper()} is an influence action: you need its Influence marker, which you do not hold"
            )
        if verb in state["turn"]["influence_used"]:
            return f"you have used {verb.upper()} this turn already"
    return IDLE.get(verb)


SPECIFIC = {
    "invest": _invest,
    "journey": _journey,
    "step": _step,
    "play": _play,
    "discard": _discard,
    "vote": _vote,
    "challenge": _challenge,
    "offer": _offer,
}


def refusal(state: State, seat: int, action: str, legal: list[str]) -> str | None:
    """One sentence: the rule, and what the seat may do with this verb now."""
    words = action.split()
    verb, args = words[0], words[1:]
    if verb not in RULES:
        return None
    specific = SPECIFIC.get(verb)
    said = specific(state, seat, args) if specific else None
    idle = None if any(a.split()[0] == verb for a in legal) else _idle(state, seat, verb)
    if idle:
        return f"{idle[0].upper()}{idle[1:]}."
    reason = said or RULES[verb]
    return f"{reason[0].upper()}{reason[1:]}; {_options(verb, legal)}."
