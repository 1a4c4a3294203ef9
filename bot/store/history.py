"""A channel's finished games for ``/game history``, read in one statement: each game with
its seats' names and its number of turns (runs of moves by one seat, undone moves left out),
newest first, of one title or with one player (``Storage.history``)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from bot.store import fastjson
from bot.store.db import Backend

# The games (through games_channel), then their standing moves (through the actions' key;
# the undone ones found in a table of their own, not by a search of the log for each move),
# each counted as a new turn unless the move before it was the same seat's, then one row per
# seat. A game's result and state (large) come only on its first seat's row.
_HISTORY = """
WITH g AS (
    SELECT id, game, result, state, updated_at FROM games
    WHERE channel_id = ? AND status = 'over'{filters}
    ORDER BY updated_at DESC, id DESC LIMIT ?
), u AS MATERIALIZED (
    SELECT game_id, CAST(action AS BIGINT) AS n FROM actions
    WHERE game_id IN (SELECT id FROM g) AND kind = 'undo'
), m AS (
    SELECT a.game_id,
        CASE WHEN a.seat = LAG(a.seat) OVER (PARTITION BY a.game_id ORDER BY a.n) THEN 0 ELSE 1 END AS fresh
    FROM actions a LEFT JOIN u ON u.game_id = a.game_id AND u.n = a.n
    WHERE a.game_id IN (SELECT id FROM g) AND a.kind = 'move' AND a.seat IS NOT NULL AND u.n IS NULL
), t AS (
    SELECT game_id, SUM(fresh) AS runs FROM m GROUP BY game_id
), s AS (
    SELECT p.game_id, p.name, ROW_NUMBER() OVER (PARTITION BY p.game_id ORDER BY p.position) AS k
    FROM seats p WHERE p.game_id IN (SELECT id FROM g)
)
SELECT g.id, g.game, g.updated_at, s.name, s.k,
    CASE WHEN s.k = 1 THEN g.result END AS result,
    CASE WHEN s.k = 1 THEN g.state END AS state,
    t.runs
FROM g JOIN s ON s.game_id = g.id LEFT JOIN t ON t.game_id = g.id
ORDER BY g.updated_at DESC, g.id DESC, s.k
"""
_GAME = " AND game = ?"
_PLAYER = " AND EXISTS (SELECT 1 FROM seats w WHERE w.game_id = games.id AND w.user_id = ?)"


@dataclass
class Finished:
    """A finished game as ``/game history`` lists it."""

    id: int
    game: str
    finished_at: float
    result: dict[str, Any] | None  # the stored result (None: the state's own outcome)
    state: dict[str, Any] | None
    names: list[str]  # the seats' names, in seat order
    turns: int  # runs of standing moves by one seat


async def history(
    backend: Backend, channel_id: str, limit: int, game: str | None, user_id: str | None
) -> list[Finished]:
    filters, args = "", [channel_id]
    if game is not None:
        filters += _GAME
        args.append(game)
    if user_id is not None:
        filters += _PLAYER
        args.append(user_id)
    found: list[Finished] = []
    for row in await backend.all(_HISTORY.format(filters=filters), (*args, limit)):
        if row["k"] == 1:
            found.append(
                Finished(
                    id=row["id"],
                    game=row["game"],
                    finished_at=row["updated_at"],
                    result=fastjson.loads(row["result"]) if row["result"] else None,
                    state=fastjson.loads(row["state"]) if row["state"] else None,
                    names=[],
                    turns=int(row["runs"] or 0),
                )
            )
        found[-1].names.append(row["name"])
    return found
