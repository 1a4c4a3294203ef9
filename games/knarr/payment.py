"""Paying an exploration cost with crew Vikings and recruit tokens.

A cost is ``{"different": n}`` (n Vikings of n different colours), ``{"same": n}``
(n Vikings of one colour) or a map of colours to counts. Each recruit token stands in
for any one Viking. Payment is made one step at a time; a step is offered only if the
cost can still be completed afterwards. ``completions`` lists every way to finish a
payment, so the rest can be paid in one press (``cheapest``) or a payment that leaves
no choice made at once.
"""

from __future__ import annotations

from collections import Counter
from itertools import combinations, product
from math import comb

from games.knarr.data import COLORS, asset_of, cost_total


def _fits(cost: dict[str, int], paid: Counter[str]) -> bool:
    """Can the colours paid so far be part of a valid payment of ``cost``?"""
    if "different" in cost:
        return all(count <= 1 for count in paid.values())
    if "same" in cost:
        return len([c for c, n in paid.items() if n > 0]) <= 1
    return all(n <= cost.get(color, 0) for color, n in paid.items())


def can_complete(
    cost: dict[str, int], paid: Counter[str], jokers: int, crew: Counter[str], recruits: int
) -> bool:
    """Whether a payment with ``paid`` colours and ``jokers`` recruits already committed
    can be finished using the remaining ``crew`` colour counts and ``recruits``."""
    total = cost_total(cost)
    need = total - sum(paid.values()) - jokers
    if need < 0 or not _fits(cost, paid):
        return False
    if "different" in cost:
        available = sum(1 for c in COLORS if paid[c] == 0 and crew[c] > 0)
    elif "same" in cost:
        used = [c for c in COLORS if paid[c] > 0]
        available = crew[used[0]] if used else max(crew[c] for c in COLORS)
    else:
        available = sum(min(crew[c], n - paid[c]) for c, n in cost.items())
    return available + recruits >= need


def is_complete(cost: dict[str, int], paid: Counter[str], jokers: int) -> bool:
    return _fits(cost, paid) and sum(paid.values()) + jokers == cost_total(cost)


def _by_colour(
    cost: dict[str, int], paid: Counter[str], need: int, crew: Counter[str]
) -> list[dict[str, int]]:
    """Every choice of colour counts (how many crew Vikings of each colour) that, with
    recruits for the rest, can finish paying ``cost``."""
    if "different" in cost:
        free = [c for c in COLORS if paid[c] == 0 and crew[c] > 0]
        return [
            {c: 1 for c in chosen}
            for k in range(min(need, len(free)) + 1)
            for chosen in combinations(free, k)
        ]
    if "same" in cost:
        used = [c for c in COLORS if paid[c] > 0]
        colours = used or [c for c in COLORS if crew[c] > 0]
        return [{}] * (not used) + [
            {c: k} for c in colours for k in range(1 if not used else 0, min(need, crew[c]) + 1)
        ]
    ranges = [range(min(crew[c], n - paid[c]) + 1) for c, n in cost.items()]
    return [
        {c: k for c, k in zip(cost, counts, strict=True) if k}
        for counts in product(*ranges)
        if sum(counts) <= need
    ]


def completions(
    cost: dict[str, int], paid: Counter[str], jokers: int, crew: Counter[str], recruits: int
) -> list[tuple[dict[str, int], int]]:
    """Every way to finish paying: (crew Vikings by colour, recruits), with ``paid`` colours
    and ``jokers`` recruits already committed and ``crew``/``recruits`` still at hand."""
    need = cost_total(cost) - sum(paid.values()) - jokers
    found = []
    for colours in _by_colour(cost, paid, need, crew):
        more = need - sum(colours.values())
        if 0 <= more <= recruits and is_complete(cost, paid + Counter(colours), jokers + more):
            found.append((colours, more))
    return found


def ways(found: list[tuple[dict[str, int], int]], crew: Counter[str]) -> int:
    """How many different sets of cards (recruits being all alike) the completions give."""
    total = 0
    for colours, _ in found:
        count = 1
        for colour, k in colours.items():
            count *= comb(crew[colour], k)
        total += count
    return total


# Which crew Vikings a one-press payment gives up first: the asset a card pays on every
# later recruit into its column; points matter most, reputation least.
_GIVE_UP = {"reputation": 0, "bracelet": 1, "recruit": 1, "vp": 2}


def cheapest(found: list[tuple[dict[str, int], int]], cards: dict[str, list[str]]) -> tuple[list[str], int]:
    """The completion a one-press payment uses: the fewest recruits, then the fewest
    completed lines broken, then the cards whose assets count least (``cards``: the
    unpaid crew Vikings by colour)."""

    def chosen(colours: dict[str, int]) -> list[str]:
        picked = []
        for colour in COLORS:
            ranked = sorted(cards[colour], key=lambda card: (_GIVE_UP[asset_of(card)], card))
            picked += ranked[: colours.get(colour, 0)]
        return picked

    def key(option: tuple[dict[str, int], int]) -> tuple[int, int, int, list[str]]:
        colours, recruits = option
        lines = min(len(cards[c]) - colours.get(c, 0) for c in COLORS)
        picked = chosen(colours)
        return recruits, -lines, sum(_GIVE_UP[asset_of(card)] for card in picked), picked

    colours, recruits = min(found, key=key)
    return chosen(colours), recruits
