"""Final scoring after round 6, and the designed tie-break."""

from __future__ import annotations

from typing import Any

from games.core import State
from games.reavers.data import CARDS, FAVOR_GLORY, MAJORITY, PROPHECIES, SETS

Player = dict[str, Any]


def _reavers(p: Player) -> list[str]:
    """Every Reaver the player holds: at the end the board is swept into the Glory pile."""
    owned = [c for c in p["pile"] if c.startswith("R")]
    owned += [c for cards in p["specialized"].values() for c in cards]
    return owned + ([p["leader"]] if p["leader"] else [])


def _artifacts(p: Player) -> list[str]:
    return [a["card"] for a in p["artifacts"]] + [c for c in p["pile"] if CARDS[c].get("kind") == "artifact"]


def set_score(count: int, values: list[int]) -> int:
    """Sets of one treasure kind: each full set scores the top value, a remainder its own."""
    full, rest = divmod(count, len(values))
    return full * values[-1] + (values[rest - 1] if rest else 0)


def measure(p: Player, what: str) -> int:
    """How much of ``what`` a player has, for Prophecies."""
    if what in ("troll", "kraken", "wall"):
        return int(p["trophies"][what])
    counts = {
        "territories": len(p["territories"]),
        "battles": sum(1 for c in p["pile"] if c.startswith("B")),
        "treasures": sum(1 for c in p["pile"] if CARDS[c].get("kind") == "treasure"),
        "food": p["food"],
        "favor": p["favor"],
        "dice": len(p["dice"]),
        "reavers": len(_reavers(p)),
        "specialized": sum(len(cards) for cards in p["specialized"].values()),
        "artifacts": len(_artifacts(p)),
        "upgrades": len(p["upgrades"]),
    }
    return int(counts[what])


def prophecy_met(p: Player, card: str) -> bool:
    return all(measure(p, what) >= amount for what, amount in PROPHECIES[card]["need"].items())


def _majorities(seats: list[Player]) -> list[int]:
    points = [0] * len(seats)
    for kind in MAJORITY["kinds"]:
        counts = sorted({p["trophies"][kind] for p in seats if p["trophies"][kind] > 0}, reverse=True)
        for rank, value in zip(counts[:2], (MAJORITY["first"], MAJORITY["second"]), strict=False):
            for seat, p in enumerate(seats):
                if p["trophies"][kind] == rank:
                    points[seat] += value
    return points


def parts(p: Player, majority: int, *, secret: bool = True) -> dict[str, int]:
    """A seat's Glory by category if the game ended now. Without ``secret`` only what every
    player sees counts: the Glory pile (rallied Reavers, artifacts put there, Keep
    treasures) and the Prophecies are left out."""
    public = {"pile": [c for c in p["pile"] if secret]}
    held = {**p, **public}
    row = {
        "track": p["glory"],
        "reavers": sum(CARDS[r]["glory"] for r in _reavers(held)),
        "artifacts": sum(CARDS[a]["glory"] for a in _artifacts(held)),
        "favor": FAVOR_GLORY * p["favor"],
        "majorities": majority,
    }
    if secret:
        keeps = 0
        for kind, data in SETS.items():
            count = sum(1 for c in p["pile"] if CARDS[c].get("set") == kind)
            keeps += set_score(count, data["values"])
        row["keep_spoils"] = keeps
        row["prophecies"] = sum(PROPHECIES[c]["glory"] for c in p["prophecies"] if prophecy_met(p, c))
    return row


def majorities(state: State) -> list[int]:
    return _majorities(state["seats"])


def breakdown(state: State) -> list[dict[str, int]]:
    rows = []
    for p, majority in zip(state["seats"], majorities(state), strict=True):
        part = parts(p, majority)
        row = {
            key: part[key]
            for key in ("track", "artifacts", "favor", "keep_spoils", "majorities", "prophecies", "reavers")
        }
        row["total"] = sum(row.values())
        rows.append(row)
    return rows


def final_scores(state: State) -> dict[str, Any]:
    rows = breakdown(state)
    scores = [row["total"] for row in rows]

    def rank(seat: int) -> tuple[int, int, int]:
        p = state["seats"][seat]
        return scores[seat], p["food"], len(p["dice"])

    best = max(rank(seat) for seat in range(len(scores)))
    winners = [seat for seat in range(len(scores)) if rank(seat) == best]
    return {"winners": winners, "scores": scores, "breakdown": rows}


def reason(state: State, final: dict[str, Any], rounds: int) -> str:
    """Why the winners won, in words that name nobody (the outcome line names them)."""
    scores, winners = final["scores"], final["winners"]
    top = max(scores)
    level = [seat for seat in range(len(scores)) if scores[seat] == top]
    if len(level) == 1:
        return f"most Glory after {rounds} rounds"
    if len(winners) > 1:
        return f"tied on {top} Glory, food and dice: a shared win"
    food = [state["seats"][seat]["food"] for seat in level]
    if food.count(max(food)) == 1:
        return f"tied on {top} Glory; most food left"
    return f"tied on {top} Glory and food; most dice"
