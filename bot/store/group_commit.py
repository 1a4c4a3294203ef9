"""Group commit: writes that arrive while one transaction runs go together in the next.

SQLite syncs the disk once per transaction (about 5 ms here); delivering 45 messages a
second with a claim and a mark each would keep the writer busy and make players' moves
wait behind it. Grouped, a busy second costs a few syncs, and an idle one costs no delay.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from typing import Generic, TypeVar

T = TypeVar("T")
R = TypeVar("R")


class GroupCommit(Generic[T, R]):
    def __init__(self, write: Callable[[list[T]], Awaitable[list[R]]]) -> None:
        """``write`` takes a list of items and returns one result for each, in order."""
        self.write = write
        self._waiting: list[tuple[T, asyncio.Future[R]]] = []
        self._task: asyncio.Task[None] | None = None
        self.groups = 0

    async def __call__(self, item: T) -> R:
        future: asyncio.Future[R] = asyncio.get_running_loop().create_future()
        self._waiting.append((item, future))
        if self._task is None or self._task.done():
            self._task = asyncio.create_task(self._run())
        return await future

    async def _run(self) -> None:
        while self._waiting:
            group, self._waiting = self._waiting, []
            self.groups += 1
            try:
                results = await self.write([item for item, _ in group])
            except Exception as error:  # every caller of the group hears of it
                for _, future in group:
                    if not future.done():
                        future.set_exception(error)
                continue
            for (_, future), result in zip(group, results, strict=True):
                if not future.done():
                    future.set_result(result)
