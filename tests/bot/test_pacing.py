"""Pacing: sliding windows that count a request until its answer, boards first."""

from __future__ import annotations

import asyncio

from bot.adapter.pacing import Pace, Window
from bot.store.group_commit import GroupCommit


class HandClock:
    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


def test_a_window_holds_a_request_from_its_start_until_a_period_after_its_answer() -> None:
    clock = HandClock()
    window = Window(2, 5.0, clock)
    first = window.begin()
    second = window.begin()
    assert window.wait() is None  # both in flight: wait for an answer
    clock.now = 1.0
    first.finish()
    assert window.wait() == 5.0  # counted until 5 s after its answer
    clock.now = 6.0
    assert window.wait() == 0.0
    window.begin()
    second.finish()
    assert window.wait() == 5.0


async def test_boards_go_before_dms_when_the_budget_is_short() -> None:
    clock = HandClock()
    pace = Pace(2, clock)  # two requests a second
    order: list[str] = []

    async def request(name: str, urgent: bool) -> None:
        use = await pace.take(urgent=urgent)
        order.append(name)
        use.finish()

    tasks = [
        asyncio.create_task(request(n, n.startswith("board"))) for n in ("dm1", "dm2", "board1", "board2")
    ]
    for _ in range(20):
        await asyncio.sleep(0)
    # all four wait at once for two places: the boards take them, though they asked last
    assert order == ["board1", "board2"]
    clock.now = 1.01  # a second after their answers: two more places
    await asyncio.wait_for(asyncio.gather(*tasks), 5)
    assert order == ["board1", "board2", "dm1", "dm2"]
    assert pace.taken == 4


async def test_an_urgent_request_overtakes_waiting_ones() -> None:
    clock = HandClock()
    pace = Pace(1, clock)
    order: list[str] = []
    first = await pace.take(urgent=False)
    first.finish()

    async def request(name: str, urgent: bool) -> None:
        (await pace.take(urgent=urgent)).finish()
        order.append(name)

    waiting = [asyncio.create_task(request("dm", False)), asyncio.create_task(request("board", True))]
    for _ in range(20):
        await asyncio.sleep(0)
    assert order == []
    clock.now = 1.01
    await asyncio.wait_for(waiting[1], 5)
    assert order == ["board"]
    clock.now = 2.02
    await asyncio.wait_for(waiting[0], 5)
    assert order == ["board", "dm"]


async def test_writes_that_come_while_one_runs_share_the_next() -> None:
    groups: list[list[int]] = []
    gate = asyncio.Event()

    async def write(items: list[int]) -> list[int]:
        groups.append(items)
        await gate.wait()
        return [i * 10 for i in items]

    commit: GroupCommit[int, int] = GroupCommit(write)
    first = asyncio.create_task(commit(1))
    await asyncio.sleep(0)
    await asyncio.sleep(0)
    later = [asyncio.create_task(commit(i)) for i in (2, 3, 4)]
    await asyncio.sleep(0)
    gate.set()
    assert await first == 10
    assert [await t for t in later] == [20, 30, 40]
    assert groups == [[1], [2, 3, 4]]
