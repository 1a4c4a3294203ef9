"""SQLite storage through aiosqlite: games, seats, the action log and the outbox.

Two connections. Writes go through ``transaction()`` on the writer, which holds a lock
so that two coroutines never interleave statements of different transactions. Reads go
through a second connection, so they only ever see committed rows (WAL), never the half
of another coroutine's open transaction.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass
from importlib import resources
from typing import Any

import aiosqlite

ACTIVE = ("lobby", "playing")


@dataclass
class GameRow:
    id: int
    channel_id: str
    game: str
    status: str
    host_id: str
    options: dict[str, str]
    seed: int
    state: dict[str, Any] | None
    version: int
    reminder_hours: float
    remind_at: float | None
    nudges: int
    undo_request: dict[str, Any] | None
    result: dict[str, Any] | None
    updated_at: float
    dm_due: list[int]
    board_log: int


@dataclass
class SeatRow:
    user_id: str
    name: str
    position: int
    resigned: bool
    dm_closed: bool
    level: str = "sensible"

    @property
    def is_bot(self) -> bool:
        return self.user_id.startswith("bot:")

    @property
    def automatic(self) -> bool:
        """Played by the bot: a bot seat, or a seat whose player resigned."""
        return self.is_bot or self.resigned


@dataclass
class ActionRow:
    n: int
    kind: str
    seat: int | None
    user_id: str | None
    action: str
    at: float


@dataclass
class OutboxRow:
    id: int
    game_id: int
    kind: str
    target: str
    payload: dict[str, Any]
    attempts: int = 0
    attempted_at: float | None = None  # an earlier send began then and was never confirmed
    next_try: float | None = None
    claimed_until: float | None = None

    def due(self, now: float) -> bool:
        """Not waiting for a retry, and not held by a live claim."""
        return (self.next_try is None or self.next_try <= now) and (
            self.claimed_until is None or self.claimed_until < now
        )


def _outbox(row: aiosqlite.Row) -> OutboxRow:
    return OutboxRow(
        row["id"],
        row["game_id"],
        row["kind"],
        row["target"],
        json.loads(row["payload"]),
        row["attempts"],
        row["attempted_at"],
        row["next_try"],
        row["claimed_until"],
    )


def _migrations() -> list[tuple[int, str]]:
    folder = resources.files("bot") / "migrations"
    found = []
    for item in folder.iterdir():
        name = item.name
        if name.endswith(".sql") and name[:4].isdigit():
            found.append((int(name[:4]), item.read_text(encoding="utf-8")))
    return sorted(found)


def _game(row: aiosqlite.Row) -> GameRow:
    return GameRow(
        id=row["id"],
        channel_id=row["channel_id"],
        game=row["game"],
        status=row["status"],
        host_id=row["host_id"],
        options=json.loads(row["options"]),
        seed=row["seed"],
        state=json.loads(row["state"]) if row["state"] else None,
        version=row["version"],
        reminder_hours=row["reminder_hours"],
        remind_at=row["remind_at"],
        nudges=row["nudges"],
        undo_request=json.loads(row["undo_request"]) if row["undo_request"] else None,
        result=json.loads(row["result"]) if row["result"] else None,
        updated_at=row["updated_at"],
        dm_due=json.loads(row["dm_due"]),
        board_log=row["board_log"],
    )


async def _connect(path: str) -> aiosqlite.Connection:
    db = await aiosqlite.connect(path, isolation_level=None)
    db.row_factory = aiosqlite.Row
    await db.execute("PRAGMA busy_timeout=5000")
    await db.execute("PRAGMA foreign_keys=ON")
    return db


class Storage:
    def __init__(self, db: aiosqlite.Connection, reader: aiosqlite.Connection | None = None) -> None:
        self.db = db
        self.reader = reader or db
        self._write = asyncio.Lock()

    @classmethod
    async def open(cls, path: str) -> Storage:
        db = await _connect(path)
        await db.execute("PRAGMA journal_mode=WAL")
        # WAL with NORMAL syncs at checkpoints, not at every commit: a killed process loses
        # nothing; a power cut may lose the last moments. FULL cost ~5 ms a commit, which made
        # a busy bot's moves queue behind one another (and behind delivery's marks).
        await db.execute("PRAGMA synchronous=NORMAL")
        storage = cls(db)
        await storage.migrate()
        if path != ":memory:":
            storage.reader = await _connect(path)
        return storage

    async def close(self) -> None:
        if self.reader is not self.db:
            await self.reader.close()
        await self.db.close()

    async def migrate(self) -> int:
        """Apply the numbered migrations not yet applied; returns the schema version."""
        async with self.db.execute("PRAGMA user_version") as cursor:
            row = await cursor.fetchone()
        current = row[0] if row else 0
        for number, sql in _migrations():
            if number <= current:
                continue
            # One script, one transaction: a migration applies whole or not at all.
            async with self._write:
                await self.db.executescript(
                    f"BEGIN IMMEDIATE;\n{sql}\nPRAGMA user_version = {number};\nCOMMIT;"
                )
            current = number
        return current

    @asynccontextmanager
    async def transaction(self) -> AsyncIterator[aiosqlite.Connection]:
        async with self._write:
            await self.db.execute("BEGIN IMMEDIATE")
            try:
                yield self.db
            except BaseException:
                await self.db.execute("ROLLBACK")
                raise
            await self.db.execute("COMMIT")

    # --- reads ---------------------------------------------------------------------

    # Each read runs to its end in one call on the reader's thread: two reads whose statements
    # overlapped would share one read transaction, and under a steady stream of reads (a busy
    # bot) that transaction never ends, so every read would see one old snapshot.

    async def _one(self, sql: str, *args: Any) -> aiosqlite.Row | None:
        rows = list(await self.reader.execute_fetchall(sql, args))
        return rows[0] if rows else None

    async def _all(self, sql: str, *args: Any) -> list[aiosqlite.Row]:
        return list(await self.reader.execute_fetchall(sql, args))

    async def active_game(self, channel_id: str) -> GameRow | None:
        row = await self._one(
            "SELECT * FROM games WHERE channel_id = ? AND status IN ('lobby', 'playing')",
            channel_id,
        )
        return _game(row) if row else None

    async def latest_game(self, channel_id: str) -> GameRow | None:
        row = await self._one("SELECT * FROM games WHERE channel_id = ? ORDER BY id DESC LIMIT 1", channel_id)
        return _game(row) if row else None

    async def game(self, game_id: int) -> GameRow | None:
        row = await self._one("SELECT * FROM games WHERE id = ?", game_id)
        return _game(row) if row else None

    async def seats(self, game_id: int) -> list[SeatRow]:
        rows = await self._all("SELECT * FROM seats WHERE game_id = ? ORDER BY position", game_id)
        return [
            SeatRow(
                r["user_id"], r["name"], r["position"], bool(r["resigned"]), bool(r["dm_closed"]), r["level"]
            )
            for r in rows
        ]

    async def actions(self, game_id: int) -> list[ActionRow]:
        rows = await self._all("SELECT * FROM actions WHERE game_id = ? ORDER BY n", game_id)
        return [ActionRow(r["n"], r["kind"], r["seat"], r["user_id"], r["action"], r["at"]) for r in rows]

    async def due_reminders(self, now: float) -> list[GameRow]:
        rows = await self._all(
            "SELECT * FROM games WHERE status = 'playing' AND remind_at IS NOT NULL"
            " AND remind_at <= ? ORDER BY remind_at",
            now,
        )
        return [_game(r) for r in rows]

    async def next_reminder(self) -> float | None:
        row = await self._one(
            "SELECT MIN(remind_at) FROM games WHERE status = 'playing' AND remind_at IS NOT NULL"
        )
        return row[0] if row else None

    async def pending_outbox(self) -> list[OutboxRow]:
        """Rows not sent and not given up, oldest first (``due`` says which to try now)."""
        rows = await self._all("SELECT * FROM outbox WHERE sent_at IS NULL AND failed IS NULL ORDER BY id")
        return [_outbox(r) for r in rows]

    async def claim(self, outbox_id: int, owner: str, now: float, lease: float) -> OutboxRow | None:
        """Take a row for sending, if nobody has sent or holds it; the row as it stands
        under the claim (with when an earlier, unconfirmed send began)."""
        async with self.transaction() as db:
            async with db.execute(
                "SELECT * FROM outbox WHERE id = ? AND sent_at IS NULL AND failed IS NULL"
                " AND (claimed_until IS NULL OR claimed_until < ?)",
                (outbox_id, now),
            ) as cursor:
                row = await cursor.fetchone()
            if row is None:
                return None
            await db.execute(
                "UPDATE outbox SET claimed_by = ?, claimed_until = ?, attempted_at = ?,"
                " attempts = attempts + 1 WHERE id = ?",
                (owner, now + lease, now, outbox_id),
            )
        return _outbox(row)

    async def claim_owners(self) -> list[str]:
        rows = await self._all(
            "SELECT DISTINCT claimed_by FROM outbox WHERE sent_at IS NULL AND claimed_by IS NOT NULL"
        )
        return [r[0] for r in rows]

    async def free_claims(self, owner: str) -> int:
        async with self.transaction() as db:
            cursor = await db.execute(
                "UPDATE outbox SET claimed_by = NULL, claimed_until = NULL WHERE claimed_by = ? AND sent_at IS NULL",
                (owner,),
            )
            return cursor.rowcount

    async def release(self, outbox_id: int, *, next_try: float | None, failed: str | None) -> None:
        """A send failed: try again at ``next_try``, or never (``failed`` says why)."""
        async with self.transaction() as db:
            await db.execute(
                "UPDATE outbox SET claimed_by = NULL, claimed_until = NULL, attempted_at = NULL,"
                " next_try = ?, failed = ? WHERE id = ?",
                (next_try, failed, outbox_id),
            )

    async def mark_sent(self, outbox_id: int, now: float, message_id: str | None = None) -> None:
        """Delivered: keep a short trace for audit and drop the bulky payload (views, names)."""
        async with self.transaction() as db:
            async with db.execute("SELECT payload FROM outbox WHERE id = ?", (outbox_id,)) as cursor:
                row = await cursor.fetchone()
            trace = json.dumps({"text": json.loads(row[0]).get("text", "")[:120]}) if row else "{}"
            await db.execute(
                "UPDATE outbox SET sent_at = ?, message_id = ?, payload = ?, claimed_by = NULL,"
                " claimed_until = NULL WHERE id = ?",
                (now, message_id, trace, outbox_id),
            )

    async def meta(self, key: str) -> str | None:
        row = await self._one("SELECT value FROM meta WHERE key = ?", key)
        return row[0] if row else None

    async def set_meta(self, key: str, value: str) -> None:
        async with self.transaction() as db:
            await db.execute(
                "INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = ?",
                (key, value, value),
            )

    # --- paced and coalesced delivery (bot.delivery) -------------------------------------

    async def pending_targets(self) -> list[tuple[str, str]]:
        """(kind, target) of every target with rows not sent and not given up, oldest first."""
        rows = await self._all(
            "SELECT kind, target, MIN(id) AS first FROM outbox WHERE sent_at IS NULL AND failed IS NULL"
            " GROUP BY kind, target ORDER BY first"
        )
        return [(r[0], r[1]) for r in rows]

    async def pending_for(self, kind: str, target: str) -> list[OutboxRow]:
        """One target's rows not sent and not given up, oldest first."""
        rows = await self._all(
            "SELECT * FROM outbox WHERE sent_at IS NULL AND failed IS NULL AND kind = ? AND target = ?"
            " ORDER BY id",
            kind,
            target,
        )
        return [_outbox(r) for r in rows]

    async def claim_runs(
        self, runs: list[list[int]], owner: str, now: float, lease: float
    ) -> list[list[OutboxRow] | None]:
        """Take runs of rows, each to go out as one message, in one transaction of two
        statements (the writer is shared with the players' moves); each run all or none:
        the rows as they stood, or ``None``. A run's rows share ``attempted_at``, which is
        how a restart finds the same run."""
        ids = [i for run in runs for i in run]
        marks = ",".join("?" * len(ids))
        async with self.transaction() as db:
            async with db.execute(
                f"SELECT * FROM outbox WHERE id IN ({marks}) AND sent_at IS NULL AND failed IS NULL"
                " AND (claimed_until IS NULL OR claimed_until < ?)",
                (*ids, now),
            ) as cursor:
                free = {r["id"]: _outbox(r) for r in await cursor.fetchall()}
            taken = [
                sorted((free[i] for i in run), key=lambda r: r.id) if all(i in free for i in run) else None
                for run in runs
            ]
            claimed = [r.id for run in taken if run for r in run]
            if claimed:
                marks = ",".join("?" * len(claimed))
                await db.execute(
                    "UPDATE outbox SET claimed_by = ?, claimed_until = ?, attempted_at = ?,"
                    f" attempts = attempts + 1 WHERE id IN ({marks})",
                    (owner, now + lease, now, *claimed),
                )
        return taken

    async def mark_carried(self, sent: list[tuple[int, list[int], float, str | None]]) -> list[None]:
        """Delivered, in one transaction of two statements: each (carrier, carried, when,
        message id) is a message that carried its newest row and the older rows it told.
        Each row is kept as a short trace (the bulky views and names dropped); a carried one
        names its carrier."""
        text = "'text', substr(json_extract(payload, '$.text'), 1, 120)"
        done = "sent_at = ?, message_id = ?, claimed_by = NULL, claimed_until = NULL"
        async with self.transaction() as db:
            await db.executemany(
                f"UPDATE outbox SET {done}, payload = json_object({text}) WHERE id = ?",
                [(now, message_id, carrier) for carrier, _, now, message_id in sent],
            )
            await db.executemany(
                f"UPDATE outbox SET {done}, payload = json_object({text}, 'carried_by', ?) WHERE id = ?",
                [(now, message_id, carrier, row) for carrier, rows, now, message_id in sent for row in rows],
            )
        return [None] * len(sent)


async def insert_outbox(
    db: aiosqlite.Connection, game_id: int, kind: str, target: str, payload: dict[str, Any], now: float
) -> int:
    cursor = await db.execute(
        "INSERT INTO outbox (game_id, kind, target, payload, created_at) VALUES (?, ?, ?, ?, ?)",
        (game_id, kind, target, json.dumps(payload), now),
    )
    assert cursor.lastrowid is not None
    return cursor.lastrowid


async def append_actions(
    db: aiosqlite.Connection,
    game_id: int,
    rows: list[tuple[str, int | None, str | None, str]],
    now: float,
) -> None:
    async with db.execute("SELECT COALESCE(MAX(n), 0) FROM actions WHERE game_id = ?", (game_id,)) as cursor:
        row = await cursor.fetchone()
    n = row[0] if row else 0
    for kind, seat, user_id, action in rows:
        n += 1
        await db.execute(
            "INSERT INTO actions (game_id, n, kind, seat, user_id, action, at) VALUES (?, ?, ?, ?, ?, ?, ?)",
            (game_id, n, kind, seat, user_id, action, now),
        )
