"""How Knarr names its cards and amounts in words a player reads: a Viking by its colour
and asset, a destination by its kind, each with its printed id in brackets; costs, gains
and payments spelled out. Used by the button labels and by the reasons for a refusal.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from games.knarr.data import COLORS, DESTINATIONS, VIKINGS

LIMIT = 80
KINDS = {"A": "Trading Land", "B": "Land of Influence"}
_ORDER = ("vp", "bracelet", "recruit", "reputation", "card")
_ASSET_WORDS = {"vp": "VP", "bracelet": "bracelet", "recruit": "recruit", "reputation": "reputation"}


def fit(*texts: str) -> str:
    """The first text that fits a button, else the last one cut to fit."""
    return next((t for t in texts if len(t) <= LIMIT), texts[-1][:LIMIT])


def and_list(items: list[str]) -> str:
    return ", ".join(items[:-1]) + " and " + items[-1] if len(items) > 1 else "".join(items)


def _amount(asset: str, n: int) -> str:
    if asset == "vp":
        return f"{n} VP"
    if asset == "reputation":
        return f"{n} reputation"
    return f"{n} {asset}" + "s" * (n != 1)


def assets_text(assets: list[str | None] | Counter[str], *, short: bool = False) -> str:
    """``2 VP, 1 bracelet and 1 card`` (``short``: ``2 VP, bracelet, card``); ``nothing``
    for no asset."""
    counts = assets if isinstance(assets, Counter) else Counter(a for a in assets if a)
    parts = [_amount(a, counts[a]) for a in _ORDER if counts[a]]
    if not parts:
        return "nothing"
    if short:
        return ", ".join(part.removeprefix("1 ") for part in parts)
    return and_list(parts)


def viking_text(card: str, *, asset: bool = True) -> str:
    """``red Viking (VP, V03)``: its colour and asset as printed, then its id."""
    data = VIKINGS[card]
    inside = f"{_ASSET_WORDS[data['asset']]}, {card}" if asset else card
    return f"{data['color']} Viking ({inside})"


def cost_text(cost: dict[str, int]) -> str:
    if "different" in cost:
        return f"{cost['different']} different colours"
    if "same" in cost:
        return f"{cost['same']} of one colour"
    if len(cost) == len(COLORS) and set(cost.values()) == {1}:
        return "1 of each colour"
    return " + ".join(f"{n} {color}" for color, n in cost.items())


def destination_text(dest: str, *, short: bool = False) -> str:
    """``Trading Land (A12)``; ``short``: ``land (A12)``."""
    return f"{'land' if short else KINDS[DESTINATIONS[dest]['type']]} ({dest})"


def payment_text(cards: list[str], recruits: int, *, short: bool = False, ids: bool = True) -> str:
    """``1 red (V01), 2 green (V21, V22) + 1 recruit``: each colour with its cards' ids,
    then the recruits (``short``: ``3 Vikings (V01, V21, V22) + 1 recruit``; without
    ``ids``: ``1 red, 2 green + 1 recruit``)."""
    ordered = sorted(cards, key=lambda c: (COLORS.index(VIKINGS[c]["color"]), c))
    parts = []
    if short and cards:
        parts.append(f"{len(cards)} Viking" + "s" * (len(cards) != 1) + f" ({', '.join(ordered)})")
    else:
        for colour in COLORS:
            alike = [c for c in ordered if VIKINGS[c]["color"] == colour]
            if alike:
                parts.append(f"{len(alike)} {colour}" + f" ({', '.join(alike)})" * ids)
    jokers = f"{recruits} recruit" + "s" * (recruits != 1) if recruits else ""
    return " + ".join(part for part in (", ".join(parts), jokers) if part)


def typed(state: dict[str, Any], seat: int, words: list[str]) -> list[str]:
    """Typed words with a colour put as the card it names, where that is unambiguous: a
    Viking space by its colour (``take yellow``, ``mead red``), and the only Viking of a
    colour in the hand (``recruit red``) or in the crew still unpaid (``pay green``,
    ``discard blue``). Anything else is left as typed."""
    if len(words) != 2 or words[1].lower() not in COLORS:
        return words
    verb, colour = words[0], words[1].lower()
    p = state["seats"][seat]
    cards: list[str] = []
    if verb in ("take", "mead"):
        cards = [state["vikings"][colour]] if state["vikings"].get(colour) else []
    elif verb == "recruit":
        cards = [c for c in p["hand"] if VIKINGS[c]["color"] == colour]
    elif verb in ("pay", "discard"):
        paid = state["pending"]["paid"] if verb == "pay" and state.get("pending") else []
        cards = [c for c in p["crew"][colour] if c not in paid]
    return [verb, cards[0]] if len(cards) == 1 else words
