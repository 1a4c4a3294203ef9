"""Storage of the community's record: the results of finished games, the ratings, and the
switches about them (a server's ratings, a player's privacy). ``Storage.record``.

Each command that shows the record reads it in one statement (``player`` and ``board``),
through an index (tests/bot/test_query_plans.py); the switches that decide what it may
show come with the rows. Writes take the open transaction of the change that ended a game.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from bot.store.db import Backend, Tx
from bot.store.rows import (
    RESULT_COLUMNS,
    GameRow,
    ResultRow,
    SeatRow,
    game_row,
    result_row,
    result_values,
    seat_row,
)

Rating = tuple[float, float, int]  # mu, sigma, rated games

_INSERT = f"INSERT INTO results ({', '.join(RESULT_COLUMNS)}) VALUES ({', '.join('?' * len(RESULT_COLUMNS))})"
# A player's record: every result of theirs (of one title, or all), oldest first, with their
# privacy and whether the asking server shows ratings, each on every row (one statement).
_PLAYER = (
    "SELECT r.*, (SELECT p.stats FROM people p WHERE p.user_id = ?) AS privacy,"
    " (SELECT g.ratings FROM guilds g WHERE g.guild_id = ?) AS rates"
    " FROM results r WHERE r.user_id = ?{game} ORDER BY r.finished_at, r.game_id"
)
# A server's leaderboard of one title since a time: each person's figures there (games,
# wins, rated games, turns, the rating points the period's games moved), their rating of
# the title now, the name of their latest result anywhere, their privacy, and whether the
# server shows ratings.
_BOARD = (
    "SELECT a.user_id, a.games, a.wins, a.rated, a.turns, a.turn_time, a.moved, k.mu, k.sigma,"
    " (SELECT p.stats FROM people p WHERE p.user_id = a.user_id) AS privacy,"
    " (SELECT n.name FROM results n WHERE n.user_id = a.user_id ORDER BY n.finished_at DESC LIMIT 1) AS name,"
    " (SELECT g.ratings FROM guilds g WHERE g.guild_id = ?) AS rates"
    " FROM (SELECT user_id, COUNT(*) AS games, CAST(SUM(won) AS BIGINT) AS wins, COUNT(mu_after) AS rated,"
    " CAST(SUM(turns) AS BIGINT) AS turns, SUM(turn_time) AS turn_time,"
    " SUM((mu_after - 3 * sigma_after) - (mu_before - 3 * sigma_before)) AS moved FROM results"
    " WHERE guild_id = ? AND game = ? AND finished_at >= ? AND user_id NOT LIKE 'bot:%'"
    " GROUP BY user_id) a"
    " LEFT JOIN ratings k ON k.game = ? AND k.user_id = a.user_id"
)

# Of the logs of some games (``{marks}``: their ids, given three times), what their turn
# times are made of: the moves that stand (not undone, by a seat of the table), each run of
# moves by one seat given by its last move, in order. ``bot.table.timing.turn_times`` of
# these gives exactly what it gives of the whole log, from a fraction of its rows (restats).
_RUN_ENDS = """
WITH u AS MATERIALIZED (
    SELECT game_id, CAST(action AS BIGINT) AS n FROM actions WHERE game_id IN ({marks}) AND kind = 'undo'
), c AS (
    SELECT game_id, COUNT(*) AS seats FROM seats WHERE game_id IN ({marks}) GROUP BY game_id
), m AS (
    SELECT a.game_id, a.n, a.seat, a.at, LEAD(a.seat) OVER (PARTITION BY a.game_id ORDER BY a.n) AS next
    FROM actions a JOIN c ON c.game_id = a.game_id LEFT JOIN u ON u.game_id = a.game_id AND u.n = a.n
    WHERE a.game_id IN ({marks}) AND a.kind = 'move' AND u.n IS NULL AND a.seat >= 0 AND a.seat < c.seats
)
SELECT game_id, seat, at FROM m WHERE next IS NULL OR next <> seat ORDER BY game_id, n
"""


class RecordStore:
    def __init__(self, backend: Backend) -> None:
        self.backend = backend

    # --- the switches ---------------------------------------------------------------------

    async def rates(self, guild_id: str | None, tx: Tx | None = None) -> bool:
        """Does the server rate its games (the default; a game of no known server is rated)?"""
        if guild_id is None:
            return True
        sql, args = "SELECT ratings FROM guilds WHERE guild_id = ?", (guild_id,)
        row = await (tx.fetchone(sql, args) if tx is not None else self.backend.one(sql, args))
        return row is None or bool(row[0])

    async def all_rates(self, tx: Tx) -> dict[str | None, bool]:
        """Every server's switch that was ever set (a server not named rates its games)."""
        return {r[0]: bool(r[1]) for r in await tx.fetchall("SELECT guild_id, ratings FROM guilds")}

    async def set_rates(self, tx: Tx, guild_id: str, on: bool, now: float) -> None:
        await tx.execute(
            "INSERT INTO guilds (guild_id, ratings, updated_at) VALUES (?, ?, ?)"
            " ON CONFLICT(guild_id) DO UPDATE SET ratings = ?, updated_at = ?",
            (guild_id, int(on), now, int(on), now),
        )

    # --- a finished game --------------------------------------------------------------------

    async def take_ratings(
        self, tx: Tx, game: str, identities: list[str], start: tuple[float, float], now: float
    ) -> dict[str, Rating]:
        """The identities' ratings of ``game`` (``start`` for one not rated yet), each row
        locked until ``tx`` ends: a player finishing two games at once, in two processes,
        has them rated one after the other. Taken in one order, so two such transactions
        never wait for each other in a circle."""
        found: dict[str, Rating] = {}
        for who in sorted(set(identities)):
            row = await tx.fetchone(
                "INSERT INTO ratings (game, user_id, mu, sigma, games, updated_at) VALUES (?, ?, ?, ?, 0, ?)"
                " ON CONFLICT(game, user_id) DO UPDATE SET games = ratings.games"
                " RETURNING mu, sigma, games",
                (game, who, start[0], start[1], now),
            )
            assert row is not None
            found[who] = (row[0], row[1], row[2])
        return found

    async def put_ratings(self, tx: Tx, game: str, ratings: dict[str, Rating], now: float) -> None:
        for who, (mu, sigma, played) in sorted(ratings.items()):
            await tx.execute(
                "UPDATE ratings SET mu = ?, sigma = ?, games = ?, updated_at = ? WHERE game = ? AND user_id = ?",
                (mu, sigma, played, now, game, who),
            )

    async def add_results(self, tx: Tx, rows: list[ResultRow]) -> None:
        await tx.executemany(_INSERT, [result_values(row) for row in rows])

    # --- recomputing from the stored games ------------------------------------------------------

    async def claim(self, tx: Tx, now: float, *, force: bool) -> bool:
        """Take the record for recomputing until ``tx`` ends; True if it is to be made now:
        always when ``force`` (``./run.sh restats``), else only if it was never made (a new
        database, or one from before the record was kept). Two processes starting at once:
        the second waits for the first's transaction, then finds it made. On PostgreSQL the
        record's tables are locked against games finishing meanwhile."""
        stamp = str(now)
        if force:
            await tx.execute(
                "INSERT INTO meta (key, value) VALUES ('record', ?) ON CONFLICT(key) DO UPDATE SET value = ?",
                (stamp, stamp),
            )
            made = True
        else:
            made = (
                await tx.execute(
                    "INSERT INTO meta (key, value) VALUES ('record', ?) ON CONFLICT(key) DO NOTHING", (stamp,)
                )
                == 1
            )
        if made and tx.for_update:
            await tx.execute("LOCK TABLE results, ratings IN EXCLUSIVE MODE")
        return made

    async def clear(self, tx: Tx) -> None:
        await tx.execute("DELETE FROM results")
        await tx.execute("DELETE FROM ratings")

    async def finished_ids(self, tx: Tx) -> list[int]:
        """Every finished game, in the order they finished (a whole-history job: one scan)."""
        rows = await tx.fetchall("SELECT id FROM games WHERE status = 'over' ORDER BY updated_at, id")
        return [r[0] for r in rows]

    async def games_in(
        self, tx: Tx, ids: list[int]
    ) -> list[tuple[GameRow, list[SeatRow], list[tuple[int | None, float]]]]:
        """These games with their seats and, of each log, the last move of each run of moves
        by one seat as (seat, time) (``_RUN_ENDS``), in the order of ``ids``."""
        marks = ",".join("?" * len(ids))
        runs = await tx.fetchall(_RUN_ENDS.format(marks=marks), ids * 3)  # first: the longest to make
        games = {
            r["id"]: game_row(r) for r in await tx.fetchall(f"SELECT * FROM games WHERE id IN ({marks})", ids)
        }
        seats: dict[int, list[SeatRow]] = {i: [] for i in ids}
        for r in await tx.fetchall(
            f"SELECT * FROM seats WHERE game_id IN ({marks}) ORDER BY game_id, position", ids
        ):
            seats[r["game_id"]].append(seat_row(r))
        logs: dict[int, list[tuple[int | None, float]]] = {i: [] for i in ids}
        for game_id, seat, at in runs:
            logs[game_id].append((seat, at))
        return [(games[i], seats[i], logs[i]) for i in ids if i in games]

    async def put_all_ratings(self, tx: Tx, ratings: dict[tuple[str, str], Rating], now: float) -> None:
        await tx.executemany(
            "INSERT INTO ratings (game, user_id, mu, sigma, games, updated_at) VALUES (?, ?, ?, ?, ?, ?)",
            [
                (game, who, mu, sigma, played, now)
                for (game, who), (mu, sigma, played) in sorted(ratings.items())
            ],
        )

    # --- reading the record (one statement a command) ------------------------------------------------

    async def player(
        self, user_id: str, guild_id: str | None, game: str | None
    ) -> tuple[str, bool, list[ResultRow]]:
        """The player's privacy (public | private), whether the asking server shows ratings
        (both as they stand when the player has results), and their results (of one title,
        or all), oldest first."""
        sql = _PLAYER.format(game=" AND r.game = ?" if game else "")
        args: tuple[Any, ...] = (user_id, guild_id or "", user_id) + ((game,) if game else ())
        rows = await self.backend.all(sql, args)
        privacy = (rows[0]["privacy"] if rows else None) or "public"
        rates = rows[0]["rates"] if rows else None
        return privacy, rates is None or bool(rates), [result_row(r) for r in rows]

    async def board(self, guild_id: str, game: str, since: float) -> tuple[bool, list[BoardRow]]:
        """Whether the server shows ratings, and each person's figures on its leaderboard
        of ``game`` since ``since``."""
        rows = await self.backend.all(_BOARD, (guild_id, guild_id, game, since, game))
        rates = rows[0]["rates"] if rows else None
        return rates is None or bool(rates), [
            BoardRow(
                user_id=r["user_id"],
                name=r["name"] or "?",
                games=int(r["games"]),
                wins=int(r["wins"] or 0),
                rated=int(r["rated"]),
                turns=int(r["turns"] or 0),
                turn_time=float(r["turn_time"] or 0.0),
                moved=float(r["moved"] or 0.0),
                mu=r["mu"],
                sigma=r["sigma"],
                private=r["privacy"] == "private",
            )
            for r in rows
        ]


@dataclass
class BoardRow:
    """One person on a server's leaderboard of a title over a period."""

    user_id: str
    name: str  # the name of their latest result (a player who left is shown by it)
    games: int
    wins: int
    rated: int  # rated games
    turns: int
    turn_time: float
    moved: float  # the change of their rating's mu - 3 sigma by the period's games here
    mu: float | None  # their rating of the title now (None: never rated)
    sigma: float | None
    private: bool
