"""The table: the discord-free core of the bot (see ``bot.table_base``).

This last layer holds the moves themselves, the views shown on demand, the
reminders and the handling of refused DMs.
"""

from __future__ import annotations

import asyncio
from dataclasses import dataclass
from typing import Any

import games
from bot import turns
from bot.seating import SeatingTable
from bot.storage import GameRow, append_actions, insert_outbox
from bot.table_base import MAX_NUDGES, Reply, TableError, seat_view
from games import IllegalAction
from games.core import name_seats

__all__ = ["MAX_NUDGES", "Panel", "Reply", "Table", "TableError"]


MAX_ACTION = 200  # longer than any move of any game: refused without being repeated


@dataclass
class Panel:
    """One seat's private choices now: its own moves, labelled with its own cards."""

    game_id: int
    version: int
    seat: int
    text: str
    actions: list[tuple[str, str]]


class Table(SeatingTable):
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
        async with self.lock(channel_id):
            game = await self.active(channel_id)
            if game_id is not None and game.id != game_id:
                raise TableError("That message belongs to a game that has ended.")
            if game.status != "playing" or game.state is None:
                raise TableError("The game has not started yet; the host starts it with /game start.")
            if version is not None and version != game.version:
                raise TableError("That board is out of date: the game has moved on, use the newest message.")
            index, seat = await self.seat_of(game, user_id)
            if seat.resigned:
                raise TableError("You have left this game.")
            seats = await self.storage.seats(game.id)
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
            now = self.clock()
            async with self.storage.transaction() as db:
                await append_actions(db, game.id, [("move", s, seats[s].user_id, a) for s, a in moves], now)
                announce = await self._commit_change(
                    db, game, module, seat_view(seats), seats, old, state, now, []
                )
        return Reply("", announce, game.id, game.version + 1)

    async def panel(self, channel_id: str, user_id: str, game_id: int | None = None) -> Panel:
        """The caller's private panel; a ``TableError`` saying who is awaited if it is not
        their turn."""
        game = await self.active(channel_id)
        if game_id is not None and game.id != game_id:
            raise TableError("That message belongs to a game that has ended.")
        if game.status != "playing" or game.state is None:
            raise TableError("The game has not started yet; the host starts it with /game start.")
        index, seat = await self.seat_of(game, user_id)
        if seat.automatic:
            raise TableError("You have left this game; the bot plays your seat.")
        seats = await self.storage.seats(game.id)
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

    # --- views on demand -----------------------------------------------------------

    async def board(self, channel_id: str) -> dict[str, Any]:
        game = await self.current_or_last(channel_id)
        if game.state is None:
            raise TableError("The game has not started yet, so there is no board to show.")
        module = games.get(game.game)
        seats = seat_view(await self.storage.seats(game.id))
        state = game.state

        def compose() -> dict[str, Any]:
            text = (
                turns.outcome_line(game.result, seats)
                if game.result
                else turns.whose_turn(module, state, seats)
            )
            over = game.status != "playing"
            return {
                "text": text,
                "image": "board",
                "view": module.view(state, None),
                "names": [s.name for s in seats],
                "turn": not over and any(not seats[i].automatic for i in module.to_act(state)),
                "game_id": game.id,
                "version": game.version,
            }

        return await asyncio.to_thread(compose)

    async def hand(self, channel_id: str, user_id: str) -> dict[str, Any]:
        game = await self.current_or_last(channel_id)
        if game.state is None:
            raise TableError("The game has not started yet; hands are dealt at /game start.")
        index, seat = await self.seat_of(game, user_id)
        if seat.resigned:
            raise TableError("You have left this game, so its hand is no longer yours to see.")
        module = games.get(game.game)
        seats = await self.storage.seats(game.id)
        view = await asyncio.to_thread(module.view, game.state, index)
        if view.get("private") is None:
            raise TableError(f"{module.title} has nothing hidden for you to see.")
        return {
            "text": f"What only you can see in this {module.title} game.",
            "image": "hand",
            "view": view,
            "names": [s.name for s in seats],
            "game_id": game.id,
            "version": game.version,
        }

    async def status(self, channel_id: str) -> str:
        game = await self.current_or_last(channel_id)
        module = games.get(game.game)
        seats = await self.storage.seats(game.id)
        views = seat_view(seats)
        names = ", ".join(s.name + (" (left)" if s.resigned else "") for s in seats)
        if game.status == "lobby":
            host = next((s.name for s in seats if s.user_id == game.host_id), "the host")
            return self._lobby_text(module, game.options, [s.name for s in seats], host)
        assert game.state is not None
        state = game.state
        head = f"**{module.title}**, move {game.version}. Players: {names}."
        if game.result:
            return f"{head}\n{turns.outcome_line(game.result, views)}"
        line = await asyncio.to_thread(turns.whose_turn, module, state, views)
        if game.status == "playing":
            idle = (self.clock() - game.updated_at) / 3600
            line += f"\nIdle for {max(idle, 0):.1f} h; reminders after {game.reminder_hours:g} h."
        return f"{head}\n{line}"

    async def log(self, channel_id: str) -> tuple[str, dict[str, Any]]:
        """The public log as text and as a file; once the game is over, the file is the
        whole export (seed, options, moves), which replays every secret."""
        game = await self.current_or_last(channel_id)
        if game.state is None:
            raise TableError("The game has not started yet, so its log is empty.")
        seats = await self.storage.seats(game.id)
        views = seat_view(seats)
        entries = game.state.get("log", [])
        names = [s.name for s in seats]
        lines = [
            (f"{names[e['seat']]}: " if e.get("seat") is not None and e["seat"] < len(names) else "")
            + name_seats(e["text"], names)
            for e in entries
        ]
        if game.status == "playing":
            shown = turns.log_lines(game.state, views, since=max(0, len(entries) - 25))
            text = "\n".join(shown) or "Nothing has happened yet."
            text += "\nThe whole public log is attached; the replayable game file comes when the game ends."
            return text, {"game": game.game, "players": names, "public_log": lines}
        moves = await self._effective_moves(game.id)
        export = {
            "game": game.game,
            "seed": game.seed,
            "players": names,
            "options": game.options,
            "moves": [[seat, action] for _, seat, action in moves],
            "public_log": lines,
        }
        text = "\n".join(turns.log_lines(game.state, views, since=max(0, len(entries) - 25)))
        return (
            text or "Nothing happened."
        ) + "\nThe game is over: the attached file replays it exactly.", export

    # --- reminders and delivery ------------------------------------------------------

    async def set_reminder(self, channel_id: str, user_id: str, hours: float) -> Reply:
        game = await self.active(channel_id)
        if user_id != game.host_id:
            raise TableError("Only the host can change the reminder time.")
        if not 1 <= hours <= 24 * 14:
            raise TableError("The reminder time must be between 1 hour and 14 days (336 hours).")
        remind_at = self.clock() + hours * 3600 if game.status == "playing" else None
        async with self.storage.transaction() as db:
            await db.execute(
                "UPDATE games SET reminder_hours = ?, remind_at = ?, nudges = 0 WHERE id = ?",
                (hours, remind_at, game.id),
            )
        return Reply(f"Players who must act will be reminded after {hours:g} hours without a move.")

    async def send_reminders(self) -> list[int]:
        """Queue a nudge for every game idle past its reminder time; returns outbox ids."""
        now = self.clock()
        queued = []
        for game in await self.storage.due_reminders(now):
            async with self.lock(game.channel_id):
                fresh = await self.storage.game(game.id)
                if fresh is None or fresh.status != "playing" or fresh.remind_at != game.remind_at:
                    continue
                queued.append(await self._nudge(fresh, now))
        return queued

    async def _nudge(self, game: GameRow, now: float) -> int:
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
        async with self.storage.transaction() as db:
            await db.execute(
                "UPDATE games SET nudges = ?, remind_at = ? WHERE id = ?", (nudges, remind_at, game.id)
            )
            return await insert_outbox(db, game.id, "channel", game.channel_id, payload, now)

    async def dm_failed(self, game_id: int, user_id: str) -> int | None:
        """A DM was refused: remember it and tell the channel once; returns the notice's id."""
        game = await self.storage.game(game_id)
        if game is None:
            return None
        now = self.clock()
        async with self.storage.transaction() as db:
            cursor = await db.execute(
                "UPDATE seats SET dm_closed = 1 WHERE game_id = ? AND user_id = ? AND dm_closed = 0",
                (game_id, user_id),
            )
            if cursor.rowcount != 1:
                return None
            text = (
                f"<@{user_id}>, I could not send your hand by direct message (your DMs are closed "
                "to me). Use /game hand here to see it privately at any time."
            )
            payload = {"text": text, "mentions": [user_id]}
            return await insert_outbox(db, game_id, "channel", game.channel_id, payload, now)
