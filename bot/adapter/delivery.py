"""Delivering the outbox to Discord exactly once, in order, across crashes.

A row is claimed in the database before it is sent (a lease, so two rounds or two
processes never send the same row) and marked sent with the message id it became.
Every send carries a nonce, so Discord drops a repeat made within its nonce window (a
few minutes). A row whose earlier send began but was never confirmed (a crash) is sent
again with the same nonce while that window lasts; after it, the channel's recent
messages are looked at first, and the row is only marked sent if it is already there.
Failures back off; permanent ones (403, 404) and rows tried too often are given up with
one log line, so a closed channel never burns Discord's invalid-request budget.

Delivery paces itself to Discord's limits (``bot.adapter.pacing``): each target is drained by
its own task, which waits for its channel's window and for the process's share of the
token's requests, boards before DMs and reminders. While a channel waits, moves go on
being stored; when it may post again, the boards waiting for it become one message: the
newest board, every line told since the last board sent, and pings for the seats the
newest board waits on (``coalesce``). The older rows are marked sent as carried by it.
"""

from __future__ import annotations

import asyncio
import logging
import os
import time
from collections.abc import Callable
from typing import Any

import discord

from bot.adapter import messages
from bot.adapter.coalesce import merged, run_of
from bot.adapter.pacing import CHANNEL_MESSAGES, CHANNEL_PERIOD, TOKEN_PER_SECOND, Pace, Window
from bot.store.group_commit import GroupCommit
from bot.store.payloads import Payload
from bot.store.storage import OutboxRow
from bot.table import Table, permissions

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


Key = tuple[str, str]  # (kind, target) of outbox rows


class Delivery:
    def __init__(
        self,
        client: discord.Client,
        table: Table,
        *,
        owner: str = "skald",
        clock: Callable[[], float] = time.time,
        per_second: float = TOKEN_PER_SECOND * 0.9,
        paced: bool = True,
    ) -> None:
        """``per_second``: this process's share of the token's requests (the rest of the
        token's 50 a second is left for the answers to commands and for clock skew).
        ``paced=False`` for a simulated Discord without limits, whose clock only moves when
        the test moves it."""
        self.client = client
        self.table = table
        self.owner = owner
        self.clock = clock
        self.pace = Pace(per_second if paced else 1e6)
        self._channel_messages = CHANNEL_MESSAGES if paced else 10**6
        self._windows: dict[Key, Window] = {}
        self._drains: dict[Key, asyncio.Task[bool]] = {}
        self._recheck: set[Key] = set()
        self._dm_channels: dict[str, Any] = {}
        self._refused = 0  # DMs refused so far: each queues a notice in a channel
        self._idle = asyncio.Event()  # no drain running
        self._idle.set()
        self._behind = False  # a channel message had to wait for a retry since the last idle
        self._claim: GroupCommit[list[int], list[OutboxRow] | None] = GroupCommit(self._claim_runs)
        self._mark: GroupCommit[tuple[int, list[int], float, str | None], None] = GroupCommit(
            lambda sent: self.storage.mark_carried(sent)
        )

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
        """Deliver every due row, keeping each target's order, and wait until the targets
        are drained; True if a channel message could not be delivered this time."""
        while True:
            refused = self._refused
            for key in await self.storage.pending_targets():
                self._start(key)
            await self._idle.wait()  # one wait, however many targets: a busy bot flushes often
            if self._refused == refused:  # a refused DM queued a notice: deliver it too
                return self._behind

    async def _claim_runs(self, runs: list[list[int]]) -> list[list[OutboxRow] | None]:
        taken: list[list[OutboxRow] | None] = await self.storage.claim_runs(
            runs, self.owner, self.clock(), LEASE
        )
        return taken

    def _start(self, key: Key) -> None:
        running = self._drains.get(key)
        if running is not None and not running.done():
            self._recheck.add(key)  # rows came while it ran: it looks again before it stops
            return
        if self._idle.is_set():
            self._idle.clear()
            self._behind = False
        self._drains[key] = asyncio.create_task(self._drain_logged(key))

    async def _drain_logged(self, key: Key) -> bool:
        behind = True
        try:
            behind = await self._drain(key)
        except Exception:  # the rows stay in the outbox; the next round tries again
            log.exception("delivery to %s %s failed", *key)
            behind = key[0] == "channel"
        finally:
            self._behind = self._behind or behind
            del self._drains[key]
            if not self._drains:
                self._idle.set()
        return behind

    def _window(self, key: Key) -> Window:
        return self._windows.setdefault(key, Window(self._channel_messages, CHANNEL_PERIOD))

    async def _drain(self, key: Key) -> bool:
        """Send one target's rows in order until none is due; True if a channel message
        had to wait for a retry."""
        kind, target = key
        window = self._window(key)
        while True:
            self._recheck.discard(key)
            rows = await self.storage.pending_for(kind, target)
            now = self.clock()
            if not rows or not rows[0].due(now):  # later rows wait: each target keeps its order
                if key in self._recheck:
                    continue
                return False
            if window.wait() != 0:  # the channel is full: more boards may come to carry
                await window.slot()
                continue
            run = run_of(rows)
            claimed = await self._claim([r.id for r in run])
            if claimed is None:  # another process has it, or it is done
                return False
            outcome = await self._send(claimed, now, window)
            if outcome == "later":
                return kind == "channel"

    async def _send(self, rows: list[OutboxRow], now: float, window: Window) -> str:
        carrier = rows[-1]
        try:
            message_id = await self._deliver(carrier, merged(rows), now, window)
        except discord.Forbidden as error:
            if carrier.kind == "dm":
                refused = await self._give_up(rows, "dm closed")
                self._refused += 1
                for game_id in sorted({r.game_id for r in refused}):
                    await self.table.reminders.dm_failed(game_id, carrier.target)
                return "dm_closed"
            refused = await self._give_up(rows, f"forbidden: {error.text or error.status}")
            lacking = permissions.missing_in(self.client.get_channel(int(carrier.target)))
            told = [
                await self.table.reminders.channel_refused(g, lacking)
                for g in sorted({r.game_id for r in refused})
            ]
            if any(told):
                self._refused += 1  # the host's DM is queued: this flush delivers it too
            return "failed"
        except discord.NotFound as error:
            await self._give_up(rows, f"not found: {error.text or error.status}")
            return "failed"
        except (TimeoutError, discord.HTTPException, OSError) as error:
            if isinstance(error, discord.HTTPException) and error.status == 400:
                # Discord refused the message itself (a field it does not accept): sending
                # it again would only be refused again. The rows after it may still go.
                log.error("outbox %s refused by Discord: %s", carrier.id, error)
                await self._give_up(rows, f"refused: {error}", whole_target=False)
                return "failed"
            if carrier.attempts + 1 >= MAX_TRIES:
                await self._give_up(rows, f"tried {MAX_TRIES} times: {error}", whole_target=False)
                return "failed"
            wait = backoff(carrier.attempts + 1)
            log.warning("outbox %s: %s; trying again in %.0f s", carrier.id, error, wait)
            for row in rows:
                await self.storage.release(row.id, next_try=self.clock() + wait, failed=None)
            return "later"
        await self._mark((carrier.id, [r.id for r in rows[:-1]], self.clock(), message_id))
        return "sent"

    async def _give_up(
        self, rows: list[OutboxRow], why: str, *, whole_target: bool = True
    ) -> list[OutboxRow]:
        """Never try these rows again; after a permanent refusal (403, 404) neither the rest
        of the target's queue: each would only be refused too, and a 403 counts towards
        Discord's ban on invalid requests. Returns the rows given up."""
        row = rows[-1]
        if whole_target:
            ids = {r.id for r in rows}
            rows = rows + [r for r in await self.storage.pending_for(row.kind, row.target) if r.id not in ids]
        log.warning("outbox %s to %s %s given up (%d rows): %s", row.id, row.kind, row.target, len(rows), why)
        for each in rows:
            await self.storage.release(each.id, next_try=None, failed=why[:200])
        return rows

    async def _target(self, row: OutboxRow) -> Any:
        """Where the row goes, without a request where one can be spared: a channel is
        addressed by its id; a user's DM channel is opened once and remembered."""
        if row.kind == "dm":
            channel = self._dm_channels.get(row.target)
            if channel is None:
                use = await self.pace.take(urgent=False)
                try:
                    data = await self.client.http.start_private_message(int(row.target))
                finally:
                    use.finish()
                channel = self.client.get_partial_messageable(
                    int(data["id"]), type=discord.ChannelType.private
                )
                self._dm_channels[row.target] = channel
            return channel
        channel_id = int(row.target)
        return self.client.get_channel(channel_id) or self.client.get_partial_messageable(channel_id)

    async def _deliver(self, row: OutboxRow, payload: Payload, now: float, window: Window) -> str | None:
        """Send ``payload`` as ``row`` (the newest of the rows it carries)."""
        target = await self._target(row)
        dm = row.kind == "dm"
        urgent = payload.get("image") == "board"
        tag = str(row.id)
        if row.attempted_at is not None and now - row.attempted_at > NONCE_WINDOW:
            use = await self.pace.take(urgent=urgent)
            try:
                found = await self._already_there(target, payload, tag)
            finally:
                use.finish()
            if found is not None:
                log.info("outbox %s was delivered before a restart (message %s)", row.id, found)
                return found
        out = await messages.build(payload, with_hand_button=not dm, tag=tag)
        use = await self.pace.take(urgent=urgent)
        in_channel = window.begin()
        try:
            message = await target.send(
                out.content,
                files=out.files,
                view=out.view or discord.utils.MISSING,
                allowed_mentions=out.mentions,
                nonce=nonce(row),
            )
        finally:
            use.finish()
            in_channel.finish()
        return str(message.id)

    async def _already_there(self, target: Any, payload: Payload, tag: str) -> str | None:
        """The message this row became, if a send before a crash reached Discord after all."""
        content = messages.clip(payload.get("text", ""))
        name = messages.filename(payload, tag) if payload.get("image") else None
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
