"""Setting a game up: opening a lobby, seats, options, and the start."""

from __future__ import annotations

import random
from collections.abc import Callable
from types import ModuleType
from typing import Any

import games
from bot.store.payloads import Payload
from bot.store.storage import GameRow, SeatRow, Tx
from bot.table import threads, turns
from bot.table.context import Context, Reply, TableError
from bot.table.options import every_option, game_options
from games import bots

BOT_NAMES = ("Bot Ragnar", "Bot Sigrid", "Bot Ulf", "Bot Freydis", "Bot Harald")


def lobby_text(module: ModuleType, options: dict[str, str], names: list[str], host: str) -> str:
    shown = ", ".join(f"{k}: {v}" for k, v in options.items()) or "none"
    low, high = module.min_players, module.max_players
    count = f"{low} players" if low == high else f"{low} to {high} players"
    seated = ", ".join(turns.plain(n) for n in names)
    return (
        f"**{module.title}** is gathering players ({count}). "
        f"Host: {turns.plain(host)}. Options: {shown}.\nSeated: {seated}.\n"
        "Join with /game join or the button; the host starts with /game start."
    )


def parse_options(module: ModuleType, given: dict[str, str]) -> dict[str, str]:
    known = {o["name"]: o for o in every_option(module)}
    options = {name: o["default"] for name, o in known.items()}
    for name, value in given.items():
        if name not in known:
            names = ", ".join(known) or "none"
            raise TableError(f"{module.title} has no option '{turns.clip(name, 30)}' (its options: {names}).")
        if value not in known[name]["choices"]:
            choices = ", ".join(known[name]["choices"])
            raise TableError(f"Option '{name}' must be one of: {choices}.")
        options[name] = value
    return options


class Lobby:
    """Owns what only the set-up needs: the source of seeds, the seat shuffle, and the
    reminder time a new game starts with."""

    def __init__(
        self, ctx: Context, seeds: Callable[[], int] | None = None, default_reminder_hours: float = 24.0
    ) -> None:
        self.ctx = ctx
        self.storage = ctx.storage
        self._seeds = seeds or (lambda: random.SystemRandom().randrange(2**62))
        self._shuffle = random.SystemRandom()
        self.default_reminder_hours = default_reminder_hours

    async def new_game(
        self,
        channel_id: str,
        user_id: str,
        name: str,
        game_id: str,
        options: dict[str, str] | None = None,
        guild_id: str | None = None,
    ) -> Reply:
        """Open a lobby in the channel (``guild_id``: the server it is in, for its record)."""
        if game_id not in games.names():
            raise TableError(
                f"Unknown game '{turns.clip(game_id, 30)}'; choose one of: {', '.join(games.names())}."
            )
        module = games.get(game_id)
        chosen = parse_options(module, options or {})
        async with self.ctx.lock(channel_id):
            if await self.storage.active_game(channel_id) is not None:
                raise TableError(
                    "This channel already has a game; finish it or use another channel or thread."
                )
            now = self.ctx.clock()
            async with self.storage.transaction() as tx:
                gid = await self.storage.create_game(
                    tx,
                    channel_id,
                    game_id,
                    user_id,
                    chosen,
                    self._seeds(),
                    self.default_reminder_hours,
                    now,
                    guild_id,
                )
                await self.storage.add_seat(tx, gid, user_id, name, 0)
                text = lobby_text(module, chosen, [name], name)
                payload: Payload = {"text": text, "lobby": gid}
                announce = await self.storage.insert_outbox(tx, gid, "channel", channel_id, payload, now)
        return Reply("", announce)

    async def _lobby(self, channel_id: str) -> tuple[GameRow, ModuleType, list[SeatRow]]:
        game = await self.ctx.active(channel_id)
        if game.status != "lobby":
            raise TableError("The game has already started.")
        return game, games.get(game.game), await self.storage.seats(game.id)

    async def _lobby_update(self, tx: Tx, game: GameRow, module: ModuleType, now: float) -> int:
        seats = await self.storage.seats_in(tx, game.id)
        host = next((s.name for s in seats if s.user_id == game.host_id), "?")
        text = lobby_text(module, game.options, [s.name for s in seats], host)
        payload: Payload = {"text": text, "lobby": game.id}
        return await self.storage.insert_outbox(tx, game.id, "channel", game.channel_id, payload, now)

    async def join(self, channel_id: str, user_id: str, name: str) -> Reply:
        async with self.ctx.lock(channel_id):
            game, module, seats = await self._lobby(channel_id)
            if any(s.user_id == user_id for s in seats):
                raise TableError("You are already seated in this game.")
            if len(seats) >= module.max_players:
                raise TableError(f"The game is full ({module.max_players} players).")
            return await self._add_seat(game, module, seats, user_id, name)

    async def add_bot(self, channel_id: str, user_id: str, level: str = bots.DEFAULT_LEVEL) -> Reply:
        if level not in bots.LEVELS:
            raise TableError(f"A bot plays at one of these levels: {', '.join(bots.LEVELS)}.")
        async with self.ctx.lock(channel_id):
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
        now = self.ctx.clock()
        position = max((s.position for s in seats), default=-1) + 1
        async with self.storage.transaction() as tx:
            await self.storage.add_seat(tx, game.id, user_id, name, position, level)
            announce = await self._lobby_update(tx, game, module, now)
        return Reply("", announce)

    async def leave(self, channel_id: str, user_id: str) -> Reply:
        async with self.ctx.lock(channel_id):
            game, module, seats = await self._lobby(channel_id)
            if not any(s.user_id == user_id for s in seats):
                raise TableError("You are not seated in this game.")
            return await self.remove(game, module, seats, user_id)

    async def remove(self, game: GameRow, module: ModuleType, seats: list[SeatRow], user_id: str) -> Reply:
        """Take a seat out of the lobby (the caller holds the channel's lock). The lobby
        closes when no person is left; a leaving host hands over to the next person."""
        now = self.ctx.clock()
        humans = [s for s in seats if not s.is_bot and s.user_id != user_id]
        async with self.storage.transaction() as tx:
            await self.storage.remove_seat(tx, game.id, user_id)
            if not humans:
                await self.storage.abandon(tx, game.id, now)
                payload: Payload = {"text": f"The {module.title} lobby closed: nobody is left in it."}
                return Reply(
                    "",
                    await self.storage.insert_outbox(tx, game.id, "channel", game.channel_id, payload, now),
                )
            if user_id == game.host_id:
                game.host_id = humans[0].user_id
                await self.storage.set_host(tx, game.id, game.host_id)
            return Reply("", await self._lobby_update(tx, game, module, now))

    async def start(self, channel_id: str, user_id: str, order: str = "random") -> Reply:
        async with self.ctx.lock(channel_id):
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
            automatic = {i: s.level for i, s in enumerate(seats) if s.automatic}

            def begin() -> tuple[dict[str, Any], list[turns.Move]]:
                state = module.setup(game.seed, len(seats), game_options(game.options))
                return turns.play_automatic(module, state, automatic, f"{game.seed}:0")

            state, moves = await threads.by_seats(automatic, begin)
            now = self.ctx.clock()
            async with self.storage.transaction() as tx:
                for index, seat in enumerate(seats):
                    await self.storage.set_position(tx, game.id, seat.user_id, index)
                await self.ctx.log_moves(tx, game, seats, moves, now)
                order_text = ", ".join(f"{i + 1}. {turns.plain(s.name)}" for i, s in enumerate(seats))
                head = f"**{module.title}** begins! Seat order: {order_text}."
                announce = await self.ctx.commit_change(
                    tx, game, module, seats, old=None, state=state, now=now, head=[head]
                )
        return Reply("", announce)
