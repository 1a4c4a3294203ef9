"""Pictures drawn in worker processes, and in threads where processes cannot start."""

from __future__ import annotations

import io
import os
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from PIL import Image

import games
from bot import pictures

KNARR = games.get("knarr")


def board_payload() -> dict[str, Any]:
    state = KNARR.setup(3, 2, None)
    return {"image": "board", "view": KNARR.view(state, None), "names": ["Astrid", "Bjorn"]}


@pytest.fixture
def fresh_pool() -> Iterator[None]:
    pictures.shutdown()
    pictures._threads = False
    pictures._worked = False
    yield
    pictures.shutdown()
    pictures._threads = False
    pictures._worked = False


async def test_a_board_is_drawn_in_another_process_as_a_palette_png(fresh_pool: None) -> None:
    png = await pictures.draw_async(board_payload())
    assert png is not None
    image = Image.open(io.BytesIO(png))
    image.load()
    assert image.mode == "P" and image.width == 1280  # 64 colours from the drawing process
    assert len(image.getcolors(256) or []) <= 64
    pool = pictures.pool()
    assert isinstance(pool, pictures.ProcessPoolExecutor)
    pids = {p for p in pool._processes}  # type: ignore[attr-defined]
    assert pids and os.getpid() not in pids
    assert len(pids) <= pictures.workers()
    mine = os.getpriority(os.PRIO_PROCESS, 0)
    for pid in pids:  # the drawing processes give way to the bot's event loop
        assert os.getpriority(os.PRIO_PROCESS, pid) == min(19, mine + pictures.DRAWING_NICENESS)


async def test_without_processes_pictures_are_drawn_in_threads(
    fresh_pool: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    class NoProcesses(pictures.ProcessPoolExecutor):
        def submit(self, *args: Any, **kwargs: Any) -> Any:
            raise OSError("processes are not allowed here")

    monkeypatch.setattr(pictures, "ProcessPoolExecutor", NoProcesses)
    png = await pictures.draw_async(board_payload())
    assert png is not None and png.startswith(b"\x89PNG")
    assert isinstance(pictures.pool(), pictures.ThreadPoolExecutor)
    assert Image.open(io.BytesIO(png)).mode == "RGB"  # the main process keeps exact colours


async def test_a_payload_without_a_picture_draws_nothing(fresh_pool: None) -> None:
    assert await pictures.draw_async({"text": "Reminder"}) is None
    assert pictures._pool is None  # and starts no process for it


def test_a_drawing_process_ends_when_the_bot_is_killed(tmp_path: Path) -> None:
    """SIGKILL shuts no pool down: the drawing processes must notice and end."""
    script = (
        "import asyncio, os, sys\n"
        "from bot import pictures\n"
        "asyncio.run(pictures.draw_async({'image': 'board', 'view': {'game': 'none'}, 'names': []}))\n"
        "print(*[p for p in pictures.pool()._processes], flush=True)\n"
        "os.kill(os.getpid(), 9)\n"
    )
    root = Path(__file__).resolve().parents[2]
    done = subprocess.run(
        [sys.executable, "-c", script], cwd=root, capture_output=True, text=True, timeout=60
    )
    workers = [int(p) for p in done.stdout.split()]
    assert workers
    deadline = time.monotonic() + 15
    while time.monotonic() < deadline and any(alive(p) for p in workers):
        time.sleep(0.2)
    assert not any(alive(p) for p in workers), "a drawing process outlived the bot"


def alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"
