"""A drawing process gives back what a picture left free whenever no job waits."""

from __future__ import annotations

import pickle
import threading
import time
from multiprocessing import Pipe
from typing import Any

import pytest

from bot.adapter import drawer, memory


def test_a_drawing_process_trims_when_idle_and_not_while_jobs_wait(monkeypatch: pytest.MonkeyPatch) -> None:
    done: list[int] = []  # jobs drawn so far
    trims: list[int] = []  # how many jobs had been drawn at each trim

    def job(_: Any) -> None:
        done.append(1)

    monkeypatch.setitem(drawer.JOBS, "ping", job)
    monkeypatch.setattr(memory, "trim", lambda: trims.append(len(done)))
    jobs_out, jobs_in = Pipe(duplex=False)  # (the reading end, the writing end)
    answers_out, answers_in = Pipe(duplex=False)
    for _ in range(2):  # two jobs waiting before the process reads the first
        jobs_in.send_bytes(pickle.dumps(("ping", {})))
    server = threading.Thread(target=drawer._serve, args=(jobs_out, answers_in), daemon=True)
    server.start()

    def answer() -> None:
        assert answers_out.poll(10), "no answer"
        assert pickle.loads(answers_out.recv_bytes()) == ("ok", None)

    def trimmed(count: int) -> None:
        deadline = time.monotonic() + 10
        while len(trims) < count and time.monotonic() < deadline:
            time.sleep(0.001)

    answer()
    answer()
    trimmed(1)
    jobs_in.send_bytes(pickle.dumps(("ping", {})))
    answer()
    trimmed(2)
    jobs_in.close()  # the bot is gone: the loop ends
    server.join(10)
    assert not server.is_alive()
    assert trims == [2, 3]  # not after the first job (the second waited), after each of the others
