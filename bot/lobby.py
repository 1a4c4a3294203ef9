"""Setting a game up: opening a lobby, seats, options, and the start."""

from __future__ import annotations

import asyncio
import json
from types import ModuleType
from typing import Any

import aiosqlite

import games
from bot import turns
from bot.storage import GameRow, SeatRow, append_actions, insert_outbox
from bot.table_base import BOT_NAMES, Reply, TableBase, TableError, seat_view
from games import bots


class LobbyTable(TableBase):
    def _parse_options(self, module: ModuleType, given: dict[str, str]) -> dict[str, str]:
        known = {o["name"]: o for o in getattr(module, "OPTIONS", [])}
        options = {name: o["default"] for name, o in known.items()}
        for name, value in given.items():
            if name not in known:
                names = ", ".join(known) or "none"
                raise TableError(f"{module.title} has no option '{name}' (its options: {names}).")
            if value not in known[name]["choices"]:
                choices = ", ".join(known[name]["choices"])
                raise TableError(f"Option '{name}' must be one of: {choices}.")
            options[name] = value
        return options

    async def new_game(
        self, channel_id: str, user_id: str, name: str, game_id: str, options: dict[str, str] | None = None
    ) -> Reply:
        if game_id not in games.names():
            raise TableError(f"Unknown game '{game_id}'; choose one of: {', '.join(games.names())}.")
        module = games.get(game_id)
        chosen = self._parse_options(module, options or {})
        async with self.lock(channel_id):
            if await self.storage.active_game(channel_id) is not None:
                raise TableError(
                    "This channel already has a game; finish it or use another channel or thread."
                )
            now = self.clock()
            async with self.storage.transaction() as db:
                cursor = await db.execute(
                    "INSERT INTO games (channel_id, game, status, host_id, options, seed,"
                    " reminder_hours, created_at, updated_at) VALUES (?, ?, 'lobby', ?, ?, ?, ?, ?, ?)",
                    (
                        channel_id,
                        game_id,
                        user_id,
                        json.dumps(chosen),
                        self._seeds(),
                        self.default_reminder_hours,
                        now,
                        now,
                    ),
                )
                gid = cursor.lastrowid
                assert gid is not None
                await db.execute(
                    "INSERT INTO seats (game_id, user_id, name, position) VALUES (?, ?, ?, 0)",
                    (gid, user_id, name),
                )
                text = self._lobby_text(module, chosen, [name], name)
                announce = await insert_outbox(
                    db, gid, "channel", channel_id, {"text": text, "lobby": gid}, now
                )
        return Reply("", announce)

    def _lobby_text(self, module: ModuleType, options: dict[str, str], names: list[str], host: str) -> str:
        shown = ", ".join(f"{k}: {v}" for k, v in options.items()) or "none"
        low, high = module.min_players, module.max_players
        count = f"{low} players" if low == high else f"{low} to {high} players"
        seated = ", ".join(turns.plain(n) for n in names)
        return (
            f"**{module.title}** is gathering players ({count}). "
            f"Host: {turns.plain(host)}. Options: {shown}.\nSeated: {seated}.\n"
            "Join with /game join or the button; the host starts with /game start."
        )

    async def _lobby(self, channel_id: str) -> tuple[GameRow, ModuleType, list[SeatRow]]:
        game = await self.active(channel_id)
        if game.status != "lobby":
            raise TableError("The game has already started.")
        return game, games.get(game.game), await self.storage.seats(game.id)

    async def _lobby_update(
        self, db: aiosqlite.Connection, game: GameRow, module: ModuleType, now: float
    ) -> int:
        async with db.execute(
            "SELECT name, user_id FROM seats WHERE game_id = ? ORDER BY position", (game.id,)
        ) as cursor:
            rows = list(await cursor.fetchall())
        host = next((r[0] for r in rows if r[1] == game.host_id), "?")
        text = self._lobby_text(module, game.options, [r[0] for r in rows], host)
        return await insert_outbox(
            db, game.id, "channel", game.channel_id, {"text": text, "lobby": game.id}, now
        )

    async def join(self, channel_id: str, user_id: str, name: str) -> Reply:
        async with self.lock(channel_id):
            game, module, seats = await self._lobby(channel_id)
            if any(s.user_id == user_id for s in seats):
                raise TableError("You are already seated in this game.")
            if len(seats) >= module.max_players:
                raise TableError(f"The game is full ({module.max_players} players).")
            return await self._add_seat(game, module, seats, user_id, name)

    async def add_bot(self, channel_id: str, user_id: str, level: str = bots.DEFAULT_LEVEL) -> Reply:
        if level not in bots.LEVELS:
            raise TableError(f"A bot plays at one of these levels: {', '.join(bots.LEVELS)}.")
        async with self.lock(channel_id):
            game, module, seats = await self._lobby(channel_id)
            if not any(s.user_id == user_id for s in seats):
                raise TableError("Only a seated player can add a bot.")
            if len(seats) >= module.max_players:
                raise TableError(f"The game is full ({module.max_players} players).")
            taken = {s.user_id for s in seats}
            number = next(i for i in range(1, 99) if f"bot:{i}" not in taken)
            name = BOT_NAMES[(number - 1) % 5] + ("" if level == bots.DEFAULT_LEVEL else f" ({level})")
            return await self._add_seat(game, module, seats, f"bot:{number}", name, level)

    async def _add_seat(
        self,
        game: GameRow,
        module: ModuleType,
        seats: list[SeatRow],
        user_id: str,
        name: str,
        level: str = bots.DEFAULT_LEVEL,
    ) -> Reply:
        now = self.clock()
        position = max((s.position for s in seats), default=-1) + 1
        async with self.storage.transaction() as db:
            await db.execute(
                "INSERT INTO seats (game_id, user_id, name, position, level) VALUES (?, ?, ?, ?, ?)",
                (game.id, user_id, name, position, level),
            )
            announce = await self._lobby_update(db, game, module, now)
        return Reply("", announce)

    async def leave(self, channel_id: str, user_id: str) -> Reply:
        async with self.lock(channel_id):
            game, module, seats = await self._lobby(channel_id)
            if not any(s.user_id == user_id for s in seats):
                raise TableError("You are not seated in this game.")
            return await self._remove_from_lobby(game, module, seats, user_id)

    async def _remove_from_lobby(
        self, game: GameRow, module: ModuleType, seats: list[SeatRow], user_id: str
    ) -> Reply:
        now = self.clock()
        humans = [s for s in seats if not s.is_bot and s.user_id != user_id]
        async with self.storage.transaction() as db:
            await db.execute("DELETE FROM seats WHERE game_id = ? AND user_id = ?", (game.id, user_id))
            if not humans:
                await db.execute(
                    "UPDATE games SET status = 'abandoned', updated_at = ? WHERE id = ?", (now, game.id)
                )
                text = f"The {module.title} lobby closed: nobody is left in it."
                return Reply(
                    "", await insert_outbox(db, game.id, "channel", game.channel_id, {"text": text}, now)
                )
            if user_id == game.host_id:
                game.host_id = humans[0].user_id
                await db.execute("UPDATE games SET host_id = ? WHERE id = ?", (game.host_id, game.id))
            return Reply("", await self._lobby_update(db, game, module, now))

    async def start(self, channel_id: str, user_id: str, order: str = "random") -> Reply:
        async with self.lock(channel_id):
            game, module, seats = await self._lobby(channel_id)
            if user_id != game.host_id:
                raise TableError("Only the host can start the game.")
            if len(seats) < module.min_players:
                raise TableError(
                    f"{module.title} needs at least {module.min_players} players; invite more or /game addbot."
                )
            if order not in ("random", "joined"):
                raise TableError("Seat order must be 'random' or 'joined'.")
            if order == "random":
                self._shuffle.shuffle(seats)
            views = seat_view(seats)
            automatic = {i: s.level for i, s in enumerate(seats) if s.automatic}

            def begin() -> tuple[dict[str, Any], list[turns.Move]]:
                state = module.setup(game.seed, len(seats), game.options)
                return turns.play_automatic(module, state, automatic, f"{game.seed}:0")

            state, moves = await asyncio.to_thread(begin)
            now = self.clock()
            async with self.storage.transaction() as db:
                for index, seat in enumerate(seats):
                    await db.execute(
                        "UPDATE seats SET position = ? WHERE game_id = ? AND user_id = ?",
                        (index, game.id, seat.user_id),
                    )
                await append_actions(db, game.id, [("move", s, seats[s].user_id, a) for s, a in moves], now)
                order_text = ", ".join(f"{i + 1}. {turns.plain(s.name)}" for i, s in enumerate(seats))
                head = f"**{module.title}** begins! Seat order: {order_text}."
                announce = await self._commit_change(db, game, module, views, seats, None, state, now, [head])
        return Reply("", announce)
