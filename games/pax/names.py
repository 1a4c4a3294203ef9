"""Typed words in the form the actions use: a place or tile may be typed by the name the
board prints (any case, accents or not, spaces or not: ``Læsø``, ``laeso``, ``Gulf of
Finland``), a tile also by its id in any case (``v07``), a RIVAL by seat as the table lists
them, from 1 (``offer 2``, ``offer seat 2``, ``challenge birka #2``)."""

from __future__ import annotations

import re
import unicodedata

from games.pax.data import HOMES, POSTS, REGIONS, TILES, place_name, tile_name

_LETTERS = str.maketrans({"æ": "ae", "ø": "o", "ð": "d", "þ": "th", "ß": "ss", "œ": "oe", "ł": "l"})
# Words the actions carry themselves: never read as a name.
KEYWORDS = frozenset(
    {"draw", "resolve", "jarlboard", "send", "cancel", "accept", "decline", "yes", "no", "silfr", "tile"}
    | {"longship", "jarldom", "sweden", "theocracy", "rus"}
)
_SEAT = re.compile(r"(?:seat|#)(\d+)")
LONGEST = 5  # words in the longest printed name ("Lawspeaker of Uppsala" has 3)


def key(text: str) -> str:
    """A name reduced to plain letters and digits: ``Kænugarðr`` -> ``kaenugardr``."""
    text = unicodedata.normalize("NFKD", text.lower().translate(_LETTERS))
    return re.sub(r"[^a-z0-9]", "", "".join(c for c in text if not unicodedata.combining(c)))


def _names() -> dict[str, str]:
    found: dict[str, str] = {}
    for place in (*POSTS, *REGIONS, *HOMES):
        found[key(place)] = place
        found[key(place_name(place))] = place
    for tile in TILES:
        found[key(tile)] = tile
        found[key(tile_name(tile))] = tile
    return found


NAMES = _names()


def canonical(words: list[str]) -> list[str]:
    """The verb, then each argument as the action names it: the longest run of words that
    is a printed name becomes its id, ``seat 2`` or ``#2`` the seat's number; anything else
    is kept as typed."""
    out, i = words[:1], 1
    while i < len(words):
        if words[i] in ("seat", "#") and words[i + 1 : i + 2] and words[i + 1].isdigit():
            out.append(words[i + 1])
            i += 2
            continue
        seat = _SEAT.fullmatch(words[i])
        if seat is not None:
            out.append(seat[1])
            i += 1
            continue
        for length in range(min(LONGEST, len(words) - i), 0, -1):
            run = words[i : i + length]
            found = NAMES.get(key("".join(run)))
            if found is not None and not (length == 1 and run[0] in KEYWORDS):
                out.append(found)
                i += length
                break
        else:
            out.append(words[i])
            i += 1
    return out
