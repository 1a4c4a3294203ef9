"""Nudging a game that waits: the reminder time, the escalating reminders and the
stall notice, and telling the channel once when a seat's DMs are closed."""

from __future__ import annotations

from typing import Any

import games
from bot.storage import GameRow
from bot.table.context import Context, Reply, TableError, seat_view

MAX_NUDGES = 3


class Reminders:
    def __init__(self, ctx: Context) -> None:
        self.ctx = ctx
        self.storage = ctx.storage

    async def set_reminder(self, channel_id: str, user_id: str, hours: float) -> Reply:
        game = await self.ctx.active(channel_id)
        if user_id != game.host_id:
            raise TableError("Only the host can change the reminder time.")
        if not 1 <= hours <= 24 * 14:
            raise TableError("The reminder time must be between 1 hour and 14 days (336 hours).")
        remind_at = self.ctx.clock() + hours * 3600 if game.status == "playing" else None
        async with self.storage.transaction() as tx:
            await self.storage.set_reminder(tx, game.id, hours, remind_at)
        return Reply(f"Players who must act will be reminded after {hours:g} hours without a move.")

    async def send_reminders(self) -> list[int]:
        """Queue a nudge for every game idle past its reminder time; returns outbox ids."""
        now = self.ctx.clock()
        queued = []
        for game in await self.storage.due_reminders(now):
            async with self.ctx.lock(game.channel_id):
                fresh = await self.storage.game(game.id)
                if fresh is None or fresh.status != "playing" or fresh.remind_at != game.remind_at:
                    continue
                queue = await self._nudge(fresh, now)
                if queue is not None:
                    queued.append(queue)
        return queued

    async def _nudge(self, game: GameRow, now: float) -> int | None:
        """Queue the nudge, unless another process (or round) took this reminder first."""
        module = games.get(game.game)
        seats = await self.storage.seats(game.id)
        views = seat_view(seats)
        assert game.state is not None
        state = game.state
        waiting = [i for i in module.to_act(state) if not seats[i].automatic]
        idle_hours = round((now - game.updated_at) / 3600)
        names = " and ".join(views[i].mention for i in waiting)
        if game.nudges < MAX_NUDGES:
            prompt = module.view(state, None).get("prompt", "move")
            text = (
                f"Reminder {game.nudges + 1} of {MAX_NUDGES}: {names}, {module.title} is waiting "
                f"for you to {prompt} (no move for {idle_hours:g} h)."
            )
            nudges, remind_at = game.nudges + 1, now + game.reminder_hours * 3600 * 2 ** (game.nudges + 1)
            payload: dict[str, Any] = {
                "text": text,
                "turn": True,
                "game_id": game.id,
                "version": game.version,
                "mentions": [seats[i].user_id for i in waiting],
            }
        else:
            text = (
                f"This {module.title} game has stalled: no move for {idle_hours:g} hours, waiting on "
                f"{names}. It stays open; the host can /game kick or /game replace a player."
            )
            nudges, remind_at = game.nudges, None
            payload = {"text": text}
        assert game.remind_at is not None
        async with self.storage.transaction() as tx:
            if not await self.storage.take_reminder(tx, game.id, game.remind_at, nudges, remind_at):
                return None
            return await self.storage.insert_outbox(tx, game.id, "channel", game.channel_id, payload, now)

    async def dm_failed(self, game_id: int, user_id: str) -> int | None:
        """A DM was refused: remember it and tell the channel once; returns the notice's id."""
        game = await self.storage.game(game_id)
        if game is None:
            return None
        now = self.ctx.clock()
        async with self.storage.transaction() as tx:
            if not await self.storage.close_dms(tx, game_id, user_id):
                return None
            text = (
                f"<@{user_id}>, I could not send your hand by direct message (your DMs are closed "
                "to me). Use /game hand here to see it privately at any time."
            )
            payload = {"text": text, "mentions": [user_id]}
            return await self.storage.insert_outbox(tx, game_id, "channel", game.channel_id, payload, now)
