"""The two databases behind ``Storage``: SQLite (the default, a file) and PostgreSQL
(``SKALD_DB=postgresql://...``, for several processes on one database).

Storage writes its SQL once, in the subset both understand, with ``?`` placeholders.
Each backend hands out a ``Tx`` (an open transaction) and runs reads outside one. The
few differences are settled here: PostgreSQL numbers its placeholders (``$1``), reports
a row count in a status string, returns a new id through ``RETURNING``, and locks rows
with ``FOR UPDATE``; the migrations, written for SQLite, are translated when loaded
(``_postgres_ddl``).
"""

from __future__ import annotations

import asyncio
import re
from collections.abc import AsyncIterator, Sequence
from contextlib import asynccontextmanager
from contextvars import ContextVar
from importlib import resources
from typing import Any

import aiosqlite

Row = Any  # aiosqlite.Row or asyncpg.Record: both read by column name and by index


def migrations() -> list[tuple[int, str]]:
    folder = resources.files("bot.store") / "migrations"
    found = []
    for item in folder.iterdir():
        name = item.name
        if name.endswith(".sql") and name[:4].isdigit():
            found.append((int(name[:4]), item.read_text(encoding="utf-8")))
    return sorted(found)


def is_postgres(target: str) -> bool:
    return target.startswith(("postgresql://", "postgres://"))


# Set while this task is inside ``transaction()``. A read then must go through the
# transaction: on PostgreSQL a read through the pool needs a second connection, and when
# every connection is held by a transaction waiting for one, the pool deadlocks (seen under
# load: eight moves at once, each inside its transaction, each waiting to read settings).
_inside: ContextVar[bool] = ContextVar("skald_inside_transaction", default=False)


def _outside() -> None:
    if _inside.get():
        raise RuntimeError("a read outside the open transaction: pass the transaction (tx) to it")


class Tx:
    """An open transaction: the only way the write methods of ``Storage`` touch the database."""

    # Appended to a SELECT that claims the rows it reads, so that no other transaction
    # claims them too. SQLite needs nothing: BEGIN IMMEDIATE already holds the one writer lock.
    for_update = ""
    skip_locked = ""

    async def execute(self, sql: str, params: Sequence[Any] = ()) -> int:
        """Run a statement; the number of rows it changed."""
        raise NotImplementedError

    async def executemany(self, sql: str, rows: Sequence[Sequence[Any]]) -> None:
        """Run one statement for each of ``rows``, in one trip to the database (bulk writes)."""
        raise NotImplementedError

    async def insert(self, sql: str, params: Sequence[Any] = ()) -> int:
        """Run an INSERT into a table with an ``id`` column; the new row's id."""
        raise NotImplementedError

    async def fetchone(self, sql: str, params: Sequence[Any] = ()) -> Row | None:
        raise NotImplementedError

    async def fetchall(self, sql: str, params: Sequence[Any] = ()) -> list[Row]:
        raise NotImplementedError


class Backend:
    """Opens transactions and runs committed reads."""

    async def migrate(self) -> int:
        raise NotImplementedError

    def transaction(self) -> Any:  # an async context manager yielding a Tx
        raise NotImplementedError

    async def one(self, sql: str, params: Sequence[Any] = ()) -> Row | None:
        raise NotImplementedError

    async def all(self, sql: str, params: Sequence[Any] = ()) -> list[Row]:
        raise NotImplementedError

    async def close(self) -> None:
        raise NotImplementedError


# --- SQLite -------------------------------------------------------------------------


class SqliteTx(Tx):
    def __init__(self, db: aiosqlite.Connection) -> None:
        self.db = db

    async def execute(self, sql: str, params: Sequence[Any] = ()) -> int:
        cursor = await self.db.execute(sql, tuple(params))
        return cursor.rowcount

    async def executemany(self, sql: str, rows: Sequence[Sequence[Any]]) -> None:
        await self.db.executemany(sql, [tuple(row) for row in rows])

    async def insert(self, sql: str, params: Sequence[Any] = ()) -> int:
        cursor = await self.db.execute(sql, tuple(params))
        assert cursor.lastrowid is not None
        return cursor.lastrowid

    # A read is one trip to the connection's thread, not three (execute, fetch, close): each
    # trip wakes that thread and then the event loop, the main cost of a move on a busy bot.

    async def fetchone(self, sql: str, params: Sequence[Any] = ()) -> Row | None:
        rows = await self.db.execute_fetchall(sql, tuple(params))
        return next(iter(rows), None)

    async def fetchall(self, sql: str, params: Sequence[Any] = ()) -> list[Row]:
        return list(await self.db.execute_fetchall(sql, tuple(params)))


async def _connect(path: str) -> aiosqlite.Connection:
    db = await aiosqlite.connect(path, isolation_level=None)
    db.row_factory = aiosqlite.Row
    await db.execute("PRAGMA busy_timeout=5000")
    await db.execute("PRAGMA foreign_keys=ON")
    return db


class SqliteBackend(Backend):
    """Two connections. Writes go through ``transaction()`` on the writer, which holds a
    lock so that two coroutines never interleave statements of different transactions,
    and begins IMMEDIATE so that another process on the same file waits for it. Reads
    go through a second connection, so they only see committed rows (WAL)."""

    def __init__(self, db: aiosqlite.Connection, reader: aiosqlite.Connection | None = None) -> None:
        self.db = db
        self.reader = reader or db
        self._write = asyncio.Lock()

    @classmethod
    async def open(cls, path: str) -> SqliteBackend:
        db = await _connect(path)
        await db.execute("PRAGMA journal_mode=WAL")
        # WAL with NORMAL syncs at checkpoints, not at every commit: a killed process loses
        # nothing; a power cut may lose the last moments. FULL cost ~5 ms a commit, which made
        # a busy bot's moves queue behind one another (and behind delivery's marks).
        await db.execute("PRAGMA synchronous=NORMAL")
        backend = cls(db)
        await backend.migrate()
        if path != ":memory:":
            backend.reader = await _connect(path)
        return backend

    async def close(self) -> None:
        if self.reader is not self.db:
            await self.reader.close()
        await self.db.close()

    async def migrate(self) -> int:
        async with self.db.execute("PRAGMA user_version") as cursor:
            row = await cursor.fetchone()
        current = row[0] if row else 0
        for number, sql in migrations():
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
    async def transaction(self) -> AsyncIterator[Tx]:
        async with self._write:
            await self.db.execute("BEGIN IMMEDIATE")
            inside = _inside.set(True)
            try:
                yield SqliteTx(self.db)
            except BaseException:
                await self.db.execute("ROLLBACK")
                raise
            finally:
                _inside.reset(inside)
            await self.db.execute("COMMIT")

    # Each read runs to its end in one call on the reader's thread: two reads whose statements
    # overlapped would share one read transaction, and under a steady stream of reads (a busy
    # bot) that transaction never ends, so every read would see one old snapshot.

    async def one(self, sql: str, params: Sequence[Any] = ()) -> Row | None:
        _outside()
        rows = list(await self.reader.execute_fetchall(sql, tuple(params)))
        return rows[0] if rows else None

    async def all(self, sql: str, params: Sequence[Any] = ()) -> list[Row]:
        _outside()
        return list(await self.reader.execute_fetchall(sql, tuple(params)))


# --- PostgreSQL ---------------------------------------------------------------------

_PLACEHOLDER = re.compile(r"\?")
_numbered: dict[str, str] = {}


def numbered(sql: str) -> str:
    """``?`` placeholders as PostgreSQL's ``$1, $2 ...`` (Storage's SQL has no ``?`` in a literal)."""
    found = _numbered.get(sql)
    if found is None:
        count = iter(range(1, 10_000))
        found = _numbered[sql] = _PLACEHOLDER.sub(lambda _: f"${next(count)}", sql)
    return found


def _postgres_ddl(sql: str) -> str:
    """A migration written for SQLite, in PostgreSQL's words: SQLite's integers are 64-bit
    and its REAL is a double, so ``BIGINT`` and ``DOUBLE PRECISION``; an ``INTEGER PRIMARY
    KEY`` is SQLite's row id, numbered by the database, so an identity column."""
    sql = re.sub(r"\bINTEGER(\s+)PRIMARY KEY\b", r"BIGINT\1GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY", sql)
    sql = re.sub(r"\bINTEGER\b", "BIGINT", sql)
    return re.sub(r"\bREAL\b", "DOUBLE PRECISION", sql)


def _count(status: str) -> int:
    """The row count at the end of a status such as ``UPDATE 3`` or ``INSERT 0 1``."""
    tail = status.rsplit(" ", 1)[-1]
    return int(tail) if tail.isdigit() else 0


class PostgresTx(Tx):
    for_update = " FOR UPDATE"
    skip_locked = " FOR UPDATE SKIP LOCKED"

    def __init__(self, conn: Any) -> None:
        self.conn = conn

    async def execute(self, sql: str, params: Sequence[Any] = ()) -> int:
        return _count(await self.conn.execute(numbered(sql), *params))

    async def executemany(self, sql: str, rows: Sequence[Sequence[Any]]) -> None:
        if rows:
            await self.conn.executemany(numbered(sql), [tuple(row) for row in rows])

    async def insert(self, sql: str, params: Sequence[Any] = ()) -> int:
        return int(await self.conn.fetchval(numbered(sql) + " RETURNING id", *params))

    async def fetchone(self, sql: str, params: Sequence[Any] = ()) -> Row | None:
        return await self.conn.fetchrow(numbered(sql), *params)

    async def fetchall(self, sql: str, params: Sequence[Any] = ()) -> list[Row]:
        return list(await self.conn.fetch(numbered(sql), *params))


class PostgresBackend(Backend):
    """A pool of connections; each transaction takes one, so transactions of this process
    and of others run side by side and the database orders them (row locks)."""

    def __init__(self, pool: Any) -> None:
        self.pool = pool

    @classmethod
    async def open(cls, url: str, *, size: int = 8) -> PostgresBackend:
        import asyncpg

        pool = await asyncpg.create_pool(url, min_size=1, max_size=size)
        backend = cls(pool)
        await backend.migrate()
        return backend

    async def close(self) -> None:
        await self.pool.close()

    async def migrate(self) -> int:
        async with self.pool.acquire() as conn, conn.transaction():
            # Processes starting together: the first migrates, the others wait for it.
            await conn.execute("SELECT pg_advisory_xact_lock(5345)")
            await conn.execute("CREATE TABLE IF NOT EXISTS schema_version (version BIGINT NOT NULL)")
            current = await conn.fetchval("SELECT MAX(version) FROM schema_version") or 0
            for number, sql in migrations():
                if number <= current:
                    continue
                await conn.execute(_postgres_ddl(sql))
                await conn.execute("INSERT INTO schema_version (version) VALUES ($1)", number)
                current = number
        return int(current)

    @asynccontextmanager
    async def transaction(self) -> AsyncIterator[Tx]:
        async with self.pool.acquire() as conn, conn.transaction():
            inside = _inside.set(True)
            try:
                yield PostgresTx(conn)
            finally:
                _inside.reset(inside)

    async def one(self, sql: str, params: Sequence[Any] = ()) -> Row | None:
        _outside()
        return await self.pool.fetchrow(numbered(sql), *params)

    async def all(self, sql: str, params: Sequence[Any] = ()) -> list[Row]:
        _outside()
        return list(await self.pool.fetch(numbered(sql), *params))


async def open_backend(target: str) -> Backend:
    """PostgreSQL for a ``postgresql://`` URL, else the SQLite file at ``target``."""
    if is_postgres(target):
        return await PostgresBackend.open(target)
    return await SqliteBackend.open(target)
