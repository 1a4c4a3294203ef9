"""The reminders part on its own: when a reminder falls due, how the waits grow, and
what the host's reminder time changes."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest
import pytest_asyncio

import games
from bot.store.storage import Storage
from bot.table.context import Context, TableError
from bot.table.lobby import Lobby
from bot.table.moves import Moves
from bot.table.personal import Personal
from bot.table.reminders import MAX_NUDGES, Reminders

CH = "800"
ALICE, BOB = "11", "22"
HOUR = 3600.0


class Clock:
    def __init__(self) -> None:
        self.now = 1_800_000_000.0

    def __call__(self) -> float:
        return self.now


class Parts:
    def __init__(self, storage: Storage) -> None:
        self.storage = storage
        self.clock = Clock()
        ctx = Context(storage, self.clock)
        self.lobby = Lobby(ctx, lambda: 99, default_reminder_hours=10.0)
        self.moves = Moves(ctx, Personal(ctx).uncover)
        self.reminders = Reminders(ctx)

    async def remind_at(self) -> float | None:
        game = await self.storage.latest_game(CH)
        assert game is not None
        return game.remind_at

    async def acting(self) -> str:
        """The user the knarr game waits for (its seed picks the first player)."""
        game = await self.storage.latest_game(CH)
        assert game is not None and game.state is not None
        seats = await self.storage.seats(game.id)
        return seats[games.get("knarr").to_act(game.state)[0]].user_id

    async def text(self, outbox_id: int) -> str:
        return next(r.payload["text"] for r in await self.storage.pending_outbox() if r.id == outbox_id)


@pytest_asyncio.fixture
async def parts(database: str) -> AsyncIterator[Parts]:
    storage = await Storage.open(database)
    parts = Parts(storage)
    await parts.lobby.new_game(CH, ALICE, "alice", "knarr")
    await parts.lobby.join(CH, BOB, "bob")
    yield parts
    await storage.close()


async def test_each_reminder_waits_twice_as_long_then_one_stall_notice(parts: Parts) -> None:
    start = parts.clock.now
    await parts.lobby.start(CH, ALICE, "joined")
    assert await parts.remind_at() == start + 10 * HOUR  # the game's default reminder time
    parts.clock.now = start + 10 * HOUR - 1
    assert await parts.reminders.send_reminders() == []  # not yet due
    due, waiting = start + 10 * HOUR, await parts.acting()
    for nudge in range(1, MAX_NUDGES + 1):
        parts.clock.now = due
        [sent] = await parts.reminders.send_reminders()
        assert (await parts.text(sent)).startswith(f"Reminder {nudge} of {MAX_NUDGES}: <@{waiting}>,")
        due = parts.clock.now + 10 * HOUR * 2**nudge
        assert await parts.remind_at() == due
    parts.clock.now = due
    [stalled] = await parts.reminders.send_reminders()
    assert "has stalled" in await parts.text(stalled)
    assert await parts.remind_at() is None


async def test_a_move_starts_the_wait_again(parts: Parts) -> None:
    await parts.lobby.start(CH, ALICE, "joined")
    parts.clock.now += 10 * HOUR
    assert len(await parts.reminders.send_reminders()) == 1
    parts.clock.now += 5 * HOUR
    user = await parts.acting()
    action = (await parts.moves.legal(CH, user))[0][0]
    await parts.moves.act(CH, user, action)
    game = await parts.storage.latest_game(CH)
    assert game is not None and game.nudges == 0 and game.remind_at == parts.clock.now + 10 * HOUR


async def test_the_host_sets_the_reminder_time_within_bounds(parts: Parts) -> None:
    with pytest.raises(TableError, match="Only the host"):
        await parts.reminders.set_reminder(CH, BOB, 5)
    for hours in (0, 0.5, 337):
        with pytest.raises(TableError, match="between 1 hour and 14 days"):
            await parts.reminders.set_reminder(CH, ALICE, hours)
    await parts.reminders.set_reminder(CH, ALICE, 5)
    assert await parts.remind_at() is None  # in the lobby nothing is waited for yet
    await parts.lobby.start(CH, ALICE, "joined")
    assert await parts.remind_at() == parts.clock.now + 5 * HOUR
    parts.clock.now += HOUR
    await parts.reminders.set_reminder(CH, ALICE, 336)  # counts from now
    assert await parts.remind_at() == parts.clock.now + 336 * HOUR
