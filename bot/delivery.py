"""Delivering the outbox to Discord exactly once, in order, across crashes.

A row is claimed in the database before it is sent (a lease, so two rounds or two
processes never send the same row) and marked sent with the message id it became.
Every send carries a nonce, so Discord drops a repeat made within its nonce window (a
few minutes). A row whose earlier send began but was never confirmed (a crash) is sent
again with the same nonce while that window lasts; after it, the channel's recent
messages are looked at first, and the row is only marked sent if it is already there.
Failures back off; permanent ones (403, 404) and rows tried too often are given up with
one log line, so a closed channel never burns Discord's invalid-request budget.
"""

from __future__ import annotations

import asyncio
import logging
import os
import time
from collections.abc import Callable
from typing import Any

import discord

from bot import messages
from bot.storage import OutboxRow
from bot.table import Table

log = logging.getLogger("skald")

LEASE = 120.0  # seconds a claim holds; a send takes far less
NONCE_WINDOW = 120.0  # Discord remembers a nonce for a few minutes; be safe below that
MAX_TRIES = 8
HISTORY = 25  # recent messages looked at before a late resend


def backoff(attempts: int) -> float:
    """Seconds before try ``attempts + 1``: 5 s, 10 s, 20 s ... up to an hour."""
    return float(min(5 * 2 ** max(attempts - 1, 0), 3600))


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


def nonce(row: OutboxRow) -> str:
    return f"sk{row.id}"


class Delivery:
    def __init__(
        self,
        client: discord.Client,
        table: Table,
        *,
        owner: str = "skald",
        clock: Callable[[], float] = time.time,
    ) -> None:
        self.client = client
        self.table = table
        self.owner = owner
        self.clock = clock
        self._lock = asyncio.Lock()

    @property
    def storage(self) -> Any:
        return self.table.storage

    async def recover(self) -> int:
        """After a crash: free the claims of processes on this host that no longer run, so
        their rows are sent now rather than when the lease ends (the time their send began
        is kept, for the nonce-or-history decision)."""
        host = self.owner.rsplit(":", 1)[0]
        freed = 0
        for owner in await self.storage.claim_owners():
            name, _, pid = owner.rpartition(":")
            if name == host and owner != self.owner and pid.isdigit() and not _alive(int(pid)):
                freed += await self.storage.free_claims(owner)
        if freed:
            log.info("freed %d outbox rows claimed by a process that stopped", freed)
        return freed

    async def flush(self) -> bool:
        """Deliver every due row, oldest first, keeping each target's order; True if a
        channel message could not be delivered this time."""
        async with self._lock:
            behind = False
            blocked: set[str] = set()
            again = True
            while again:  # a refused DM queues a notice: deliver it in the same round
                again = False
                for row in await self.storage.pending_outbox():
                    now = self.clock()
                    if row.target in blocked or not row.due(now):
                        blocked.add(row.target)  # later rows wait, so each target keeps its order
                        continue
                    claimed = await self.storage.claim(row.id, self.owner, now, LEASE)
                    if claimed is None:  # another round or process has it, or it is done
                        blocked.add(row.target)
                        continue
                    outcome = await self._send(claimed, now)
                    if outcome == "later":
                        blocked.add(row.target)
                        behind = behind or row.kind == "channel"
                    elif outcome == "dm_closed":
                        again = True
            return behind

    async def _send(self, row: OutboxRow, now: float) -> str:
        try:
            message_id = await self._deliver(row, now)
        except discord.Forbidden as error:
            if row.kind == "dm":
                await self.storage.release(row.id, next_try=None, failed="dm closed")
                await self.table.dm_failed(row.game_id, row.target)
                return "dm_closed"
            return await self._give_up(row, f"forbidden: {error.text or error.status}")
        except discord.NotFound as error:
            return await self._give_up(row, f"not found: {error.text or error.status}")
        except (TimeoutError, discord.HTTPException, OSError) as error:
            if row.attempts + 1 >= MAX_TRIES:
                return await self._give_up(row, f"tried {MAX_TRIES} times: {error}")
            wait = backoff(row.attempts + 1)
            log.warning("outbox %s: %s; trying again in %.0f s", row.id, error, wait)
            await self.storage.release(row.id, next_try=self.clock() + wait, failed=None)
            return "later"
        await self.storage.mark_sent(row.id, self.clock(), message_id)
        return "sent"

    async def _give_up(self, row: OutboxRow, why: str) -> str:
        log.warning("outbox %s to %s %s given up: %s", row.id, row.kind, row.target, why)
        await self.storage.release(row.id, next_try=None, failed=why[:200])
        return "failed"

    async def _target(self, row: OutboxRow) -> Any:
        if row.kind == "dm":
            user = self.client.get_user(int(row.target)) or await self.client.fetch_user(int(row.target))
            return user.dm_channel or await user.create_dm()
        channel = self.client.get_channel(int(row.target))
        return channel or await self.client.fetch_channel(int(row.target))

    async def _deliver(self, row: OutboxRow, now: float) -> str | None:
        target = await self._target(row)
        dm = row.kind == "dm"
        tag = str(row.id)
        if row.attempted_at is not None and now - row.attempted_at > NONCE_WINDOW:
            found = await self._already_there(target, row, tag, dm)
            if found is not None:
                log.info("outbox %s was delivered before a restart (message %s)", row.id, found)
                return found
        out = await messages.build(row.payload, with_hand_button=not dm, tag=tag)
        message = await target.send(
            out.content,
            files=out.files,
            view=out.view or discord.utils.MISSING,
            allowed_mentions=out.mentions,
            nonce=nonce(row),
        )
        return str(message.id)

    async def _already_there(self, target: Any, row: OutboxRow, tag: str, dm: bool) -> str | None:
        """The message this row became, if a send before a crash reached Discord after all."""
        content = messages.clip(row.payload.get("text", ""))
        name = messages.filename(row.payload, tag) if row.payload.get("image") else None
        me = self.client.user
        async for message in target.history(limit=HISTORY):
            if me is not None and message.author.id != me.id:
                continue
            if message.content != content:
                continue
            if name is not None and not any(a.filename == name for a in message.attachments):
                continue
            return str(message.id)
        return None
