"""Keeping to Discord's rate limits instead of colliding with them.

Discord allows a bot token about 50 requests a second across the API and 5 messages per
5 seconds in one channel; a request over either is refused with a 429, and 10,000
refusals in 10 minutes ban the bot for a while. Delivery therefore waits its turn here
before each request: a sliding window per channel, and one for the whole process whose
size is a parameter, so that several processes can split the token's budget.
"""

from __future__ import annotations

import asyncio
import time
from collections import deque
from collections.abc import Callable

CHANNEL_MESSAGES = 5
CHANNEL_PERIOD = 5.2  # Discord's 5 s, and a little: the clocks of two machines never agree
TOKEN_PER_SECOND = 50.0


class Window:
    """At most ``limit`` events in any ``period`` seconds."""

    def __init__(self, limit: int, period: float, clock: Callable[[], float] = time.monotonic) -> None:
        self.limit = max(1, limit)
        self.period = period
        self.clock = clock
        self.times: deque[float] = deque()

    def wait(self) -> float:
        """Seconds until one more event fits (0: now)."""
        now = self.clock()
        while self.times and self.times[0] <= now - self.period:
            self.times.popleft()
        if len(self.times) < self.limit:
            return 0.0
        return self.times[0] + self.period - now

    def add(self) -> None:
        self.times.append(self.clock())

    async def slot(self) -> None:
        """Wait until one more event fits (the caller then ``add``s it)."""
        while (wait := self.wait()) > 0:
            await asyncio.sleep(wait)


class Pace:
    """The process's share of the token's requests per second, urgent requests first.

    Boards are urgent: a player waits for them. DMs, reminders and notices wait behind
    every board that is ready to go.
    """

    def __init__(self, per_second: float, clock: Callable[[], float] = time.monotonic) -> None:
        # a window of one second holds whole requests; a small share gets a longer window
        period = 1.0 if per_second >= 1 else 1.0 / per_second
        self.window = Window(int(per_second * period), period, clock)
        self.per_second = per_second
        self._urgent: deque[asyncio.Future[None]] = deque()
        self._later: deque[asyncio.Future[None]] = deque()
        self._pump: asyncio.Task[None] | None = None
        self.taken = 0

    async def take(self, *, urgent: bool) -> None:
        """Wait until this process may make one more request."""
        future: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        (self._urgent if urgent else self._later).append(future)
        if self._pump is None or self._pump.done():
            self._pump = asyncio.create_task(self._hand_out())
        await future

    def _next(self) -> asyncio.Future[None] | None:
        for queue in (self._urgent, self._later):
            while queue:
                future = queue.popleft()
                if not future.done():  # a waiter that was cancelled gives its place up
                    return future
        return None

    async def _hand_out(self) -> None:
        while self._urgent or self._later:
            await self.window.slot()
            future = self._next()
            if future is None:
                return
            self.window.add()
            self.taken += 1
            future.set_result(None)
