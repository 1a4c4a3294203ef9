"""Keeping to Discord's rate limits instead of colliding with them.

Discord allows a bot token about 50 requests a second across the API and 5 messages per
5 seconds in one channel; a request over either is refused with a 429, and 10,000
refusals in 10 minutes ban the bot for a while. Delivery therefore waits its turn here
before each request: a sliding window per channel, and one for the whole process whose
size is a parameter, so that several processes can split the token's budget.
"""

from __future__ import annotations

import asyncio
from collections import deque
from collections.abc import Callable

CHANNEL_MESSAGES = 5
CHANNEL_PERIOD = 5.1  # Discord's 5 s, and a little for rounding
TOKEN_PER_SECOND = 50.0


def loop_time() -> float:
    """The event loop's clock: the one its sleeps run on (a simulated loop's, in tests)."""
    return asyncio.get_running_loop().time()


class Use:
    """One request's place in a window: it counts from its start until a period after it
    ended (until then Discord may still be counting it)."""

    def __init__(self, window: Window) -> None:
        self.window = window
        self.ended: float | None = None

    def finish(self) -> None:
        if self.ended is None:
            self.ended = self.window.clock()
            self.window.changed.set()


class Window:
    """At most ``limit`` requests in any ``period`` seconds, as the server counts them.

    The server counts a request when it arrives, somewhere between the moment it was
    sent and the moment its answer came back; so a request holds its place from its start
    until ``period`` after its answer. A loop that is slow for a moment, or a slow
    network, then bunches requests up without ever putting more than ``limit`` into one
    period at the server.
    """

    def __init__(self, limit: int, period: float, clock: Callable[[], float] = loop_time) -> None:
        self.limit = max(1, limit)
        self.period = period
        self.clock = clock
        self.uses: deque[Use] = deque()
        self.changed = asyncio.Event()

    def wait(self) -> float | None:
        """Seconds until one more request fits: 0 now, ``None`` once a request ends."""
        now = self.clock()
        self.uses = deque(u for u in self.uses if u.ended is None or u.ended > now - self.period)
        if len(self.uses) < self.limit:
            return 0.0
        ended = [u.ended for u in self.uses if u.ended is not None]
        return min(ended) + self.period - now if ended else None

    def begin(self) -> Use:
        use = Use(self)
        self.uses.append(use)
        return use

    async def slot(self) -> None:
        """Wait until one more request fits (the caller then ``begin``s it)."""
        while (wait := self.wait()) != 0:
            self.changed.clear()
            if wait is None:
                await self.changed.wait()
            else:
                await asyncio.sleep(wait)


class Pace:
    """The process's share of the token's requests per second, urgent requests first.

    Boards are urgent: a player waits for them. DMs, reminders and notices wait behind
    every board that is ready to go.
    """

    def __init__(self, per_second: float, clock: Callable[[], float] = loop_time) -> None:
        # a window of one second holds whole requests; a small share gets a longer window
        period = 1.0 if per_second >= 1 else 1.0 / per_second
        self.window = Window(int(per_second * period), period, clock)
        self.per_second = per_second
        self._urgent: deque[asyncio.Future[Use]] = deque()
        self._later: deque[asyncio.Future[Use]] = deque()
        self._pump: asyncio.Task[None] | None = None
        self.taken = 0

    async def take(self, *, urgent: bool) -> Use:
        """Wait until this process may make one more request; ``finish()`` the answer
        when the request is done (or failed)."""
        future: asyncio.Future[Use] = asyncio.get_running_loop().create_future()
        (self._urgent if urgent else self._later).append(future)
        if self._pump is None or self._pump.done():
            self._pump = asyncio.create_task(self._hand_out())
        return await future

    def _next(self) -> asyncio.Future[Use] | None:
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
            self.taken += 1
            future.set_result(self.window.begin())
