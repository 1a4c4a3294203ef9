"""The shared context on its own: a change committed against a stale game is refused
whole, and the log's standing moves leave undone ones out."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest
import pytest_asyncio

import games
from bot.store.storage import Storage
from bot.table.context import Context, TableError
from bot.table.lobby import Lobby

CH = "900"


@pytest_asyncio.fixture
async def ctx(database: str) -> AsyncIterator[Context]:
    storage = await Storage.open(database)
    ctx = Context(storage, lambda: 1_800_000_000.0)
    lobby = Lobby(ctx, lambda: 7)
    await lobby.new_game(CH, "11", "alice", "knarr")
    await lobby.join(CH, "22", "bob")
    await lobby.start(CH, "11", "joined")
    yield ctx
    await storage.close()


async def test_a_change_on_a_stale_game_is_refused_and_stores_nothing(ctx: Context) -> None:
    storage = ctx.storage
    game = await ctx.active(CH)
    seats = await storage.seats(game.id)
    module = games.get("knarr")
    assert game.state is not None
    seat = module.to_act(game.state)[0]
    state = module.apply(game.state, seat, module.legal_actions(game.state, seat)[0])
    async with storage.transaction() as tx:
        await ctx.commit_change(tx, game, module, seats, old=game.state, state=state, now=1.0, head=["first"])
    outbox = len(await storage.pending_outbox())
    with pytest.raises(TableError, match="at the same moment"):
        async with storage.transaction() as tx:  # the same version again: someone got there first
            await storage.append_actions(tx, game.id, [("move", seat, "11", "x")], 2.0)
            await ctx.commit_change(
                tx, game, module, seats, old=game.state, state=state, now=2.0, head=["second"]
            )
    after = await ctx.active(CH)
    assert after.version == game.version + 1 and after.state == state
    assert len(await storage.pending_outbox()) == outbox
    assert all(r.action != "x" for r in await storage.actions(game.id))


async def test_undone_moves_do_not_stand(ctx: Context) -> None:
    storage = ctx.storage
    game = await ctx.active(CH)
    async with storage.transaction() as tx:
        await storage.append_actions(tx, game.id, [("move", 0, "11", "a"), ("move", 1, "22", "b")], 1.0)
        await storage.append_actions(tx, game.id, [("undo", None, None, "2")], 2.0)
        await storage.append_actions(tx, game.id, [("move", 1, "22", "c")], 3.0)
    assert await ctx.effective_moves(game.id) == [(1, 0, "a"), (4, 1, "c")]
