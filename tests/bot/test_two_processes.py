"""Two tables on one database, as two bot processes would be: each with its own storage
connections and its own per-channel locks, so only the database keeps them in step."""

from __future__ import annotations

import asyncio
import json
from collections.abc import AsyncIterator

import pytest_asyncio

from bot.store.storage import Storage
from bot.table import Table, TableError
from tests.bot.knarr_table import acting

ALICE, BOB = "11", "22"
HOUR = 3600.0


class Clock:
    def __init__(self) -> None:
        self.now = 1_800_000_000.0

    def __call__(self) -> float:
        return self.now


@pytest_asyncio.fixture
async def pair(database: str) -> AsyncIterator[tuple[Table, Table, Clock]]:
    clock = Clock()
    first, second = await Storage.open(database), await Storage.open(database)
    yield Table(first, clock=clock, seeds=lambda: 5), Table(second, clock=clock, seeds=lambda: 5), clock
    await first.close()
    await second.close()


async def start(table: Table, channel: str) -> None:
    await table.lobby.new_game(channel, ALICE, "alice", "knarr")
    await table.lobby.join(channel, BOB, "bob")
    await table.lobby.start(channel, ALICE, "joined")


async def test_the_same_move_through_both_at_once_stands_once(pair: tuple[Table, Table, Clock]) -> None:
    a, b, _ = pair
    await start(a, "1")
    for _ in range(4):
        user, action, version = await acting(a, "1")
        before = len(await a.storage.actions((await a.context.active("1")).id))
        results = await asyncio.gather(
            a.moves.act("1", user, action, version=version),
            b.moves.act("1", user, action, version=version),
            return_exceptions=True,
        )
        refused = [r for r in results if isinstance(r, TableError)]
        assert len(refused) == 1, results  # the other one stands; nothing else went wrong
        assert "moved at the same moment" in str(refused[0]) or "out of date" in str(refused[0])
        game = await b.context.active("1")
        assert game.version == version + 1
        logged = await b.storage.actions(game.id)
        assert logged[before].action == action and [r.n for r in logged] == list(range(1, len(logged) + 1))


async def test_moves_in_many_channels_through_both_are_all_kept(pair: tuple[Table, Table, Clock]) -> None:
    a, b, _ = pair
    channels = [str(n) for n in range(1, 7)]
    for channel in channels:
        await start(a if int(channel) % 2 else b, channel)
    made = dict.fromkeys(channels, 0)
    for turn in range(3):
        moves = []
        for index, channel in enumerate(channels):
            user, action, version = await acting(a, channel)
            table = a if (index + turn) % 2 else b
            moves.append(table.moves.act(channel, user, action, version=version))
        await asyncio.gather(*moves)  # none refused: different games never wait for each other
        for channel in channels:
            made[channel] += 1
    for channel in channels:
        game = await a.context.active(channel)
        assert game.version == 1 + made[channel]  # the start, then every move


async def test_each_outbox_row_is_claimed_by_one_process(pair: tuple[Table, Table, Clock]) -> None:
    a, b, clock = pair
    await start(a, "1")
    await start(b, "2")
    rows = await a.storage.pending_outbox()
    assert len(rows) >= 8
    claims = await asyncio.gather(
        *(
            s.claim(row.id, name, clock.now, 120.0)
            for row in rows
            for s, name in ((a.storage, "a"), (b.storage, "b"))
        )
    )
    taken = [c.id for c in claims if c is not None]
    assert sorted(taken) == sorted(row.id for row in rows)  # every row once, none twice
    assert await b.storage.claim(rows[0].id, "b", clock.now + 1, 120.0) is None  # the lease holds


async def test_a_due_reminder_is_sent_by_one_process(pair: tuple[Table, Table, Clock]) -> None:
    a, b, clock = pair
    for channel in ("1", "2", "3"):
        await start(a, channel)
    clock.now += 25 * HOUR
    first, second = await asyncio.gather(a.send_reminders(), b.send_reminders())
    assert len(first) + len(second) == 3
    texts = [r.payload["text"] for r in await a.storage.pending_outbox() if r.id in first + second]
    assert len(texts) == 3 and all(t.startswith("Reminder 1 of 3") for t in texts)
    assert await a.send_reminders() == [] and await b.send_reminders() == []


async def test_seats_deciding_at_once_through_both_are_all_played(pair: tuple[Table, Table, Clock]) -> None:
    """Several seats must decide at once (Knarr's forced discards) and press at the same
    instant through the two processes: a press that lost the race for the game's row is
    tried again on the newer game, where it is still that seat's move, so all stand."""
    a, b, _ = pair
    carol = "33"
    for _ in range(3):
        await a.lobby.new_game("5", ALICE, "alice", "knarr")
        await a.lobby.join("5", BOB, "bob")
        await a.lobby.join("5", carol, "carol")
        await a.lobby.start("5", ALICE, "joined")
        game = await a.context.active("5")
        state = game.state
        assert state is not None
        state["discarding"] = {"seats": [0, 1, 2], "chosen": {}}
        state["phase"] = "discard"
        state["queue"] = [{"do": "phase", "phase": "action"}]
        async with a.storage.transaction() as tx:
            await tx.execute("UPDATE games SET state = ? WHERE id = ?", (json.dumps(state), game.id))
        seats = await a.storage.seats(game.id)
        moves = []
        for position, seat in enumerate(seats):
            card = next(c for cards in state["seats"][position]["crew"].values() for c in cards)
            table = b if position == 1 else a
            moves.append(table.moves.act("5", seat.user_id, f"discard {card}"))
        results = await asyncio.gather(*moves, return_exceptions=True)
        assert not [r for r in results if isinstance(r, BaseException)], results
        after = await b.context.active("5")
        assert after.state is not None and after.state["discarding"] is None
        assert after.version == game.version + 3
        await a.seating.resign("5", BOB)
        await a.seating.resign("5", carol)
