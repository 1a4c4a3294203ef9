"""Where the table's rules work runs: the quick line (one thread, in order) and the
default executor for work that may take long; a bot thinking never holds up a press in
another channel."""

from __future__ import annotations

import asyncio
import contextvars
import threading
import time
from typing import Any

import pytest

from bot.table import Table, threads
from games import bots
from tests.bot.knarr_table import acting

WAIT = 30.0  # a fail-safe against a hang, never a measure of speed


async def test_quick_work_runs_on_one_thread_in_the_order_asked() -> None:
    ran: list[tuple[int, str]] = []

    def job(n: int) -> int:
        ran.append((n, threading.current_thread().name))
        time.sleep(0.001)  # a pool of several threads would start the next job on another
        return n * n

    results = await asyncio.gather(*(threads.quick(job, n) for n in range(12)))
    assert results == [n * n for n in range(12)]
    assert [n for n, _ in ran] == list(range(12))
    assert {name for _, name in ran} == {"skald-rules_0"}


async def test_lengthy_work_never_holds_up_the_quick_line() -> None:
    release = threading.Event()

    def thinking() -> str:  # a bot choosing: done only once the quick line has answered
        assert release.wait(WAIT), "the quick line was held up"
        return threading.current_thread().name

    lengthy = asyncio.ensure_future(threads.lengthy(thinking))
    await asyncio.sleep(0)
    await threads.quick(release.set)
    assert not (await asyncio.wait_for(lengthy, WAIT)).startswith("skald-rules")


async def test_work_that_plays_bot_seats_goes_to_the_lengthy_side() -> None:
    def where() -> str:
        return threading.current_thread().name

    assert (await threads.by_seats({}, where)).startswith("skald-rules")
    assert not (await threads.by_seats({1: bots.DEFAULT_LEVEL}, where)).startswith("skald-rules")


async def test_quick_work_sees_the_callers_context() -> None:
    var: contextvars.ContextVar[str] = contextvars.ContextVar("var", default="unset")
    var.set("the caller's")
    assert await threads.quick(var.get) == "the caller's"


async def test_a_bot_thinking_holds_up_no_press_in_another_channel(
    table: Table, monkeypatch: pytest.MonkeyPatch
) -> None:
    with_bot, people = "601", "602"
    await table.lobby.new_game(with_bot, "11", "alice", "knarr")
    await table.lobby.add_bot(with_bot, "11")
    await table.lobby.start(with_bot, "11", "joined")  # alice first, then the bot
    await table.lobby.new_game(people, "22", "bob", "knarr")
    await table.lobby.join(people, "33", "carol")
    await table.lobby.start(people, "22", "joined")

    thinking, release = threading.Event(), threading.Event()
    choose = bots.choose

    def slow_choose(*args: Any) -> str:
        thinking.set()
        assert release.wait(WAIT), "the bot was never let go"
        return choose(*args)

    monkeypatch.setattr(bots, "choose", slow_choose)

    async def alice_until_the_bot_moves() -> None:
        while not thinking.is_set():
            user, action, version = await acting(table, with_bot)
            await table.moves.act(with_bot, user, action, version)

    alice = asyncio.ensure_future(alice_until_the_bot_moves())
    try:
        for _ in range(int(WAIT * 100)):
            if thinking.is_set() or alice.done():
                break
            await asyncio.sleep(0.01)
        assert thinking.is_set() and not alice.done()

        # while the bot thinks, a press in the other channel is answered
        user, action, version = await acting(table, people)
        reply = await asyncio.wait_for(table.moves.act(people, user, action, version), WAIT)
        assert reply.version == version + 1 and not alice.done()
    finally:
        release.set()  # never leave the bot's thread waiting
    await asyncio.wait_for(alice, WAIT)
    game = await table.context.active(with_bot)
    seats = await table.storage.seats(game.id)
    moves = await table.context.effective_moves(game.id)
    assert seats[1].automatic and any(seat == 1 for _, seat, _ in moves)  # the bot has moved
