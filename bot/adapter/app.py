"""The discord.py client: commands, restart-proof buttons, outbox delivery, reminders."""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import json
import logging
import os
import socket
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands as ext_commands

from bot.adapter import commands, components, memory
from bot.adapter.components import DYNAMIC_ITEMS
from bot.adapter.controller import Controller
from bot.adapter.pacing import TOKEN_PER_SECOND
from bot.table import Table, TableError

log = logging.getLogger("skald")

REMINDER_CHECK_SECONDS = 60.0
UNKNOWN_PRESS = "That button is not one I know (it may be from an old message); use the newest board."
OUTBOX_RETRY_SECONDS = 10.0


class SkaldBot(ext_commands.Bot):
    def __init__(
        self,
        table: Table,
        *,
        test_guild: int | None = None,
        background: bool = True,
        rate_share: float = 1.0,
        **options: Any,
    ) -> None:
        intents = discord.Intents.default()
        options.setdefault("allowed_mentions", discord.AllowedMentions.none())  # each message says whom
        super().__init__(command_prefix=ext_commands.when_mentioned, intents=intents, **options)
        owner = f"{socket.gethostname()}:{os.getpid()}"
        # The token's request budget is per bot, not per process: each process takes its share.
        self.controller = Controller(self, table, owner=owner, per_second=TOKEN_PER_SECOND * 0.9 * rate_share)
        self.test_guild = test_guild
        self.background = background  # the timers of reminders and retries (off in simcord tests)
        self._tasks: list[asyncio.Task[None]] = []
        self.tree.on_error = self.on_app_command_error  # type: ignore[method-assign]

    async def setup_hook(self) -> None:
        self.add_dynamic_items(*DYNAMIC_ITEMS)
        guild = discord.Object(self.test_guild) if self.test_guild else None
        self.tree.clear_commands(guild=guild)  # setup_hook runs again after a restart
        commands.install(self.tree, guild, self.controller)
        await self._sync_if_changed(guild)
        memory.settle()  # the modules and the command tree live as long as the bot
        if self.background:
            self._tasks.append(asyncio.create_task(self._every(REMINDER_CHECK_SECONDS, self._remind)))
            self._tasks.append(asyncio.create_task(self._every(OUTBOX_RETRY_SECONDS, self._retry_outbox)))

    async def _sync_if_changed(self, guild: discord.Object | None) -> None:
        """Discord allows about 200 command updates a day per guild: sync only a changed tree."""
        shape = [c.to_dict(self.tree) for c in self.tree.get_commands(guild=guild)]
        digest = hashlib.sha256(json.dumps(shape, sort_keys=True).encode()).hexdigest()
        key = f"commands:{self.application_id}:{guild.id if guild else 'global'}"
        storage = self.controller.table.storage
        if await storage.meta(key) == digest:
            log.info("slash commands unchanged; not syncing")
            return
        await self.tree.sync(guild=guild)
        await storage.set_meta(key, digest)

    async def on_interaction(self, interaction: discord.Interaction) -> None:
        """A press no button of ours takes (an id that fits none, or not on its message, as
        a modified client may send): one sentence, not "This interaction failed"."""
        if interaction.type == discord.InteractionType.component and not components.handled(interaction):
            await self.controller.say(interaction, UNKNOWN_PRESS)

    async def on_ready(self) -> None:
        log.info("connected as %s", self.user)
        memory.settle()  # and so do the guilds and members Discord has just sent
        await self.controller.delivery.recover()
        await self.controller.flush()
        await self.controller.owing.settle()  # answers a crash left "thinking"

    async def close(self) -> None:
        for task in self._tasks:
            task.cancel()
        self._tasks.clear()
        await super().close()

    async def _remind(self) -> None:
        if await self.controller.table.send_reminders():
            await self.controller.flush()

    async def _retry_outbox(self) -> None:
        await self.controller.flush()

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
        """The one error layer of the commands: a table refusal (``TableError``) is the
        player's one-sentence answer; anything else is logged and excused."""
        original = getattr(error, "original", error)
        if isinstance(original, TableError):
            text = str(original)
        elif isinstance(error, app_commands.CheckFailure):
            text = str(error)
        else:
            log.error("command failed", exc_info=error)
            text = "Something went wrong on my side. Look at the newest board before you try again."
        with contextlib.suppress(discord.HTTPException):
            await self.controller.say(interaction, text)


class ShardedSkaldBot(SkaldBot, ext_commands.AutoShardedBot):
    """The bot serving some of the token's Discord shards (``SKALD_SHARDS``): one of several
    processes on one PostgreSQL database, each given ``shard_ids`` and ``shard_count``."""
