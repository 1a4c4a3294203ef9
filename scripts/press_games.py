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
(default: every game at its fewest and most players), ``--seed S``, ``--chooser sensible``
to have the sensible bot choose every move (the person then presses that move's button or
option, turning panel pages until it shows), instead of random presses (``random``, the
default). ``--show-long N`` (with ``--chooser sensible``) also prints, per table, the N
commonest press sequences of actions that took 3 presses or more: each press as its
button or option label (the chosen move as the bot's action words), counted.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import re
import statistics
import sys
import tempfile
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from random import Random
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import games  # noqa: E402
from games.bots import choose  # noqa: E402
from games.core import Rng  # noqa: E402
from tests.e2e.fake_discord import FakeDiscord, FakeUser, Message  # noqa: E402
from tests.e2e.presses import (  # noqa: E402
    PAGE,
    PANEL_BUTTON,
    PANEL_SELECT,
    TURN,
    Press,
    Pressing,
    Record,
    play_game,
    skald_on,
    table_people,
)


@dataclass
class Pressed(Record):
    """A record that also keeps each press in words (``Sensible.what``)."""

    pressed: list[str] = field(default_factory=list)


class Sensible(Pressing):
    """Presses as a person following the sensible bot: of the panel's presses, only the one
    that plays the bot's choice, or the page button while that move is on another page."""

    async def play(self, record: Record, users: dict[int, FakeUser], *, max_presses: int = 20000) -> Record:
        self.game, self.seat_of = record.game, {u.id: seat for seat, u in users.items()}
        self.chooser = Rng(record.seed)
        self.chosen: dict[str, str] = {}  # the bot's choice in each position, kept across pages
        self.pressed: list[str] = []  # what each press did, in the order of record.presses
        return await super().play(record, users, max_presses=max_presses)

    async def state(self) -> tuple[dict[str, Any], list[Any], str]:
        self.latest = await super().state()
        return self.latest

    def moves_on(self, panel: Message) -> list[tuple[str, str | None]]:  # type: ignore[override]
        presses = Pressing.moves_on(panel)
        seat = next((self.seat_of[u] for u, p in self.panels.items() if p is panel), None)
        state, _, status = self.latest
        module = games.get(self.game)
        if seat is None or status != "playing" or seat not in module.to_act(state) or not presses:
            return presses
        actions = module.legal_actions(state, seat)
        key = json.dumps([seat, state], sort_keys=True)
        if key not in self.chosen:
            self.chosen[key] = choose(self.game, "sensible", module.view(state, seat), actions, self.chooser)
        action = self.chosen[key]
        carried = {action, str(actions.index(action))}
        for custom_id, value in presses:
            if (value if value is not None else custom_id.split(":", 4)[-1]) in carried:
                return [(custom_id, value)]
        return [p for p in presses if PAGE.fullmatch(p[0])] or presses

    async def press(
        self, user: FakeUser, message: Message, custom_id: str, value: str | None
    ) -> Message | None:
        self.pressed.append(self.what(message, custom_id, value))
        return await super().press(user, message, custom_id, value)

    def what(self, message: Message, custom_id: str, value: str | None) -> str:
        """A press in words: the bot's action for a move, otherwise the kind of press."""
        if TURN.fullmatch(custom_id):
            return "[your turn]"
        if PAGE.fullmatch(custom_id):
            return "[page]"
        if not (PANEL_BUTTON.fullmatch(custom_id) or PANEL_SELECT.fullmatch(custom_id)):
            return "[other]"
        state, _, _ = self.latest
        seat = next((s for u, s in self.seat_of.items() if self.panels.get(u) is message), None)
        key = json.dumps([seat, state], sort_keys=True)
        return self.chosen.get(key, "[move]")


async def play_sensible(fake: FakeDiscord, bot: Any, game: str, players: int, seed: int) -> Record:
    """``presses.play_game`` with every seat a person following the sensible bot."""
    people = table_people(fake, players)
    table = Sensible(fake, bot, fake.add_channel(f"{game}-{players}-{seed}"), Random(seed))
    await table.open(game, people, 0)
    record = Pressed(game, players, list(range(players)), seed)
    before = len(fake.requests)
    await table.play(record, dict(enumerate(people)))
    if record.over:
        await table.finish(people)
    record.requests = len(fake.requests) - before
    record.refusals = list(fake.refusals)
    record.pressed = table.pressed
    return record


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


def long_actions(record: Record, least: int = 3) -> list[tuple[str, ...]]:
    """The presses (in words) of each action that took ``least`` presses or more."""
    pressed = record.pressed if isinstance(record, Pressed) else []
    found: list[tuple[str, ...]] = []
    start = 0
    for n, press in enumerate(record.presses):
        if press.kind == "move" and not press.refused and not press.midway_after:
            if n + 1 - start >= least:
                found.append(tuple(pressed[start : n + 1]))
            start = n + 1
    return found


def pattern(presses: tuple[str, ...]) -> str:
    """A press sequence with its numbers and dice left out, so like actions count together."""
    shapes = [re.sub(r"\b[a-z]+-[a-z]+\b", "D", re.sub(r"\b[A-Z]?\d+\b", "N", p)) for p in presses]
    return " | ".join(shapes)


def show_long(records: list[Record], top: int) -> None:
    counts = Counter(pattern(a) for r in records for a in long_actions(r))
    total = sum(len(actions_of(r)) for r in records)
    print(f"actions: {total}, of them 3 presses or more: {sum(counts.values())}")
    for shape, n in counts.most_common(top):
        print(f"{n:5d}  {shape}")


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
    parser.add_argument("--chooser", choices=("random", "sensible"), default="random")
    parser.add_argument("--show-long", type=int, default=0, metavar="N")
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
                    if args.chooser == "sensible":
                        records.append(await play_sensible(fake, bot, game, players, seed))
                    else:
                        records.append(await play_game(fake, bot, game, players, players, seed))
            print(row(game, players, records), flush=True)
            if args.show_long and args.chooser == "sensible":
                show_long(records, args.show_long)


if __name__ == "__main__":
    asyncio.run(main())
