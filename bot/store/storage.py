"""Storage: games, seats, the action log and the outbox, in SQLite or PostgreSQL.

Every statement is written once here, with ``?`` placeholders, in the SQL both databases
understand; ``bot.store.db`` runs it on the one chosen by ``Storage.open`` (a file path, or a
``postgresql://`` URL). Writes take the open transaction ``tx`` from ``transaction()``:
one transaction per change, the outbox rows it calls for written in it. Reads outside a
transaction only see committed rows.
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any

from bot.store import fastjson, payloads
from bot.store.db import Backend, Row, SqliteBackend, Tx, open_backend
from bot.store.history import Finished, history
from bot.store.record import RecordStore
from bot.store.rows import (
    SEAT_COLUMNS,
    ActionRow,
    GameRow,
    OutboxRow,
    Owed,
    Prefs,
    SeatRow,
    UndoRequest,
    game_row,
    outbox_row,
    seat_row,
)

__all__ = ["ActionRow", "GameRow", "OutboxRow", "SeatRow", "Storage", "Tx"]

_SEATS = "SELECT * FROM seats WHERE game_id = ? ORDER BY position"
# a channel's game and its seats in one query (one trip to the database, not two): the
# game's columns on every row, each seat's under the name ``seat_<column>``
_GAME_AND_SEATS = (
    "SELECT g.*, "
    + ", ".join(f"s.{c} AS seat_{c}" for c in SEAT_COLUMNS)
    + " FROM games g LEFT JOIN seats s ON s.game_id = g.id"
    " WHERE g.channel_id = ? AND g.status IN ('lobby', 'playing') ORDER BY s.position"
)


class Storage:
    def __init__(self, backend: Backend) -> None:
        self.backend = backend
        self.record = RecordStore(backend)  # results, ratings and the switches about them

    @classmethod
    async def open(cls, path: str) -> Storage:
        """The SQLite file at ``path`` (``:memory:`` for none), or the PostgreSQL database
        a ``postgresql://`` URL names; migrated to the newest schema."""
        return cls(await open_backend(path))

    @property
    def db(self) -> Any:
        """SQLite's writer connection (for tests that look at the file's own tables)."""
        assert isinstance(self.backend, SqliteBackend)
        return self.backend.db

    async def close(self) -> None:
        await self.backend.close()

    async def migrate(self) -> int:
        """Apply the numbered migrations not yet applied; returns the schema version."""
        return await self.backend.migrate()

    @asynccontextmanager
    async def transaction(self) -> AsyncIterator[Tx]:
        async with self.backend.transaction() as tx:
            yield tx

    # --- reads ---------------------------------------------------------------------

    async def _one(self, sql: str, *args: Any) -> Row | None:
        return await self.backend.one(sql, args)

    async def _all(self, sql: str, *args: Any) -> list[Row]:
        return await self.backend.all(sql, args)

    async def active_game(self, channel_id: str) -> GameRow | None:
        row = await self._one(
            "SELECT * FROM games WHERE channel_id = ? AND status IN ('lobby', 'playing')",
            channel_id,
        )
        return game_row(row) if row else None

    async def active_game_and_seats(self, channel_id: str) -> tuple[GameRow, list[SeatRow]] | None:
        """The channel's game in its lobby or in play, and its seats in order."""
        rows = await self._all(_GAME_AND_SEATS, channel_id)
        if not rows:
            return None
        seats = [seat_row(r, "seat_") for r in rows if r["seat_user_id"] is not None]
        return game_row(rows[0]), seats

    async def latest_game(self, channel_id: str) -> GameRow | None:
        row = await self._one("SELECT * FROM games WHERE channel_id = ? ORDER BY id DESC LIMIT 1", channel_id)
        return game_row(row) if row else None

    async def game(self, game_id: int) -> GameRow | None:
        row = await self._one("SELECT * FROM games WHERE id = ?", game_id)
        return game_row(row) if row else None

    async def seats(self, game_id: int) -> list[SeatRow]:
        return [seat_row(r) for r in await self._all(_SEATS, game_id)]

    async def actions_in(self, tx: Tx, game_id: int) -> list[ActionRow]:
        """The game's log as the open transaction sees it (its own new rows too)."""
        rows = await tx.fetchall("SELECT * FROM actions WHERE game_id = ? ORDER BY n", (game_id,))
        return [ActionRow(r["n"], r["kind"], r["seat"], r["user_id"], r["action"], r["at"]) for r in rows]

    async def actions(self, game_id: int) -> list[ActionRow]:
        rows = await self._all("SELECT * FROM actions WHERE game_id = ? ORDER BY n", game_id)
        return [ActionRow(r["n"], r["kind"], r["seat"], r["user_id"], r["action"], r["at"]) for r in rows]

    async def due_reminders(self, now: float) -> list[GameRow]:
        rows = await self._all(
            "SELECT * FROM games WHERE status = 'playing' AND remind_at IS NOT NULL"
            " AND remind_at <= ? ORDER BY remind_at",
            now,
        )
        return [game_row(r) for r in rows]

    async def pending_outbox(self) -> list[OutboxRow]:
        """Rows not sent and not given up, oldest first (``due`` says which to try now)."""
        rows = await self._all("SELECT * FROM outbox WHERE sent_at IS NULL AND failed IS NULL ORDER BY id")
        return [outbox_row(r) for r in rows]

    async def claim(self, outbox_id: int, owner: str, now: float, lease: float) -> OutboxRow | None:
        """Take a row for sending, if nobody has sent or holds it; the row as it stands
        under the claim (with when an earlier, unconfirmed send began)."""
        async with self.transaction() as tx:
            # Locked while claimed: a second process skips the row instead of claiming it too.
            row = await tx.fetchone(
                "SELECT * FROM outbox WHERE id = ? AND sent_at IS NULL AND failed IS NULL"
                " AND (claimed_until IS NULL OR claimed_until < ?)" + tx.skip_locked,
                (outbox_id, now),
            )
            if row is None:
                return None
            await tx.execute(
                "UPDATE outbox SET claimed_by = ?, claimed_until = ?, attempted_at = ?,"
                " attempts = attempts + 1 WHERE id = ?",
                (owner, now + lease, now, outbox_id),
            )
        return outbox_row(row)

    async def claim_owners(self) -> list[str]:
        rows = await self._all(
            "SELECT DISTINCT claimed_by FROM outbox WHERE sent_at IS NULL AND claimed_by IS NOT NULL"
        )
        return [r[0] for r in rows]

    async def free_claims(self, owner: str) -> int:
        async with self.transaction() as tx:
            return await tx.execute(
                "UPDATE outbox SET claimed_by = NULL, claimed_until = NULL WHERE claimed_by = ? AND sent_at IS NULL",
                (owner,),
            )

    async def release(self, outbox_id: int, *, next_try: float | None, failed: str | None) -> None:
        """A send failed: try again at ``next_try``, or never (``failed`` says why)."""
        async with self.transaction() as tx:
            await tx.execute(
                "UPDATE outbox SET claimed_by = NULL, claimed_until = NULL, attempted_at = NULL,"
                " next_try = ?, failed = ? WHERE id = ?",
                (next_try, failed, outbox_id),
            )

    async def mark_sent(self, outbox_id: int, now: float, message_id: str | None = None) -> None:
        """Delivered: keep a short trace for audit and drop the bulky payload (views, names)."""
        async with self.transaction() as tx:
            row = await tx.fetchone("SELECT payload FROM outbox WHERE id = ?", (outbox_id,))
            trace = fastjson.dumps({"text": fastjson.loads(row[0]).get("text", "")[:120]}) if row else "{}"
            await tx.execute(
                "UPDATE outbox SET sent_at = ?, message_id = ?, payload = ?, claimed_by = NULL,"
                " claimed_until = NULL WHERE id = ?",
                (now, message_id, trace, outbox_id),
            )

    async def meta(self, key: str) -> str | None:
        row = await self._one("SELECT value FROM meta WHERE key = ?", key)
        return row[0] if row else None

    async def set_meta(self, key: str, value: str) -> None:
        async with self.transaction() as tx:
            await tx.execute(
                "INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = ?",
                (key, value, value),
            )

    # --- answers owed to deferred interactions (bot.adapter.owed) ---------------------------

    async def owe(self, answer: Owed) -> int:
        async with self.transaction() as tx:
            return await tx.insert(
                "INSERT INTO answers (application_id, token, kind, channel_id, user_id, game_id, created_at)"
                " VALUES (?, ?, ?, ?, ?, ?, ?)",
                (
                    answer.application_id,
                    answer.token,
                    answer.kind,
                    answer.channel_id,
                    answer.user_id,
                    answer.game_id,
                    answer.created_at,
                ),
            )

    async def paid(self, answer_id: int) -> None:
        async with self.transaction() as tx:
            await tx.execute("DELETE FROM answers WHERE id = ?", (answer_id,))

    async def owed(self) -> list[Owed]:
        rows = await self._all(
            "SELECT id, application_id, token, kind, channel_id, user_id, game_id, created_at FROM answers"
            " ORDER BY id"
        )
        return [
            Owed(
                application_id=r[1],
                token=r[2],
                kind=r[3],
                channel_id=r[4],
                user_id=r[5],
                game_id=r[6],
                created_at=r[7],
                id=r[0],
            )
            for r in rows
        ]

    async def mark_once(self, tx: Tx, key: str) -> bool:
        """Note ``key`` in the meta table; False if it was there already (said before)."""
        changed = await tx.execute(
            "INSERT INTO meta (key, value) VALUES (?, '1') ON CONFLICT(key) DO NOTHING", (key,)
        )
        return changed == 1

    # --- paced and coalesced delivery (bot.adapter.delivery) --------------------------------

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
        return [outbox_row(r) for r in rows]

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
            # Locked while claimed: a second process skips these rows instead of claiming them too.
            found = await db.fetchall(
                f"SELECT * FROM outbox WHERE id IN ({marks}) AND sent_at IS NULL AND failed IS NULL"
                " AND (claimed_until IS NULL OR claimed_until < ?)" + db.skip_locked,
                (*ids, now),
            )
            free = {r["id"]: outbox_row(r) for r in found}
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
        """Delivered, in one transaction: each (carrier, carried, when, message id) is a
        message that carried its newest row and the older rows it told. Each row is kept as
        a short trace (the bulky views and names dropped); a carried one names its carrier."""
        done = "sent_at = ?, message_id = ?, claimed_by = NULL, claimed_until = NULL, payload = ?"
        async with self.transaction() as db:
            for carrier, rows, now, message_id in sent:
                for row_id in [carrier, *rows]:
                    found = await db.fetchone("SELECT payload FROM outbox WHERE id = ?", (row_id,))
                    trace: dict[str, Any] = {
                        "text": fastjson.loads(found[0]).get("text", "")[:120] if found else ""
                    }
                    if row_id != carrier:
                        trace["carried_by"] = carrier
                    await db.execute(
                        f"UPDATE outbox SET {done} WHERE id = ?",
                        (now, message_id, fastjson.dumps(trace), row_id),
                    )
        return [None] * len(sent)

    # --- writes inside a transaction (``tx`` from ``transaction()``) -----------------

    async def lock_game(self, tx: Tx, game_id: int) -> GameRow | None:
        """The game as it stands, its row locked until ``tx`` ends: changes to one game
        are serialized by the database, across processes (SQLite: BEGIN IMMEDIATE has
        already taken the one writer lock)."""
        row = await tx.fetchone("SELECT * FROM games WHERE id = ?" + tx.for_update, (game_id,))
        return game_row(row) if row else None

    async def take_reminder(
        self, tx: Tx, game_id: int, remind_at: float, nudges: int, next_at: float | None
    ) -> bool:
        """Claim a due reminder: move it on only if it is still the one due at ``remind_at``
        (False: another process or round sent it, or a move reset it)."""
        changed = await tx.execute(
            "UPDATE games SET nudges = ?, remind_at = ? WHERE id = ? AND status = 'playing' AND remind_at = ?",
            (nudges, next_at, game_id, remind_at),
        )
        return changed == 1

    async def create_game(
        self,
        tx: Tx,
        channel_id: str,
        game: str,
        host_id: str,
        options: dict[str, str],
        seed: int,
        reminder_hours: float,
        now: float,
        guild_id: str | None = None,
    ) -> int:
        """A new game in the lobby; returns its id."""
        return await tx.insert(
            "INSERT INTO games (channel_id, game, status, host_id, options, seed,"
            " reminder_hours, created_at, updated_at, guild_id) VALUES (?, ?, 'lobby', ?, ?, ?, ?, ?, ?, ?)",
            (channel_id, game, host_id, fastjson.dumps(options), seed, reminder_hours, now, now, guild_id),
        )

    async def seats_in(self, tx: Tx, game_id: int) -> list[SeatRow]:
        """The seats as this transaction sees them (with its own changes)."""
        return [seat_row(r) for r in await tx.fetchall(_SEATS, (game_id,))]

    async def add_seat(
        self, tx: Tx, game_id: int, user_id: str, name: str, position: int, level: str = "sensible"
    ) -> None:
        await tx.execute(
            "INSERT INTO seats (game_id, user_id, name, position, level) VALUES (?, ?, ?, ?, ?)",
            (game_id, user_id, name, position, level),
        )

    async def remove_seat(self, tx: Tx, game_id: int, user_id: str) -> None:
        await tx.execute("DELETE FROM seats WHERE game_id = ? AND user_id = ?", (game_id, user_id))

    async def set_position(self, tx: Tx, game_id: int, user_id: str, position: int) -> None:
        await tx.execute(
            "UPDATE seats SET position = ? WHERE game_id = ? AND user_id = ?", (position, game_id, user_id)
        )

    async def resign_seat(
        self, tx: Tx, game_id: int, user_id: str, *, kicked: bool = False, overdue: bool = False
    ) -> None:
        """The seat's player left (``kicked``: the host removed them, ``overdue``: while the
        game had waited for them past its reminder time); the bot plays it."""
        await tx.execute(
            "UPDATE seats SET resigned = 1, kicked = ?, overdue = ? WHERE game_id = ? AND user_id = ?",
            (int(kicked), int(kicked and overdue), game_id, user_id),
        )

    async def hand_over_seat(self, tx: Tx, game_id: int, old_id: str, new_id: str, new_name: str) -> None:
        """Someone else takes a seat as it stands: present, and reachable by DM again."""
        await tx.execute(
            "UPDATE seats SET user_id = ?, name = ?, resigned = 0, kicked = 0, overdue = 0, dm_closed = 0"
            " WHERE game_id = ? AND user_id = ?",
            (new_id, new_name, game_id, old_id),
        )

    async def close_dms(self, tx: Tx, game_id: int, user_id: str) -> bool:
        """Mark a seat's DMs closed; False if they were already marked (or no such seat)."""
        changed = await tx.execute(
            "UPDATE seats SET dm_closed = 1 WHERE game_id = ? AND user_id = ? AND dm_closed = 0",
            (game_id, user_id),
        )
        return changed == 1

    async def set_host(self, tx: Tx, game_id: int, host_id: str) -> None:
        await tx.execute("UPDATE games SET host_id = ? WHERE id = ?", (host_id, game_id))

    async def abandon(self, tx: Tx, game_id: int, now: float) -> None:
        await tx.execute("UPDATE games SET status = 'abandoned', updated_at = ? WHERE id = ?", (now, game_id))

    async def set_undo_request(self, tx: Tx, game_id: int, request: UndoRequest) -> None:
        await tx.execute("UPDATE games SET undo_request = ? WHERE id = ?", (fastjson.dumps(request), game_id))

    async def set_reminder(self, tx: Tx, game_id: int, hours: float, remind_at: float | None) -> None:
        await tx.execute(
            "UPDATE games SET reminder_hours = ?, remind_at = ?, nudges = 0 WHERE id = ?",
            (hours, remind_at, game_id),
        )

    async def save_state(
        self,
        tx: Tx,
        game: GameRow,
        state: dict[str, Any],
        *,
        status: str,
        remind_at: float | None,
        result: dict[str, Any] | None,
        dm_due: list[int],
        board_log: int,
        board_due: float | None,
        now: float,
    ) -> bool:
        """Store the next version of ``game``'s state (nudges reset, any undo request
        dropped, ``result`` kept if None); False if another change got there first."""
        changed = await tx.execute(
            "UPDATE games SET state = ?, version = version + 1, status = ?, remind_at = ?, nudges = 0,"
            " undo_request = NULL, result = COALESCE(?, result), updated_at = ?, dm_due = ?, board_log = ?,"
            " board_due = ? WHERE id = ? AND version = ?",
            (
                fastjson.dumps(state),
                status,
                remind_at,
                fastjson.dumps(result) if result else None,
                now,
                fastjson.dumps(dm_due),
                board_log,
                board_due,
                game.id,
                game.version,
            ),
        )
        return changed == 1

    async def due_boards(self, now: float) -> list[GameRow]:
        """Games in play whose waiting moves are due on a board (boards=turn)."""
        rows = await self._all(
            "SELECT * FROM games WHERE board_due IS NOT NULL AND board_due <= ? AND status = 'playing'", now
        )
        return [game_row(r) for r in rows]

    async def board_told(self, tx: Tx, game: GameRow, board_log: int, dm_due: list[int]) -> bool:
        """A board of the game as it stands went out (its waiting moves told); False if the
        game moved meanwhile."""
        changed = await tx.execute(
            "UPDATE games SET board_log = ?, board_due = NULL, dm_due = ? WHERE id = ? AND version = ?",
            (board_log, fastjson.dumps(dm_due), game.id, game.version),
        )
        return changed == 1

    async def insert_outbox(
        self, tx: Tx, game_id: int, kind: str, target: str, payload: payloads.Payload, now: float
    ) -> int:
        return await tx.insert(
            "INSERT INTO outbox (game_id, kind, target, payload, created_at) VALUES (?, ?, ?, ?, ?)",
            (game_id, kind, target, fastjson.dumps(payload), now),
        )

    async def append_actions(
        self, tx: Tx, game_id: int, rows: list[tuple[str, int | None, str | None, str]], now: float
    ) -> None:
        """Add (kind, seat, user_id, action) rows to the game's log, numbered on from its end."""
        # On PostgreSQL the game's row is locked first, so two changes to one game, in any
        # process, take turns: the second waits here, then finds the game's version moved on
        # (save_state). SQLite's BEGIN IMMEDIATE has already taken its one writer lock.
        if tx.for_update:
            await self.lock_game(tx, game_id)
        for kind, seat, user_id, action in rows:
            # numbered in the statement itself: one trip to the database a row
            await tx.execute(
                "INSERT INTO actions (game_id, n, kind, seat, user_id, action, at)"
                " SELECT CAST(? AS BIGINT), COALESCE(MAX(n), 0) + 1, CAST(? AS TEXT), CAST(? AS BIGINT),"
                " CAST(? AS TEXT), CAST(? AS TEXT), CAST(? AS DOUBLE PRECISION) FROM actions WHERE game_id = ?",
                (game_id, kind, seat, user_id, action, now, game_id),
            )

    # --- players' own settings, held notices, turns and covered seats (bot/table/people.py) ---

    async def people(self, user_ids: list[str], tx: Tx | None = None) -> dict[str, Prefs]:
        """Each user's settings; a user who never set any gets the defaults. Inside a
        transaction, read through it (``tx``)."""
        found = {u: Prefs(u) for u in user_ids}
        if not found:
            return found
        marks = ",".join("?" * len(found))
        sql = f"SELECT * FROM people WHERE user_id IN ({marks})"
        rows = await (tx.fetchall(sql, tuple(found)) if tx is not None else self._all(sql, *found))
        for row in rows:
            found[row["user_id"]] = Prefs(
                row["user_id"],
                row["zone"],
                row["quiet_from"],
                row["quiet_to"],
                row["notify"],
                bool(row["heads_up"]),
                row["away_until"],
                row["stats"],
            )
        return found

    async def save_person(self, tx: Tx, prefs: Prefs, now: float) -> None:
        await tx.execute("DELETE FROM people WHERE user_id = ?", (prefs.user_id,))
        await tx.execute(
            "INSERT INTO people (user_id, zone, quiet_from, quiet_to, notify, heads_up, away_until, stats,"
            " updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
            (
                prefs.user_id,
                prefs.zone,
                prefs.quiet_from,
                prefs.quiet_to,
                prefs.notify,
                int(prefs.heads_up),
                prefs.away_until,
                prefs.stats,
                now,
            ),
        )

    async def hold(
        self, tx: Tx, user_id: str, game_id: int, version: int, release_at: float, now: float
    ) -> None:
        await tx.execute(
            "INSERT INTO held (user_id, game_id, version, release_at, created_at) VALUES (?, ?, ?, ?, ?)",
            (user_id, game_id, version, release_at, now),
        )

    async def due_held(self, now: float) -> list[tuple[int, str, int, float]]:
        """Held notices whose quiet hours are over: (id, user_id, game_id, created_at)."""
        rows = await self._all(
            "SELECT id, user_id, game_id, created_at FROM held WHERE release_at <= ? ORDER BY id", now
        )
        return [(r["id"], r["user_id"], r["game_id"], r["created_at"]) for r in rows]

    async def drop_held(self, tx: Tx, held_id: int) -> bool:
        """Take one held notice; False when another process took it first."""
        return await tx.execute("DELETE FROM held WHERE id = ?", (held_id,)) == 1

    async def set_turn_since(self, tx: Tx, game_id: int, when: float) -> None:
        await tx.execute("UPDATE games SET turn_since = ? WHERE id = ?", (when, game_id))

    async def cover_seat(self, tx: Tx, game_id: int, user_id: str, until: float | None) -> bool:
        changed = await tx.execute(
            "UPDATE seats SET covered_until = ? WHERE game_id = ? AND user_id = ?", (until, game_id, user_id)
        )
        return changed == 1

    async def covered_seats(self) -> list[tuple[int, str, float]]:
        """Seats the bot plays for an away player, in games still being played: (game, user, until)."""
        rows = await self._all(
            "SELECT s.game_id, s.user_id, s.covered_until FROM seats s JOIN games g ON g.id = s.game_id"
            " WHERE s.covered_until IS NOT NULL AND g.status = 'playing'"
        )
        return [(r["game_id"], r["user_id"], r["covered_until"]) for r in rows]

    async def playing_seats_of(self, user_id: str) -> list[tuple[int, str]]:
        """The games being played where the user has a seat: (game id, channel id)."""
        rows = await self._all(
            "SELECT g.id, g.channel_id FROM games g JOIN seats s ON s.game_id = g.id"
            " WHERE s.user_id = ? AND g.status = 'playing' ORDER BY g.id",
            user_id,
        )
        return [(r["id"], r["channel_id"]) for r in rows]

    async def finished_games(
        self, channel_id: str, limit: int = 25, *, game: str | None = None, user_id: str | None = None
    ) -> list[GameRow]:
        """The channel's finished games, newest first (of one title, or one player's)."""
        sql, args = "SELECT * FROM games WHERE channel_id = ? AND status = 'over'", [channel_id]
        if game is not None:
            sql += " AND game = ?"
            args.append(game)
        if user_id is not None:
            sql += " AND EXISTS (SELECT 1 FROM seats s WHERE s.game_id = games.id AND s.user_id = ?)"
            args.append(user_id)
        rows = await self._all(sql + " ORDER BY updated_at DESC, id DESC LIMIT ?", *args, limit)
        return [game_row(r) for r in rows]

    async def history(
        self, channel_id: str, limit: int = 25, *, game: str | None = None, user_id: str | None = None
    ) -> list[Finished]:
        """``/game history``: the channel's finished games with their seats' names and
        turns, newest first (of one title, or one player's), in one statement."""
        return await history(self.backend, channel_id, limit, game, user_id)

    async def delay(self, tx: Tx, outbox_id: int, until: float) -> None:
        """Not before ``until`` (a DM held by its reader's quiet hours)."""
        await tx.execute("UPDATE outbox SET next_try = ? WHERE id = ?", (until, outbox_id))

    async def supersede_waiting(self, tx: Tx, game_id: int, user_id: str, now: float) -> int:
        """DMs to ``user_id`` about this game that still wait for a later time (quiet hours)
        are replaced by a newer one: they are settled without being sent. (A row being
        retried after a failure has attempts > 0 and is left alone.)"""
        return await tx.execute(
            "UPDATE outbox SET sent_at = ?, failed = 'superseded' WHERE game_id = ? AND kind = 'dm'"
            " AND target = ? AND sent_at IS NULL AND claimed_by IS NULL AND attempts = 0 AND next_try > ?",
            (now, game_id, user_id, now),
        )
