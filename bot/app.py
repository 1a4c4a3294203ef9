"""The discord.py client: commands, restart-proof buttons, outbox delivery, reminders."""

from __future__ import annotations

import asyncio
import contextlib
import logging
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands as ext_commands

from bot import commands
from bot.components import DYNAMIC_ITEMS
from bot.controller import Controller
from bot.table import Table

log = logging.getLogger("skald")

REMINDER_CHECK_SECONDS = 60.0
OUTBOX_RETRY_SECONDS = 30.0


class SkaldBot(ext_commands.Bot):
    def __init__(self, table: Table, *, test_guild: int | None = None, **options: Any) -> None:
        intents = discord.Intents.default()
        super().__init__(command_prefix=ext_commands.when_mentioned, intents=intents, **options)
        self.controller = Controller(self, table)
        self.test_guild = test_guild
        self._tasks: list[asyncio.Task[None]] = []
        self.tree.on_error = self.on_app_command_error  # type: ignore[method-assign]

    async def setup_hook(self) -> None:
        self.add_dynamic_items(*DYNAMIC_ITEMS)
        guild = discord.Object(self.test_guild) if self.test_guild else None
        self.tree.clear_commands(guild=guild)  # setup_hook runs again after a restart
        commands.install(self.tree, guild)
        await self.tree.sync(guild=guild)
        self._tasks.append(asyncio.create_task(self._every(REMINDER_CHECK_SECONDS, self._remind)))
        self._tasks.append(asyncio.create_task(self._every(OUTBOX_RETRY_SECONDS, self._retry_outbox)))

    async def on_ready(self) -> None:
        log.info("connected as %s", self.user)
        await self.controller.flush()

    async def close(self) -> None:
        for task in self._tasks:
            task.cancel()
        self._tasks.clear()
        await super().close()

    async def _remind(self) -> None:
        if await self.controller.table.send_reminders():
            await self.controller.flush()

    async def _retry_outbox(self) -> None:
        await self.controller.flush(min_age=OUTBOX_RETRY_SECONDS)

    async def _every(self, seconds: float, job: Any) -> None:
        await self.wait_until_ready()
        while not self.is_closed():
            try:
                await job()
            except Exception:  # a failing round must not stop the timer
                log.exception("background job failed")
            await asyncio.sleep(seconds)

    async def on_app_command_error(
        self, interaction: discord.Interaction, error: app_commands.AppCommandError
    ) -> None:
        log.error("command failed", exc_info=error)
        text = "Something went wrong on my side; nothing was changed. Please try again."
        if isinstance(error, app_commands.CheckFailure):
            text = str(error)
        with contextlib.suppress(discord.HTTPException):
            await self.controller.say(interaction, text)
