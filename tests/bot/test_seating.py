"""The seating part on its own: who becomes host when the host leaves, in the lobby and
in play (by resigning or being replaced); and what a game ended by leaving says."""

from __future__ import annotations

from collections.abc import AsyncIterator
from typing import Any

import pytest_asyncio

import games
from bot.store.storage import Storage
from bot.table.context import Context
from bot.table.lobby import Lobby
from bot.table.moves import Moves
from bot.table.personal import Personal
from bot.table.seating import Seating

CH = "700"
ALICE, BOB, CAROL, DAVE = "11", "22", "33", "44"


class Parts:
    def __init__(self, storage: Storage) -> None:
        self.storage = storage
        self.ctx = Context(storage, lambda: 1_800_000_000.0)
        self.lobby = Lobby(self.ctx, lambda: 4242)
        self.seating = Seating(self.ctx, self.lobby)
        self.moves = Moves(self.ctx, Personal(self.ctx).uncover)

    async def host(self) -> str:
        return (await self.storage.latest_game(CH)).host_id  # type: ignore[union-attr]

    async def last_text(self) -> str:
        """The newest channel message's text."""
        rows = [
            r
            for r in await self.storage.pending_outbox()
            if r.kind == "channel" and "replay" not in r.payload
        ]
        return rows[-1].payload["text"]


@pytest_asyncio.fixture
async def parts(database: str) -> AsyncIterator[Parts]:
    storage = await Storage.open(database)
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


def running_scores(state: dict[str, Any]) -> list[int]:
    """Knarr's points as they stand, read from its state."""
    return [seat["score"] for seat in state["seats"]]


async def play_until_someone_scores(parts: Parts) -> None:
    knarr = games.get("knarr")
    for _ in range(200):
        game = await parts.storage.latest_game(CH)
        assert game is not None and game.state is not None
        if any(running_scores(game.state)):
            return
        seat = knarr.to_act(game.state)[0]
        user = (await parts.storage.seats(game.id))[seat].user_id
        await parts.moves.act(CH, user, knarr.legal_actions(game.state, seat)[0])
    raise AssertionError("nobody scored in 200 moves")


async def test_a_kick_that_ends_the_game_names_the_winner_and_the_scores(parts: Parts) -> None:
    await parts.lobby.new_game(CH, ALICE, "alice", "knarr")
    await parts.lobby.join(CH, BOB, "bob")
    await parts.lobby.start(CH, ALICE, "joined")
    await play_until_someone_scores(parts)
    before = await parts.storage.latest_game(CH)
    assert before is not None and before.state is not None
    expected = running_scores(before.state)
    await parts.seating.kick(CH, ALICE, BOB)
    game = await parts.storage.latest_game(CH)
    assert game is not None and game.status == "over"
    assert game.result == {"winners": [0], "scores": expected, "reason": "the others left"}
    assert (await parts.last_text()).endswith(
        f"**Game over.** alice wins (the others left). Final scores: alice {expected[0]}, bob {expected[1]}."
    )
