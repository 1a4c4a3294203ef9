"""The bot's own memory over a long run: ``python scripts/soak.py --moves 6000`` (or
``--minutes 120``: as many moves as fit in that time).

Starts the real ``python -m bot`` against the loopback fake Discord, plays games of every
title in turn (two people at each table, moves sent with ``/move``, a new game in a new
channel whenever one ends), and prints the resident memory of the bot's process (not its
drawing processes) every ``--every`` moves, with the growth per 1,000 moves over the last
half of the run. A measurement, not a test.
"""

from __future__ import annotations

import argparse
import asyncio
import random
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import games  # noqa: E402
from tests.e2e.fake_discord import FakeDiscord  # noqa: E402
from tests.e2e.process import Bot  # noqa: E402

DRAIN_S = 300.0  # generous: the soak measures memory, and a busy machine drains slowly


def rss_mb(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return 0.0


async def open_table(bot: Bot, name: str, game: str) -> object:
    fake = bot.fake
    channel = fake.add_channel(name)
    assert bot.skald is not None
    for user, sub, options in (
        (fake.alice, "new", {"game": game}),
        (fake.bob, "join", None),
        (fake.alice, "start", {"order": "joined"}),
    ):
        await bot.skald.answered(
            await fake.slash(user, "game", options, subcommand=sub, channel_id=channel.id)
        )
    return channel


async def soak(moves: int, every: int, seed: int, minutes: float | None = None) -> None:
    rng = random.Random(seed)
    titles = games.names()
    async with FakeDiscord() as fake:
        with tempfile.TemporaryDirectory() as folder:
            bot = Bot(fake, Path(folder))
            skald = await bot.start()
            try:
                pid = skald.process.pid
                users = {str(fake.alice.id): fake.alice, str(fake.bob.id): fake.bob}
                tables = 0
                channel = await open_table(bot, f"soak-{tables}", titles[0])
                samples: list[tuple[int, float]] = [(0, rss_mb(pid))]
                print(f"moves 0: {samples[0][1]:.1f} MB", flush=True)
                made, started = 0, time.monotonic()
                deadline = None if minutes is None else started + minutes * 60
                while made < moves if deadline is None else time.monotonic() < deadline:
                    _, state, seats = bot.game(channel)  # type: ignore[arg-type]
                    game = games.get(titles[tables % len(titles)])
                    acting = game.to_act(state)
                    if not acting:
                        tables += 1
                        channel = await open_table(bot, f"soak-{tables}", titles[tables % len(titles)])
                        continue
                    seat = acting[0]
                    action = rng.choice(game.legal_actions(state, seat))
                    user = users[seats[seat]]
                    await skald.answered(
                        await fake.slash(user, "move", {"action": action}, channel_id=channel.id)
                    )  # type: ignore[attr-defined]
                    await fake.wait_for(lambda: bot.unsent() == 0, DRAIN_S, what="the outbox to drain")
                    made += 1
                    if made % every == 0:
                        samples.append((made, rss_mb(pid)))
                        elapsed = (time.monotonic() - started) / 60
                        print(
                            f"moves {made}: {samples[-1][1]:.1f} MB ({tables} games finished, {elapsed:.0f} min)",
                            flush=True,
                        )
                half = samples[len(samples) // 2 :]
                if len(half) > 1:
                    growth = (half[-1][1] - half[0][1]) / (half[-1][0] - half[0][0]) * 1000
                    print(f"growth over the last half: {growth:.2f} MB per 1,000 moves")
            finally:  # a failed run must not leave the bot and its drawing processes behind
                await bot.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--moves", type=int, default=6000)
    parser.add_argument("--every", type=int, default=250)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--minutes", type=float, default=None, help="play for this long instead of --moves")
    args = parser.parse_args()
    asyncio.run(soak(args.moves, args.every, args.seed, args.minutes))


if __name__ == "__main__":
    main()
