"""Answers owed to deferred interactions: after a restart, the ones a process before this
one left are sent once while their token lasts; expired ones and this process's own work
in progress are left alone (the e2e kill -9 test shows the whole path)."""

from __future__ import annotations

from typing import Any

from bot.adapter.owed import MARGIN, TOKEN_LIFE, Owing
from bot.store.rows import Owed


class Storage:
    def __init__(self) -> None:
        self.rows: list[Owed] = []

    async def owe(self, answer: Owed) -> int:
        answer.id = len(self.rows) + 1
        self.rows.append(answer)
        return answer.id

    async def paid(self, answer_id: int) -> None:
        self.rows = [r for r in self.rows if r.id != answer_id]

    async def owed(self) -> list[Owed]:
        return list(self.rows)


def owed(kind: str, created: float) -> Owed:
    return Owed("1", f"token-{kind}", kind, "5", "7", None, created)


async def test_settle_sends_what_a_crash_left_once_while_the_token_lasts() -> None:
    now = [10_000.0]
    storage = Storage()
    owing = Owing(client=None, storage=storage, clock=lambda: now[0])  # type: ignore[arg-type]
    sent: list[str] = []

    async def send(answer: Owed) -> int:
        sent.append(answer.kind)
        return 1

    owing._send = send  # type: ignore[method-assign]
    await storage.owe(owed("replay", now[0] - 60))  # left by a crash a minute ago
    await storage.owe(owed("board", now[0] - TOKEN_LIFE + MARGIN / 2))  # its token nearly gone
    now[0] += 1
    await storage.owe(owed("hand", now[0]))  # this process is making it now
    assert await owing.settle() == 1
    assert sent == ["replay"]
    assert [r.kind for r in storage.rows] == ["hand"]
    assert await owing.settle() == 0  # once per start


async def test_a_failed_owed_answer_is_dropped_not_retried_forever() -> None:
    import discord

    storage = Storage()
    owing = Owing(client=None, storage=storage, clock=lambda: 10_000.0)  # type: ignore[arg-type]

    async def send(answer: Owed) -> Any:
        raise discord.HTTPException(type("R", (), {"status": 401, "reason": "x"})(), {"code": 50027})

    owing._send = send  # type: ignore[method-assign]
    await storage.owe(owed("replay", 9_000.0))
    owing.started = 9_500.0
    assert await owing.settle() == 0
    assert storage.rows == []
