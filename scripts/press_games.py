"""Whole games played by presses only, as on a phone: ``python scripts/press_games.py``.

Every seat is a person who acts only through the board's **Your turn** button and the
private panel it opens (buttons and select options, chosen at random by a seeded
generator), with Skald running in this process on the strict loopback fake Discord
(``tests/e2e/presses.py``). Prints, per game and player count, a markdown table of:

- presses per turn and per action (median / 90th percentile): a turn is one seat's run of
  presses; an action ends with a press after which the seat is no longer in the middle of
  one (``midway``); the Your turn press counts;
- pings per player per round, and of them those that reached someone already acting
  (a round is as many turns as there are players);
- public messages per round;
- requests the bot sent, and those Discord would refuse (target: none).

``--games N`` games per table (default 2), ``--tables knarr:2,knarr:4`` to choose tables
(default: every game at its fewest and most players), ``--seed S``.
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import games  # noqa: E402
from tests.e2e.fake_discord import FakeDiscord  # noqa: E402
from tests.e2e.presses import Press, Record, play_game, skald_on  # noqa: E402


def turns_of(record: Record) -> list[int]:
    """Presses in each turn: a run of presses by one seat, which ends when another seat
    presses or when a press leaves the seat no longer acting."""
    runs: list[int] = []
    last: Press | None = None
    for press in record.presses:
        if last is None or press.seat != last.seat or press.seat not in last.acting_after:
            runs.append(0)
        runs[-1] += 1
        last = press
    return runs


def actions_of(record: Record) -> list[int]:
    """Presses in each whole action: up to a move after which the seat is not midway."""
    counts: list[int] = []
    count = 0
    for press in record.presses:
        count += 1
        if press.kind == "move" and not press.refused and not press.midway_after:
            counts.append(count)
            count = 0
    return counts


def p90(values: list[int]) -> float:
    ordered = sorted(values)
    return float(ordered[min(len(ordered) - 1, int(0.9 * len(ordered)))]) if ordered else 0.0


def row(game: str, players: int, records: list[Record]) -> str:
    turns = [n for r in records for n in turns_of(r)]
    actions = [n for r in records for n in actions_of(r)]
    rounds = sum(len(turns_of(r)) for r in records) / players or 1.0
    pings = sum(len(r.pings) for r in records) / players / rounds
    acting = sum(r.pings_while_acting for r in records) / players / rounds
    public = sum(len(r.public) for r in records) / rounds
    requests = sum(r.requests for r in records)
    refused = sum(len(r.refusals) for r in records)
    unfinished = sum(not r.over for r in records)
    return (
        f"| {game} | {players} | {len(records)} | {statistics.median(turns):g} / {p90(turns):g} "
        f"| {statistics.median(actions):g} / {p90(actions):g} | {pings:.1f} ({acting:.1f}) | {public:.1f} "
        f"| {requests} | {refused} | {unfinished} |"
    )


async def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--games", type=int, default=2)
    parser.add_argument("--tables", default="")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    if args.tables:
        tables = [(t.split(":")[0], int(t.split(":")[1])) for t in args.tables.split(",")]
    else:
        tables = [
            (g, n)
            for g in games.names()
            for n in sorted({games.get(g).min_players, games.get(g).max_players})
        ]
    print(
        "| game | players | games | presses per turn (median / p90) | presses per action (median / p90) "
        "| pings per player per round (while already acting) | public messages per round | requests "
        "| refused | unfinished |"
    )
    print("|---|---|---|---|---|---|---|---|---|---|")
    with tempfile.TemporaryDirectory() as folder:
        for game, players in tables:
            records = []
            for n in range(args.games):
                seed = args.seed + n
                async with FakeDiscord() as fake, skald_on(fake, Path(folder), seed) as bot:
                    records.append(await play_game(fake, bot, game, players, players, seed))
            print(row(game, players, records), flush=True)


if __name__ == "__main__":
    asyncio.run(main())
