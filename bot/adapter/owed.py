"""Answers the bot owes to interactions it deferred ("thinking") while it made something
slow: a replay GIF, or a picture that took longer than an interaction may wait.

Each is written down before the defer and crossed out once the answer is sent, so one
that a crash left unanswered is made and sent after the restart, through the
interaction's token (a follow-up fills the "thinking" message), while the token lasts.
"""

from __future__ import annotations

import io
import logging
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any

import discord

from bot.store.rows import Owed
from bot.table import TableError

log = logging.getLogger("skald")

TOKEN_LIFE = 15 * 60  # Discord's interaction tokens serve follow-ups this long
MARGIN = 60.0  # too close to the end to make a replay in time: give it up


@dataclass
class Answer:
    """What a deferred interaction is answered with."""

    text: str
    files: list[discord.File]
    view: discord.ui.View | None = None


Maker = Callable[[Owed], Awaitable[Answer]]


class Owing:
    def __init__(self, client: discord.Client, storage: Any, clock: Callable[[], float] = time.time) -> None:
        self.client = client
        self.storage = storage
        self.clock = clock
        self.makers: dict[str, Maker] = {}
        self.started = clock()  # answers owed since then are this process's own work
        self.settled = False

    async def begin(self, interaction: discord.Interaction, kind: str, game_id: int | None = None) -> int:
        """Write the answer down as owed (before deferring)."""
        return int(
            await self.storage.owe(
                Owed(
                    application_id=str(interaction.application_id),
                    token=interaction.token,
                    kind=kind,
                    channel_id=str(interaction.channel_id),
                    user_id=str(interaction.user.id),
                    game_id=game_id,
                    created_at=self.clock(),
                )
            )
        )

    async def paid(self, answer_id: int) -> None:
        await self.storage.paid(answer_id)

    async def settle(self) -> int:
        """Once, after a start: make and send every answer a process before this one left
        owed, if its token still lasts; returns how many were sent."""
        if self.settled:
            return 0
        self.settled = True
        sent = 0
        for owed in await self.storage.owed():
            if owed.created_at >= self.started:
                continue  # being made by this process right now
            try:
                if self.clock() - owed.created_at < TOKEN_LIFE - MARGIN:
                    sent += await self._send(owed)
            except (discord.HTTPException, TableError) as error:
                log.warning("an owed answer (%s) could not be sent: %s", owed.kind, error)
            finally:
                await self.storage.paid(owed.id)
        return sent

    async def _send(self, owed: Owed) -> int:
        maker = self.makers.get(owed.kind)
        if maker is None:
            return 0
        answer = await maker(owed)
        webhook = discord.Webhook.partial(int(owed.application_id), owed.token, client=self.client)
        await webhook.send(
            answer.text,
            files=answer.files,
            view=answer.view or discord.utils.MISSING,
            allowed_mentions=discord.AllowedMentions.none(),
            wait=True,
        )
        log.info("sent an answer (%s) that a restart had left owed", owed.kind)
        return 1


def picture(data: bytes | None, name: str) -> list[discord.File]:
    return [discord.File(io.BytesIO(data), filename=name)] if data else []
