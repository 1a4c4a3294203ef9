"""Discord's rate limits, as the loopback fake Discord enforces them.

Two limits answer with a real 429: about 50 requests a second per bot token across the
API (interaction callbacks and their webhooks excepted), and 5 messages per 5 seconds
in one channel. Both are sliding windows, the strict reading of Discord's wording, so a
client that keeps to them here keeps to them there. A 429 carries ``retry_after`` and
``global`` in its body and the ``X-RateLimit-*`` headers discord.py reads; a message
post that passes carries the channel bucket's headers, so discord.py waits by itself
before the sixth. Invalid requests (401, 403, 429) are counted, as Discord counts them
towards its temporary ban (10,000 in 10 minutes).

The clock is injectable: a test of the limits moves a hand-held clock, a test of
delivery runs on real time.
"""

from __future__ import annotations

import re
import time
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

MESSAGE_POST = re.compile(r"^/channels/(\d+)/messages$")
EXEMPT = ("/interactions/", "/webhooks/")  # interaction responses are outside the global limit
INVALID = (401, 403, 429)


@dataclass
class Limited:
    """A refusal: status 429, its JSON body and headers."""

    body: dict[str, Any]
    headers: dict[str, str]


@dataclass
class Window:
    """At most ``limit`` events in any ``period`` seconds."""

    limit: int
    period: float
    times: deque[float] = field(default_factory=deque)

    def wait(self, now: float) -> float:
        """Seconds until one more event fits (0: it fits now)."""
        while self.times and self.times[0] <= now - self.period:
            self.times.popleft()
        if len(self.times) < self.limit:
            return 0.0
        return self.times[0] + self.period - now

    def add(self, now: float) -> None:
        self.times.append(now)

    def remaining(self, now: float) -> int:
        self.wait(now)
        return self.limit - len(self.times)

    def reset_after(self, now: float) -> float:
        return self.times[0] + self.period - now if self.times else self.period


class RateLimits:
    def __init__(
        self,
        *,
        per_second: int = 50,
        channel_messages: int = 5,
        channel_period: float = 5.0,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.clock = clock
        self.global_window = Window(per_second, 1.0)
        self.channel_messages = channel_messages
        self.channel_period = channel_period
        self.channels: dict[str, Window] = {}
        self.limited: list[tuple[float, str, bool]] = []  # (when, path, global) of every 429
        self.invalid: list[tuple[float, int]] = []  # (when, status) of every 401, 403, 429
        self.counted = 0  # requests that counted towards the global limit

    def _channel(self, channel_id: str) -> Window:
        return self.channels.setdefault(channel_id, Window(self.channel_messages, self.channel_period))

    def admit(self, method: str, path: str) -> Limited | None:
        """Count a request; a ``Limited`` if Discord would refuse it now."""
        if path.startswith(EXEMPT):
            return None
        now = self.clock()
        wait = self.global_window.wait(now)
        if wait > 0:
            self.limited.append((now, path, True))
            headers = {
                "Retry-After": str(max(1, round(wait))),
                "X-RateLimit-Global": "true",
                "X-RateLimit-Scope": "global",
            }
            return Limited(
                {"message": "You are being rate limited.", "retry_after": wait, "global": True}, headers
            )
        match = MESSAGE_POST.match(path) if method == "POST" else None
        if match:
            window = self._channel(match.group(1))
            wait = window.wait(now)
            if wait > 0:
                self.limited.append((now, path, False))
                headers = {
                    **self._bucket_headers(window, now),
                    "Retry-After": str(max(1, round(wait))),
                    "X-RateLimit-Scope": "user",
                }
                body = {"message": "You are being rate limited.", "retry_after": wait, "global": False}
                return Limited(body, headers)
            window.add(now)
        self.global_window.add(now)
        self.counted += 1
        return None

    def headers_for(self, method: str, path: str) -> dict[str, str]:
        """The bucket headers of a message post that passed (none for other routes)."""
        match = MESSAGE_POST.match(path) if method == "POST" else None
        if not match:
            return {}
        return self._bucket_headers(self._channel(match.group(1)), self.clock())

    def _bucket_headers(self, window: Window, now: float) -> dict[str, str]:
        reset_after = window.reset_after(now)
        return {
            "X-RateLimit-Limit": str(window.limit),
            "X-RateLimit-Remaining": str(window.remaining(now)),
            "X-RateLimit-Reset-After": f"{reset_after:.3f}",
            "X-RateLimit-Reset": f"{time.time() + reset_after:.3f}",
            "X-RateLimit-Bucket": "channel-messages",
        }

    def note(self, status: int) -> None:
        if status in INVALID:
            self.invalid.append((self.clock(), status))

    def invalid_in(self, seconds: float = 600.0) -> int:
        """Invalid requests in the last ``seconds`` (Discord bans at 10,000 in 10 minutes)."""
        now = self.clock()
        return sum(1 for when, _ in self.invalid if when > now - seconds)
