"""Pax Viking balance with sensible bots everywhere: ``python scripts/pax_balance.py``.

A measurement, not a test. For each player count plays ``--games`` seeded games in one
process and prints, as markdown: median rounds, share ended by a condition, win % by Jarl
(share of the games the Jarl was in) and by position in turn order (from the start player);
a shared win counts as a fraction. ``--difficulty`` picks the conditions dealt, ``--silfr``
the starting Silfr schedule (the game's default when not given); ``--players 3`` limits the
counts. Conditions met at the end are tallied, and games still going after ``MAX_STEPS`` moves counted as unfinished. One process; run one per player count to use
more cores.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections import Counter
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import games  # noqa: E402
from games import bots  # noqa: E402
from games.core import Rng  # noqa: E402
from games.pax import victory  # noqa: E402
from games.pax.data import JARLS  # noqa: E402

MAX_STEPS = 4000


def play(players: int, seed: int, difficulty: str, silfr: str | None = None) -> dict[str, Any]:
    game = games.get("pax")
    options = {"difficulty": difficulty} | ({"silfr": silfr} if silfr else {})
    state = game.setup(seed, players, options)
    rng = Rng(seed * 31 + 7)
    for _ in range(MAX_STEPS):
        acting = game.to_act(state)
        if not acting:
            break
        seat = acting[0] if len(acting) == 1 else rng.choice(acting)
        action = bots.choose("pax", "sensible", game.view(state, seat), game.legal_actions(state, seat), rng)
        state = game.apply(state, seat, action)
    result = state.get("result") or {"winners": [], "reason": "unfinished"}
    met = [c["id"] for c in state["conditions"] if c["face_up"] and victory.met_by(state, c["id"])]
    return {
        "winners": result["winners"],
        "reason": result["reason"],
        "rounds": state["round"],
        "first": state["first"],
        "jarls": [p["jarl"] for p in state["seats"]],
        "met": met,
    }


def measure(players: int, count: int, difficulty: str, silfr: str | None = None) -> str:
    by_jarl: dict[str, float] = dict.fromkeys(JARLS, 0.0)
    in_games: Counter[str] = Counter()
    by_position = [0.0] * players
    rounds: list[int] = []
    ended = 0
    unfinished = 0
    met: Counter[str] = Counter()
    for seed in range(count):
        r = play(players, seed, difficulty, silfr)
        rounds.append(r["rounds"])
        ended += r["reason"] == "met a Victory Condition"
        unfinished += r["reason"] == "unfinished"
        met.update(r["met"])
        in_games.update(r["jarls"])
        for w in r["winners"]:
            by_jarl[r["jarls"][w]] += 1 / len(r["winners"])
            by_position[(w - r["first"]) % players] += 1 / len(r["winners"])
    jarls = ", ".join(f"{j} {100 * by_jarl[j] / in_games[j]:.1f}" for j in sorted(in_games))
    positions = ", ".join(f"{100 * w / count:.1f}" for w in by_position)
    tally = " ".join(f"{c}:{n}" for c, n in sorted(met.items()))
    return (
        f"| {players} | {difficulty} | {count} | {statistics.median(rounds):g} | {100 * ended / count:.0f}% "
        f"| {jarls} ({100 / players:.0f}) | {positions} | {tally} | {unfinished} |"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--players", type=int, nargs="*", default=[2, 3, 4, 5, 6])
    parser.add_argument("--difficulty", nargs="*", default=["standard"])
    parser.add_argument("--silfr", choices=["rulebook", "tuned"], default=None)
    args = parser.parse_args()
    print(
        "| players | difficulty | games | median rounds | by a condition | win % by Jarl (fair) | win % by position | conditions met | unfinished |"
    )
    print("|---|---|---|---|---|---|---|---|---|")
    for difficulty in args.difficulty:
        for players in args.players:
            start = time.perf_counter()
            line = measure(players, args.games, difficulty, args.silfr)
            print(line, f"<!-- {time.perf_counter() - start:.0f} s -->", flush=True)


if __name__ == "__main__":
    main()
