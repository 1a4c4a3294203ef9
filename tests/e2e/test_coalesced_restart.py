"""A coalesced board whose send began before a crash: after the restart it is found again
(by its nonce while Discord remembers it, else in the channel's history), never posted
twice, and a board that came meanwhile goes out after it on its own."""

from __future__ import annotations

import random
from pathlib import Path

import discord
import pytest

from bot.adapter.coalesce import merged, run_of
from bot.adapter.delivery import Delivery
from bot.adapter.pacing import Window
from bot.store.storage import Storage
from bot.table import Table
from tests.e2e.fake_discord import Channel, FakeDiscord
from tests.e2e.test_burst import MODULE, open_games_in


async def boards_waiting(table: Table, channel: Channel, count: int, rng: random.Random) -> None:
    """Moves until ``count`` more boards wait in the outbox (sub-steps post none)."""
    cid = str(channel.id)
    storage = table.storage
    start = len(await storage.pending_for("channel", cid))
    while len(await storage.pending_for("channel", cid)) < start + count:
        game = await storage.active_game(cid)
        assert game is not None and game.state is not None
        seat = MODULE.to_act(game.state)[0]
        user = (await storage.seats(game.id))[seat].user_id
        await table.moves.act(cid, user, rng.choice(MODULE.legal_actions(game.state, seat)))


@pytest.mark.parametrize("late", [False, True], ids=["nonce", "history"])
async def test_a_coalesced_board_sent_before_a_crash_is_not_posted_again(
    point_discord_at: FakeDiscord, tmp_path: Path, late: bool
) -> None:
    fake = point_discord_at
    storage = await Storage.open(str(tmp_path / "restart.db"))
    table = Table(storage, seeds=lambda: 3)
    client = discord.Client(intents=discord.Intents.none())
    await client.login(fake.token)
    try:
        [(channel, _)] = await open_games_in(fake, table, 1)
        rng = random.Random(4)
        await boards_waiting(table, channel, 3, rng)
        # The process that crashed: it claimed the three boards as one run and sent them;
        # Discord created the message; the process died before it could mark the rows.
        crashed = Delivery(client, table, owner="host:999999")
        run = run_of(await storage.pending_for("channel", str(channel.id)))
        assert len(run) == 3
        [claimed] = await storage.claim_runs([[r.id for r in run]], crashed.owner, 1000.0, 120.0)
        assert claimed is not None
        await crashed._deliver(claimed[-1], merged(claimed), 1000.0, Window(5, 5.1))
        assert len(fake.messages_in(channel.id)) == 1
        await boards_waiting(table, channel, 1, rng)  # a move after the crash
        await storage.free_claims(crashed.owner)
        if late:  # hours pass: Discord forgets the nonce; the send began long ago
            fake.forget_nonces()
            async with storage.transaction() as db:
                await db.execute("UPDATE outbox SET attempted_at = attempted_at - 7200 WHERE sent_at IS NULL")
        restarted = Delivery(client, table, owner="host:1")
        await restarted.flush()
        rows = await storage._all(
            "SELECT id, message_id, json_extract(payload, '$.carried_by') AS carrier FROM outbox"
            " WHERE target = ? AND sent_at > 0 ORDER BY id",
            str(channel.id),
        )
    finally:
        await client.close()
        await storage.close()
    posted = fake.messages_in(channel.id)
    assert len(posted) == 2, [m.content for m in posted]
    first, second = posted
    assert first.nonce == f"sk{run[-1].id}"
    burst_rows = [r for r in rows if r["id"] >= run[0].id]
    assert [r["message_id"] for r in burst_rows] == [str(first.id)] * 3 + [str(second.id)]
    assert [r["carrier"] for r in burst_rows] == [run[-1].id, run[-1].id, None, None]
    if late:
        assert fake.requests_to("GET", rf"/channels/{channel.id}/messages")  # looked before sending
