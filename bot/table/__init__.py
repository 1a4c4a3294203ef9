"""The table: the discord-free core of the bot.

It loads a channel's game, checks who is acting, applies the move, lets the bot play
its seats, stores state, log and outgoing messages in one transaction, and says what
must be sent. The Discord adapter, the offline sandbox and the tests all call this
``Table``; it only holds the parts and hands each request to the one that owns it:

- ``context``: storage, clock, per-channel locks, loading, replaying, committing a change
- ``lobby``: new game, join, add a bot, leave, start
- ``seating``: undo and allow, resign, kick, replace, the host's succession
- ``moves``: a move, the legal moves, the private panel, the bot's seats after a move
- ``reminders``: the reminder time, nudges and the stall notice, refused DMs
- ``reading``: board, hand, status and log on demand
- ``personal``: a player's own settings, and seats the bot covers while they are away
- ``notices``: who a board pings and how, quiet hours, "you're next" (called on commit)
"""

from __future__ import annotations

import time
from collections.abc import Awaitable, Callable
from typing import Any, TypeVar

from bot.storage import GameRow, Storage
from bot.table.context import Context, Covered, Panel, Reply, TableError
from bot.table.lobby import Lobby
from bot.table.moves import Moves
from bot.table.personal import Personal
from bot.table.reading import Reading
from bot.table.reminders import MAX_NUDGES, Reminders
from bot.table.seating import Seating
from games import bots

__all__ = ["MAX_NUDGES", "Panel", "Reply", "Table", "TableError"]

T = TypeVar("T")


class Table:
    def __init__(
        self,
        storage: Storage,
        *,
        clock: Callable[[], float] = time.time,
        seeds: Callable[[], int] | None = None,
        default_reminder_hours: float = 24.0,
    ) -> None:
        self.storage = storage
        self.context = Context(storage, clock)
        self.lobby = Lobby(self.context, seeds, default_reminder_hours)
        self.seating = Seating(self.context, self.lobby)
        self.moves = Moves(self.context)
        self.reminders = Reminders(self.context)
        self.reading = Reading(self.context)
        self.personal = Personal(self.context)

    # --- lobby -----------------------------------------------------------------------

    async def new_game(
        self, channel_id: str, user_id: str, name: str, game_id: str, options: dict[str, str] | None = None
    ) -> Reply:
        return await self.lobby.new_game(channel_id, user_id, name, game_id, options)

    async def join(self, channel_id: str, user_id: str, name: str) -> Reply:
        return await self.lobby.join(channel_id, user_id, name)

    async def add_bot(self, channel_id: str, user_id: str, level: str = bots.DEFAULT_LEVEL) -> Reply:
        return await self.lobby.add_bot(channel_id, user_id, level)

    async def leave(self, channel_id: str, user_id: str) -> Reply:
        return await self.lobby.leave(channel_id, user_id)

    async def start(self, channel_id: str, user_id: str, order: str = "random") -> Reply:
        return await self.lobby.start(channel_id, user_id, order)

    # --- seating -----------------------------------------------------------------------

    async def undo(self, channel_id: str, user_id: str) -> Reply:
        return await self.seating.undo(channel_id, user_id)

    async def allow_undo(
        self, channel_id: str, user_id: str, version: int, game_id: int | None = None
    ) -> Reply:
        return await self.seating.allow_undo(channel_id, user_id, version, game_id)

    async def resign(self, channel_id: str, user_id: str) -> Reply:
        return await self.seating.resign(channel_id, user_id)

    async def kick(self, channel_id: str, host_id: str, target_id: str) -> Reply:
        return await self.seating.kick(channel_id, host_id, target_id)

    async def replace(
        self, channel_id: str, host_id: str, target_id: str, new_id: str, new_name: str
    ) -> Reply:
        return await self.seating.replace(channel_id, host_id, target_id, new_id, new_name)

    # --- moves -------------------------------------------------------------------------

    async def act(
        self,
        channel_id: str,
        user_id: str,
        action: str | None,
        version: int | None = None,
        game_id: int | None = None,
        *,
        choice: int | None = None,
    ) -> Reply:
        """A move: ``action``, or the move at place ``choice`` in the mover's panel. A
        player whose seat the bot covers takes it back first."""
        return await self._as_player(
            user_id,
            lambda: self.moves.act(channel_id, user_id, action, version, game_id, choice=choice),
        )

    async def legal(self, channel_id: str, user_id: str) -> list[tuple[str, str]]:
        return await self.moves.legal(channel_id, user_id)

    async def panel(self, channel_id: str, user_id: str, game_id: int | None = None) -> Panel:
        return await self._as_player(user_id, lambda: self.moves.panel(channel_id, user_id, game_id))

    async def _as_player(self, user_id: str, call: Callable[[], Awaitable[T]]) -> T:
        """``call()``; a player whose seat the bot covers (``Covered``) takes it back first."""
        try:
            return await call()
        except Covered as covered:
            await self.personal.uncover(covered.game_id, user_id, "is back")
            return await call()

    # --- reminders -----------------------------------------------------------------------

    async def set_reminder(self, channel_id: str, user_id: str, hours: float) -> Reply:
        return await self.reminders.set_reminder(channel_id, user_id, hours)

    async def send_reminders(self) -> list[int]:
        """Nudges, notices held by quiet hours that are over, and covered seats whose
        players are back."""
        return await self.reminders.send_reminders() + await self.personal.uncover_expired()

    async def dm_failed(self, game_id: int, user_id: str) -> int | None:
        return await self.reminders.dm_failed(game_id, user_id)

    async def channel_refused(self, game_id: int, lacking: list[str] | None) -> int | None:
        return await self.reminders.channel_refused(game_id, lacking)

    # --- a player's own settings -----------------------------------------------------------

    async def settings(
        self,
        user_id: str,
        *,
        zone: str | None = None,
        quiet: str | None = None,
        notify: str | None = None,
        heads_up: bool | None = None,
        away: str | None = None,
    ) -> str:
        return await self.personal.settings(
            user_id, zone=zone, quiet=quiet, notify=notify, heads_up=heads_up, away=away
        )

    async def cover(self, channel_id: str, host_id: str, target_id: str) -> Reply:
        return await self.personal.cover(channel_id, host_id, target_id)

    # --- reading and lookups -------------------------------------------------------------------------

    async def board(self, channel_id: str) -> dict[str, Any]:
        return await self.reading.board(channel_id)

    async def hand(self, channel_id: str, user_id: str) -> dict[str, Any]:
        return await self.reading.hand(channel_id, user_id)

    async def status(self, channel_id: str) -> str:
        return await self.reading.status(channel_id)

    async def log(self, channel_id: str) -> tuple[str, dict[str, Any]]:
        return await self.reading.log(channel_id)

    async def history(self, channel_id: str) -> tuple[str, list[tuple[int, str]]]:
        return await self.reading.history(channel_id)

    async def export(self, channel_id: str, game_id: int | None = None) -> tuple[str, dict[str, Any]]:
        """A finished game's file: ``game_id``, or the channel's latest finished game."""
        if game_id is None:
            game_id = await self.reading.last_finished(channel_id)
        return await self.reading.export(channel_id, game_id)

    async def active(self, channel_id: str) -> GameRow:
        """The channel's game in its lobby or in play; a ``TableError`` if there is none."""
        return await self.context.active(channel_id)

    async def current_or_last(self, channel_id: str) -> GameRow:
        return await self.context.current_or_last(channel_id)

    async def effective_moves(self, game_id: int) -> list[tuple[int, int, str]]:
        """The moves that stand, in order: (n, seat, action)."""
        return await self.context.effective_moves(game_id)
