"""No statement the bot runs reads a whole table that only grows.

Finished games are kept (their logs and replays), so the games, seats and actions tables
grow with every game the bot has hosted, and undelivered messages pile up while Discord
makes delivery wait. A lookup that scans any of them costs more every month: SQLite's
plan for every statement a session of play runs, and for the lookups of ``Storage`` that
the session does not reach, must find its rows through an index; so must the record's
(results and ratings: one statement a command). Allowed besides a statement's scan of its
own subquery's rows: a scan over an index of the outbox whose rows are exactly the
undelivered messages (delivery reads them all), unless the statement names one target;
restats reading every finished game through the index of exactly those, and every server's
switch (one row a server); and a scan over
``held``, whose rows are deleted when released."""

from __future__ import annotations

import io
import re
import sqlite3
from pathlib import Path

from bot.sandbox import CHANNEL, GUILD, Clock, Sandbox
from bot.store.db import SqliteBackend
from bot.store.storage import Storage
from bot.table import Table, record
from tests.bot.test_sandbox_and_storage import SCRIPT as PLAYED

# the storage tests' session, then the log, history and a resignation
SCRIPT = PLAYED + "@astrid log\n@bjorn history\n@astrid resign\n@astrid history\n"

UNDELIVERED = {"outbox_pending", "outbox_target"}  # indexes ... WHERE sent_at IS NULL
FINISHED = "games_over"  # index ... WHERE status = 'over': the finished games, read whole by restats
SCAN = re.compile(r"^SCAN (\w+)(?: USING (?:COVERING )?INDEX (\w+))?")
# a table a statement names under another name (``FROM actions a``): plans give that name
ALIAS = re.compile(r"\b(?:FROM|JOIN)\s+(\w+)\s+(?:AS\s+)?(?=(\w+))", re.IGNORECASE)
WORDS = {"WHERE", "JOIN", "LEFT", "INNER", "ON", "ORDER", "GROUP", "LIMIT", "USING", "SET", "UNION"}


def scans(plan: list[tuple[int, int, int, str]], sql: str, tables: set[str]) -> list[str]:
    """The plan's scans of stored tables (not of a statement's own subquery) that the rule
    above does not allow."""
    found = []
    named = {alias: table for table, alias in ALIAS.findall(sql) if alias.upper() not in WORDS}
    for row in plan:
        match = SCAN.match(row[3])
        if not match:
            continue
        name, index = match.groups()
        table = named.get(name, name)
        if table == "held" or table not in tables:
            continue
        if table == "games" and index == FINISHED and "status = 'over' ORDER BY updated_at" in sql:
            continue
        if table == "guilds" and sql == "SELECT guild_id, ratings FROM guilds":  # restats: every switch
            continue
        if table == "outbox" and index in UNDELIVERED and "target =" not in sql:
            continue
        found.append(row[3])
    return found


async def test_every_statement_finds_its_rows_through_an_index(tmp_path: Path) -> None:
    path = tmp_path / "skald.db"
    storage = await Storage.open(str(path))
    backend = storage.backend
    assert isinstance(backend, SqliteBackend)
    statements: set[str] = set()
    for connection in (backend.db, backend.reader):
        await connection.set_trace_callback(statements.add)
    try:
        clock = Clock()
        sandbox = Sandbox(Table(storage, clock=clock, seeds=lambda: 3), clock, tmp_path, io.StringIO())
        for line in SCRIPT.splitlines():
            assert await sandbox.run_line(line)
        game = await storage.latest_game(CHANNEL)
        assert game is not None
        await storage.finished_games(CHANNEL)
        await storage.covered_seats()
        await storage.playing_seats_of("astrid")
        await storage.due_held(clock())
        for kind, target in [*await storage.pending_targets(), ("dm", "astrid")]:
            await storage.pending_for(kind, target)
        async with storage.transaction() as tx:
            await storage.supersede_waiting(tx, game.id, "astrid", clock())
        # the record: a player's stats, a leaderboard, the history's filters, the switches,
        # and the record made again from the stored games (``run.sh restats``)
        for title in (None, game.game):
            await storage.record.player("astrid", GUILD, title)
        await storage.record.board(GUILD, game.game, 0.0)
        await storage.history(CHANNEL, game=game.game, user_id="bjorn")
        await storage.record.rates(GUILD)
        async with storage.transaction() as tx:
            await storage.record.set_rates(tx, GUILD, True, clock())
        assert await record.recompute(storage, clock) == 1
    finally:
        await storage.close()
    checked = [sql for sql in statements if re.match(r"\s*(WITH|SELECT|UPDATE|INSERT|DELETE)\b", sql)]
    assert len(checked) > 30  # a session of play, not a handful
    wanted = {
        "FROM games WHERE channel_id",
        "FROM actions a",  # /game history: one statement, with the filters too
        "w.user_id =",
        "FROM seats s JOIN",
        "JOIN seats s",
        "failed = 'superseded'",
        "AND target =",
        "FROM results r WHERE r.user_id",
        "FROM results WHERE guild_id",
        "INSERT INTO ratings",
        "INSERT INTO results",
        "WHERE status = 'over' ORDER BY updated_at",
    }
    assert all(any(part in sql for sql in checked) for part in wanted)
    plain = sqlite3.connect(path)
    try:
        tables = {r[0] for r in plain.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
        bad = {
            sql: found
            for sql in checked
            if (found := scans(plain.execute("EXPLAIN QUERY PLAN " + sql).fetchall(), sql, tables))
        }
    finally:
        plain.close()
    assert not bad, bad
