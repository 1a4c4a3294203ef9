"""Typed moves: names as the board prints them, put in the form of the legal actions.

A player may type ``place Raid Keeps``, ``take battle kraken``, ``store horn of the keeps
red shield``, ``prepare blue double hammer`` or ``use specialize battle at sea``, in any case,
with or without accents: places become their ids (``keeps``), cards with a name of their own
their ids (``V25``; a name several cards share stays a name unless its id follows in
brackets, ``Draugr Longship (B11)``, or only one of them is on offer: ``shared_name``), and
a die its ``colour-face`` code. Typed ids keep working (``b04`` is ``B04``).
"""

from __future__ import annotations

import re
import unicodedata

from games.reavers.data import BATTLES, COLORS, FACE_NAMES, LOCATIONS, PROPHECIES, UPGRADES, VILLAGE

ID = re.compile(r"^[rvkbjptu]\d+$")


def plain(text: str) -> str:
    """Lower case, accents and apostrophes gone: ``Jarl's Fleet`` -> ``jarls fleet``."""
    folded = unicodedata.normalize("NFKD", text)
    letters = "".join(c for c in folded if not unicodedata.combining(c))
    return re.sub(r"[’']", "", letters.lower().replace("æ", "ae").replace("ø", "o"))


def _names() -> dict[str, str]:
    """Every printed name that stands for one thing, as plain words -> the action's form."""
    found: dict[str, set[str]] = {}
    for loc, data in LOCATIONS.items():
        found.setdefault(plain(data["name"]), set()).add(loc)
    cards = [
        *(c for c in VILLAGE.values() if c["kind"] == "artifact"),
        *BATTLES.values(),
        *PROPHECIES.values(),
    ]
    for card in [*cards, *UPGRADES.values()]:
        found.setdefault(plain(card["name"]), set()).add(card["id"])
    return {name: ids.pop() for name, ids in found.items() if len(ids) == 1}


NAMES = _names()
LONGEST = max(len(name.split()) for name in NAMES)
# face words as printed, longest first: "double hammer" before "hammer"
FACE_WORDS = sorted(
    ((plain(name).split(), face) for face, name in FACE_NAMES.items()), key=lambda f: -len(f[0])
)
FACE_WORDS += [([face], face) for face in FACE_NAMES]


def _face_at(words: list[str], i: int) -> tuple[str, int] | None:
    """The face named at ``words[i:]`` and how many words it takes."""
    for printed, face in FACE_WORDS:
        if words[i : i + len(printed)] == printed:
            return face, len(printed)
    return None


def _dice(words: list[str]) -> list[str]:
    """``red double hammer`` and ``red-double-hammer`` become ``red-double``."""
    out: list[str] = []
    i = 0
    while i < len(words):
        parts = words[i].split("-")
        if parts[0] in COLORS and len(parts) > 1:
            face = _face_at(parts[1:], 0)
            out.append(f"{parts[0]}-{face[0]}" if face else words[i])
            i += 1
            continue
        if words[i] in COLORS and (face := _face_at(words, i + 1)):
            out.append(f"{words[i]}-{face[0]}")
            i += 1 + face[1]
            continue
        out.append(words[i])
        i += 1
    return out


def _named(words: list[str]) -> list[str]:
    """Printed names (longest first) replaced by what they stand for; a bracketed id wins."""
    out: list[str] = []
    i = 0
    while i < len(words):
        bracket = re.fullmatch(r"\((\w+)\)", words[i])
        if bracket and ID.match(bracket[1]):
            # "draugr longship (b11)": the id names the card; the words before it go
            while out and not ID.match(out[-1]) and out[-1] not in ("battle", "prophecy", "replace", "store"):
                out.pop()
            out.append(bracket[1])
            i += 1
            continue
        for size in range(min(LONGEST, len(words) - i), 0, -1):
            name = " ".join(words[i : i + size])
            if name in NAMES and not (size == 1 and name in LOCATIONS):
                out.append(NAMES[name])
                i += size
                break
        else:
            out.append(words[i])
            i += 1
    return out


def canonical(words: list[str]) -> list[str]:
    if not words:
        return words
    typed = [plain(w) for w in words]
    verb, rest = typed[0], typed[1:]
    if verb == "face":
        face = _face_at(rest, 0)
        rest = [face[0]] if face and face[1] == len(rest) else rest
    elif rest[:1] in (["rally"], ["all"]) and (face := _face_at(rest, 1)) and 1 + face[1] == len(rest):
        rest = [rest[0], face[0]]  # "use rally double hammer", "use all treasure chest"
    elif verb != "use":
        rest = _dice(rest)
    rest = _named(rest)
    rest = [w.upper() if ID.match(w) else w for w in rest]
    if verb == "trade":  # two pool dice may be named in either order
        rest = sorted(rest)
    return [verb, *rest]


def by_name(action: str) -> list[str]:
    """A legal action with its Sea Battle ids as their printed names, as plain words."""
    out: list[str] = []
    for word in action.split():
        out += plain(BATTLES[word]["name"]).split() if word in BATTLES else [word]
    return out


def shared_name(words: list[str], legal: list[str]) -> list[str]:
    """A Sea Battle named by a name several cards share: the one legal action it can mean,
    if only one battle of that name is on offer (else the words as they are)."""
    matches = [a for a in legal if by_name(a) == words]
    return matches[0].split() if len(matches) == 1 else words
