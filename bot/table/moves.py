"""Playing: a seat's move (and the bot's seats after it), its legal moves, and its
private panel of choices."""

from __future__ import annotations

import asyncio
from dataclasses import dataclass

import games
from bot import turns
from bot.table.context import Context, Reply, TableError, seat_in, seat_view
from games import IllegalAction

MAX_ACTION = 200  # longer than any move of any game: refused without being repeated


@dataclass
class Panel:
    """One seat's private choices now: its own moves, labelled with its own cards."""

    game_id: int
    version: int
    seat: int
    text: str
    actions: list[tuple[str, str]]


class Moves:
    def __init__(self, ctx: Context) -> None:
        self.ctx = ctx
        self.storage = ctx.storage

    async def act(
        self,
        channel_id: str,
        user_id: str,
        action: str,
        version: int | None = None,
        game_id: int | None = None,
    ) -> Reply:
        if len(action) > MAX_ACTION:
            raise TableError("That is far too long to be a move; pick one from the list as you type.")
        async with self.ctx.lock(channel_id):
            game = await self.ctx.active(channel_id)
            if game_id is not None and game.id != game_id:
                raise TableError("That message belongs to a game that has ended.")
            if game.status != "playing" or game.state is None:
                raise TableError("The game has not started yet; the host starts it with /game start.")
            if version is not None and version != game.version:
                raise TableError("That board is out of date: the game has moved on, use the newest message.")
            seats = await self.storage.seats(game.id)
            index, seat = seat_in(seats, user_id)
            if seat.resigned:
                raise TableError("You have left this game.")
            module = games.get(game.game)
            automatic = {i: s.level for i, s in enumerate(seats) if s.automatic}
            old = game.state
            if module.outcome(old) is None and index not in module.to_act(old):
                raise TableError(turns.awaited(module, old, seat_view(seats)))
            try:
                state, moves = await asyncio.to_thread(
                    turns.advance, module, old, index, action, automatic, f"{game.seed}:{game.version}"
                )
            except IllegalAction as error:
                raise TableError(str(error)) from None
            now = self.ctx.clock()
            composed = await self.ctx.compose_change(game, module, seats, old, state, [])
            async with self.storage.transaction() as tx:
                await self.ctx.log_moves(tx, game, seats, moves, now)
                announce = await self.ctx.store_change(tx, game, module, seats, old, state, now, composed)
        return Reply("", announce, game.id, game.version + 1)

    async def legal(self, channel_id: str, user_id: str) -> list[tuple[str, str]]:
        """The caller's legal actions with their labels (for autocomplete)."""
        game = await self.storage.active_game(channel_id)
        if game is None or game.status != "playing" or game.state is None:
            return []
        seats = await self.storage.seats(game.id)
        index = next((i for i, s in enumerate(seats) if s.user_id == user_id), None)
        if index is None or seats[index].automatic:
            return []
        module = games.get(game.game)

        def compute() -> list[tuple[str, str]]:
            state = game.state
            assert state is not None
            if index not in module.to_act(state):
                return []
            names = [s.name for s in seats]
            return [(a, turns.label(module, state, a, names)) for a in module.legal_actions(state, index)]

        return await asyncio.to_thread(compute)

    async def panel(self, channel_id: str, user_id: str, game_id: int | None = None) -> Panel:
        """The caller's private panel; a ``TableError`` saying who is awaited if it is not
        their turn."""
        game = await self.ctx.active(channel_id)
        if game_id is not None and game.id != game_id:
            raise TableError("That message belongs to a game that has ended.")
        if game.status != "playing" or game.state is None:
            raise TableError("The game has not started yet; the host starts it with /game start.")
        seats = await self.storage.seats(game.id)
        index, seat = seat_in(seats, user_id)
        if seat.automatic:
            raise TableError("You have left this game; the bot plays your seat.")
        module = games.get(game.game)
        views = seat_view(seats)
        state = game.state

        def compose() -> Panel:
            if index not in module.to_act(state):
                raise TableError(turns.awaited(module, state, views))
            names = [s.name for s in seats]
            prompt = module.view(state, index).get("prompt", "move")
            text = f"Your move in {module.title}: {prompt}."
            return Panel(game.id, game.version, index, text, turns.choices(module, state, index, names))

        return await asyncio.to_thread(compose)
