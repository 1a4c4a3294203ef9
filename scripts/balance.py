"""Win rates by seat with sensible bots everywhere: ``python scripts/balance.py``.

For each game in ``games.names()`` and each player count, plays ``--games`` seeded games
(default 1000) and prints a markdown table of the win rate of each seat (a shared win
counts as a fraction). Games whose state has ``"sides"`` (Saga) are also reported by
side. ``--game ID`` limits it to one game, ``--players N`` to one player count. Runs on at
most 2 worker processes.
"""

from __future__ import annotations

import argparse
import multiprocessing

from bot_games import games, play


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--game", default=None)
    parser.add_argument("--players", type=int, default=None, help="only this player count")
    args = parser.parse_args()
    names = [args.game] if args.game else games.names()
    print("| game | players | games | win rate by seat (1st, 2nd, ...) | by side | unfinished |")
    print("|---|---|---|---|---|---|")
    with multiprocessing.Pool(2) as pool:
        for name in names:
            game = games.get(name)
            counts = range(game.min_players, game.max_players + 1)
            for players in [args.players] if args.players else counts:
                jobs = [(name, players, seed, ["sensible"] * players) for seed in range(args.games)]
                seats = [0.0] * players
                sides: dict[str, float] = {}
                unfinished = 0
                for result in pool.imap(play, jobs, chunksize=4):
                    unfinished += not result["winners"]
                    for winner in result["winners"]:
                        seats[winner] += 1 / len(result["winners"])
                        if result["sides"]:
                            side = next(s for s, seat in result["sides"].items() if seat == winner)
                            sides[side] = sides.get(side, 0.0) + 1 / len(result["winners"])
                by_seat = ", ".join(f"{w / args.games:.1%}" for w in seats)
                by_side = ", ".join(f"{s} {w / args.games:.1%}" for s, w in sorted(sides.items())) or "-"
                print(
                    f"| {name} | {players} | {args.games} | {by_seat} | {by_side} | {unfinished} |",
                    flush=True,
                )


if __name__ == "__main__":
    main()
