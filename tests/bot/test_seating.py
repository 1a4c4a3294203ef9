"""The seating part on its own: who becomes host when the host leaves, in the lobby and
in play (by resigning or being replaced)."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest_asyncio

from bot.storage import Storage
from bot.table.context import Context
from bot.table.lobby import Lobby
from bot.table.seating import Seating

CH = "700"
ALICE, BOB, CAROL, DAVE = "11", "22", "33", "44"


class Parts:
    def __init__(self, storage: Storage) -> None:
        self.storage = storage
        self.ctx = Context(storage, lambda: 1_800_000_000.0)
        self.lobby = Lobby(self.ctx, lambda: 4242)
        self.seating = Seating(self.ctx, self.lobby)

    async def host(self) -> str:
        return (await self.storage.latest_game(CH)).host_id  # type: ignore[union-attr]

    async def last_text(self) -> str:
        return (await self.storage.pending_outbox())[-1].payload["text"]


@pytest_asyncio.fixture
async def parts() -> AsyncIterator[Parts]:
    storage = await Storage.open(":memory:")
    yield Parts(storage)
    await storage.close()


async def test_host_leaving_the_lobby_hands_it_to_the_earliest_person_not_a_bot(parts: Parts) -> None:
    await parts.lobby.new_game(CH, ALICE, "alice", "knarr")
    await parts.lobby.add_bot(CH, ALICE)
    await parts.lobby.join(CH, BOB, "bob")
    await parts.lobby.join(CH, CAROL, "carol")
    await parts.lobby.leave(CH, ALICE)
    assert await parts.host() == BOB
    assert "Host: bob." in await parts.last_text()


async def test_host_resigning_passes_to_the_next_person_seated_after_them(parts: Parts) -> None:
    await parts.lobby.new_game(CH, ALICE, "alice", "knarr")
    await parts.lobby.join(CH, BOB, "bob")
    await parts.lobby.add_bot(CH, ALICE)
    await parts.lobby.join(CH, CAROL, "carol")
    await parts.lobby.start(CH, ALICE, "joined")  # seats: alice, bob, bot, carol
    await parts.seating.resign(CH, BOB)
    assert await parts.host() == ALICE  # someone else leaving changes nothing
    await parts.seating.resign(CH, ALICE)
    # Bob has left and the bot is no person: Carol, after them, is the host now.
    assert await parts.host() == CAROL
    assert "**carol** is the host now." in await parts.last_text()


async def test_replacing_the_host_passes_the_host_on_from_their_own_seat(parts: Parts) -> None:
    # Alice leaves the lobby after adding a bot, so the host (Bob) sits second.
    await parts.lobby.new_game(CH, ALICE, "alice", "knarr")
    await parts.lobby.add_bot(CH, ALICE)
    await parts.lobby.join(CH, BOB, "bob")
    await parts.lobby.leave(CH, ALICE)
    await parts.lobby.join(CH, CAROL, "carol")
    await parts.lobby.start(CH, BOB, "joined")  # seats: bot, bob, carol
    await parts.seating.replace(CH, BOB, BOB, DAVE, "dave")
    assert await parts.host() == CAROL
    text = next(
        r.payload["text"] for r in await parts.storage.pending_outbox() if "takes over" in r.payload["text"]
    )
    assert text == "**dave** takes over bob's seat. **carol** is the host now."


async def test_host_resigning_with_one_person_and_a_bot_left_makes_that_person_host(parts: Parts) -> None:
    await parts.lobby.new_game(CH, ALICE, "alice", "knarr")
    await parts.lobby.join(CH, BOB, "bob")
    await parts.lobby.add_bot(CH, ALICE)
    await parts.lobby.start(CH, ALICE, "joined")  # seats: alice, bob, bot
    await parts.seating.resign(CH, ALICE)
    # Bob is the only person left: the host passes to him and the bot plays on.
    assert await parts.host() == BOB
    game = await parts.storage.latest_game(CH)
    assert game is not None and game.status == "playing"
