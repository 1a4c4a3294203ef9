"""Vikings on the Volga's score breakdown: where each seat's rubles came from.

The score is the rubles held. Every payment to or from the bank or another ship is
logged with its amount except the rubles of an accepted trade (the offer is public while
it is made, but the log line of its acceptance carries no amounts), so the parts are read
from the public log and trades are what remains. Starting over as a new Viking clears a
seat's parts: only what came after its last new start counts.
"""

from __future__ import annotations

import re
from typing import Any

from games.core import State
from games.volga.data import START_RUBLES

START = "Start"
SOLD = "Contracts sold"
GOODS = "Goods bought"
PASSES = "Passes bought"
UPGRADE = "Large ship"
TOLLS_PAID = "Tolls paid"
TOLLS_GOT = "Tolls received"
HORDE_PRINCE = "Horde and Prince"  # rewards for burning and for rebuilding a city
RAIDS = "Horde raids"
TRADES = "Trades"
ORDER = (START, SOLD, TOLLS_GOT, HORDE_PRINCE, RAIDS, GOODS, PASSES, UPGRADE, TOLLS_PAID)

# (pattern, part, sign) for lines about the seat that the line belongs to
_OWN = (
    (re.compile(r"^sells 1 \w+ (?:on|to) .* for (\d+) rubles?$"), SOLD, 1),
    (re.compile(r"^buys 1 \w+ for (\d+) rubles?$"), GOODS, -1),
    (re.compile(r"^buys the .* pass for (\d+) rubles?$"), PASSES, -1),
    (re.compile(r"^upgrades to a large ship for (\d+) rubles?$"), UPGRADE, -1),
    (re.compile(r"^burns .*, gains (\d+) rubles?; price now \d+$"), HORDE_PRINCE, 1),
    (re.compile(r"^rebuilds .*, gains (\d+) rubles?; price now \d+$"), HORDE_PRINCE, 1),
)
_TOLL = re.compile(r" and pays (\d+) rubles? to (?:the bank|a pass holder \(\{seat(\d+)\}\))$")
_RAID = re.compile(r"^is raided by the Horde and pays (\d+) rubles?$")
_HORDE_MOVE = re.compile(r"^moves the Horde to ")
_NEW_START = re.compile(r"^starts over as a new Viking")


def _ledger(state: State) -> list[dict[str, int]]:
    parts: list[dict[str, int]] = [{START: START_RUBLES} for _ in state["seats"]]

    def add(seat: int, part: str, amount: int) -> None:
        parts[seat][part] = parts[seat].get(part, 0) + amount

    raider: int | None = None
    entries: list[dict[str, Any]] = state.get("log", [])
    for entry in entries:
        seat, text = entry.get("seat"), entry["text"]
        if seat is None:
            continue
        if _NEW_START.match(text):
            parts[seat] = {START: START_RUBLES}
        elif _HORDE_MOVE.match(text):
            raider = seat
        elif (raid := _RAID.match(text)) and raider is not None:
            add(seat, RAIDS, -int(raid.group(1)))
            add(raider, RAIDS, int(raid.group(1)))
        elif toll := _TOLL.search(text):
            add(seat, TOLLS_PAID, -int(toll.group(1)))
            if toll.group(2) is not None:
                add(int(toll.group(2)), TOLLS_GOT, int(toll.group(1)))
        else:
            for pattern, part, sign in _OWN:
                if found := pattern.match(text):
                    add(seat, part, sign * int(found.group(1)))
                    break
    return parts


def breakdown(state: State) -> list[list[tuple[str, int]]]:
    """Per seat: the start money, each kind of gain and of spending (0 when none), then
    trades; the parts add up to the rubles held, the number that decides the winner."""
    rows = []
    for seat, ledger in enumerate(_ledger(state)):
        row = [(part, ledger.get(part, 0)) for part in ORDER]  # the same rows for every seat
        row.append((TRADES, state["seats"][seat]["rubles"] - sum(ledger.values())))
        rows.append(row)
    return rows


def score_now(state: State, seat: int | None) -> list[list[tuple[str, int]]]:
    """Per seat, the parts of its score if the game ended now. The score is the rubles held,
    all public; the one hidden thing, a seat's hidden contracts, is worth nothing at the end
    (only a sale pays), so every seat, and the public, sees ``breakdown``."""
    return breakdown(state)
