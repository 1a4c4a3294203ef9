"""Paying an exploration cost with crew Vikings and recruit tokens.

A cost is ``{"different": n}`` (n Vikings of n different colours), ``{"same": n}``
(n Vikings of one colour) or a map of colours to counts. Each recruit token stands in
for any one Viking. Payment is made one step at a time; a step is offered only if the
cost can still be completed afterwards.
"""

from __future__ import annotations

from collections import Counter

from games.knarr.data import COLORS, cost_total


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
