"""Glue between Discord interactions and the table: answer, then deliver the outbox.

Every request follows one path: the table validates and applies it (errors come
back as one ephemeral sentence, nothing changed); the public message it produced
answers the interaction; every other queued message (DMs, notices) is delivered
from the outbox, and marked sent only once Discord has it.
"""

from __future__ import annotations

import asyncio
import contextlib
import io
import json
import logging
import time
from collections.abc import Awaitable
from typing import Any

import discord

from bot import messages
from bot.storage import OutboxRow
from bot.table import Reply, Table, TableError

log = logging.getLogger("skald")


class Controller:
    def __init__(self, client: discord.Client, table: Table) -> None:
        self.client = client
        self.table = table
        self._claimed: set[int] = set()
        self._flush_lock = asyncio.Lock()

    # --- answering -----------------------------------------------------------------

    async def run(self, interaction: discord.Interaction, request: Awaitable[Reply]) -> None:
        """Carry out a table request for an interaction and answer it."""
        try:
            reply = await request
        except TableError as error:
            await self.say(interaction, str(error))
            return
        if reply.announce is None:
            await self.say(interaction, reply.text or "Done.")
        else:
            await self.answer_with(interaction, reply.announce)
            if reply.text:
                await interaction.followup.send(reply.text, ephemeral=True)
        await self.flush()

    async def say(self, interaction: discord.Interaction, text: str) -> None:
        """One private sentence to the person who asked."""
        if interaction.response.is_done():
            await interaction.followup.send(text, ephemeral=True)
        else:
            await interaction.response.send_message(text, ephemeral=True)

    async def answer_with(self, interaction: discord.Interaction, outbox_id: int) -> None:
        """Send a queued public message as the interaction's answer, then mark it sent."""
        if outbox_id in self._claimed:
            await self.say(interaction, "Done.")
            return
        self._claimed.add(outbox_id)
        row = await self.table.storage.outbox_row(outbox_id)
        if row is None:  # already delivered by the background round
            self._claimed.discard(outbox_id)
            await self.say(interaction, "Done.")
            return
        try:
            if not interaction.response.is_done():
                await interaction.response.defer(thinking=True)
            out = await messages.build(row.payload)
            await interaction.followup.send(
                out.content,
                files=out.files,
                view=out.view or discord.utils.MISSING,
                allowed_mentions=out.mentions,
            )
            await self.table.storage.mark_sent(outbox_id, time.time())
        finally:
            self._claimed.discard(outbox_id)
        if interaction.message is not None and interaction.message.author == self.client.user:
            # The pressed board is now out of date: take its buttons away.
            with contextlib.suppress(discord.HTTPException):
                await interaction.message.edit(view=None)

    # --- what buttons and commands call ---------------------------------------------

    async def play(
        self,
        interaction: discord.Interaction,
        action: str,
        version: int | None = None,
        game_id: int | None = None,
    ) -> None:
        channel, user = str(interaction.channel_id), str(interaction.user.id)
        if game_id is not None:
            game = await self.table.storage.active_game(channel)
            if game is None or game.id != game_id:
                await self.say(interaction, "That board belongs to a game that has ended.")
                return
        await self.run(interaction, self.table.act(channel, user, action, version))

    async def show_hand(self, interaction: discord.Interaction) -> None:
        try:
            payload = await self.table.hand(str(interaction.channel_id), str(interaction.user.id))
        except TableError as error:
            await self.say(interaction, str(error))
            return
        await interaction.response.defer(ephemeral=True, thinking=True)
        out = await messages.build(payload)
        await interaction.followup.send(out.content, files=out.files, ephemeral=True)

    async def lobby_button(self, interaction: discord.Interaction, what: str) -> None:
        channel, user = str(interaction.channel_id), str(interaction.user.id)
        if what == "join":
            await self.run(interaction, self.table.join(channel, user, interaction.user.display_name))
        elif what == "start":
            await self.run(interaction, self.table.start(channel, user))
        else:
            await self.run(interaction, self.table.add_bot(channel, user))

    async def allow_undo(self, interaction: discord.Interaction, version: int) -> None:
        channel, user = str(interaction.channel_id), str(interaction.user.id)
        await self.run(interaction, self.table.allow_undo(channel, user, version))

    async def post_board(self, interaction: discord.Interaction) -> None:
        try:
            payload = await self.table.board(str(interaction.channel_id))
        except TableError as error:
            await self.say(interaction, str(error))
            return
        await interaction.response.defer(thinking=True)
        out = await messages.build(payload)
        await interaction.followup.send(out.content, files=out.files, view=out.view or discord.utils.MISSING)

    async def send_log(self, interaction: discord.Interaction) -> None:
        try:
            text, export = await self.table.log(str(interaction.channel_id))
        except TableError as error:
            await self.say(interaction, str(error))
            return
        data = json.dumps(export, indent=1).encode()
        file = discord.File(io.BytesIO(data), filename="skald-game.json")
        await interaction.response.send_message(messages._clip(text), file=file, ephemeral=True)

    # --- delivery ------------------------------------------------------------------

    async def flush(self, *, min_age: float = 0.0) -> None:
        """Deliver every pending outbox message, oldest first.

        The background round passes ``min_age`` so that it leaves alone the messages an
        interaction is about to send as its own answer.
        """
        async with self._flush_lock:
            before = self.table.clock() - min_age if min_age else None
            for row in await self.table.storage.pending_outbox(created_before=before):
                if row.id in self._claimed:
                    continue
                try:
                    await self._deliver(row)
                except discord.HTTPException as error:
                    log.warning("could not deliver outbox %s yet: %s", row.id, error)
                    continue
                await self.table.storage.mark_sent(row.id, time.time())

    async def _deliver(self, row: OutboxRow) -> None:
        if row.kind == "dm":
            try:
                user = self.client.get_user(int(row.target)) or await self.client.fetch_user(int(row.target))
                out = await messages.build(row.payload, with_hand_button=False)
                await user.send(out.content, files=out.files)
            except discord.Forbidden:
                await self.table.dm_failed(row.game_id, row.target)
                asyncio.get_running_loop().call_soon(lambda: asyncio.ensure_future(self.flush()))
            return
        channel: Any = self.client.get_channel(int(row.target))
        if channel is None:
            channel = await self.client.fetch_channel(int(row.target))
        out = await messages.build(row.payload)
        # The nonce makes Discord drop a second copy if we crash between sending and marking.
        await channel.send(
            out.content,
            files=out.files,
            view=out.view or discord.utils.MISSING,
            allowed_mentions=out.mentions,
            nonce=f"sk{row.id}",
        )
