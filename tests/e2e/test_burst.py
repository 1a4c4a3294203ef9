"""A burst against Discord's limits: 1,000 moves across 200 channels at once.

The table stores the moves (SQLite) while the real ``Delivery`` drains the outbox through
discord.py's HTTP client to the loopback fake Discord, which answers 429s as Discord
does (50 requests a second per token, 5 messages per 5 seconds per channel).

Nothing here is timed. That a move never waits on delivery is shown by a Discord that
answers nothing while the moves are made (``FakeDiscord.answering``): every move is
stored all the same. Then Discord answers, and every message goes out once, in order,
within the limits. How fast is for ``scripts/benchmark.py``.
"""

from __future__ import annotations

import asyncio
import random
from collections.abc import AsyncIterator
from pathlib import Path

import discord
import pytest

import games
from bot.adapter.delivery import Delivery
from bot.store.storage import Storage
from bot.table import Table
from bot.table.context import seat_view
from bot.table.turns import log_lines
from tests.e2e.fake_discord import Channel, FakeDiscord, FakeUser
from tests.e2e.fake_limits import RateLimits

MODULE = games.get("knarr")
CHANNELS = 200
MOVES_EACH = 5


@pytest.fixture
async def fake() -> AsyncIterator[FakeDiscord]:
    async with FakeDiscord(limits=RateLimits()) as server:
        yield server
    assert not server.errors, "the fake Discord failed to handle:\n" + "\n".join(server.errors)
    assert not server.refusals, "Discord would refuse:\n" + "\n".join(server.refusals)


async def open_games(fake: FakeDiscord, table: Table) -> list[tuple[Channel, list[FakeUser]]]:
    return await open_games_in(fake, table, CHANNELS)


async def open_games_in(
    fake: FakeDiscord, table: Table, count: int, *, settle: bool = True
) -> list[tuple[Channel, list[FakeUser]]]:
    tables = []
    for i in range(count):
        channel = fake.add_channel(f"table-{i}")
        players = [FakeUser(fake.snowflake(), f"p{i}a"), FakeUser(fake.snowflake(), f"p{i}b")]
        for user in players:
            fake.users[user.id] = user
        cid = str(channel.id)
        # a board after every whole action: the most a burst of moves can ask of delivery
        await table.lobby.new_game(cid, str(players[0].id), players[0].name, "knarr", {"boards": "move"})
        await table.lobby.join(cid, str(players[1].id), players[1].name)
        await table.lobby.start(cid, str(players[0].id), "joined")
        tables.append((channel, players))
    if not settle:
        return tables
    # what the lobbies queued is not part of the burst
    async with table.storage.transaction() as db:
        await db.execute("UPDATE outbox SET sent_at = 0, payload = '{}' WHERE sent_at IS NULL")
    return tables


async def test_a_burst_of_moves_is_stored_at_once_and_delivered_within_the_limits(
    point_discord_at: FakeDiscord, tmp_path: Path
) -> None:
    fake = point_discord_at
    assert fake.limits is not None
    storage = await Storage.open(str(tmp_path / "burst.db"))
    table = Table(storage, seeds=lambda: 7)
    client = discord.Client(intents=discord.Intents.none())
    await client.login(fake.token)
    delivery = Delivery(client, table, owner="burst:1")
    try:
        tables = await open_games(fake, table)
        told = {str(c.id): (await storage.active_game(str(c.id))).board_log for c, _ in tables}  # type: ignore[union-attr]
        before = (await storage._all("SELECT COALESCE(MAX(id), 0) FROM outbox"))[0][0]
        flushes: list[asyncio.Task[bool]] = []
        fake.answering.clear()  # Discord answers nothing while the moves are made
        answered = fake.answered
        made = 0

        async def play(index: int, channel: Channel) -> None:
            nonlocal made
            rng = random.Random(index)
            cid = str(channel.id)
            for _ in range(MOVES_EACH):
                game = await storage.active_game(cid)
                assert game is not None and game.state is not None
                seat = MODULE.to_act(game.state)[0]
                user = (await storage.seats(game.id))[seat].user_id
                await table.moves.act(cid, user, rng.choice(MODULE.legal_actions(game.state, seat)))
                made += 1
                flushes.append(asyncio.create_task(delivery.flush()))  # as the bot does after a move
                await asyncio.sleep(0)  # the flush starts, and waits on Discord

        # (a move that waited on Discord would wait for ever: the limit turns that into a failure)
        await asyncio.wait_for(asyncio.gather(*(play(i, c) for i, (c, _) in enumerate(tables))), 600)
        # Every move stored while Discord had answered nothing: none waited on delivery
        assert made == CHANNELS * MOVES_EACH
        assert fake.answered == answered and fake.asked > answered  # delivery was under way
        waiting = len(await storage.pending_outbox())
        fake.answering.set()
        await asyncio.gather(*flushes)
        while await storage.pending_outbox():
            await delivery.flush()
        queued = (await storage._all("SELECT COUNT(*) FROM outbox WHERE id > ?", before))[0][0]
        rows = await storage._all(
            "SELECT id, kind, target, game_id, message_id, payload FROM outbox WHERE sent_at > 0"
        )
        failed = await storage._all("SELECT id, failed FROM outbox WHERE failed IS NOT NULL")
        final = {str(c.id): await storage.active_game(str(c.id)) for c, _ in tables}
        seats = {cid: seat_view(await storage.seats(g.id)) for cid, g in final.items() if g}
    finally:
        await client.close()
        await storage.close()

    # Delivered within Discord's limits, after it began to answer
    print(
        f"burst: {queued} rows queued ({waiting} waiting when the moves ended);"
        f" {fake.limits.counted} requests, {len(fake.limits.limited)} 429s"
    )
    assert waiting > 0
    assert len(fake.limits.limited) <= 5, fake.limits.limited
    assert not failed

    # Nothing lost, nothing doubled.
    posted = [m for m in fake.messages.values() if m.author_id == fake.bot_user.id and not m.ephemeral]
    nonces = [m.nonce for m in posted]
    assert len(nonces) == len(set(nonces)), "a message was posted twice"
    carried = {r["id"] for r in rows if '"carried_by"' in r["payload"]}
    own = [r for r in rows if r["id"] not in carried]
    assert len(own) == len(posted) and len({r["message_id"] for r in own}) == len(own)
    for channel, players in tables:
        cid = str(channel.id)
        game = final[cid]
        assert game is not None and game.state is not None
        said = "\n".join(m.content for m in fake.messages_in(channel.id))
        position = 0
        # every line of every move, in order, up to the last board (a move's sub-steps wait
        # in the mover's panel until the move is whole)
        for entry in game.state["log"][told[cid] : game.board_log]:
            line = log_lines({"log": [entry]}, seats[cid])[0]
            found = said.find(line, position)
            assert found >= 0, f"{line!r} never said in {cid}"
            position = found + len(line)
        # a board pings only players whose turn it is (those whose turn it began)
        last = fake.messages_in(channel.id)[-1]
        awaited = {players[s].id for s in MODULE.to_act(game.state)}
        assert set(fake.pings_for(last.id)) <= awaited, last.content
        for user in players:  # each player's newest hand went out as its own message
            dms = [r for r in rows if r["kind"] == "dm" and r["target"] == str(user.id)]
            if dms:
                assert dms[-1]["id"] not in carried
                assert len(fake.dms_to(user)) == len([r for r in dms if r["id"] not in carried])


async def test_a_closed_dm_and_a_deleted_channel_are_tried_once(
    point_discord_at: FakeDiscord, tmp_path: Path
) -> None:
    """403 and 404 are permanent: one request for the whole queue of that target, never
    repeated, so a closed channel never spends Discord's invalid-request budget; the
    refused hand becomes a notice in the channel."""
    fake = point_discord_at
    assert fake.limits is not None
    storage = await Storage.open(str(tmp_path / "closed.db"))
    table = Table(storage, seeds=lambda: 7)
    client = discord.Client(intents=discord.Intents.none())
    await client.login(fake.token)
    delivery = Delivery(client, table, owner="closed:1")
    try:
        (open_channel, players), (gone, _) = await open_games_in(fake, table, 2, settle=False)
        players[1].dms_closed = True
        del fake.channels[gone.id]  # deleted while its game went on
        await delivery.flush()
        requests = len(fake.requests)
        await delivery.flush()  # nothing left to try
        assert len(fake.requests) == requests
        failed = dict(await storage._all("SELECT target, failed FROM outbox WHERE failed IS NOT NULL"))
        notices = await storage._all(
            "SELECT payload FROM outbox WHERE target = ? AND payload LIKE '%/game hand%'",
            str(open_channel.id),
        )
    finally:
        await client.close()
        await storage.close()
    assert failed[str(gone.id)].startswith("not found")
    assert failed[str(players[1].id)] == "dm closed"
    assert len(notices) == 1
    assert [s for _, s in fake.limits.invalid] == [403]  # one refused DM; a 404 is not counted
    assert len(fake.requests_to("POST", rf"/channels/{gone.id}/messages")) == 1
