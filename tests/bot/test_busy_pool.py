"""More moves at once than the database has connections: none may wait for a connection it
can never get. On PostgreSQL each transaction holds one pooled connection; a read made
through the pool from inside a transaction needs a second, so with every connection held by
such a transaction the pool deadlocked (found by the scale benchmark with 32 moves in
flight on a pool of 8)."""

from __future__ import annotations

import asyncio

import pytest

import games
from bot.store import db
from bot.store.storage import Storage
from bot.table import Table

KNARR = games.get("knarr")


async def test_more_moves_at_once_than_connections_all_finish(database: str) -> None:
    if db.is_postgres(database):
        storage = Storage(await db.PostgresBackend.open(database, size=2))
    else:
        storage = await Storage.open(database)
    table = Table(storage, seeds=lambda: 3)
    channels = [str(100 + i) for i in range(8)]
    for channel in channels:
        await table.lobby.new_game(channel, f"a{channel}", "Astrid", "knarr")
        await table.lobby.join(channel, f"b{channel}", "Bjorn")
        await table.lobby.start(channel, f"a{channel}", "joined")

    async def move(channel: str) -> int:
        game = await table.context.active(channel)
        assert game.state is not None
        user = (await storage.seats(game.id))[KNARR.to_act(game.state)[0]].user_id
        [(action, _), *_] = await table.moves.legal(channel, user)
        await table.moves.act(channel, user, action)
        return (await table.context.active(channel)).version

    for _ in range(3):  # three rounds of eight moves at once, on two connections
        versions = await asyncio.wait_for(asyncio.gather(*(move(c) for c in channels)), timeout=60)
        assert len(versions) == 8
    await storage.close()


async def test_a_read_beside_an_open_transaction_is_refused(database: str) -> None:
    storage = await Storage.open(database)
    async with storage.transaction() as tx:
        await storage.create_game(tx, "1", "knarr", "a", {}, 7, 24.0, 0.0)
    with pytest.raises(RuntimeError, match="pass the transaction"):
        async with storage.transaction():
            await storage.active_game("1")
    assert await storage.active_game("1") is not None  # outside, the same read is fine
    await storage.close()
