"""How much better the sensible bot is than random: ``python scripts/bot_strength.py``.

For each game in ``games.names()``: 2-player games of ``sensible`` against ``random``,
half with the sensible bot in seat 0 and half in seat 1; prints its win rate (a shared
win counts as half), and the median and 99th percentile of its thinking time per move.
Runs on at most 2 worker processes (``--games N`` per game, default 200; ``--game ID``).
"""

from __future__ import annotations

import argparse
import multiprocessing

from bot_games import games, percentile, play


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--game", default=None, help="only this game id")
    args = parser.parse_args()
    print("| game | games | sensible wins | as seat 1 | as seat 2 | median ms/move | p99 ms/move |")
    print("|---|---|---|---|---|---|---|")
    with multiprocessing.Pool(2) as pool:
        for name in [args.game] if args.game else games.names():
            jobs = []
            for seed in range(args.games):
                levels = ["random", "random"]
                levels[seed % 2] = "sensible"
                jobs.append((name, 2, seed, levels))
            wins = [0.0, 0.0]
            times: list[float] = []
            for seed, result in enumerate(pool.imap(play, jobs, chunksize=4)):
                seat = seed % 2
                if seat in result["winners"]:
                    wins[seat] += 1 / len(result["winners"])
                times += result["times"]["sensible"]
            half = args.games / 2
            total = (wins[0] + wins[1]) / args.games
            print(
                f"| {name} | {args.games} | {total:.1%} | {wins[0] / half:.1%} | {wins[1] / half:.1%} "
                f"| {percentile(times, 0.5) * 1000:.2f} | {percentile(times, 0.99) * 1000:.2f} |",
                flush=True,
            )


if __name__ == "__main__":
    main()
