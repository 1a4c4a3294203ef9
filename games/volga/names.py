"""Places and cards as the board prints them, for labels and log lines, and typed words
read back into the actions' own form.

A city tile is named by its city ("Kiev (T04)"). Any other tile prints only its id in a
corner, so it is named by what it shows and where it lies from the nearest city ("the river
north-east of Kiev (T17)"); before it is on the board, by its shape ("a river bend (T17)").
A contract card shows a good and a city: "fish to Kiev (C08)", and no two cards show the
same pair. Seats are typed as the table lists them, from 1 ("offer 2", "offer seat 2").
"""

from __future__ import annotations

import re
import unicodedata

from games.core import State
from games.volga.data import CITY_IDS, CITY_TILE, CONTRACTS, GOODS, TILES, city_name

_SHAPES = {"straight": "straight river", "bend": "river bend", "tee": "river fork"}


def place(state: State, tile: str) -> str:
    """A tile as a player finds it on the board."""
    city = TILES[tile]["city"]
    if city is not None:
        return f"{city_name(city)} ({tile})"
    where = _where(state, tile)
    if where is None:
        return f"{_shape(tile)} ({tile})"
    return f"the {'land' if TILES[tile]['shape'] is None else 'river'} {where} ({tile})"


def _shape(tile: str) -> str:
    shape = TILES[tile]["shape"]
    return "a land tile" if shape is None else f"a {_SHAPES[shape]}"


def tile_piece(tile: str) -> str:
    """A tile drawn from the bag, before it is on the board: "a river bend (T17)",
    "Kiev (T04)"."""
    city = TILES[tile]["city"]
    return f"{city_name(city)} ({tile})" if city is not None else f"{_shape(tile)} ({tile})"


def _where(state: State, tile: str) -> str | None:
    """ "north-east of Kiev": the direction from the nearest city on the board (the first
    in the city list when several are as near)."""
    at = {t["id"]: (t["x"], t["y"]) for t in state["tiles"]}
    if tile not in at:
        return None
    x, y = at[tile]
    cities = [(c, at[CITY_TILE[c]]) for c in CITY_IDS if CITY_TILE[c] in at]
    if not cities:
        return None
    city, (cx, cy) = min(cities, key=lambda item: abs(item[1][0] - x) + abs(item[1][1] - y))
    north_south = "north" if y < cy else "south" if y > cy else ""
    east_west = "east" if x > cx else "west" if x < cx else ""
    direction = "-".join(d for d in (north_south, east_west) if d)
    return f"{direction} of {city_name(city)}"


def contract(card: str) -> str:
    """A contract card as printed: its good, its city, then the id."""
    data = CONTRACTS[card]
    return f"{data['good']} to {city_name(data['city'])} ({card})"


def delivery(card: str) -> str:
    """One good delivered on a contract: "1 fur to Kiev (C09)"."""
    data = CONTRACTS[card]
    return f"{goods(1, data['good'])} to {city_name(data['city'])} ({card})"


def goods(n: int, good: str) -> str:
    """A number of one good in words: "1 fur", "2 furs", "1 amber", "3 fish"."""
    return f"{n} fur" if good == "furs" and n == 1 else f"{n} {good}"


# --- typed words ------------------------------------------------------------------------

_ID = re.compile(r"^[ct]\d\d$")
_FILLER = {"to", "the", "a", "an", "on", "of", "in", "for", "at", "city", "contract", "pass", "tile"}
_GOOD_WORDS = {**{g: g for g in GOODS}, "fur": "furs"}
_CITY_WORDS = {**{c: c for c in CITY_IDS}, "kyiv": "kiev", "chernihiv": "chernigov", "atil": "itil"}
_TILE_VERBS = {"move", "horde", "prince", "ship"}
_CONTRACT_VERBS = {"sell", "keep", "hand"}
_SEAT = re.compile(r"^(?:seat|player|#)(\d+)$")
_FOLDS = str.maketrans({"æ": "ae", "ø": "o", "œ": "oe", "ß": "ss", "þ": "th", "ð": "d"})


def fold(word: str) -> str:
    """Lower case without accents or the marks around a word: "Læsø," -> "laeso"."""
    plain = unicodedata.normalize("NFKD", word.lower().translate(_FOLDS))
    return "".join(ch for ch in plain if not unicodedata.combining(ch)).strip("()[]\"'.,;:!?")


def canonical(words: list[str]) -> list[str]:
    """Typed words in the form the legal actions use, where that is unambiguous: a city for
    its tile or its pass ("ship minsk", "ship Minsk (T02)" -> "ship T02"; "pick Kyiv" ->
    "pick kiev"), a contract by its good and city ("sell fish to Kiev" -> "sell C08"), a
    seat as the table lists it, from 1 ("offer seat 2" -> "offer 2"), ids in upper case. Anything
    else is left as typed, for the rules to refuse with their reason."""
    if not words:
        return words
    verb, args = words[0], words[1:]
    found: str | None = None
    if verb in _TILE_VERBS:
        found = _tile(args)
    elif verb in _CONTRACT_VERBS:
        found = _contract(args)
    elif verb == "pick":
        found = _city(args)
    elif verb in ("give", "ask") and len(args) > 1 and args[0] in ("contract", "pass"):
        found = _contract(args[1:]) if args[0] == "contract" else _city(args[1:])
        if found is not None:
            return [verb, args[0], found]
    elif verb == "offer" and args:
        found = _seat(args)
    elif verb in ("throw", "pay", "buy") and args:
        found = _good(args)
    if found is not None:
        return [verb, found]
    return [w.upper() if _ID.match(w) else w for w in words]


def _folded(args: list[str]) -> list[str]:
    return [w for w in (fold(a) for a in args) if w and w not in _FILLER]


def _id(args: list[str], letter: str) -> str | None:
    ids = {w.upper() for w in (fold(a) for a in args) if _ID.match(w) and w[0] == letter}
    return ids.pop() if len(ids) == 1 else None


def _tile(args: list[str]) -> str | None:
    found = _id(args, "t")
    if found is not None:
        return found if found in TILES else None
    city = _city(args)
    return CITY_TILE[city] if city is not None else None


def _city(args: list[str]) -> str | None:
    tile = _id(args, "t")
    if tile is not None:
        return TILES[tile]["city"] if tile in TILES else None
    words = _folded(args)
    cities = {_CITY_WORDS[w] for w in words if w in _CITY_WORDS}
    return cities.pop() if len(cities) == 1 and len(words) == 1 else None


def _contract(args: list[str]) -> str | None:
    card = _id(args, "c")
    if card is not None:
        return card if card in CONTRACTS else None
    words = _folded(args)
    goods = {_GOOD_WORDS[w] for w in words if w in _GOOD_WORDS}
    cities = {_CITY_WORDS[w] for w in words if w in _CITY_WORDS}
    if len(goods) != 1 or len(cities) != 1 or len(words) != 2:
        return None
    good, city = goods.pop(), cities.pop()
    return next((c for c, d in CONTRACTS.items() if d["good"] == good and d["city"] == city), None)


def _seat(args: list[str]) -> str | None:
    match = _SEAT.match("".join(fold(a) for a in args))
    return str(int(match[1])) if match else None


def _good(args: list[str]) -> str | None:
    words = [w for w in _folded(args) if w != "1"]
    return _GOOD_WORDS[words[0]] if len(words) == 1 and words[0] in _GOOD_WORDS else None
