"""The table: the discord-free core of the bot.

It loads a channel's game, checks who is acting, applies the move, lets the bot play
its seats, stores state, log and outgoing messages in one transaction, and says what
must be sent. The Discord adapter, the offline sandbox and the tests all hold a
``Table``, which makes the parts and wires them; each request goes to the part that
owns it:

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
from collections.abc import Callable

from bot.store.storage import Storage
from bot.table.context import Context, Panel, Reply, TableError
from bot.table.lobby import Lobby
from bot.table.moves import Moves
from bot.table.personal import Personal
from bot.table.reading import Reading
from bot.table.reminders import MAX_NUDGES, Reminders
from bot.table.seating import Seating

__all__ = ["MAX_NUDGES", "Panel", "Reply", "Table", "TableError"]


class Table:
    """The parts of the core, made once and wired together; callers use the part that owns
    a request (``table.lobby.join``, ``table.moves.act``, ``table.reading.board`` ...)."""

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
        self.personal = Personal(self.context)
        self.moves = Moves(self.context, self.personal.uncover)
        self.reminders = Reminders(self.context)
        self.reading = Reading(self.context)

    async def send_reminders(self) -> list[int]:
        """The timers' round: nudges, notices held by quiet hours that are over, boards of
        turns that went on for long, and covered seats whose players are back; returns the
        outbox ids queued."""
        reminded = await self.reminders.send_reminders()
        return reminded + await self.reminders.post_waiting_boards() + await self.personal.uncover_expired()
