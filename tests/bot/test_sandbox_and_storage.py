"""The offline sandbox, the migrations, and the outbox's exactly-once delivery."""

from __future__ import annotations

import io
import subprocess
import sys
from pathlib import Path

import pytest
import simcord

from bot.sandbox import Clock, Sandbox
from bot.store.db import is_postgres, migrations
from bot.store.storage import Storage
from bot.table import Table

SCRIPT = """\
@astrid new knarr ship=advanced
@bjorn join
@astrid start joined
@astrid recruit V99
@bjorn recruit V99
@astrid moves
@bjorn hand
wait 25h
@astrid status
"""


@pytest.fixture
def db_path(database: str) -> str:
    """The storage tests here run on SQLite and on PostgreSQL (``table`` opens this)."""
    return database


async def test_sandbox_plays_from_a_script(tmp_path: Path, database: str) -> None:
    storage = await Storage.open(database)
    out = io.StringIO()
    clock = Clock()
    sandbox = Sandbox(Table(storage, clock=clock, seeds=lambda: 3), clock, tmp_path, out)
    for line in SCRIPT.splitlines():
        assert await sandbox.run_line(line)
    assert not await sandbox.run_line("quit")
    await storage.close()
    text = out.getvalue()
    assert "Knarr** begins" in text and "[DM to @astrid]" in text and "[DM to @bjorn]" in text
    assert "sees) It is not your turn: waiting for" in text  # one of the two is refused this way
    assert "Reminder 1 of 3: @" in text
    assert "Waiting since yesterday; reminders after 24 h" in text and "No turns taken yet." in text
    pictures = sorted(p.name for p in tmp_path.glob("*.png"))
    assert any(p.endswith("board.png") for p in pictures) and any(p.endswith("hand.png") for p in pictures)


async def test_migrations_are_numbered_and_idempotent(database: str) -> None:
    storage = await Storage.open(database)
    version = await storage.migrate()
    assert version == max(number for number, _ in migrations())
    await storage.close()
    storage = await Storage.open(database)
    assert await storage.migrate() == version
    if is_postgres(database):
        query = "SELECT table_name FROM information_schema.tables WHERE table_schema = 'public'"
    else:
        query = "SELECT name FROM sqlite_master WHERE type = 'table'"
    tables = {row[0] for row in await storage.backend.all(query)}
    assert {"games", "seats", "actions", "outbox", "meta", "people", "held"} <= tables
    await storage.close()


async def test_times_and_ids_keep_their_precision(database: str) -> None:
    """Unix times with fractions of a second and 64-bit seeds come back as they went in
    (PostgreSQL's REAL would be a 4-byte float: the migrations are loaded as doubles)."""
    storage = await Storage.open(database)
    now, seed = 1_800_000_000.123456, 2**62 + 5
    async with storage.transaction() as tx:
        game_id = await storage.create_game(tx, "9", "knarr", "1", {}, seed, 24.0, now)
        second = await storage.create_game(tx, "10", "knarr", "1", {}, seed, 24.0, now)
    game = await storage.game(game_id)
    assert game is not None and game.updated_at == now and game.seed == seed and second == game_id + 1
    await storage.close()


async def test_outbox_is_delivered_after_a_restart_and_only_once(
    simcord_env: simcord.Env, table: Table
) -> None:
    guild = simcord_env.create_guild()
    channel = guild.create_text_channel("vikings")
    alice = guild.add_member(simcord_env.create_user("alice"))
    bob = guild.add_member(simcord_env.create_user("bob"))
    # Moves made while the bot was away (as if it crashed before sending): queued, not sent.
    await table.lobby.new_game(str(channel.id), str(alice.id), "alice", "knarr")
    await table.lobby.join(str(channel.id), str(bob.id), "bob")
    await table.lobby.start(str(channel.id), str(alice.id), "joined")
    pending = await table.storage.pending_outbox()
    assert len(pending) == 5  # two lobby messages, the start board, two hands
    await simcord_env.restart_bot()
    assert await table.storage.pending_outbox() == []
    assert len([m for m in channel.history() if m.attachments]) == 1
    assert alice.user.dm_channel.last_message is not None and bob.user.dm_channel.last_message is not None
    before = len(channel.history())
    await simcord_env.restart_bot()
    assert len(channel.history()) == before


def test_sandbox_entry_point_reads_a_piped_file(tmp_path: Path) -> None:
    root = Path(__file__).resolve().parents[2]
    script = (root / "docs" / "sandbox-example.txt").read_text()
    done = subprocess.run(
        [sys.executable, "-m", "bot", "local", "--seed", "7", "--out", str(tmp_path)],
        input=script,
        capture_output=True,
        text=True,
        cwd=root,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    assert "Traceback" not in done.stderr
    assert "**astrid** took back their last move." in done.stdout
    assert "[DM to @bjorn]" in done.stdout and "Reminder 1 of 3" in done.stdout
    assert len(list(tmp_path.glob("*-board.png"))) >= 4
    # No move of the README's example is refused: the only private lines are astrid's
    # panels, what each of her moves did, and bjorn being told whom the game waits for.
    private = [line for line in done.stdout.splitlines() if "(only @" in line]
    assert len([line for line in private if "Done:" in line]) == 4, private  # recruit, take, trade, end
    assert all(
        "Your move in Knarr" in line or "waiting for astrid to" in line or "Done:" in line for line in private
    ), private
